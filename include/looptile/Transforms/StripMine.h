//===- StripMine.h - strip-mining a loop -----------------------*- C++ -*-===//
//
// Owns strip-mining (lecture 04, "Loop Strip Mining"):
//
//   for (i = lo; i <= hi; i++) body
//     =>
//   for (ii = lo; ii <= hi; ii += T)
//     for (i = ii; i <= MIN(ii + T - 1, hi); i++) body
//
// (and likewise for other steps: the tile loop steps by T*step, the point
// loop runs T values of the original step from the tile loop's value).
// Strip-mining is always legal: the new loops execute the same iterations in
// the same order. The only precondition is structural (a single start
// value), checked by whyCannotStripMine.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_STRIPMINE_H
#define LOOPTILE_TRANSFORMS_STRIPMINE_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Transforms/LoopUtils.h"

#include <optional>
#include <string>

namespace looptile {

/// Why L cannot be strip-mined by Size (std::nullopt when it can).
std::optional<std::string> whyCannotStripMine(const Loop &L, int64_t Size);

/// Strip-mines the loop at Where by Size; the new outer (tile) loop's
/// variable is TileVar. Assumes whyCannotStripMine returned std::nullopt.
void stripMine(LoopLocation Where, int64_t Size, const std::string &TileVar);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_STRIPMINE_H
