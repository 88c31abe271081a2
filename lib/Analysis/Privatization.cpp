//===- Privatization.cpp - can an array be privatized in a loop? ----------===//
//
// Puts the two questions of Privatization.h to isl as set differences.
// Naming in the sets: the read instance's loop variables are x0, x1, ...,
// a write instance's y0, y1, ... (existentially quantified), the loops
// around L o0, ..., o(d-1) and the array element e0, e1, ... . L is at
// depth d (0 for a nest's outermost loop).
//
// Coverage of one read R by the writes W of A inside L:
//   Dom(R) \ union_W { x : exists y in Dom(W) : y_k = x_k for k <= d,
//                      addr_W(y) = addr_R(x), y runs before x }
// must be empty, where "y runs before x" (within one iteration of L) is:
// the first loop below L where they differ runs y earlier (by the loop's
// step sign), or they agree on every common loop and W's statement comes
// first in the text (a statement's write follows its own reads).
//
// When a read is not covered, the uncovered instances U are kept, and each
// write of A in the nest is asked whether it runs before some instance of U
// on the same element (the same ordering, over all their common loops): that
// is where the read's value may come from. A sample point of the set is the
// witness printed in the refusal.
//
//===----------------------------------------------------------------------===//
#include "looptile/Analysis/Privatization.h"

#include "Delinearize.h"
#include "DependenceSolver.h"

#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <functional>

using namespace looptile;

namespace {

/// The nest's statements with their loops, in textual order.
struct Sites {
  std::vector<StmtSite> All;
  void walk(const Loop &L, std::vector<const Loop *> &Stack,
            const std::vector<std::string> &NotMemory) {
    Stack.push_back(&L);
    for (const Node &N : L.Body) {
      if (N.isLoop()) {
        walk(N.loop(), Stack, NotMemory);
        continue;
      }
      All.push_back(StmtSite::of(N.stmt(), Stack, NotMemory));
    }
    Stack.pop_back();
  }
};

std::string varName(char Prefix, unsigned K) {
  return Prefix + std::to_string(K);
}

std::string joinAnd(const std::vector<std::string> &Parts) {
  std::string Out;
  for (size_t I = 0; I < Parts.size(); ++I)
    Out += (I ? " and " : "") + Parts[I];
  return Out.empty() ? "true" : Out;
}

std::string existsText(const StmtSite &W, const std::string &Body) {
  std::string Vars;
  for (unsigned K = 0; K < W.Loops.size(); ++K)
    Vars += (K ? ", " : "") + varName('y', K);
  return "exists (" + Vars + " : " + Body + ")";
}

/// Owns isl sets; frees what is left at the end of a question.
struct SetPool {
  std::vector<isl_set *> Sets;
  ~SetPool() {
    for (isl_set *S : Sets)
      isl_set_free(S);
  }
};

/// True when A \ B is empty. Consumes neither (copies).
bool isSubset(isl_set *A, isl_set *B) {
  isl_set *D = isl_set_subtract(isl_set_copy(A), isl_set_copy(B));
  if (!D)
    return false;
  isl_bool Empty = isl_set_is_empty(D);
  isl_set_free(D);
  return Empty == isl_bool_true;
}

class Question {
public:
  Question(const Function &F, unsigned NestIndex, const Loop &L,
           const std::string &Name)
      : L(L), Name(Name) {
    std::vector<const Loop *> Stack;
    S.walk(F.Body[NestIndex].loop(), Stack, F.nonMemoryNames());
    delinearize(S.All, Solver);
    for (const StmtSite &Site : S.All) {
      for (unsigned I = 0; I < Site.Accesses.size(); ++I)
        if (Site.Accesses[I].Name == Name && Site.Accesses[I].IsWrite)
          NestWrites.push_back({&Site, I});
      auto It = std::find(Site.Loops.begin(), Site.Loops.end(), &L);
      if (It == Site.Loops.end())
        continue;
      Depth = unsigned(It - Site.Loops.begin());
      for (unsigned I = 0; I < Site.Accesses.size(); ++I) {
        const Access &A = Site.Accesses[I];
        if (A.Name != Name)
          continue;
        // A conditional write (guarded by data) may not happen: it covers
        // nothing and defines no element for the copy-out.
        (!A.IsWrite      ? Reads
         : A.Conditional ? MayWrites
                         : Writes)
            .push_back({&Site, I});
      }
    }
  }

  ArrayPrivatization run();

private:
  /// True when every instance of R is covered, false when some is not,
  /// std::nullopt (with Why) when the question cannot be put to isl.
  std::optional<bool> covered(const AccessRef &R, std::string &Why);
  /// The condition on [o.., e..] that W writes element e in the iteration
  /// o of the loops around L (in the last iteration of L when Last).
  std::optional<std::string> writtenText(const AccessRef &W, bool Last,
                                         std::string &Why);

  /// Fills Out.Witness and Out.Source for the read R whose uncovered
  /// instances are Uncovered.
  void explain(const AccessRef &R, isl_set *Uncovered, ArrayPrivatization &Out);
  /// `Sizes: A[e0][e1]` of a sample point of a written-elements set.
  std::string element(isl_set *Set, size_t Rank);
  /// `Vars = values` of a sample point of Set (the read's loop variables).
  std::string witness(isl_set *Set, const StmtSite &RS);
  /// The condition that an instance y of W runs before the instance x of R
  /// (over all their common loops, from level From on, the levels before
  /// From being equal), or "" when it never does.
  std::string runsBefore(const StmtSite &WS, const StmtSite &RS, unsigned From);

  const Loop &L;
  std::string Name;
  Sites S;
  DependenceSolver Solver;
  unsigned Depth = 0;
  std::vector<AccessRef> Reads, Writes, MayWrites, NestWrites;
  SetPool Pool;
  isl_set *LastUncovered = nullptr;
};

std::optional<bool> Question::covered(const AccessRef &R, std::string &Why) {
  const StmtSite &RS = *R.Site;
  std::vector<std::string> RDom;
  if (!Solver.islDomain(RS, 'x', RDom)) {
    Why = "a bound of a loop around '" + R.access().str() + "' is not affine";
    return std::nullopt;
  }
  std::vector<std::string> Clauses;
  for (const AccessRef &W : Writes) {
    const StmtSite &WS = *W.Site;
    std::vector<std::string> C;
    if (!Solver.islDomain(WS, 'y', C)) {
      Why = "a bound of a loop around '" + W.access().str() + "' is not affine";
      return std::nullopt;
    }
    if (W.address().size() != R.address().size()) {
      Why = "'" + W.access().str() + "' and '" + R.access().str() +
            "' have different numbers of subscripts";
      return std::nullopt;
    }
    for (size_t D = 0; D < R.address().size(); ++D) {
      std::optional<std::string> X = Solver.islExpr(RS, 'x', R.address()[D]);
      std::optional<std::string> Y = Solver.islExpr(WS, 'y', W.address()[D]);
      if (!X || !Y) {
        Why = "the subscript of '" + (X ? W.access().str() : R.access().str()) +
              "' is not affine";
        return std::nullopt;
      }
      C.push_back(*Y + " = " + *X);
    }
    for (unsigned K = 0; K <= Depth; ++K)
      C.push_back(varName('y', K) + " = " + varName('x', K));
    // y runs before x within the iteration of L.
    std::string Before = runsBefore(WS, RS, Depth + 1);
    if (Before.empty())
      continue; // W never runs before R in the same iteration of L
    C.push_back(Before);
    Clauses.push_back(existsText(WS, joinAnd(C)));
  }
  std::vector<std::string> XVars;
  for (unsigned K = 0; K < RS.Loops.size(); ++K)
    XVars.push_back(varName('x', K));
  // Every text is rendered before any set is built, so that all sets have
  // the same parameters.
  isl_set *Dom = Solver.islSet(XVars, RDom);
  std::string Any;
  for (size_t I = 0; I < Clauses.size(); ++I)
    Any += (I ? " or " : "") + Clauses[I];
  isl_set *Cov = Solver.islSet(XVars, {Clauses.empty() ? "false" : Any});
  Pool.Sets.push_back(Dom);
  Pool.Sets.push_back(Cov);
  if (!Dom || !Cov) {
    Why = "isl could not represent the question";
    return std::nullopt;
  }
  LastUncovered = isl_set_subtract(isl_set_copy(Dom), isl_set_copy(Cov));
  Pool.Sets.push_back(LastUncovered);
  if (!LastUncovered) {
    Why = "isl could not represent the question";
    return std::nullopt;
  }
  isl_bool Empty = isl_set_is_empty(LastUncovered);
  if (Empty == isl_bool_error) {
    Why = "isl could not decide the question";
    return std::nullopt;
  }
  return Empty == isl_bool_true;
}

std::string Question::runsBefore(const StmtSite &WS, const StmtSite &RS,
                                 unsigned From) {
  unsigned Common = 0;
  while (Common < RS.Loops.size() && Common < WS.Loops.size() &&
         RS.Loops[Common] == WS.Loops[Common])
    ++Common;
  std::vector<std::string> Before, Equal;
  for (unsigned K = From; K < Common; ++K) {
    bool Up = RS.Loops[K]->Step > 0;
    std::vector<std::string> Here = Equal;
    Here.push_back(varName('y', K) + (Up ? " < " : " > ") + varName('x', K));
    Before.push_back("(" + joinAnd(Here) + ")");
    Equal.push_back(varName('y', K) + " = " + varName('x', K));
  }
  // Agreeing on every common loop, W runs first when its statement comes
  // first in the text (a statement's write follows its own reads).
  if (&WS < &RS)
    Before.push_back("(" + joinAnd(Equal) + ")");
  std::string Or;
  for (size_t I = 0; I < Before.size(); ++I)
    Or += (I ? " or " : "") + Before[I];
  return Or.empty() ? Or : "(" + Or + ")";
}

std::string Question::element(isl_set *Set, size_t Rank) {
  isl_point *P = isl_set_sample_point(isl_set_copy(Set));
  if (!P)
    return "";
  std::string Sizes = Solver.sizesAt(Set, P), Elem = Name;
  for (size_t D = 0; D < Rank; ++D)
    Elem += "[" + islCoordinate(P, unsigned(Depth + D)) + "]";
  isl_point_free(P);
  return Sizes.empty() ? Elem : Sizes + ": " + Elem;
}

std::string Question::witness(isl_set *Set, const StmtSite &RS) {
  isl_point *P = isl_set_sample_point(isl_set_copy(Set));
  if (!P)
    return "";
  std::string Sizes = Solver.sizesAt(Set, P), Vars;
  for (unsigned K = 0; K < RS.Loops.size(); ++K)
    Vars += (K ? ", " : "") + RS.Loops[K]->Var + " = " + islCoordinate(P, K);
  isl_point_free(P);
  return Sizes.empty() ? Vars : Sizes + ": " + Vars;
}

void Question::explain(const AccessRef &R, isl_set *Uncovered,
                       ArrayPrivatization &Out) {
  const StmtSite &RS = *R.Site;
  std::vector<std::string> XVars;
  for (unsigned K = 0; K < RS.Loops.size(); ++K)
    XVars.push_back(varName('x', K));
  for (const AccessRef &W : NestWrites) {
    const StmtSite &WS = *W.Site;
    std::vector<std::string> C;
    if (!Solver.islDomain(WS, 'y', C) ||
        W.address().size() != R.address().size())
      continue;
    bool Affine = true;
    for (size_t D = 0; D < R.address().size() && Affine; ++D) {
      std::optional<std::string> X = Solver.islExpr(RS, 'x', R.address()[D]);
      std::optional<std::string> Y = Solver.islExpr(WS, 'y', W.address()[D]);
      Affine = X && Y;
      if (Affine)
        C.push_back(*Y + " = " + *X);
    }
    std::string Before = runsBefore(WS, RS, 0);
    if (!Affine || Before.empty())
      continue;
    C.push_back(Before);
    isl_set *Earlier = Solver.islSet(XVars, {existsText(WS, joinAnd(C))});
    if (!Earlier)
      continue;
    isl_set *Hit = isl_set_intersect(Earlier, isl_set_copy(Uncovered));
    Pool.Sets.push_back(Hit);
    if (!Hit || isl_set_is_empty(Hit) != isl_bool_false)
      continue;
    Out.Source = W.access();
    Out.SourceStmt = WS.S->Id;
    Out.Witness = witness(Hit, RS);
    return;
  }
  Out.Witness = witness(Uncovered, RS);
}

std::optional<std::string> Question::writtenText(const AccessRef &W, bool Last,
                                                 std::string &Why) {
  const StmtSite &WS = *W.Site;
  std::vector<std::string> C;
  if (!Solver.islDomain(WS, 'y', C)) {
    Why = "a bound of a loop around '" + W.access().str() + "' is not affine";
    return std::nullopt;
  }
  for (unsigned K = 0; K < Depth; ++K)
    C.push_back(varName('y', K) + " = " + varName('o', K));
  for (size_t D = 0; D < W.address().size(); ++D) {
    std::optional<std::string> Y = Solver.islExpr(WS, 'y', W.address()[D]);
    if (!Y) {
      Why = "the subscript of '" + W.access().str() + "' is not affine";
      return std::nullopt;
    }
    C.push_back(varName('e', unsigned(D)) + " = " + *Y);
  }
  if (Last) {
    std::optional<std::string> U = L.Upper.size() == 1
                                       ? Solver.islExpr(WS, 'y', L.Upper[0])
                                       : std::nullopt;
    if (!U) {
      Why = "the last value of loop '" + L.Var + "' is not one affine bound";
      return std::nullopt;
    }
    C.push_back(varName('y', Depth) + " = " + *U);
  }
  return existsText(WS, joinAnd(C));
}

ArrayPrivatization Question::run() {
  ArrayPrivatization Out;
  for (const AccessRef &R : Reads) {
    std::string Why;
    std::optional<bool> Covered = covered(R, Why);
    if (Covered && *Covered)
      continue;
    Out.Verdict =
        Covered ? ArrayPrivatization::NotCovered : ArrayPrivatization::Unknown;
    Out.Read = R.access();
    Out.ReadStmt = R.Site->S->Id;
    Out.Why = Why;
    if (Covered)
      explain(R, LastUncovered, Out);
    return Out;
  }
  Out.Verdict = ArrayPrivatization::Private;

  // Copy-out: render every text first (see covered()). Any: the elements
  // some iteration may write (conditional writes included); Last: those
  // the last iteration certainly writes.
  std::vector<AccessRef> AllWrites = Writes;
  AllWrites.insert(AllWrites.end(), MayWrites.begin(), MayWrites.end());
  size_t Rank = AllWrites.empty() ? 0 : AllWrites.front().address().size();
  for (const AccessRef &W : AllWrites)
    if (W.address().size() != Rank)
      return Out;
  std::vector<std::string> AnyText, LastText;
  std::string Why;
  for (const AccessRef &W : AllWrites) {
    std::optional<std::string> A = writtenText(W, false, Why);
    if (!A)
      return Out;
    AnyText.push_back(*A);
  }
  for (const AccessRef &W : Writes) {
    std::optional<std::string> B = writtenText(W, true, Why);
    if (!B)
      return Out;
    LastText.push_back(*B);
  }
  std::vector<std::string> Vars;
  for (unsigned K = 0; K < Depth; ++K)
    Vars.push_back(varName('o', K));
  for (size_t D = 0; D < Rank; ++D)
    Vars.push_back(varName('e', unsigned(D)));
  std::vector<isl_set *> Any, Last;
  for (const std::string &T : AnyText) {
    Any.push_back(Solver.islSet(Vars, {T}));
    Pool.Sets.push_back(Any.back());
    if (!Any.back())
      return Out;
  }
  for (const std::string &T : LastText) {
    Last.push_back(Solver.islSet(Vars, {T}));
    Pool.Sets.push_back(Last.back());
    if (!Last.back())
      return Out;
  }
  if (AllWrites.empty()) {
    Out.LastIterationWritesAll = true;
    return Out;
  }
  isl_set *AllAny = isl_set_copy(Any[0]);
  for (size_t I = 1; I < Any.size(); ++I)
    AllAny = isl_set_union(AllAny, isl_set_copy(Any[I]));
  isl_set *AllLast = Solver.islSet(Vars, {"false"});
  for (isl_set *S : Last)
    AllLast = isl_set_union(AllLast, isl_set_copy(S));
  Pool.Sets.push_back(AllAny);
  Pool.Sets.push_back(AllLast);
  if (!AllAny || !AllLast)
    return Out;
  if (!isSubset(AllAny, AllLast)) {
    isl_set *Missed =
        isl_set_subtract(isl_set_copy(AllAny), isl_set_copy(AllLast));
    Pool.Sets.push_back(Missed);
    Out.CopyOutWitness = Missed ? element(Missed, Rank) : "";
    return Out;
  }
  Out.LastIterationWritesAll = true;
  // The writes to replay: each one not already covered by those chosen.
  isl_set *Chosen = nullptr;
  for (size_t I = 0; I < Writes.size(); ++I) {
    if (Chosen && isSubset(Last[I], Chosen))
      continue;
    unsigned Id = Writes[I].Site->S->Id;
    if (std::find(Out.CopyOutWrites.begin(), Out.CopyOutWrites.end(), Id) ==
        Out.CopyOutWrites.end())
      Out.CopyOutWrites.push_back(Id);
    Chosen = Chosen ? isl_set_union(Chosen, isl_set_copy(Last[I]))
                    : isl_set_copy(Last[I]);
  }
  isl_set_free(Chosen);
  return Out;
}

} // namespace

ArrayPrivatization
looptile::analyzeArrayPrivatization(const Function &F, unsigned NestIndex,
                                    const Loop &L, const std::string &Name) {
  Question Q(F, NestIndex, L, Name);
  return Q.run();
}

bool looptile::elementUntouched(const Function &F,
                                const std::vector<const Loop *> &Outer,
                                const std::vector<const Node *> &Nodes,
                                const std::string &Array,
                                const std::vector<IndexExpr> &Element,
                                const Stmt *SkipWrite, std::string &Why) {
  DependenceSolver Solver;
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  std::vector<const Loop *> Stack = Outer;
  bool Untouched = true;
  std::function<void(const Node &)> Visit = [&](const Node &N) {
    if (!Untouched)
      return;
    if (N.isLoop()) {
      Stack.push_back(&N.loop());
      for (const Node &C : N.loop().Body)
        Visit(C);
      Stack.pop_back();
      return;
    }
    StmtSite Site = StmtSite::of(N.stmt(), Stack, NotMemory);
    for (size_t I = 0; I < Site.Accesses.size() && Untouched; ++I) {
      const Access &A = Site.Accesses[I];
      if (A.Name != Array || (A.IsWrite && &N.stmt() == SkipWrite))
        continue;
      if (A.Gather || A.Subscripts.size() != Element.size()) {
        Why = "'" + A.str() + "' may touch it";
        Untouched = false;
        return;
      }
      // A larger domain (a bound isl cannot take is dropped) only makes
      // the emptiness harder to prove.
      std::vector<std::string> Constraints;
      Solver.islDomain(Site, 'y', Constraints);
      for (size_t D = 0; D < Element.size(); ++D) {
        std::optional<std::string> L = Solver.islExpr(Site, 'y', A.Subscripts[D]);
        std::optional<std::string> R = Solver.islExpr(Site, 'y', Element[D]);
        if (!L || !R) {
          Why = "the subscripts of '" + A.str() + "' are not affine";
          Untouched = false;
          return;
        }
        Constraints.push_back(*L + " = " + *R);
      }
      std::vector<std::string> Vars;
      for (size_t K = 0; K < Site.Loops.size(); ++K)
        Vars.push_back("y" + std::to_string(K));
      isl_set *Set = Solver.islSet(Vars, Constraints);
      isl_bool Empty = Set ? isl_set_is_empty(Set) : isl_bool_error;
      isl_set_free(Set);
      if (Empty != isl_bool_true) {
        Why = "'" + A.str() + "' (line " + std::to_string(A.Loc.Line) +
              ") may touch it";
        Untouched = false;
      }
    }
  };
  for (const Node *N : Nodes)
    Visit(*N);
  return Untouched;
}
