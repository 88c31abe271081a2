//===- IntegerWrap.cpp - unsigned index arithmetic that may wrap ----------===//
//
// Walks the function as the C emitter prints it (CEmitter.cpp) and collects
// obligations `E >= 0`, each over the iteration domain where E is evaluated:
//
//  * a loop's start values and the bounds of its condition (`i < U + 1`
//    upward, `i >= L` downward), when C compares or assigns them in an
//    unsigned type, over the domain of the enclosing loops; a signed loop
//    variable compared as unsigned must not be negative either (its start,
//    and for a downward loop every value after a step);
//  * the step of a downward loop whose variable is unsigned: `i -= s` must
//    not pass below zero, i - s >= 0 at every iteration;
//  * a subscript computed in an unsigned type, over its statement's domain;
//  * the two sides of a guard's affine constraint compared as unsigned
//    (printed without subtraction, see AffineConstraint::strAdditive), over
//    the enclosing loops' domain.
//
// In unsigned arithmetic of one width, + - * are exact modulo 2^w, so only
// the final value of each expression matters. A value is proven not
// negative by the signs of its terms (every coefficient positive, every
// symbol an unsigned size or a loop variable isl proves non-negative), or
// else by isl on the domain. Size parameters of unsigned types are >= 0.
//
//===----------------------------------------------------------------------===//
#include "looptile/IR/Walk.h"
#include "looptile/Analysis/IntegerWrap.h"

#include "DependenceSolver.h"

#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <set>

using namespace looptile;

namespace {

struct Obligation {
  IndexExpr E;                     ///< must be >= 0
  std::vector<const Loop *> Loops; ///< where it is evaluated
  const Stmt *Guarded = nullptr;   ///< its statement's guard applies
  SourceLoc Loc;
  std::string Message; ///< the error, before the example
  /// The `?:` arms it is evaluated in (Access::Arms): they apply too.
  std::vector<AffineCondition> Arms = {};
};

class Checker {
public:
  Checker(const Function &F, bool WithSource) : F(F), WithSource(WithSource) {}

  std::vector<Diagnostic> run() {
    looptile::walk(
        F.Body, [&](const Loop &L, const LoopStack &Outer) { loop(L, Outer); },
        [&](const Stmt &S, const LoopStack &Outer) { stmt(S, Outer); });
    // The source's own comparisons first: when one of them wraps, the
    // printed forms of the same bounds would only repeat it.
    std::vector<Diagnostic> Out = report(SourceObligations);
    if (Out.empty())
      Out = report(Obligations);
    return Out;
  }

private:
  std::vector<Diagnostic> report(const std::vector<Obligation> &List) {
    std::vector<Diagnostic> Out;
    for (const Obligation &O : List) {
      std::string Example;
      if (proven(O, Example))
        continue;
      std::string Msg = O.Message;
      if (!Example.empty())
        Msg += " (e.g. " + Example + ")";
      bool Seen = std::any_of(Out.begin(), Out.end(), [&](const Diagnostic &D) {
        return D.Message == Msg && D.Loc.Line == O.Loc.Line &&
               D.Loc.Col == O.Loc.Col;
      });
      if (!Seen)
        Out.push_back({Diagnostic::Error, O.Loc, Msg});
    }
    return Out;
  }

  /// The advice for a value that must not be negative.
  static std::string advice(const IndexExpr &E) {
    bool Subtracts = E.constantPart() < 0;
    for (const Term &T : E.terms())
      Subtracts |= !T.Symbols.empty() && T.Coeff < 0;
    if (Subtracts)
      return "write it without an unsigned subtraction (e.g. 'i + 1 < n' "
             "for 'i < n - 1') or use signed types";
    return "a signed value there is converted to the unsigned type; give the "
           "loop variable and the sizes the same signedness";
  }

  /// The type of Name at this point: the innermost enclosing loop with that
  /// variable, else a size parameter, else int.
  IntType typeOf(const std::string &Name,
                 const std::vector<const Loop *> &Stack) const {
    for (size_t K = Stack.size(); K-- > 0;)
      if (Stack[K]->Var == Name)
        return Stack[K]->VarType;
    for (const Variable &V : F.Params)
      if (V.Name == Name && V.VarKind == Variable::SizeParam)
        return V.Int;
    return IntType();
  }

  /// The type C computes E in (its constants are int).
  IntType typeOf(const IndexExpr &E,
                 const std::vector<const Loop *> &Stack) const {
    IntType T;
    for (const std::string &S : E.symbols())
      T = IntType::common(T, typeOf(S, Stack));
    return T;
  }

  void add(IndexExpr E, const std::vector<const Loop *> &Loops,
           const Stmt *Guarded, SourceLoc Loc, std::string Message) {
    Obligations.push_back(
        {std::move(E), Loops, Guarded, Loc, std::move(Message)});
  }

  void loop(const Loop &L, const std::vector<const Loop *> &Outer) {
    const IntType &T = L.VarType;
    bool Up = L.Step > 0;
    if (WithSource)
      for (const WrapCheck &C : L.HeaderChecks)
        SourceObligations.push_back(
            {C.E, Outer, nullptr, C.Loc,
             C.What + " and wraps around where it is negative; " +
                 advice(C.E)});
    const std::vector<IndexExpr> &Start = Up ? L.Lower : L.Upper;
    // The condition's bounds as printed: `i < U + 1` or `i >= L`.
    std::vector<IndexExpr> Ends;
    for (const IndexExpr &E : Up ? L.Upper : L.Lower)
      Ends.push_back(Up ? E + IndexExpr::constant(1) : E);
    bool CondUnsigned = false;
    for (const IndexExpr &E : Ends)
      CondUnsigned |= !IntType::common(T, typeOf(E, Outer)).Signed;
    std::string What = "loop '" + L.Var + "'";
    for (const IndexExpr &S : Start) {
      IntType ST = typeOf(S, Outer);
      if (!ST.Signed || !T.Signed || CondUnsigned)
        add(S, Outer, nullptr, L.Loc,
            "the start value '" + S.str() + "' of " + What +
                " is computed, assigned or compared in an unsigned type ('" +
                (ST.Signed ? (T.Signed ? "unsigned" : T.Spelling)
                           : ST.Spelling) +
                "') and wraps around where it is negative; use signed types "
                "or bounds that stay non-negative");
    }
    // A single bound is printed additively, `i + 1 < n` (CEmitter.cpp
    // loopConditionAdditiveC): both sides are sums of positive terms.
    if (Ends.size() == 1 && CondUnsigned) {
      AffineConstraint K{Ends[0], false};
      auto [Pos, Neg] = K.additiveSides();
      for (const IndexExpr &Side : {Pos, Neg})
        add(Side, Outer, nullptr, L.Loc,
            "the condition of " + What + " compares '" + Side.str() +
                "' in an unsigned type ('" +
                IntType::common(T, typeOf(Ends[0], Outer)).Spelling +
                "'), where it wraps around if negative; use signed types or "
                "non-negative sizes");
      Ends.clear();
    }
    for (const IndexExpr &E : Ends)
      if (CondUnsigned)
        add(E, Outer, nullptr, L.Loc,
            "the bound '" + E.str() + "' in the condition of " + What +
                " is compared in an unsigned type ('" +
                IntType::common(T, typeOf(E, Outer)).Spelling +
                "') and wraps around where it is negative; write the "
                "condition without an unsigned subtraction (e.g. 'i + 1 < "
                "n' for 'i < n - 1'), or use signed types");
    // Stepping down: the value after each step is compared (and, for an
    // unsigned variable, held) without wrapping only if it is >= 0.
    if (!Up && (!T.Signed || CondUnsigned)) {
      std::vector<const Loop *> Here = Outer;
      Here.push_back(&L);
      // The source steps the same way: a source problem too.
      (WithSource ? SourceObligations : Obligations)
          .push_back(
              {IndexExpr::symbol(L.Var) + IndexExpr::constant(L.Step), Here,
               nullptr, L.Loc,
               std::string("loop variable '") + L.Var + "' of type '" +
                   T.Spelling + "' counts down past zero" +
                   (T.Signed ? " and is compared as unsigned" : "") +
                   ": after its last iteration '" + L.Var + " - " +
                   std::to_string(-L.Step) +
                   "' wraps around and the loop goes on; stop at a bound above "
                   "zero ('" +
                   L.Var + " > 0' and '" + L.Var +
                   " - 1' in the body) or use a signed type"});
    }
  }

  // Each access's subscripts, where the access is evaluated: in its
  // statement's domain and the arms of the `?:` around it (`x > 0 ?
  // in[x - 1] : in[0]` computes x - 1 only where x > 0).
  void subscripts(const Stmt &S, const std::vector<const Loop *> &Loops) {
    for (const Access &A : S.accesses(NotMemory))
      for (const IndexExpr &Sub : A.Subscripts)
        if (!typeOf(Sub, Loops).Signed) {
          add(Sub, Loops, &S, A.Loc.isValid() ? A.Loc : S.Loc,
              "the subscript '" + Sub.str() + "' of '" + A.Name +
                  "' is computed in an unsigned type ('" +
                  typeOf(Sub, Loops).Spelling +
                  "') and wraps around where it is negative");
          Obligations.back().Arms = A.Arms;
        }
  }

  void stmt(const Stmt &S, const std::vector<const Loop *> &Loops) {
    if (WithSource)
      for (const WrapCheck &C : S.GuardChecks)
        SourceObligations.push_back(
            {C.E, Loops, nullptr, C.Loc,
             C.What + " and wraps around where it is negative; " +
                 advice(C.E)});
    subscripts(S, Loops);
    // Guards are printed additively (`i + 2 <= n`); the sides are compared
    // in their common type.
    for (const AffineCondition &C : S.When.Affine)
      for (const std::vector<AffineConstraint> &D : C.disjuncts())
        for (const AffineConstraint &K : D) {
          auto [Left, Right] = K.additiveSides();
          if (IntType::common(typeOf(Left, Loops), typeOf(Right, Loops)).Signed)
            continue;
          for (const IndexExpr &Side : {Left, Right})
            add(Side, Loops, nullptr, S.Loc,
                "the condition '" + K.strAdditive() + "' of " + S.name() +
                    " is compared in an unsigned type, where '" + Side.str() +
                    "' wraps around if negative");
        }
  }

  /// A site for the domain of Loops (and of S's guard when given).
  StmtSite site(const Obligation &O, Stmt &Dummy) const {
    StmtSite Site;
    Site.S = O.Guarded ? O.Guarded : &Dummy;
    Site.Loops = O.Loops;
    return Site;
  }

  /// True when Name is >= 0 wherever O is evaluated.
  bool symbolNonNegative(const std::string &Name, const Obligation &O) {
    for (size_t K = O.Loops.size(); K-- > 0;)
      if (O.Loops[K]->Var == Name) {
        if (!O.Loops[K]->VarType.Signed)
          return true;
        Obligation Var = O;
        Var.E = IndexExpr::symbol(Name);
        std::string Ignored;
        return byIsl(Var, Ignored);
      }
    for (const Variable &V : F.Params)
      if (V.Name == Name && V.VarKind == Variable::SizeParam)
        return !V.Int.Signed;
    return false;
  }

  bool proven(const Obligation &O, std::string &Example) {
    return bySigns(O) || byIsl(O, Example) || byFactors(O, 2);
  }

  /// Every term's coefficient and symbols are non-negative.
  bool bySigns(const Obligation &O) {
    bool Signs = O.E.constantPart() >= 0;
    for (const Term &T : O.E.terms()) {
      if (T.Symbols.empty())
        continue;
      Signs &= T.Coeff > 0;
      for (const std::string &S : T.Symbols)
        Signs = Signs && symbolNonNegative(S, O);
    }
    return Signs;
  }

  /// A polynomial isl cannot take (`(i - 1) * m + j`, flattened
  /// `i*m - m + j`): E = S * Q + R for a symbol S of a product term that is
  /// non-negative on the domain; E >= 0 wherever Q >= 0 and R >= 0, each
  /// proven the same way (Depth more factors at most). Unsigned arithmetic
  /// gives the true value of E modulo 2^N, so E >= 0 (below 2^N) is all a
  /// subscript computed in it needs, whatever its intermediate values.
  bool byFactors(const Obligation &O, unsigned Depth) {
    if (Depth == 0)
      return false;
    std::set<std::string> Candidates;
    for (const Term &T : O.E.terms())
      if (T.Symbols.size() > 1)
        Candidates.insert(T.Symbols.begin(), T.Symbols.end());
    for (const std::string &S : Candidates) {
      Obligation Q = O, R = O;
      Q.E = IndexExpr();
      R.E = IndexExpr();
      for (const Term &T : O.E.terms()) {
        auto It = std::find(T.Symbols.begin(), T.Symbols.end(), S);
        if (It == T.Symbols.end()) {
          R.E = R.E + IndexExpr::term(T.Coeff, T.Symbols);
          continue;
        }
        Monomial Rest = T.Symbols;
        Rest.erase(Rest.begin() + (It - T.Symbols.begin()));
        Q.E = Q.E + IndexExpr::term(T.Coeff, Rest);
      }
      Obligation Factor = O;
      Factor.E = IndexExpr::symbol(S);
      std::string Ignored;
      if (!symbolNonNegative(S, O) && !byIsl(Factor, Ignored))
        continue;
      if (provenWithin(Q, Depth - 1) && provenWithin(R, Depth - 1))
        return true;
    }
    return false;
  }
  bool provenWithin(const Obligation &O, unsigned Depth) {
    std::string Ignored;
    return bySigns(O) || byIsl(O, Ignored) || byFactors(O, Depth);
  }

  /// isl: the domain holds no point where O.E < 0. Example gets one.
  bool byIsl(const Obligation &O, std::string &Example) {
    Stmt Dummy;
    StmtSite Site = site(O, Dummy);
    std::optional<std::string> E = Solver.islExpr(Site, 'x', O.E);
    if (!E)
      return false;
    std::vector<std::string> C;
    Solver.islDomain(Site, 'x', C); // an inexact (larger) domain is fine
    Solver.islArms(Site, 'x', O.Arms, C);
    C.push_back(*E + " < 0");
    for (const Variable &V : F.Params)
      if (V.VarKind == Variable::SizeParam && !V.Int.Signed)
        if (std::optional<std::string> P =
                Solver.islExpr(Site, 'x', IndexExpr::symbol(V.Name)))
          C.push_back(*P + " >= 0");
    std::vector<std::string> Vars;
    for (unsigned K = 0; K < O.Loops.size(); ++K)
      Vars.push_back("x" + std::to_string(K));
    isl_set *Set = Solver.islSet(Vars, C);
    if (!Set)
      return false;
    isl_bool Empty = isl_set_is_empty(Set);
    if (Empty == isl_bool_false)
      Example = sample(Set, O.Loops);
    isl_set_free(Set);
    return Empty == isl_bool_true;
  }

  std::string sample(isl_set *Set, const std::vector<const Loop *> &Loops) {
    isl_point *P = isl_set_sample_point(isl_set_copy(Set));
    if (!P)
      return "";
    auto Value = [&](isl_dim_type T, unsigned K) {
      isl_val *V = isl_point_get_coordinate_val(P, T, int(K));
      std::string S = V ? std::to_string(isl_val_get_num_si(V)) : "?";
      isl_val_free(V);
      return S;
    };
    std::string Out;
    isl_size NP = isl_set_dim(Set, isl_dim_param);
    for (isl_size K = 0; K < NP; ++K) {
      const char *N = isl_set_get_dim_name(Set, isl_dim_param, unsigned(K));
      Out += (Out.empty() ? "" : ", ") + Solver.paramSpelling(N ? N : "?") +
             " = " + Value(isl_dim_param, unsigned(K));
    }
    for (unsigned K = 0; K < Loops.size(); ++K)
      Out += (Out.empty() ? "" : ", ") + Loops[K]->Var + " = " +
             Value(isl_dim_set, K);
    isl_point_free(P);
    return Out;
  }

  const Function &F;
  bool WithSource;
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  DependenceSolver Solver;
  std::vector<Obligation> Obligations, SourceObligations;
};

} // namespace

std::vector<Diagnostic> looptile::checkIntegerWrap(const Function &F,
                                                   bool WithSource) {
  if (!F.hasNonIntIndices())
    return {};
  return Checker(F, WithSource).run();
}
