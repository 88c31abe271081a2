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
#include <algorithm>
#include <map>
#include <set>

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
  HostInputs ValIn = makeInputs(M, merged(R.ValidationSizes, Defaults), O.Seed,
                                O.Inputs, O.Reference);
  progress("running the reference " + M.SourceFunction + "() once");
  std::vector<HostArray> RefOut =
      runReference(M, *O.Reference, ValIn, &R.ReferenceMs);
  HostInputs TimeIn;
  if (R.Reduced)
    TimeIn = makeInputs(M, merged(R.Sizes, Defaults), O.Seed, O.Inputs,
                        O.Reference);
  const HostInputs &TimedIn = R.Reduced ? TimeIn : ValIn;

  // One candidate: built, validated against the reference (unless it was
  // already), timed with Reps runs.
  auto evaluate = [&](const Env &T, int Reps, bool Validate) {
    CandidateResult C;
    C.Tunables = T;
    if (auto It = Labels.find(T); It != Labels.end())
      C.Label = It->second;
    try {
      Executor X(M, Source, D, C.Tunables);
      if (Validate) {
        X.prepare(R.ValidationSizes);
        uploadInputs(X, M, ValIn);
        resetOutputs(X, M, ValIn);
        X.launch();
        for (const Comparison &Cmp : compareOutputs(
                 X, M, RefOut, ruleFor(X, M, ValIn, O.Reference))) {
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
      }
      if (C.S != CandidateResult::Invalid) {
        if (R.Reduced || !Validate) {
          X.prepare(R.Sizes);
          uploadInputs(X, M, TimedIn);
          resetOutputs(X, M, TimedIn);
          X.launch(); // warm-up at the timed sizes
        }
        std::vector<double> Ms;
        for (int Rep = 0; Rep < Reps; ++Rep) {
          resetOutputs(X, M, TimedIn);
          Ms.push_back(X.launch());
        }
        C.MedianMs = medianOf(Ms);
        C.MinMs = Ms.empty() ? 0 : *std::min_element(Ms.begin(), Ms.end());
        C.MaxMs = Ms.empty() ? 0 : *std::max_element(Ms.begin(), Ms.end());
        C.Runs = Reps;
        C.S = CandidateResult::Valid;
      }
    } catch (const Error &E) {
      C.S = CandidateResult::Skipped;
      C.Reason = firstLine(E.what());
    } catch (const cl::Error &E) {
      C.S = CandidateResult::Skipped;
      C.Reason = std::string(E.what()) + " failed with " + clErrorName(E.err());
    }
    return C;
  };
  auto report = [&](const std::string &Round, size_t I, size_t N,
                    const CandidateResult &C) {
    progress(Round + " " + std::to_string(I + 1) + "/" + std::to_string(N) +
             ": " + settingText(M, C.Tunables) + ": " +
             (C.S == CandidateResult::Valid ? fmtMs(C.MedianMs)
              : C.S == CandidateResult::Invalid
                  ? "INVALID"
                  : "skipped (" + C.Reason + ")"));
  };

  // Round 1: every chosen candidate, screened with few runs when there are
  // more than the finalists.
  R.Screened = Chosen.size() > O.Finalists;
  int FirstReps = R.Screened ? std::max(1, O.ScreenReps) : O.Reps;
  std::set<Env> Tried;
  for (size_t I = 0; I < Chosen.size(); ++I) {
    R.Results.push_back(evaluate(Chosen[I], FirstReps, true));
    Tried.insert(Chosen[I]);
    report("candidate", I, Chosen.size(), R.Results.back());
  }
  auto fastest = [&](size_t N) {
    std::vector<size_t> Ix;
    for (size_t I = 0; I < R.Results.size(); ++I)
      if (R.Results[I].S == CandidateResult::Valid)
        Ix.push_back(I);
    std::stable_sort(Ix.begin(), Ix.end(), [&](size_t A, size_t B) {
      return R.Results[A].MedianMs < R.Results[B].MedianMs;
    });
    if (Ix.size() > N)
      Ix.resize(N);
    return Ix;
  };
  if (R.Screened) {
    // Round 2: a local search around the three fastest, twice.
    size_t NB = O.NeighbourBudget ? O.NeighbourBudget
                                  : std::max<size_t>(8, O.Budget / 4);
    for (int Step = 0; Step < 2 && R.Neighbours < NB; ++Step) {
      std::vector<Env> Next;
      for (size_t I : fastest(3))
        for (Env &N : neighbourSettings(M, R.Sizes, R.Limits, O.Pinned,
                                        R.Results[I].Tunables))
          if (Tried.insert(N).second && Next.size() + R.Neighbours < NB)
            Next.push_back(std::move(N));
      if (Next.empty())
        break;
      for (size_t I = 0; I < Next.size(); ++I) {
        R.Results.push_back(evaluate(Next[I], FirstReps, true));
        R.Results.back().Neighbour = true;
        report("neighbour", R.Neighbours + I, NB, R.Results.back());
      }
      R.Neighbours += Next.size();
    }
    // Round 3: the finalists (and the shape-based default, so that the
    // comparison with it is between equal timings), timed with Reps runs.
    std::vector<size_t> Final = fastest(O.Finalists);
    for (const Env &E : ShapeOrder) {
      auto It = std::find_if(
          R.Results.begin(), R.Results.end(), [&](const CandidateResult &C) {
            return C.Tunables == E && C.S != CandidateResult::Skipped;
          });
      if (It == R.Results.end())
        continue;
      size_t I = size_t(It - R.Results.begin());
      if (It->S == CandidateResult::Valid &&
          std::find(Final.begin(), Final.end(), I) == Final.end())
        Final.push_back(I);
      break;
    }
    for (size_t F = 0; F < Final.size(); ++F) {
      CandidateResult &C = R.Results[Final[F]];
      CandidateResult Again = evaluate(C.Tunables, O.Reps, false);
      bool Neighbour = C.Neighbour;
      std::string Label = C.Label;
      if (Again.S == CandidateResult::Valid) {
        Again.MaxAbsError = C.MaxAbsError;
        C = Again;
      } else {
        C.S = Again.S;
        C.Reason = Again.Reason;
      }
      C.Neighbour = Neighbour;
      C.Label = Label;
      report("finalist", F, Final.size(), C);
    }
    R.Finalists = Final.size();
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
    // Chosen among the finalists: a screened time is one run.
    if (C.Runs == O.Reps &&
        (R.Best < 0 || C.MedianMs < R.Results[R.Best].MedianMs))
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
