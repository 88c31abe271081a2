//===- BenchSupport.h - Shared pieces of the reference benchmarks -*- C++
//-*-===//
//
// Owns what the reference benchmarks (looptile-bench-copy,
// looptile-bench-clblast) share: their small command line (positional
// integers plus --device/--reps/--seed), the sample statistics they report,
// JSON number formatting, and the OpenCL queue they time on. Device
// selection itself is the runtime's (looptile/Runtime/Device.h), so every
// benchmark accepts the same --device syntax as looptile-run.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_BENCH_BENCHSUPPORT_H
#define LOOPTILE_BENCH_BENCHSUPPORT_H

#include "looptile/Runtime/Device.h"

#include <cstdint>
#include <string>
#include <vector>

namespace looptile::bench {

struct BenchOptions {
  std::vector<int64_t> Positional; // the sizes, in order
  std::string Device;              // rt::selectDevice syntax; empty: default
  int Reps = 10;
  uint64_t Seed = 20240601;
  std::vector<std::string> Flags; // tool-specific switches, e.g. --no-validate
  bool Help = false;
};

/// Parses argv; throws rt::Error(ErrorKind::Usage). Switches named in
/// KnownFlags are collected into Flags, anything else starting with '-' is
/// an error. Positional arguments must be positive integers.
BenchOptions parseBenchOptions(int Argc, char **Argv,
                               const std::vector<std::string> &KnownFlags);

bool hasFlag(const BenchOptions &O, const std::string &Flag);

struct Stats {
  double Median = 0, Min = 0, Max = 0;
};
/// Median (mean of the middle two for an even count), minimum and maximum;
/// all zero for an empty sample.
Stats summarize(std::vector<double> Sample);

/// A JSON number, or null when D is not finite.
std::string jsonNumber(double D);

/// An in-order queue with profiling enabled on the chosen device, and the
/// context it belongs to.
struct TimedQueue {
  rt::DeviceRef Dev;
  cl::Context Context;
  cl::CommandQueue Queue;
};
TimedQueue makeTimedQueue(const std::string &DeviceSpec);

/// Nanoseconds between two profiling counters of events, in milliseconds.
double profiledMs(const cl::Event &From, cl_profiling_info FromWhat,
                  const cl::Event &To, cl_profiling_info ToWhat);

/// Runs Body, mapping rt::Error and cl::Error to a message on stderr and the
/// documented exit status (2 usage, 3 OpenCL); returns Body's status.
int runReporting(const char *Tool, int (*Body)(int, char **), int Argc,
                 char **Argv);

} // namespace looptile::bench

#endif
