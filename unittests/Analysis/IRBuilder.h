//===- IRBuilder.h - loop-nest IR from short strings, for tests -*- C++ -*-===//
//
// Owns the helpers the Analysis unit tests use to build IR by hand:
// statements parsed from C-like text (`C[i][j] += A[i][k] * B[k][j]`),
// loops with bound lists, and functions whose statements are numbered in
// textual order.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_UNITTESTS_ANALYSIS_IRBUILDER_H
#define LOOPTILE_UNITTESTS_ANALYSIS_IRBUILDER_H

#include "looptile/IR/LoopNest.h"

#include <string>
#include <vector>

namespace looptile {
namespace test {

/// An IndexExpr from text with + - * over integers and identifiers.
IndexExpr idx(const std::string &Text);
/// A statement `LHS op RHS` (op one of = += -= *= /=); `float t = e`
/// declares t. Array references are `A[e1][e2]`, calls `f(a, b)`.
Node stmt(const std::string &Text);
/// `for Var in [max(Lower), min(Upper)] step Step { Body }`.
Node loop(const std::string &Var, std::vector<std::string> Lower,
          std::vector<std::string> Upper, std::vector<Node> Body,
          int64_t Step = 1);
/// A function: Sizes become SizeParam, Arrays ArrayParam (or PointerParam
/// when spelled `*A`, restrict when `*restrict A`), Locals LocalScalar
/// (`t@i` declares t in loop i). Statements get ids and lines in order.
Function function(const std::string &Name, std::vector<std::string> Sizes,
                  std::vector<std::string> Arrays,
                  std::vector<std::string> Locals, std::vector<Node> Body);

} // namespace test
} // namespace looptile

#endif // LOOPTILE_UNITTESTS_ANALYSIS_IRBUILDER_H
