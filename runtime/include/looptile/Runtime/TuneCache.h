//===- TuneCache.h - The per-device tuning cache file -----------*- C++ -*-===//
//
// Owns the file where `looptile-run --tune` keeps the fastest valid setting
// of the tunables and from which later runs and the host glue read it
// (docs/runtime.md, "The tuning cache"). An entry is keyed by the device
// (platform name, device name, driver version), a hash of the program text
// and the manifest's tunables, and the exact size values. The file is JSON,
// replaced atomically on every store; a corrupt file is reported, never
// trusted and never a crash.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_TUNECACHE_H
#define LOOPTILE_RUNTIME_TUNECACHE_H

#include "looptile/Runtime/Manifest.h"

#include <string>
#include <vector>

namespace looptile::rt {

struct DeviceRef;

struct TuneCacheKey {
  std::string Platform, Device, Driver;
  std::string ProgramHash; // 16 hex digits
  Env Sizes;
  bool operator==(const TuneCacheKey &O) const {
    return Platform == O.Platform && Device == O.Device && Driver == O.Driver &&
           ProgramHash == O.ProgramHash && Sizes == O.Sizes;
  }
};

struct TuneCacheEntry {
  TuneCacheKey Key;
  std::string Function; // for people reading the file
  std::string Program;
  Env Tunables;
  double MedianMs = 0;  // of the stored setting
  double DefaultMs = 0; // of the shape-based default (0: not measured)
  int64_t Candidates = 0;
  std::string Tuned; // UTC date and time, ISO 8601
};

/// FNV-1a of the program text and of the manifest's tunables (names,
/// defaults, min, max, multiple_of, values): a new program or new tunable
/// rules never reuse an old entry.
std::string programHash(const Manifest &M, const std::string &ProgramText);

TuneCacheKey makeTuneCacheKey(const DeviceRef &D, const Manifest &M,
                              const std::string &ProgramText, const Env &Sizes);

/// $LOOPTILE_TUNE_CACHE, else $XDG_CACHE_HOME/looptile/tuning.json, else
/// $HOME/.cache/looptile/tuning.json; "" when none of these is set.
std::string defaultTuneCachePath();

class TuneCache {
public:
  /// Reads Path. A missing file is an empty cache; an unreadable or corrupt
  /// one is empty with problem() saying why.
  static TuneCache load(const std::string &Path);
  /// Parses Text (Origin names it in problems).
  static TuneCache parse(const std::string &Text, const std::string &Origin);

  const TuneCacheEntry *find(const TuneCacheKey &K) const;
  /// Adds E, replacing an entry with the same key.
  void put(const TuneCacheEntry &E);
  std::string serialize() const;

  /// Under an exclusive lock (flock on Path + ".lock"), re-reads Path,
  /// adds E and replaces the file atomically (a temporary file renamed
  /// over it), so concurrent stores of different keys are all kept and
  /// readers see a whole file. A corrupt
  /// file is first moved to Path + ".corrupt". Returns warnings to show;
  /// throws Error(ErrorKind::Usage) when the file cannot be written.
  static std::vector<std::string> store(const std::string &Path,
                                        const TuneCacheEntry &E);

  const std::string &problem() const { return Problem; }
  bool exists() const { return Exists; }
  const std::vector<TuneCacheEntry> &entries() const { return Entries; }

private:
  std::vector<TuneCacheEntry> Entries;
  std::string Problem;
  bool Exists = false;
};

/// The current UTC time as "YYYY-MM-DDTHH:MM:SSZ".
std::string utcNow();

} // namespace looptile::rt

#endif
