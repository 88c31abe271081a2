//===- Pipeline.h - the stages of looptile, in order -----------*- C++ -*-===//
//
// The one place that lists looptile's stages in the order they run:
//
//   Frontend (C -> IR) -> Analysis (dependences) -> Transforms (legal only)
//     -> Schedule (OpenCL without transformations: the compiler chooses)
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

/// The exit statuses of looptile and looptile-run (README, "Exit status").
enum ExitStatus {
  ExitSuccess = 0,
  /// An input refused (a construct the IR cannot represent, an illegal
  /// transformation, a nest no kernel applies to), an input that cannot be
  /// read or an output that cannot be written; looptile-run: an invalid
  /// manifest, a failed validation.
  ExitRefused = 1,
  /// The command line itself is wrong: unknown option, malformed or
  /// missing value, options that cannot be combined.
  ExitUsage = 2,
  /// An OpenCL platform, device, build or launch error (looptile-run and
  /// the host glue only; looptile never touches a device).
  ExitDevice = 3,
};

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
  /// the .cl file (the manifest and glue take its stem; empty: nothing is
  /// written, for --print-mapping alone). Missing folders are created.
  std::string OutputFile;
  /// OpenCL code generation options (--tile, --register-tile, ...).
  MappingOptions OpenCL;
  /// Print which loop became which NDRange dimension, work-group sizes and
  /// local memory.
  bool PrintMapping = false;
  /// --print-plan: each function's ProgramPlan (Mapping/ProgramPlan.h),
  /// after the mapping report where both are asked for.
  bool PrintPlan = false;
  /// Who chooses the schedule of OpenCL output (Mapping/AutoSchedule.h):
  /// Default (no --schedule): the mapping stage, unless the user gave a
  /// transformation step or a kernel option (--tile, --register-tile,
  /// --single-work-item): then the user's flags are the whole schedule, as
  /// before the mapping stage existed. Auto (--schedule=auto): the mapping
  /// stage, keeping the user's kernel options (it chooses only the loops'
  /// distribution and order then). AsWritten (--schedule=as-written): the
  /// loops are mapped in the order written.
  enum ScheduleMode { Default, Auto, AsWritten };
  ScheduleMode Schedule = Default;
  /// --schedule=candidate:K: the mapping stage as with no flags, each nest
  /// taking its candidate K instead of the best (the mapping benchmark,
  /// bench/mapping.sh); -1 otherwise.
  int Candidate = -1;
  /// True when the mapping stage runs under these options.
  bool autoSchedules() const {
    if (Emit != "opencl" || !Steps.empty() || OpenCL.SingleWorkItem)
      return false;
    if (Schedule == Auto)
      return true;
    return Schedule == Default && !OpenCL.Tile && !OpenCL.RegRows;
  }
};

/// Runs the stages; returns the process exit status (ExitSuccess or
/// ExitRefused).
int runPipeline(const PipelineOptions &Opts);

} // namespace looptile

#endif // LOOPTILE_PIPELINE_PIPELINE_H
