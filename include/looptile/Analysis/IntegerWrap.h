//===- IntegerWrap.h - unsigned index arithmetic that may wrap -*- C++ -*-===//
//
// Owns the check that makes loop variables and sizes of unsigned types
// sound. The IR reads bounds, subscripts and conditions as exact integers;
// C computes them in the variables' types, where an unsigned value wraps
// around below zero (`n - 1` for n = 0, `i--` from 0, a negative `long`
// compared with a `size_t`). The check lists every place where the C that
// looptile prints (--emit=c; the kernels compute indices in long and are
// exact) evaluates index arithmetic in an unsigned type, and proves with isl
// (or, for products such as `i*m + j`, by the signs of the terms) that the
// value is not negative there. What it cannot prove is an error with an
// example, so one run reports every such place.
//
// Assumed, not proven: signed index arithmetic does not overflow (C leaves
// it undefined), and unsigned values do not pass their type's maximum
// (sizes and subscripts index objects, which are smaller than PTRDIFF_MAX
// bytes).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_INTEGERWRAP_H
#define LOOPTILE_ANALYSIS_INTEGERWRAP_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"

#include <vector>

namespace looptile {

/// Errors for every place in F where printed unsigned index arithmetic may
/// wrap around; empty when none may. WithSource also checks the source's
/// own unsigned comparisons (Loop::HeaderChecks, Stmt::GuardChecks), on
/// which the IR's reading of the source rests: run it on the IR as the
/// Frontend built it.
std::vector<Diagnostic> checkIntegerWrap(const Function &F, bool WithSource);

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_INTEGERWRAP_H
