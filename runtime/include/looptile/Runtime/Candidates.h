//===- Candidates.h - The settings `--tune` tries ---------------*- C++ -*-===//
//
// Owns the tuner's search space (docs/runtime.md, "Autotuning"): per
// tunable, its manifest "values" or else the powers of two in [min, max],
// plus its default (a --set value pins it); the grid is their product. A
// setting is eligible when it satisfies the manifest's rules (min, max,
// multiple_of) and the device limits known before a build (Limits.h). The
// budget keeps the mandatory settings (the shape-based default, the
// manifest default, every preset, a previously cached best) and fills the
// rest with the eligible settings of smallest hash of their text (FNV-1a
// then the splitmix64 finalizer): a deterministic sample spread over the
// grid, independent of the order of enumeration. Pure functions, unit-tested
// without a device.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_CANDIDATES_H
#define LOOPTILE_RUNTIME_CANDIDATES_H

#include "looptile/Runtime/Limits.h"

#include <cstdint>
#include <string>
#include <vector>

namespace looptile::rt {

/// Powers of two tried for a tunable without "values" and without "max"
/// stop here (its default is tried in any case).
constexpr int64_t UnboundedTunableCap = 1024;
/// Grids larger than this are sampled at random (deterministically)
/// instead of enumerated.
constexpr uint64_t MaxEnumeratedGrid = 1u << 18;

struct CandidateGrid {
  std::vector<std::string> Names;           // manifest order
  std::vector<std::vector<int64_t>> Values; // ascending, per name
  /// Product of the value counts (saturates at UINT64_MAX).
  uint64_t size() const;
};

/// The values each tunable takes in the search; Pinned values are the only
/// value of their tunable.
CandidateGrid candidateGrid(const Manifest &M, const Env &Pinned);

/// "NAME=V NAME=V" in manifest order: the text the sample's hash is of.
std::string settingText(const Manifest &M, const Env &Tunables);

struct CandidateSelection {
  std::vector<Env> Chosen; // the mandatory ones first, then the sample
  size_t Mandatory = 0;    // how many of Chosen are mandatory
  uint64_t GridSize = 0;   // settings in the grid
  uint64_t Eligible = 0;   // of those, within the rules and limits
  uint64_t SampledOut = 0; // eligible but over the budget
  bool Enumerated = true;  // false: the grid was sampled, Eligible and
                           // SampledOut are unknown (0)
  /// Mandatory settings left out, with the reason.
  std::vector<std::string> Dropped;
};

/// Why Tunables cannot be tried at Sizes (manifest rules, then device
/// limits), or "".
std::string candidateProblem(const Manifest &M, const Env &Sizes,
                             const DeviceLimits &L, const Env &Tunables);

/// Chooses at most max(Budget, eligible mandatory) settings (see above).
/// Mandatory settings need not lie on the grid.
CandidateSelection selectCandidates(const Manifest &M, const Env &Sizes,
                                    const DeviceLimits &L, const Env &Pinned,
                                    const std::vector<Env> &Mandatory,
                                    size_t Budget);

/// The settings next to E on the grid: one tunable at a time moved to the
/// value just below or just above its own, each within the rules and the
/// limits at Sizes (candidateProblem). Pinned tunables stay.
std::vector<Env> neighbourSettings(const Manifest &M, const Env &Sizes,
                                   const DeviceLimits &L, const Env &Pinned,
                                   const Env &E);

/// Sizes at which to validate candidates: Sizes themselves when the work
/// at Sizes (max of the manifest's flops and bytes, default tunables) is
/// at most Limit; else each size S becomes min(S, 3T - 1), with T the
/// largest tile of S over the candidates (the size's "tile" formula, else
/// the largest tunable value), so that every power-of-two tile up to T has
/// full tiles and a partial one. *Reduced says which happened.
Env validationSizes(const Manifest &M, const Env &Sizes,
                    const std::vector<Env> &Candidates, double Limit,
                    bool *Reduced);

/// max(flops, bytes) of M at Sizes with the default tunables.
double workAt(const Manifest &M, const Env &Sizes);

} // namespace looptile::rt

#endif
