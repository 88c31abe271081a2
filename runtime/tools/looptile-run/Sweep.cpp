//===- Sweep.cpp - Validate sizes around tile boundaries ------------------===//
//
// Owns runSweep (see Sweep.h): point selection, progress, the table.
//
//===----------------------------------------------------------------------===//
#include "Sweep.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Json.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <set>

namespace looptile::run {

static int64_t tileOf(const rt::Manifest &M, const rt::Argument &A,
                      const rt::Env &Tunables) {
  if (A.Tile) {
    rt::Env E = Tunables;
    for (const std::string &S : M.sizeNames())
      E.emplace(S, 1);
    int64_t T = A.Tile->evaluate(E);
    if (T > 0)
      return T;
  }
  int64_t T = 0;
  for (const auto &[N, V] : Tunables)
    if (!M.WorkGroupLoopTunables.count(N))
      T = std::max(T, V);
  return T > 0 ? T : 16;
}

int runSweep(const Options &O, const rt::Manifest &M, rt::Executor &X,
             const rt::ReferenceLibrary &Ref, const RunContext &Ctx) {
  struct Point {
    std::string Param;
    rt::Env Sizes;
  };
  std::vector<Point> Points;
  size_t Skipped = 0;
  rt::Env Base;
  for (const rt::Argument &A : M.Arguments)
    if (A.K == rt::Argument::Size) {
      auto It = O.Sizes.find(A.Name);
      Base[A.Name] = It != O.Sizes.end() ? It->second
                                         : 2 * tileOf(M, A, Ctx.Tunables);
    }
  for (const rt::Argument &A : M.Arguments) {
    if (A.K != rt::Argument::Size)
      continue;
    int64_t T = tileOf(M, A, Ctx.Tunables);
    std::set<int64_t> Values = {1,     T / 2,     T - 1, T,    T + 1,
                                2 * T - 1, 2 * T, 2 * T + 1, 3 * T};
    for (int64_t V : Values) {
      if (V <= 0)
        continue;
      Point P{A.Name, Base};
      P.Sizes[A.Name] = V;
      // Sizes the C function does not support (the manifest's size checks)
      // are not points of the sweep.
      if (!rt::sizeLimitProblem(M, P.Sizes).empty()) {
        ++Skipped;
        continue;
      }
      Points.push_back(std::move(P));
    }
  }

  rt::HarnessOptions HO;
  HO.Reps = O.RepsGiven ? O.Reps : 1;
  HO.Seed = O.SeedGiven ? O.Seed : rt::DefaultSeed;
  HO.Reference = &Ref;
  HO.Inputs = Ctx.Inputs;

  std::ostream &OS = std::cout;
  char Line[512];
  if (!O.Json) {
    OS << "sweep of " << Ctx.ProgramPath << " on " << Ctx.Device << "\n";
    std::snprintf(Line, sizeof Line, "%-8s %-32s %-8s %12s %12s %10s\n",
                  "param", "sizes", "status", "max_abs_err", "max_rel_err",
                  "kernel_ms");
    OS << Line;
  }
  int Status = 0;
  size_t Failed = 0;
  std::string JsonRows;
  for (size_t I = 0; I < Points.size(); ++I) {
    const Point &P = Points[I];
    std::string Sizes = formatSizes(M, P.Sizes);
    if (O.Progress != 0)
      progressLine("sweep " + std::to_string(I + 1) + "/" +
                   std::to_string(Points.size()) + ": " + Sizes);
    std::string StatusText;
    rt::RunResult R;
    bool Ran = false;
    try {
      R = rt::runHarness(X, M, P.Sizes, HO);
      Ran = true;
      StatusText = R.Passed ? "ok" : "MISMATCH";
      if (!R.Passed) {
        Status = Status ? Status : 1;
        ++Failed;
      }
    } catch (const rt::Error &E) {
      StatusText = "ERROR";
      std::cerr << "looptile-run: error at " << Sizes << ": " << E.what()
                << "\n";
      // A point that cannot run at its sizes fails the sweep like a
      // mismatch: exit status 1 (docs/runtime.md).
      Status = 1;
      ++Failed;
    }
    if (O.Json) {
      JsonRows += std::string(JsonRows.empty() ? "" : ", ") +
                  "{\"param\": " + rt::json::quote(P.Param) +
                  ", \"sizes\": " + rt::json::quote(Sizes) +
                  ", \"status\": " + rt::json::quote(StatusText);
      if (Ran) {
        std::snprintf(Line, sizeof Line,
                      ", \"max_abs_error\": %.6g, \"max_rel_error\": %.6g",
                      R.MaxAbsError, R.MaxRelError);
        JsonRows += Line;
      }
      JsonRows += "}";
      continue;
    }
    if (Ran)
      std::snprintf(Line, sizeof Line, "%-8s %-32s %-8s %12.3g %12.3g %10.4f\n",
                    P.Param.c_str(), Sizes.c_str(), StatusText.c_str(),
                    R.MaxAbsError, R.MaxRelError, R.MedianMs);
    else
      std::snprintf(Line, sizeof Line, "%-8s %-32s %-8s %12s %12s %10s\n",
                    P.Param.c_str(), Sizes.c_str(), StatusText.c_str(), "-",
                    "-", "-");
    OS << Line;
    if (Ran && !R.Passed)
      for (const rt::Comparison &B : R.Buffers)
        if (!B.passed())
        {
          std::string Text = "    " + rt::describeMismatch(B);
          for (size_t P = 0; (P = Text.find('\n', P)) != std::string::npos;
               P += 5)
            Text.insert(P + 1, "    ");
          OS << Text << "\n";
        }
  }
  if (O.Json) {
    OS << "{\"device\": " << rt::json::quote(Ctx.Device)
       << ", \"sweep\": [" << JsonRows << "], \"failed\": " << Failed
       << "}\n";
  } else {
    OS << "sweep: " << Points.size() - Failed << " of " << Points.size()
       << " points validated" << (Failed ? ", FAILED" : "");
    if (Skipped)
      OS << " (" << Skipped << " left out: sizes the C function does not "
         << "support)";
    OS << "\n";
  }
  return Status;
}

} // namespace looptile::run
