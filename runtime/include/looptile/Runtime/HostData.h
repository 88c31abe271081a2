//===- HostData.h - Host arrays and reproducible input data -----*- C++ -*-===//
//
// Owns the host-side typed arrays the runtime fills, uploads and compares,
// the seeded input generator, and the sentinel patterns written into output
// buffers so that elements a kernel never writes are caught.
//
// Host arrays: buffer argument number I (its position in the manifest's
// "arguments"; in, inout and out alike) gets the stream
// splitmix64(Seed ^ (I+1) * 0x9E3779B97F4A7C15);
// float/double elements are uniform in [-1, 1) (24 resp. 53 random bits),
// int elements uniform in [-8, 8). Scalar arguments are uniform in
// [0.5, 1.5) (int scalars: 1..4). The default seed is 20240601.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_HOSTDATA_H
#define LOOPTILE_RUNTIME_HOSTDATA_H

#include "looptile/Runtime/Manifest.h"

#include <cstdint>
#include <string>
#include <vector>

namespace looptile::rt {

constexpr uint64_t DefaultSeed = 20240601;

/// Bit patterns of the out-buffer sentinels: a quiet NaN with a recognisable
/// payload for float/double, 0x7EADBEEF for int.
constexpr uint32_t FloatSentinelBits = 0x7FC0DEADu;
constexpr uint64_t DoubleSentinelBits = 0x7FF8DEADDEADDEADull;
constexpr int32_t IntSentinel = 0x7EADBEEF;

/// A user's range (Inputs.h): values uniform in [Lo, Hi) for a
/// floating-point type (the bounds already rounded to the type, Lo < Hi),
/// or among the integers ILo, ..., IHi - 1 (ILo < IHi, both within the
/// type, IHi up to its maximum + 1).
struct InputRange {
  ElemType Ty = ElemType::Float;
  double Lo = 0, Hi = 0;
  __int128 ILo = 0, IHi = 0;
  std::string Text; ///< "0:1", as given
};

class HostArray {
public:
  HostArray() = default;
  HostArray(ElemType Ty, size_t Count)
      : Ty(Ty), Count(Count), Bytes(Count * elemSize(Ty)) {}
  ElemType type() const { return Ty; }
  size_t size() const { return Count; }
  size_t byteSize() const { return Bytes.size(); }
  void *data() { return Bytes.data(); }
  const void *data() const { return Bytes.data(); }
  /// Element I as a double (exact for float and int).
  double get(size_t I) const;
  bool isSentinel(size_t I) const;
  /// Whether element I has the same bytes here and in Other (of the same
  /// type and at least I + 1 elements).
  bool sameBits(size_t I, const HostArray &Other) const;
  /// Replaces every float or double element by its absolute value (other
  /// types are left as they are).
  void makeAbsolute();

  /// The seeded fill: the default distribution (the header comment), or
  /// uniform in *Range.
  void fillRandom(uint64_t StreamSeed, const InputRange *Range = nullptr);
  void fillSentinel();

private:
  ElemType Ty = ElemType::Float;
  size_t Count = 0;
  std::vector<unsigned char> Bytes;
};

/// A scalar argument's value (one of the three, by Ty). An integer of any
/// width is held in I; data() points at its low bytes (little-endian
/// hosts), which hold the value in the type's width.
struct ScalarValue {
  ElemType Ty = ElemType::Float;
  float F = 0;
  double D = 0;
  int64_t I = 0;
  const void *data() const {
    return Ty == ElemType::Float ? (const void *)&F
           : Ty == ElemType::Double ? (const void *)&D
                                    : (const void *)&I;
  }
  double asDouble() const {
    return Ty == ElemType::Float ? F : Ty == ElemType::Double ? D : double(I);
  }
};

/// The stream seed of argument number ArgIndex.
uint64_t streamSeed(uint64_t Seed, size_t ArgIndex);
ScalarValue randomScalar(ElemType Ty, uint64_t StreamSeed,
                         const InputRange *Range = nullptr);

} // namespace looptile::rt

#endif
