//===- Expand.h - scalar expansion (privatization into an array) -*- C++
//-*-===//
//
// Owns array expansion of a privatizable scalar (lecture 04, "Loop
// Distribution May Require Array Expansion"): in a loop L where the scalar
// is written before it is read in every iteration, each iteration's copy
// gets its own element, `tmp` becomes `tmp_x[i]`. This removes the
// loop-carried anti and output dependences on the scalar, which loop
// distribution needs. When the scalar's value is read after L, the last
// iteration's element is copied back, where the last iteration wrote it.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_EXPAND_H
#define LOOPTILE_TRANSFORMS_EXPAND_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace looptile {

/// Why Name cannot be expanded along the loop L (std::nullopt when it can):
/// it must be a local scalar, private in that loop, and the loop must run
/// with step 1 from a non-negative constant to a single upper bound that
/// does not depend on enclosing loops. When Name is read after L, its value
/// there is the last write the original executes: isl must prove that the
/// last iteration of L writes it whenever any iteration does (the must-write
/// question of Privatization.h); the copy-out then replays the last
/// iteration's writes, so nothing is copied when nothing was written.
std::optional<std::string> whyCannotExpand(const Function &F, const Loop &L,
                                           const std::string &Name);

/// Expands Name along loop L (which must belong to F). Assumes
/// whyCannotExpand returned std::nullopt. Returns the new array's name.
std::string expandScalar(Function &F, Loop &L, const std::string &Name);

/// `--expand NAME[:LOOP]`: expands the local scalar or the array Name along
/// the selected loop (LoopSpec, a loop selector such as `i` or `j:12`), or
/// when LoopSpec is empty along the innermost loop that encloses all of its
/// accesses and in which it can be expanded. Several selectors (outermost
/// first, each loop directly inside the one before) expand an array along
/// that band of loops (ExpandArray.h). Arrays are handled by
/// ExpandArray.h. Refuses (with a diagnostic) when there is none.
bool applyExpandStep(Function &F, const std::string &Name,
                     const std::vector<std::string> &LoopSpecs,
                     std::vector<Diagnostic> &Diags);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_EXPAND_H
