//===- Session.cpp - Build once, run on host arrays -----------------------===//
//
// Owns Session (see Session.h): argument checking against the manifest,
// the choice of the tunables per sizes (SettingResolver, once per distinct
// sizes), one Executor per distinct setting, and the copy-in / launch /
// copy-out sequence.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Session.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Executor.h"
#include "looptile/Runtime/Setting.h"

#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>

namespace looptile::rt {

struct Session::Impl {
  Manifest M;
  std::string Program;
  DeviceRef Dev;
  /// Every device a build uses (Dev first).
  std::vector<DeviceRef> Devs;
  /// Several ranks (SessionOptions::Processes), else null.
  Ranks *Processes = nullptr;
  std::unique_ptr<SettingResolver> Resolver;
  std::map<Env, std::unique_ptr<Executor>> Builds;   // by tunables
  std::map<Env, TunableSetting> BySizes;             // the choice per sizes
  TunableSetting Last;
  bool Verbose = false;
  std::string CacheProblem;
  mutable std::mutex Lock;
  double LastMs = 0;
  Session::Traffic LastTraffic;
  /// The executor and the arrays of the last upload(), while its data is
  /// on the device (null before an upload and after a failed step).
  Executor *Bound = nullptr;
  std::vector<HostArg> BoundArgs;

  Executor &choose(const std::vector<HostArg> &Args);
  void upload(const std::vector<HostArg> &Args);
  void checkOverlap(const std::vector<HostArg> &Args, const Executor &X) const;
  void runBound(int64_t Times);
  void download(void *Returned);

  /// Throws for a null pointer passed for argument I, unless its buffer
  /// has no element at these sizes.
  void nullArray(size_t I, const Executor &X) const {
    const Argument &A = M.Arguments[I];
    if (X.elementCount(A.Name) == 0)
      return;
    if (A.Returned)
      throw Error(ErrorKind::Usage,
                  M.SourceFunction +
                      ": the destination of the returned value is a null "
                      "pointer");
    throw Error(ErrorKind::Usage, M.SourceFunction + ": argument " +
                                      std::to_string(I) + " (" + A.Name +
                                      ") is a null pointer");
  }

  Executor &build(const Env &Tunables) {
    std::unique_ptr<Executor> &X = Builds[Tunables];
    if (!X) {
      try {
        X = std::make_unique<Executor>(M, Program, Devs, Tunables,
                                       Processes);
      } catch (...) {
        Builds.erase(Tunables);
        throw;
      }
    }
    return *X;
  }
};

Session::Session(const std::string &ManifestText,
                 const std::string &ProgramSource, const SessionOptions &Opts)
    : P(std::make_unique<Impl>()) {
  P->M = Manifest::parse(ManifestText, "<embedded manifest>", "");
  P->Program = ProgramSource;
  P->Verbose = Opts.Verbose;
  checkOverrides(P->M, Opts.Tunables);
  std::string Several = Opts.Devices, Origin = "the session's devices";
  if (Several.empty() && Opts.Device.empty())
    if (const char *Env = std::getenv("LOOPTILE_DEVICES"); Env && *Env) {
      Several = Env;
      Origin = "LOOPTILE_DEVICES";
    }
  if (!Several.empty())
    P->Devs = selectDevices(Several, Origin);
  P->Processes = Opts.Processes && Opts.Processes->size() > 1
                     ? Opts.Processes
                     : nullptr;
  P->Dev = P->Devs.empty()
               ? selectDevice(Opts.Device, P->Processes
                                               ? size_t(P->Processes->localRank())
                                               : 0)
               : P->Devs[0];
  if (P->Devs.empty())
    P->Devs.push_back(P->Dev);
  P->Resolver = std::make_unique<SettingResolver>(
      P->M, P->Program, P->Dev, Opts.Tunables,
      TuneCacheOptions{Opts.UseTuneCache, Opts.TuneCachePath});
  P->CacheProblem = P->Resolver->cacheProblem();
  if (!P->CacheProblem.empty())
    std::cerr << "looptile: warning: ignoring the tuning cache: "
              << P->CacheProblem << "\n";
}

Session::~Session() = default;

bool SessionOptions::verboseFromEnvironment() {
  const char *V = std::getenv("LOOPTILE_VERBOSE");
  return V && *V && std::string(V) != "0";
}

static const char *kindName(HostArg::Kind K) {
  switch (K) {
  case HostArg::Size: return "a size";
  case HostArg::In: return "an in buffer";
  case HostArg::Out: return "an out buffer";
  case HostArg::InOut: return "an inout buffer";
  case HostArg::Float: return "a float scalar";
  case HostArg::Double: return "a double scalar";
  case HostArg::Int: return "an int scalar";
  }
  return "?";
}

// Several ranks: an error on one rank ends every rank (the others would
// wait for its rows forever), printed by the rank that found it.
template <class Fn> static void onEveryRank(Ranks *Processes, Fn &&F) {
  if (!Processes)
    return F();
  Failure Why;
  try {
    return F();
  } catch (const std::exception &) {
    Why = currentFailure();
  }
  std::cerr << "looptile: rank " << Processes->rank()
            << ": error: " << Why.Message << "\n";
  std::cerr.flush();
  Processes->abort(Why.Status);
}

void Session::run(const std::vector<HostArg> &Args) {
  std::lock_guard<std::mutex> Guard(P->Lock);
  // The three phases on the caller's arrays; nothing stays bound after.
  struct Unbind {
    Impl &I;
    ~Unbind() { I.Bound = nullptr; }
  } U{*P};
  onEveryRank(P->Processes, [&] {
    P->upload(Args);
    P->runBound(1);
    P->download(nullptr);
  });
}

void Session::upload(const std::vector<HostArg> &Args) {
  std::lock_guard<std::mutex> Guard(P->Lock);
  onEveryRank(P->Processes, [&] { P->upload(Args); });
}

void Session::runUploaded(int64_t Times) {
  std::lock_guard<std::mutex> Guard(P->Lock);
  onEveryRank(P->Processes, [&] { P->runBound(Times); });
}

void Session::download(void *Returned) {
  std::lock_guard<std::mutex> Guard(P->Lock);
  onEveryRank(P->Processes, [&] { P->download(Returned); });
}

Executor &Session::Impl::choose(const std::vector<HostArg> &Args) {
  if (Args.size() != M.Arguments.size())
    throw Error(ErrorKind::Usage,
                M.SourceFunction + ": expected " +
                    std::to_string(M.Arguments.size()) + " arguments, got " +
                    std::to_string(Args.size()));
  Env Sizes;
  for (size_t I = 0; I < Args.size(); ++I) {
    const Argument &A = M.Arguments[I];
    const HostArg &H = Args[I];
    bool Ok = false;
    switch (A.K) {
    case Argument::Size:
      Ok = H.K == HostArg::Size;
      break;
    case Argument::Buffer:
      Ok = (A.Acc == Access::In && (H.K == HostArg::In || H.K == HostArg::InOut)) ||
           (A.Acc == Access::Out && (H.K == HostArg::Out || H.K == HostArg::InOut)) ||
           (A.Acc == Access::InOut && H.K == HostArg::InOut);
      break;
    case Argument::Scalar:
      Ok = (A.Ty == ElemType::Float && H.K == HostArg::Float) ||
           (A.Ty == ElemType::Double && H.K == HostArg::Double) ||
           (isIntegerType(A.Ty) && H.K == HostArg::Int);
      break;
    }
    if (!Ok)
      throw Error(ErrorKind::Usage, M.SourceFunction + ": argument " +
                                        std::to_string(I) + " (" + A.Name +
                                        ") was passed as " + kindName(H.K));
    if (A.K == Argument::Size)
      Sizes[A.Name] = H.SizeValue;
  }
  Sizes = checkSizes(M, Sizes);
  Executor *XP = nullptr;
  auto Known = BySizes.find(Sizes);
  if (Known != BySizes.end()) {
    XP = &build(Known->second.Values);
    XP->prepare(Sizes);
    Last = Known->second;
    return *XP;
  }
  std::vector<TunableSetting> Settings = Resolver->settingsFor(Sizes);
  size_t I = pickSetting(Settings, [&](TunableSetting &S) {
    XP = &buildFitted(M, Sizes, Resolver->limits(), S,
                      [&](const Env &V) -> Executor & { return build(V); });
  });
  XP->agreeAcrossRanks();
  Last = Settings[I];
  BySizes[Sizes] = Settings[I];
  // A shrunk work-group is always reported (a drop-in replacement should
  // not change how the program runs without saying so).
  for (const std::string &N : Settings[I].Fits)
    std::cerr << "looptile: note: " << N << "\n";
  if (Verbose) {
    std::string Text;
    for (const std::string &N : M.sizeNames())
      Text += (Text.empty() ? "" : " ") + N + "=" + std::to_string(Sizes.at(N));
    std::cerr << "looptile: " << M.SourceFunction << "(" << Text
              << "): " << Settings[I].describe(M) << "\n";
    for (const std::string &N : Settings[I].Notes)
      std::cerr << "looptile: note: " << N << "\n";
    if (Devs.size() > 1) {
      std::cerr << "looptile: " << M.SourceFunction << ": " << Devs.size()
                << " devices:";
      for (const DeviceRef &D : Devs)
        std::cerr << " " << D.PlatformIndex << ":" << D.DeviceIndex;
      std::cerr << "\n";
      // (Several devices run a host loop's launches, never its kernel of
      // one work-group.)
      for (size_t KI = 0; KI < M.Kernels.size(); ++KI)
        if (const KernelLaunch &K = M.Kernels[KI];
            !K.Split && !M.WorkGroupLoopKernels.count(KI))
          std::cerr << "looptile: note: kernel " << K.Name
                    << " runs on one device: "
                    << (K.NoSplit.empty() ? "its manifest has no split"
                                          : K.NoSplit)
                    << "\n";
    }
  }
  return *XP;
}

// The kernels work on device buffers of their own, one per array, copied
// from the caller's arrays and back: two arrays that overlap in memory, one
// of them written, would not see each other's writes as the C function
// does (the compiler assumed distinct arrays, docs/runtime.md). Such a call
// is refused before anything is copied; arrays that are only read may
// overlap.
void Session::Impl::checkOverlap(const std::vector<HostArg> &Args,
                                 const Executor &X) const {
  struct Range {
    size_t Arg;
    uintptr_t Begin, End;
  };
  std::vector<Range> Ranges;
  for (size_t I = 0; I < Args.size(); ++I) {
    const Argument &A = M.Arguments[I];
    const HostArg &H = Args[I];
    if (A.K != Argument::Buffer)
      continue;
    const void *P = H.K == HostArg::In ? H.Const : H.Data;
    size_t Bytes = X.elementCount(A.Name) * elemSize(A.Ty);
    if (P && Bytes)
      Ranges.push_back({I, uintptr_t(P), uintptr_t(P) + Bytes});
  }
  for (size_t I = 0; I < Ranges.size(); ++I)
    for (size_t J = I + 1; J < Ranges.size(); ++J) {
      const Argument &A = M.Arguments[Ranges[I].Arg];
      const Argument &B = M.Arguments[Ranges[J].Arg];
      if (A.Acc == Access::In && B.Acc == Access::In)
        continue;
      if (Ranges[I].Begin >= Ranges[J].End || Ranges[J].Begin >= Ranges[I].End)
        continue;
      const Argument &W = A.Acc != Access::In ? A : B;
      throw Error(ErrorKind::Usage,
                  M.SourceFunction + ": arguments " +
                      std::to_string(Ranges[I].Arg) + " (" + A.Name +
                      ") and " + std::to_string(Ranges[J].Arg) + " (" +
                      B.Name + ") overlap in memory and " + W.Name +
                      " is written; the kernels copy each array to a "
                      "buffer of its own and cannot reproduce the C "
                      "function's result: pass arrays that do not overlap, "
                      "or call the original C function");
    }
}

void Session::Impl::upload(const std::vector<HostArg> &Args) {
  // A failed upload leaves nothing bound: the device buffers may hold part
  // of the new data.
  Bound = nullptr;
  Executor &X = choose(Args);
  for (size_t I = 0; I < Args.size(); ++I) {
    const Argument &A = M.Arguments[I];
    const HostArg &H = Args[I];
    if (A.K == Argument::Buffer && A.Acc != Access::Out &&
        !(H.K == HostArg::In ? H.Const : H.Data))
      nullArray(I, X);
  }
  checkOverlap(Args, X);
  const size_t Up0 = X.uploads();
  for (size_t I = 0; I < Args.size(); ++I) {
    const Argument &A = M.Arguments[I];
    const HostArg &H = Args[I];
    if (A.K == Argument::Scalar) {
      ScalarValue V;
      V.Ty = A.Ty;
      V.F = H.F;
      V.D = H.D;
      V.I = H.I;
      X.setScalar(A.Name, V);
    } else if (A.K == Argument::Buffer && A.Acc != Access::Out) {
      X.write(A.Name, H.K == HostArg::In ? H.Const : H.Data);
    }
  }
  LastTraffic = Session::Traffic();
  LastTraffic.Uploads = X.uploads() - Up0;
  LastMs = 0;
  Bound = &X;
  BoundArgs = Args;
}

void Session::Impl::runBound(int64_t Times) {
  if (!Bound)
    throw Error(ErrorKind::Usage,
                M.SourceFunction +
                    ": run before upload (or after a failed upload or run)");
  if (Times < 0)
    throw Error(ErrorKind::Usage, M.SourceFunction + ": cannot run " +
                                      std::to_string(Times) + " times");
  Executor &X = *Bound;
  // A failed launch leaves the device buffers in an unknown state.
  Bound = nullptr;
  for (int64_t T = 0; T < Times; ++T) {
    LastMs += X.launch();
    for (size_t N : X.kernelLaunches())
      LastTraffic.Launches += N;
  }
  Bound = &X;
}

void Session::Impl::download(void *Returned) {
  if (!Bound)
    throw Error(ErrorKind::Usage,
                M.SourceFunction +
                    ": download before upload (or after a failed upload or "
                    "run)");
  Executor &X = *Bound;
  // Every destination is checked before the first copy.
  for (size_t I = 0; I < BoundArgs.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (A.K == Argument::Buffer && A.Acc != Access::In &&
        !(A.Returned && Returned ? Returned : BoundArgs[I].Data))
      nullArray(I, X);
  }
  const size_t Down0 = X.downloads();
  try {
    for (size_t I = 0; I < BoundArgs.size(); ++I) {
      const Argument &A = M.Arguments[I];
      if (A.K == Argument::Buffer && A.Acc != Access::In)
        X.read(A.Name, A.Returned && Returned ? Returned : BoundArgs[I].Data);
    }
  } catch (const Error &E) {
    throw Error(E.kind(),
                std::string(E.what()) +
                    " (copying the results back failed: the arrays the "
                    "function writes may be partly written)");
  }
  LastTraffic.Downloads += X.downloads() - Down0;
}

Session::Traffic Session::lastTraffic() const { return P->LastTraffic; }

double Session::lastKernelMs() const { return P->LastMs; }

std::string Session::deviceDescription() const { return P->Dev.describe(); }

std::string Session::lastSetting() const {
  std::lock_guard<std::mutex> Guard(P->Lock);
  return P->Last.describe(P->M);
}

Env Session::lastTunables() const {
  std::lock_guard<std::mutex> Guard(P->Lock);
  return P->Last.Values;
}

size_t Session::buildCount() const {
  std::lock_guard<std::mutex> Guard(P->Lock);
  return P->Builds.size();
}

std::string Session::tuneCacheProblem() const { return P->CacheProblem; }

} // namespace looptile::rt
