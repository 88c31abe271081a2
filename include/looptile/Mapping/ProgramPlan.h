//===- ProgramPlan.h - the mapping stage's plan of a function ---*- C++ -*-===//
//
// The mapping stage decides once, for a whole function, what runs where:
// the function as the kernels compute it (OpenCL's names, the return value
// in a buffer, statements outside loops in loops of one iteration), its
// arguments and device buffers, the host program (the loops the host runs
// and the launches in them) and one KernelPlan per launched nest (kind,
// mapped loops, tiles, staging, reductions). planProgram makes the
// decision; the code generator (CodeGen/OpenCL.h, generateOpenCL) only
// prints it, and `looptile --print-plan` shows it (printPlan).
//
// The schedule before it (which loops, in which order and distribution:
// Mapping/AutoSchedule.h) ranks candidates by what planProgram would make
// of each nest (previewKernel), so the candidate ranked is the plan
// generated.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_MAPPING_PROGRAMPLAN_H
#define LOOPTILE_MAPPING_PROGRAMPLAN_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Mapping/HostProgram.h"
#include "looptile/Mapping/KernelPlan.h"
#include "looptile/Mapping/MappingOptions.h"
#include "looptile/Mapping/Signature.h"
#include "looptile/Support/Diagnostic.h"
#include "looptile/Support/NameTable.h"

#include <string>
#include <vector>

namespace looptile {

struct ProgramPlan {
  /// The options the function was mapped under.
  MappingOptions Options;
  /// The index in the whole program of the function's first kernel
  /// (PlanContext::KernelIndexBase).
  unsigned KernelIndexBase = 0;
  /// Every identifier of the program as the kernels, the manifest and the
  /// glue see it, with the names the kernels and reductions took.
  NameTable Names;
  /// The function the caller calls, as the kernels compute it (the
  /// manifest's arguments, size checks and counts are over it).
  Function Whole;
  /// The one-element buffer that holds the return value ("" if none).
  std::string Result;
  /// Whole's parameters as the manifest and the host glue describe them.
  std::vector<ArgumentInfo> Args;
  /// The host loops and the launches in them; Host.Kernels is the function
  /// as the kernels see it (its Body the launched nests in launch order).
  HostProgram Host;
  /// For each kernel I, the function as kernel I sees it (its device
  /// buffers among the parameters).
  std::vector<Function> KernelFns;
  /// The device buffers that are no parameter, in the manifest's order:
  /// function-scope local arrays, scalars shared between kernels (one
  /// element each), the partials of tree reductions.
  std::vector<Variable> Temporaries;
  /// Kernel I's plan (nest I of Host.Kernels).
  std::vector<KernelPlan> Kernels;
  /// Some reduction combines its terms in another order than the C's (the
  /// manifest's reordered-reduction tolerance applies).
  bool Reorders = false;
};

/// Maps F under Opts, in the program context Ctx. Returns false with
/// errors in Diags when some nest cannot be mapped soundly (each error
/// names the nest and why).
bool planProgram(const Function &F, const MappingOptions &Opts,
                 const PlanContext &Ctx, ProgramPlan &Out,
                 std::vector<Diagnostic> &Diags);

/// The plan as text (`looptile --print-plan`): the host program, each
/// kernel's decisions and the device buffers. File is the source file as
/// the user named it (each nest's location).
std::string printPlan(const ProgramPlan &P, const std::string &File);

/// Plans nest NestIndex of F (a nest of the function as written, before
/// planProgram's view) as planProgram would under Opts, for the cost model.
KernelPreview previewKernel(const Function &F, unsigned NestIndex,
                            const MappingOptions &Opts);

} // namespace looptile

#endif // LOOPTILE_MAPPING_PROGRAMPLAN_H
