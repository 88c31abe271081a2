//===- Permute.h - permuting a perfectly nested band of loops --*- C++ -*-===//
//
// Owns the mechanism of loop interchange and permutation: reorders the loops
// of a perfectly nested band and recomputes their bounds. It does NOT check
// legality (the interchange theorem, Transforms/Legality.h); the caller does.
//
// Bounds: when every loop's bounds mention only band variables that stay
// outside it, the loop headers move as they are (rectangular nests, tile
// loops moved outward). Otherwise the band's bounds are treated as a system
// of inequalities and each loop's new bounds are found by Fourier-Motzkin
// elimination of the loops inside it (triangular nests); where that needs a
// division or a strided loop, the permutation is refused.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_PERMUTE_H
#define LOOPTILE_TRANSFORMS_PERMUTE_H

#include "looptile/IR/LoopNest.h"

#include <optional>
#include <string>
#include <vector>

namespace looptile {

/// The loops of the perfectly nested band that starts at Top and holds
/// Depth loops, outermost first; empty when Top's band is shallower (some
/// loop on the way has other statements or loops beside the next one).
std::vector<Loop *> perfectBand(Loop &Top, unsigned Depth);

/// New headers (variable, bounds, step) for the band when its loops are
/// reordered: Order[K] is the band position of the loop that goes to
/// position K. Returns the reason when the bounds cannot be recomputed.
std::optional<std::string>
permutedHeaders(const std::vector<Loop *> &Band,
                const std::vector<unsigned> &Order, std::vector<Loop> &Out);

/// Reorders the band. Assumes permutedHeaders succeeded (and legality was
/// checked by the caller); Headers is its output.
void applyPermutation(const std::vector<Loop *> &Band,
                      const std::vector<Loop> &Headers);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_PERMUTE_H
