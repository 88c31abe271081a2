//===- Privatization.h - can an array be privatized in a loop? -*- C++ -*-===//
//
// Owns the exact test behind array privatization / expansion (lecture 04,
// "False Dependencies (WAR/WAW)": a cross-iteration WAW dependence can be
// eliminated by privatization when every read from an array location is
// covered by a previous same-iteration write). For an array A and a loop L
// it asks isl, over the whole iteration space and every value of the sizes:
//
//  * coverage: for every instance of every read of A inside L, some write of
//    A inside L, in the same iteration of L (and of every loop around L),
//    writes the same element earlier. The last write before the read is
//    then in the same iteration of L, so the read never sees a value from
//    another iteration, nor one from before L;
//  * copy-out: the elements the last iteration of L writes include every
//    element any iteration writes (per iteration of the loops around L), so
//    the final values of A after L are the last iteration's values.
//
// Direction vectors alone cannot decide coverage (the lecture says as much);
// this is a question about sets of instances, asked directly.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_PRIVATIZATION_H
#define LOOPTILE_ANALYSIS_PRIVATIZATION_H

#include "looptile/IR/LoopNest.h"

#include <optional>
#include <string>
#include <vector>

namespace looptile {

struct ArrayPrivatization {
  enum Status {
    Private,    ///< every read inside L is covered
    NotCovered, ///< some instance of Read is not covered
    Unknown,    ///< the question could not be put to isl (see Why)
  };
  Status Verdict = Unknown;
  /// NotCovered/Unknown: the first read (in textual order) at fault, and
  /// the id of its statement.
  std::optional<Access> Read;
  unsigned ReadStmt = 0;
  /// Unknown: what could not be expressed (a non-affine subscript or bound).
  std::string Why;
  /// NotCovered: an uncovered instance of Read, e.g. `M = 2: i = 0, k = 1`
  /// (sizes, then the loop variables around the read).
  std::string Witness;
  /// NotCovered: the first write of the nest (textual order) that some
  /// uncovered instance may read from, an instance in an earlier iteration
  /// of L or of a loop around it; none when the value may only come from
  /// before the nest.
  std::optional<Access> Source;
  unsigned SourceStmt = 0;
  /// Private: true when the last iteration of L writes every element that
  /// any iteration writes (so copying the last iteration out is exact).
  bool LastIterationWritesAll = false;
  /// Private and not LastIterationWritesAll: an element some iteration
  /// writes and the last one does not, e.g. `N = 2: A[0]`.
  std::string CopyOutWitness;
  /// Private and LastIterationWritesAll: ids of the statements inside L
  /// that write A whose last-iteration writes, replayed in textual order,
  /// cover all of it (a write another already covers is left out).
  std::vector<unsigned> CopyOutWrites;
};

/// Decides whether array Name can be privatized in loop L of nest
/// NestIndex of F. L must have step 1 and the single upper bound Last
/// (its last value, which must not mention the loops around L) for the
/// copy-out question; coverage does not depend on them.
ArrayPrivatization analyzeArrayPrivatization(const Function &F,
                                             unsigned NestIndex, const Loop &L,
                                             const std::string &Name);

/// True when isl proves that no access of Array in Nodes (consecutive
/// nodes of one loop body, enclosed by the loops Outer, outermost first)
/// touches the element Array[Element] in the same iteration of Outer:
/// for every access of Array there, the set of iterations where its
/// subscripts equal Element's is empty. Element may mention only the
/// variables of Outer and sizes. Skip (a statement of Nodes) is left out.
/// False, with Why, when an access may touch it or the question cannot be
/// put to isl (a gather, a non-affine subscript).
bool elementUntouched(const Function &F,
                      const std::vector<const Loop *> &Outer,
                      const std::vector<const Node *> &Nodes,
                      const std::string &Array,
                      const std::vector<IndexExpr> &Element,
                      const Stmt *SkipWrite, std::string &Why);

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_PRIVATIZATION_H
