//===- Setting.cpp - The precedence of tunable values ---------------------===//
//
// Owns layerSetting, checkOverrides, SettingResolver, fitSetting,
// buildFitted and pickSetting (see Setting.h).
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Setting.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Executor.h"
#include "looptile/Runtime/Presets.h"

#include <algorithm>

namespace looptile::rt {

const char *originName(TunableOrigin O) {
  switch (O) {
  case TunableOrigin::Default:
    return "default";
  case TunableOrigin::Preset:
    return "preset";
  case TunableOrigin::Cache:
    return "cache";
  case TunableOrigin::Override:
    return "set";
  case TunableOrigin::Fitted:
    return "fitted";
  case TunableOrigin::Row:
    return "row";
  }
  return "?";
}

std::string TunableSetting::describe(const Manifest &M) const {
  std::string S;
  for (TunableOrigin O :
       {TunableOrigin::Override, TunableOrigin::Cache, TunableOrigin::Preset,
        TunableOrigin::Fitted, TunableOrigin::Row, TunableOrigin::Default}) {
    std::string Group;
    for (const Tunable &T : M.Tunables) {
      auto It = Origins.find(T.Name);
      if (It == Origins.end() || It->second != O)
        continue;
      Group += (Group.empty() ? "" : " ") + T.Name + "=" +
               std::to_string(Values.at(T.Name));
    }
    if (Group.empty())
      continue;
    const char *Why = O == TunableOrigin::Override ? "--set"
                      : O == TunableOrigin::Cache  ? "tuning cache"
                      : O == TunableOrigin::Preset ? "preset"
                      : O == TunableOrigin::Fitted ? "shrunk to fit the device"
                      : O == TunableOrigin::Row
                          ? "the row's length: no more work-items than terms"
                          : "manifest default";
    S += (S.empty() ? "" : "; ") + Group + " (" + Why +
         (O == TunableOrigin::Preset ? " " + PresetName : "") + ")";
  }
  return S.empty() ? "(none)" : S;
}

TunableSetting layerSetting(const Manifest &M, const Env &Layer,
                            TunableOrigin Origin, const Env &Overrides) {
  TunableSetting S;
  for (const Tunable &T : M.Tunables) {
    S.Values[T.Name] = T.Default;
    S.Origins[T.Name] = TunableOrigin::Default;
  }
  // A layer value equal to the default still counts as the layer's: the
  // cache or preset chose it.
  for (const auto &[N, V] : Layer)
    if (S.Values.count(N)) {
      S.Values[N] = V;
      S.Origins[N] = Origin;
    }
  for (const auto &[N, V] : Overrides)
    if (S.Values.count(N)) {
      S.Values[N] = V;
      S.Origins[N] = TunableOrigin::Override;
    }
  return S;
}

void checkOverrides(const Manifest &M, const Env &Overrides) {
  checkTunableNames(M, Overrides);
  for (const auto &[N, V] : Overrides) {
    Env One = defaultTunables(M);
    One[N] = V;
    // Only the range of this one value: multiple_of depends on the others.
    const Tunable *T = M.findTunable(N);
    if ((T->Min && V < *T->Min) || (T->Max && V > *T->Max))
      throw Error(ErrorKind::Usage, tunableProblem(M, One));
  }
}

SettingResolver::SettingResolver(const Manifest &M,
                                 const std::string &ProgramText,
                                 const DeviceRef &D, const Env &Overrides,
                                 const TuneCacheOptions &C)
    : M(M), ProgramText(ProgramText), Dev(D), Overrides(Overrides),
      Limits(queryLimits(D)), UseCache(C.Use) {
  if (UseCache)
    CachePath = C.Path.empty() ? defaultTuneCachePath() : C.Path;
  if (CachePath.empty())
    UseCache = false;
}

void SettingResolver::loadCache() {
  if (Loaded)
    return;
  Loaded = true;
  if (UseCache)
    Cache = TuneCache::load(CachePath);
}

std::string SettingResolver::cacheProblem() {
  loadCache();
  return Cache.problem();
}

std::optional<TuneCacheEntry> SettingResolver::cacheEntry(const Env &Sizes) {
  loadCache();
  if (!UseCache)
    return std::nullopt;
  const TuneCacheEntry *E =
      Cache.find(makeTuneCacheKey(Dev, M, ProgramText, Sizes));
  if (!E)
    return std::nullopt;
  return *E;
}

std::vector<TunableSetting> SettingResolver::settingsFor(const Env &Sizes) {
  std::vector<TunableSetting> Out;
  std::vector<std::string> Notes, PresetNotes;
  auto withSizes = [&](const Env &T) {
    Env V = Sizes;
    for (const auto &[N, X] : T)
      V[N] = X;
    return V;
  };

  if (std::optional<TuneCacheEntry> E = cacheEntry(Sizes)) {
    TunableSetting S =
        layerSetting(M, E->Tunables, TunableOrigin::Cache, Overrides);
    S.CachePath = CachePath;
    S.CacheTuned = E->Tuned;
    std::string Why;
    for (const auto &[N, V] : E->Tunables)
      if (!M.findTunable(N))
        Why = "it names '" + N + "', not a tunable of this manifest";
    if (Why.empty())
      Why = tunableProblem(M, S.Values);
    if (Why.empty())
      Why = launchProblem(M, withSizes(S.Values), Limits);
    if (Why.empty())
      Out.push_back(std::move(S));
    else
      Notes.push_back("tuning cache entry in " + CachePath +
                      " not used: " + Why);
  }

  size_t FirstPreset = Out.size();
  for (const RankedPreset &P :
       rankPresets(M, Sizes, Limits, Overrides, &PresetNotes)) {
    const Preset &Pre = M.Presets[P.Index];
    TunableSetting S =
        layerSetting(M, Pre.Set, TunableOrigin::Preset, Overrides);
    S.PresetName = Pre.Name;
    Out.push_back(std::move(S));
  }

  TunableSetting D = layerSetting(M, {}, TunableOrigin::Default, Overrides);
  fitRows(M, Sizes, D);
  std::string Why = tunableProblem(M, D.Values);
  // The defaults are the last resort: where a work-group does not fit the
  // device, it is shrunk rather than refused.
  if (Why.empty())
    fitSetting(M, Sizes, Limits, D);
  if (Why.empty())
    Out.push_back(std::move(D));
  else if (Out.empty())
    throw Error(ErrorKind::Usage, Why);
  // The same values twice (the overrides replaced a whole layer) are tried
  // once, under the higher layer.
  std::vector<TunableSetting> Unique;
  for (TunableSetting &S : Out) {
    bool Seen = false;
    for (const TunableSetting &U : Unique)
      Seen |= U.Values == S.Values;
    if (!Seen)
      Unique.push_back(std::move(S));
  }
  FirstPreset = std::min(FirstPreset, Unique.size());
  Out = std::move(Unique);
  // A layer whose every value the overrides replaced is not reported.
  for (TunableSetting &S : Out) {
    bool FromCache = false, FromPreset = false;
    for (const auto &[N, O] : S.Origins) {
      FromCache |= O == TunableOrigin::Cache;
      FromPreset |= O == TunableOrigin::Preset;
    }
    if (!FromCache)
      S.CachePath.clear(), S.CacheTuned.clear();
    if (!FromPreset)
      S.PresetName.clear();
  }
  // Every setting carries why the layers above it were passed over.
  for (size_t I = 0; I < Out.size(); ++I) {
    Out[I].Notes = Notes;
    if (I >= FirstPreset)
      Out[I].Notes.insert(Out[I].Notes.end(), PresetNotes.begin(),
                          PresetNotes.end());
  }
  return Out;
}

void fitRows(const Manifest &M, const Env &Sizes, TunableSetting &S) {
  for (const Tunable &T : M.Tunables) {
    auto It = S.Origins.find(T.Name);
    if (!T.RowLength || T.Values.empty() || It == S.Origins.end() ||
        It->second != TunableOrigin::Default)
      continue;
    int64_t Row = T.RowLength->evaluate(Sizes);
    std::vector<int64_t> Vals = T.Values;
    std::sort(Vals.begin(), Vals.end());
    // The smallest listed value that covers the row (the smallest of all
    // for a shorter row), never above the default.
    int64_t V = Vals.back();
    for (int64_t X : Vals)
      if (X >= Row) {
        V = X;
        break;
      }
    if (V < S.Values[T.Name]) {
      S.Values[T.Name] = V;
      It->second = TunableOrigin::Row;
    }
  }
}

std::string fitSetting(const Manifest &M, const Env &Sizes,
                       const DeviceLimits &L, TunableSetting &S,
                       const std::vector<int64_t> &KernelLimits) {
  std::vector<std::string> Fixed;
  for (const auto &[N, O] : S.Origins)
    if (O == TunableOrigin::Override)
      Fixed.push_back(N);
  WorkGroupFit Fit = fitWorkGroups(M, Sizes, S.Values, L, Fixed, KernelLimits);
  S.Values = Fit.Tunables;
  for (const std::string &N : Fit.Changed)
    S.Origins[N] = TunableOrigin::Fitted;
  S.Fits.insert(S.Fits.end(), Fit.Notes.begin(), Fit.Notes.end());
  return Fit.Problem;
}

Executor &buildFitted(const Manifest &M, const Env &Sizes,
                      const DeviceLimits &L, TunableSetting &S,
                      const std::function<Executor &(const Env &)> &Build) {
  fitSetting(M, Sizes, L, S);
  Executor *X = &Build(S.Values);
  // A kernel's own limit is known only now; shrinking changes the program
  // (reqd_work_group_size), so it is built again, at most a few times.
  for (int Round = 0; Round < 4; ++Round) {
    size_t Before = S.Fits.size();
    fitSetting(M, Sizes, L, S, X->kernelWorkGroupLimits());
    if (S.Fits.size() == Before)
      break;
    X = &Build(S.Values);
  }
  X->prepare(Sizes);
  return *X;
}

static std::string firstLine(const std::string &S) {
  return S.substr(0, S.find('\n'));
}

static std::string label(const TunableSetting &S) {
  if (!S.CachePath.empty())
    return "the tuning cache's setting";
  if (!S.PresetName.empty())
    return "preset '" + S.PresetName + "'";
  return "the default setting";
}

size_t pickSetting(std::vector<TunableSetting> &Settings,
                   const std::function<void(TunableSetting &)> &Try) {
  std::vector<std::string> Passed;
  for (size_t I = 0; I < Settings.size(); ++I) {
    try {
      Try(Settings[I]);
      for (const std::string &N : Passed)
        Settings[I].Notes.push_back(N);
      return I;
    } catch (const Error &E) {
      if (E.kind() != ErrorKind::OpenCL || I + 1 == Settings.size())
        throw;
      Passed.push_back(label(Settings[I]) +
                       " passed over: " + firstLine(E.what()));
    }
  }
  throw Error(ErrorKind::Usage, "internal: no tunable setting to try");
}

} // namespace looptile::rt
