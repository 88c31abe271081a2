//===- Distribute.h - loop distribution by dependence SCCs -----*- C++ -*-===//
//
// Owns loop distribution (lecture 04, "Th. Loop Distribution: statements
// that are in a dependence cycle remain in one (sequential) loop. The others
// are distributed to separate loops in graph order"). The items of the
// loop's body (statements and inner loops) are the nodes of the dependence
// graph at that level; each strongly connected component becomes one loop,
// and the loops are emitted in a topological order of the component graph
// (ties broken by source order), not in textual order. Scalars that are
// private in the loop but used by several components are expanded into
// arrays first (Expand.h), which removes their loop-carried dependences.
// A scalar declared in the loop that cannot be expanded keeps every item
// that uses it in one component (its declaration and its uses stay in one
// new loop); when that leaves a single component the request is refused,
// naming the scalar and why it cannot be expanded.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_DISTRIBUTE_H
#define LOOPTILE_TRANSFORMS_DISTRIBUTE_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"
#include "looptile/Transforms/LoopUtils.h"

#include <string>
#include <vector>

namespace looptile {

/// `--distribute [LOOP]`: distributes the named loop, or the outermost loop
/// of every nest when LoopVar is empty. Refuses with a diagnostic when the
/// loop cannot be distributed (a single component, or an undecidable
/// dependence).
bool applyDistributeStep(Function &F, const std::string &LoopVar,
                         std::vector<Diagnostic> &Diags);

/// Distributes the loop at Where, with the same legality check as
/// applyDistributeStep (the mapping stage selects loops by position, not by
/// name). On refusal F may be partly rewritten: callers keep a copy.
bool distributeLoopAt(Function &F, const LoopLocation &Where,
                      std::vector<Diagnostic> &Diags);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_DISTRIBUTE_H
