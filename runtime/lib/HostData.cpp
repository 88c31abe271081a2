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

double HostArray::get(size_t I) const {
  const unsigned char *P = Bytes.data() + I * elemSize(Ty);
  switch (Ty) {
  case ElemType::Float: {
    float F;
    std::memcpy(&F, P, 4);
    return F;
  }
  case ElemType::Double: {
    double D;
    std::memcpy(&D, P, 8);
    return D;
  }
  case ElemType::Int: {
    int32_t V;
    std::memcpy(&V, P, 4);
    return V;
  }
  }
  return 0;
}

bool HostArray::isSentinel(size_t I) const {
  const unsigned char *P = Bytes.data() + I * elemSize(Ty);
  switch (Ty) {
  case ElemType::Float: {
    uint32_t B;
    std::memcpy(&B, P, 4);
    return B == FloatSentinelBits;
  }
  case ElemType::Double: {
    uint64_t B;
    std::memcpy(&B, P, 8);
    return B == DoubleSentinelBits;
  }
  case ElemType::Int: {
    int32_t V;
    std::memcpy(&V, P, 4);
    return V == IntSentinel;
  }
  }
  return false;
}

void HostArray::fillRandom(uint64_t StreamSeed) {
  SplitMix64 G{StreamSeed};
  unsigned char *P = Bytes.data();
  for (size_t I = 0; I < Count; ++I) {
    switch (Ty) {
    case ElemType::Float: {
      float F = 2.0f * G.unitFloat() - 1.0f;
      std::memcpy(P + 4 * I, &F, 4);
      break;
    }
    case ElemType::Double: {
      double D = 2.0 * G.unitDouble() - 1.0;
      std::memcpy(P + 8 * I, &D, 8);
      break;
    }
    case ElemType::Int: {
      int32_t V = int32_t(G.next() >> 60) - 8;
      std::memcpy(P + 4 * I, &V, 4);
      break;
    }
    }
  }
}

void HostArray::fillSentinel() {
  unsigned char *P = Bytes.data();
  for (size_t I = 0; I < Count; ++I) {
    switch (Ty) {
    case ElemType::Float:
      std::memcpy(P + 4 * I, &FloatSentinelBits, 4);
      break;
    case ElemType::Double:
      std::memcpy(P + 8 * I, &DoubleSentinelBits, 8);
      break;
    case ElemType::Int:
      std::memcpy(P + 4 * I, &IntSentinel, 4);
      break;
    }
  }
}

ScalarValue randomScalar(ElemType Ty, uint64_t StreamSeed) {
  SplitMix64 G{StreamSeed};
  ScalarValue S;
  S.Ty = Ty;
  S.F = 0.5f + G.unitFloat();
  S.D = 0.5 + G.unitDouble();
  S.I = 1 + int32_t(G.next() >> 62);
  // Keep the three views consistent for the chosen type.
  if (Ty == ElemType::Float)
    S.D = S.F;
  return S;
}

} // namespace looptile::rt
