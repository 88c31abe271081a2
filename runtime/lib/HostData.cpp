//===- HostData.cpp - Seeded input data and output sentinels --------------===//
//
// Owns the generator (splitmix64: tiny, portable, identical on every
// platform, unlike std::uniform_real_distribution) and the sentinel fill.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/HostData.h"

#include <cmath>
#include <cstring>

namespace looptile::rt {

namespace {
struct SplitMix64 {
  uint64_t State;
  uint64_t next() {
    uint64_t Z = (State += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  // Uniform in [0, 1) with 24 resp. 53 random bits.
  float unitFloat() { return float(next() >> 40) * 0x1.0p-24f; }
  double unitDouble() { return double(next() >> 11) * 0x1.0p-53; }
};
} // namespace

uint64_t streamSeed(uint64_t Seed, size_t ArgIndex) {
  return Seed ^ (uint64_t(ArgIndex + 1) * 0x9E3779B97F4A7C15ull);
}

// The sentinel of an integer element of Size bytes: 0x7E, 0x7EAD,
// 0x7EADBEEF, 0x7EADBEEF7EADBEEF.
static uint64_t intSentinel(size_t Size) {
  switch (Size) {
  case 1:
    return 0x7E;
  case 2:
    return 0x7EAD;
  case 4:
    return uint32_t(IntSentinel);
  default:
    return 0x7EADBEEF7EADBEEFull;
  }
}

// An integer element of type Ty at P, as a 64-bit value.
static int64_t readInt(const unsigned char *P, ElemType Ty) {
  size_t Size = elemSize(Ty);
  uint64_t U = 0;
  std::memcpy(&U, P, Size); // little-endian: the low bytes
  if (Size < 8 && isSignedType(Ty) && (U >> (8 * Size - 1)) & 1)
    U |= ~uint64_t(0) << (8 * Size); // sign extension
  return int64_t(U);
}

double HostArray::get(size_t I) const {
  const unsigned char *P = Bytes.data() + I * elemSize(Ty);
  if (Ty == ElemType::Float) {
    float F;
    std::memcpy(&F, P, 4);
    return F;
  }
  if (Ty == ElemType::Double) {
    double D;
    std::memcpy(&D, P, 8);
    return D;
  }
  int64_t V = readInt(P, Ty);
  return isSignedType(Ty) ? double(V) : double(uint64_t(V));
}

bool HostArray::isSentinel(size_t I) const {
  const unsigned char *P = Bytes.data() + I * elemSize(Ty);
  if (Ty == ElemType::Float) {
    uint32_t B;
    std::memcpy(&B, P, 4);
    return B == FloatSentinelBits;
  }
  if (Ty == ElemType::Double) {
    uint64_t B;
    std::memcpy(&B, P, 8);
    return B == DoubleSentinelBits;
  }
  uint64_t U = 0;
  std::memcpy(&U, P, elemSize(Ty));
  return U == intSentinel(elemSize(Ty));
}

bool HostArray::sameBits(size_t I, const HostArray &Other) const {
  size_t Size = elemSize(Ty);
  return Other.Ty == Ty && I < Count && I < Other.Count &&
         std::memcmp(Bytes.data() + I * Size, Other.Bytes.data() + I * Size,
                     Size) == 0;
}

void HostArray::makeAbsolute() {
  unsigned char *P = Bytes.data();
  for (size_t I = 0; I < Count; ++I) {
    if (Ty == ElemType::Float) {
      float F;
      std::memcpy(&F, P + 4 * I, 4);
      F = std::fabs(F);
      std::memcpy(P + 4 * I, &F, 4);
    } else if (Ty == ElemType::Double) {
      double D;
      std::memcpy(&D, P + 8 * I, 8);
      D = std::fabs(D);
      std::memcpy(P + 8 * I, &D, 8);
    }
  }
}

// A value uniform in [Lo, Hi) from a unit value U in [0, 1): Lo*(1-U) +
// Hi*U overflows for no finite bounds (Hi - Lo may); rounded up to Hi it
// becomes the largest value below Hi.
static double inRange(double U, double Lo, double Hi) {
  double V = Lo * (1 - U) + Hi * U;
  if (V >= Hi)
    V = std::nextafter(Hi, -INFINITY);
  return V < Lo ? Lo : V;
}
static float inRangeF(double U, float Lo, float Hi) {
  float V = float(inRange(U, Lo, Hi));
  if (V >= Hi)
    V = std::nextafter(Hi, -INFINITY);
  return V < Lo ? Lo : V;
}
// An integer uniform in [ILo, IHi): the top bits of a 64-bit draw times
// the span (at most 2^64) give an unbiased enough index for any span.
static __int128 inIntRange(uint64_t R, __int128 ILo, __int128 IHi) {
  unsigned __int128 Span = (unsigned __int128)(IHi - ILo);
  unsigned __int128 Ix = ((unsigned __int128)R * Span) >> 64;
  return ILo + (__int128)Ix;
}

void HostArray::fillRandom(uint64_t StreamSeed, const InputRange *Range) {
  SplitMix64 G{StreamSeed};
  unsigned char *P = Bytes.data();
  size_t Size = elemSize(Ty);
  for (size_t I = 0; I < Count; ++I) {
    if (Ty == ElemType::Float) {
      float F = Range ? inRangeF(G.unitDouble(), float(Range->Lo),
                                 float(Range->Hi))
                      : 2.0f * G.unitFloat() - 1.0f;
      std::memcpy(P + 4 * I, &F, 4);
    } else if (Ty == ElemType::Double) {
      double D = Range ? inRange(G.unitDouble(), Range->Lo, Range->Hi)
                       : 2.0 * G.unitDouble() - 1.0;
      std::memcpy(P + 8 * I, &D, 8);
    } else if (Range) {
      // The low Size bytes of the value (two's complement).
      int64_t V = int64_t(inIntRange(G.next(), Range->ILo, Range->IHi));
      std::memcpy(P + Size * I, &V, Size);
    } else {
      // 8- and 16-bit data over their whole range (wrap-around and the
      // promotions to int show); wider types small, like int's.
      uint64_t R = G.next();
      int64_t V = Size <= 2 ? int64_t(R >> (64 - 8 * Size))
                            : int64_t(R >> 60) - (isSignedType(Ty) ? 8 : 0);
      std::memcpy(P + Size * I, &V, Size);
    }
  }
}

void HostArray::fillSentinel() {
  unsigned char *P = Bytes.data();
  size_t Size = elemSize(Ty);
  for (size_t I = 0; I < Count; ++I) {
    if (Ty == ElemType::Float) {
      std::memcpy(P + 4 * I, &FloatSentinelBits, 4);
    } else if (Ty == ElemType::Double) {
      std::memcpy(P + 8 * I, &DoubleSentinelBits, 8);
    } else {
      uint64_t S = intSentinel(Size);
      std::memcpy(P + Size * I, &S, Size);
    }
  }
}

ScalarValue randomScalar(ElemType Ty, uint64_t StreamSeed,
                         const InputRange *Range) {
  SplitMix64 G{StreamSeed};
  ScalarValue S;
  S.Ty = Ty;
  if (Range) {
    if (Ty == ElemType::Float) {
      S.F = inRangeF(G.unitDouble(), float(Range->Lo), float(Range->Hi));
      S.D = S.F;
    } else if (Ty == ElemType::Double) {
      S.D = inRange(G.unitDouble(), Range->Lo, Range->Hi);
    } else {
      // An integer of the type's width: the low bytes of I hold it
      // (ScalarValue::data), sign- or zero-extended.
      S.I = int64_t(inIntRange(G.next(), Range->ILo, Range->IHi));
    }
    return S;
  }
  S.F = 0.5f + G.unitFloat();
  S.D = 0.5 + G.unitDouble();
  S.I = 1 + int64_t(G.next() >> 62);
  // Keep the three views consistent for the chosen type.
  if (Ty == ElemType::Float)
    S.D = S.F;
  return S;
}

} // namespace looptile::rt
