//===- BenchSupport.cpp - Shared pieces of the reference benchmarks -------===//
//
// Implements BenchSupport.h.
//
//===----------------------------------------------------------------------===//
#include "BenchSupport.h"
#include "looptile/Runtime/Error.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace looptile::bench {

using rt::Error;
using rt::ErrorKind;

static int64_t parseInteger(const std::string &S, const std::string &What) {
  errno = 0;
  char *End = nullptr;
  long long V = std::strtoll(S.c_str(), &End, 10);
  if (S.empty() || *End != '\0' || errno == ERANGE)
    throw Error(ErrorKind::Usage, What + ": '" + S + "' is not an integer");
  return V;
}

BenchOptions parseBenchOptions(int Argc, char **Argv,
                               const std::vector<std::string> &KnownFlags) {
  BenchOptions O;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto value = [&]() -> std::string {
      if (I + 1 >= Argc)
        throw Error(ErrorKind::Usage, A + " needs a value");
      return Argv[++I];
    };
    if (A == "-h" || A == "--help") {
      O.Help = true;
    } else if (A == "--device") {
      O.Device = value();
    } else if (A == "--reps") {
      int64_t N = parseInteger(value(), "--reps");
      if (N < 1 || N > 100000)
        throw Error(ErrorKind::Usage, "--reps must be in [1, 100000]");
      O.Reps = int(N);
    } else if (A == "--seed") {
      O.Seed = uint64_t(parseInteger(value(), "--seed"));
    } else if (std::find(KnownFlags.begin(), KnownFlags.end(), A) !=
               KnownFlags.end()) {
      O.Flags.push_back(A);
    } else if (!A.empty() && A[0] == '-') {
      throw Error(ErrorKind::Usage, "unknown option '" + A + "' (see --help)");
    } else {
      int64_t V = parseInteger(A, "size");
      if (V <= 0)
        throw Error(ErrorKind::Usage, "sizes must be positive, got " + A);
      O.Positional.push_back(V);
    }
  }
  return O;
}

bool hasFlag(const BenchOptions &O, const std::string &Flag) {
  return std::find(O.Flags.begin(), O.Flags.end(), Flag) != O.Flags.end();
}

Stats summarize(std::vector<double> Sample) {
  Stats S;
  if (Sample.empty())
    return S;
  std::sort(Sample.begin(), Sample.end());
  size_t N = Sample.size();
  S.Median = N % 2 ? Sample[N / 2] : (Sample[N / 2 - 1] + Sample[N / 2]) / 2;
  S.Min = Sample.front();
  S.Max = Sample.back();
  return S;
}

std::string jsonNumber(double D) {
  if (!std::isfinite(D))
    return "null";
  char Buf[40];
  std::snprintf(Buf, sizeof(Buf), "%.6g", D);
  return Buf;
}

TimedQueue makeTimedQueue(const std::string &DeviceSpec) {
  TimedQueue T;
  T.Dev = rt::selectDevice(DeviceSpec);
  try {
    T.Context = cl::Context(T.Dev.Device);
    T.Queue =
        cl::CommandQueue(T.Context, T.Dev.Device, CL_QUEUE_PROFILING_ENABLE);
  } catch (const cl::Error &E) {
    rt::throwCLError("creating the context and queue", E);
  }
  return T;
}

double profiledMs(const cl::Event &From, cl_profiling_info FromWhat,
                  const cl::Event &To, cl_profiling_info ToWhat) {
  cl_ulong A = 0, B = 0;
  From.getProfilingInfo(FromWhat, &A);
  To.getProfilingInfo(ToWhat, &B);
  return (double(B) - double(A)) * 1e-6;
}

int runReporting(const char *Tool, int (*Body)(int, char **), int Argc,
                 char **Argv) {
  try {
    return Body(Argc, Argv);
  } catch (const Error &E) {
    std::cerr << Tool << ": error: " << E.what() << "\n";
    return E.exitCode();
  } catch (const cl::Error &E) {
    std::cerr << Tool << ": error: " << E.what() << " failed with "
              << rt::clErrorName(E.err()) << "\n";
    return rt::exitStatus(ErrorKind::OpenCL);
  } catch (const std::bad_alloc &) {
    std::cerr << Tool << ": error: out of host memory\n";
    return rt::exitStatus(ErrorKind::OpenCL);
  }
}

} // namespace looptile::bench
