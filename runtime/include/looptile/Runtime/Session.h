//===- Session.h - The API generated host glue calls ------------*- C++ -*-===//
//
// Owns looptile::rt::Session: a program built once from embedded manifest
// and source text, then run on host arrays. The generated glue for
//     void mmm(int M, int N, int K, const float A[M][K], ...);
// looks like
//     static const char Manifest[] = "...", Program[] = "...";
//     void mmm_ocl(int M, int N, int K, const float *A, const float *B,
//                  float *C) {
//       static looptile::rt::Session S(Manifest, Program);
//       using looptile::rt::HostArg;
//       S.run({HostArg::size(M), HostArg::size(N), HostArg::size(K),
//              HostArg::in(A), HostArg::in(B), HostArg::out(C)});
//     }
// run() copies in/inout arrays to the device, launches the manifest's
// kernels in order, and copies out/inout arrays back. Device buffers are
// kept between calls and reallocated only when a size changes. Errors throw
// looptile::rt::Error. run() is serialized by a mutex.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_SESSION_H
#define LOOPTILE_RUNTIME_SESSION_H

#include "looptile/Runtime/Formula.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace looptile::rt {

struct DeviceRef;

/// One argument of the original C function, in parameter order.
struct HostArg {
  enum Kind { Size, In, Out, InOut, Float, Double, Int };
  Kind K = Size;
  int64_t SizeValue = 0;
  const void *Const = nullptr; // In
  void *Data = nullptr;        // Out, InOut
  float F = 0;
  double D = 0;
  int32_t I = 0;

  static HostArg size(int64_t V) { HostArg A; A.K = Size; A.SizeValue = V; return A; }
  static HostArg in(const void *P) { HostArg A; A.K = In; A.Const = P; return A; }
  static HostArg out(void *P) { HostArg A; A.K = Out; A.Data = P; return A; }
  static HostArg inout(void *P) { HostArg A; A.K = InOut; A.Data = P; return A; }
  static HostArg scalar(float V) { HostArg A; A.K = Float; A.F = V; return A; }
  static HostArg scalar(double V) { HostArg A; A.K = Double; A.D = V; return A; }
  static HostArg scalar(int32_t V) { HostArg A; A.K = Int; A.I = V; return A; }
};

struct SessionOptions {
  /// Device selection as in looptile-run --device; empty: $LOOPTILE_DEVICE,
  /// then the first GPU, then the first CPU.
  std::string Device;
  /// Tunable overrides (the manifest's defaults otherwise).
  Env Tunables;
};

class Session {
public:
  /// Parses the manifest, picks the device and builds the program (once).
  Session(const std::string &ManifestText, const std::string &ProgramSource,
          const SessionOptions &Opts = {});
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// Runs the kernels on Args (one per manifest argument, same order; an
  /// `in` buffer may also be passed as inout/out's non-const pointer via
  /// HostArg::in). Blocks until the results are back in the host arrays.
  void run(const std::vector<HostArg> &Args);

  /// Kernel time of the last run() in milliseconds (event profiling).
  double lastKernelMs() const;
  /// The chosen device, e.g. "0:0 pthread-... (cpu, Portable Computing ...)".
  std::string deviceDescription() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace looptile::rt

#endif
