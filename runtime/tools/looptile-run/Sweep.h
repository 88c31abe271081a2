//===- Sweep.h - The --sweep boundary validation ----------------*- C++ -*-===//
//
// Owns --sweep: for each size parameter S (the others held at a base
// value), validate S in {1, T/2, T-1, T, T+1, 2T-1, 2T, 2T+1, 3T} where T is
// S's tile (the manifest's optional "tile" formula of the size argument,
// else the largest tunable default, else 16), and print a table.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUN_SWEEP_H
#define LOOPTILE_RUN_SWEEP_H

#include "Options.h"
#include "Report.h"

namespace looptile::run {

/// Returns the exit status: 0 when every point validated, 1 on a mismatch,
/// the error's status when a point could not run.
int runSweep(const Options &O, const rt::Manifest &M, rt::Executor &X,
             const rt::ReferenceLibrary &Ref, const RunContext &Ctx);

} // namespace looptile::run

#endif
