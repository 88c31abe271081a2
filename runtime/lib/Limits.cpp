//===- Limits.cpp - Device limits and static launchability ----------------===//
//
// Owns queryLimits, launchProblem and workGroupCount (see Limits.h).
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Limits.h"
#include "looptile/Runtime/Device.h"
#include "looptile/Runtime/Error.h"

#include <cstdlib>

namespace looptile::rt {

DeviceLimits queryLimits(const DeviceRef &D) {
  DeviceLimits L;
  try {
    L.ComputeUnits = D.Device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    L.MaxWorkGroupSize =
        int64_t(D.Device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>());
    for (size_t S : D.Device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>())
      L.MaxWorkItemSizes.push_back(int64_t(S));
    L.LocalMemBytes = int64_t(D.Device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>());
  } catch (const cl::Error &E) {
    throwCLError("querying the limits of " + D.describe(), E);
  }
  if (const char *CU = std::getenv("LOOPTILE_COMPUTE_UNITS"); CU && *CU) {
    char *End = nullptr;
    long long V = std::strtoll(CU, &End, 10);
    if (*End != '\0' || V <= 0)
      throw Error(ErrorKind::Usage, std::string("LOOPTILE_COMPUTE_UNITS='") +
                                        CU + "' is not a positive integer");
    L.ComputeUnits = V;
    L.ComputeUnitsOverridden = true;
  }
  return L;
}

std::string launchProblem(const Manifest &M, const Env &Values,
                          const DeviceLimits &L) {
  try {
    for (const KernelLaunch &K : M.Kernels) {
      if (K.Local) {
        int64_t Product = 1;
        for (size_t D = 0; D < K.Local->size(); ++D) {
          int64_t V = (*K.Local)[D].evaluate(Values);
          if (V <= 0)
            return "kernel " + K.Name + ": local size " + std::to_string(V) +
                   " in dimension " + std::to_string(D) + " is not positive";
          if (D < L.MaxWorkItemSizes.size() && V > L.MaxWorkItemSizes[D])
            return "kernel " + K.Name + ": local size " + std::to_string(V) +
                   " in dimension " + std::to_string(D) +
                   " exceeds the device's " +
                   std::to_string(L.MaxWorkItemSizes[D]);
          Product *= V;
          if (Product > L.MaxWorkGroupSize)
            return "kernel " + K.Name + ": work-group of " +
                   std::to_string(Product) +
                   " work-items or more exceeds the device's " +
                   std::to_string(L.MaxWorkGroupSize);
        }
      }
      if (K.LocalMemoryBytes && L.LocalMemBytes > 0) {
        int64_t B = K.LocalMemoryBytes->evaluate(Values);
        if (B > L.LocalMemBytes)
          return "kernel " + K.Name + ": " + std::to_string(B) +
                 " bytes of local memory exceed the device's " +
                 std::to_string(L.LocalMemBytes);
      }
    }
  } catch (const Error &E) {
    return E.what();
  }
  return "";
}

int64_t workGroupCount(const Manifest &M, const Env &Values,
                       size_t KernelIndex) {
  const KernelLaunch &K = M.Kernels.at(KernelIndex);
  int64_t Count = 1;
  for (size_t D = 0; D < K.Global.size(); ++D) {
    int64_t G = K.Global[D].evaluate(Values);
    int64_t Lo = K.Local ? (*K.Local)[D].evaluate(Values) : 1;
    if (G <= 0)
      return 0;
    if (Lo <= 0)
      throw Error(ErrorKind::Manifest, "kernel " + K.Name + ": local size " +
                                           std::to_string(Lo) +
                                           " is not positive");
    int64_t Groups = (G + Lo - 1) / Lo;
    if (__builtin_mul_overflow(Count, Groups, &Count))
      return INT64_MAX;
  }
  return Count;
}

} // namespace looptile::rt
