//===- Limits.cpp - Device limits and static launchability ----------------===//
//
// Owns queryLimits, launchProblem, fitWorkGroups and workGroupCount (see
// Limits.h).
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Limits.h"
#include "looptile/Runtime/Device.h"
#include "looptile/Runtime/Error.h"

#include <algorithm>
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

namespace {

/// Kernel K's work-group with Values, and how far it is over the limits.
struct Shape {
  std::vector<int64_t> Local;
  int64_t Items = 1, Bytes = 0;
  int64_t Excess = 0; ///< 0: fits
  std::string Why;    ///< the first limit it exceeds
};

Shape measure(const KernelLaunch &K, const Env &Values, const DeviceLimits &L,
              int64_t KernelLimit) {
  Shape S;
  for (const Formula &F : *K.Local) {
    int64_t V = F.evaluate(Values);
    S.Local.push_back(V);
    S.Items *= V > 0 ? V : 1;
  }
  int64_t Limit = L.MaxWorkGroupSize;
  std::string Whose = "the device's maximum of ";
  if (KernelLimit > 0 && KernelLimit < Limit) {
    Limit = KernelLimit;
    Whose = "this kernel's maximum (CL_KERNEL_WORK_GROUP_SIZE) of ";
  }
  if (S.Items > Limit) {
    S.Excess += S.Items - Limit;
    S.Why = Whose + std::to_string(Limit);
  }
  for (size_t D = 0; D < S.Local.size() && D < L.MaxWorkItemSizes.size(); ++D)
    if (S.Local[D] > L.MaxWorkItemSizes[D]) {
      S.Excess += S.Local[D] - L.MaxWorkItemSizes[D];
      if (S.Why.empty())
        S.Why = "the device's " + std::to_string(L.MaxWorkItemSizes[D]) +
                " work-items in dimension " + std::to_string(D);
    }
  if (K.LocalMemoryBytes) {
    S.Bytes = K.LocalMemoryBytes->evaluate(Values);
    if (L.LocalMemBytes > 0 && S.Bytes > L.LocalMemBytes) {
      S.Excess += S.Bytes - L.LocalMemBytes;
      if (S.Why.empty())
        S.Why = "the device's " + std::to_string(L.LocalMemBytes) +
                " bytes of local memory (it needs " + std::to_string(S.Bytes) +
                ")";
    }
  }
  return S;
}

std::string shapeText(const Shape &S) {
  std::string T;
  for (int64_t V : S.Local)
    T += (T.empty() ? "" : " x ") + std::to_string(V);
  return T + " (" + std::to_string(S.Items) + " work-items)";
}

} // namespace

WorkGroupFit fitWorkGroups(const Manifest &M, const Env &Sizes,
                           const Env &Tunables, const DeviceLimits &L,
                           const std::vector<std::string> &Fixed,
                           const std::vector<int64_t> &KernelLimits) {
  WorkGroupFit Fit;
  Fit.Tunables = Tunables;
  Env Values = Sizes;
  for (const auto &[N, V] : Tunables)
    Values[N] = V;
  auto limitOf = [&](size_t KI) {
    return KI < KernelLimits.size() ? KernelLimits[KI] : int64_t(0);
  };
  std::vector<size_t> Hopeless; // kernels that cannot be fitted
  try {
    // Shrinking one kernel may change another that shares a tunable (a
    // hand-written manifest): go over the kernels until none changes.
    for (bool Again = true; Again;) {
      Again = false;
      for (size_t KI = 0; KI < M.Kernels.size(); ++KI) {
        const KernelLaunch &K = M.Kernels[KI];
        if (!K.Local ||
            std::find(Hopeless.begin(), Hopeless.end(), KI) != Hopeless.end())
          continue;
        Shape Before = measure(K, Values, L, limitOf(KI));
        if (!Before.Excess)
          continue;
        std::vector<std::string> Names;
        auto addNames = [&](const Formula &F) {
          for (const std::string &N : F.names())
            if (M.findTunable(N) &&
                std::find(Fixed.begin(), Fixed.end(), N) == Fixed.end() &&
                std::find(Names.begin(), Names.end(), N) == Names.end())
              Names.push_back(N);
        };
        for (const Formula &F : *K.Local)
          addNames(F);
        if (K.LocalMemoryBytes)
          addNames(*K.LocalMemoryBytes);
        // Manifest order, so that ties go the same way every time.
        std::stable_sort(Names.begin(), Names.end(),
                         [&](const std::string &A, const std::string &B) {
                           return M.findTunable(A) < M.findTunable(B);
                         });
        Shape Now = Before;
        Env Start = Values;
        while (Now.Excess) {
          std::string Best;
          Shape BestShape;
          for (const std::string &N : Names) {
            const Tunable *T = M.findTunable(N);
            int64_t Half = Values.at(N) / 2;
            if (Half < std::max<int64_t>(T->Min.value_or(1), 1))
              continue;
            Env Try = Values;
            Try[N] = Half;
            Env TryTunables;
            for (const Tunable &U : M.Tunables)
              TryTunables[U.Name] = Try.at(U.Name);
            if (!tunableProblem(M, TryTunables).empty())
              continue;
            Shape S;
            try {
              S = measure(K, Try, L, limitOf(KI));
            } catch (const Error &) {
              continue;
            }
            if (S.Excess >= Now.Excess)
              continue;
            // The most work-items; on a tie the widest dimension 0 (where
            // neighbouring work-items make coalesced accesses).
            if (Best.empty() || S.Items > BestShape.Items ||
                (S.Items == BestShape.Items && !S.Local.empty() &&
                 S.Local[0] > BestShape.Local[0])) {
              Best = N;
              BestShape = S;
            }
          }
          if (Best.empty())
            break;
          Values[Best] /= 2;
          Now = BestShape;
        }
        if (Now.Excess) {
          // This kernel keeps its values (the build or the launch reports
          // its limit); the others are still fitted.
          Values = Start;
          Hopeless.push_back(KI);
          if (Fit.Problem.empty())
            Fit.Problem =
                "kernel " + K.Name + ": work-group " + shapeText(Before) +
                " exceeds " + Before.Why +
                (Names.empty() ? " and has no tunable the runtime may change"
                               : " and no smaller setting of its tunables "
                                 "fits");
          continue;
        }
        std::string Set;
        for (const Tunable &T : M.Tunables)
          if (Values.at(T.Name) != Start.at(T.Name)) {
            Set += (Set.empty() ? "" : " ") + T.Name + "=" +
                   std::to_string(Values.at(T.Name));
            if (std::find(Fit.Changed.begin(), Fit.Changed.end(), T.Name) ==
                Fit.Changed.end())
              Fit.Changed.push_back(T.Name);
          }
        Fit.Notes.push_back("kernel " + K.Name + ": work-group " +
                            shapeText(Before) + " exceeds " + Before.Why +
                            "; shrunk to " + shapeText(Now) + " with " + Set);
        Again = true;
      }
    }
  } catch (const Error &E) {
    Fit.Problem = E.what();
    Fit.Tunables = Tunables;
    Fit.Changed.clear();
    Fit.Notes.clear();
    return Fit;
  }
  for (auto &[N, V] : Fit.Tunables)
    V = Values.at(N);
  return Fit;
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
