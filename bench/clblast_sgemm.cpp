//===- clblast_sgemm.cpp - CLBlast SGEMM reference timing -----------------===//
//
// looptile-bench-clblast: the CLBlast reference for looptile's generated
// matmul kernels (issue 7), on the same OpenCL device. Row-major
// C = A * B (alpha 1, beta 0) with A M x K, B K x N, inputs uniform in
// [-1, 1) from the runtime's seeded generator.
//
// Timing: CLBlast may run several kernels per call (padding/transposing
// copies around the main GEMM kernel) and the event it returns covers only
// the last one, so each repetition is timed end to end: clFinish, wall
// clock (std::chrono::steady_clock), Gemm, clFinish, wall clock. This
// includes the host's launch overhead, which matters only for tiny shapes;
// a second loop brackets each call with two empty marker kernels and
// reports the device time between them (marker_median_ms), the statistic
// closest to cuBLAS's CUDA-event timing. One warm-up call (which compiles
// CLBlast's kernels) precedes both loops.
//
// Validation: the warm-up's result is compared with a double-precision host
// product before anything is timed; every element when M*N*K <= 2^30,
// else 4096 sampled entries (corners, edges, random). The tolerance is
// looptile-run's (docs/runtime.md):
//   |got - ref| <= 8 * eps * sqrt(K) * (|ref| + rms(ref)),
// rms over the checked entries. A failed validation prints the JSON with
// null timings and exits 1, so a wrong library run is never reported fast.
//
//===----------------------------------------------------------------------===//
#include "BenchSupport.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/HostData.h"
#include "looptile/Runtime/Json.h"
#include "looptile/Runtime/Validate.h"

#include <clblast.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <iostream>
#include <map>
#include <random>
#include <sstream>

using namespace looptile;
using namespace looptile::bench;

static const char *Usage =
    R"(usage: looptile-bench-clblast M N K [--device cpu|gpu|P:D] [--reps N]
                             [--seed N] [--no-validate] [--full-validate]

Times CLBlast's row-major SGEMM C = A * B (A M x K, B K x N) end to end
(clFinish, wall clock, Gemm, clFinish) over N repetitions (default 10)
after one warm-up, and prints one JSON line: median_ms and tflops (wall
clock), marker_median_ms and marker_tflops (device time between two
marker kernels), and the validation of the warm-up's result against a
host product (all elements when M*N*K <= 2^30, else 4096 sampled;
--full-validate checks all at any size).

Exit status: 0 success, 1 validation failed, 2 usage, 3 OpenCL or CLBlast
error.
)";

namespace {

struct Check {
  size_t Entries = 0, Bad = 0;
  double MaxAbsError = 0;
  bool Full = false;
  std::string FirstBad; // "[i][j] expected E, got G"
};

/// Compares C with the product over the entries (I, J) of Picks (all of
/// them when Picks is empty), with looptile-run's tolerance.
Check validate(const std::vector<float> &A, const std::vector<float> &B,
               const std::vector<float> &C, size_t M, size_t N, size_t K,
               std::vector<std::pair<size_t, size_t>> Picks) {
  Check R;
  std::vector<double> Ref;
  if (Picks.empty()) {
    R.Full = true;
    Ref.assign(M * N, 0.0);
    for (size_t I = 0; I < M; ++I)
      for (size_t P = 0; P < K; ++P) {
        double Aip = A[I * K + P];
        double *Row = &Ref[I * N];
        const float *BRow = &B[P * N];
        for (size_t J = 0; J < N; ++J)
          Row[J] += Aip * double(BRow[J]);
      }
    Picks.reserve(M * N);
    for (size_t I = 0; I < M; ++I)
      for (size_t J = 0; J < N; ++J)
        Picks.push_back({I, J});
  } else {
    for (auto [I, J] : Picks) {
      double S = 0;
      for (size_t P = 0; P < K; ++P)
        S += double(A[I * K + P]) * double(B[P * N + J]);
      Ref.push_back(S);
    }
  }
  auto refAt = [&](size_t Idx, size_t I, size_t J) {
    return R.Full ? Ref[I * N + J] : Ref[Idx];
  };
  double SumSq = 0;
  for (size_t Idx = 0; Idx < Picks.size(); ++Idx) {
    double V = refAt(Idx, Picks[Idx].first, Picks[Idx].second);
    SumSq += V * V;
  }
  double Rms = std::sqrt(SumSq / double(Picks.size()));
  const double Eps = std::ldexp(1.0, -23);
  double Scale = rt::ToleranceFactor * Eps * std::sqrt(double(K));
  for (size_t Idx = 0; Idx < Picks.size(); ++Idx) {
    auto [I, J] = Picks[Idx];
    double Expected = refAt(Idx, I, J), Got = C[I * N + J];
    double Err = std::fabs(Got - Expected);
    if (!std::isfinite(Got))
      Err = INFINITY;
    R.MaxAbsError = std::max(R.MaxAbsError, Err);
    if (!(Err <= Scale * (std::fabs(Expected) + Rms))) {
      if (R.Bad++ == 0) {
        std::ostringstream OS;
        OS << "[" << I << "][" << J << "] expected " << Expected << ", got "
           << Got;
        R.FirstBad = OS.str();
      }
    }
  }
  R.Entries = Picks.size();
  return R;
}

/// The entries checked at large sizes: the four corners, the first and
/// last row and column at random positions, and random interior ones.
std::vector<std::pair<size_t, size_t>> samplePicks(size_t M, size_t N,
                                                   uint64_t Seed) {
  std::mt19937_64 G(Seed);
  std::vector<std::pair<size_t, size_t>> P = {
      {0, 0}, {0, N - 1}, {M - 1, 0}, {M - 1, N - 1}};
  for (int I = 0; I < 64; ++I) {
    P.push_back({0, G() % N});
    P.push_back({M - 1, G() % N});
    P.push_back({G() % M, 0});
    P.push_back({G() % M, N - 1});
  }
  while (P.size() < 4096)
    P.push_back({G() % M, G() % N});
  return P;
}

void checkStatus(clblast::StatusCode S, const std::string &What) {
  if (S != clblast::StatusCode::kSuccess)
    throw rt::Error(
        rt::ErrorKind::OpenCL,
        What + " failed with CLBlast status " + std::to_string(int(S)) +
            (int(S) > -1024 ? " (" + rt::clErrorName(cl_int(S)) + ")"
                            : std::string()));
}

/// CLBlast's Xgemm parameters for the device as a JSON object ("{}" when
/// CLBlast cannot say), to record whether a tuned entry or a default ran.
std::string xgemmParameters(cl_device_id Dev) {
  std::unordered_map<std::string, size_t> Params;
  if (clblast::RetrieveParameters(Dev, "Xgemm", clblast::Precision::kSingle,
                                  Params) != clblast::StatusCode::kSuccess)
    return "{}";
  std::map<std::string, size_t> Sorted(Params.begin(), Params.end());
  std::string S = "{";
  for (auto &[Name, V] : Sorted)
    S += (S.size() > 1 ? ", " : "") + rt::json::quote(Name) + ": " +
         std::to_string(V);
  return S + "}";
}

int sgemmMain(int Argc, char **Argv) {
  BenchOptions O = parseBenchOptions(
      Argc, Argv, {"--no-validate", "--full-validate", "--inject-error"});
  if (O.Help) {
    std::cout << Usage;
    return 0;
  }
  if (O.Positional.size() != 3)
    throw rt::Error(rt::ErrorKind::Usage, "expected M N K (see --help)");
  size_t M = O.Positional[0], N = O.Positional[1], K = O.Positional[2];
  TimedQueue T = makeTimedQueue(O.Device);
  cl_command_queue Q = T.Queue();

  // The runtime's generator with the streams looptile-run uses for
  // examples/mmm.c's A and B (arguments 3 and 4 after M, N, K): the same
  // data as the generated kernels get.
  rt::HostArray HA(rt::ElemType::Float, M * K), HB(rt::ElemType::Float, K * N);
  HA.fillRandom(rt::streamSeed(O.Seed, 3));
  HB.fillRandom(rt::streamSeed(O.Seed, 4));
  std::vector<float> A(M * K), B(K * N), C(M * N);
  std::memcpy(A.data(), HA.data(), HA.byteSize());
  std::memcpy(B.data(), HB.data(), HB.byteSize());

  std::vector<double> WallMs, MarkerMs, LastKernelMs;
  Check V;
  bool Validate = !hasFlag(O, "--no-validate");
  try {
    cl::Buffer DA(T.Context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                  A.size() * 4, A.data());
    cl::Buffer DB(T.Context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                  B.size() * 4, B.data());
    cl::Buffer DC(T.Context, CL_MEM_READ_WRITE, C.size() * 4);
    // A quiet NaN everywhere, so elements CLBlast never writes fail.
    T.Queue.enqueueFillBuffer(DC, rt::FloatSentinelBits, 0, C.size() * 4);

    // The temporary buffer CLBlast would otherwise allocate on every call
    // for shapes that need padding: allocated once, outside the timing.
    size_t TempBytes = 0;
    checkStatus(clblast::GemmTempBufferSize<float>(
                    clblast::Layout::kRowMajor, clblast::Transpose::kNo,
                    clblast::Transpose::kNo, M, N, K, 0, K, 0, N, 0, N, &Q,
                    TempBytes),
                "GemmTempBufferSize");
    cl::Buffer Temp;
    if (TempBytes > 0)
      Temp = cl::Buffer(T.Context, CL_MEM_READ_WRITE, TempBytes);

    auto gemm = [&](cl_event *Last) {
      checkStatus(clblast::Gemm<float>(
                      clblast::Layout::kRowMajor, clblast::Transpose::kNo,
                      clblast::Transpose::kNo, M, N, K, 1.0f, DA(), 0, K, DB(),
                      0, N, 0.0f, DC(), 0, N, &Q, Last,
                      TempBytes > 0 ? Temp() : nullptr),
                  "clblast::Gemm<float>");
    };

    gemm(nullptr); // warm-up: compiles CLBlast's kernels
    T.Queue.finish();
    if (Validate) {
      T.Queue.enqueueReadBuffer(DC, CL_TRUE, 0, C.size() * 4, C.data());
      // Testing only: one wrong element, at the last corner, which both
      // the full and the sampled check cover.
      if (hasFlag(O, "--inject-error"))
        C[M * N - 1] += 1.0f;
      bool Full = hasFlag(O, "--full-validate") ||
                  double(M) * double(N) * double(K) <= double(1 << 30);
      V = validate(A, B, C, M, N, K,
                   Full ? std::vector<std::pair<size_t, size_t>>{}
                        : samplePicks(M, N, O.Seed));
    }

    if (V.Bad == 0) {
      for (int Rep = 0; Rep < O.Reps; ++Rep) {
        T.Queue.finish();
        auto T0 = std::chrono::steady_clock::now();
        gemm(nullptr);
        T.Queue.finish();
        auto T1 = std::chrono::steady_clock::now();
        WallMs.push_back(
            std::chrono::duration<double, std::milli>(T1 - T0).count());
      }
      cl::Program Markers(T.Context, "__kernel void looptile_marker(void) {}",
                          true);
      cl::Kernel Marker(Markers, "looptile_marker");
      for (int Rep = 0; Rep < O.Reps; ++Rep) {
        cl::Event Before, After;
        cl_event Last = nullptr;
        T.Queue.enqueueNDRangeKernel(Marker, cl::NullRange, cl::NDRange(1),
                                     cl::NullRange, nullptr, &Before);
        gemm(&Last);
        T.Queue.enqueueNDRangeKernel(Marker, cl::NullRange, cl::NDRange(1),
                                     cl::NullRange, nullptr, &After);
        T.Queue.finish();
        MarkerMs.push_back(profiledMs(Before, CL_PROFILING_COMMAND_END, After,
                                      CL_PROFILING_COMMAND_START));
        if (Last) {
          cl::Event L(Last); // takes ownership
          LastKernelMs.push_back(profiledMs(L, CL_PROFILING_COMMAND_START, L,
                                            CL_PROFILING_COMMAND_END));
        }
      }
    }
  } catch (const cl::Error &E) {
    rt::throwCLError("CLBlast SGEMM " + std::to_string(M) + "x" +
                         std::to_string(N) + "x" + std::to_string(K),
                     E);
  }

  bool Ok = V.Bad == 0;
  double Flops = 2.0 * double(M) * double(N) * double(K);
  Stats W = summarize(WallMs), Mk = summarize(MarkerMs),
        L = summarize(LastKernelMs);
  auto tflops = [&](const Stats &S) {
    return Ok && S.Median > 0 ? jsonNumber(Flops / (S.Median * 1e-3) / 1e12)
                              : std::string("null");
  };
  auto ms = [&](double D) { return Ok ? jsonNumber(D) : std::string("null"); };
  std::cout << "{\"tool\": \"clblast\", \"device\": "
            << rt::json::quote(T.Dev.describe())
            << ", \"driver\": " << rt::json::quote(T.Dev.DriverVersion)
            << ", \"M\": " << M << ", \"N\": " << N << ", \"K\": " << K
            << ", \"reps\": " << O.Reps << ", \"median_ms\": " << ms(W.Median)
            << ", \"min_ms\": " << ms(W.Min) << ", \"max_ms\": " << ms(W.Max)
            << ", \"tflops\": " << tflops(W)
            << ", \"marker_median_ms\": " << ms(Mk.Median)
            << ", \"marker_tflops\": " << tflops(Mk)
            << ", \"last_kernel_median_ms\": "
            << (LastKernelMs.empty() ? "null" : ms(L.Median))
            << ", \"validation\": \""
            << (!Validate ? "skipped"
                : Ok      ? "passed"
                          : "failed")
            << "\""
            << ", \"validation_mode\": "
            << (!Validate ? "null"
                : V.Full  ? "\"full\""
                          : "\"sampled\"")
            << ", \"checked_entries\": " << V.Entries
            << ", \"bad_entries\": " << V.Bad << ", \"max_abs_error\": "
            << (Validate ? jsonNumber(V.MaxAbsError) : "null")
            << ", \"xgemm_parameters\": " << xgemmParameters(T.Dev.Device())
            << "}" << std::endl;
  if (!Ok)
    std::cerr << "looptile-bench-clblast: error: validation failed: " << V.Bad
              << " of " << V.Entries << " checked entries wrong, first "
              << V.FirstBad << "\n";
  return Ok ? 0 : 1;
}

} // namespace

int main(int Argc, char **Argv) {
  return runReporting("looptile-bench-clblast", sgemmMain, Argc, Argv);
}
