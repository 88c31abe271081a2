//===- Formula.h - The manifest's integer size formulas ---------*- C++ -*-===//
//
// Owns parsing and evaluating the formulas of docs/manifest.md ("Formulas"):
// 64-bit integer expressions over size parameters and tunables with
// + - * / %, unary minus, parentheses, round_up, ceil_div, min and max, and
// the conditions of the manifest's size checks: comparisons (< <= > >= ==
// !=, 1 when true, else 0), && and ||.
// Overflow and division by zero are errors, never silent wrap-around.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_FORMULA_H
#define LOOPTILE_RUNTIME_FORMULA_H

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>

namespace looptile::rt {

/// How deep a formula may nest: parentheses, function calls and unary
/// minus, and the height of its expression tree (a chain of N binary
/// operators is N deep). Generated manifests nest at most about 25 deep;
/// the limit keeps the recursive parser and evaluator within any thread's
/// stack (10,000 parentheses overflowed it).
constexpr int MaxFormulaDepth = 256;

/// Values of the names a formula may use (size parameters and tunables).
using Env = std::map<std::string, int64_t>;

class Formula {
public:
  Formula() = default;
  /// Parses Text; throws Error(ErrorKind::Manifest) mentioning Context
  /// (e.g. "kernels[0].global[1]") on a syntax error or a formula nested
  /// more than MaxFormulaDepth deep.
  static Formula parse(const std::string &Text, const std::string &Context);

  /// Evaluates under E; throws Error on an unknown name, division by zero
  /// or overflow.
  int64_t evaluate(const Env &E) const;

  const std::string &text() const { return Text; }
  /// Every name the formula mentions.
  std::set<std::string> names() const;
  bool valid() const { return Root != nullptr; }

  struct Node;

private:
  std::string Text;
  std::string Context;
  std::shared_ptr<const Node> Root;
};

} // namespace looptile::rt

#endif
