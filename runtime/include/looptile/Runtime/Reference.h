//===- Reference.h - The original C function as a reference -----*- C++ -*-===//
//
// Owns the reference shim: a generated C file that #includes the manifest's
// source file and defines one function whose symbol is
// "looptile.reference" (ReferenceSymbol: not a C identifier, so it cannot
// clash with any function of the source), taking void **args and
// calling the original function with args[i] for parameter i (a size is
// read as *(int *)args[i], a scalar as *(T *)args[i], a buffer is passed as
// the pointer args[i]). The shim is compiled with $CC (default "cc") into a
// shared object, cached under a key hashed from the shim, the source text
// and the compiler command, then dlopen'ed. See docs/runtime.md.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_REFERENCE_H
#define LOOPTILE_RUNTIME_REFERENCE_H

#include "looptile/Runtime/Inputs.h"
#include "looptile/Runtime/Manifest.h"

#include <string>
#include <vector>

namespace looptile::rt {

/// The shim's entry point: an assembler name that no C identifier can be.
inline constexpr const char *ReferenceSymbol = "looptile.reference";
/// With an initializer (--init): its entry point (the same void **args,
/// by manifest position) and a string holding the call it makes.
inline constexpr const char *InitSymbol = "looptile.init";
inline constexpr const char *InitCallSymbol = "looptile.init_call";

/// The shim's C text for M, whose source file reads SourceText (the shim's
/// own identifiers are ones SourceText does not use).
/// With Init, the shim also defines InitSymbol, which calls the
/// initializer with the manifest's arguments Init names (a size by value,
/// a scalar by value or, ByAddress, as a pointer to it, an array as its
/// pointer), and InitCallSymbol.
std::string generateShim(const Manifest &M, const std::string &SourceText,
                         const InitCall *Init = nullptr);

/// The cache folder: $LOOPTILE_CACHE_DIR, else ".looptile-cache" next to
/// the manifest, else $TMPDIR (or /tmp)/looptile-cache-<uid>.
std::string referenceCacheDir(const Manifest &M);

/// Builds the shim into OutPath, or (OutPath empty) into the cache unless a
/// cached build exists. Returns the shared object's path. Throws
/// Error(ErrorKind::Reference) with the compiler's output on failure.
/// With Init, the shim holds the initializer too, and is compiled without
/// -w: a diagnostic of the compiler on the initializer's call (an
/// undeclared function, a wrong number of arguments, an array passed for
/// an integer or the reverse) is an Error(Usage) quoting it.
std::string buildReference(const Manifest &M, const std::string &OutPath = "",
                           const InitCall *Init = nullptr);

/// A loaded shim.
class ReferenceLibrary {
public:
  /// dlopen()s Path and finds ReferenceSymbol; throws Error(Reference).
  explicit ReferenceLibrary(const std::string &Path);
  ~ReferenceLibrary();
  ReferenceLibrary(const ReferenceLibrary &) = delete;
  ReferenceLibrary &operator=(const ReferenceLibrary &) = delete;

  /// Calls the entry point in this process (no protection: see run()).
  void call(void **Args) const { Fn(Args); }

  /// One argument of run(): a buffer of Bytes bytes at Data (copied to the
  /// child and its results back), or a value at Data (a size or scalar).
  struct Arg {
    void *Data = nullptr;
    size_t Bytes = 0;
    bool Buffer = false;
    std::string Name;     ///< for messages
    std::string Shape;    ///< the manifest's shape, for messages
  };
  /// Calls the entry point of Function's shim in a child process, on
  /// copies of the buffers in shared memory, each placed so that it ends
  /// at an inaccessible guard page (and starts after one), then copies the
  /// results back. A reference that crashes (a signal), accesses a buffer
  /// outside its Bytes (a manifest shape smaller than what the C function
  /// accesses: the guard page's fault names the buffer) or ends the
  /// process (exit()) instead of returning throws Error(Reference) saying
  /// so; this process and its memory are never touched by it.
  void run(const std::vector<Arg> &Args, const std::string &Function) const;
  /// The initializer's call ("init_array(n, A)"), "" when the shim has none.
  const std::string &initCall() const { return InitText; }
  /// Runs the initializer as run() runs the reference (a child process,
  /// guarded copies; a scalar passed by address is a buffer here, so that
  /// its value comes back). Throws Error(Reference) without one.
  void runInit(const std::vector<Arg> &Args) const;
  const std::string &path() const { return Path; }

private:
  void runEntry(void (*Entry)(void **), const std::vector<Arg> &Args,
                const std::string &Who) const;
  std::string Path;
  void *Handle = nullptr;
  void (*Fn)(void **) = nullptr;
  void (*InitFn)(void **) = nullptr;
  std::string InitText;
};

} // namespace looptile::rt

#endif
