//===- KernelEmitter.h - OpenCL C text of a planned kernel -----*- C++ -*-===//
//
// Internal to lib/CodeGen: prints one KernelPlan as an OpenCL kernel and
// describes its launch (NDRange formulas, arguments, tunables) for the
// manifest. One function per kernel kind lives in KernelEmitter.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_LIB_CODEGEN_KERNELEMITTER_H
#define LOOPTILE_LIB_CODEGEN_KERNELEMITTER_H

#include "looptile/Mapping/HostProgram.h"
#include "looptile/Mapping/KernelPlan.h"

#include <string>
#include <vector>

namespace looptile {

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
                       KernelLaunch &Launch);

/// The runtime launches a host loop's kernel of one work-group (its default
/// work-group MaxDefaultWorkGroup work-items; NVIDIA's driver allows the
/// kernel no more) instead of the loop's launches where none of them has
/// more than this many times the work-group's work-items (the manifest's
/// "max_items"): each work-item then runs at most that many iterations of
/// each launch's body between barriers. Measured on an H200 (jacobi-1d,
/// 100 steps, bench/host_loops.sh; bench/RESULTS.md, 2026-11-27): at 4,
/// 16 and 31 times the one work-group is 8.5x, 3.1x and 1.6x faster than
/// the launches, at 62 times 2.3x slower; they cross near 40.
constexpr int64_t WorkGroupLoopItems = 16;

/// Whether kernel P (launched as L) is a part of a host loop run in one
/// work-group: a single-work-item kernel, or a naive kernel whose
/// work-items run no loop; one launch, no local memory. Else Why says why
/// not.
bool fitsWorkGroupLoop(const KernelPlan &P, const KernelLaunch &L,
                       std::string &Why);

/// The host loop Loop (a HostNode::Loop of the host program), with every
/// loop and launch in it, as one kernel Name to be launched as one
/// work-group (docs/kernels.md, "Host loops in one work-group"): the host
/// loops become the kernel's loops, each launch a part whose work-items
/// the work-group shares out, a barrier after each part (every kernel of
/// Loop must fit, fitsWorkGroupLoop). Suffix names its tunable (WG0 +
/// Suffix). Fills Launch.
std::string emitWorkGroupLoop(const HostNode &Loop,
                              const std::vector<Function> &KernelFns,
                              const std::vector<KernelPlan> &Plans,
                              const std::string &Name,
                              const std::string &Suffix, KernelLaunch &Launch);

} // namespace looptile

#endif // LOOPTILE_LIB_CODEGEN_KERNELEMITTER_H
