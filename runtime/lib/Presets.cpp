//===- Presets.cpp - The shape-based choice among presets -----------------===//
//
// Owns rankPresets (see Presets.h). Why work-groups against compute units:
// a kernel whose grid has fewer work-groups than the device has compute
// units leaves the rest idle, so a smaller tile that keeps every unit busy
// wins even though it reuses less data per work-group (measured on an H100
// with 132 SMs: at 512^2 and 1024^2 the 64x64 or smaller tiles beat 128x128,
// at 2048^2 and above 128x128 wins). A grid short of the compute units by
// less than a tenth counts as filling the device: it idles at most a tenth
// of it for one wave, less than a larger tile gains (1024^3 on the H100:
// 128x64 tiles, 128 work-groups, 0.077 ms; 64x64, 256 work-groups, 0.095).
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Presets.h"
#include "looptile/Runtime/Error.h"

#include <algorithm>

namespace looptile::rt {

namespace {
// Values gets the value of each host loop variable in the first iteration
// of its loop (docs/manifest.md, "host_program"), the launch the preset
// ranking counts the work-groups of; a loop that runs zero times leaves
// its variable, and those of its body, unset.
void firstIteration(const std::vector<HostStep> &Steps, Env &Values) {
  for (const HostStep &S : Steps) {
    if (S.K != HostStep::Loop)
      continue;
    int64_t From = S.From.evaluate(Values), To = S.To.evaluate(Values);
    if (From > To)
      continue;
    Values[S.Var] = S.Step > 0 ? From : To;
    firstIteration(S.Body, Values);
  }
}
} // namespace

std::vector<RankedPreset> rankPresets(const Manifest &M, const Env &Sizes,
                                      const DeviceLimits &L,
                                      const Env &Overrides,
                                      std::vector<std::string> *Excluded) {
  auto exclude = [&](const Preset &P, const std::string &Why) {
    if (Excluded)
      Excluded->push_back("preset '" + P.Name + "': " + Why);
  };
  std::vector<RankedPreset> Fill, Rest;
  for (size_t I = 0; I < M.Presets.size(); ++I) {
    const Preset &P = M.Presets[I];
    RankedPreset R;
    R.Index = I;
    R.Tunables = defaultTunables(M);
    for (const auto &[N, V] : P.Set)
      R.Tunables[N] = V;
    for (const auto &[N, V] : Overrides)
      R.Tunables[N] = V;
    std::string Why = tunableProblem(M, R.Tunables);
    if (!Why.empty()) {
      exclude(P, Why + " (with --set)");
      continue;
    }
    Env Values = Sizes;
    for (const auto &[N, V] : R.Tunables)
      Values[N] = V;
    Why = launchProblem(M, Values, L);
    if (!Why.empty()) {
      exclude(P, Why);
      continue;
    }
    // The work-groups of the kernel the preset is for: the first whose
    // NDRange uses a tunable it sets (kernels have tunables of their own).
    size_t Kernel = 0;
    for (size_t K = M.Kernels.size(); K-- > 0;) {
      std::vector<Formula> Fs = M.Kernels[K].Global;
      if (M.Kernels[K].Local)
        Fs.insert(Fs.end(), M.Kernels[K].Local->begin(),
                  M.Kernels[K].Local->end());
      for (const Formula &F : Fs)
        for (const std::string &N : F.names())
          if (P.Set.count(N))
            Kernel = K;
    }
    try {
      firstIteration(M.Host, Values);
      R.WorkGroups = workGroupCount(M, Values, Kernel);
    } catch (const Error &E) {
      exclude(P, E.what());
      continue;
    }
    R.FillsDevice = 10 * R.WorkGroups >= 9 * L.ComputeUnits;
    (R.FillsDevice ? Fill : Rest).push_back(std::move(R));
  }
  std::stable_sort(Rest.begin(), Rest.end(),
                   [](const RankedPreset &A, const RankedPreset &B) {
                     if (A.WorkGroups != B.WorkGroups)
                       return A.WorkGroups > B.WorkGroups;
                     return A.Index > B.Index;
                   });
  Fill.insert(Fill.end(), Rest.begin(), Rest.end());
  return Fill;
}

} // namespace looptile::rt
