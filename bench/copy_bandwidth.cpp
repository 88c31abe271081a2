//===- copy_bandwidth.cpp - Device-to-device copy bandwidth ---------------===//
//
// looptile-bench-copy: the bandwidth reference for the transpose kernels.
// Times clEnqueueCopyBuffer of BYTES bytes between two buffers on one
// device with event profiling (device time of the copy only, the statistic
// looptile-run reports for kernels), one warm-up and --reps timed copies,
// and counts bytes read + written (2 x BYTES) per copy, as the transpose's
// manifest does. The copy is checked once against the source pattern so an
// empty or failed copy is never reported as fast.
//
// Usage: looptile-bench-copy BYTES [--device cpu|gpu|P:D] [--reps N]
// Prints one JSON line; exit status 0, 1 (copy wrong), 2 (usage),
// 3 (OpenCL error).
//
//===----------------------------------------------------------------------===//
#include "BenchSupport.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Json.h"

#include <cstring>
#include <iostream>

using namespace looptile;
using namespace looptile::bench;

static const char *Usage =
    R"(usage: looptile-bench-copy BYTES [--device cpu|gpu|P:D] [--reps N]

Times clEnqueueCopyBuffer of BYTES bytes (event profiling, median of N
copies after one warm-up, default 10) and prints one JSON line with
median_ms and gbps = 2 * BYTES / median (bytes read + written).
)";

static int copyMain(int Argc, char **Argv) {
  BenchOptions O = parseBenchOptions(Argc, Argv, {});
  if (O.Help) {
    std::cout << Usage;
    return 0;
  }
  if (O.Positional.size() != 1)
    throw rt::Error(rt::ErrorKind::Usage, "expected one size in bytes");
  size_t Bytes = size_t(O.Positional[0]);
  TimedQueue T = makeTimedQueue(O.Device);

  // A pattern that differs in every 32-bit word, so a partial copy shows.
  std::vector<uint32_t> Host((Bytes + 3) / 4);
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = uint32_t(I * 2654435761u) ^ 0x5bd1e995u;

  std::vector<double> Ms;
  bool CopyOk = false;
  try {
    cl::Buffer Src(T.Context, CL_MEM_READ_WRITE, Bytes);
    cl::Buffer Dst(T.Context, CL_MEM_READ_WRITE, Bytes);
    T.Queue.enqueueWriteBuffer(Src, CL_TRUE, 0, Bytes, Host.data());
    for (int Rep = 0; Rep <= O.Reps; ++Rep) {
      cl::Event E;
      T.Queue.enqueueCopyBuffer(Src, Dst, 0, 0, Bytes, nullptr, &E);
      E.wait();
      if (Rep > 0) // rep 0 is the warm-up
        Ms.push_back(profiledMs(E, CL_PROFILING_COMMAND_START, E,
                                CL_PROFILING_COMMAND_END));
    }
    std::vector<uint32_t> Back(Host.size(), 0);
    T.Queue.enqueueReadBuffer(Dst, CL_TRUE, 0, Bytes, Back.data());
    CopyOk = std::memcmp(Back.data(), Host.data(), Bytes) == 0;
  } catch (const cl::Error &E) {
    rt::throwCLError("copying " + std::to_string(Bytes) + " bytes", E);
  }

  Stats S = summarize(Ms);
  double Gbps = CopyOk ? 2.0 * double(Bytes) / (S.Median * 1e-3) / 1e9 : 0.0;
  std::cout << "{\"tool\": \"copy\", \"device\": "
            << rt::json::quote(T.Dev.describe())
            << ", \"driver\": " << rt::json::quote(T.Dev.DriverVersion)
            << ", \"bytes\": " << Bytes << ", \"reps\": " << O.Reps
            << ", \"median_ms\": " << (CopyOk ? jsonNumber(S.Median) : "null")
            << ", \"min_ms\": " << jsonNumber(S.Min)
            << ", \"max_ms\": " << jsonNumber(S.Max)
            << ", \"gbps\": " << (CopyOk ? jsonNumber(Gbps) : "null")
            << ", \"validation\": \"" << (CopyOk ? "passed" : "failed") << "\"}"
            << std::endl;
  if (!CopyOk)
    std::cerr << "looptile-bench-copy: error: the copied buffer differs from "
                 "its source\n";
  return CopyOk ? 0 : 1;
}

int main(int Argc, char **Argv) {
  return runReporting("looptile-bench-copy", copyMain, Argc, Argv);
}
