//===- Validate.h - Compare device results with the reference ---*- C++ -*-===//
//
// Owns the comparison of one out/inout buffer with the reference, in one of
// two modes (docs/runtime.md, "Validation"):
//
//  * exact: every element must equal the reference's: the same number
//    (an infinity of the same sign), NaN where it has NaN (any payload: the
//    C library and a device may produce different NaNs). -0.0 and +0.0 are
//    equal, as IEEE 754 compares them: fmin/fmax and min/max reductions
//    may return either zero, in C and in OpenCL alike. No tolerance is
//    computed, so no magnitude of the data can make it fail.
//    For kernels that round every operation as the C does, in the C's
//    order: looptile's kernels are built without contraction (#pragma
//    OPENCL FP_CONTRACT OFF, the reference with -ffp-contract=off), float
//    division and sqrt correctly rounded, and every transformation and
//    mapping keeps the order of the updates of each element (reductions
//    included). The manifest says "comparison": "exact" then.
//  * tolerance: for float and double, element i passes when
//
//        |got_i - ref_i| <= 8 * eps * sqrt(L) * (|ref_i| + max(rms(ref),
//        rms(in)))
//
//    where eps is the type's machine epsilon (2^-23 or 2^-52), L the
//    manifest's reduction_length (at least 1), rms(ref) the root mean
//    square of the whole reference buffer and rms(in) that of the
//    floating-point inputs (about 0.58 for the runtime's inputs, uniform in
//    [-1, 1)). Used where rounding legitimately differs: --fp-contract=fast,
//    math functions OpenCL computes within some ulp (exp, sin, pow, ...), a
//    device without correctly rounded float division or denormals, and
//    hand-written manifests that do not declare their arithmetic.
//    Rationale: the two sides sum the same L terms with different
//    roundings; with inputs uniform in [-1, 1) the rounding errors behave
//    like a random walk with standard deviation about eps * sigma * L / 2.5,
//    and rms(ref) ~ sigma * sqrt(L), so the bound is ~20 standard
//    deviations above the expected error, while a single wrong or missing
//    term (magnitude ~ sigma) exceeds it by orders of magnitude. rms(in),
//    the magnitude the summands are built from, keeps the bound above zero
//    for sums that cancel to exactly 0 (where |ref| and rms(ref) are 0, and
//    a contracted a*b - a*b is the rounding error of a*b).
//
//    Reordered reductions ("reordered": true in the manifest): a work-group
//    tree reduction computes the same terms as the C, bit for bit, but
//    adds (or multiplies) them in another order. For any order, a sum of
//    n numbers x_k computed in floating point is within g(n) * sum |x_k|
//    of the exact sum, and a product within g(n) * prod |x_k| of the
//    exact product, where g(n) = gamma_{n-1} = (n-1)u / (1 - (n-1)u)
//    (u = eps/2; Higham, Accuracy and Stability of Numerical Algorithms,
//    2002, sections 3.1 and 4.2) or, with probability at least 1 -
//    2(n-1)exp(-lambda^2(1-u)^2/2), the probabilistic gamma~_{n-1}(lambda)
//    = exp(lambda*sqrt(n-1)*u + (n-1)u^2/(1-u)) - 1 (Higham and Mary,
//    SIAM J. Sci. Comput. 41(5), 2019, theorem 3.1). Both the C and the
//    kernels are within that of the same exact value, so they differ by at
//    most twice it. With n = L + 1 (the L terms and the initial value),
//    lambda = 10 (the probability of a larger error is below 1e-14 for
//    any L the runtime runs) and the smaller of the two bounds,
//        |got_i - ref_i| <= 2 * g(L + 1) * (1 + g(L + 1)) * mag_i
//    where mag_i is element i of the reference run on the absolute values
//    of the floating-point inputs: exactly sum |x_k| (prod |x_k|) up to
//    its own rounding (the factor 1 + g) when the terms are products and
//    sums of inputs with non-negative constants (dot products, sums,
//    norms); an output computed from the reduced value (B[j] = A[j] * s)
//    gets the bound carried through the same operations. The element
//    passes within the larger of this and the tolerance above (which
//    covers the other differences a manifest may declare).
//
// The tolerance is computed so that it overflows for no finite data: rms
// scaled by the largest magnitude (scaledRms), and 8*eps*sqrt(L)*|ref_i|
// and 8*eps*sqrt(L)*max(rms(ref), rms(in)) each scaled before their sum.
//
// int buffers (every integer type) must match exactly, bit for bit, in
// both modes. A NaN or the sentinel
// where the reference has a number always fails.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_VALIDATE_H
#define LOOPTILE_RUNTIME_VALIDATE_H

#include "looptile/Runtime/HostData.h"
#include "looptile/Runtime/Manifest.h"

#include <cstdint>
#include <string>
#include <vector>

namespace looptile::rt {

constexpr double ToleranceFactor = 8.0;

/// How a run's buffers are compared (the header comment).
struct ComparisonRule {
  bool Exact = false;
  /// Why the tolerance applies, or what makes the comparison exact.
  std::string Why;
  int64_t ReductionLength = 1; ///< L (tolerance)
  double InputRms = 0;         ///< rms(in) (tolerance)
  /// The manifest's "reordered": the tolerance also allows the bound of a
  /// reordered sum or product (the header comment).
  bool Reordered = false;
  /// Reordered: for each argument (by index), the reference's results on
  /// the absolute values of the floating-point inputs (Harness.h,
  /// magnitudeReference); empty when not computed.
  std::vector<HostArray> Magnitudes;
};

/// The bound on the relative error of a sum (of magnitudes) or product of
/// n floating-point numbers in any order, with unit roundoff U:
/// min(gamma_n, gamma~_n(10)), gamma_n = n*U / (1 - n*U) (deterministic),
/// gamma~_n(lambda) = exp(lambda*sqrt(n)*U + n*U^2 / (1 - U)) - 1
/// (probabilistic, Higham and Mary 2019; docs/runtime.md).
double reorderBound(double N, double U);

/// The rule for M's kernels on a device: exact when the manifest says its
/// kernels round as the C does ("comparison": "exact") and the device can
/// (correctly rounded float division and sqrt where the kernels use them,
/// float denormals kept), else the tolerance, with the reason.
ComparisonRule comparisonRule(const Manifest &M, bool DeviceCRDivideSqrt,
                              bool DeviceDenormals, int64_t ReductionLength,
                              double InputRms);

/// The root mean square of A's finite elements (0 for none), computed
/// scaled by their largest magnitude, so that it is finite and not 0 for
/// any finite non-zero data (the plain sum of squares overflows from about
/// 1e154 on in double and underflows below 1e-154).
double scaledRms(const HostArray &A);

/// The rule's text for reports: "exact comparison" or "tolerance
/// 8*eps*sqrt(L)*(|ref|+max(rms,rms_in)), L=512".
std::string describeRule(const ComparisonRule &R);

struct Comparison {
  std::string Name;
  std::vector<int64_t> Shape;
  size_t Count = 0;
  size_t Bad = 0;         // elements outside the tolerance
  size_t Unwritten = 0;   // of those, still holding the sentinel
  double MaxAbsError = 0; // over all elements (inf if a NaN appeared)
  double MaxRelError = 0; // |got-ref| / |ref|, over elements with ref != 0
  double Rms = 0;         // rms(ref)
  // The first element outside the tolerance, in row-major order.
  size_t FirstBad = 0;
  double Expected = 0, Got = 0, Tolerance = 0;
  bool FirstBadIsSentinel = false;
  /// Elements of the reference that are NaN or infinite: where most are,
  /// the comparison checks little (nonfiniteWarning).
  size_t RefNonFinite = 0;
  bool Exact = false; // compared exactly (the rule's mode)
  int Digits = 9;     // significant digits that tell two values apart

  bool passed() const { return Bad == 0; }
};

/// Magnitude: for a Reordered rule, the argument's magnitude reference
/// (ComparisonRule::Magnitudes), else null.
Comparison compareBuffers(const std::string &Name,
                          const std::vector<int64_t> &Shape,
                          const HostArray &Got, const HostArray &Ref,
                          const ComparisonRule &Rule,
                          const HostArray *Magnitude = nullptr);

/// "[i][j]" for a flat row-major index.
std::string formatIndex(size_t Flat, const std::vector<int64_t> &Shape);

/// When more than half of the reference's elements are NaN or infinite:
/// "1500 of 2000 elements of x in the reference are NaN or infinite: the
/// comparison checks little; choose inputs with --range or --init"; else
/// "".
std::string nonfiniteWarning(const Comparison &C);

/// The multi-line mismatch report of a failed comparison.
std::string describeMismatch(const Comparison &C);

} // namespace looptile::rt

#endif
