//===- Validate.cpp - Error statistics and the tolerance test -------------===//
//
// Owns compareBuffers (the formula is stated in Validate.h and
// docs/runtime.md) and the mismatch report.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Validate.h"

#include <cfloat>
#include <cmath>
#include <cstdio>

namespace looptile::rt {

std::string formatIndex(size_t Flat, const std::vector<int64_t> &Shape) {
  std::vector<int64_t> Ix(Shape.size(), 0);
  for (size_t D = Shape.size(); D-- > 0;) {
    int64_t E = Shape[D] > 0 ? Shape[D] : 1;
    Ix[D] = int64_t(Flat % size_t(E));
    Flat /= size_t(E);
  }
  std::string S;
  for (int64_t I : Ix)
    S += "[" + std::to_string(I) + "]";
  return S;
}

Comparison compareBuffers(const std::string &Name,
                          const std::vector<int64_t> &Shape,
                          const HostArray &Got, const HostArray &Ref,
                          int64_t ReductionLength) {
  Comparison C;
  C.Name = Name;
  C.Shape = Shape;
  C.Count = Ref.size();
  double Eps = Ref.type() == ElemType::Float    ? double(FLT_EPSILON)
               : Ref.type() == ElemType::Double ? DBL_EPSILON
                                                : 0.0;
  double SumSq = 0;
  for (size_t I = 0; I < C.Count; ++I) {
    double R = Ref.get(I);
    if (std::isfinite(R))
      SumSq += R * R;
  }
  C.Rms = C.Count ? std::sqrt(SumSq / double(C.Count)) : 0.0;
  double L = ReductionLength > 1 ? double(ReductionLength) : 1.0;
  double Scale = ToleranceFactor * Eps * std::sqrt(L);

  for (size_t I = 0; I < C.Count; ++I) {
    double R = Ref.get(I), G = Got.get(I);
    double Abs = std::fabs(G - R);
    double Tol = Scale * (std::fabs(R) + C.Rms);
    bool Ok;
    if (std::isnan(R))
      Ok = std::isnan(G);
    else if (std::isinf(R))
      Ok = G == R;
    else
      Ok = !std::isnan(G) && Abs <= Tol;
    if (std::isnan(G) != std::isnan(R))
      Abs = INFINITY;
    if (!std::isnan(Abs) && Abs > C.MaxAbsError)
      C.MaxAbsError = Abs;
    if (R != 0 && std::isfinite(R)) {
      double Rel = Abs / std::fabs(R);
      if (Rel > C.MaxRelError)
        C.MaxRelError = Rel;
    }
    if (!Ok) {
      bool Sentinel = Got.isSentinel(I);
      if (C.Bad == 0) {
        C.FirstBad = I;
        C.Expected = R;
        C.Got = G;
        C.Tolerance = Tol;
        C.FirstBadIsSentinel = Sentinel;
      }
      ++C.Bad;
      if (Sentinel)
        ++C.Unwritten;
    }
  }
  return C;
}

static std::string num(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.9g", V);
  return Buf;
}

std::string describeMismatch(const Comparison &C) {
  std::string S = "MISMATCH in " + C.Name + ": " + std::to_string(C.Bad) +
                  " of " + std::to_string(C.Count) +
                  " elements outside the tolerance";
  if (C.Unwritten)
    S += " (" + std::to_string(C.Unwritten) +
         " never written: still the sentinel)";
  S += "\n  first at " + C.Name + formatIndex(C.FirstBad, C.Shape) +
       " (flat index " + std::to_string(C.FirstBad) + "): expected " +
       num(C.Expected) + ", got ";
  if (C.FirstBadIsSentinel)
    S += "the sentinel (never written)";
  else
    S += num(C.Got) + ", |error| " + num(std::fabs(C.Got - C.Expected)) +
         " > tolerance " + num(C.Tolerance);
  return S;
}

} // namespace looptile::rt
