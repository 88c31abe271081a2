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

/// Rewrites the Address of every access to an array whose subscripts are
/// not loop-affine, where that can be proved; other addresses stay as they
/// are (and the analysis then assumes a dependence for them).
void delinearize(std::vector<StmtSite> &Sites, DependenceSolver &Solver);

} // namespace looptile

#endif // LOOPTILE_LIB_ANALYSIS_DELINEARIZE_H
