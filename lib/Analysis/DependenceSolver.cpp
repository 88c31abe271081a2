//===- DependenceSolver.cpp - isl sets for one nest's accesses ------------===//
//
// Builds isl sets from the IR by printing them in isl's textual notation
// (`[p0] -> { [x0, y0] : 0 <= x0 <= p0 - 1 and ... }`) and refines direction
// vectors with isl constraints added one loop level at a time.
//
// Naming: the source instance's loop variables are x0, x1, ... (outermost
// first), the sink's y0, y1, ...; each size parameter, and each product of
// size parameters (e.g. `N*M`, taken as one unknown), is an isl parameter
// p0, p1, ... . Renaming keeps C names that are isl keywords (`min`, `mod`)
// and shadowed loop variables out of isl's way.
//
//===----------------------------------------------------------------------===//
#include "DependenceSolver.h"

#include "looptile/Analysis/DependenceCache.h"
#include "looptile/Support/Statistic.h"

#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/space.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace looptile;

LOOPTILE_STATISTIC(ProblemsSolved, "analysis",
                   "dependence problems solved by isl (a pair of accesses)");
LOOPTILE_STATISTIC(ProblemHits, "analysis",
                   "dependence problems answered again from the cache");

DependenceSolver::DependenceSolver() : Ctx(isl_ctx_alloc()) {
  // A set isl cannot build comes back as null, and the caller then assumes
  // a dependence; isl must not abort the process.
  isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
}

DependenceSolver::~DependenceSolver() { isl_ctx_free(Ctx); }

// The innermost enclosing loop of Site with variable Var, as a level.
static std::optional<unsigned> loopLevel(const StmtSite &Site,
                                         const std::string &Var) {
  for (unsigned K = Site.Loops.size(); K-- > 0;)
    if (Site.Loops[K]->Var == Var)
      return K;
  return std::nullopt;
}

bool DependenceSolver::isLoopAffine(const IndexExpr &E, const StmtSite &Site) {
  for (const Term &T : E.terms()) {
    unsigned LoopSyms = 0;
    for (const std::string &S : T.Symbols)
      LoopSyms += loopLevel(Site, S).has_value();
    if (LoopSyms > 1 || (LoopSyms == 1 && T.Symbols.size() > 1))
      return false;
  }
  return true;
}

/// Prints IndexExprs of one site in isl notation, with its loop variables
/// named Prefix0, Prefix1, ... .
struct DependenceSolver::Renderer {
  DependenceSolver &Solver;
  const StmtSite &Site;
  char Prefix;

  std::string var(unsigned Level) const {
    return Prefix + std::to_string(Level);
  }

  std::string param(std::vector<std::string> Monomial) {
    std::sort(Monomial.begin(), Monomial.end());
    auto It = Solver.Params.find(Monomial);
    if (It != Solver.Params.end())
      return It->second;
    std::string Name = "p" + std::to_string(Solver.Params.size());
    Solver.Params.emplace(Monomial, Name);
    return Name;
  }

  std::optional<std::string> expr(const IndexExpr &E) {
    if (!isLoopAffine(E, Site))
      return std::nullopt;
    std::string Out;
    for (const Term &T : E.terms()) {
      std::string Sym;
      if (T.Symbols.size() == 1 && loopLevel(Site, T.Symbols[0]))
        Sym = var(*loopLevel(Site, T.Symbols[0]));
      else if (!T.Symbols.empty())
        Sym = param(T.Symbols);
      int64_t C = T.Coeff;
      Out += Out.empty() ? (C < 0 ? "-" : "") : (C < 0 ? " - " : " + ");
      C = std::llabs(C);
      if (Sym.empty())
        Out += std::to_string(C);
      else
        Out += (C == 1 ? "" : std::to_string(C) + "*") + Sym;
    }
    return Out.empty() ? "0" : "(" + Out + ")";
  }

  /// The iteration domain's constraints: the loops' bounds and strides and
  /// the statement's affine guard; a bound or condition that is not affine
  /// is left out (the domain grows) and Inexact is set.
  void domain(std::vector<std::string> &Out, bool &Inexact,
              bool WithAssume = true) {
    for (unsigned K = 0; K < Site.Loops.size(); ++K) {
      const Loop &L = *Site.Loops[K];
      for (const IndexExpr &Lo : L.Lower) {
        if (std::optional<std::string> S = expr(Lo))
          Out.push_back(var(K) + " >= " + *S);
        else
          Inexact = true;
      }
      for (const IndexExpr &Hi : L.Upper) {
        if (std::optional<std::string> S = expr(Hi))
          Out.push_back(var(K) + " <= " + *S);
        else
          Inexact = true;
      }
      if (L.Step == 1 || L.Step == -1)
        continue;
      // |Step| > 1: the variable lies on the stride from its single start
      // value (LoopNest.h).
      const std::vector<IndexExpr> &Start = L.Step > 0 ? L.Lower : L.Upper;
      std::optional<std::string> S =
          Start.size() == 1 ? expr(Start[0]) : std::nullopt;
      if (!S) {
        Inexact = true;
        continue;
      }
      Out.push_back("(" + var(K) + " - " + *S + ") mod " +
                    std::to_string(std::llabs(L.Step)) + " = 0");
    }
    // What holds whenever a loop of the site runs (Loop::Assume: the
    // ranges of the host loops around a kernel). A constraint that names a
    // loop variable of the site (a shadowing name) is left out.
    for (const Loop *L : Site.Loops)
      for (const AffineConstraint &A :
           WithAssume ? L->Assume : std::vector<AffineConstraint>{}) {
        bool Shadowed = false;
        for (const Loop *M : Site.Loops)
          Shadowed |= A.E.mentions(M->Var);
        std::optional<std::string> E = Shadowed ? std::nullopt : expr(A.E);
        if (E)
          Out.push_back(*E + (A.IsEquality ? " = 0" : " >= 0"));
      }
    // The statement's affine guard restricts its domain exactly; a
    // condition isl cannot take is left out (the domain grows).
    for (const AffineCondition &C : Site.S->When.Affine) {
      if (std::optional<std::string> T = condition(C))
        Out.push_back(*T);
      else
        Inexact = true;
    }
  }

  /// C in isl notation: `((c1 and c2) or (c3))`.
  std::optional<std::string> condition(const AffineCondition &C) {
    if (C.isFalse())
      return std::string("false");
    std::string Or;
    for (const std::vector<AffineConstraint> &D : C.disjuncts()) {
      std::string And;
      for (const AffineConstraint &A : D) {
        std::optional<std::string> E = expr(A.E);
        if (!E)
          return std::nullopt;
        And += (And.empty() ? "" : " and ") + *E +
               (A.IsEquality ? " = 0" : " >= 0");
      }
      Or += (Or.empty() ? "(" : " or (") + (And.empty() ? "true" : And) + ")";
    }
    return "(" + Or + ")";
  }
};

// `[p0, p1] -> { [x0, y0] : c1 and c2 }`
static std::string
setText(const std::map<std::vector<std::string>, std::string> &Params,
        const std::vector<std::string> &Vars,
        const std::vector<std::string> &Constraints) {
  std::string Out;
  if (!Params.empty()) {
    std::vector<std::string> Names;
    for (const auto &P : Params)
      Names.push_back(P.second);
    std::sort(Names.begin(), Names.end());
    Out = "[";
    for (size_t I = 0; I < Names.size(); ++I)
      Out += (I ? ", " : "") + Names[I];
    Out += "] -> ";
  }
  Out += "{ [";
  for (size_t I = 0; I < Vars.size(); ++I)
    Out += (I ? ", " : "") + Vars[I];
  Out += "]";
  for (size_t I = 0; I < Constraints.size(); ++I)
    Out += (I ? " and " : " : ") + Constraints[I];
  return Out + " }";
}

// True when S is empty for every value of the parameters. Consumes S; a
// null set (isl could not build it) or an isl error counts as non-empty.
static bool isEmpty(isl_set *S) {
  if (!S)
    return false;
  isl_bool Empty = isl_set_is_empty(S);
  isl_set_free(S);
  return Empty == isl_bool_true;
}

std::optional<std::string> DependenceSolver::islExpr(const StmtSite &Site,
                                                     char Prefix,
                                                     const IndexExpr &E) {
  Renderer R{*this, Site, Prefix};
  return R.expr(E);
}

bool DependenceSolver::islDomain(const StmtSite &Site, char Prefix,
                                 std::vector<std::string> &Out,
                                 bool WithAssume) {
  Renderer R{*this, Site, Prefix};
  bool Inexact = false;
  R.domain(Out, Inexact, WithAssume);
  return !Inexact;
}

bool DependenceSolver::islAccessDomain(const AccessRef &A, char Prefix,
                                       std::vector<std::string> &Out) {
  Renderer R{*this, *A.Site, Prefix};
  bool Inexact = false;
  R.domain(Out, Inexact);
  islArms(*A.Site, Prefix, A.access().Arms, Out);
  return !Inexact;
}

void DependenceSolver::islArms(const StmtSite &Site, char Prefix,
                               const std::vector<AffineCondition> &Arms,
                               std::vector<std::string> &Out) {
  Renderer R{*this, Site, Prefix};
  for (const AffineCondition &C : Arms)
    if (std::optional<std::string> T = R.condition(C))
      Out.push_back(*T);
}

isl_set *DependenceSolver::islSet(const std::vector<std::string> &Vars,
                                  const std::vector<std::string> &Constraints) {
  std::string Text = setText(Params, Vars, Constraints);
  return isl_set_read_from_str(Ctx, Text.c_str());
}

namespace {
/// Coordinate K of kind T of the point P, in decimal.
std::string pointValue(isl_point *P, isl_dim_type T, unsigned K) {
  isl_val *V = isl_point_get_coordinate_val(P, T, int(K));
  std::string Out = V ? std::to_string(isl_val_get_num_si(V)) : "?";
  isl_val_free(V);
  return Out;
}
} // namespace

std::string looptile::islCoordinate(isl_point *P, unsigned K) {
  return pointValue(P, isl_dim_set, K);
}

std::string DependenceSolver::sizesAt(isl_set *Set, isl_point *P) const {
  std::string Sizes;
  isl_size NP = isl_set_dim(Set, isl_dim_param);
  for (isl_size K = 0; K < NP; ++K) {
    const char *N = isl_set_get_dim_name(Set, isl_dim_param, unsigned(K));
    Sizes += (K ? ", " : "") + paramSpelling(N ? N : "?") + " = " +
             pointValue(P, isl_dim_param, unsigned(K));
  }
  return Sizes;
}

std::string DependenceSolver::paramSpelling(const std::string &IslName) const {
  for (const auto &[Monomial, Name] : Params) {
    if (Name != IslName)
      continue;
    std::string Out;
    for (const std::string &S : Monomial)
      Out += (Out.empty() ? "" : "*") + S;
    return Out;
  }
  return IslName;
}

std::vector<std::string>
DependenceSolver::paramMonomial(const std::string &IslName) const {
  for (const auto &[Monomial, Name] : Params)
    if (Name == IslName)
      return Monomial;
  return {};
}

std::vector<std::string> DependenceSolver::paramNames() const {
  std::vector<std::string> Out;
  for (const auto &P : Params)
    Out.push_back(P.second);
  return Out;
}

bool DependenceSolver::provesRange(const StmtSite &Site, const IndexExpr &E,
                                   const IndexExpr &Lo, const IndexExpr &Hi,
                                   const std::vector<AffineCondition> &Arms) {
  Renderer R{*this, Site, 'x'};
  std::optional<std::string> SE = R.expr(E), SLo = R.expr(Lo), SHi = R.expr(Hi);
  if (!SE || !SLo || !SHi)
    return false;
  std::vector<std::string> Constraints;
  bool Inexact = false;
  R.domain(Constraints, Inexact);
  islArms(Site, 'x', Arms, Constraints);
  Constraints.push_back("(" + *SE + " < " + *SLo + " or " + *SE + " > " + *SHi +
                        ")");
  std::vector<std::string> Vars;
  for (unsigned K = 0; K < Site.Loops.size(); ++K)
    Vars.push_back(R.var(K));
  std::string Text = setText(Params, Vars, Constraints);
  return isEmpty(isl_set_read_from_str(Ctx, Text.c_str()));
}

// S intersected with "entry D at level K", where the source's variable sits
// at position PosX and the sink's at PosY; Sign is the loop's step sign
// (execution order: '<' means an earlier iteration). Consumes S.
static isl_set *addLevel(isl_set *S, unsigned PosX, unsigned PosY, int Sign,
                         Dir D) {
  isl_local_space *LS = isl_local_space_from_space(isl_set_get_space(S));
  isl_constraint *C;
  if (D == Dir::EQ) {
    C = isl_constraint_alloc_equality(LS);
    C = isl_constraint_set_coefficient_si(C, isl_dim_set, PosX, 1);
    C = isl_constraint_set_coefficient_si(C, isl_dim_set, PosY, -1);
  } else {
    // '<': Sign * (y - x) >= 1; '>': Sign * (x - y) >= 1.
    int Dirn = D == Dir::LT ? Sign : -Sign;
    C = isl_constraint_alloc_inequality(LS);
    C = isl_constraint_set_coefficient_si(C, isl_dim_set, PosY, Dirn);
    C = isl_constraint_set_coefficient_si(C, isl_dim_set, PosX, -Dirn);
    C = isl_constraint_set_constant_si(C, -1);
  }
  return isl_set_add_constraint(S, C);
}

namespace {
/// Enumerates the non-empty direction vectors of a dependence set, level
/// by level, keeping only execution-ordered ones (source before sink).
struct Refiner {
  unsigned Common;
  unsigned SinkOffset; ///< position of y0
  std::vector<int> Signs;
  bool SameIterationOrder;
  std::vector<DirectionVector> &Out;
  DirectionVector Prefix;

  // Consumes S, which holds the instances matching Prefix.
  void run(isl_set *S, bool Carried) {
    unsigned K = Prefix.size();
    if (K == Common) {
      if (Carried || SameIterationOrder)
        Out.push_back(Prefix);
      isl_set_free(S);
      return;
    }
    for (Dir D : {Dir::LT, Dir::EQ, Dir::GT}) {
      // Before the first '<' a '>' would put the sink first; an all-'='
      // vector needs the source first within the iteration.
      if (D == Dir::GT && !Carried)
        continue;
      if (D == Dir::EQ && !Carried && K + 1 == Common && !SameIterationOrder)
        continue;
      isl_set *T = addLevel(isl_set_copy(S), K, SinkOffset + K, Signs[K], D);
      isl_set *Probe = isl_set_copy(T);
      if (isEmpty(Probe)) {
        isl_set_free(T);
        continue;
      }
      Prefix.push_back(D);
      run(T, Carried || D == Dir::LT);
      Prefix.pop_back();
    }
    isl_set_free(S);
  }
};
} // namespace

DirectionResult DependenceSolver::directions(const AccessRef &Src,
                                             const AccessRef &Snk,
                                             unsigned Common,
                                             bool SameIterationOrder,
                                             unsigned EqualLevels) {
  DirectionResult Result;
  const std::vector<IndexExpr> &A = Src.address(), &B = Snk.address();
  Renderer RX{*this, *Src.Site, 'x'}, RY{*this, *Snk.Site, 'y'};
  std::vector<std::string> Constraints;
  if (A.size() != B.size()) {
    Result.NonAffine = true;
    return Result;
  }
  for (size_t D = 0; D < A.size(); ++D) {
    std::optional<std::string> SA = RX.expr(A[D]), SB = RY.expr(B[D]);
    if (!SA || !SB) {
      Result.NonAffine = true;
      return Result;
    }
    Constraints.push_back(*SA + " = " + *SB);
  }
  RX.domain(Constraints, Result.Inexact);
  RY.domain(Constraints, Result.Inexact);
  for (unsigned K = 0; K < EqualLevels; ++K)
    Constraints.push_back(RX.var(K) + " = " + RY.var(K));

  std::vector<std::string> Vars;
  for (unsigned K = 0; K < Src.Site->Loops.size(); ++K)
    Vars.push_back(RX.var(K));
  for (unsigned K = 0; K < Snk.Site->Loops.size(); ++K)
    Vars.push_back(RY.var(K));
  std::string Text = setText(Params, Vars, Constraints);
  std::vector<int> Signs;
  for (unsigned K = 0; K < Common; ++K)
    Signs.push_back(Src.Site->Loops[K]->Step > 0 ? 1 : -1);
  unsigned SinkOffset = static_cast<unsigned>(Src.Site->Loops.size());

  // Everything isl is asked below is Text and these numbers: the same
  // problem has the same answer (DependenceCache::Problem).
  DependenceCache *Cache = DependenceCache::current();
  std::string Key;
  if (Cache) {
    Key = Text + '\x1f' + std::to_string(Common) + '\x1f' +
          std::to_string(SinkOffset) + '\x1f' +
          (SameIterationOrder ? "1" : "0");
    for (int Sign : Signs)
      Key += Sign > 0 ? '+' : '-';
  }
  auto solve = [&](DependenceCache::Problem &P) {
    isl_set *Set = isl_set_read_from_str(Ctx, Text.c_str());
    if (!Set) {
      P.Unreadable = true;
      return;
    }
    if (isEmpty(isl_set_copy(Set))) {
      isl_set_free(Set);
      return;
    }
    Refiner R{Common, SinkOffset, Signs, SameIterationOrder, P.Vectors, {}};
    R.run(Set, false);
    std::sort(P.Vectors.begin(), P.Vectors.end());
  };
  auto answer = [&](const DependenceCache::Problem &P) {
    Result.NonAffine = P.Unreadable;
    Result.Vectors = P.Vectors;
    return Result;
  };
  if (Cache) {
    if (const DependenceCache::Problem *Known = Cache->findProblem(Key)) {
      ++ProblemHits;
      if (DependenceCache::verifying()) {
        DependenceCache::Problem Fresh;
        solve(Fresh);
        if (Fresh.Unreadable != Known->Unreadable ||
            Fresh.Vectors != Known->Vectors) {
          std::fprintf(stderr,
                       "looptile: internal error: the dependence cache's "
                       "answer to the problem %s differs from isl's\n",
                       Text.c_str());
          std::abort();
        }
      }
      return answer(*Known);
    }
  }
  ++ProblemsSolved;
  DependenceCache::Problem P;
  solve(P);
  if (Cache)
    Cache->insertProblem(std::move(Key), P);
  return answer(P);
}
