//===- Session.h - The API generated host glue calls ------------*- C++ -*-===//
//
// Owns looptile::rt::Session: a program built once from embedded manifest
// and source text, then run on host arrays. The generated glue for
//     void mmm(int M, int N, int K, const float A[M][K], ...);
// looks like
//     static const char Manifest[] = "...", Program[] = "...";
//     extern "C" void mmm(int M, int N, int K, const float *A,
//                         const float *B, float *C) {
//       looptile::rt::callFromC([&] { // no exception reaches C
//         static looptile::rt::Session S(Manifest, Program);
//         using looptile::rt::HostArg;
//         S.run({HostArg::size(M), HostArg::size(N), HostArg::size(K),
//                HostArg::in(A), HostArg::in(B), HostArg::out(C)});
//       });
//     }
// run() copies in/inout arrays to the device, launches the manifest's
// kernels in order, and copies out/inout arrays back. The tunables follow
// the runtime's precedence (Setting.h: overrides > tuning cache > shape
// preset > default), which depends on the sizes, so the program is built
// per distinct setting, on first use, and the builds are kept. Device
// buffers are kept between calls and reallocated only when a size changes.
// Errors throw looptile::rt::Error (the glue turns them into error codes,
// Glue.h). run(), upload(), runUploaded() and download() are serialized by
// a mutex.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_SESSION_H
#define LOOPTILE_RUNTIME_SESSION_H

#include "looptile/Runtime/Formula.h"

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace looptile::rt {

struct DeviceRef;
class Ranks;

/// One argument of the original C function, in parameter order.
struct HostArg {
  enum Kind { Size, In, Out, InOut, Float, Double, Int };
  Kind K = Size;
  int64_t SizeValue = 0;
  const void *Const = nullptr; // In
  void *Data = nullptr;        // Out, InOut
  float F = 0;
  double D = 0;
  int64_t I = 0;

  static HostArg size(int64_t V) { HostArg A; A.K = Size; A.SizeValue = V; return A; }
  static HostArg in(const void *P) { HostArg A; A.K = In; A.Const = P; return A; }
  static HostArg out(void *P) { HostArg A; A.K = Out; A.Data = P; return A; }
  static HostArg inout(void *P) { HostArg A; A.K = InOut; A.Data = P; return A; }
  static HostArg scalar(float V) { HostArg A; A.K = Float; A.F = V; return A; }
  static HostArg scalar(double V) { HostArg A; A.K = Double; A.D = V; return A; }
  static HostArg scalar(int32_t V) { HostArg A; A.K = Int; A.I = V; return A; }
  /// Any other integer scalar (the glue converts it to int64_t).
  static HostArg scalar(int64_t V) {
    HostArg A;
    A.K = Int;
    A.I = V;
    return A;
  }
};

struct SessionOptions {
  /// Device selection as in looptile-run --device; empty: $LOOPTILE_DEVICE,
  /// then the first GPU, then the first CPU.
  std::string Device;
  /// Several devices, as looptile-run --devices ("all" or "P:D,P:D");
  /// empty: $LOOPTILE_DEVICES when Device is empty, else one device
  /// (docs/runtime.md, "Several devices").
  std::string Devices;
  /// Several ranks (docs/runtime.md, "Several hosts"): a program built
  /// with MPI passes its processes' ranks (an rt::MpiRanks of MpiRanks.h, made after
  /// MPI_Init, living as long as the session); every rank then makes the
  /// same calls with the same sizes and equal input data, each launch is
  /// split over every rank's devices, and every rank gets the whole
  /// results. Where Device names a type or nothing does, the ranks of one
  /// host take one device each. Null: this process alone.
  Ranks *Processes = nullptr;
  /// Tunable overrides: they win over the tuning cache, the shape-based
  /// preset and the manifest's defaults.
  Env Tunables;
  /// Read the tuning cache (written by looptile-run --tune).
  bool UseTuneCache = true;
  /// The cache file; empty: $LOOPTILE_TUNE_CACHE, else
  /// $XDG_CACHE_HOME/looptile/tuning.json, else ~/.cache/looptile/...
  std::string TuneCachePath;
  /// Print on stderr, once per distinct sizes, the tunables chosen and
  /// where they came from ("looptile: mmm(M=512 N=512 K=512): TS=8
  /// (tuning cache)"). Default: on when $LOOPTILE_VERBOSE is set and not 0.
  bool Verbose = verboseFromEnvironment();

  static bool verboseFromEnvironment();
};

class Session {
public:
  /// Parses the manifest, checks the overrides and picks the device; the
  /// program is built by run(), once per distinct tunable setting.
  Session(const std::string &ManifestText, const std::string &ProgramSource,
          const SessionOptions &Opts = {});
  ~Session();
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// Runs the kernels on Args (one per manifest argument, same order; an
  /// `in` buffer may also be passed as inout/out's non-const pointer via
  /// HostArg::in). Blocks until the results are back in the host arrays.
  void run(const std::vector<HostArg> &Args);

  /// run() in three steps, for a caller that runs the function several
  /// times on data that stays on the device (the glue's FN_session_* C
  /// functions, docs/runtime.md, "The host glue from C"):
  /// upload() checks Args as run() does, builds, copies the in/inout
  /// arrays to the device and remembers Args' pointers; runUploaded(N)
  /// runs the host program N times on the device's data (as N calls of the
  /// C function on the same arrays would, with no copy in between);
  /// download() copies the out/inout arrays back into the pointers given
  /// to upload() (the returned value, if any, into Returned when it is not
  /// null). runUploaded() and download() without a successful upload(),
  /// or after a failed upload() or runUploaded(), throw Error(Usage); a
  /// run() in between unbinds the data too.
  void upload(const std::vector<HostArg> &Args);
  void runUploaded(int64_t Times);
  void download(void *Returned = nullptr);

  /// Kernel time of the last run() (or of the runUploaded() calls since the
  /// last upload()) in milliseconds (event profiling).
  double lastKernelMs() const;
  /// What the last run() (or the steps since the last upload()) moved and
  /// launched: host-to-device copies (one
  /// per `in` and `inout` buffer), device-to-host copies (one per `out` and
  /// `inout` buffer), and kernel launches (the host program's, docs/
  /// manifest.md: one per kernel per host loop iteration, none for an
  /// empty NDRange), whatever the number of launches.
  struct Traffic {
    size_t Uploads = 0, Downloads = 0, Launches = 0;
  };
  Traffic lastTraffic() const;
  /// The chosen device, e.g. "0:0 pthread-... (cpu, Portable Computing ...)".
  std::string deviceDescription() const;
  /// The tunables of the last run() and where they came from, e.g.
  /// "TS=8 (tuning cache)" or "TS=16 (preset medium)".
  std::string lastSetting() const;
  Env lastTunables() const;
  /// Programs built so far (one per distinct setting used).
  size_t buildCount() const;
  /// A problem with the tuning cache file (it is then ignored), or "".
  std::string tuneCacheProblem() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

/// The Session behind a glue session handle (FN_session_*); throws
/// Error(Usage) naming Function when Handle is null.
Session &sessionFromC(void *Handle, const char *Function);

/// Runs Body, the body of one of the glue's extern "C" functions, and
/// returns LOOPTILE_OK, or the error code of the exception it threw, which
/// it records with its message for the calling thread and prints on stderr
/// (Glue.h). No exception leaves it.
/// Body is called through a plain function pointer, so that nothing is
/// allocated outside the guarded region.
int callFromC(void (*Body)(void *), void *Context) noexcept;
template <class Fn> int callFromC(Fn &&Body) noexcept {
  return callFromC(
      [](void *C) { (*static_cast<std::remove_reference_t<Fn> *>(C))(); },
      static_cast<void *>(&Body));
}

} // namespace looptile::rt

#endif
