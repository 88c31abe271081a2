//===- OpenCL.h - OpenCL kernels, host glue and manifest -------*- C++ -*-===//
//
// The OpenCL back end's single entry point. For each nest of a function it
// plans a kernel (which parallel loops become NDRange dimensions, whether
// local-memory or register tiling applies), prints the kernels, the JSON
// manifest that looptile-run reads (docs/manifest.md), and a C++ host glue
// file defining a drop-in replacement for the original function.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_CODEGEN_OPENCL_H
#define LOOPTILE_CODEGEN_OPENCL_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"

#include <cstdint>
#include <string>
#include <vector>

namespace looptile {

struct OpenCLOptions {
  /// --tile T: block tiling into T x T work-groups with local memory.
  int64_t Tile = 0;
  /// --register-tile RxC: each work-item computes R x C outputs.
  int64_t RegRows = 0, RegCols = 0;
  /// --single-work-item: run a nest with no parallel loop in one work-item.
  bool SingleWorkItem = false;
  /// --fp-contract=fast: let the OpenCL compiler contract a * b + c into a
  /// fused multiply-add (rounded once, not twice as C computes it). Off by
  /// default: the kernels then round every operation as the C does.
  bool FastContract = false;
};

struct OpenCLOutput {
  std::string KernelSource; ///< the .cl file
  std::string Manifest;     ///< the .json manifest
  std::string HostGlue;     ///< the .host.cpp drop-in replacement
  std::string Mapping;      ///< the --print-mapping report
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

/// Generates the OpenCL code for F. ProgramFile is the .cl file's name as the
/// manifest refers to it (relative to the manifest). Returns false with
/// diagnostics on refusal.
bool generateOpenCL(const Function &F, const std::string &ProgramFile,
                    const OpenCLSource &Source, const OpenCLOptions &Opts,
                    OpenCLOutput &Out, std::vector<Diagnostic> &Diags);

} // namespace looptile

#endif // LOOPTILE_CODEGEN_OPENCL_H
