//===- Hash.h - FNV-1a, the runtime's content hash --------------*- C++ -*-===//
//
// Owns the 64-bit FNV-1a hash used to key the reference-shim cache and the
// tuning cache. Not cryptographic: it only has to tell texts apart.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_HASH_H
#define LOOPTILE_RUNTIME_HASH_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace looptile::rt {

constexpr uint64_t FnvOffsetBasis = 0xCBF29CE484222325ull;

/// Folds the bytes of S into H.
inline uint64_t fnv1a(uint64_t H, std::string_view S) {
  for (unsigned char C : S) {
    H ^= C;
    H *= 0x100000001B3ull;
  }
  return H;
}

/// H as 16 lower-case hex digits.
inline std::string hashHex(uint64_t H) {
  char Hex[17];
  std::snprintf(Hex, sizeof Hex, "%016llx", (unsigned long long)H);
  return Hex;
}

} // namespace looptile::rt

#endif
