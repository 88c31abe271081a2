//===- Legality.h - the lecture's dependence theorems ----------*- C++ -*-===//
//
// Owns the three theorems of lecture 04 that decide legality from a
// direction matrix (one DirectionVector per row, all over the same loops,
// outermost first): the parallel-loop theorem, the interchange (permutation)
// theorem and the invariant that no direction vector starts with '>'. Each
// is implemented once, here; the analysis and the transforms call these.
//
// A row holding '*' stands for each of its expansions that satisfies the
// invariant (an expansion starting with '>' describes the reverse
// dependence, which the analysis reports as its own row). A theorem treats
// the row as violating when any such expansion violates it.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_LEGALITY_H
#define LOOPTILE_ANALYSIS_LEGALITY_H

#include "looptile/Analysis/DirectionVector.h"

#include <optional>
#include <vector>

namespace looptile {

/// The lecture's invariant: a direction vector never has '>' as its first
/// non-'=' entry (that would make an iteration depend on a later one).
bool satisfiesDirectionInvariant(const DirectionVector &V);

/// Parallel-loop theorem: the loop at position Level is parallel iff every
/// row is '=' at Level or has '<' at some outer position. Returns the index
/// of the first row that makes the loop sequential, or std::nullopt when the
/// loop is parallel.
std::optional<size_t>
findParallelismViolation(const std::vector<DirectionVector> &Rows,
                         unsigned Level);
inline bool isParallelLoop(const std::vector<DirectionVector> &Rows,
                           unsigned Level) {
  return !findParallelismViolation(Rows, Level);
}

/// Interchange theorem: permuting the loops (Perm as in
/// DirectionVector::permuted) is legal iff no permuted row has '>' as its
/// leftmost non-'=' entry. Returns the index of the first offending row, or
/// std::nullopt when the permutation is legal.
std::optional<size_t>
findPermutationViolation(const std::vector<DirectionVector> &Rows,
                         const std::vector<unsigned> &Perm);
inline bool isLegalPermutation(const std::vector<DirectionVector> &Rows,
                               const std::vector<unsigned> &Perm) {
  return !findPermutationViolation(Rows, Perm);
}

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_LEGALITY_H
