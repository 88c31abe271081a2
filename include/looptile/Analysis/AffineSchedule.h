//===- AffineSchedule.h - isl's scheduler for one nest ---------*- C++ -*-===//
//
// An affine schedule for a nest whose loop order, distribution and
// expansion leave no parallel work, or parallel work launched O(n^2) times
// from host loops (a factorisation written left-looking, a wavefront):
// isl's scheduler (the Pluto algorithm: isl_schedule_constraints with the
// exact dependences as validity constraints, coincidence for parallel
// bands, proximity for locality) finds a new order of the statement
// instances, and isl's AST generator writes it as loops, which become the
// IR again.
//
// Soundness: the dependences are exact and memory-based (every pair of
// instances that touch the same element, one a write, in the order the C
// runs them: flow, anti and output), so an order that keeps every one of
// them computes what the C computes, bit for bit (lecture 04: a
// transformation is legal when it preserves every dependence; the
// interchange and distribution theorems are special cases). The schedule
// isl returns is checked against them again before use: every dependence's
// source must come strictly before its sink in the new order.
//
// The nests it takes: statements that write array elements only (no
// scalars, no declarations), loop-affine subscripts and bounds, steps 1 or
// -1, int loop variables, guards without data conditions. Anything else
// is refused with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_AFFINESCHEDULE_H
#define LOOPTILE_ANALYSIS_AFFINESCHEDULE_H

#include "looptile/IR/LoopNest.h"

#include <string>
#include <vector>

namespace looptile {

struct AffineScheduleResult {
  /// True when Nests replaces the nest.
  bool Applied = false;
  /// The rescheduled nest: loops (and statements) in the new order, to
  /// stand where the nest stood.
  std::vector<Node> Nests;
  /// Applied: the schedule, one line per statement (`S0(i, j, k) -> (k,
  /// i, j)`). Otherwise: why not.
  std::string Description;
};

/// Computes and checks an affine schedule for nest Nest (a top-level loop)
/// of F and generates it as IR loops. UserSchedule, when given, is the
/// schedule to check and apply instead of isl's (`S0[i, j] -> [j, i]; S1[i]
/// -> [i, 0]`, the statements by their IR ids, every one of the nest): a
/// schedule that does not keep a dependence is refused with an instance of
/// it.
///
/// SplitIndexSets: each statement that reads an element of the array it
/// writes at another subscript is first split into pieces by the sign of
/// the subscripts' difference (index-set splitting: floyd-warshall's
/// path[i][k] beside path[i][j] splits at j - k < 0, = 0, > 0), each
/// piece a statement of isl's problem; the pieces partition the instances
/// exactly, and the check against the dependences is the same. A piece
/// after the first of a statement gets a new statement id.
AffineScheduleResult scheduleNest(const Function &F, unsigned Nest,
                                  const std::string *UserSchedule = nullptr,
                                  bool SplitIndexSets = false);

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_AFFINESCHEDULE_H
