//===- HostProgram.h - host loops and kernel launches -----------*- C++ -*-===//
//
// Part of the mapping stage's plan (Mapping/ProgramPlan.h). A HostProgram is the host side of a function:
// the sequential loops that run on the host (each iteration launching the
// kernels of its body, with the host loop variables as kernel arguments)
// and, at their leaves, the nests that become kernels. It is data only (no
// Clang types, no text); lib/CodeGen prints it into the manifest's
// "host_program" and the --print-mapping report, and the runtime runs it.
//
// Which loops run on the host: a top-level loop whose own verdict is
// parallel is a kernel (its sequential inner loops stay inside the kernel,
// `for i parallel { for k sequential }`). A sequential loop whose body
// holds loops each of which is, for a fixed value of the sequential loop's
// variable, a kernel or again such a host loop, becomes a host loop
// (`for t { for i, j; for i, j }`, LU's `for k { for i parallel ... }`);
// the statements directly in its body (Gram-Schmidt's `nrm = 0;` and `R[k][k]
// = sqrt(nrm);` around its nests) run, each run of them, as a kernel of one
// work-item per host iteration, in program order. A scalar those kernels
// share is a one-element device temporary; where its value flows from one
// host iteration to the next (Durbin's alpha), every kernel of that host
// loop keeps it there, and only kernels of one work-item and reductions
// into it may write it.
// Anything else stays one nest (and is refused by the kernel planner when it
// has no parallel loop, unless --single-work-item).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_MAPPING_HOSTPROGRAM_H
#define LOOPTILE_MAPPING_HOSTPROGRAM_H

#include "looptile/Mapping/MappingOptions.h"
#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"
#include "looptile/Support/NameTable.h"

#include <set>
#include <string>
#include <vector>

namespace looptile {

/// A sequential loop run by the host.
struct HostLoop {
  std::string Var;
  std::vector<IndexExpr> Lower, Upper; ///< as Loop: max(Lower) .. min(Upper)
  int64_t Step = 1;
  IntType VarType;
  SourceLoc Loc;
  /// The analysis' verdict: why the loop is sequential.
  std::string Reason;
};

/// One step of the host program: a host loop with its body, or the launch
/// of the kernel of nest Kernel (an index into HostProgram::Kernels.Body).
struct HostNode {
  enum Kind { Loop, Launch };
  Kind K = Launch;
  HostLoop L;
  std::vector<HostNode> Body;
  unsigned Kernel = 0;
};

struct HostProgram {
  std::vector<HostNode> Body;
  /// The function as the kernels see it: Body holds the kernels' nests in
  /// launch order; every host loop variable is a size parameter (one value
  /// per launch), appended to the parameters once per name.
  Function Kernels;
  /// For each kernel, the host loop variables around its launch, outermost
  /// first.
  std::vector<std::vector<std::string>> Enclosing;
  /// The same host loops, with their bounds.
  std::vector<std::vector<HostLoop>> EnclosingLoops;
  /// For each kernel, the scalars it must keep in their one-element device
  /// temporaries whatever the flow in launch order says: those whose value
  /// a host loop around it carries from one iteration to the next.
  std::vector<std::set<std::string>> SharedScalars;
  /// For each kernel, whether its reductions keep the C's order
  /// (MappingOptions::InOrderReductions): it is launched from a host loop.
  std::vector<bool> InOrder;

  bool hasHostLoops() const {
    for (const HostNode &N : Body)
      if (N.K == HostNode::Loop)
        return true;
    return false;
  }
};

/// Body with each run of statements in it (not in a loop) inside a new loop
/// of one iteration (a variable from Names, from 0 to 0): a kernel of one
/// work-item. The statements' declarations become assignments (the
/// variables are declared where the kernels need them).
std::vector<Node> inOnceLoops(std::vector<Node> Body, NameTable &Names);


/// True when a statement of N accesses the variable Name (reads it, writes
/// it, or either).
bool mentionsVariable(const Node &N, const std::string &Name,
                      const std::vector<std::string> &NotMemory);
bool readsVariable(const Node &N, const std::string &Name,
                   const std::vector<std::string> &NotMemory);
bool writesVariable(const Node &N, const std::string &Name,
                    const std::vector<std::string> &NotMemory);

/// The function with the host program's loops around the kernels' nests
/// (each host loop a loop with its bounds, each launch its nest, in
/// order): the control flow the kernels run in. HP.Kernels lists the nests
/// once each, in launch order, which does not say that a kernel inside a
/// host loop may run no time or many times; liveness across kernels is
/// judged on this view. Loops[K] is kernel K's nest in Out.
void structuredView(const HostProgram &HP, Function &Out,
                    std::vector<const Loop *> &Loops);
/// Appends the kernels that N launches, in launch order.
void launchedKernels(const HostNode &N, std::vector<unsigned> &Out);

/// Splits F into its host program: HP.Body holds one node per nest of
/// F.Body, in order. F is the function as the kernels compute it
/// (kernelView in OpenCL.cpp): every node of its body is a loop, statements
/// outside loops already held in loops of one iteration. Returns false with
/// an error in Diags for what the host program cannot hold soundly (a
/// variable whose value would have to flow from one host iteration to the
/// next, a local array of a host loop). Names makes the variables of the
/// loops of one iteration around statements in host loop bodies. With
/// Refusals (the kernel preview), a nest that has no
/// kernel even with its sequential loops on the host does not fail the
/// plan: it stays one launch, and Refusals gets the error at its index.
bool planHostProgram(const Function &F, const MappingOptions &Opts,
                     NameTable &Names, HostProgram &HP,
                     std::vector<Diagnostic> &Diags,
                     std::vector<std::string> *Refusals = nullptr);

} // namespace looptile

#endif // LOOPTILE_MAPPING_HOSTPROGRAM_H
