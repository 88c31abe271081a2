//===- Validate.cpp - Error statistics and the tolerance test -------------===//
//
// Owns the comparison rule, compareBuffers (the two modes and the formula
// are stated in Validate.h and docs/runtime.md) and the mismatch report.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Validate.h"
#include "looptile/Runtime/Error.h"

#include <algorithm>
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

double scaledRms(const HostArray &A) {
  // rms = max * sqrt(sum((x / max)^2) / n): no square overflows (or
  // underflows to 0) whatever the magnitude of the finite elements.
  double Max = 0;
  size_t N = A.size();
  for (size_t I = 0; I < N; ++I) {
    double V = std::fabs(A.get(I));
    if (std::isfinite(V) && V > Max)
      Max = V;
  }
  if (Max == 0 || N == 0)
    return 0;
  double SumSq = 0;
  for (size_t I = 0; I < N; ++I) {
    double V = A.get(I);
    if (std::isfinite(V))
      SumSq += (V / Max) * (V / Max);
  }
  return Max * std::sqrt(SumSq / double(N));
}

ComparisonRule comparisonRule(const Manifest &M, bool DeviceCRDivideSqrt,
                              bool DeviceDenormals, int64_t ReductionLength,
                              double InputRms) {
  ComparisonRule R;
  R.ReductionLength = ReductionLength;
  R.InputRms = InputRms;
  R.Reordered = M.Fp.Declared && M.Fp.Reordered;
  bool HasFloat = false;
  for (const Argument &A : M.Arguments)
    HasFloat |= A.Ty == ElemType::Float && A.K != Argument::Size;
  if (!M.Fp.Declared)
    R.Why = "the manifest does not declare how its kernels round "
            "(no \"floating_point\")";
  else if (!M.Fp.Exact)
    R.Why = M.Fp.Reason.empty() ? "the manifest asks for the tolerance"
                                : M.Fp.Reason;
  else if (M.Fp.FloatDivideSqrt && !DeviceCRDivideSqrt)
    R.Why = "the device does not round float division and sqrt correctly "
            "(no CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT)";
  else if (HasFloat && !DeviceDenormals)
    R.Why = "the device flushes float denormals to zero (no CL_FP_DENORM)";
  else {
    R.Exact = true;
    R.Why = "the kernels round every operation as the C does, in its order";
  }
  return R;
}

double reorderBound(double N, double U) {
  double M = N > 1 ? N - 1 : 0;
  double Det = M * U < 1 ? M * U / (1 - M * U) : INFINITY;
  double Lambda = 10;
  double Prob = std::expm1(Lambda * std::sqrt(M) * U + M * U * U / (1 - U));
  return std::min(Det, Prob);
}

std::string describeRule(const ComparisonRule &R) {
  if (R.Exact)
    return "exact comparison";
  if (R.Reordered)
    return "tolerance max(8*eps*sqrt(L)*(|ref|+max(rms,rms_in)), "
           "2*g(L+1)*(1+g(L+1))*|ref on |inputs||), L=" +
           std::to_string(R.ReductionLength);
  return "tolerance 8*eps*sqrt(L)*(|ref|+max(rms,rms_in)), L=" +
         std::to_string(R.ReductionLength);
}

Comparison compareBuffers(const std::string &Name,
                          const std::vector<int64_t> &Shape,
                          const HostArray &Got, const HostArray &Ref,
                          const ComparisonRule &Rule,
                          const HostArray *Magnitude) {
  if (Got.size() != Ref.size() || Got.type() != Ref.type())
    throw Error(ErrorKind::Usage,
                "internal: buffer " + Name + " has " +
                    std::to_string(Got.size()) + " elements but its reference " +
                    std::to_string(Ref.size()));
  Comparison C;
  C.Name = Name;
  C.Shape = Shape;
  C.Count = Ref.size();
  C.Exact = Rule.Exact;
  C.Digits = Ref.type() == ElemType::Double ? 17 : 9;
  double Eps = Ref.type() == ElemType::Float    ? double(FLT_EPSILON)
               : Ref.type() == ElemType::Double ? DBL_EPSILON
                                                : 0.0;
  C.Rms = scaledRms(Ref);
  double L = Rule.ReductionLength > 1 ? double(Rule.ReductionLength) : 1.0;
  double Scale = ToleranceFactor * Eps * std::sqrt(L);
  // Each part of the tolerance is scaled on its own, so that it overflows
  // for no finite |ref| (Scale * (|ref| + Floor) is inf for |ref| and
  // Floor near DBL_MAX).
  double FloorPart = Scale * std::max(C.Rms, Rule.InputRms);
  if (!std::isfinite(FloorPart))
    FloorPart = 0; // an input that is not finite says nothing of the scale
  // Reordered reductions (the header comment): g(L + 1) with the type's
  // unit roundoff.
  double Reorder = 0;
  if (!Rule.Exact && Rule.Reordered && Magnitude && Eps > 0 &&
      Magnitude->size() == C.Count)
    Reorder = reorderBound(L + 1, Eps / 2);
  bool Integer = isIntegerType(Ref.type());

  for (size_t I = 0; I < C.Count; ++I) {
    double R = Ref.get(I), G = Got.get(I);
    double Abs = std::fabs(G - R);
    double Tol = 0;
    bool Ok;
    // An element that still holds the sentinel was never written; it
    // matches only a reference element of the very same bits. The float
    // sentinels are NaNs, and a NaN matches a NaN of any payload below:
    // where the C computed a NaN, an element the kernels never wrote
    // passed (HostData.h).
    if (!Integer && !std::isfinite(R))
      ++C.RefNonFinite;
    bool Sentinel = Got.isSentinel(I);
    if (Sentinel && !Got.sameBits(I, Ref)) {
      Ok = false;
    } else if (Integer) {
      // Integers of any width compare exactly, on their bits (a double
      // holds only 53 of a long's 64).
      Ok = Got.sameBits(I, Ref);
    } else if (Rule.Exact) {
      // Equality: the same number, inf of the same sign, NaN for NaN
      // (whatever its payload); -0.0 equals +0.0 (Validate.h).
      Ok = G == R || (std::isnan(G) && std::isnan(R));
    } else {
      Tol = Scale * std::fabs(R) + FloorPart;
      if (Reorder > 0) {
        double Mag = std::fabs(Magnitude->get(I));
        double Bound = 2 * Reorder * (1 + Reorder) * Mag;
        if (std::isfinite(Bound))
          Tol = std::max(Tol, Bound);
      }
      if (std::isnan(R))
        Ok = std::isnan(G);
      else if (std::isinf(R))
        Ok = G == R;
      else
        Ok = !std::isnan(G) && Abs <= Tol;
    }
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

static std::string num(double V, int Digits = 9) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*g", Digits, V);
  return Buf;
}

std::string nonfiniteWarning(const Comparison &C) {
  if (C.Count == 0 || C.RefNonFinite * 2 <= C.Count)
    return "";
  return std::to_string(C.RefNonFinite) + " of " + std::to_string(C.Count) +
         " elements of " + C.Name +
         " in the reference are NaN or infinite: the comparison checks "
         "little; choose inputs with --range or --init";
}

std::string describeMismatch(const Comparison &C) {
  std::string S = "MISMATCH in " + C.Name + ": " + std::to_string(C.Bad) +
                  " of " + std::to_string(C.Count) +
                  (C.Exact ? " elements differ from the reference"
                           : " elements outside the tolerance");
  if (C.Unwritten)
    S += " (" + std::to_string(C.Unwritten) +
         " never written: still the sentinel)";
  S += "\n  first at " + C.Name + formatIndex(C.FirstBad, C.Shape) +
       " (flat index " + std::to_string(C.FirstBad) + "): expected " +
       num(C.Expected, C.Digits) + ", got ";
  if (C.FirstBadIsSentinel)
    S += "the sentinel (never written)";
  else
    S += num(C.Got, C.Digits) + ", |error| " +
         num(std::fabs(C.Got - C.Expected)) +
         (C.Exact ? " (exact comparison)" : " > tolerance " + num(C.Tolerance));
  return S;
}

} // namespace looptile::rt
