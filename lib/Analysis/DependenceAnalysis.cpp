//===- DependenceAnalysis.cpp - exact dependence analysis -----------------===//
//
// What it computes (lecture 04, "Definition of a Dependency" to "Parallelism
// and Loop Interchange"): for each nest, each pair of accesses to the same
// variable in statements of that nest, at least one a write, is asked for
// the isl set
//   { (I1, I2) : I1 in D(S1), I2 in D(S2), addr1(I1) = addr2(I2), I1 before I2 }
// over the symbolic sizes as isl parameters, where "before" is execution
// order: the first differing common loop runs I1 earlier (for a loop with a
// negative step, an earlier iteration has a larger value), or all common
// loops agree and S1 comes first in the loop body (within one statement:
// reads before the write). Direction vectors are refined level by level
// ('*' split into <, =, >; empty sets pruned), so they are exact for affine
// subscripts and bounds: triangular and min/max bounds, strides (the stride
// constraint comes from the loop's start value), negative steps. Linearized
// subscripts are delinearized first (Delinearize.cpp).
//
// What it cannot decide it assumes: a subscript that is still not affine
// after delinearization gives a dependence in both orders with '*' in every
// position, marked Assumed; a bound that is not affine is dropped (the
// domain only grows) and the dependence is marked Assumed. A dependence is
// never dropped because the analysis could not tell.
//
// Aliasing policy:
//  * Two accesses can only depend when they name the same variable: distinct
//    arrays never overlap. For local arrays and scalars this is C's own
//    rule. For array parameters (`float A[N][M]`, `float A[]`) it is an
//    assumption, stated once per run by a note at the first function that
//    accesses two or more of them.
//  * Pointer parameters (`float *A`) get the same assumption, but C does not
//    promise it unless they are `restrict`-qualified. For each pointer
//    parameter without `restrict` that is accessed in a nest where it, or
//    another accessed array parameter, is written, a warning at the
//    parameter names the parameters it is assumed not to alias. Declaring
//    the pointer `restrict` (the C promise) silences the warning.
//  * Within one array, C's multi-dimensional subscripts are assumed to stay
//    inside their dimensions (A[i][j + 1] never reaches row i + 1), the
//    standard assumption of dependence analysers.
//
// Scalars are 0-d arrays. A scalar declared inside a loop is a fresh object
// in every iteration of that loop, so its dependences have '=' at that loop
// and every outer one. Private and reduction variables (see
// ScalarClassification.h) keep their dependences in the output, but a loop
// where a variable is private ignores that variable's dependences when
// deciding parallelism (unless its last value is live after the loop), and
// a loop whose only carried dependences are on reduction variables is
// reported as "reduction", not parallel.
//
//===----------------------------------------------------------------------===//
#include "looptile/Analysis/Dependence.h"

#include "Delinearize.h"
#include "DependenceSolver.h"
#include "looptile/Analysis/DependenceCache.h"
#include "looptile/Analysis/DepsPrinter.h"
#include "looptile/Analysis/Legality.h"
#include "looptile/Support/Statistic.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <tuple>

using namespace looptile;

LOOPTILE_STATISTIC(NestsAnalysed, "analysis",
                   "nests whose dependences were computed");
LOOPTILE_STATISTIC(CacheHits, "analysis",
                   "dependence cache hits (a nest asked for again)");

const char *looptile::depKindName(Dependence::Kind K) {
  switch (K) {
  case Dependence::Flow:
    return "flow";
  case Dependence::Anti:
    return "anti";
  case Dependence::Output:
    return "output";
  }
  return "?";
}

namespace {
/// The nest being analysed: loops in preorder and statements with their
/// context.
struct NestWalk {
  const Function &F;
  std::vector<std::string> NotMemory;
  std::vector<const Loop *> LoopPtrs;
  std::vector<StmtSite> Sites;
  NestDependences &Out;

  void walk(const Loop &L, int Parent, std::vector<const Loop *> &Stack) {
    unsigned Index = LoopPtrs.size();
    LoopPtrs.push_back(&L);
    Out.Loops.push_back({L.Var, L.Loc, L.Step,
                         static_cast<unsigned>(Stack.size()), Parent});
    Stack.push_back(&L);
    for (const Node &N : L.Body) {
      if (N.isLoop()) {
        walk(N.loop(), Index, Stack);
        continue;
      }
      Sites.push_back(StmtSite::of(N.stmt(), Stack, NotMemory));
    }
    Stack.pop_back();
  }

  unsigned loopIndex(const Loop *L) const {
    return std::find(LoopPtrs.begin(), LoopPtrs.end(), L) - LoopPtrs.begin();
  }
};
} // namespace

// Number of loops two sites share (a common prefix of their loop stacks).
static unsigned commonDepth(const StmtSite &A, const StmtSite &B) {
  unsigned K = 0;
  while (K < A.Loops.size() && K < B.Loops.size() && A.Loops[K] == B.Loops[K])
    ++K;
  return K;
}

// How many common loops a variable declared inside them renews every
// iteration: the declaring loop and every loop outside it.
static unsigned renewedLevels(const Function &F, const std::string &Name,
                              const StmtSite &Site, unsigned Common) {
  for (const Variable &V : F.Locals) {
    if (V.Name != Name || V.DeclaredIn.empty())
      continue;
    for (unsigned K = Common; K-- > 0;)
      if (Site.Loops[K]->Var == V.DeclaredIn)
        return K + 1;
  }
  return 0;
}

static Dependence::Kind kindOf(const Access &Src, const Access &Snk) {
  if (Src.IsWrite && Snk.IsWrite)
    return Dependence::Output;
  return Src.IsWrite ? Dependence::Flow : Dependence::Anti;
}

// Adds the dependences from access Src to access Snk (Src's instance first).
static void addOrdered(const Function &F, const NestWalk &W,
                       DependenceSolver &Solver, const AccessRef &Src,
                       const AccessRef &Snk, std::vector<Dependence> &Deps,
                       std::vector<Diagnostic> &Diags,
                       std::set<std::pair<unsigned, unsigned>> &Warned) {
  unsigned Common = commonDepth(*Src.Site, *Snk.Site);
  // Within one iteration of the common loops, statements run in textual
  // order: the order of W.Sites (a preorder walk), not the statement ids,
  // which transformations such as distribution leave out of textual order.
  bool SameOrder =
      Src.Site == Snk.Site ? Src.Index < Snk.Index : Src.Site < Snk.Site;
  const std::string &Name = Src.access().Name;
  DirectionResult R =
      Solver.directions(Src, Snk, Common, SameOrder,
                        renewedLevels(F, Name, *Src.Site, Common));
  Dependence D;
  D.DepKind = kindOf(Src.access(), Snk.access());
  D.Array = Name;
  D.Source = Src.Site->S->Id;
  D.Sink = Snk.Site->S->Id;
  D.SourceAccess = Src.access();
  D.SinkAccess = Snk.access();
  for (unsigned K = 0; K < Common; ++K)
    D.CommonLoops.push_back(W.loopIndex(Src.Site->Loops[K]));
  if (R.NonAffine) {
    D.Directions = {DirectionVector::filled(Common, Dir::Any)};
    D.Assumed = true;
    for (const AccessRef *A : {&Src, &Snk}) {
      if (!Warned.insert({A->Site->S->Id, A->Index}).second)
        continue;
      Diags.push_back({Diagnostic::Warning, A->access().Loc,
                       "cannot analyse subscript of '" + A->access().str() +
                           "'; assuming it depends on every access to '" +
                           Name + "'"});
    }
  } else {
    if (R.Vectors.empty())
      return;
    D.Directions = std::move(R.Vectors);
    D.Assumed = R.Inexact;
    for (const DirectionVector &V : D.Directions) {
      (void)V;
      assert(satisfiesDirectionInvariant(V) &&
             "computed direction vector starts with '>'");
    }
  }
  // `x * x` reads x twice: the same dependence need not be listed twice.
  for (const Dependence &E : Deps)
    if (E.DepKind == D.DepKind && E.Source == D.Source && E.Sink == D.Sink &&
        E.Array == D.Array && E.Directions == D.Directions &&
        E.Assumed == D.Assumed &&
        E.SourceAccess.str() == D.SourceAccess.str() &&
        E.SinkAccess.str() == D.SinkAccess.str())
      return;
  Deps.push_back(std::move(D));
}

static std::vector<Dependence> computeDependences(const Function &F,
                                                  NestWalk &W,
                                                  std::vector<Diagnostic> &Diags) {
  DependenceSolver Solver;
  delinearize(W.Sites, Solver);
  std::vector<AccessRef> Refs;
  for (const StmtSite &Site : W.Sites)
    for (unsigned I = 0; I < Site.Accesses.size(); ++I)
      Refs.push_back({&Site, I});
  std::vector<Dependence> Deps;
  std::set<std::pair<unsigned, unsigned>> Warned;
  for (size_t A = 0; A < Refs.size(); ++A)
    for (size_t B = A; B < Refs.size(); ++B) {
      const Access &X = Refs[A].access(), &Y = Refs[B].access();
      if (X.Name != Y.Name || (!X.IsWrite && !Y.IsWrite))
        continue;
      addOrdered(F, W, Solver, Refs[A], Refs[B], Deps, Diags, Warned);
      if (A != B)
        addOrdered(F, W, Solver, Refs[B], Refs[A], Deps, Diags, Warned);
    }
  std::stable_sort(Deps.begin(), Deps.end(),
                   [](const Dependence &X, const Dependence &Y) {
                     return std::make_tuple(X.Source, X.Sink, X.Array,
                                            X.DepKind) <
                            std::make_tuple(Y.Source, Y.Sink, Y.Array,
                                            Y.DepKind);
                   });
  return Deps;
}

// The scalars written in the nest, each classified at every loop that
// writes it.
static std::vector<ScalarInfo> classifyScalars(const Function &F,
                                               const NestWalk &W) {
  std::vector<ScalarInfo> Out;
  for (const StmtSite &Site : W.Sites)
    for (const Access &A : Site.Accesses) {
      if (!A.IsWrite || !A.Subscripts.empty())
        continue;
      auto It = std::find_if(Out.begin(), Out.end(), [&](const ScalarInfo &S) {
        return S.Name == A.Name;
      });
      if (It == Out.end()) {
        Out.push_back({A.Name, VarClass::Private, {}, false});
        It = Out.end() - 1;
      }
      for (const Loop *L : Site.Loops) {
        unsigned Index = W.loopIndex(L);
        bool Seen = false;
        for (const auto &P : It->PerLoop)
          Seen |= P.first == Index;
        if (Seen)
          continue;
        VarClass C = classifyScalar(F, *L, A.Name);
        It->PerLoop.push_back({Index, C});
        if (static_cast<int>(C) > static_cast<int>(It->Class))
          It->Class = C;
        if (C == VarClass::Private && !isDeclaredInside(F, *L, A.Name) &&
            isLiveAfter(F, *L, A.Name))
          It->LiveOut = true;
      }
    }
  for (ScalarInfo &S : Out)
    std::sort(S.PerLoop.begin(), S.PerLoop.end());
  return Out;
}

// The first vector of D that makes the loop at level Level sequential.
static std::optional<DirectionVector> blockingVector(const Dependence &D,
                                                     unsigned Level) {
  for (const DirectionVector &V : D.Directions)
    if (!isParallelLoop({V}, Level))
      return V;
  return std::nullopt;
}

// The array-element reduction of Name over loop LoopIdx
// (findElementReduction), when the dependences prove it: every dependence
// on Name between statements inside the loop, other than those from
// Target's reference to Target's reference (the reduction's own), holds
// within one iteration of the loop and of every loop inside it ('=' from
// the loop inward) and was computed exactly. So no other read of Name
// inside the loop ever sees a value the loop wrote into Target, nor reads
// Target before the loop writes it in a later iteration: the terms are
// the same whatever order the updates run in (lu's `A[i][j] -= A[i][k] *
// A[k][j]` over k < j < i, with i and j fixed by host loops: A[i][k] and
// A[k][j] are never A[i][j]).
static std::optional<std::pair<Expr, ReductionOp>>
elementReduction(const NestWalk &W, unsigned LoopIdx, const std::string &Name) {
  std::optional<std::pair<Expr, ReductionOp>> R =
      findElementReduction(*W.LoopPtrs[LoopIdx], Name);
  if (!R)
    return std::nullopt;
  auto IsTarget = [&](const Access &A) {
    return A.Name == R->first.Name && A.Subscripts == R->first.Subscripts;
  };
  for (const Dependence &D : W.Out.Deps) {
    auto Pos = std::find(D.CommonLoops.begin(), D.CommonLoops.end(), LoopIdx);
    if (D.Array != Name || Pos == D.CommonLoops.end())
      continue;
    if (D.Assumed)
      return std::nullopt;
    if (IsTarget(D.SourceAccess) && IsTarget(D.SinkAccess))
      continue;
    for (const DirectionVector &V : D.Directions)
      for (size_t K = Pos - D.CommonLoops.begin(); K < V.size(); ++K)
        if (V[K] != Dir::EQ)
          return std::nullopt;
  }
  return R;
}

static LoopVerdict decideLoop(const Function &F, const NestWalk &W,
                              unsigned LoopIdx) {
  const NestDependences &N = W.Out;
  const Loop &L = *W.LoopPtrs[LoopIdx];
  std::vector<std::string> Reductions, Privates;
  for (const Dependence &D : N.Deps) {
    auto Pos = std::find(D.CommonLoops.begin(), D.CommonLoops.end(), LoopIdx);
    if (Pos == D.CommonLoops.end())
      continue;
    unsigned Level = Pos - D.CommonLoops.begin();
    std::optional<DirectionVector> V = blockingVector(D, Level);
    if (!V)
      continue;
    bool IsScalar = D.SourceAccess.Subscripts.empty();
    if (IsScalar && classifyScalar(F, L, D.Array) == VarClass::Private &&
        (isDeclaredInside(F, L, D.Array) || !isLiveAfter(F, L, D.Array))) {
      if (std::find(Privates.begin(), Privates.end(), D.Array) ==
          Privates.end())
        Privates.push_back(D.Array);
      continue;
    }
    if (!D.Assumed) {
      if (std::optional<ReductionOp> Op = findReduction(L, D.Array)) {
        std::string What = (D.SinkAccess.IsWrite ? D.SinkAccess
                                                 : D.SourceAccess).str() +
                           " " + reductionOpName(*Op);
        if (std::find(Reductions.begin(), Reductions.end(), What) ==
            Reductions.end())
          Reductions.push_back(What);
        continue;
      }
      std::optional<std::pair<Expr, ReductionOp>> ER =
          IsScalar ? std::nullopt : elementReduction(W, LoopIdx, D.Array);
      if (ER && D.SourceAccess.Subscripts == ER->first.Subscripts &&
          D.SinkAccess.Subscripts == ER->first.Subscripts) {
        std::string What = ER->first.str() + " " + reductionOpName(ER->second);
        if (std::find(Reductions.begin(), Reductions.end(), What) ==
            Reductions.end())
          Reductions.push_back(What);
        continue;
      }
    }
    LoopVerdict Seq;
    Seq.Reason = std::string("sequential: ") + depKindName(D.DepKind) +
                 " dependence " + D.sourceName() + " -> " + D.sinkName() +
                 " on " + D.Array + ", direction " + V->str();
    if (D.Assumed)
      Seq.Reason += " (assumed)";
    if (IsScalar && classifyScalar(F, L, D.Array) == VarClass::Private)
      Seq.Reason += " (" + D.Array + " is private but live after the loop)";
    return Seq;
  }
  LoopVerdict V;
  std::string Note;
  if (!Privates.empty()) {
    Note = "; privatizable: ";
    for (size_t I = 0; I < Privates.size(); ++I)
      Note += (I ? ", " : "") + Privates[I];
  }
  if (!Reductions.empty()) {
    V.Reduction = true;
    V.Reason = "reduction (";
    for (size_t I = 0; I < Reductions.size(); ++I)
      V.Reason += (I ? ", " : "") + Reductions[I];
    V.Reason += " over " + L.Var + Note + ")";
    return V;
  }
  V.Parallel = true;
  V.Reason = "parallel (every dependence is '=' at " + L.Var +
             " or carried by an outer loop" + Note + ")";
  return V;
}

static NestDependences computeNest(const Function &F, unsigned NestIndex,
                                   std::vector<Diagnostic> &Diags) {
  ++NestsAnalysed;
  NestDependences Out;
  Out.Function = F.Name;
  Out.FunctionLoc = F.Loc;
  Out.NestIndex = NestIndex;
  assert(NestIndex < F.Body.size() && F.Body[NestIndex].isLoop() &&
         "a nest is a top-level loop");
  NestWalk W{F, F.nonMemoryNames(), {}, {}, Out};
  std::vector<const Loop *> Stack;
  W.walk(F.Body[NestIndex].loop(), -1, Stack);
  for (const StmtSite &Site : W.Sites) {
    StmtInfo Info;
    Info.Id = Site.S->Id;
    Info.Loc = Site.S->Loc;
    Info.Text =
        (Site.S->When.empty() ? "" : "if (" + Site.S->When.str() + ") ") +
        Site.S->str();
    for (const Loop *L : Site.Loops)
      Info.Loops.push_back(W.loopIndex(L));
    Out.Stmts.push_back(std::move(Info));
  }
  Out.Deps = computeDependences(F, W, Diags);
  Out.Scalars = classifyScalars(F, W);
  for (unsigned I = 0; I < Out.Loops.size(); ++I)
    Out.Verdicts.push_back(decideLoop(F, W, I));
  return Out;
}

NestDependences looptile::analyzeNest(const Function &F, unsigned NestIndex,
                                      std::vector<Diagnostic> &Diags) {
  DependenceCache *Cache = DependenceCache::current();
  if (!Cache)
    return computeNest(F, NestIndex, Diags);
  std::string Key = DependenceCache::keyOf(F, NestIndex);
  if (const DependenceCache::Entry *E = Cache->find(Key)) {
    ++CacheHits;
    NestDependences Out = E->Result;
    Out.NestIndex = NestIndex;
    Diags.insert(Diags.end(), E->Diags.begin(), E->Diags.end());
    if (DependenceCache::verifying()) {
      std::vector<Diagnostic> Again;
      NestDependences Fresh = computeNest(F, NestIndex, Again);
      ProgramDependences A, B;
      A.Nests = {Out};
      B.Nests = {Fresh};
      bool SameDiags = Again.size() == E->Diags.size();
      for (size_t I = 0; SameDiags && I < Again.size(); ++I)
        SameDiags = Again[I].Message == E->Diags[I].Message &&
                    Again[I].Loc.Line == E->Diags[I].Loc.Line &&
                    Again[I].Loc.Col == E->Diags[I].Loc.Col;
      std::string TA = printDepsJSON(Program(), A);
      std::string TB = printDepsJSON(Program(), B);
      if (TA != TB || !SameDiags) {
        std::fprintf(stderr,
                     "looptile: internal error: the dependence cache's "
                     "answer for nest %u of '%s' differs from a fresh "
                     "analysis\n--- cached\n%s\n--- fresh\n%s\n",
                     NestIndex, F.Name.c_str(), TA.c_str(), TB.c_str());
        std::abort();
      }
    }
    return Out;
  }
  std::vector<Diagnostic> Reported;
  NestDependences Out = computeNest(F, NestIndex, Reported);
  Diags.insert(Diags.end(), Reported.begin(), Reported.end());
  Cache->insert(std::move(Key), {Out, std::move(Reported)});
  return Out;
}

// Array parameters accessed in F's nests, in parameter order, with whether
// some nest writes them.
static std::vector<std::pair<const Variable *, bool>>
accessedArrayParams(const Function &F) {
  std::vector<std::pair<const Variable *, bool>> Out;
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  std::map<std::string, bool> Written;
  std::vector<const std::vector<Node> *> Work = {&F.Body};
  while (!Work.empty()) {
    const std::vector<Node> *Body = Work.back();
    Work.pop_back();
    for (const Node &N : *Body) {
      if (N.isLoop()) {
        Work.push_back(&N.loop().Body);
        continue;
      }
      if (Body == &F.Body)
        continue; // statements outside every nest are not analysed
      for (const Access &A : N.stmt().accesses(NotMemory))
        Written[A.Name] |= A.IsWrite;
    }
  }
  for (const Variable &V : F.Params) {
    bool IsArray = V.VarKind == Variable::ArrayParam ||
                   V.VarKind == Variable::PointerParam;
    auto It = Written.find(V.Name);
    if (IsArray && It != Written.end())
      Out.push_back({&V, It->second});
  }
  return Out;
}

// Reports the aliasing policy (see the file comment).
void looptile::reportAliasing(const Program &P,
                              std::vector<Diagnostic> &Diags) {
  bool Noted = false;
  for (const Function &F : P.Functions) {
    std::vector<std::pair<const Variable *, bool>> Arrays =
        accessedArrayParams(F);
    if (Arrays.size() < 2)
      continue;
    if (!Noted) {
      Noted = true;
      Diags.push_back({Diagnostic::Note, F.Loc,
                       "looptile assumes that distinct array parameters do "
                       "not overlap in memory"});
    }
    for (const auto &[V, Written] : Arrays) {
      if (V->VarKind != Variable::PointerParam || V->IsRestrict)
        continue;
      std::vector<std::string> Others;
      for (const auto &[O, OWritten] : Arrays)
        if (O != V && (Written || OWritten))
          Others.push_back("'" + O->Name + "'");
      if (Others.empty())
        continue;
      std::string List;
      for (size_t I = 0; I < Others.size(); ++I)
        List += (I == 0 ? "" : I + 1 == Others.size() ? " and " : ", ") +
                Others[I];
      Diags.push_back({Diagnostic::Warning, V->Loc,
                       "pointer parameter '" + V->Name +
                           "' is not restrict-qualified; looptile assumes it "
                           "does not alias " +
                           List + " (declare it restrict to state this)"});
    }
  }
}

ProgramDependences looptile::analyzeProgram(const Program &P,
                                            std::vector<Diagnostic> &Diags) {
  reportAliasing(P, Diags);
  ProgramDependences Out;
  for (const Function &F : P.Functions)
    for (unsigned I = 0; I < F.Body.size(); ++I)
      if (F.Body[I].isLoop())
        Out.Nests.push_back(analyzeNest(F, I, Diags));
  return Out;
}
