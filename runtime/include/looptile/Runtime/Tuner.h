//===- Tuner.h - `looptile-run --tune`: search, validate, time --*- C++ -*-===//
//
// Owns the search of the tunables on one device at one set of sizes
// (docs/runtime.md, "Autotuning"): the candidates of Candidates.h, each
// built, validated against the C reference (computed once, at the requested
// sizes or, when those are too expensive, at reduced sizes that keep
// partial tiles), and timed at the requested sizes (median of Reps runs
// after a warm-up). A candidate that fails to build or launch is skipped;
// one whose results are wrong is invalid and never chosen. Storing the
// result in the tuning cache is the caller's job.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_TUNER_H
#define LOOPTILE_RUNTIME_TUNER_H

#include "looptile/Runtime/Candidates.h"
#include "looptile/Runtime/Harness.h"

#include <functional>
#include <string>
#include <vector>

namespace looptile::rt {

/// Default work limit above which candidates are validated at reduced
/// sizes: 20 G operations (flops, else bytes), ~1 minute of the reference
/// on one core.
constexpr double DefaultValidateLimit = 20e9;

/// The search (docs/runtime.md, "Autotuning"). When more candidates are
/// chosen than Finalists, it runs in three rounds: every candidate is
/// validated and screened with ScreenReps timed runs; the settings next
/// to the three fastest on the grid (neighbourSettings), up to
/// NeighbourBudget of them over two rounds of that local search, are
/// screened too; then the Finalists fastest (and the shape-based default)
/// are timed again with Reps runs, and the fastest of those is chosen. With
/// no more candidates than Finalists, each is timed with Reps runs at once.
struct TuneOptions {
  int Reps = 5;
  size_t Budget = 64;
  int ScreenReps = 1;
  size_t Finalists = 8;
  size_t NeighbourBudget = 0; // 0: max(8, Budget / 4)
  uint64_t Seed = DefaultSeed;
  double ValidateLimit = DefaultValidateLimit;
  Env Pinned;                                  // --set: fixed during the search
  std::vector<Env> Extra;                      // tried too (a cached best)
  const ReferenceLibrary *Reference = nullptr; // required
  const InputSpec *Inputs = nullptr; // --range, --scalar, --init (Inputs.h)
  std::function<void(const std::string &)> Progress;
};

struct CandidateResult {
  enum Status { Valid, Invalid, Skipped };
  Env Tunables;
  std::string Label; // "preset 64x64", "manifest default", "cached", ""
  Status S = Skipped;
  std::string Reason; // why skipped, or the first mismatch
  double MedianMs = 0, MinMs = 0, MaxMs = 0;
  double MaxAbsError = 0;
  int Runs = 0;            // timed runs behind MedianMs
  bool Neighbour = false;  // found by the local search
};

struct TuneResult {
  Env Sizes;            // timed here
  Env ValidationSizes;  // validated here
  bool Reduced = false; // ValidationSizes != Sizes
  double Work = 0;      // workAt(Sizes)
  DeviceLimits Limits;
  CandidateSelection Selection;
  std::vector<CandidateResult> Results; // in the order tried
  int Best = -1, Slowest = -1;          // valid results (-1: none)
  int ShapeDefault = -1;                // the shape-based default's result
  std::string ShapeDefaultLabel;
  size_t Skipped = 0, Invalid = 0, Valid = 0;
  /// The rounds: whether candidates were screened first, how many
  /// neighbours the local search added, how many finalists were re-timed.
  bool Screened = false;
  size_t Neighbours = 0, Finalists = 0;
  double ReferenceMs = 0;
  double WallSeconds = 0;
};

/// Searches M's tunables for Source on D at Sizes (checked with
/// checkSizes). Throws Error only for problems that are not a candidate's
/// (sizes, the reference, the device).
TuneResult tune(const Manifest &M, const std::string &Source,
                const DeviceRef &D, const Env &Sizes, const TuneOptions &O);

} // namespace looptile::rt

#endif
