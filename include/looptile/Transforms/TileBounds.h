//===- TileBounds.h - tiling bands with dependent bounds -------*- C++ -*-===//
//
// Owns the loop headers of a tiled band whose bounds depend on other loops
// of the band (triangular nests such as `for i; for j <= i`), where
// strip-mining each loop and moving the tile loops outward (the rectangular
// mechanism, lecture 04's block tiling) cannot keep the headers as they are.
// Legality is the caller's (the band must be fully permutable: then any
// execution order of whole tiles in lexicographic order of tile coordinates,
// with the points of a tile in their original order, respects every
// dependence, whatever the shape of the iteration space).
//
// Method: every loop v of the band gets a tile loop vv over a fixed grid
// (origin c, a lower bound of v over the whole band, step T) and a point loop
//   v in [max(vv, original lower bounds), min(vv + T - 1, original uppers)].
// The tile loops' bounds come from Fourier-Motzkin elimination of the point
// variables from the band's inequalities plus vv <= v <= vv + T - 1: every
// non-empty tile satisfies them (tiles they still admit that hold no point
// run empty point loops). A tile loop starts at its origin, or at a lower
// bound `ww + c` on an outer tile loop ww with the same grid, rounded up to
// the grid (`jj` from `ii` for `j >= i`). Coefficients other than +-1 on a
// band variable are refused (they would need divisions).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_TILEBOUNDS_H
#define LOOPTILE_TRANSFORMS_TILEBOUNDS_H

#include "looptile/IR/LoopNest.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace looptile {

/// True when some loop of Band has a bound that mentions another loop of
/// the band.
bool hasDependentBounds(const std::vector<Loop *> &Band);

/// The 2n headers (no bodies) of the tiled band: the tile loops (variables
/// TileVars, steps Sizes), outermost first, then the point loops in the
/// band's order. Returns the reason when they cannot be computed exactly.
std::optional<std::string>
tiledHeaders(const std::vector<Loop *> &Band, const std::vector<int64_t> &Sizes,
             const std::vector<std::string> &TileVars, std::vector<Loop> &Out);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_TILEBOUNDS_H
