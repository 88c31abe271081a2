//===- Options.h - looptile-run's command line ------------------*- C++ -*-===//
//
// Owns the Options struct and its parser (no LLVM: the runtime must not
// link it). Bad usage throws looptile::rt::Error(ErrorKind::Usage).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUN_OPTIONS_H
#define LOOPTILE_RUN_OPTIONS_H

#include "looptile/Runtime/Formula.h"

#include <cstdint>
#include <string>
#include <vector>

namespace looptile::run {

struct Options {
  std::string File;           // the .cl (or the manifest .json)
  std::string Function;       // --function: FILE.FUNCTION.json
  rt::Env Sizes;              // -D
  rt::Env Tunables;           // --set
  std::string Device;         // --device
  std::string Devices;        // --devices (several devices)
  std::string HostLoops;      // --host-loops (sets LOOPTILE_HOST_LOOPS)
  std::string DumpOutputs;    // --dump-outputs DIR
  bool ListDevices = false;
  bool Validate = false;
  bool Sweep = false;
  bool Json = false;
  int Reps = 10;
  bool RepsGiven = false;
  uint64_t Seed = 0;
  bool SeedGiven = false;
  std::string ReferencePath;  // --reference
  std::string BuildReference; // --build-reference
  int Progress = -1;          // --progress 1, --no-progress 0, auto -1
  bool Tune = false;          // --tune
  size_t TuneBudget = 64;     // --tune-budget
  double TuneValidateLimit = 20e9; // --tune-validate-limit (operations)
  bool TuneOptionGiven = false;    // --tune-budget or --tune-validate-limit
  bool NoTuneCache = false;   // --no-tune-cache
  // The inputs (checked against the manifest once it is read, Inputs.h).
  std::vector<std::string> Ranges;  // --range, each as given
  std::vector<std::string> Scalars; // --scalar, each as given
  std::string Init;                 // --init
  bool Help = false;
  bool Version = false; // --version
};

Options parseOptions(int Argc, char **Argv);
/// Options that have no effect in the mode O selects, each with why (the
/// tool warns about them rather than ignoring them silently).
std::vector<std::string> ineffectiveOptions(const Options &O);
const char *usage();
/// What --version prints: the version, the commit, what it is built on.
std::string versionText();

} // namespace looptile::run

#endif
