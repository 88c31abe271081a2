//===- AffineCondition.cpp - exact conditions on loop variables -----------===//
//
// Implements the normal form of AffineCondition: constant constraints are
// folded, duplicate constraints and disjuncts removed, and a disjunct that
// is empty (true) makes the whole condition true.
//
//===----------------------------------------------------------------------===//
#include "looptile/IR/AffineCondition.h"

#include <algorithm>

using namespace looptile;

std::string AffineConstraint::str() const {
  // The terms with the sign of the first symbol's term go on the left, made
  // positive: E = -i + n - 2 >= 0 prints `i <= n - 2`, E = i - 1 `i >= 1`.
  int Sign = 0;
  for (const Term &T : E.terms())
    if (!T.Symbols.empty()) {
      Sign = T.Coeff > 0 ? 1 : -1;
      break;
    }
  if (Sign == 0)
    return E.str() + (IsEquality ? " == 0" : " >= 0");
  IndexExpr Left, Right;
  int64_t Constant = 0;
  for (const Term &T : E.terms()) {
    if (T.Symbols.empty()) {
      Constant = -T.Coeff * Sign;
      continue;
    }
    IndexExpr Sym = IndexExpr::constant(1);
    for (const std::string &S : T.Symbols)
      Sym = Sym * IndexExpr::symbol(S);
    if ((T.Coeff > 0) == (Sign > 0))
      Left = Left + Sym.scaled(T.Coeff * Sign);
    else
      Right = Right + Sym.scaled(-T.Coeff * Sign);
  }
  Right = Right + IndexExpr::constant(Constant);
  const char *Op = IsEquality ? " == " : Sign > 0 ? " >= " : " <= ";
  return Left.str() + Op + Right.str();
}

std::pair<IndexExpr, IndexExpr> AffineConstraint::additiveSides() const {
  IndexExpr Left, Right;
  for (const Term &T : E.terms()) {
    IndexExpr Mono = IndexExpr::constant(1);
    for (const std::string &S : T.Symbols)
      Mono = Mono * IndexExpr::symbol(S);
    if (T.Coeff > 0)
      Left = Left + Mono.scaled(T.Coeff);
    else
      Right = Right + Mono.scaled(-T.Coeff);
  }
  return {Left, Right};
}

std::string AffineConstraint::strAdditive() const {
  auto [Left, Right] = additiveSides();
  return Left.str() + (IsEquality ? " == " : " >= ") + Right.str();
}

AffineCondition AffineCondition::constant(bool Value) {
  AffineCondition R;
  if (Value)
    R.Disjuncts.push_back({});
  return R;
}

AffineCondition AffineCondition::of(AffineConstraint C) {
  AffineCondition R;
  R.Disjuncts.push_back({std::move(C)});
  R.simplify();
  return R;
}

AffineCondition AffineCondition::compare(const IndexExpr &L,
                                         const std::string &Op,
                                         const IndexExpr &R) {
  // L's terms come first, so that the constraint prints as written.
  IndexExpr One = IndexExpr::constant(1);
  IndexExpr NegL = -L;
  if (Op == "<")
    return of({NegL + R - One, false});
  if (Op == "<=")
    return of({NegL + R, false});
  if (Op == ">")
    return of({L - R - One, false});
  if (Op == ">=")
    return of({L - R, false});
  if (Op == "==")
    return of({L - R, true});
  // "!=": L < R or L > R.
  return of({NegL + R - One, false}) || of({L - R - One, false});
}

bool AffineCondition::isTrue() const {
  return std::any_of(
      Disjuncts.begin(), Disjuncts.end(),
      [](const std::vector<AffineConstraint> &D) { return D.empty(); });
}

void AffineCondition::simplify() {
  std::vector<std::vector<AffineConstraint>> Out;
  for (std::vector<AffineConstraint> &D : Disjuncts) {
    std::vector<AffineConstraint> Kept;
    bool False = false;
    for (AffineConstraint &C : D) {
      if (C.E.isConstant()) {
        int64_t V = C.E.constantPart();
        if (C.IsEquality ? V != 0 : V < 0)
          False = true;
        continue; // a true constant constraint says nothing
      }
      if (std::find(Kept.begin(), Kept.end(), C) == Kept.end())
        Kept.push_back(std::move(C));
    }
    if (False)
      continue;
    if (Kept.empty()) {
      Disjuncts = {{}};
      return;
    }
    if (std::find(Out.begin(), Out.end(), Kept) == Out.end())
      Out.push_back(std::move(Kept));
  }
  Disjuncts = std::move(Out);
  if (Disjuncts.size() > MaxDisjuncts)
    TooLarge = true;
}

AffineCondition AffineCondition::operator&&(const AffineCondition &O) const {
  AffineCondition R;
  if (TooLarge || O.TooLarge ||
      Disjuncts.size() * O.Disjuncts.size() > MaxDisjuncts * MaxDisjuncts) {
    R.TooLarge = true;
    return R;
  }
  for (const std::vector<AffineConstraint> &A : Disjuncts)
    for (const std::vector<AffineConstraint> &B : O.Disjuncts) {
      std::vector<AffineConstraint> Both = A;
      Both.insert(Both.end(), B.begin(), B.end());
      R.Disjuncts.push_back(std::move(Both));
    }
  R.simplify();
  return R;
}

AffineCondition AffineCondition::operator||(const AffineCondition &O) const {
  AffineCondition R = *this;
  R.TooLarge |= O.TooLarge;
  R.Disjuncts.insert(R.Disjuncts.end(), O.Disjuncts.begin(), O.Disjuncts.end());
  R.simplify();
  return R;
}

AffineCondition AffineCondition::operator!() const {
  // !(D1 || D2 || ...) = !D1 && !D2 && ...; !(c1 && c2 && ...) = !c1 || ...
  AffineCondition R = constant(true);
  R.TooLarge = TooLarge;
  IndexExpr One = IndexExpr::constant(1);
  for (const std::vector<AffineConstraint> &D : Disjuncts) {
    AffineCondition NotD = constant(false);
    for (const AffineConstraint &C : D) {
      NotD = NotD || of({-C.E - One, false});
      if (C.IsEquality)
        NotD = NotD || of({C.E - One, false});
    }
    R = R && NotD;
    if (!R.isBounded())
      return R;
  }
  return R;
}

AffineCondition AffineCondition::substitute(const std::string &Name,
                                            const IndexExpr &Value) const {
  AffineCondition R = *this;
  for (std::vector<AffineConstraint> &D : R.Disjuncts)
    for (AffineConstraint &C : D)
      C.E = C.E.substitute(Name, Value);
  R.simplify();
  return R;
}

bool AffineCondition::mentions(const std::string &Name) const {
  for (const std::vector<AffineConstraint> &D : Disjuncts)
    for (const AffineConstraint &C : D)
      if (C.E.mentions(Name))
        return true;
  return false;
}

static std::string
conditionStr(const std::vector<std::vector<AffineConstraint>> &Disjuncts,
             bool Additive) {
  if (Disjuncts.empty())
    return "0";
  std::string Out;
  for (size_t I = 0; I < Disjuncts.size(); ++I) {
    const std::vector<AffineConstraint> &D = Disjuncts[I];
    if (D.empty())
      return "1";
    std::string Conj;
    for (size_t K = 0; K < D.size(); ++K)
      Conj += (K ? " && " : "") + (Additive ? D[K].strAdditive() : D[K].str());
    if (Disjuncts.size() > 1 && D.size() > 1)
      Conj = "(" + Conj + ")";
    Out += (I ? " || " : "") + Conj;
  }
  return Out;
}

std::string AffineCondition::str() const {
  return conditionStr(Disjuncts, false);
}

std::string AffineCondition::strAdditive() const {
  return conditionStr(Disjuncts, true);
}
