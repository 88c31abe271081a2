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
// hold within one host iteration (for some value of the parameter in the
// host loop's range, which the nest's root carries as Loop::Assume: the
// kernel is only launched there). So the kernel
// planner's verdicts on the nest with the host variables as parameters are
// exactly the theorem applied with the outer variables fixed.
//
//===----------------------------------------------------------------------===//
#include "looptile/Mapping/HostProgram.h"

#include "looptile/Mapping/KernelPlan.h"
#include "looptile/Analysis/Dependence.h"

#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/Support/Statistic.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

using namespace looptile;

LOOPTILE_STATISTIC(HostPrograms, "mapping", "host programs planned");

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

// The ranges of the host loops Vars (outermost first) as facts about
// their variables, for the root of a nest launched inside them
// (Loop::Assume): each variable lies between the maximum of its lower
// bounds and the minimum of its upper bounds whenever the nest runs, so
// the analysis of the nest need not consider other values of the
// parameter (lu's `for (k = 0; k < j; k++)` inside `for j < i` then never
// reaches row i). A name that two of the loops share (shadowing) says
// nothing: the kernel sees only the innermost one's value.
std::vector<AffineConstraint> hostRanges(const std::vector<HostLoop> &Vars) {
  std::vector<AffineConstraint> Out;
  for (const HostLoop &H : Vars) {
    if (std::count_if(Vars.begin(), Vars.end(),
                      [&](const HostLoop &O) { return O.Var == H.Var; }) != 1)
      continue;
    IndexExpr V = IndexExpr::symbol(H.Var);
    for (const IndexExpr &Lo : H.Lower)
      Out.push_back({V - Lo, false});
    for (const IndexExpr &Hi : H.Upper)
      Out.push_back({Hi - V, false});
  }
  return Out;
}

// F with the host loop variables Vars as size parameters and Body, which
// runs inside them, as its only nest.
Function withContext(const Function &F, const std::vector<HostLoop> &Vars,
                     const Loop &Body) {
  // The declarations that Body names: copying F's other nests to clear
  // them would make every query cost the whole function, and the locals
  // of other nests would make the memo's key change with them.
  Function C = F.declarationsFor(Body);
  addHostVars(C, Vars);
  C.Body.push_back(Node{Body});
  std::vector<AffineConstraint> &A = C.Body.back().loop().Assume;
  for (const AffineConstraint &R : hostRanges(Vars))
    A.push_back(R);
  return C;
}

struct Planner {
  const Function &F;
  HostProgram &HP;
  NameTable &Names;
  std::vector<HostLoop> Stack;
  /// Where place() failed inside a sequential loop: the loop without
  /// parallelism for fixed host variables, its verdict, and the host loops
  /// that were around it.
  /// (A copy: the loops place() visits may be copies that do not outlive
  /// it.)
  std::optional<Loop> Blocker;
  LoopVerdict BlockerVerdict;
  std::vector<std::string> BlockerHosts;
  /// The locals declared directly in the body of a loop that runs on the
  /// host (named by the loop's statements and declared in that loop's
  /// variable; another nest's loop of the same name is not that loop).
  std::set<std::string> HostDeclared;

  // The verdict of L's own loop with the enclosing host variables fixed.
  // The mapping stage previews every candidate schedule of every nest, and
  // each preview plans the host program again: the analysis is asked of
  // the one nest with its declarations, which the dependence cache
  // (Analysis/DependenceCache.h) answers once per content.
  LoopVerdict verdict(const Loop &L) {
    Function C = withContext(F, Stack, L);
    std::vector<Diagnostic> Ignored;
    return analyzeNest(C, 0, Ignored).Verdicts.front();
  }

  // True when L can be a kernel or a host loop over kernels; fills Out, and
  // Placed with L as the kernels see it (a host loop's statements in loops
  // of one iteration, inOnceLoops).
  bool place(const Loop &L, HostNode &Out, Loop &Placed) {
    LoopVerdict V = verdict(L);
    Placed = L;
    // A nest that only reduces into one value is one kernel (a work-group
    // tree reduction, KernelPlan.h), not loops on the host.
    if (V.Parallel || (V.Reduction &&
                       isWholeNestReduction(withContext(F, Stack, L), L, V))) {
      Out.K = HostNode::Launch;
      return true;
    }
    // A body without a loop (`for k { x[k] = x[k-1] + 1; }`) is sequential
    // work with nothing to launch per iteration.
    if (std::none_of(L.Body.begin(), L.Body.end(),
                     [](const Node &N) { return N.isLoop(); })) {
      if (!Stack.empty() && !Blocker) {
        Blocker = L;
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
    for (const Variable &Local : F.declarationsFor(L).Locals)
      if (Local.DeclaredIn == L.Var)
        HostDeclared.insert(Local.Name);
    // The host runs the iterations in order and, in each, the kernels of
    // the body in program order: the statements keep their place between
    // the nests. Lecture 04, "Th. Parallelism", still has to hold for each
    // kernel with the host variables fixed; a loop of one iteration
    // satisfies it trivially.
    Placed.Body = inOnceLoops(L.Body, Names);
    Stack.push_back(Out.L);
    for (Node &N : Placed.Body) {
      HostNode Child;
      Loop ChildPlaced;
      if (!place(N.loop(), Child, ChildPlaced)) {
        Stack.pop_back();
        return false;
      }
      N.loop() = std::move(ChildPlaced);
      Out.Body.push_back(std::move(Child));
    }
    Stack.pop_back();
    return true;
  }

  // Numbers the launches of N (whose nest is L, as place() left it) in
  // order, appending their nests to HP.Kernels.
  void emit(HostNode &N, const Loop &L) {
    if (N.K == HostNode::Launch) {
      N.Kernel = unsigned(HP.Kernels.Body.size());
      HP.Kernels.Body.push_back(Node{L});
      std::vector<AffineConstraint> &A = HP.Kernels.Body.back().loop().Assume;
      for (const AffineConstraint &R : hostRanges(Stack))
        A.push_back(R);
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

} // namespace

std::vector<Node> looptile::inOnceLoops(std::vector<Node> Body,
                                        NameTable &Names) {
  std::vector<Node> Out;
  bool InOnce = false;
  for (Node &N : Body) {
    if (N.isLoop()) {
      Out.push_back(std::move(N));
      InOnce = false;
      continue;
    }
    if (!InOnce) {
      Loop Once;
      Once.Var = Names.fresh("once");
      Once.Lower = {IndexExpr::constant(0)};
      Once.Upper = {IndexExpr::constant(0)};
      Once.Loc = N.stmt().Loc;
      Out.push_back(Node{std::move(Once)});
      InOnce = true;
    }
    N.stmt().DeclType.reset();
    Out.back().loop().Body.push_back(std::move(N));
  }
  return Out;
}


// True when a statement of N accesses the variable Name.
bool looptile::mentionsVariable(const Node &N, const std::string &Name,
                      const std::vector<std::string> &NotMemory) {
  if (N.isLoop())
    return std::any_of(
        N.loop().Body.begin(), N.loop().Body.end(),
        [&](const Node &C) { return mentionsVariable(C, Name, NotMemory); });
  for (const Access &A : N.stmt().accesses(NotMemory))
    if (A.Name == Name)
      return true;
  return false;
}

// True when a statement of N reads (Write false) or writes (Write true) the
// variable Name.
static bool accessesVariable(const Node &N, const std::string &Name,
                      const std::vector<std::string> &NotMemory, bool Write) {
  if (N.isLoop())
    return std::any_of(N.loop().Body.begin(), N.loop().Body.end(),
                       [&](const Node &C) {
                         return accessesVariable(C, Name, NotMemory, Write);
                       });
  for (const Access &A : N.stmt().accesses(NotMemory))
    if (A.Name == Name && A.IsWrite == Write)
      return true;
  return false;
}

bool looptile::readsVariable(const Node &N, const std::string &Name,
                   const std::vector<std::string> &NotMemory) {
  return accessesVariable(N, Name, NotMemory, false);
}

bool looptile::writesVariable(const Node &N, const std::string &Name,
                    const std::vector<std::string> &NotMemory) {
  return accessesVariable(N, Name, NotMemory, true);
}

static Node structuredNode(const HostProgram &HP, const HostNode &N) {
  if (N.K == HostNode::Launch)
    return HP.Kernels.Body[N.Kernel];
  Loop L;
  L.Var = N.L.Var;
  L.Lower = N.L.Lower;
  L.Upper = N.L.Upper;
  L.Step = N.L.Step;
  L.VarType = N.L.VarType;
  L.Loc = N.L.Loc;
  for (const HostNode &C : N.Body)
    L.Body.push_back(structuredNode(HP, C));
  return Node{std::move(L)};
}

void looptile::structuredView(const HostProgram &HP, Function &Out,
                              std::vector<const Loop *> &Loops) {
  Out = HP.Kernels;
  Out.Body.clear();
  for (const HostNode &N : HP.Body)
    Out.Body.push_back(structuredNode(HP, N));
  Loops.assign(HP.Kernels.Body.size(), nullptr);
  std::function<void(const std::vector<HostNode> &, const std::vector<Node> &)>
      Walk = [&](const std::vector<HostNode> &H, const std::vector<Node> &B) {
        for (size_t I = 0; I < H.size(); ++I) {
          if (H[I].K == HostNode::Launch)
            Loops[H[I].Kernel] = &B[I].loop();
          else
            Walk(H[I].Body, B[I].loop().Body);
        }
      };
  Walk(HP.Body, Out.Body);
}

// Appends the kernels that N launches, in launch order.
void looptile::launchedKernels(const HostNode &N, std::vector<unsigned> &Out) {
  if (N.K == HostNode::Launch) {
    Out.push_back(N.Kernel);
    return;
  }
  for (const HostNode &C : N.Body)
    launchedKernels(C, Out);
}

bool looptile::planHostProgram(const Function &F, const MappingOptions &Opts,
                               NameTable &Names, HostProgram &HP,
                               std::vector<Diagnostic> &Diags,
                               std::vector<std::string> *Refusals) {
  ++HostPrograms;
  HP = HostProgram();
  if (Refusals)
    Refusals->assign(F.Body.size(), std::string());
  HP.Kernels = F;
  HP.Kernels.Body.clear();
  Planner P{F, HP, Names, {}};
  for (size_t NI = 0; NI < F.Body.size(); ++NI) {
    const Node &N = F.Body[NI];
    HostNode H;
    // --single-work-item runs every nest whole in one work-item.
    P.Blocker.reset();
    P.BlockerHosts.clear();
    Loop Placed;
    std::set<std::string> Declared = P.HostDeclared;
    if (!Opts.SingleWorkItem && !P.place(N.loop(), H, Placed)) {
      P.HostDeclared = std::move(Declared); // its host loops are not used
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
      Placed = N.loop();
    }
    if (Opts.SingleWorkItem)
      Placed = N.loop();
    P.emit(H, Placed);
    HP.Body.push_back(std::move(H));
  }
  HP.SharedScalars.assign(HP.Kernels.Body.size(), {});
  HP.InOrder.assign(HP.Kernels.Body.size(), false);
  // The scalars some host loop carries from one iteration to the next.
  std::set<std::string> Carried;
  std::vector<HostLoop> Vars;
  collectHostVars(HP.Body, Vars);
  if (Vars.empty())
    return true;
  // Values of host loop iterations. The kernels keep a scalar in a
  // register or in a one-element device temporary as the flow of its value
  // between the nests requires, judged in launch order (kernelFunctions in
  // OpenCL.cpp); that order does not repeat a host loop's launches. So for
  // a scalar that a kernel inside host loop H writes, the check below
  // finds whether it carries a value from one iteration of H into the
  // next: whether, in H's launches, in order, some kernel reads it before
  // writing it in its own iterations, with no kernel of one iteration
  // directly in H's body before it that assigns it unconditionally
  // (Gram-Schmidt's `nrm = 0;`). Such a scalar is kept in its device
  // temporary by every kernel of H (HP.SharedScalars). A scalar only read
  // inside H has one value there, the one from before.
  // A scalar declared in H's body is such a scalar of the function (its C
  // value does not survive the iteration either); a local array of a host
  // loop is not supported.
  std::set<std::string> HostVars;
  for (const HostLoop &H : Vars)
    HostVars.insert(H.Var);
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  for (Variable &V : HP.Kernels.Locals) {
    if (!HostVars.count(V.DeclaredIn) || !P.HostDeclared.count(V.Name))
      continue;
    if (V.VarKind != Variable::LocalScalar) {
      Diags.push_back(
          {Diagnostic::Error, V.Loc,
           "local array '" + V.Name + "' is declared in loop '" +
               V.DeclaredIn +
               "', which runs on the host; arrays of host loops are not "
               "supported yet: declare it at function scope"});
      return false;
    }
    V.DeclaredIn.clear();
  }
  // Whether kernel K assigns Name unconditionally in its one iteration
  // before anything in it reads Name.
  auto Kills = [&](const Loop &K, const std::string &Name) {
    if (!K.runsOnce() || !isWrittenBeforeRead(HP.Kernels, K, Name))
      return false;
    for (const Node &N : K.Body)
      if (!N.isLoop() && N.stmt().LHS.K == Expr::ScalarRef &&
          N.stmt().LHS.Name == Name && N.stmt().Op == AssignOp::Assign &&
          N.stmt().When.empty())
        return true;
    return false;
  };
  std::function<bool(const HostNode &)> Check = [&](const HostNode &H) {
    if (H.K != HostNode::Loop)
      return true;
    std::vector<unsigned> Launched;
    launchedKernels(H, Launched);
    for (const Variable &V : HP.Kernels.Locals) {
      if (V.VarKind != Variable::LocalScalar || !V.DeclaredIn.empty())
        continue;
      bool Written = std::any_of(
          Launched.begin(), Launched.end(), [&](unsigned K) {
            return writesVariable(HP.Kernels.Body[K], V.Name, NotMemory);
          });
      if (!Written)
        continue;
      // The first kernel, in launch order, that reads the scalar before
      // anything in the same iteration certainly wrote it: a kernel of one
      // work-item directly in a host loop's body that assigns it covers the
      // rest of that body, nested host loops included, but not what
      // follows the loop it is in (which may run no iteration).
      std::function<const Loop *(const std::vector<HostNode> &, bool)>
          Exposed = [&](const std::vector<HostNode> &Body,
                        bool Killed) -> const Loop * {
        for (const HostNode &C : Body) {
          if (C.K == HostNode::Loop) {
            if (const Loop *R = Exposed(C.Body, Killed))
              return R;
            continue;
          }
          const Loop &L = HP.Kernels.Body[C.Kernel].loop();
          if (!Killed &&
              readsVariable(HP.Kernels.Body[C.Kernel], V.Name, NotMemory) &&
              !isWrittenBeforeRead(HP.Kernels, L, V.Name))
            return &L;
          Killed |= Kills(L, V.Name);
        }
        return nullptr;
      };
      const Loop *CarriedRead = Exposed(H.Body, false);
      if (!CarriedRead)
        continue;
      // The value flows from one iteration of H into the next (Durbin's
      // alpha and beta). The launch order of the kernels' view does not
      // repeat H's launches, so the flow within the kernels' function
      // (kernelFunctions) would miss it: every kernel H launches that
      // mentions the scalar keeps it in its one-element device temporary,
      // which holds the value across launches and host iterations as the
      // C variable does. That is sound where each kernel writing it writes
      // the one value C leaves: a kernel of one work-item, or a
      // whole-nest reduction into it (one result, combined with the value
      // it had). A kernel of many work-items writing a private copy would
      // leave whichever work-item's copy came last.
      for (unsigned K : Launched) {
        const Loop &L = HP.Kernels.Body[K].loop();
        if (!writesVariable(HP.Kernels.Body[K], V.Name, NotMemory) ||
            L.runsOnce() || findReduction(L, V.Name))
          continue;
        Diags.push_back(
            {Diagnostic::Error, L.Loc,
             "scalar '" + V.Name + "' carries its value from one iteration "
             "of host loop '" + H.L.Var + "' to the next (it is read at line " +
                 std::to_string(CarriedRead->Loc.Line) +
                 " before the iteration assigns it), and this kernel writes "
                 "it from many work-items, each with its own copy; only a "
                 "statement outside the inner loops or a reduction into it "
                 "may update such a scalar: assign it at the start of the "
                 "loop's body (e.g. '" +
                 V.Name + " = 0;') if no value should flow, or use a "
                 "one-element array"});
        return false;
      }
      // H's reductions keep the C's order (below): unless some kernel of H
      // has a parallel loop, H would run everything in one work-item at a
      // time, only slower than one kernel of one work-item.
      bool AnyParallel = std::any_of(
          Launched.begin(), Launched.end(), [&](unsigned K) {
            const Loop &L = HP.Kernels.Body[K].loop();
            P.Stack = HP.EnclosingLoops[K];
            bool Parallel = !L.runsOnce() && P.verdict(L).Parallel;
            P.Stack.clear();
            return Parallel;
          });
      if (!AnyParallel) {
        Diags.push_back(
            {Diagnostic::Error, CarriedRead->Loc,
             "scalar '" + V.Name + "' carries its value from one iteration "
             "of host loop '" + H.L.Var + "' to the next (read here before "
             "the iteration assigns it), so it is a host loop, whose "
             "reductions keep the C's order, and none of its kernels has a "
             "parallel loop: "
             "pass --single-work-item to run the nest in one work-item"});
        return false;
      }
      for (unsigned K : Launched)
        if (mentionsVariable(HP.Kernels.Body[K], V.Name, NotMemory))
          HP.SharedScalars[K].insert(V.Name);
      Carried.insert(V.Name);
    }
    return std::all_of(H.Body.begin(), H.Body.end(), Check);
  };
  if (!std::all_of(HP.Body.begin(), HP.Body.end(), Check))
    return false;
  // A host loop is a recurrence: what one iteration computes, the next
  // reads (Durbin's reflection coefficients through 1 / beta, an LU
  // factorisation's pivots and multipliers), which can amplify a rounding
  // difference far beyond the reordered-reduction tolerance (docs/runtime.md):
  // LU on random inputs does, Durbin does. So the reductions of kernels
  // launched from host loops keep the C's order (one work-item), and the
  // kernels compute what the C computes, bit for bit.
  // So does a reduction into a scalar that a host loop then carries (the
  // mean that starts a recurrence): its rounding would be amplified the
  // same way.
  for (size_t K = 0; K < HP.InOrder.size(); ++K)
    HP.InOrder[K] =
        !HP.Enclosing[K].empty() ||
        std::any_of(Carried.begin(), Carried.end(), [&](const std::string &V) {
          return findReduction(HP.Kernels.Body[K].loop(), V).has_value();
        });
  addHostVars(HP.Kernels, Vars);
  return true;
}
