//===- Tune.h - looptile-run --tune -----------------------------*- C++ -*-===//
//
// Owns the --tune command: runs the library's tuner (Tuner.h), prints its
// report (text or --json), and stores the fastest valid setting in the
// tuning cache unless --no-tune-cache.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUN_TUNE_H
#define LOOPTILE_RUN_TUNE_H

#include "Options.h"
#include "Report.h"
#include "looptile/Runtime/Tuner.h"

namespace looptile::run {

/// Returns the exit status: 0 when a valid setting was found and no
/// candidate gave wrong results, 1 when some candidate gave wrong results
/// (the fastest valid one is still stored), 2 when the tuning cache cannot
/// be written (after the report), 3 when no candidate ran.
int runTune(const Options &O, const rt::Manifest &M, const std::string &Source,
            const rt::DeviceRef &Dev, const rt::ReferenceLibrary &Ref,
            const RunContext &Ctx, bool Progress);

} // namespace looptile::run

#endif
