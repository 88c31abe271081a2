//===- TuneCache.cpp - The per-device tuning cache file -------------------===//
//
// Owns reading, checking, merging and atomically writing the tuning cache
// (see TuneCache.h). The format, one entry per line:
//
//   {"looptile_tuning_cache": 1, "entries": [
//     {"platform": P, "device": D, "driver": V, "program_hash": H,
//      "sizes": {"M": 512, ...}, "tunables": {"TS": 16, ...},
//      "function": F, "program": FILE, "median_ms": T, "default_ms": T0,
//      "candidates": N, "tuned": "2026-11-22T10:00:00Z"}, ...]}
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/TuneCache.h"
#include "looptile/Runtime/Device.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Files.h"
#include "looptile/Runtime/Hash.h"
#include "looptile/Runtime/Json.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace looptile::rt {

std::string programHash(const Manifest &M, const std::string &ProgramText) {
  uint64_t H = fnv1a(FnvOffsetBasis, ProgramText);
  std::string Rules = "\n--tunables--\n";
  for (const Tunable &T : M.Tunables) {
    Rules += T.Name + " " + std::to_string(T.Default) + " " +
             (T.Min ? std::to_string(*T.Min) : "-") + " " +
             (T.Max ? std::to_string(*T.Max) : "-") + " " + T.MultipleOf + " [";
    for (int64_t V : T.Values)
      Rules += std::to_string(V) + ",";
    Rules += "]\n";
  }
  return hashHex(fnv1a(H, Rules));
}

TuneCacheKey makeTuneCacheKey(const DeviceRef &D, const Manifest &M,
                              const std::string &ProgramText,
                              const Env &Sizes) {
  TuneCacheKey K;
  K.Platform = D.PlatformName;
  K.Device = D.Name;
  K.Driver = D.DriverVersion;
  K.ProgramHash = programHash(M, ProgramText);
  for (const std::string &S : M.sizeNames()) {
    auto It = Sizes.find(S);
    if (It != Sizes.end())
      K.Sizes[S] = It->second;
  }
  return K;
}

std::string defaultTuneCachePath() {
  if (const char *P = std::getenv("LOOPTILE_TUNE_CACHE"); P && *P)
    return P;
  if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X)
    return std::string(X) + "/looptile/tuning.json";
  if (const char *H = std::getenv("HOME"); H && *H)
    return std::string(H) + "/.cache/looptile/tuning.json";
  return "";
}

std::string utcNow() {
  std::time_t T = std::time(nullptr);
  std::tm U{};
  gmtime_r(&T, &U);
  char Buf[32];
  std::strftime(Buf, sizeof Buf, "%Y-%m-%dT%H:%M:%SZ", &U);
  return Buf;
}

namespace {

/// Thrown inside parse() for a structural problem; becomes problem().
struct Corrupt {
  std::string Why;
};

const json::Value &member(const json::Value &O, const char *Key,
                          json::Value::Type T, const std::string &Where) {
  const json::Value *V = O.get(Key);
  if (!V)
    throw Corrupt{Where + ": missing \"" + Key + "\""};
  if (V->type() != T)
    throw Corrupt{Where + "." + Key + ": expected " + json::Value::typeName(T) +
                  ", got " + json::Value::typeName(V->type())};
  return *V;
}

Env integers(const json::Value &O, const std::string &Where) {
  Env E;
  for (const auto &[N, V] : O.members()) {
    if (!V.isInteger() || std::fabs(V.asNumber()) > 9.0e15)
      throw Corrupt{Where + "." + N + ": expected an integer"};
    E[N] = int64_t(V.asNumber());
  }
  return E;
}

std::string optString(const json::Value &O, const char *Key) {
  const json::Value *V = O.get(Key);
  return V && V->isString() ? V->asString() : "";
}
double optNumber(const json::Value &O, const char *Key) {
  const json::Value *V = O.get(Key);
  return V && V->isNumber() ? V->asNumber() : 0;
}

std::string number(double V) {
  if (!std::isfinite(V))
    return "0";
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "%.6g", V);
  return Buf;
}

std::string envJson(const Env &E) {
  std::string S = "{";
  for (const auto &[N, V] : E)
    S += (S.size() > 1 ? ", " : "") + json::quote(N) + ": " + std::to_string(V);
  return S + "}";
}

} // namespace

TuneCache TuneCache::parse(const std::string &Text, const std::string &Origin) {
  using T = json::Value::Type;
  TuneCache C;
  C.Exists = true;
  try {
    json::Value Root = json::parse(Text, Origin);
    if (!Root.isObject())
      throw Corrupt{"top level: expected an object"};
    const json::Value &Version =
        member(Root, "looptile_tuning_cache", T::Number, "top level");
    if (!Version.isInteger() || Version.asNumber() != 1)
      throw Corrupt{"looptile_tuning_cache: unsupported version (this "
                    "runtime reads 1)"};
    const json::Value &Entries = member(Root, "entries", T::Array, "top level");
    for (size_t I = 0; I < Entries.elements().size(); ++I) {
      std::string W = "entries[" + std::to_string(I) + "]";
      const json::Value &V = Entries.elements()[I];
      if (!V.isObject())
        throw Corrupt{W + ": expected an object"};
      TuneCacheEntry E;
      E.Key.Platform = member(V, "platform", T::String, W).asString();
      E.Key.Device = member(V, "device", T::String, W).asString();
      E.Key.Driver = member(V, "driver", T::String, W).asString();
      E.Key.ProgramHash = member(V, "program_hash", T::String, W).asString();
      E.Key.Sizes = integers(member(V, "sizes", T::Object, W), W + ".sizes");
      E.Tunables =
          integers(member(V, "tunables", T::Object, W), W + ".tunables");
      E.Function = optString(V, "function");
      E.Program = optString(V, "program");
      E.MedianMs = optNumber(V, "median_ms");
      E.DefaultMs = optNumber(V, "default_ms");
      E.Candidates = int64_t(optNumber(V, "candidates"));
      E.Tuned = optString(V, "tuned");
      C.put(E);
    }
  } catch (const Corrupt &Bad) {
    C.Entries.clear();
    C.Problem = Origin + ": " + Bad.Why;
  } catch (const Error &E) {
    // The JSON reader names the file, the line and the column.
    C.Entries.clear();
    C.Problem = E.what();
  }
  return C;
}

TuneCache TuneCache::load(const std::string &Path) {
  TuneCache C;
  if (access(Path.c_str(), F_OK) != 0 && errno == ENOENT)
    return C;
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    C.Exists = true;
    C.Problem = "cannot read '" + Path + "'";
    return C;
  }
  std::ostringstream SS;
  SS << In.rdbuf();
  return parse(SS.str(), Path);
}

const TuneCacheEntry *TuneCache::find(const TuneCacheKey &K) const {
  for (const TuneCacheEntry &E : Entries)
    if (E.Key == K)
      return &E;
  return nullptr;
}

void TuneCache::put(const TuneCacheEntry &E) {
  for (TuneCacheEntry &Old : Entries)
    if (Old.Key == E.Key) {
      Old = E;
      return;
    }
  Entries.push_back(E);
}

std::string TuneCache::serialize() const {
  using json::quote;
  std::string S = "{\"looptile_tuning_cache\": 1, \"entries\": [";
  for (size_t I = 0; I < Entries.size(); ++I) {
    const TuneCacheEntry &E = Entries[I];
    S += std::string(I ? "," : "") +
         "\n  {\"platform\": " + quote(E.Key.Platform) +
         ", \"device\": " + quote(E.Key.Device) +
         ", \"driver\": " + quote(E.Key.Driver) +
         ", \"program_hash\": " + quote(E.Key.ProgramHash) +
         ", \"sizes\": " + envJson(E.Key.Sizes) +
         ", \"tunables\": " + envJson(E.Tunables) +
         ", \"function\": " + quote(E.Function) +
         ", \"program\": " + quote(E.Program) +
         ", \"median_ms\": " + number(E.MedianMs) +
         ", \"default_ms\": " + number(E.DefaultMs) +
         ", \"candidates\": " + std::to_string(E.Candidates) +
         ", \"tuned\": " + quote(E.Tuned) + "}";
  }
  return S + "\n]}\n";
}

std::vector<std::string> TuneCache::store(const std::string &Path,
                                          const TuneCacheEntry &E) {
  std::vector<std::string> Warnings;
  std::string Dir = parentDir(Path);
  if (!Dir.empty() && !makeDirs(Dir))
    throw Error(ErrorKind::Output, "cannot create the tuning cache folder '" +
                                       Dir + "': " + std::strerror(errno));
  // The read-modify-write runs under an exclusive lock on Path + ".lock",
  // so that concurrent stores (eight --tune runs into one cache) each add
  // their entry to what the one before them wrote; without it each wrote
  // the file it had read plus its own entry, and the last one won. Readers
  // take no lock: the file is replaced by a rename, so they see the old or
  // the new one, whole.
  std::string LockPath = Path + ".lock";
  int Fd = open(LockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (Fd < 0)
    throw Error(ErrorKind::Output, "cannot open the tuning cache's lock file '" +
                                       LockPath + "': " + std::strerror(errno));
  struct Unlock {
    int Fd;
    ~Unlock() { close(Fd); } // releases the lock
  } Guard{Fd};
  while (flock(Fd, LOCK_EX) != 0)
    if (errno != EINTR)
      throw Error(ErrorKind::Output, "cannot lock the tuning cache ('" +
                                         LockPath +
                                         "'): " + std::strerror(errno));
  TuneCache C = load(Path);
  if (!C.problem().empty()) {
    std::string Aside = Path + ".corrupt";
    if (std::rename(Path.c_str(), Aside.c_str()) != 0)
      throw Error(ErrorKind::Output,
                  "the tuning cache is unusable (" + C.problem() +
                      ") and cannot be moved aside: " + std::strerror(errno));
    Warnings.push_back("the tuning cache was corrupt (" + C.problem() +
                       "); moved it to '" + Aside + "' and started a new one");
    C = TuneCache();
  }
  C.put(E);
  std::string Why = writeFileAtomically(Path, C.serialize());
  if (!Why.empty())
    throw Error(ErrorKind::Output, "cannot write the tuning cache: " + Why);
  return Warnings;
}

} // namespace looptile::rt
