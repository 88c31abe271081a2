//===- looptile-run.cpp - Run, time and validate a generated kernel -------===//
//
// Owns the tool's control flow: options -> manifest -> (reference shim) ->
// device -> program -> one measured run or a sweep -> report and exit
// status. Everything reusable lives in the looptile-runtime library.
//
//===----------------------------------------------------------------------===//
#include "Options.h"
#include "Report.h"
#include "Sweep.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Harness.h"

#include <iostream>
#include <memory>
#include <unistd.h>

using namespace looptile;
using namespace looptile::run;

static bool endsWith(const std::string &S, const std::string &Suffix) {
  return S.size() >= Suffix.size() &&
         S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

static int realMain(int Argc, char **Argv) {
  Options O = parseOptions(Argc, Argv);
  if (O.Help) {
    std::cout << usage();
    return 0;
  }
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
    ManifestPath = O.File;
  } else {
    ManifestPath = rt::Manifest::pathForProgram(O.File);
    ProgramPath = O.File;
  }
  rt::Manifest M = rt::Manifest::load(ManifestPath);
  if (ProgramPath.empty())
    ProgramPath = M.Program;

  if (!O.BuildReference.empty()) {
    std::string Out = rt::buildReference(M, O.BuildReference);
    std::cout << "reference shim for " << M.SourceFunction << "() written to "
              << Out << "\n";
    return 0;
  }

  // Check names and values before touching OpenCL.
  rt::Env Tunables = rt::resolveTunables(M, O.Tunables);
  if (!O.Sweep)
    rt::checkSizes(M, O.Sizes);
  else
    for (const auto &[N, V] : O.Sizes) {
      rt::Env One = {{N, V}};
      for (const std::string &S : M.sizeNames())
        One.emplace(S, 1);
      rt::checkSizes(M, One);
    }
  std::string Source = rt::readFile(ProgramPath, "kernel file");

  // Progress: explicit flag, else on for sweeps, big runs or a terminal.
  bool Progress = O.Progress == 1;
  if (O.Progress == -1) {
    Progress = isatty(2) != 0;
    if (!O.Sweep) {
      rt::Env E = rt::checkSizes(M, O.Sizes);
      for (const auto &[N, V] : Tunables)
        E[N] = V;
      double Flops = double(M.Flops.evaluate(E));
      double Bytes = double(M.Bytes.evaluate(E));
      Progress |= Flops >= 1e9 || Bytes >= 256e6;
    }
  }
  auto progress = [&](const std::string &S) {
    if (Progress)
      progressLine(S);
  };

  std::unique_ptr<rt::ReferenceLibrary> Ref;
  if (O.Validate || O.Sweep) {
    std::string Path = O.ReferencePath;
    if (Path.empty()) {
      progress("building the reference shim for " + M.SourceFunction + "()");
      Path = rt::buildReference(M);
    }
    Ref = std::make_unique<rt::ReferenceLibrary>(Path);
  }

  rt::DeviceRef Dev = rt::selectDevice(O.Device);
  progress("building " + ProgramPath + " for " + Dev.describe());
  rt::Executor X(M, Source, Dev, Tunables);

  RunContext Ctx;
  Ctx.M = &M;
  Ctx.ProgramPath = ProgramPath;
  Ctx.Device = Dev.describe();
  Ctx.Tunables = Tunables;
  Ctx.Reps = O.Reps;

  if (O.Sweep)
    return runSweep(O, M, X, *Ref, Ctx);

  rt::HarnessOptions HO;
  HO.Reps = O.Reps;
  HO.Seed = O.SeedGiven ? O.Seed : rt::DefaultSeed;
  HO.Reference = Ref.get();
  if (Progress)
    HO.Progress = progressLine;
  rt::RunResult R = rt::runHarness(X, M, O.Sizes, HO);
  if (O.Json)
    printJson(std::cout, Ctx, R);
  else
    printText(std::cout, Ctx, R);
  return R.Validated && !R.Passed ? 1 : 0;
}

int main(int Argc, char **Argv) {
  try {
    return realMain(Argc, Argv);
  } catch (const rt::Error &E) {
    std::cout.flush();
    std::cerr << "looptile-run: error: " << E.what() << "\n";
    return E.exitCode();
  } catch (const cl::Error &E) {
    std::cout.flush();
    std::cerr << "looptile-run: error: OpenCL: " << E.what() << " failed with "
              << rt::clErrorName(E.err()) << "\n";
    return 3;
  } catch (const std::exception &E) {
    std::cout.flush();
    std::cerr << "looptile-run: error: " << E.what() << "\n";
    return 3;
  }
}
