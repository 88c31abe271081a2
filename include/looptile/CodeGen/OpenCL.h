//===- OpenCL.h - OpenCL kernels, host glue and manifest -------*- C++ -*-===//
//
// The OpenCL back end's single entry point. It prints a function's
// ProgramPlan (Mapping/ProgramPlan.h: the mapping stage decided every
// kernel): the kernels, the JSON manifest that looptile-run reads
// (docs/manifest.md), and a C++ host glue file defining a drop-in
// replacement for the original function.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_CODEGEN_OPENCL_H
#define LOOPTILE_CODEGEN_OPENCL_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Mapping/ProgramPlan.h"
#include "looptile/Support/Diagnostic.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace looptile {

struct GlueInput;

struct OpenCLOutput {
  std::string KernelSource; ///< the .cl file
  std::string Manifest;     ///< the .json manifest
  std::string HostGlue;     ///< the .host.cpp drop-in replacement
  std::string GlueHeader;   ///< the .h: C declarations of HostGlue's functions
  std::string Mapping;      ///< the --print-mapping report
  /// The parts combineOpenCL puts together: the function, its kernels'
  /// text, their tunables' #ifndef defaults, whether they need double
  /// precision, how many kernels, and what its host glue needs.
  std::string Function, Kernels, Defines;
  std::vector<std::string> KernelNames;
  bool UsesDouble = false;
  unsigned KernelCount = 0;
  std::shared_ptr<const GlueInput> Glue;
};

/// The original C file, as each output names it.
struct OpenCLSource {
  /// Absolute: the manifest's source.file and the generated files' headers.
  std::string Path;
  /// As the user wrote it: the --print-mapping report.
  std::string Spelling;
  /// The manifest's source.compile: validation builds the C with it.
  CompileFlags Compile;
};

/// Prints the OpenCL code of a function as the mapping stage planned it
/// (Mapping/ProgramPlan.h, planProgram): the kernels, the manifest, the
/// host glue and the --print-mapping report. ProgramFile is the .cl file's
/// name as the manifest refers to it (relative to the manifest). Returns
/// false with diagnostics on refusal (a plan whose tunables' defaults are
/// outside their ranges, a size whose checks cannot be written).
bool generateOpenCL(const ProgramPlan &Plan, const std::string &ProgramFile,
                    const OpenCLSource &Source, OpenCLOutput &Out,
                    std::vector<Diagnostic> &Diags);

/// Several functions of one file as one program: their kernels in one .cl
/// (KernelSource) and their host glue in one file (HostGlue), each function
/// with its own manifest (Outs[I]->Manifest, whose "program" is the shared
/// .cl). Outs were planned with PlanContext::SuffixAlways and
/// consecutive KernelIndexBase values; Mapping is theirs in order.
OpenCLOutput combineOpenCL(const std::vector<const OpenCLOutput *> &Outs,
                           const OpenCLSource &Source,
                           const MappingOptions &Opts);

} // namespace looptile

#endif // LOOPTILE_CODEGEN_OPENCL_H
