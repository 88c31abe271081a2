//===- Presets.h - The shape-based choice among presets ----*- C++ -*-===//
//
// Owns the shape-based default (docs/runtime.md, "Presets"): the manifest
// lists presets from the largest work-group tile to the smallest; for given
// sizes the runtime takes the first whose kernel (the first whose NDRange
// uses a tunable the preset sets) launches at least 0.9 times as many
// work-groups as the device has compute units (so at most a tenth of them
// idles), else the one launching
// the most work-groups. Presets that cannot launch (work-group or local memory
// over the device's limits, or in conflict with the user's overrides) are never
// chosen. A pure function of the manifest, the sizes and DeviceLimits.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_PRESETS_H
#define LOOPTILE_RUNTIME_PRESETS_H

#include "looptile/Runtime/Limits.h"

#include <string>
#include <vector>

namespace looptile::rt {

struct RankedPreset {
  size_t Index = 0;         // into Manifest::Presets
  Env Tunables;             // defaults < the preset < the overrides
  int64_t WorkGroups = 0;   // of the preset's kernel at the sizes
  bool FillsDevice = false; // WorkGroups >= 0.9 * compute units
};

/// The launchable presets of M at Sizes in the order the runtime tries
/// them: those that fill the device in manifest order, then the others by
/// decreasing work-group count (on a tie the later, smaller tile first).
/// Overrides replace preset values; a preset that becomes invalid with
/// them is left out. Each left-out preset adds "preset 'NAME': reason" to
/// *Excluded when given.
std::vector<RankedPreset>
rankPresets(const Manifest &M, const Env &Sizes, const DeviceLimits &L,
            const Env &Overrides = {},
            std::vector<std::string> *Excluded = nullptr);

} // namespace looptile::rt

#endif
