//===- AffineCondition.h - exact conditions on loop variables --*- C++ -*-===//
//
// Owns AffineCondition: a condition on loop variables and size parameters
// that the analysis can use exactly, e.g. the border test of a stencil
// `i > 0 && i < n - 1`. It is a union of conjunctions of affine constraints
// (disjunctive normal form), closed under `&&`, `||` and `!`, so an `if`'s
// condition and its `else` (the complement) are both exact. A statement's
// iteration domain is its loops' bounds intersected with its guard's affine
// conditions (LoopNest.h, Guard).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_IR_AFFINECONDITION_H
#define LOOPTILE_IR_AFFINECONDITION_H

#include "looptile/IR/IndexExpr.h"

#include <string>
#include <utility>
#include <vector>

namespace looptile {

/// One affine constraint: `E >= 0`, or `E == 0` when IsEquality.
struct AffineConstraint {
  IndexExpr E;
  bool IsEquality = false;

  /// C syntax with the positive terms on the left: `i >= 1`, `n >= i + 2`,
  /// `i == j`.
  std::string str() const;
  /// The sides of the constraint with every coefficient positive, Left >=
  /// Right (or ==): `i + 2 <= n` for n - 2 - i >= 0. C computes them
  /// without a subtraction, so in unsigned types they cannot wrap.
  std::pair<IndexExpr, IndexExpr> additiveSides() const;
  /// C syntax of additiveSides(): `n >= i + 2`.
  std::string strAdditive() const;
  bool operator==(const AffineConstraint &O) const {
    return IsEquality == O.IsEquality && E == O.E;
  }
};

/// A union of conjunctions of affine constraints. No disjunct is false; one
/// empty disjunct is true.
class AffineCondition {
public:
  /// The constant condition Value.
  static AffineCondition constant(bool Value);
  /// The single constraint C.
  static AffineCondition of(AffineConstraint C);
  /// `L OP R` for OP one of "<", "<=", ">", ">=", "==", "!=".
  static AffineCondition compare(const IndexExpr &L, const std::string &Op,
                                 const IndexExpr &R);

  AffineCondition operator&&(const AffineCondition &O) const;
  AffineCondition operator||(const AffineCondition &O) const;
  /// The complement, by De Morgan's laws (in integers, !(E >= 0) is
  /// -E - 1 >= 0 and !(E == 0) is E >= 1 or E <= -1).
  AffineCondition operator!() const;

  const std::vector<std::vector<AffineConstraint>> &disjuncts() const {
    return Disjuncts;
  }
  bool isTrue() const;
  bool isFalse() const { return Disjuncts.empty(); }
  /// Replaces the symbol Name by Value in every constraint.
  AffineCondition substitute(const std::string &Name,
                             const IndexExpr &Value) const;
  bool mentions(const std::string &Name) const;
  bool operator==(const AffineCondition &O) const {
    return Disjuncts == O.Disjuncts;
  }

  /// C syntax: `i >= 1 && n >= i + 2`, `i == 0 || i == n - 1` (a
  /// disjunction of several conjunctions parenthesises each).
  std::string str() const;
  /// The same with every constraint printed by strAdditive().
  std::string strAdditive() const;

  /// Conditions whose normal form would grow beyond this many disjuncts
  /// are not built (the caller treats the condition as one on data).
  static constexpr size_t MaxDisjuncts = 64;
  /// False when building this condition (or one it was built from) would
  /// have exceeded MaxDisjuncts; the condition is then not usable.
  bool isBounded() const { return !TooLarge; }

private:
  std::vector<std::vector<AffineConstraint>> Disjuncts;
  bool TooLarge = false;
  void simplify();
};

} // namespace looptile

#endif // LOOPTILE_IR_AFFINECONDITION_H
