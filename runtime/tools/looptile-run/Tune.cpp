//===- Tune.cpp - looptile-run --tune -------------------------------------===//
//
// Owns runTune (see Tune.h) and the tuning report.
//
//===----------------------------------------------------------------------===//
#include "Tune.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Json.h"
#include "looptile/Runtime/TuneCache.h"

#include <cmath>
#include <cstdio>
#include <iostream>

namespace looptile::run {

using rt::CandidateResult;

static std::string fmt(const char *F, double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, F, V);
  return Buf;
}

static std::string jnum(double V) {
  return std::isfinite(V) ? fmt("%.6g", V) : "null";
}

static std::string envJson(const rt::Manifest &M, const rt::Env &E,
                           bool Sizes) {
  std::string S = "{";
  std::vector<std::string> Names;
  if (Sizes)
    Names = M.sizeNames();
  else
    for (const rt::Tunable &T : M.Tunables)
      Names.push_back(T.Name);
  for (const std::string &N : Names)
    if (auto It = E.find(N); It != E.end())
      S += (S.size() > 1 ? ", " : "") + rt::json::quote(N) + ": " +
           std::to_string(It->second);
  return S + "}";
}

// The timed runs that screen each candidate: the tuner's default.
static int screenReps() { return rt::TuneOptions().ScreenReps; }

static const char *statusName(CandidateResult::Status S) {
  return S == CandidateResult::Valid     ? "valid"
         : S == CandidateResult::Invalid ? "invalid"
                                         : "skipped";
}

static void printTuneText(std::ostream &OS, const rt::Manifest &M,
                          const RunContext &Ctx, const rt::TuneResult &R,
                          const Options &O, const std::string &CacheLine) {
  const rt::CandidateSelection &Sel = R.Selection;
  OS << "device: " << Ctx.Device << "\n";
  OS << "program: " << Ctx.ProgramPath << "\n";
  OS << "sizes: " << formatSizes(M, R.Sizes) << "\n";
  OS << "compute units: " << R.Limits.ComputeUnits
     << (R.Limits.ComputeUnitsOverridden ? " (LOOPTILE_COMPUTE_UNITS)" : "")
     << ", max work-group " << R.Limits.MaxWorkGroupSize << ", local memory "
     << R.Limits.LocalMemBytes << " bytes\n";
  OS << "search space: " << Sel.GridSize << " settings in the grid";
  if (Sel.Enumerated)
    OS << ", " << Sel.Eligible
       << " within the manifest's rules and the device limits, "
       << Sel.SampledOut << " left out by the budget of " << O.TuneBudget;
  else
    OS << " (too many to enumerate: a deterministic random sample)";
  OS << "\n";
  for (const std::string &D : Sel.Dropped)
    OS << "  not tried: " << D << "\n";
  if (R.Reduced)
    OS << "validation: every candidate against the C reference at reduced "
          "sizes "
       << formatSizes(M, R.ValidationSizes) << " (partial tiles kept; the "
       << "requested sizes need " << fmt("%.3g", R.Work / 1e9)
       << " G operations, over the limit of "
       << fmt("%.3g", O.TuneValidateLimit / 1e9)
       << "); timed at the requested sizes\n";
  else
    OS << "validation: every candidate against the C reference at the "
          "requested sizes\n";

  char Line[512];
  for (size_t I = 0; I < R.Results.size(); ++I) {
    const CandidateResult &C = R.Results[I];
    std::string Label = C.Label;
    if (C.Neighbour && Label.empty())
      Label = "neighbour";
    if (int(I) == R.ShapeDefault)
      Label = "shape default: " + Label;
    std::string Name = rt::settingText(M, C.Tunables) +
                       (Label.empty() ? "" : " [" + Label + "]");
    std::snprintf(Line, sizeof Line, "  %-56s %-8s %s\n", Name.c_str(),
                  C.S == CandidateResult::Valid     ? "ok"
                  : C.S == CandidateResult::Invalid ? "INVALID"
                                                    : "skipped",
                  C.S != CandidateResult::Valid ? C.Reason.c_str()
                  : C.Runs == O.Reps || !R.Screened
                      ? fmt("%.4f ms", C.MedianMs).c_str()
                      : (fmt("%.4f ms", C.MedianMs) + " (screened: " +
                         std::to_string(C.Runs) + " run" +
                         (C.Runs == 1 ? ")" : "s)"))
                            .c_str());
    OS << Line;
  }
  OS << "result: " << R.Results.size() << " tried, " << R.Skipped
     << " skipped, " << R.Invalid << " invalid, " << R.Valid
     << " valid; search " << fmt("%.1f", R.WallSeconds) << " s (reference "
     << fmt("%.2f", R.ReferenceMs * 1e-3) << " s, ";
  if (R.Screened)
    OS << "each candidate screened with " << screenReps() << " timed run"
       << (screenReps() == 1 ? "" : "s") << ", " << R.Neighbours
       << " of them neighbours of the fastest on the grid; " << R.Finalists
       << " finalists, the fastest and the shape default, timed again with "
       << O.Reps << " run" << (O.Reps == 1 ? "" : "s") << ")\n";
  else
    OS << O.Reps << " timed run" << (O.Reps == 1 ? "" : "s")
       << " per candidate)\n";
  if (R.Best < 0) {
    OS << "chosen: none (no candidate is valid)\n";
    return;
  }
  const CandidateResult &B = R.Results[R.Best], &S = R.Results[R.Slowest];
  OS << "spread: fastest " << fmt("%.4f", B.MedianMs) << " ms, slowest "
     << fmt("%.4f", S.MedianMs) << " ms (" << rt::settingText(M, S.Tunables)
     << "), " << fmt("%.2f", B.MedianMs > 0 ? S.MedianMs / B.MedianMs : 0)
     << "x\n";
  OS << "chosen: " << rt::settingText(M, B.Tunables) << ", "
     << fmt("%.4f", B.MedianMs) << " ms";
  if (R.ShapeDefault >= 0 &&
      R.Results[R.ShapeDefault].S == CandidateResult::Valid) {
    const CandidateResult &D = R.Results[R.ShapeDefault];
    OS << ", " << fmt("%.2f", B.MedianMs > 0 ? D.MedianMs / B.MedianMs : 0)
       << "x the speed of the shape-based default "
       << rt::settingText(M, D.Tunables) << " (" << R.ShapeDefaultLabel << ", "
       << fmt("%.4f", D.MedianMs) << " ms)";
  } else if (R.ShapeDefault >= 0) {
    OS << "; the shape-based default "
       << rt::settingText(M, R.Results[R.ShapeDefault].Tunables) << " ("
       << R.ShapeDefaultLabel << ") is INVALID";
  }
  OS << "\n";
  if (!CacheLine.empty())
    OS << "tuning cache: " << CacheLine << "\n";
}

static void printTuneJson(std::ostream &OS, const rt::Manifest &M,
                          const RunContext &Ctx, const rt::TuneResult &R,
                          const Options &O, const std::string &CachePath,
                          bool Stored) {
  using rt::json::quote;
  const rt::CandidateSelection &Sel = R.Selection;
  OS << "{\"device\": " << quote(Ctx.Device)
     << ", \"program\": " << quote(Ctx.ProgramPath)
     << ", \"sizes\": " << envJson(M, R.Sizes, true)
     << ", \"tune\": {\"compute_units\": " << R.Limits.ComputeUnits
     << ", \"grid\": " << Sel.GridSize
     << ", \"enumerated\": " << (Sel.Enumerated ? "true" : "false")
     << ", \"eligible\": " << Sel.Eligible << ", \"budget\": " << O.TuneBudget
     << ", \"sampled_out\": " << Sel.SampledOut
     << ", \"tried\": " << R.Results.size() << ", \"skipped\": " << R.Skipped
     << ", \"invalid\": " << R.Invalid << ", \"valid\": " << R.Valid
     << ", \"reps\": " << O.Reps
     << ", \"screened\": " << (R.Screened ? "true" : "false")
     << ", \"neighbours\": " << R.Neighbours
     << ", \"finalists\": " << R.Finalists
     << ", \"search_s\": " << jnum(R.WallSeconds)
     << ", \"reference_s\": " << jnum(R.ReferenceMs * 1e-3)
     << ", \"validation_sizes\": " << envJson(M, R.ValidationSizes, true)
     << ", \"reduced\": " << (R.Reduced ? "true" : "false");
  auto setting = [&](int I) {
    return I < 0 ? std::string("null")
                 : envJson(M, R.Results[I].Tunables, false);
  };
  auto ms = [&](int I) {
    return I < 0 || R.Results[I].S != CandidateResult::Valid
               ? std::string("null")
               : jnum(R.Results[I].MedianMs);
  };
  OS << ", \"chosen\": " << setting(R.Best) << ", \"chosen_ms\": " << ms(R.Best)
     << ", \"fastest_ms\": " << ms(R.Best)
     << ", \"slowest_ms\": " << ms(R.Slowest)
     << ", \"shape_default\": " << setting(R.ShapeDefault)
     << ", \"shape_default_label\": "
     << (R.ShapeDefault < 0 ? "null" : quote(R.ShapeDefaultLabel))
     << ", \"shape_default_ms\": " << ms(R.ShapeDefault) << ", \"speedup\": ";
  if (R.Best >= 0 && R.ShapeDefault >= 0 &&
      R.Results[R.ShapeDefault].S == CandidateResult::Valid &&
      R.Results[R.Best].MedianMs > 0)
    OS << jnum(R.Results[R.ShapeDefault].MedianMs / R.Results[R.Best].MedianMs);
  else
    OS << "null";
  OS << ", \"cache\": {\"path\": "
     << (CachePath.empty() ? "null" : quote(CachePath))
     << ", \"stored\": " << (Stored ? "true" : "false") << "}";
  OS << ", \"candidates\": [";
  for (size_t I = 0; I < R.Results.size(); ++I) {
    const CandidateResult &C = R.Results[I];
    OS << (I ? ", " : "") << "{\"tunables\": " << envJson(M, C.Tunables, false)
       << ", \"label\": " << quote(C.Label) << ", \"shape_default\": "
       << (int(I) == R.ShapeDefault ? "true" : "false") << ", \"status\": \""
       << statusName(C.S) << "\""
       << ", \"median_ms\": "
       << (C.S == CandidateResult::Valid ? jnum(C.MedianMs) : "null")
       << ", \"runs\": " << C.Runs
       << ", \"neighbour\": " << (C.Neighbour ? "true" : "false")
       << ", \"reason\": " << (C.Reason.empty() ? "null" : quote(C.Reason))
       << "}";
  }
  OS << "]}}\n";
}

int runTune(const Options &O, const rt::Manifest &M, const std::string &Source,
            const rt::DeviceRef &Dev, const rt::ReferenceLibrary &Ref,
            const RunContext &Ctx, bool Progress) {
  rt::TuneOptions TO;
  TO.Reps = O.RepsGiven ? O.Reps : 5;
  TO.Budget = O.TuneBudget;
  TO.Seed = O.SeedGiven ? O.Seed : rt::DefaultSeed;
  TO.ValidateLimit = O.TuneValidateLimit;
  TO.Pinned = O.Tunables;
  TO.Reference = &Ref;
  TO.Inputs = Ctx.Inputs;
  if (Progress)
    TO.Progress = progressLine;

  std::string CachePath = O.NoTuneCache ? "" : rt::defaultTuneCachePath();
  rt::Env Sizes = rt::checkSizes(M, O.Sizes);
  if (!CachePath.empty()) {
    rt::TuneCache Old = rt::TuneCache::load(CachePath);
    if (!Old.problem().empty())
      std::cerr << "looptile-run: warning: ignoring the tuning cache: "
                << Old.problem() << "\n";
    else if (const rt::TuneCacheEntry *E =
                 Old.find(rt::makeTuneCacheKey(Dev, M, Source, Sizes)))
      TO.Extra.push_back(E->Tunables);
  }

  rt::TuneResult R = rt::tune(M, Source, Dev, Sizes, TO);

  Options Shown = O;
  Shown.Reps = TO.Reps;
  std::string CacheLine, StoreError;
  bool Stored = false;
  if (R.Best >= 0 && !CachePath.empty()) {
    rt::TuneCacheEntry E;
    E.Key = rt::makeTuneCacheKey(Dev, M, Source, Sizes);
    E.Function = M.SourceFunction;
    E.Program = Ctx.ProgramPath;
    E.Tunables = R.Results[R.Best].Tunables;
    E.MedianMs = R.Results[R.Best].MedianMs;
    if (R.ShapeDefault >= 0 &&
        R.Results[R.ShapeDefault].S == CandidateResult::Valid)
      E.DefaultMs = R.Results[R.ShapeDefault].MedianMs;
    E.Candidates = int64_t(R.Results.size());
    E.Tuned = rt::utcNow();
    try {
      for (const std::string &W : rt::TuneCache::store(CachePath, E))
        std::cerr << "looptile-run: warning: " << W << "\n";
      Stored = true;
      CacheLine = "stored in " + CachePath;
    } catch (const rt::Error &Err) {
      // The report still shows what the search found.
      StoreError = Err.what();
      CacheLine = "NOT stored (" + StoreError + ")";
    }
  } else if (R.Best >= 0) {
    CacheLine = O.NoTuneCache ? "not stored (--no-tune-cache)"
                              : "not stored (no cache path: set "
                                "LOOPTILE_TUNE_CACHE, XDG_CACHE_HOME or HOME)";
  }
  if (O.Json)
    printTuneJson(std::cout, M, Ctx, R, Shown, CachePath, Stored);
  else
    printTuneText(std::cout, M, Ctx, R, Shown, CacheLine);
  if (!StoreError.empty()) {
    std::cerr << "looptile-run: error: " << StoreError << "\n";
    return 1; // an output that cannot be written
  }
  if (R.Invalid)
    return 1;
  return R.Best >= 0 ? 0 : 3;
}

} // namespace looptile::run
