//===- Tuner.cpp - Search, validate and time the candidates ---------------===//
//
// Owns tune() (see Tuner.h). The reference runs once, on seeded inputs at
// the validation sizes; every candidate is built, run once on the same
// inputs and compared with it, then (when valid) timed at the requested
// sizes: one warm-up, then Reps runs, each from freshly reset outputs, as
// in runHarness.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Tuner.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Presets.h"
#include "looptile/Runtime/Setting.h"

#include <chrono>
#include <cstdio>
#include <map>

namespace looptile::rt {

static std::string firstLine(const std::string &S) {
  return S.substr(0, S.find('\n'));
}

static Env merged(const Env &A, const Env &B) {
  Env E = A;
  for (const auto &[N, V] : B)
    E[N] = V;
  return E;
}

static std::string fmtMs(double Ms) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.4f ms", Ms);
  return Buf;
}

TuneResult tune(const Manifest &M, const std::string &Source,
                const DeviceRef &D, const Env &SizesIn, const TuneOptions &O) {
  auto Start = std::chrono::steady_clock::now();
  auto progress = [&](const std::string &S) {
    if (O.Progress)
      O.Progress(S);
  };
  if (!O.Reference)
    throw Error(ErrorKind::Usage, "internal: tune() needs the reference");
  TuneResult R;
  R.Sizes = checkSizes(M, SizesIn);
  R.Limits = queryLimits(D);
  R.Work = workAt(M, R.Sizes);

  // The shape-based default, in the order a plain run tries it, then the
  // other mandatory settings; the first label given to a setting stays.
  std::vector<Env> ShapeOrder, Mandatory;
  std::map<Env, std::string> Labels;
  for (const RankedPreset &P : rankPresets(M, R.Sizes, R.Limits, O.Pinned)) {
    ShapeOrder.push_back(P.Tunables);
    Labels.emplace(P.Tunables, "preset " + M.Presets[P.Index].Name);
  }
  // The defaults, shrunk where a work-group does not fit the device, as a
  // plain run would (Setting.h).
  TunableSetting DefaultSetting =
      layerSetting(M, {}, TunableOrigin::Default, O.Pinned);
  if (tunableProblem(M, DefaultSetting.Values).empty())
    fitSetting(M, R.Sizes, R.Limits, DefaultSetting);
  Env Default = DefaultSetting.Values;
  if (tunableProblem(M, Default).empty()) {
    ShapeOrder.push_back(Default);
    Labels.emplace(Default, DefaultSetting.Fits.empty()
                                ? "manifest default"
                                : "manifest default, shrunk to fit");
  }
  Mandatory = ShapeOrder;
  for (const Preset &P : M.Presets) {
    Env E = merged(merged(defaultTunables(M), P.Set), O.Pinned);
    Mandatory.push_back(E);
    Labels.emplace(E, "preset " + P.Name);
  }
  for (const Env &Extra : O.Extra) {
    // Only this manifest's tunables, the pinned values on top.
    Env E = defaultTunables(M);
    for (const auto &[N, V] : Extra)
      if (M.findTunable(N))
        E[N] = V;
    E = merged(E, O.Pinned);
    Mandatory.push_back(E);
    Labels.emplace(E, "cached");
  }
  R.Selection =
      selectCandidates(M, R.Sizes, R.Limits, O.Pinned, Mandatory, O.Budget);
  const std::vector<Env> &Chosen = R.Selection.Chosen;
  if (Chosen.empty())
    throw Error(ErrorKind::OpenCL,
                "no setting of the tunables fits the manifest's rules and "
                "the device's limits at these sizes");

  R.ValidationSizes =
      validationSizes(M, R.Sizes, Chosen, O.ValidateLimit, &R.Reduced);
  // Reduced sizes the C function does not support: validate at full size.
  if (R.Reduced && !sizeLimitProblem(M, R.ValidationSizes).empty()) {
    R.ValidationSizes = R.Sizes;
    R.Reduced = false;
  }
  Env Defaults = defaultTunables(M);
  HostInputs ValIn = makeInputs(M, merged(R.ValidationSizes, Defaults), O.Seed);
  progress("running the reference " + M.SourceFunction + "() once");
  std::vector<HostArray> RefOut =
      runReference(M, *O.Reference, ValIn, &R.ReferenceMs);
  HostInputs TimeIn;
  if (R.Reduced)
    TimeIn = makeInputs(M, merged(R.Sizes, Defaults), O.Seed);
  const HostInputs &TimedIn = R.Reduced ? TimeIn : ValIn;

  for (size_t I = 0; I < Chosen.size(); ++I) {
    CandidateResult C;
    C.Tunables = Chosen[I];
    if (auto It = Labels.find(Chosen[I]); It != Labels.end())
      C.Label = It->second;
    std::string Text = settingText(M, C.Tunables);
    try {
      Executor X(M, Source, D, C.Tunables);
      X.prepare(R.ValidationSizes);
      uploadInputs(X, M, ValIn);
      resetOutputs(X, M, ValIn);
      X.launch();
      for (const Comparison &Cmp :
           compareOutputs(X, M, RefOut, ruleFor(X, M, ValIn, O.Reference))) {
        C.MaxAbsError = std::max(C.MaxAbsError, Cmp.MaxAbsError);
        if (!Cmp.passed() && C.S != CandidateResult::Invalid) {
          C.S = CandidateResult::Invalid;
          std::string Why = describeMismatch(Cmp);
          size_t NL = Why.find('\n');
          // "MISMATCH in C: n of m ...; first at C[i][j] ...".
          std::string Next =
              NL == std::string::npos ? "" : firstLine(Why.substr(NL + 1));
          Next.erase(0, Next.find_first_not_of(' '));
          C.Reason = Why.substr(0, NL) + (Next.empty() ? "" : "; " + Next);
        }
      }
      if (C.S != CandidateResult::Invalid) {
        if (R.Reduced) {
          X.prepare(R.Sizes);
          uploadInputs(X, M, TimedIn);
          resetOutputs(X, M, TimedIn);
          X.launch(); // warm-up at the timed sizes
        }
        std::vector<double> Ms;
        for (int Rep = 0; Rep < O.Reps; ++Rep) {
          resetOutputs(X, M, TimedIn);
          Ms.push_back(X.launch());
        }
        C.MedianMs = medianOf(Ms);
        C.MinMs = Ms.empty() ? 0 : *std::min_element(Ms.begin(), Ms.end());
        C.MaxMs = Ms.empty() ? 0 : *std::max_element(Ms.begin(), Ms.end());
        C.S = CandidateResult::Valid;
      }
    } catch (const Error &E) {
      C.S = CandidateResult::Skipped;
      C.Reason = firstLine(E.what());
    } catch (const cl::Error &E) {
      C.S = CandidateResult::Skipped;
      C.Reason = std::string(E.what()) + " failed with " + clErrorName(E.err());
    }
    progress("candidate " + std::to_string(I + 1) + "/" +
             std::to_string(Chosen.size()) + ": " + Text + ": " +
             (C.S == CandidateResult::Valid ? fmtMs(C.MedianMs)
              : C.S == CandidateResult::Invalid
                  ? "INVALID"
                  : "skipped (" + C.Reason + ")"));
    R.Results.push_back(std::move(C));
  }

  for (size_t I = 0; I < R.Results.size(); ++I) {
    const CandidateResult &C = R.Results[I];
    if (C.S == CandidateResult::Skipped) {
      ++R.Skipped;
      continue;
    }
    if (C.S == CandidateResult::Invalid) {
      ++R.Invalid;
      continue;
    }
    ++R.Valid;
    if (R.Best < 0 || C.MedianMs < R.Results[R.Best].MedianMs)
      R.Best = int(I);
    if (R.Slowest < 0 || C.MedianMs > R.Results[R.Slowest].MedianMs)
      R.Slowest = int(I);
  }
  // The shape-based default: what a run without a cache entry would use,
  // i.e. the first of ShapeOrder that built and launched.
  for (const Env &E : ShapeOrder) {
    for (size_t I = 0; I < R.Results.size(); ++I)
      if (R.Results[I].Tunables == E &&
          R.Results[I].S != CandidateResult::Skipped) {
        R.ShapeDefault = int(I);
        R.ShapeDefaultLabel = R.Results[I].Label;
        break;
      }
    if (R.ShapeDefault >= 0)
      break;
  }
  R.WallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return R;
}

} // namespace looptile::rt
