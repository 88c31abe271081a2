//===- Pipeline.h - the stages of looptile, in order -----------*- C++ -*-===//
//
// The one place that lists looptile's stages in the order they run:
//
//   Frontend (C -> IR) -> Analysis (dependences) -> Transforms (legal only)
//     -> CodeGen (C or OpenCL + host glue + manifest)
//
// The driver fills PipelineOptions from the command line and calls
// runPipeline; everything observable (--print-ir, --print-deps,
// --print-after=all, --emit=c) is printed from here.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_PIPELINE_PIPELINE_H
#define LOOPTILE_PIPELINE_PIPELINE_H

#include "looptile/CodeGen/OpenCL.h"
#include "looptile/Frontend/Frontend.h"
#include "looptile/Transforms/Transform.h"

#include <string>
#include <vector>

namespace looptile {

struct PipelineOptions {
  FrontendOptions Frontend;
  bool PrintIR = false;
  /// "", "text", "json" or "dot".
  std::string PrintDeps;
  /// Transformation requests, in command-line order.
  std::vector<TransformStep> Steps;
  /// Print each function's parameters as JSON (kinds, types, shapes).
  bool PrintSignature = false;
  /// Print the IR and the C after every transformation step.
  bool PrintAfterAll = false;
  /// "c" prints the transformed C function; "opencl" writes the kernels,
  /// the manifest and the host glue.
  std::string Emit;
  /// Output file: for C, the C file (empty: standard output); for OpenCL,
  /// the .cl file (the manifest and glue take its stem).
  std::string OutputFile;
  /// OpenCL code generation options (--tile, --register-tile, ...).
  OpenCLOptions OpenCL;
  /// Print which loop became which NDRange dimension, work-group sizes and
  /// local memory.
  bool PrintMapping = false;
};

/// Runs the stages; returns the process exit code (0 on success).
int runPipeline(const PipelineOptions &Opts);

} // namespace looptile

#endif // LOOPTILE_PIPELINE_PIPELINE_H
