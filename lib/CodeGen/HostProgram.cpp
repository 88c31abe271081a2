//===- HostProgram.cpp - a function as host loops and kernel launches -----===//
//
// Legality. The host runs a host loop's iterations in order and the runtime
// launches every kernel on one in-order queue, so each launch completes
// before the next starts: keeping a sequential loop on the host never
// reorders anything. What must be proved is that each kernel's band is
// parallel for a fixed value of the host loop variables. Lecture 04, "Th.
// Parallelism": a loop is parallel iff each entry of its direction column
// is '=' or some outer loop's entry is '<'. A host loop is such an outer
// loop for every dependence it carries; with its variable fixed (a symbolic
// parameter of the nest below, as the sizes are), those dependences
// disappear and the analysis of the inner nest keeps only the ones that
// hold within one host iteration (for some value of the parameter: the
// parameter is unconstrained, a superset of the real ones). So the kernel
// planner's verdicts on the nest with the host variables as parameters are
// exactly the theorem applied with the outer variables fixed.
//
//===----------------------------------------------------------------------===//
#include "HostProgram.h"

#include "KernelPlan.h"
#include "looptile/Analysis/Dependence.h"

#include <algorithm>
#include <set>

using namespace looptile;

namespace {

// Appends each host loop variable of Vars to F's parameters as a size
// parameter (once per name: sibling host loops may reuse a name, always
// with its type).
void addHostVars(Function &F, const std::vector<HostLoop> &Vars) {
  for (const HostLoop &H : Vars) {
    bool Known =
        std::any_of(F.Params.begin(), F.Params.end(),
                    [&](const Variable &V) { return V.Name == H.Var; });
    if (Known)
      continue;
    Variable P;
    P.Name = H.Var;
    P.VarKind = Variable::SizeParam;
    P.Type = ElemType::Int;
    P.Int = H.VarType;
    P.Loc = H.Loc;
    F.Params.push_back(P);
  }
}

// F with the host loop variables Vars as size parameters and Body as its
// only nest.
Function withContext(const Function &F, const std::vector<HostLoop> &Vars,
                     const Loop &Body) {
  Function C = F;
  addHostVars(C, Vars);
  C.Body.clear();
  C.Body.push_back(Node{Body});
  return C;
}

struct Planner {
  const Function &F;
  HostProgram &HP;
  std::vector<HostLoop> Stack;
  /// Where place() failed inside a sequential loop: the loop without
  /// parallelism for fixed host variables, its verdict, and the host loops
  /// that were around it.
  const Loop *Blocker = nullptr;
  LoopVerdict BlockerVerdict;
  std::vector<std::string> BlockerHosts;

  // The verdict of L's own loop with the enclosing host variables fixed.
  LoopVerdict verdict(const Loop &L) {
    std::vector<Diagnostic> Ignored;
    NestDependences ND = analyzeNest(withContext(F, Stack, L), 0, Ignored);
    return ND.Verdicts.front();
  }

  // True when L can be a kernel or a host loop over kernels; fills Out.
  bool place(const Loop &L, HostNode &Out) {
    LoopVerdict V = verdict(L);
    // A nest that only reduces into one value is one kernel (a work-group
    // tree reduction, KernelPlan.h), not loops on the host.
    if (V.Parallel || (V.Reduction && Stack.empty() &&
                       isWholeNestReduction(withContext(F, Stack, L), L, V))) {
      Out.K = HostNode::Launch;
      return true;
    }
    if (L.Body.empty() ||
        std::any_of(L.Body.begin(), L.Body.end(),
                    [](const Node &N) { return !N.isLoop(); })) {
      if (!Stack.empty() && !Blocker) {
        Blocker = &L;
        BlockerVerdict = V;
        for (const HostLoop &H : Stack)
          BlockerHosts.push_back(H.Var);
      }
      return false;
    }
    Out.K = HostNode::Loop;
    Out.L.Var = L.Var;
    Out.L.Lower = L.Lower;
    Out.L.Upper = L.Upper;
    Out.L.Step = L.Step;
    Out.L.VarType = L.VarType;
    Out.L.Loc = L.Loc;
    Out.L.Reason = V.Reason;
    Stack.push_back(Out.L);
    for (const Node &N : L.Body) {
      HostNode Child;
      if (!place(N.loop(), Child)) {
        Stack.pop_back();
        return false;
      }
      Out.Body.push_back(std::move(Child));
    }
    Stack.pop_back();
    return true;
  }

  // Numbers the launches of N (whose nest is L) in order, appending their
  // nests to HP.Kernels.
  void emit(HostNode &N, const Loop &L) {
    if (N.K == HostNode::Launch) {
      N.Kernel = unsigned(HP.Kernels.Body.size());
      HP.Kernels.Body.push_back(Node{L});
      std::vector<std::string> Vars;
      for (const HostLoop &H : Stack)
        Vars.push_back(H.Var);
      HP.Enclosing.push_back(Vars);
      HP.EnclosingLoops.push_back(Stack);
      return;
    }
    Stack.push_back(N.L);
    for (size_t I = 0; I < N.Body.size(); ++I)
      emit(N.Body[I], L.Body[I].loop());
    Stack.pop_back();
  }
};

void collectHostVars(const std::vector<HostNode> &Body,
                     std::vector<HostLoop> &Out) {
  for (const HostNode &N : Body)
    if (N.K == HostNode::Loop) {
      Out.push_back(N.L);
      collectHostVars(N.Body, Out);
    }
}

// True when a statement of Body writes the variable Name.
bool writes(const std::vector<Node> &Body, const std::string &Name,
            const std::vector<std::string> &NotMemory) {
  for (const Node &N : Body) {
    if (N.isLoop()) {
      if (writes(N.loop().Body, Name, NotMemory))
        return true;
      continue;
    }
    for (const Access &A : N.stmt().accesses(NotMemory))
      if (A.Name == Name && A.IsWrite)
        return true;
  }
  return false;
}

} // namespace

bool looptile::planHostProgram(const Function &F, const OpenCLOptions &Opts,
                               HostProgram &HP, std::vector<Diagnostic> &Diags,
                               std::vector<std::string> *Refusals) {
  HP = HostProgram();
  if (Refusals)
    Refusals->assign(F.Body.size(), std::string());
  HP.Kernels = F;
  HP.Kernels.Body.clear();
  Planner P{F, HP, {}};
  for (size_t NI = 0; NI < F.Body.size(); ++NI) {
    const Node &N = F.Body[NI];
    HostNode H;
    // --single-work-item runs every nest whole in one work-item.
    P.Blocker = nullptr;
    P.BlockerHosts.clear();
    if (!Opts.SingleWorkItem && !P.place(N.loop(), H)) {
      if (P.Blocker) {
        // No kernel for the outermost loop, and none either for an inner
        // loop with the sequential loops around it on the host: the outer
        // loop's dependence as the error (as for any nest without a
        // parallel loop), the inner one's as a note.
        LoopVerdict Outer = P.verdict(N.loop()); // place() left Stack empty
        std::string Error = "cannot map loop '" + N.loop().Var +
                            "' to OpenCL work-items: " + Outer.Reason;
        if (Refusals) {
          (*Refusals)[NI] = Error;
          P.emit(H = HostNode(), N.loop());
          HP.Body.push_back(std::move(H));
          continue;
        }
        std::string Hosts;
        for (const std::string &V : P.BlockerHosts)
          Hosts += std::string(Hosts.empty() ? "" : ", ") + "'" + V + "'";
        Diags.push_back({Diagnostic::Error, N.loop().Loc, Error});
        std::string WhyNot;
        if (Outer.Reduction &&
            !isWholeNestReduction(withContext(F, {}, N.loop()), N.loop(), Outer,
                                  &WhyNot) &&
            !WhyNot.empty())
          Diags.push_back({Diagnostic::Note, N.loop().Loc,
                           "no work-group tree reduction either: " + WhyNot});
        Diags.push_back(
            {Diagnostic::Note, P.Blocker->Loc,
             "with loop" + std::string(P.BlockerHosts.size() > 1 ? "s " : " ") +
                 Hosts + " on the host, loop '" + P.Blocker->Var +
                 "' still cannot run as work-items: " +
                 P.BlockerVerdict.Reason});
        Diags.push_back({Diagnostic::Note, N.loop().Loc,
                         "looptile maps the outermost parallel loops to the "
                         "NDRange, launched from host loops where the loops "
                         "around them are sequential; pass --single-work-item "
                         "to run this nest in one work-item"});
        return false;
      }
      H = HostNode();
    }
    P.emit(H, N.loop());
    HP.Body.push_back(std::move(H));
  }
  std::vector<HostLoop> Vars;
  collectHostVars(HP.Body, Vars);
  if (Vars.empty())
    return true;
  // Values that would live across the launches of a host loop outside
  // device memory are not supported: a variable declared in a host loop's
  // body, and a function-scope scalar written inside a host loop. The
  // kernels keep a function-scope scalar in a register or in a one-element
  // temporary as the flow of its value between the nests, in launch order,
  // requires (OpenCL.cpp); that order does not repeat a host loop's
  // launches, so a value written in one host iteration and read in the next
  // would be missed. A scalar only read inside host loops has one value
  // there, the one from before: every kernel that reads it takes it as a
  // temporary (nothing in its nest writes it before the read).
  std::set<std::string> HostVars;
  for (const HostLoop &H : Vars)
    HostVars.insert(H.Var);
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  for (const Variable &V : F.Locals) {
    if (HostVars.count(V.DeclaredIn)) {
      Diags.push_back(
          {Diagnostic::Error, V.Loc,
           "'" + V.Name + "' is declared in loop '" + V.DeclaredIn +
               "', which runs on the host; variables of host loops are not "
               "supported yet: declare it at function scope"});
      return false;
    }
    if (V.VarKind != Variable::LocalScalar || !V.DeclaredIn.empty())
      continue;
    for (size_t I = 0; I < HP.Kernels.Body.size(); ++I)
      if (!HP.Enclosing[I].empty() &&
          writes({HP.Kernels.Body[I]}, V.Name, NotMemory)) {
        Diags.push_back({Diagnostic::Error, V.Loc,
                         "function-scope scalar '" + V.Name +
                             "' is written inside host loop '" +
                             HP.Enclosing[I].front() +
                             "'; scalars carried across host iterations are "
                             "not supported yet: use a one-element array"});
        return false;
      }
  }
  addHostVars(HP.Kernels, Vars);
  return true;
}
