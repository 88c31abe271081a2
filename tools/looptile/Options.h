//===- Options.h - looptile's command line ---------------------*- C++ -*-===//
//
// The command line of looptile as PipelineOptions (Options.cpp defines every
// flag, with one meaning each per output kind).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TOOLS_OPTIONS_H
#define LOOPTILE_TOOLS_OPTIONS_H

#include "looptile/Pipeline/Pipeline.h"

#include <optional>

namespace looptile {

/// Reads argv into Opts. Returns nothing when the pipeline should run with
/// Opts, else the exit status to end with (a usage error, printed to
/// standard error).
std::optional<int> parseCommandLine(int argc, char **argv,
                                    PipelineOptions &Opts);

} // namespace looptile

#endif // LOOPTILE_TOOLS_OPTIONS_H
