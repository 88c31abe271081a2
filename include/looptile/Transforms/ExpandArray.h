//===- ExpandArray.h - array privatization by expansion --------*- C++ -*-===//
//
// Owns array expansion (lecture 04, "Example: Eliminating WAW Dependencies"
// and "False Dependencies (WAR/WAW)"): an array A that, in every iteration
// of a loop L, is written before it is read (every read's value comes from a
// write of the same iteration) gets one copy per iteration of L, a new
// leading dimension indexed by L's variable:
//
//   float A[M];                        float A_x[N][M];
//   for (i = 0; i < N; i++) {          for (i = 0; i < N; i++) {
//     for (j ...) A[j] = ...;   =>       for (j ...) A_x[i][j] = ...;
//     for (k ...) ... A[k] ...;          for (k ...) ... A_x[i][k] ...;
//   }                                  }
//
// This removes every dependence on A carried by L (the output, anti and
// flow dependences between iterations), which makes L parallel or
// distributable. When A is live after L (a parameter array always is; a
// local array when it is read later), the last iteration's copy is copied
// back into A after L; that is exact only when the last iteration writes
// every element some iteration writes, which is checked too.
// The legality question is answered exactly by isl
// (Analysis/Privatization.h); a refusal names the read that may see a value
// from an earlier iteration, with the dependence that carries it.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_EXPANDARRAY_H
#define LOOPTILE_TRANSFORMS_EXPANDARRAY_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"
#include "looptile/Transforms/LoopUtils.h"

#include <string>
#include <vector>

namespace looptile {

/// What expandArray needs from the legality check.
struct ArrayExpansionPlan {
  /// A is live after L: copy the last iteration's values back.
  bool CopyOut = false;
  /// The statements inside L whose last-iteration writes are copied back
  /// (their loops below L are replicated around the copy).
  std::vector<unsigned> CopyOutWrites;
};

/// Checks that array Name can be expanded along the loop L at Where, or,
/// with Band > 1, along the band of the Band loops of Where.Path that end
/// at L (`--expand sum:r,q`: one copy per iteration of r and q, subscripts
/// `sum_x[r][q][...]`). A band needs every access inside its outermost loop
/// O to be inside L; coverage is asked in L (the same iteration of every
/// band loop), and a copy-out replays the last iteration of O, so it needs
/// the last iteration of O to write every element any iteration writes. On
/// refusal appends an error at the loop (and notes) to Diags and returns
/// false.
bool checkArrayExpansion(const Function &F, const LoopLocation &Where,
                         const std::string &Name, ArrayExpansionPlan &Plan,
                         std::vector<Diagnostic> &Diags, unsigned Band = 1);

/// Expands Name along the loop at Where (or the band of Band loops ending
/// there). Assumes checkArrayExpansion succeeded with Plan and the same
/// Band. Returns the new array's name.
std::string expandArray(Function &F, const LoopLocation &Where,
                        const std::string &Name, const ArrayExpansionPlan &Plan,
                        unsigned Band = 1);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_EXPANDARRAY_H
