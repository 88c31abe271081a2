//===- Delinearize.h - recover dimensions of linearized subscripts -*- C++ -*-===//
//
// Internal to lib/Analysis. Owns delinearization: a subscript such as
// `i*N + j` (or `i*N*M + j*M + k`) is split into dimensions `[i][j]`
// (`[i][j][k]`) when isl proves, for every access to that array in the nest,
// that each lower digit stays in range (0 <= j <= N - 1), which makes equal
// addresses equivalent to equal digits.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_LIB_ANALYSIS_DELINEARIZE_H
#define LOOPTILE_LIB_ANALYSIS_DELINEARIZE_H

#include "DependenceSolver.h"

namespace looptile {

/// For each array whose subscript position 0 was split, the extent of each
/// digit below the top one, top first: `i*N*M + j*M + k` gives {"N", "M"}
/// (the address becomes [i][j][k] with 0 <= j < N and 0 <= k < M).
using DigitExtents = std::map<std::string, std::vector<std::string>>;

/// Rewrites the Address of every access to an array whose subscripts are
/// not loop-affine, where that can be proved; other addresses stay as they
/// are (and the analysis then assumes a dependence for them). When Splits
/// is given, records the digits of each split first position there.
void delinearize(std::vector<StmtSite> &Sites, DependenceSolver &Solver,
                 DigitExtents *Splits = nullptr);

} // namespace looptile

#endif // LOOPTILE_LIB_ANALYSIS_DELINEARIZE_H
