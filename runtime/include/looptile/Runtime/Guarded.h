//===- Guarded.h - memory between inaccessible guard pages -----*- C++ -*-===//
//
// Buffers whose end lies against an inaccessible page (and whose start
// follows one), so that an access past either end faults at an address
// that names the buffer. The reference run (Reference.cpp) gives the C
// function its arrays this way, and on CPU devices (PoCL) the kernels'
// device buffers are such host memory too (Executor.cpp): an access that a
// manifest inconsistent with its kernels or its C function allows is a
// clean error naming the buffer, never a corrupted heap.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_GUARDED_H
#define LOOPTILE_RUNTIME_GUARDED_H

#include "looptile/Runtime/Error.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace looptile::rt {

struct GuardedMemory {
  unsigned char *Base = nullptr; ///< the mapping
  size_t MapBytes = 0;
  /// Bytes usable bytes; Data + Bytes is at most Align - 1 bytes before
  /// the trailing guard.
  unsigned char *Data = nullptr;
  unsigned char *Low = nullptr, *High = nullptr; ///< the guards' first bytes
  size_t Page = 0; ///< the size of each guard (64 MiB of address space)

  bool inLowGuard(uintptr_t A) const {
    return A >= uintptr_t(Low) && A < uintptr_t(Low) + Page;
  }
  bool inHighGuard(uintptr_t A) const {
    return A >= uintptr_t(High) && A < uintptr_t(High) + Page;
  }
};

/// Maps Bytes bytes between two guard pages; Shared maps them MAP_SHARED
/// (a forked child writes what the parent reads). Data is aligned to Align
/// (a power of two at most a page). Throws Error(Kind) naming What when the
/// memory cannot be mapped.
GuardedMemory mapGuarded(size_t Bytes, bool Shared, size_t Align,
                         const std::string &What, ErrorKind Kind);
void unmapGuarded(GuardedMemory &G);

/// Registers G's guards for this process's fault handler: an access to
/// one of them prints "looptile: error: " + the message for its end, and
/// exits with status 1. Returns a handle for unregisterGuards, or -1 when
/// the table is full (then a fault is an ordinary crash).
int registerGuards(const GuardedMemory &G, const std::string &PastEnd,
                   const std::string &BeforeStart);
void unregisterGuards(int Handle);

} // namespace looptile::rt

#endif // LOOPTILE_RUNTIME_GUARDED_H
