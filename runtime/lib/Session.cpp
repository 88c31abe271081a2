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
  std::unique_ptr<SettingResolver> Resolver;
  std::map<Env, std::unique_ptr<Executor>> Builds;   // by tunables
  std::map<Env, TunableSetting> BySizes;             // the choice per sizes
  TunableSetting Last;
  bool Verbose = false;
  std::string CacheProblem;
  mutable std::mutex Lock;
  double LastMs = 0;
  Session::Traffic LastTraffic;

  Executor &build(const Env &Tunables) {
    std::unique_ptr<Executor> &X = Builds[Tunables];
    if (!X) {
      try {
        X = std::make_unique<Executor>(M, Program, Dev, Tunables);
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
  P->Dev = selectDevice(Opts.Device);
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

void Session::run(const std::vector<HostArg> &Args) {
  std::lock_guard<std::mutex> Guard(P->Lock);
  const Manifest &M = P->M;
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
  auto Known = P->BySizes.find(Sizes);
  if (Known != P->BySizes.end()) {
    XP = &P->build(Known->second.Values);
    XP->prepare(Sizes);
    P->Last = Known->second;
  } else {
    std::vector<TunableSetting> Settings = P->Resolver->settingsFor(Sizes);
    size_t I = pickSetting(Settings, [&](TunableSetting &S) {
      XP =
          &buildFitted(M, Sizes, P->Resolver->limits(), S,
                       [&](const Env &V) -> Executor & { return P->build(V); });
    });
    P->Last = Settings[I];
    P->BySizes[Sizes] = Settings[I];
    // A shrunk work-group is always reported (a drop-in replacement should
    // not change how the program runs without saying so).
    for (const std::string &N : Settings[I].Fits)
      std::cerr << "looptile: note: " << N << "\n";
    if (P->Verbose) {
      std::string Text;
      for (const std::string &N : M.sizeNames())
        Text += (Text.empty() ? "" : " ") + N + "=" +
                std::to_string(Sizes.at(N));
      std::cerr << "looptile: " << M.SourceFunction << "(" << Text
                << "): " << Settings[I].describe(M) << "\n";
      for (const std::string &N : Settings[I].Notes)
        std::cerr << "looptile: note: " << N << "\n";
    }
  }
  Executor &X = *XP;
  const size_t Up0 = X.uploads(), Down0 = X.downloads();
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
  P->LastMs = X.launch();
  for (size_t I = 0; I < Args.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (A.K == Argument::Buffer && A.Acc != Access::In)
      X.read(A.Name, Args[I].Data);
  }
  P->LastTraffic.Uploads = X.uploads() - Up0;
  P->LastTraffic.Downloads = X.downloads() - Down0;
  P->LastTraffic.Launches = 0;
  for (size_t N : X.kernelLaunches())
    P->LastTraffic.Launches += N;
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
