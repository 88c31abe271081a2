//===- Report.h - looptile-run's text and JSON output -----------*- C++ -*-===//
//
// Owns how results are printed: the human-readable summary, the --json
// object, the --sweep table, and progress lines on stderr.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUN_REPORT_H
#define LOOPTILE_RUN_REPORT_H

#include "looptile/Runtime/Harness.h"
#include "looptile/Runtime/Setting.h"

#include <ostream>
#include <string>
#include <vector>

namespace looptile::run {

struct RunContext {
  const rt::Manifest *M = nullptr;
  std::string ProgramPath;
  std::string Device;
  /// Several devices (--devices): each one's description.
  std::vector<std::string> Devices;
  rt::Env Tunables;
  /// Where each tunable's value came from (runs, not sweeps).
  const rt::TunableSetting *Setting = nullptr;
  int Reps = 0;
  /// --range, --scalar, --init (null or empty: the default inputs).
  const rt::InputSpec *Inputs = nullptr;
};

/// The "tunables:", "tuning cache:" and "note:" lines of a run.
void printSetting(std::ostream &OS, const RunContext &C);

/// "M=512 N=512 K=16" in manifest order.
std::string formatSizes(const rt::Manifest &M, const rt::Env &Sizes);

void printText(std::ostream &OS, const RunContext &C, const rt::RunResult &R);
void printJson(std::ostream &OS, const RunContext &C, const rt::RunResult &R);

/// A progress line on stderr: "looptile-run: <msg>" with elapsed seconds.
void progressLine(const std::string &Msg);

} // namespace looptile::run

#endif
