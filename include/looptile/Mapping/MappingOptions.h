//===- MappingOptions.h - what the mapping stage is asked for --*- C++ -*-===//
//
// The options a function is mapped under: the user's kernel flags (--tile,
// --register-tile, --single-work-item, --stage-rows, --fp-contract) and the
// kernel kinds the mapping stage chose where the user gave none
// (autoSchedule sets Automatic, RowReductions and StageRows and the tiles it
// ranked with); and, apart, the context of the function in its program
// (PlanContext: its kernels' names in a file of several functions, the
// --print-after=all observer). A ProgramPlan (Mapping/ProgramPlan.h)
// records them; the code generator reads the plan, not these options.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_MAPPING_MAPPINGOPTIONS_H
#define LOOPTILE_MAPPING_MAPPINGOPTIONS_H

#include "looptile/IR/LoopNest.h"

#include <cstdint>
#include <functional>
#include <string>

namespace looptile {

struct MappingOptions {
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
  /// (Mapping/AutoSchedule.h), not by the user: a nest that cannot take
  /// them gets the naive kernel with its default work-group, and says why in
  /// --print-mapping only (no warning: nobody asked for them).
  bool Automatic = false;
  /// --stage-rows, or the mapping stage choosing the kernel kinds (no
  /// kernel option was given): a row loop that walks rows stored along it
  /// from one work-item per row stages the rows through local memory
  /// (KernelPlan RowStaged).
  bool StageRows = false;
  /// The mapping stage chooses the kernel kinds (no kernel option was
  /// given): a row loop whose inner reductions read along the rows gets a
  /// work-group per row (KernelPlan ReduceRows) where one work-item per row
  /// would read strided along dimension 0.
  bool RowReductions = false;
};

/// Where a function's plan sits in its program, and who watches the
/// planning: neither changes a decision.
struct PlanContext {
  /// In a file of several functions (one program, combineOpenCL): every
  /// kernel's tunables and macros take the suffix "_kN" with N its index in
  /// the whole program (KernelIndexBase plus its index in the function), so
  /// no two kernels of the file share one.
  bool SuffixAlways = false;
  unsigned KernelIndexBase = 0;
  /// --print-after=all: called after each named lowering step of the
  /// planning with the step's name and the IR it left (the driver prints
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

} // namespace looptile

#endif // LOOPTILE_MAPPING_MAPPINGOPTIONS_H
