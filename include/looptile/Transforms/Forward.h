//===- Forward.h - a scalar held in the array element it is built for -*- C++ -*-===//
//
// Owns scalar forwarding into an array element: in a loop body
//
//   w = e;  ...statements reading and updating w...;  X[s] = f(w);
//
// the scalar w is private in the loop (lecture 04: every read is covered by
// a previous same-iteration write, so it can be renamed), and the element
// X[s] is free for the whole of w's live range: no other access from the
// load to the store touches X[s] (isl proves it, Analysis/Privatization.h
// elementUntouched). Renaming w to X[s] then computes the same values in
// the same order and type into the same final element: the load becomes
// `X[s] = e`, every w between becomes X[s], and the store becomes `X[s] =
// f(X[s])` (gone where f(w) is w). A nest whose statements write scalars is
// out of isl's scheduler's reach (AffineSchedule.h); after forwarding,
// ludcmp's Doolittle loops are lu's, and its substitutions trisolv's.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_FORWARD_H
#define LOOPTILE_TRANSFORMS_FORWARD_H

#include "looptile/IR/LoopNest.h"

#include <string>
#include <vector>

namespace looptile {

/// Forwards every scalar of the nest F.Body[Nest] that fits the pattern
/// above into its element, in every loop of the nest, until none is left.
/// Returns one line per forwarding (`w -> A[i][j] in loop j (line 5)`);
/// WhyNot, when given, receives one line per load and store of that shape
/// left as they are, with the reason (the element touched in between, the
/// scalar read after the loop, another type).
std::vector<std::string> forwardScalars(Function &F, size_t Nest,
                                        std::vector<std::string> *WhyNot =
                                            nullptr);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_FORWARD_H
