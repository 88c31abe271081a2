//===- Executor.cpp - Program build, buffers, NDRange launch, timing ------===//
//
// Owns everything between "manifest + source + device" and "kernels ran":
// tunable and size checking, clBuildProgram with the build log on failure,
// buffer allocation against the device limits, NDRange checks (global a
// multiple of local, local within the kernel's work-group limit) and event
// profiling.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Executor.h"

#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Guarded.h"

#include <cstdint>
#include <climits>
#include <cstdlib>
#include <functional>
#include <optional>
#include <sstream>

namespace looptile::rt {

Env resolveTunables(const Manifest &M, const Env &Overrides) {
  checkTunableNames(M, Overrides);
  Env T = defaultTunables(M);
  for (const auto &[Name, Value] : Overrides)
    T[Name] = Value;
  std::string Why = tunableProblem(M, T);
  if (!Why.empty())
    throw Error(ErrorKind::Usage, Why);
  return T;
}

void checkTunableNames(const Manifest &M, const Env &Overrides) {
  for (const auto &[Name, Value] : Overrides) {
    (void)Value;
    if (M.findTunable(Name))
      continue;
    std::string Known;
    for (const Tunable &Tn : M.Tunables)
      Known += (Known.empty() ? "" : ", ") + Tn.Name;
    throw Error(ErrorKind::Usage,
                "unknown tunable '" + Name + "' in --set (the manifest's "
                "tunables: " + (Known.empty() ? "none" : Known) + ")");
  }
}

namespace {
// "sizes N=3, M=5 are not valid for f(): " + Why.
std::string invalidSizes(const Manifest &M, const Env &Sizes,
                         const std::string &Why) {
  std::string Text;
  for (const std::string &S : M.sizeNames())
    Text += (Text.empty() ? "" : ", ") + S + "=" + std::to_string(Sizes.at(S));
  return "sizes " + Text + " are not valid for " + M.SourceFunction +
         "(): " + Why;
}
} // namespace

std::string sizeLimitProblem(const Manifest &M, const Env &Sizes) {
  for (const SizeCheck &C : M.SizeChecks)
    if (C.InvalidWhen.evaluate(Sizes))
      return invalidSizes(M, Sizes,
                          C.Reason + " (the manifest's size check: invalid "
                                     "when " +
                              C.InvalidWhen.text() + ")");
  return "";
}

Env checkSizes(const Manifest &M, const Env &Sizes, bool Limits) {
  Env Out;
  for (const auto &[Name, Value] : Sizes) {
    const Argument *A = M.findArgument(Name);
    if (!A || A->K != Argument::Size) {
      std::string Hint;
      if (M.findTunable(Name))
        Hint = " ('" + Name + "' is a tunable: use --set " + Name + "=...)";
      for (const Manifest::DerivedSize &D : M.Derived)
        if (D.Name == Name)
          Hint = " ('" + Name + "' is computed by " + M.SourceFunction +
                 "() from its sizes: " + Name + " = " + D.Value.text() + ")";
      std::string Known;
      for (const std::string &S : M.sizeNames())
        Known += (Known.empty() ? "" : ", ") + S;
      throw Error(ErrorKind::Usage, "unknown size parameter '" + Name +
                                        "' in -D" + Hint +
                                        "; the size parameters are: " + Known);
    }
  }
  for (const std::string &S : M.sizeNames()) {
    auto It = Sizes.find(S);
    if (It == Sizes.end())
      throw Error(ErrorKind::Usage, "size parameter '" + S +
                                        "' is missing: pass -D " + S +
                                        "=<integer from 0>");
    // 0 is a valid size: the C function's loops run zero times (the
    // kernels whose NDRange is then empty are not launched).
    if (It->second < 0)
      throw Error(ErrorKind::Usage,
                  "size parameter " + S + "=" + std::to_string(It->second) +
                      " is negative (a size is an int from 0 to " +
                      std::to_string(INT_MAX) + ")");
    if (It->second > INT_MAX)
      throw Error(ErrorKind::Usage,
                  "size parameter " + S + "=" + std::to_string(It->second) +
                      " does not fit in an int (at most " +
                      std::to_string(INT_MAX) + ")");
    Out[S] = It->second;
  }
  // The sizes the function computes from these, as it computes them (C's
  // integer division truncates, as the formulas' does).
  for (const Manifest::DerivedSize &D : M.Derived) {
    const std::string &Name = D.Name;
    const Formula &F = D.Value;
    int64_t V = 0;
    try {
      if (!D.When || D.When->evaluate(Out))
        V = F.evaluate(Out);
    } catch (const Error &E) {
      throw Error(ErrorKind::Usage,
                  invalidSizes(M, Out,
                               "computing " + Name + " = " + F.text() +
                                   " fails (" + E.what() + ")"));
    }
    // Like a size argument, from 0 to the kernels' type's largest value
    // (the compiler's analyses take every size to be >= 0); one the
    // kernels read only as a value has any value of their type.
    bool Long = M.DerivedLong.at(Name);
    int64_t Max = Long ? INT64_MAX : INT_MAX;
    int64_t Min = !D.ValueOnly ? 0 : Long ? INT64_MIN : INT_MIN;
    if (V > Max || V < Min)
      throw Error(ErrorKind::Usage,
                  invalidSizes(M, Out,
                               "the size " + Name + " = " + F.text() + " is " +
                      std::to_string(V) + ", " +
                      (V < 0 && !D.ValueOnly ? "negative"
                                             : "past the kernels' type") +
                      " (looptile takes every size to be from 0 to " +
                      std::to_string(Max) + ")"));
    Out[Name] = V;
  }
  if (Limits)
    if (std::string Why = sizeLimitProblem(M, Out); !Why.empty())
      throw Error(ErrorKind::Usage, Why);
  return Out;
}

Executor::Executor(const Manifest &M, const std::string &Source,
                   const DeviceRef &D, const Env &Tunables)
    : M(M), Dev(D), Tunables(Tunables) {
  for (const auto &[Name, Value] : Tunables)
    Options += (Options.empty() ? "" : " ") + ("-D" + Name + "=" +
                                               std::to_string(Value));
  try {
    cl_device_fp_config Fp = Dev.Device.getInfo<CL_DEVICE_SINGLE_FP_CONFIG>();
    CRDivideSqrt = (Fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0;
    Denormals = (Fp & CL_FP_DENORM) != 0;
  } catch (const cl::Error &E) {
    throwCLError("querying the floating-point support of " + Dev.describe(), E);
  }
  // Float division and sqrt as C computes them (correctly rounded) where
  // the device can; the comparison rule (Validate.h) accounts for devices
  // that cannot.
  if (CRDivideSqrt)
    Options += (Options.empty() ? "" : " ") +
               std::string("-cl-fp32-correctly-rounded-divide-sqrt");
  // Extra build options for experiments (docs/runtime.md), such as
  // NVIDIA's -cl-nv-maxrregcount=N: appended last, so they win.
  if (const char *Extra = std::getenv("LOOPTILE_CL_OPTIONS"); Extra && *Extra)
    Options += (Options.empty() ? "" : " ") + std::string(Extra);
  try {
    Context = cl::Context(Dev.Device);
    Queue = cl::CommandQueue(Context, Dev.Device, CL_QUEUE_PROFILING_ENABLE);
  } catch (const cl::Error &E) {
    throwCLError("creating a context on " + Dev.describe(), E);
  }
  try {
    Program = cl::Program(Context, Source);
    Program.build(std::vector<cl::Device>{Dev.Device}, Options.c_str());
    if (const char *Dir = std::getenv("LOOPTILE_PTX_DIRECTIVES"); Dir && *Dir) {
      std::vector<std::vector<unsigned char>> Bins =
          Program.getInfo<CL_PROGRAM_BINARIES>();
      std::string Ptx;
      for (unsigned char C : Bins.at(0))
        if (C)
          Ptx += static_cast<char>(C);
      if (Ptx.find(".entry") != std::string::npos) {
        for (size_t At = Ptx.find(".entry"); At != std::string::npos;
             At = Ptx.find(".entry", At + 1)) {
          size_t Brace = Ptx.find("\n{", At);
          if (Brace == std::string::npos)
            break;
          Ptx.insert(Brace + 1, std::string(Dir) + "\n");
        }
        cl::Program::Binaries B{
            std::vector<unsigned char>(Ptx.begin(), Ptx.end())};
        Program = cl::Program(Context, std::vector<cl::Device>{Dev.Device}, B);
        Program.build(std::vector<cl::Device>{Dev.Device}, Options.c_str());
      }
    }
  } catch (const cl::Error &E) {
    std::string Log;
    try {
      Log = Program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(Dev.Device);
    } catch (const cl::Error &) {
    }
    while (!Log.empty() && (Log.back() == '\n' || Log.back() == '\0'))
      Log.pop_back();
    throw Error(ErrorKind::OpenCL,
                "building " + M.Program + " for " + Dev.Name +
                    " failed (" + clErrorName(E.err()) + ", options '" +
                    Options + "'); build log:\n" +
                    (Log.empty() ? "(empty)" : Log));
  }
  for (const KernelLaunch &K : M.Kernels) {
    try {
      Kernels.emplace_back(Program, K.Name.c_str());
    } catch (const cl::Error &E) {
      throw Error(ErrorKind::OpenCL, "kernel '" + K.Name +
                                         "' named in " + M.Path +
                                         " is not in " + M.Program + " (" +
                                         clErrorName(E.err()) + ")");
    }
  }
}

// Generated kernels compute their work-group's place from get_group_id,
// which does not count the global offset a part of a split launch runs at
// (OpenCL 1.2, 3.5): on several devices every program is built with it
// counted, from built-ins that do count it (get_global_id) or do not
// depend on it, so that the definition holds whether an implementation's
// built-in is a function or a macro. get_num_groups then counts the
// work-groups up to the end of the part: the register-tiled kernel's
// launch order (bands of GM rows) maps a part's work-groups to the same
// tiles as the whole launch does when parts start and end at multiples
// of GM rows (its split "granule"), the last part ending where the whole
// launch does. With offset 0 (a whole launch) both are the built-ins'
// values.
static const char *const SplitPrelude =
    "#undef get_group_id\n"
    "#define get_group_id(d) ((get_global_id(d) - get_local_id(d)) / "
    "get_local_size(d))\n"
    "#undef get_num_groups\n"
    "#define get_num_groups(d) ((get_global_offset(d) + get_global_size(d)) "
    "/ get_local_size(d))\n";

Executor::Executor(const Manifest &M, const std::string &Source,
                   const std::vector<DeviceRef> &Devices, const Env &Tunables,
                   Ranks *R)
    : Executor(M,
               Devices.size() > 1 || (R && R->size() > 1)
                   ? SplitPrelude + Source
                   : Source,
               Devices.at(0), Tunables) {
  for (size_t I = 1; I < Devices.size(); ++I)
    Peers.push_back(std::make_unique<Executor>(M, SplitPrelude + Source,
                                               Devices[I], Tunables));
  if (R && R->size() > 1)
    Rk = R;
}

void Executor::agreeAcrossRanks() {
  if (!Rk)
    return;
  // Every rank must split alike: as many devices, the same tunables.
  Rk->agree("the number of devices per rank", std::to_string(localParts()));
  std::string T;
  for (const auto &[N, V] : Tunables)
    T += (T.empty() ? "" : ",") + N + "=" + std::to_string(V);
  Rk->agree("the tunables", T.empty() ? "(none)" : T);
}

std::vector<DeviceRef> Executor::devices() const {
  std::vector<DeviceRef> Out{Dev};
  for (const auto &P : Peers)
    Out.push_back(P->Dev);
  return Out;
}

std::vector<std::string> Executor::partNames() const {
  std::vector<std::string> Mine;
  for (const DeviceRef &D : devices())
    Mine.push_back(D.describe());
  if (!Rk)
    return Mine;
  std::string Joined;
  for (const std::string &N : Mine)
    Joined += N + "\n";
  std::vector<std::string> Out;
  std::vector<std::string> All = Rk->allGather(Joined);
  for (size_t R = 0; R < All.size(); ++R)
    for (size_t B = 0, E; (E = All[R].find('\n', B)) != std::string::npos;
         B = E + 1)
      Out.push_back("rank " + std::to_string(R) + ": " +
                    All[R].substr(B, E - B));
  return Out;
}

std::vector<int64_t> Executor::kernelWorkGroupLimits() const {
  std::vector<int64_t> Out;
  for (const cl::Kernel &K : Kernels) {
    try {
      Out.push_back(
          int64_t(K.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(Dev.Device)));
    } catch (const cl::Error &E) {
      throwCLError("querying CL_KERNEL_WORK_GROUP_SIZE", E);
    }
  }
  return Out;
}

static std::string dims(const std::vector<size_t> &V) {
  std::string S;
  for (size_t X : V)
    S += (S.empty() ? "" : " x ") + std::to_string(X);
  return S;
}

struct Executor::HostBacking {
  GuardedMemory Memory;
  int Handle = -1;
  cl::CommandQueue Queue; ///< finished before the memory is unmapped
  HostBacking(size_t Bytes, size_t Align, const std::string &Name,
              const std::string &Function, const cl::CommandQueue &Q)
      : Queue(Q) {
    Memory = mapGuarded(Bytes, /*Shared=*/false, Align, "buffer " + Name,
                        ErrorKind::OpenCL);
    std::string Msg = "a kernel of " + Function + "() accessed buffer " +
                      Name + " ";
    std::string Why =
        ": the manifest's shape gives it " + std::to_string(Bytes) +
        " bytes at these sizes, less than its kernels access (a manifest "
        "inconsistent with its kernels); nothing was validated";
    Handle = registerGuards(Memory, Msg + "past its end" + Why,
                            Msg + "before its start" + Why);
  }
  ~HostBacking() {
    try {
      Queue.finish(); // no command may still use the memory
    } catch (...) {
    }
    unregisterGuards(Handle);
    unmapGuarded(Memory);
  }
};

void Executor::prepare(const Env &Sizes) {
  Values = Sizes;
  for (const auto &[N, V] : Tunables)
    Values[N] = V;

  const size_t MaxAlloc = Dev.Device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
  const size_t BaseAlign =
      std::max<size_t>(Dev.Device.getInfo<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8,
                       1);
  // Every buffer is sized and checked before the first is allocated, so
  // a call refused for one buffer allocates nothing.
  auto size = [&](const std::string &Name, ElemType Ty,
                  const std::vector<Formula> &Shape) {
    BufferSlot New;
    New.Ty = Ty;
    New.Count = 1;
    for (const Formula &F : Shape) {
      int64_t E = F.evaluate(Values);
      if (E < 0)
        throw Error(ErrorKind::Manifest,
                    "buffer " + Name + ": extent \"" + F.text() +
                        "\" = " + std::to_string(E) + " is negative");
      New.Shape.push_back(E);
      if (__builtin_mul_overflow(New.Count, size_t(E), &New.Count))
        throw Error(ErrorKind::Usage, "buffer " + Name + " is too large");
    }
    // The kernels compute flat indices in 32-bit int (an in-bounds index
    // is below its buffer's element count): a buffer with more elements
    // would be addressed at wrapped indices. Refused before anything runs.
    if (New.Count > size_t(INT32_MAX))
      throw Error(ErrorKind::Usage,
                  "buffer " + Name + " has " + std::to_string(New.Count) +
                      " elements, more than the 2147483647 (2^31 - 1) that "
                      "the kernels' 32-bit indices address; looptile does "
                      "not support arrays this large yet");
    New.Bytes = New.Count * elemSize(Ty);
    size_t AllocBytes = New.Bytes ? New.Bytes : elemSize(Ty);
    if (AllocBytes > MaxAlloc)
      throw Error(ErrorKind::OpenCL,
                  "allocation failure: buffer " + Name + " needs " +
                      std::to_string(AllocBytes >> 20) + " MiB, more than " +
                      Dev.Name + "'s maximum allocation of " +
                      std::to_string(MaxAlloc >> 20) + " MiB");
    return New;
  };
  auto allocate = [&](const std::string &Name, BufferSlot New) {
    size_t AllocBytes = New.Bytes ? New.Bytes : elemSize(New.Ty);
    auto It = Buffers.find(Name);
    if (It != Buffers.end() && It->second.Bytes == New.Bytes) {
      It->second.Shape = New.Shape;
      return;
    }
    try {
      if (Dev.Type & CL_DEVICE_TYPE_CPU) {
        // The device's memory is this process's: a kernel that accesses
        // past a buffer (a manifest whose shapes are smaller than its
        // kernels' accesses) would corrupt the heap. The buffer is guarded
        // host memory that the device uses in place, so such an access is
        // an error naming the buffer (exit 1).
        New.Backing = std::make_shared<HostBacking>(
            AllocBytes, BaseAlign, Name, M.SourceFunction, Queue);
        New.Buf = cl::Buffer(Context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                             AllocBytes, New.Backing->Memory.Data);
      } else {
        New.Buf = cl::Buffer(Context, CL_MEM_READ_WRITE, AllocBytes);
      }
    } catch (const cl::Error &E) {
      throw Error(ErrorKind::OpenCL, "allocation failure: buffer " + Name +
                                         " (" + std::to_string(AllocBytes) +
                                         " bytes): " + clErrorName(E.err()));
    }
    Buffers[Name] = std::move(New);
  };
  std::vector<std::pair<std::string, BufferSlot>> Sized;
  for (const Argument &A : M.Arguments)
    if (A.K == Argument::Buffer)
      Sized.emplace_back(A.Name, size(A.Name, A.Ty, A.Shape));
  for (const Temporary &T : M.Temporaries)
    Sized.emplace_back(T.Name, size(T.Name, T.Ty, T.Shape));
  for (auto &[Name, Slot] : Sized)
    allocate(Name, std::move(Slot));

  // NDRanges, checked against the device and each kernel's limits; a
  // kernel whose NDRange depends on a host loop's variable is checked at
  // each of its launches.
  Launches.clear();
  MaxItemSizes = Dev.Device.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
  for (size_t KI = 0; KI < M.Kernels.size(); ++KI) {
    const KernelLaunch &K = M.Kernels[KI];
    Launch L;
    L.Kernel = Kernels[KI];
    L.KernelMax =
        L.Kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(Dev.Device);
    auto UsesHostVar = [&](const Formula &F) {
      for (const std::string &N : F.names())
        if (M.HostVars.count(N))
          return true;
      return false;
    };
    for (const Formula &F : K.Global)
      L.Deferred |= UsesHostVar(F);
    if (K.Local)
      for (const Formula &F : *K.Local)
        L.Deferred |= UsesHostVar(F);
    if (!L.Deferred)
      setRange(KI, Values, L);
    cl_ulong LocalUse =
        L.Kernel.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(Dev.Device);
    cl_ulong LocalMax = Dev.Device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
    if (LocalUse > LocalMax)
      throw Error(ErrorKind::OpenCL,
                  "kernel " + K.Name + " needs " + std::to_string(LocalUse) +
                      " bytes of local memory, more than " + Dev.Name + "'s " +
                      std::to_string(LocalMax) +
                      " (try a smaller tile with --set)");
    Launches.push_back(L);
  }
  Prepared = true;
  for (auto &P : Peers)
    P->prepare(Sizes);
  if (multi())
    prepareCoherence();
}

void Executor::setRange(size_t KI, const Env &Values, Launch &L) const {
  const KernelLaunch &K = M.Kernels[KI];
  const std::vector<size_t> &MaxItems = MaxItemSizes;
  L.Empty = false;
  std::vector<size_t> G, Lo;
  for (const Formula &F : K.Global) {
    int64_t V = F.evaluate(Values);
    if (V < 0)
      throw Error(ErrorKind::Manifest,
                  "kernel " + K.Name + ": global size \"" + F.text() +
                      "\" = " + std::to_string(V) + " is negative");
    // A global size of 0 is a loop that runs zero times at these sizes
    // (e.g. i from 2 to N - 1 with N = 1): the kernel is not launched.
    L.Empty |= V == 0;
    G.push_back(size_t(V));
  }
  // A kernel of int indices whose last work-groups form indices past its
  // loops' last ones: refused where those could pass INT_MAX and wrap to
  // indices a bounds test lets through (docs/manifest.md "index_ends").
  if (!L.Empty)
    for (const Formula &F : K.IndexEnds) {
      int64_t V = F.evaluate(Values);
      if (V > int64_t(INT_MAX) - IndexEndMargin)
        throw Error(ErrorKind::Usage,
                    "kernel " + K.Name + ": its loop's last index " +
                        F.text() + " = " + std::to_string(V) +
                        " is within " + std::to_string(IndexEndMargin) +
                        " of INT_MAX; the kernel computes its indices in "
                        "int, and the work-items of its last work-groups "
                        "would form indices past 2147483647 (refused; "
                        "declare the loop indices size_t or long for a "
                        "kernel that computes in long)");
    }
  if (K.Local) {
    size_t Product = 1;
    for (size_t D = 0; D < K.Local->size(); ++D) {
      const Formula &F = (*K.Local)[D];
      int64_t V = F.evaluate(Values);
      if (V <= 0)
        throw Error(ErrorKind::Manifest,
                    "kernel " + K.Name + ": local size \"" + F.text() +
                        "\" = " + std::to_string(V) + " is not positive");
      if (G[D] && G[D] % size_t(V) != 0)
        throw Error(
            ErrorKind::Manifest,
            "kernel " + K.Name + ": global size " + std::to_string(G[D]) +
                " (dimension " + std::to_string(D) +
                ") is not a multiple of the local size " + std::to_string(V) +
                " (OpenCL 1.2 requires it; use round_up)");
      if (D < MaxItems.size() && size_t(V) > MaxItems[D])
        throw Error(ErrorKind::OpenCL,
                    "kernel " + K.Name + ": local size " + std::to_string(V) +
                        " in dimension " + std::to_string(D) +
                        " exceeds the device's " + std::to_string(MaxItems[D]));
      Lo.push_back(size_t(V));
      Product *= size_t(V);
    }
    size_t KernelMax = L.KernelMax;
    if (Product > KernelMax)
      throw Error(ErrorKind::OpenCL,
                  "kernel " + K.Name + ": work-group " + dims(Lo) + " = " +
                      std::to_string(Product) + " work-items exceeds " +
                      std::to_string(KernelMax) + ", the most " + Dev.Name +
                      " allows for this kernel (try a smaller tile with "
                      "--set)");
  }
  auto range = [](const std::vector<size_t> &V) {
    return V.size() == 1   ? cl::NDRange(V[0])
           : V.size() == 2 ? cl::NDRange(V[0], V[1])
                           : cl::NDRange(V[0], V[1], V[2]);
  };
  for (size_t &X : G)
    X = X ? X : 1; // an empty launch is skipped; keep the range valid
  L.Global = range(G);
  if (K.Local) {
    L.Local = range(Lo);
    L.HasLocal = true;
  }
}

Executor::BufferSlot &Executor::slot(const std::string &Name) {
  auto It = Buffers.find(Name);
  if (!Prepared || It == Buffers.end())
    throw Error(ErrorKind::Usage, "internal: no buffer '" + Name + "'");
  return It->second;
}
const Executor::BufferSlot &Executor::slot(const std::string &Name) const {
  return const_cast<Executor *>(this)->slot(Name);
}

size_t Executor::elementCount(const std::string &Name) const {
  return slot(Name).Count;
}
std::vector<int64_t> Executor::shape(const std::string &Name) const {
  return slot(Name).Shape;
}

void Executor::write(const std::string &Name, const void *Host) {
  if (multi())
    return multiWrite(Name, Host);
  BufferSlot &S = slot(Name);
  if (!S.Bytes)
    return;
  try {
    Queue.enqueueWriteBuffer(S.Buf, CL_TRUE, 0, S.Bytes, Host);
    ++Uploads;
  } catch (const cl::Error &E) {
    throwCLError("writing buffer " + Name + " (" + std::to_string(S.Bytes) +
                     " bytes; an allocation failure shows here)",
                 E);
  }
}

void Executor::read(const std::string &Name, void *Host) {
  if (multi())
    return multiRead(Name, Host);
  BufferSlot &S = slot(Name);
  if (!S.Bytes)
    return;
  try {
    Queue.enqueueReadBuffer(S.Buf, CL_TRUE, 0, S.Bytes, Host);
    ++Downloads;
  } catch (const cl::Error &E) {
    throwCLError("reading buffer " + Name, E);
  }
}

void Executor::fillSentinel(const std::string &Name) {
  if (multi()) {
    for (auto &P : Peers)
      P->fillSentinel(Name);
    multiFilled(Name);
  }
  BufferSlot &S = slot(Name);
  if (!S.Bytes)
    return;
  try {
    size_t Size = elemSize(S.Ty);
    if (S.Ty == ElemType::Double)
      Queue.enqueueFillBuffer(S.Buf, DoubleSentinelBits, 0, S.Bytes);
    else if (S.Ty == ElemType::Float)
      Queue.enqueueFillBuffer(S.Buf, FloatSentinelBits, 0, S.Bytes);
    else if (Size == 1)
      Queue.enqueueFillBuffer(S.Buf, cl_uchar(0x7E), 0, S.Bytes);
    else if (Size == 2)
      Queue.enqueueFillBuffer(S.Buf, cl_ushort(0x7EAD), 0, S.Bytes);
    else if (Size == 8)
      Queue.enqueueFillBuffer(S.Buf, cl_ulong(0x7EADBEEF7EADBEEFull), 0,
                              S.Bytes);
    else
      Queue.enqueueFillBuffer(S.Buf, IntSentinel, 0, S.Bytes);
    Queue.finish();
  } catch (const cl::Error &E) {
    throwCLError("filling buffer " + Name + " with the sentinel", E);
  }
}

void Executor::setScalar(const std::string &Name, const ScalarValue &V) {
  Scalars[Name] = V;
  for (auto &P : Peers)
    P->setScalar(Name, V);
}

double Executor::launch() {
  if (!Prepared)
    throw Error(ErrorKind::Usage, "internal: launch() before prepare()");
  if (multi())
    return multiLaunch();
  // The host program: every launch is enqueued on the one in-order queue,
  // so it starts after the one before it has completed; the host waits only
  // at the end.
  std::vector<std::pair<size_t, cl::Event>> Events;
  Env E = Values;
  // On a CPU device the one work-group runs on one core while the launches
  // use them all, and PoCL 3.1's default work-group method miscompiles
  // some of these kernels (utils/fuzz/findings/pocl-work-group-loop.c):
  // the runtime's choice there is the launches.
  HostLoops Policy = hostLoopsPolicy();
  if (Policy == HostLoops::Auto && !(Dev.Type & CL_DEVICE_TYPE_GPU))
    Policy = HostLoops::Launches;
  runHostProgram(
      M.Host, E,
      [&](size_t Kernel, const Env &At) { enqueue(Kernel, At, Events); },
      [&](const HostStep &S, const Env &At) {
        return hostLoopInOneGroup(M, S, At, Policy);
      });
  double Ms = 0;
  KernelMs.assign(M.Kernels.size(), 0.0);
  KernelLaunches.assign(M.Kernels.size(), 0);
  try {
    Queue.finish();
    for (auto &[KI, Ev] : Events) {
      cl_ulong Start = Ev.getProfilingInfo<CL_PROFILING_COMMAND_START>();
      cl_ulong End = Ev.getProfilingInfo<CL_PROFILING_COMMAND_END>();
      double T = double(End - Start) * 1e-6;
      Ms += T;
      KernelMs[KI] += T;
      ++KernelLaunches[KI];
    }
  } catch (const cl::Error &Err) {
    throwCLError("running the kernels", Err);
  }
  return Ms;
}

void Executor::enqueue(size_t KI, const Env &E,
                       std::vector<std::pair<size_t, cl::Event>> &Events) {
  const KernelLaunch &K = M.Kernels[KI];
  Launch &L = Launches[KI];
  if (L.Deferred)
    setRange(KI, E, L);
  if (L.Empty)
    return;
  setArgs(KI, E);
  Events.emplace_back(KI, cl::Event());
  try {
    Queue.enqueueNDRangeKernel(L.Kernel, cl::NullRange, L.Global,
                               L.HasLocal ? L.Local : cl::NullRange, nullptr,
                               &Events.back().second);
  } catch (const cl::Error &Err) {
    throwCLError("launching kernel " + K.Name, Err);
  }
}

void Executor::setArgs(size_t KI, const Env &E) {
  const KernelLaunch &K = M.Kernels[KI];
  Launch &L = Launches[KI];
  for (size_t AI = 0; AI < K.Args.size(); ++AI) {
    const std::string &N = K.Args[AI];
    try {
      const Argument *A = M.findArgument(N);
      // A host loop's variable or a derived size: int or long.
      std::optional<bool> NotArgLong;
      if (auto H = M.HostVars.find(N); H != M.HostVars.end())
        NotArgLong = H->second;
      else if (auto D = M.DerivedLong.find(N); D != M.DerivedLong.end())
        NotArgLong = D->second;
      if (!A && NotArgLong) {
        if (*NotArgLong) {
          cl_long V = cl_long(E.at(N));
          L.Kernel.setArg(cl_uint(AI), V);
        } else {
          cl_int V = cl_int(E.at(N));
          L.Kernel.setArg(cl_uint(AI), V);
        }
      } else if (!A || A->K == Argument::Buffer) {
        L.Kernel.setArg(cl_uint(AI), slot(N).Buf);
      } else if (A->K == Argument::Size && A->KernelLong) {
        cl_long V = cl_long(E.at(N));
        L.Kernel.setArg(cl_uint(AI), V);
      } else if (A->K == Argument::Size) {
        cl_int V = cl_int(E.at(N));
        L.Kernel.setArg(cl_uint(AI), V);
      } else {
        auto It = Scalars.find(N);
        if (It == Scalars.end())
          throw Error(ErrorKind::Usage, "internal: scalar " + N + " unset");
        L.Kernel.setArg(cl_uint(AI), elemSize(A->Ty), It->second.data());
      }
    } catch (const cl::Error &Err) {
      throwCLError("kernel " + K.Name + " argument " + std::to_string(AI) +
                       " ('" + N + "')",
                   Err);
    }
  }
}

} // namespace looptile::rt
