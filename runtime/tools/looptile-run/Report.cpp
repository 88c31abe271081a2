//===- Report.cpp - Print run results -------------------------------------===//
//
// Owns the formats described in Report.h and docs/runtime.md.
//
//===----------------------------------------------------------------------===//
#include "Report.h"
#include "looptile/Runtime/Json.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace looptile::run {

static std::string fmt(const char *F, double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, F, V);
  return Buf;
}

/// A JSON number (JSON has no inf/nan: those become null).
static std::string jnum(double V) {
  if (!std::isfinite(V))
    return "null";
  return fmt("%.6g", V);
}

std::string formatSizes(const rt::Manifest &M, const rt::Env &Sizes) {
  std::string S;
  for (const std::string &N : M.sizeNames()) {
    auto It = Sizes.find(N);
    S += (S.empty() ? "" : " ") + N + "=" +
         (It == Sizes.end() ? "?" : std::to_string(It->second));
  }
  return S;
}

static std::string formatEnv(const rt::Env &E) {
  std::string S;
  for (const auto &[N, V] : E)
    S += (S.empty() ? "" : " ") + N + "=" + std::to_string(V);
  return S.empty() ? "(none)" : S;
}

void printSetting(std::ostream &OS, const RunContext &C) {
  if (!C.Setting)
    return;
  const rt::TunableSetting &S = *C.Setting;
  if (!C.M->Tunables.empty())
    OS << "tunables: " << S.describe(*C.M) << "\n";
  if (!S.CachePath.empty())
    OS << "tuning cache: using the entry tuned " << S.CacheTuned << " in "
       << S.CachePath << "\n";
  for (const std::string &N : S.Notes)
    OS << "note: " << N << "\n";
}

void printText(std::ostream &OS, const RunContext &C, const rt::RunResult &R) {
  if (R.Devices.empty())
    OS << "device: " << C.Device << "\n";
  else
    for (size_t D = 0; D < R.Devices.size(); ++D)
      OS << "device " << D << ": " << R.Devices[D] << "\n";
  OS << "program: " << C.ProgramPath << " (" << formatEnv(C.Tunables) << ")\n";
  printSetting(OS, C);
  OS << "sizes: " << formatSizes(*C.M, R.Sizes) << "\n";
  if (C.Inputs && !C.Inputs->empty())
    OS << "inputs: " << rt::describeInputs(*C.Inputs, *C.M) << "\n";
  if (!R.KernelMs.empty()) {
    OS << "kernel time: median " << fmt("%.4f", R.MedianMs) << " ms, min "
       << fmt("%.4f", R.MinMs) << " ms, max " << fmt("%.4f", R.MaxMs)
       << " ms (" << R.KernelMs.size() << " reps)\n";
    OS << "throughput: " << fmt("%.3f", R.GFlops) << " GFLOPS, "
       << fmt("%.3f", R.GBps) << " GB/s\n";
    // A host program: the split of the run's time over its kernels.
    // Kernels never launched (a host loop run as its kernel of one
    // work-group, or the other way round; launches with an empty NDRange)
    // are named on one line.
    if (!C.M->HostVars.empty()) {
      std::string Idle;
      for (size_t K = 0; K < R.KernelMedianMs.size(); ++K) {
        if (R.KernelLaunches[K] == 0) {
          Idle += (Idle.empty() ? "" : ", ") + C.M->Kernels[K].Name;
          continue;
        }
        OS << "  " << C.M->Kernels[K].Name << ": " << R.KernelLaunches[K]
           << " launches, median " << fmt("%.4f", R.KernelMedianMs[K])
           << " ms\n";
      }
      if (!Idle.empty())
        OS << "  not launched: " << Idle << "\n";
    }
    // Several devices: the run's time is wall-clock (launches and the
    // transfers between devices); each device's kernels' time.
    for (size_t D = 0; D < R.DeviceMedianMs.size(); ++D)
      OS << "  device " << D << ": " << R.DeviceParts[D]
         << " parts, kernels median " << fmt("%.4f", R.DeviceMedianMs[D])
         << " ms, received "
         << (D < R.DeviceReceived.size() ? R.DeviceReceived[D] : 0)
         << " bytes\n";
    if (!R.Devices.empty())
      OS << "  exchanged between devices: " << R.ExchangedBytes
         << " bytes per run (whole arrays uploaded to every device; "
            "downloads gather each row from one device)\n";
  }
  if (!R.Validated) {
    OS << "validation: not run (use --validate)\n";
    return;
  }
  OS << "validation: " << (R.Passed ? "PASSED" : "FAILED") << " (max abs error "
     << fmt("%.3g", R.MaxAbsError) << ", max rel error "
     << fmt("%.3g", R.MaxRelError) << "; " << rt::describeRule(R.Rule) << ")\n";
  for (const rt::Comparison &B : R.Buffers) {
    if (B.passed())
      OS << "  " << B.Name << ": ok, " << B.Count << " elements, max abs error "
         << fmt("%.3g", B.MaxAbsError) << "\n";
    else
      OS << "  " << rt::describeMismatch(B) << "\n";
  }
  // Why this mode: what makes it exact, or why rounding may differ.
  OS << "  " << (R.Rule.Exact ? "exact because: " : "tolerance because: ")
     << R.Rule.Why << "\n";
  if (!R.Passed && C.M->Fp.FastContract)
    OS << "  hint: contraction rounds differently from C, and an unstable "
          "computation can amplify that beyond any rounding tolerance; "
          "regenerate without --fp-contract=fast to compare exactly\n";
}

void printJson(std::ostream &OS, const RunContext &C, const rt::RunResult &R) {
  using rt::json::quote;
  OS << "{\"device\": " << quote(C.Device)
     << ", \"program\": " << quote(C.ProgramPath) << ", \"sizes\": {";
  bool First = true;
  for (const std::string &N : C.M->sizeNames()) {
    OS << (First ? "" : ", ") << quote(N) << ": " << R.Sizes.at(N);
    First = false;
  }
  OS << "}, \"tunables\": {";
  First = true;
  for (const auto &[N, V] : C.Tunables) {
    OS << (First ? "" : ", ") << quote(N) << ": " << V;
    First = false;
  }
  OS << "}, \"reps\": " << R.KernelMs.size()
     << ", \"kernel_ms\": " << jnum(R.MedianMs)
     << ", \"median_ms\": " << jnum(R.MedianMs)
     << ", \"min_ms\": " << jnum(R.MinMs) << ", \"max_ms\": " << jnum(R.MaxMs)
     << ", \"gflops\": " << jnum(R.GFlops) << ", \"gbps\": " << jnum(R.GBps)
     << ", \"flops\": " << jnum(R.Flops) << ", \"bytes\": " << jnum(R.Bytes)
     << ", \"validated\": " << (R.Validated && R.Passed ? "true" : "false")
     << ", \"validation\": "
     << (R.Validated ? (R.Passed ? "\"passed\"" : "\"failed\"") : "\"skipped\"")
     << ", \"max_abs_error\": "
     << (R.Validated ? jnum(R.MaxAbsError) : "null")
     << ", \"max_rel_error\": "
     << (R.Validated ? jnum(R.MaxRelError) : "null")
     << ", \"reduction_length\": " << R.ReductionLength << ", \"inputs\": "
     << (C.Inputs && !C.Inputs->empty()
             ? quote(rt::describeInputs(*C.Inputs, *C.M))
             : std::string("null"));
  OS << ", \"kernels\": [";
  for (size_t K = 0; K < R.KernelMedianMs.size(); ++K)
    OS << (K ? ", " : "") << "{\"name\": " << quote(C.M->Kernels[K].Name)
       << ", \"launches\": " << R.KernelLaunches[K]
       << ", \"median_ms\": " << jnum(R.KernelMedianMs[K]) << "}";
  OS << "]";
  if (!R.Devices.empty()) {
    OS << ", \"time\": \"wall-clock, transfers between devices included\""
       << ", \"placement\": \"whole arrays uploaded to every device; a part "
          "receives the rows it needs that another device wrote; downloads "
          "gather each row from one device that holds it\""
       << ", \"devices\": [";
    for (size_t D = 0; D < R.Devices.size(); ++D)
      OS << (D ? ", " : "") << "{\"device\": " << quote(R.Devices[D])
         << ", \"parts\": " << R.DeviceParts[D] << ", \"kernel_ms\": "
         << jnum(D < R.DeviceMedianMs.size() ? R.DeviceMedianMs[D] : 0.0)
         << ", \"received_bytes\": "
         << (D < R.DeviceReceived.size() ? R.DeviceReceived[D] : 0) << "}";
    OS << "], \"exchanged_bytes\": " << R.ExchangedBytes
       << ", \"split\": [";
    // The kernels that ran (one that never launched split nothing).
    bool First = true;
    for (size_t K = 0; K < R.SplitRefusals.size(); ++K) {
      if (K < R.KernelLaunches.size() && R.KernelLaunches[K] == 0)
        continue;
      OS << (First ? "" : ", ") << "{\"kernel\": " << quote(C.M->Kernels[K].Name)
         << ", \"split\": " << (R.SplitRefusals[K].empty() ? "true" : "false")
         << ", \"reason\": "
         << (R.SplitRefusals[K].empty() ? std::string("null")
                                        : quote(R.SplitRefusals[K]))
         << "}";
      First = false;
    }
    OS << "]";
  }
  if (R.Validated) {
    OS << ", \"buffers\": [";
    First = true;
    for (const rt::Comparison &B : R.Buffers) {
      OS << (First ? "" : ", ") << "{\"name\": " << quote(B.Name)
         << ", \"elements\": " << B.Count << ", \"bad\": " << B.Bad
         << ", \"unwritten\": " << B.Unwritten
         << ", \"nonfinite_reference\": " << B.RefNonFinite
         << ", \"max_abs_error\": " << jnum(B.MaxAbsError)
         << ", \"max_rel_error\": " << jnum(B.MaxRelError);
      if (!B.passed())
        OS << ", \"first_bad\": "
           << quote(B.Name + rt::formatIndex(B.FirstBad, B.Shape))
           << ", \"expected\": " << jnum(B.Expected) << ", \"got\": "
           << (B.FirstBadIsSentinel ? std::string("null") : jnum(B.Got));
      OS << "}";
      First = false;
    }
    OS << "], \"comparison\": " << quote(R.Rule.Exact ? "exact" : "tolerance")
       << ", \"comparison_reason\": " << quote(R.Rule.Why);
  }
  if (C.Setting) {
    const rt::TunableSetting &S = *C.Setting;
    OS << ", \"tunable_sources\": {";
    First = true;
    for (const auto &[N, O] : S.Origins) {
      OS << (First ? "" : ", ") << quote(N) << ": "
         << quote(rt::originName(O));
      First = false;
    }
    OS << "}, \"preset\": "
       << (S.PresetName.empty() ? "null" : quote(S.PresetName))
       << ", \"tune_cache\": "
       << (S.CachePath.empty() ? "null" : quote(S.CachePath))
       << ", \"notes\": [";
    First = true;
    std::vector<std::string> All = S.Notes;
    All.insert(All.end(), S.Fits.begin(), S.Fits.end());
    for (const rt::Comparison &B : R.Buffers)
      if (std::string W = rt::nonfiniteWarning(B); !W.empty())
        All.push_back(W);
    for (const std::string &N : All) {
      OS << (First ? "" : ", ") << quote(N);
      First = false;
    }
    OS << "]";
  }
  OS << "}\n";
}

// Elapsed times in progress lines count from program start.
static const auto Start = std::chrono::steady_clock::now();

void progressLine(const std::string &Msg) {
  double S = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                           Start)
                 .count();
  std::cerr << "looptile-run: [" << fmt("%6.1f", S) << " s] " << Msg
            << std::endl;
}

} // namespace looptile::run
