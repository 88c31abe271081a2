//===- Setting.h - Where each tunable's value comes from --------*- C++ -*-===//
//
// Owns the precedence of tunable values, shared by looptile-run and the
// host-glue Session (docs/runtime.md, "Precedence"):
//
//   --set / SessionOptions::Tunables
//     > the tuning cache's entry for (device, program, sizes)
//     > the shape-based preset (Presets.h)
//     > the manifest's default.
//
// The cache entry and a preset are each taken as a whole setting under the
// overrides; one that the overrides make invalid, or that cannot launch,
// is passed over for the next layer. SettingResolver lists the candidate
// settings for some sizes in that order; pickSetting builds them in turn
// until one builds and fits the kernel's limits, so a preset that only the
// compiler can reject (registers, local memory) falls back to the next.
// A work-group that does not fit the device (the defaults) or a kernel's
// own limit (after a build) is shrunk instead (fitSetting, buildFitted):
// the values the user did not --set are halved until it fits, and the
// setting says so (TunableOrigin::Fitted, TunableSetting::Fits).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_SETTING_H
#define LOOPTILE_RUNTIME_SETTING_H

#include "looptile/Runtime/Device.h"
#include "looptile/Runtime/Limits.h"
#include "looptile/Runtime/TuneCache.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace looptile::rt {

enum class TunableOrigin { Default, Preset, Cache, Override, Fitted, Row };

/// "default", "preset", "cache", "set", "fitted", "row" (the --json
/// spelling).
const char *originName(TunableOrigin O);

struct TunableSetting {
  Env Values;
  std::map<std::string, TunableOrigin> Origins;
  std::string PresetName; // when a value came from a preset
  std::string CachePath;  // when a value came from the tuning cache
  std::string CacheTuned; // that entry's date
  /// Why layers above the chosen one were passed over (for the report).
  std::vector<std::string> Notes;
  /// Which kernels' work-groups were shrunk to fit, from what and why
  /// (fitSetting); looptile-run and the Session print them on stderr.
  std::vector<std::string> Fits;

  /// "TS=8 (tuning cache)", "TSM=32 (preset 32x32), VW=4 (--set)", in
  /// manifest order.
  std::string describe(const Manifest &M) const;
};

/// Defaults < Layer (values from Origin) < Overrides.
TunableSetting layerSetting(const Manifest &M, const Env &Layer,
                            TunableOrigin Origin, const Env &Overrides);

/// The defaults' row rule: a tunable with a row length (a row reduction's
/// work-items per row) whose value is still the manifest's default becomes
/// the smallest of its listed values that covers the row at Sizes (the
/// smallest of all for a shorter row), never more than the default:
/// work-items past the row's end would only idle. Such values say so
/// (TunableOrigin::Row).
void fitRows(const Manifest &M, const Env &Sizes, TunableSetting &S);

/// Checks user overrides before any device is touched: known names and
/// each value within [min, max] (multiple_of is checked on the whole
/// setting). Throws Error(ErrorKind::Usage).
void checkOverrides(const Manifest &M, const Env &Overrides);

struct TuneCacheOptions {
  bool Use = true;
  std::string Path; // empty: defaultTuneCachePath()
};

class SettingResolver {
public:
  SettingResolver(const Manifest &M, const std::string &ProgramText,
                  const DeviceRef &D, const Env &Overrides,
                  const TuneCacheOptions &C);

  /// The settings to try at Sizes, best first (never empty): the cache's
  /// entry, the ranked presets, the defaults, each under the overrides.
  /// Throws Error(Usage) when not even the defaults accept the overrides.
  std::vector<TunableSetting> settingsFor(const Env &Sizes);

  const DeviceLimits &limits() const { return Limits; }
  /// The cache file consulted ("" when caching is off or no path is known).
  const std::string &cachePath() const { return CachePath; }
  /// A problem with the cache file (corrupt, unreadable), once loaded.
  std::string cacheProblem();
  /// The cache's entry for Sizes on this device and program, if any.
  std::optional<TuneCacheEntry> cacheEntry(const Env &Sizes);

private:
  void loadCache();

  const Manifest &M;
  std::string ProgramText;
  DeviceRef Dev;
  Env Overrides;
  DeviceLimits Limits;
  std::string CachePath;
  bool UseCache;
  bool Loaded = false;
  TuneCache Cache;
};

class Executor;

/// Shrinks the values of S that are not --set (origin Override) so that
/// every kernel's work-group fits L and KernelLimits (fitWorkGroups); the
/// changed values get origin Fitted and S.Fits says why. Returns why some
/// kernel cannot fit ("" when all do): that kernel keeps its values and the
/// build or Executor::prepare reports its limit.
std::string fitSetting(const Manifest &M, const Env &Sizes,
                       const DeviceLimits &L, TunableSetting &S,
                       const std::vector<int64_t> &KernelLimits = {});

/// Builds S with Build (which returns the Executor for some values, built
/// or cached), fitted first to the device's limits and then to each
/// kernel's own (CL_KERNEL_WORK_GROUP_SIZE, known only after a build: when
/// a kernel's work-group exceeds it, S is shrunk and built again), and
/// prepares the Executor at Sizes. Errors propagate.
Executor &buildFitted(const Manifest &M, const Env &Sizes,
                      const DeviceLimits &L, TunableSetting &S,
                      const std::function<Executor &(const Env &)> &Build);

/// Calls Try on each setting in order until one returns without an OpenCL
/// error, and returns its index; Notes of the returned setting say which
/// were passed over and why. Try may fit the setting (buildFitted). Any other
/// error, or an OpenCL error of the last setting, propagates.
size_t pickSetting(std::vector<TunableSetting> &Settings,
                   const std::function<void(TunableSetting &)> &Try);

} // namespace looptile::rt

#endif
