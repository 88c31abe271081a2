//===- MpiRanks.h - looptile-run's ranks through MPI -----------*- C++ -*-===//
#ifndef LOOPTILE_RUN_MPIRANKS_H
#define LOOPTILE_RUN_MPIRANKS_H

#include "looptile/Runtime/Ranks.h"

#include <memory>

namespace looptile::run {

/// The ranks of this run when mpirun started it with more than one
/// process (MPI initialised here, finalised at exit); null otherwise, and
/// always null in a looptile-run built without MPI.
std::unique_ptr<rt::Ranks> startRanks(int &Argc, char **&Argv);
/// Whether this looptile-run was built with MPI.
bool builtWithMpi();

} // namespace looptile::run

#endif
