//===- Harness.h - One measured (and optionally validated) run --*- C++ -*-===//
//
// Owns the measurement protocol of looptile-run for one set of sizes:
// seeded host arrays (every buffer, out ones too, as a caller's arrays hold
// values), moved to the device as the host glue moves them (in and inout
// uploaded; out buffers not, the device's copy filled with the sentinel),
// one warm-up launch (whose results are the ones validated, every element
// of every out and inout buffer against the C function run on the same
// host arrays), then Reps timed launches, each starting from the same
// inputs (inout buffers are re-uploaded, out buffers re-filled with the
// sentinel, outside the timed region). An out buffer the kernels do not
// write completely therefore fails validation where the glue would leave
// the device's garbage in the caller's array.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_HARNESS_H
#define LOOPTILE_RUNTIME_HARNESS_H

#include "looptile/Runtime/Executor.h"
#include "looptile/Runtime/Reference.h"
#include "looptile/Runtime/Validate.h"

#include <functional>
#include <string>
#include <vector>

namespace looptile::rt {

struct HarnessOptions {
  int Reps = 10;
  uint64_t Seed = DefaultSeed;
  /// When set, validate against it.
  const ReferenceLibrary *Reference = nullptr;
  /// The user's ranges, scalar values and initializer (Inputs.h); null:
  /// the default seeded inputs.
  const InputSpec *Inputs = nullptr;
  /// The shim whose initializer runs (Inputs->Init; it need not be the
  /// Reference: a run without validation still starts from the
  /// initializer's inputs).
  const ReferenceLibrary *Initializer = nullptr;
  /// When set, after the warm-up run each out/inout buffer is written to
  /// DumpDir/NAME.bin (its raw bytes).
  std::string DumpDir;
  /// Progress messages (nullptr: none).
  std::function<void(const std::string &)> Progress;
};

struct RunResult {
  Env Sizes;
  std::vector<double> KernelMs; // one per timed repetition
  /// Per kernel (manifest order): how many launches one run makes (the
  /// host program's loops launch a kernel once per iteration; an empty
  /// NDRange is not launched) and the median over the timed repetitions of
  /// the kernel's time summed over its launches.
  std::vector<size_t> KernelLaunches;
  std::vector<double> KernelMedianMs;
  double MedianMs = 0, MinMs = 0, MaxMs = 0;
  double Flops = 0, Bytes = 0;
  double GFlops = 0, GBps = 0; // at the median time
  bool Validated = false;      // validation ran
  bool Passed = true;          // and every buffer was within tolerance
  int64_t ReductionLength = 1;
  ComparisonRule Rule; // how the buffers were compared (when validated)
  double ReferenceMs = 0;
  std::vector<Comparison> Buffers;
  double MaxAbsError = 0, MaxRelError = 0;
  /// Several devices (Executor.h): each device's description, the median
  /// over the timed runs of its kernel time (its parts' times summed) and
  /// its parts and the bytes it received in one run; per kernel why it ran on the first device only
  /// ("" when split); the bytes moved between devices in one run.
  std::vector<std::string> Devices;
  std::vector<double> DeviceMedianMs;
  std::vector<size_t> DeviceParts, DeviceReceived;
  std::vector<std::string> SplitRefusals;
  size_t ExchangedBytes = 0;
};

RunResult runHarness(Executor &X, const Manifest &M, const Env &Sizes,
                     const HarnessOptions &Opts);

// The steps of the protocol, shared with the tuner (Tuner.h).

/// Seeded host copies of every argument at some sizes.
struct HostInputs {
  std::vector<HostArray> Arrays;    // buffers, by argument position
  std::vector<ScalarValue> Scalars; // scalars, by argument position
  std::vector<int> SizeInts;        // sizes, by argument position
};

/// Host arrays for the sizes and tunables in Values (buffer extents from
/// the manifest's shapes), every buffer from its seeded stream: uniform in
/// Spec's range for the argument where it has one; scalars at Spec's value
/// where it has one; then, with Spec->Init, the initializer (run by Init's
/// shim, which must have been built with the same call) over all of it.
HostInputs makeInputs(const Manifest &M, const Env &Values, uint64_t Seed,
                      const InputSpec *Spec = nullptr,
                      const ReferenceLibrary *Init = nullptr);

/// Uploads the in buffers and sets the scalars (X must be prepared with
/// the same sizes). Throws Error(Usage) when a buffer's size differs.
void uploadInputs(Executor &X, const Manifest &M, const HostInputs &In);

/// Before each run: re-uploads inout buffers, fills out buffers and
/// temporaries with the sentinel.
void resetOutputs(Executor &X, const Manifest &M, const HostInputs &In);

/// Runs the reference on copies of In; returns the copies afterwards (the
/// reference's results in the out/inout positions) and its time in *Ms.
std::vector<HostArray> runReference(const Manifest &M,
                                    const ReferenceLibrary &Ref,
                                    const HostInputs &In, double *Ms);

/// The rms of the floating-point inputs In holds (in/inout buffers and
/// scalars): the magnitude the kernels' sums are built from (Validate.h).
double inputRms(const Manifest &M, const HostInputs &In);

/// The comparison rule for X's device with these inputs (Validate.h);
/// for a reordered reduction with a reference, its magnitude reference
/// (the reference run on the absolute values of the floating-point
/// inputs, magnitudeInputs).
ComparisonRule ruleFor(const Executor &X, const Manifest &M,
                       const HostInputs &In,
                       const ReferenceLibrary *Ref = nullptr);

/// In with every float and double input (buffers and scalars) replaced by
/// its absolute value.
HostInputs magnitudeInputs(const Manifest &M, const HostInputs &In);

/// Reads every out/inout buffer of X and compares it with Ref.
std::vector<Comparison> compareOutputs(Executor &X, const Manifest &M,
                                       const std::vector<HostArray> &Ref,
                                       const ComparisonRule &Rule);

/// The median of Ms (0 when empty).
double medianOf(std::vector<double> Ms);

} // namespace looptile::rt

#endif
