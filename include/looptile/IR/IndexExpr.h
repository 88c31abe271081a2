//===- IndexExpr.h - integer polynomials for subscripts and bounds -*- C++ -*-===//
//
// Owns IndexExpr: the integer-valued expressions of the loop-nest IR (loop
// bounds and array subscripts). An IndexExpr is a polynomial with integer
// coefficients over named symbols (loop induction variables and symbolic size
// parameters). Most are affine (every monomial has degree <= 1); a linearized
// subscript such as `i*K + k` keeps its products so that the analysis can
// delinearize it later (DESIGN.md, "Accesses").
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_IR_INDEXEXPR_H
#define LOOPTILE_IR_INDEXEXPR_H

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace looptile {

/// A product of symbols in source order, with repetition for powers. The
/// empty monomial is the constant 1.
using Monomial = std::vector<std::string>;

/// One term of an IndexExpr: Coeff * (product of Symbols).
struct Term {
  int64_t Coeff = 0;
  Monomial Symbols;
};

/// An integer polynomial over named symbols, kept in a canonical form: terms
/// with distinct monomials, no zero coefficients, in first-seen order (so it
/// prints the way the source wrote it).
class IndexExpr {
public:
  IndexExpr() = default;
  /// The constant C.
  static IndexExpr constant(int64_t C);
  /// The symbol Name with coefficient 1.
  static IndexExpr symbol(const std::string &Name);
  /// One term, Coeff times the product of Symbols.
  static IndexExpr term(int64_t Coeff, const Monomial &Symbols);

  IndexExpr operator+(const IndexExpr &O) const;
  IndexExpr operator-(const IndexExpr &O) const;
  IndexExpr operator*(const IndexExpr &O) const;
  IndexExpr operator-() const;
  IndexExpr scaled(int64_t Factor) const;
  bool operator==(const IndexExpr &O) const;
  bool operator!=(const IndexExpr &O) const { return !(*this == O); }

  const std::vector<Term> &terms() const { return Terms; }
  /// The coefficient of the constant monomial.
  int64_t constantPart() const;
  /// True when the expression is a plain integer.
  bool isConstant() const;
  /// True when no monomial has degree above one.
  bool isAffine() const;
  /// The coefficient of the degree-one monomial Name (0 when absent).
  int64_t coeffOf(const std::string &Name) const;
  /// Every symbol that occurs in some term.
  std::set<std::string> symbols() const;
  /// True when Name occurs in some term.
  bool mentions(const std::string &Name) const;
  /// Replace every occurrence of symbol Name by Value.
  IndexExpr substitute(const std::string &Name, const IndexExpr &Value) const;

  /// C syntax, e.g. `i*K + k - 1`; parenthesised as needed by the caller.
  std::string str() const;
  /// C syntax with a symbol that several terms of degree at most two share
  /// factored out (the one in the most terms, recursively): `i*m - n*m +
  /// 5*m + j` is
  /// `(i - n + 5)*m + j`. A subscript the source linearized prints as it
  /// was written, and its partial results stay what the source computes:
  /// the distributed form's `n*m` can pass INT_MAX where `(i - n + 5)*m`
  /// is an offset inside the array. Without a shared symbol, str().
  std::string factoredStr() const;

private:
  void addTerm(int64_t Coeff, const Monomial &M);
  std::vector<Term> Terms;
};

/// An integer constant as C and OpenCL C read it back with the same value
/// and type: INT_MIN is `(-2147483647 - 1)` (`-2147483648` is a long).
std::string intLiteralStr(int64_t Value);

} // namespace looptile

#endif // LOOPTILE_IR_INDEXEXPR_H
