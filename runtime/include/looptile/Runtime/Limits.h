//===- Limits.h - Device limits and static launchability --------*- C++ -*-===//
//
// Owns what can be decided about a setting of the tunables before building
// it: the device's limits (compute units, work-group size, work-item sizes,
// local memory), whether every kernel's NDRange fits them, and how many
// work-groups a kernel launches. Pure functions of the manifest and these
// numbers, so the preset choice and the tuner's candidate filter are unit
// tests; the kernel-specific limit (CL_KERNEL_WORK_GROUP_SIZE) is known only
// after a build and checked by Executor::prepare.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_LIMITS_H
#define LOOPTILE_RUNTIME_LIMITS_H

#include "looptile/Runtime/Manifest.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace looptile::rt {

struct DeviceRef;

struct DeviceLimits {
  int64_t ComputeUnits = 1;
  int64_t MaxWorkGroupSize = 1;
  std::vector<int64_t> MaxWorkItemSizes; // per dimension
  int64_t LocalMemBytes = 0;             // 0: unknown, not checked
  /// ComputeUnits came from $LOOPTILE_COMPUTE_UNITS (a testing aid).
  bool ComputeUnitsOverridden = false;
};

/// The device's limits. $LOOPTILE_COMPUTE_UNITS, when set to a positive
/// integer, replaces CL_DEVICE_MAX_COMPUTE_UNITS (a documented testing aid
/// for the shape-based preset choice).
DeviceLimits queryLimits(const DeviceRef &D);

/// Why the kernels of M cannot launch with Values (sizes and tunables) on
/// a device with limits L, or "" when nothing known says so: a local size
/// not positive or over the work-item limit, a work-group over the device's
/// work-group size, or local_memory_bytes over the device's local memory.
/// Formula errors (e.g. division by zero) are reported as reasons too.
std::string launchProblem(const Manifest &M, const Env &Values,
                          const DeviceLimits &L);

/// The result of fitWorkGroups.
struct WorkGroupFit {
  Env Tunables;                     ///< the setting, shrunk where needed
  std::vector<std::string> Changed; ///< the tunables it changed
  std::vector<std::string> Notes;   ///< one per kernel shrunk: from what, why
  /// The first kernel that still does not fit, and why ("": none).
  std::string Problem;
};

/// Shrinks a setting so that every kernel of M can launch at Sizes: for a
/// kernel whose work-group exceeds the device's work-group size, a
/// work-item size or the local memory (L), or its own limit
/// KernelLimits[k] (CL_KERNEL_WORK_GROUP_SIZE, known after a build; 0 or
/// missing: unknown), halves one tunable of its `local` and
/// `local_memory_bytes` formulas at a time, never one in Fixed (the values
/// of --set), always within the manifest's rules (min, max, multiple_of),
/// each step the one that reduces the excess while keeping the most
/// work-items, until it fits. Every setting the rules allow computes the
/// same results (the contract the tuner relies on, docs/manifest.md), so
/// this only chooses a smaller tile. A kernel that no step helps keeps its
/// values and Problem names it (the others are still fitted).
WorkGroupFit fitWorkGroups(const Manifest &M, const Env &Sizes,
                           const Env &Tunables, const DeviceLimits &L,
                           const std::vector<std::string> &Fixed,
                           const std::vector<int64_t> &KernelLimits = {});

/// Work-groups launched by kernel KernelIndex of M with Values: the product
/// over dimensions of ceil(global / local). A kernel without a local size
/// counts as one work-group per work-item. Throws Error on formula errors.
int64_t workGroupCount(const Manifest &M, const Env &Values,
                       size_t KernelIndex);

} // namespace looptile::rt

#endif
