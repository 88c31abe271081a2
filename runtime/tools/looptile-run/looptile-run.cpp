//===- looptile-run.cpp - Run, time and validate a generated kernel -------===//
//
// Owns the tool's control flow: options -> manifest -> (reference shim) ->
// device -> program -> one measured run or a sweep -> report and exit
// status. Everything reusable lives in the looptile-runtime library.
//
//===----------------------------------------------------------------------===//
#include "MpiRanks.h"
#include "Options.h"
#include "Report.h"
#include "Sweep.h"
#include "Tune.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Harness.h"
#include "looptile/Runtime/Setting.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <unistd.h>

using namespace looptile;
using namespace looptile::run;

static bool endsWith(const std::string &S, const std::string &Suffix) {
  return S.size() >= Suffix.size() &&
         S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

static int realMain(int Argc, char **Argv, rt::Ranks *Rk) {
  Options O = parseOptions(Argc, Argv);
  if (O.Help) {
    std::cout << usage();
    return 0;
  }
  if (O.Version) {
    std::cout << versionText();
    return 0;
  }
  for (const std::string &W : ineffectiveOptions(O))
    std::cerr << "looptile-run: warning: " << W << "\n";
  if (O.ListDevices) {
    rt::listDevices(std::cout);
    return 0;
  }
  if (O.File.empty())
    throw rt::Error(rt::ErrorKind::Usage,
                    "no input file (usage: looptile-run FILE.cl -D "
                    "M=...,N=... [options]; see --help)");

  // The .cl on the command line wins over the manifest's "program", so an
  // edited copy of a kernel runs against the same manifest.
  std::string ManifestPath, ProgramPath;
  if (endsWith(O.File, ".json")) {
    if (!O.Function.empty())
      throw rt::Error(rt::ErrorKind::Usage,
                      "--function selects the manifest of a FILE.cl; '" +
                          O.File + "' is a manifest");
    ManifestPath = O.File;
  } else {
    ProgramPath = O.File;
    ManifestPath = O.Function.empty()
                       ? rt::Manifest::pathForProgram(O.File)
                       : rt::Manifest::pathForFunction(O.File, O.Function);
    // A file of several functions has a manifest per function.
    std::string List;
    for (const std::string &F : rt::Manifest::functionsOfProgram(O.File))
      List += (List.empty() ? "" : ", ") + F;
    if (!rt::fileExists(ManifestPath) && !List.empty())
      throw rt::Error(rt::ErrorKind::Usage,
                      O.Function.empty()
                          ? "'" + O.File +
                                "' holds the kernels of several functions (" +
                                List + "): choose one with --function NAME"
                          : "no function '" + O.Function + "' in '" + O.File +
                                "' (its functions: " + List + ")");
  }
  rt::Manifest M = rt::Manifest::load(ManifestPath);
  if (!O.Function.empty() && M.SourceFunction != O.Function)
    throw rt::Error(rt::ErrorKind::Manifest,
                    ManifestPath + ": the manifest of function '" +
                        M.SourceFunction + "', not of '" + O.Function + "'");
  if (ProgramPath.empty())
    ProgramPath = M.Program;

  // --range, --scalar, --init: checked against the manifest's arguments
  // and their types before anything is built.
  rt::InputSpec Inputs;
  for (const std::string &R : O.Ranges)
    rt::addRanges(Inputs, M, R);
  for (const std::string &S : O.Scalars)
    rt::addScalars(Inputs, M, S);
  if (!O.Init.empty())
    rt::setInit(Inputs, M, O.Init);
  rt::checkInputs(Inputs, M);

  if (!O.BuildReference.empty()) {
    std::string Out = rt::buildReference(M, O.BuildReference, &Inputs.Init);
    std::cout << "reference shim for " << M.SourceFunction << "() written to "
              << Out << "\n";
    return 0;
  }

  if (O.Tune && O.Sweep)
    throw rt::Error(rt::ErrorKind::Usage,
                    "--tune and --sweep cannot be combined");
  if (Rk && (O.Tune || O.Sweep || !O.DumpOutputs.empty()))
    throw rt::Error(rt::ErrorKind::Usage,
                    std::string(O.Tune    ? "--tune"
                                : O.Sweep ? "--sweep"
                                          : "--dump-outputs") +
                        " runs in one process; run it without mpirun");

  // Check names and values before touching OpenCL. A sweep tests one
  // setting (--set over the manifest's defaults); a run or --tune takes the
  // precedence of Setting.h, which needs the device.
  rt::checkOverrides(M, O.Tunables);
  if (O.Sweep)
    rt::resolveTunables(M, O.Tunables);
  if (!O.Sweep)
    rt::checkSizes(M, O.Sizes);
  else
    for (const auto &[N, V] : O.Sizes) {
      rt::Env One = {{N, V}};
      for (const std::string &S : M.sizeNames())
        One.emplace(S, 1);
      rt::checkSizes(M, One, /*Limits=*/false);
    }
  std::string Source = rt::readFile(ProgramPath, "kernel file");

  // Progress: explicit flag, else on for sweeps, big runs or a terminal.
  bool Progress = O.Progress == 1;
  if (O.Progress == -1) {
    Progress = isatty(2) != 0;
    if (!O.Sweep) {
      rt::Env E = rt::checkSizes(M, O.Sizes);
      for (const auto &[N, V] : rt::defaultTunables(M))
        E[N] = V;
      for (const auto &[N, V] : O.Tunables)
        E[N] = V;
      double Flops = double(M.Flops.evaluate(E));
      double Bytes = double(M.Bytes.evaluate(E));
      Progress |= Flops >= 1e9 || Bytes >= 256e6 || O.Tune;
    }
  }
  if (Rk && Rk->rank() > 0)
    Progress = false; // rank 0 speaks for the run
  auto progress = [&](const std::string &S) {
    if (Progress)
      progressLine(S);
  };

  std::unique_ptr<rt::ReferenceLibrary> Ref;
  // The shim runs the reference and the initializer (--init), which a run
  // without validation needs too.
  if (O.Validate || O.Sweep || O.Tune || !Inputs.Init.empty()) {
    std::string Path = O.ReferencePath;
    if (Path.empty()) {
      progress("building the reference shim for " + M.SourceFunction + "()");
      Path = rt::buildReference(M, "", &Inputs.Init);
    }
    Ref = std::make_unique<rt::ReferenceLibrary>(Path);
  }


  // The host loops' policy is the runtime's (rt::hostLoopsPolicy), for the
  // reference run's executor and every other alike.
  if (!O.HostLoops.empty())
    ::setenv("LOOPTILE_HOST_LOOPS", O.HostLoops.c_str(), 1);
  rt::hostLoopsPolicy(); // a bad $LOOPTILE_HOST_LOOPS fails here, once

  // Several devices: --devices, else $LOOPTILE_DEVICES unless --device
  // names one.
  std::string DevicesSpec = O.Devices, DevicesOrigin = "--devices";
  if (DevicesSpec.empty() && O.Device.empty())
    if (const char *Env = std::getenv("LOOPTILE_DEVICES"); Env && *Env) {
      DevicesSpec = Env;
      DevicesOrigin = "LOOPTILE_DEVICES";
    }
  if (!O.Devices.empty() && !O.Device.empty())
    throw rt::Error(rt::ErrorKind::Usage,
                    "--device and --devices name the devices twice; give one");
  std::vector<rt::DeviceRef> Devs;
  if (!DevicesSpec.empty())
    Devs = rt::selectDevices(DevicesSpec, DevicesOrigin);
  if (Devs.size() > 1 && (O.Tune || O.Sweep))
    throw rt::Error(rt::ErrorKind::Usage,
                    std::string(O.Tune ? "--tune" : "--sweep") +
                        " runs on one device; drop --devices (or "
                        "LOOPTILE_DEVICES)");
  // Several ranks on one host: each takes its own device of the type asked
  // (the host's k-th GPU for its k-th rank).
  rt::DeviceRef Dev = Devs.empty()
                          ? rt::selectDevice(O.Device,
                                             Rk ? size_t(Rk->localRank()) : 0)
                          : Devs[0];
  if (Devs.empty())
    Devs.push_back(Dev);
  RunContext Ctx;
  Ctx.M = &M;
  Ctx.ProgramPath = ProgramPath;
  Ctx.Device = Dev.describe();
  if (Devs.size() > 1)
    for (const rt::DeviceRef &D : Devs)
      Ctx.Devices.push_back(D.describe());
  Ctx.Reps = O.Reps;
  Ctx.Inputs = &Inputs;

  if (O.Tune)
    return runTune(O, M, Source, Dev, *Ref, Ctx, Progress);

  // A work-group the device or the kernel cannot run is shrunk where the
  // user did not --set it (Setting.h); the run says so on stderr.
  // (Several ranks: rank 0 speaks for the run, notes included.)
  bool Notes = !Rk || Rk->rank() == 0;
  auto reportFits = [Notes](const rt::TunableSetting &S) {
    for (const std::string &N : Notes ? S.Fits : std::vector<std::string>{})
      std::cerr << "looptile-run: note: " << N << "\n";
  };

  if (O.Sweep) {
    progress("building " + ProgramPath + " for " + Dev.describe());
    rt::TunableSetting S =
        rt::layerSetting(M, {}, rt::TunableOrigin::Default, O.Tunables);
    rt::Env AnySizes;
    for (const std::string &N : M.sizeNames())
      AnySizes[N] = O.Sizes.count(N) ? O.Sizes.at(N) : 1;
    std::unique_ptr<rt::Executor> XP;
    rt::buildFitted(M, AnySizes, rt::queryLimits(Dev), S,
                    [&](const rt::Env &V) -> rt::Executor & {
                      XP.reset();
                      XP = std::make_unique<rt::Executor>(M, Source, Dev, V);
                      return *XP;
                    });
    reportFits(S);
    Ctx.Tunables = S.Values;
    return runSweep(O, M, *XP, *Ref, Ctx);
  }

  // overrides > tuning cache > shape preset > manifest default; a setting
  // that does not build or launch gives way to the next.
  rt::SettingResolver Resolver(M, Source, Dev, O.Tunables,
                               rt::TuneCacheOptions{!O.NoTuneCache, ""});
  if (std::string Why = Resolver.cacheProblem(); !Why.empty())
    std::cerr << "looptile-run: warning: ignoring the tuning cache: " << Why
              << "\n";
  rt::Env Sizes = rt::checkSizes(M, O.Sizes);
  std::vector<rt::TunableSetting> Settings = Resolver.settingsFor(Sizes);
  std::unique_ptr<rt::Executor> XP;
  size_t Chosen = rt::pickSetting(Settings, [&](rt::TunableSetting &S) {
    progress("building " + ProgramPath + " for " + Dev.describe() + " (" +
             S.describe(M) + ")");
    rt::buildFitted(M, Sizes, Resolver.limits(), S,
                    [&](const rt::Env &V) -> rt::Executor & {
                      XP.reset();
                      XP = std::make_unique<rt::Executor>(M, Source, Devs, V,
                                                          Rk);
                      return *XP;
                    });
  });
  rt::Executor &X = *XP;
  X.agreeAcrossRanks();
  reportFits(Settings[Chosen]);
  Ctx.Tunables = Settings[Chosen].Values;
  Ctx.Setting = &Settings[Chosen];

  rt::HarnessOptions HO;
  HO.Reps = O.Reps;
  HO.Seed = O.SeedGiven ? O.Seed : rt::DefaultSeed;
  HO.Reference = O.Validate ? Ref.get() : nullptr;
  HO.Inputs = &Inputs;
  HO.Initializer = Ref.get();
  HO.DumpDir = O.DumpOutputs;
  if (Progress)
    HO.Progress = progressLine;
  rt::RunResult R = rt::runHarness(X, M, O.Sizes, HO);
  if (Rk)
    Ctx.Devices = R.Devices; // every rank's devices
  // A kernel that ran whole on the first device, and why.
  for (size_t K = 0; Notes && K < R.SplitRefusals.size(); ++K)
    if (!R.SplitRefusals[K].empty())
      std::cerr << "looptile-run: note: kernel " << M.Kernels[K].Name
                << " runs on one device (" << Dev.describe()
                << "): " << R.SplitRefusals[K] << "\n";
  if (O.Json)
    printJson(std::cout, Ctx, R);
  else
    printText(std::cout, Ctx, R);
  // Outputs the reference computed mostly as NaN or inf compare little:
  // said after the report (which is flushed first, so that the warning
  // follows it in a combined output too).
  std::cout.flush();
  for (const rt::Comparison &B : R.Buffers)
    if (std::string W = rt::nonfiniteWarning(B); !W.empty())
      std::cerr << "looptile-run: warning: " << W << "\n";
  return R.Validated && !R.Passed ? 1 : 0;
}

// Several ranks: rank 0 prints the run; an error on any rank ends every
// rank (the others would wait for its rows), the error printed by the rank
// that found it.
static int failed(rt::Ranks *Rk, const std::string &Message, int Code) {
  std::cout.flush();
  std::cerr << "looptile-run: "
            << (Rk ? "rank " + std::to_string(Rk->rank()) + ": " : "")
            << "error: " << Message << "\n";
  if (Rk) {
    std::cerr.flush();
    Rk->abort(Code);
  }
  return Code;
}

int main(int Argc, char **Argv) {
  std::unique_ptr<rt::Ranks> Rk;
  try {
    Rk = startRanks(Argc, Argv);
    if (Rk && Rk->rank() > 0 && !std::freopen("/dev/null", "w", stdout))
      throw rt::Error(rt::ErrorKind::Usage, "cannot silence rank " +
                                                std::to_string(Rk->rank()) +
                                                "'s output");
    return realMain(Argc, Argv, Rk.get());
  } catch (const std::exception &) {
    rt::Failure Why = rt::currentFailure();
    return failed(Rk.get(), Why.Message, Why.Status);
  }
}
