//===- Options.cpp - Parse looptile-run's command line --------------------===//
//
// Owns parseOptions and the --help text.
//
//===----------------------------------------------------------------------===//
#include "Options.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/OpenCL.h"
#include "looptile/Version.h"

#include <cerrno>
#include <cstdlib>

namespace looptile::run {

using rt::Error;
using rt::ErrorKind;

const char *usage() {
  return R"(usage: looptile-run FILE.cl -D M=1024,N=1024,K=1024 [options]
       looptile-run --list-devices
       looptile-run FILE.cl --build-reference OUT.so
       looptile-run --help | --version

Runs the kernels of FILE.cl as its manifest (FILE.json) describes, on
seeded random inputs, and reports kernel time, GFLOPS and GB/s.

  --function NAME         the function to run when FILE.cl holds the
                          kernels of several (manifest FILE.NAME.json)
  -D NAME=V[,NAME=V...]   size parameters (every size of the manifest)
  --set NAME=V[,...]      tunable values; they win over the tuning cache,
                          the shape-based preset and the manifest default
  --device cpu|gpu|accelerator|P:D
                          device (default: $LOOPTILE_DEVICE, else the first
                          GPU, else the first CPU)
  --devices all|P:D,P:D,...
                          split each kernel's NDRange over several devices
                          (default: $LOOPTILE_DEVICES, else one device);
                          kernels that cannot split run on the first, with
                          a note saying why; under `mpirun -np R` the parts
                          are spread over every rank's devices (MPI)
  --host-loops auto|launches|one-work-group
                          how a host loop that looptile also wrote as one
                          kernel of one work-group runs: that kernel where
                          the loop's launches are small (auto), always the
                          launches, or always the one kernel (default:
                          $LOOPTILE_HOST_LOOPS, else auto)
  --dump-outputs DIR      write each out/inout buffer after the first run
                          to DIR/NAME.bin (raw bytes)
  --list-devices          list platforms and devices with their P:D indices
  --validate              compare every out/inout buffer with the original C
                          function (compiled with $CC, default cc, and the
                          compile flags the manifest records)
  --reference PATH.so     use a prebuilt reference shim for --validate
  --build-reference OUT.so
                          only build the reference shim into OUT.so
  --sweep                 validate sizes around multiples of the tile for
                          each size parameter and print a table
  --tune                  search the tunables on this device at these sizes,
                          validate every candidate, store the fastest valid
                          setting in the tuning cache
  --tune-budget N         at most N candidates (default 64; the defaults and
                          presets are always tried)
  --tune-validate-limit G validate candidates at reduced sizes when the
                          requested ones need more than G giga-operations
                          (default 20)
  --no-tune-cache         neither read nor write the tuning cache
  --reps N                timed repetitions after one warm-up (default 10;
                          5 per candidate with --tune)
  --seed N                input seed (default 20240601)
  --range NAME=LO:HI[,...]
                          inputs of array or scalar NAME uniform in
                          [LO, HI) (integers: the integers of it) instead
                          of [-1, 1) (ints [-8, 8), scalars [0.5, 1.5))
  --scalar NAME=V[,...]   the value of scalar argument NAME
  --init FUNCTION | 'FUNCTION(ARG, &ARG, ...)'
                          after the seeded fill, call FUNCTION of the C
                          source (e.g. PolyBench's init_array) on the host
                          arrays, which the kernels and the reference then
                          both start from; ARGs are the manifest's argument
                          names in FUNCTION's parameter order (&NAME: a
                          scalar's address); without them, the function's
                          own arguments in order. Needs a C compiler (as
                          --validate) or a shim built with it
  --json                  print the results as one JSON object
  --progress, --no-progress
                          progress on stderr (default: for sweeps, large
                          runs, or when stderr is a terminal)
  --help, --version       this text; the version, commit and OpenCL target

Exit status (the same scheme as looptile's):
  0  success (and validation passed, if requested)
  1  validation failed (a mismatch; with --sweep any failing point; with
     --tune a wrong candidate or a tuning cache that cannot be written),
     the reference shim cannot be built or loaded, or the manifest or
     kernel file is missing, corrupt or inconsistent
  2  usage error: unknown option, malformed value, missing or unknown
     size, unknown or out-of-range tunable, bad --device spelling, a
     --range, --scalar or --init that does not fit the manifest (or an
     initializer call the C compiler refuses)
  3  OpenCL error: no platform or device, build failure (with the log),
     allocation failure, work-group limits, launch failure
)";
}

std::string versionText() {
  return "looptile-run " LOOPTILE_VERSION " (git " LOOPTILE_GIT_COMMIT ")\n"
         "  OpenCL C++ bindings, OpenCL " +
         std::to_string(CL_HPP_TARGET_OPENCL_VERSION / 100) + "." +
         std::to_string(CL_HPP_TARGET_OPENCL_VERSION / 10 % 10) +
         " API; links no LLVM (the OpenCL platform compiles the kernels)\n";
}

static int64_t parseInt(const std::string &S, const std::string &What) {
  if (S.empty())
    throw Error(ErrorKind::Usage, What + ": missing value");
  errno = 0;
  char *End = nullptr;
  long long V = std::strtoll(S.c_str(), &End, 10);
  if (*End != '\0' || errno == ERANGE)
    throw Error(ErrorKind::Usage, What + ": '" + S + "' is not an integer");
  return V;
}

/// "A=1,B=2" into E; Flag names the option in errors.
static void parseAssignments(const std::string &List, rt::Env &E,
                             const std::string &Flag) {
  size_t Start = 0;
  while (Start <= List.size()) {
    size_t Comma = List.find(',', Start);
    std::string Item = List.substr(Start, Comma == std::string::npos
                                              ? std::string::npos
                                              : Comma - Start);
    size_t Eq = Item.find('=');
    if (Item.empty() || Eq == std::string::npos || Eq == 0)
      throw Error(ErrorKind::Usage, Flag + ": expected NAME=VALUE, got '" +
                                        Item + "'");
    std::string Name = Item.substr(0, Eq);
    E[Name] = parseInt(Item.substr(Eq + 1), Flag + " " + Name);
    if (Comma == std::string::npos)
      break;
    Start = Comma + 1;
  }
}

std::vector<std::string> ineffectiveOptions(const Options &O) {
  std::vector<std::string> Out;
  if (!O.BuildReference.empty()) {
    if (!O.Sizes.empty() || !O.Tunables.empty() || !O.Device.empty() ||
        O.Validate || O.Sweep || O.Tune || !O.ReferencePath.empty() ||
        !O.Ranges.empty() || !O.Scalars.empty())
      Out.push_back("--build-reference only builds the reference shim: -D, "
                    "--set, --device, --validate, --sweep, --tune, "
                    "--reference, --range and --scalar have no effect");
    return Out;
  }
  if (!O.ReferencePath.empty() && !O.Validate && !O.Sweep && !O.Tune &&
      O.Init.empty())
    Out.push_back("--reference has no effect without --validate, --sweep, "
                  "--tune or --init");
  if (O.TuneOptionGiven && !O.Tune)
    Out.push_back("--tune-budget and --tune-validate-limit have no effect "
                  "without --tune");
  return Out;
}

Options parseOptions(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto value = [&](const std::string &Flag) -> std::string {
      if (I + 1 >= Argc)
        throw Error(ErrorKind::Usage, Flag + " needs a value");
      return Argv[++I];
    };
    auto eqValue = [&](const std::string &Flag, std::string &Out) {
      if (A == Flag) {
        Out = value(Flag);
        return true;
      }
      if (A.rfind(Flag + "=", 0) == 0) {
        Out = A.substr(Flag.size() + 1);
        return true;
      }
      return false;
    };
    std::string V;
    if (A == "-h" || A == "--help") {
      O.Help = true;
    } else if (A == "--version") {
      O.Version = true;
    } else if (A == "-D") {
      parseAssignments(value("-D"), O.Sizes, "-D");
    } else if (A.rfind("-D", 0) == 0) {
      parseAssignments(A.substr(2), O.Sizes, "-D");
    } else if (eqValue("--set", V)) {
      parseAssignments(V, O.Tunables, "--set");
    } else if (eqValue("--devices", V)) {
      if (V.empty())
        throw Error(ErrorKind::Usage, "--devices needs all or P:D,P:D,...");
      O.Devices = V;
    } else if (eqValue("--host-loops", V)) {
      if (V != "auto" && V != "launches" && V != "one-work-group")
        throw Error(ErrorKind::Usage,
                    "--host-loops needs auto, launches or one-work-group");
      O.HostLoops = V;
    } else if (eqValue("--dump-outputs", V)) {
      if (V.empty())
        throw Error(ErrorKind::Usage, "--dump-outputs needs a folder");
      O.DumpOutputs = V;
    } else if (eqValue("--device", V)) {
      O.Device = V;
    } else if (eqValue("--function", V)) {
      if (V.empty())
        throw Error(ErrorKind::Usage, "--function needs a function name");
      O.Function = V;
    } else if (A == "--list-devices") {
      O.ListDevices = true;
    } else if (A == "--validate") {
      O.Validate = true;
    } else if (A == "--sweep") {
      O.Sweep = true;
    } else if (A == "--json") {
      O.Json = true;
    } else if (A == "--progress") {
      O.Progress = 1;
    } else if (A == "--no-progress") {
      O.Progress = 0;
    } else if (eqValue("--reps", V)) {
      int64_t N = parseInt(V, "--reps");
      if (N < 0 || N > 100000)
        throw Error(ErrorKind::Usage, "--reps must be in [0, 100000]");
      O.Reps = int(N);
      O.RepsGiven = true;
    } else if (eqValue("--seed", V)) {
      O.Seed = uint64_t(parseInt(V, "--seed"));
      O.SeedGiven = true;
    } else if (A == "--tune") {
      O.Tune = true;
    } else if (A == "--no-tune-cache") {
      O.NoTuneCache = true;
    } else if (eqValue("--tune-budget", V)) {
      int64_t N = parseInt(V, "--tune-budget");
      if (N < 1 || N > 100000)
        throw Error(ErrorKind::Usage, "--tune-budget must be in [1, 100000]");
      O.TuneBudget = size_t(N);
      O.TuneOptionGiven = true;
    } else if (eqValue("--tune-validate-limit", V)) {
      char *End = nullptr;
      double G = std::strtod(V.c_str(), &End);
      if (V.empty() || *End != '\0' || !(G >= 0) || G > 1e9)
        throw Error(ErrorKind::Usage, "--tune-validate-limit: '" + V +
                                          "' is not a number of "
                                          "giga-operations in [0, 1e9]");
      O.TuneValidateLimit = G * 1e9;
      O.TuneOptionGiven = true;
    } else if (eqValue("--range", V)) {
      O.Ranges.push_back(V);
    } else if (eqValue("--scalar", V)) {
      O.Scalars.push_back(V);
    } else if (eqValue("--init", V)) {
      if (!O.Init.empty())
        throw Error(ErrorKind::Usage, "--init given twice ('" + O.Init +
                                          "' and '" + V + "')");
      if (V.empty())
        throw Error(ErrorKind::Usage, "--init needs a function name");
      O.Init = V;
    } else if (eqValue("--reference", V)) {
      O.ReferencePath = V;
    } else if (eqValue("--build-reference", V)) {
      O.BuildReference = V;
    } else if (!A.empty() && A[0] == '-') {
      throw Error(ErrorKind::Usage, "unknown option '" + A + "' (see --help)");
    } else if (O.File.empty()) {
      O.File = A;
    } else {
      throw Error(ErrorKind::Usage, "more than one input file ('" + O.File +
                                        "' and '" + A + "')");
    }
  }
  return O;
}

} // namespace looptile::run
