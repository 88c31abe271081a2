//===- Harness.h - One measured (and optionally validated) run --*- C++ -*-===//
//
// Owns the measurement protocol of looptile-run for one set of sizes:
// seeded inputs, sentinel-filled outputs, one warm-up launch (whose results
// are the ones validated), then Reps timed launches, each starting from the
// same inputs (inout buffers are re-uploaded, out buffers re-filled with the
// sentinel, outside the timed region).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_HARNESS_H
#define LOOPTILE_RUNTIME_HARNESS_H

#include "looptile/Runtime/Executor.h"
#include "looptile/Runtime/Reference.h"
#include "looptile/Runtime/Validate.h"

#include <functional>
#include <string>
#include <vector>

namespace looptile::rt {

struct HarnessOptions {
  int Reps = 10;
  uint64_t Seed = DefaultSeed;
  /// When set, validate against it.
  const ReferenceLibrary *Reference = nullptr;
  /// Progress messages (nullptr: none).
  std::function<void(const std::string &)> Progress;
};

struct RunResult {
  Env Sizes;
  std::vector<double> KernelMs; // one per timed repetition
  double MedianMs = 0, MinMs = 0, MaxMs = 0;
  double Flops = 0, Bytes = 0;
  double GFlops = 0, GBps = 0; // at the median time
  bool Validated = false;      // validation ran
  bool Passed = true;          // and every buffer was within tolerance
  int64_t ReductionLength = 1;
  double ReferenceMs = 0;
  std::vector<Comparison> Buffers;
  double MaxAbsError = 0, MaxRelError = 0;
};

RunResult runHarness(Executor &X, const Manifest &M, const Env &Sizes,
                     const HarnessOptions &Opts);

} // namespace looptile::rt

#endif
