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
#include <functional>
#include <memory>
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
  /// The tiling options were chosen by the mapping stage
  /// (Schedule/AutoSchedule.h), not by the user: a nest that cannot take
  /// them gets the naive kernel with its default work-group, and says why in
  /// --print-mapping only (no warning: nobody asked for them).
  bool Automatic = false;
  /// --stage-rows, or the mapping stage choosing the kernel kinds (no
  /// kernel option was given): a row loop that walks rows stored along it
  /// from one work-item per row stages the rows through local memory
  /// (KernelPlan RowStaged).
  bool StageRows = false;
  /// In a file of several functions (one program, combineOpenCL): every
  /// kernel's tunables and macros take the suffix "_kN" with N its index in
  /// the whole program (KernelIndexBase plus its index in the function), so
  /// no two kernels of the file share one.
  bool SuffixAlways = false;
  unsigned KernelIndexBase = 0;
  /// The mapping stage chooses the kernel kinds (no kernel option was
  /// given): a row loop whose inner reductions read along the rows gets a
  /// work-group per row (KernelPlan ReduceRows) where one work-item per row
  /// would read strided along dimension 0.
  bool RowReductions = false;
  /// Set per kernel by the host program, not by a flag: the kernel's
  /// reductions keep the C's order (a whole-nest reduction runs in one
  /// work-item, no reduction per row), because it is launched from a host
  /// loop, a recurrence that can amplify the rounding differences of
  /// another order beyond the reordered-reduction tolerance
  /// (docs/runtime.md).
  bool InOrderReductions = false;
  /// --print-after=all: called after each named lowering step of code
  /// generation with the step's name and the IR it left (the driver prints
  /// them). The steps, in order: "kernel view" (statements outside loops
  /// in loops of one iteration, names OpenCL reserves renamed), "host
  /// program" (the kernels' nests in launch order, the host loop variables
  /// as parameters), then for each kernel "device buffers" (local arrays
  /// and shared scalars as buffer arguments, the nest as that kernel sees
  /// it) and "kernel plan" (the body the emitter prints: invariant
  /// elements promoted to registers).
  std::function<void(const std::string &Step, const Function &IR)>
      AfterLowering;
};

/// What the kernel planner would make of one nest under Opts, for the
/// mapping stage's cost model (Schedule/AutoSchedule.h). The nest is planned
/// exactly as generateOpenCL plans it (the same renaming, temporaries and
/// planner), so the preview is the kernel that would be generated.
struct KernelPreview {
  /// False when no kernel can be planned (no parallel loop to map); Why
  /// then holds the planner's reason.
  bool Mappable = false;
  std::string Why;
  /// "naive", "block-tiled", "register-tiled", "transpose".
  std::string Kind;
  /// NDRange dimensions (mapped parallel loops).
  unsigned Dims = 0;
  /// The mapped loop of dimension 0 (consecutive work-items).
  std::string Dim0;
  /// Global accesses of a work-item's body whose address moves by one
  /// element between consecutive work-items of dimension 0 (coalesced),
  /// and those that move by more (strided, uncoalesced). Accesses staged in
  /// local memory by a tiled kernel are read coalesced and count as such.
  unsigned Coalesced = 0, Strided = 0;
  /// A tiled kernel: reads staged in local memory and reused by a tile of
  /// work-items (lecture 01).
  bool Reuse = false;
  /// The mapped band is triangular (a guard keeps the bounding box's extra
  /// work-items idle).
  bool Triangular = false;
  /// The host loops the kernel is launched from (the nest became a host
  /// program: one launch per host iteration).
  unsigned HostLoops = 0;
  /// The loops a work-item runs one iteration after the other, host loops
  /// included: the deepest nesting of the kernel's loops plus HostLoops,
  /// less Dims (the exponent of a work-item's share of the work). For a
  /// nest that launches several kernels, the largest.
  unsigned Sequential = 0;
  /// A naive kernel: why the planner did not tile it ("" when it did not
  /// try, or had no reason to give).
  std::string Note;
};

/// Plans nest NestIndex of F as generateOpenCL would under Opts.
KernelPreview previewKernel(const Function &F, unsigned NestIndex,
                            const OpenCLOptions &Opts);

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

/// Generates the OpenCL code for F. ProgramFile is the .cl file's name as the
/// manifest refers to it (relative to the manifest). Returns false with
/// diagnostics on refusal.
bool generateOpenCL(const Function &F, const std::string &ProgramFile,
                    const OpenCLSource &Source, const OpenCLOptions &Opts,
                    OpenCLOutput &Out, std::vector<Diagnostic> &Diags);

/// Several functions of one file as one program: their kernels in one .cl
/// (KernelSource) and their host glue in one file (HostGlue), each function
/// with its own manifest (Outs[I]->Manifest, whose "program" is the shared
/// .cl). Outs were generated with OpenCLOptions::SuffixAlways and
/// consecutive KernelIndexBase values; Mapping is theirs in order.
OpenCLOutput combineOpenCL(const std::vector<const OpenCLOutput *> &Outs,
                           const OpenCLSource &Source,
                           const OpenCLOptions &Opts);

} // namespace looptile

#endif // LOOPTILE_CODEGEN_OPENCL_H
