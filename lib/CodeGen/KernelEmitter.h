//===- KernelEmitter.h - OpenCL C text of a planned kernel -----*- C++ -*-===//
//
// Internal to lib/CodeGen: prints one KernelPlan as an OpenCL kernel and
// describes its launch (NDRange formulas, arguments, tunables) for the
// manifest. One function per kernel kind lives in KernelEmitter.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_LIB_CODEGEN_KERNELEMITTER_H
#define LOOPTILE_LIB_CODEGEN_KERNELEMITTER_H

#include "KernelPlan.h"

#include <string>
#include <vector>

namespace looptile {

struct Tunable {
  std::string Name;
  int64_t Default = 0;
  int64_t Min = 1, Max = 1024;
  std::string Constraint;
  std::string MultipleOf;
  /// Candidate values for `looptile-run --tune` (empty: the runtime's
  /// powers of two in [Min, Max]).
  std::vector<int64_t> Values;
};

/// A named set of tunable values the runtime may pick by shape
/// (docs/manifest.md, "presets"): listed from the largest work-group tile
/// to the smallest.
struct Preset {
  std::string Name;
  std::vector<std::pair<std::string, int64_t>> Values;
};

/// What the manifest needs to launch a kernel.
struct KernelLaunch {
  std::string Name;
  std::vector<std::string> Args;
  std::vector<std::string> Global, Local; ///< formulas, dimension 0 first
  std::vector<Tunable> Tunables;
  /// Bytes of __local memory per work-group (a formula over tunables).
  std::string LocalBytes;
  /// The same with the tunables' defaults.
  int64_t LocalBytesDefault = 0;
  /// Outputs computed by one work-item (a formula).
  std::string OutputsPerItem = "1";
  /// Shape presets of this kernel's tunables (may be empty).
  std::vector<Preset> Presets;
  /// The manifest's kind of a launch that is not the plan's own (the
  /// second kernel of a tree reduction); empty: the plan's kind.
  std::string Kind;
  /// Kernels the plan launches right after this one, in order (the final
  /// stage of a tree reduction), with their own launch descriptions.
  std::vector<KernelLaunch> Followers;
};

/// The kernel's source text; fills Launch.
std::string emitKernel(const Function &F, const KernelPlan &Plan,
                       const OpenCLOptions &Opts, KernelLaunch &Launch);

} // namespace looptile

#endif // LOOPTILE_LIB_CODEGEN_KERNELEMITTER_H
