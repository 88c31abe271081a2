//===- Validate.h - Compare device results with the reference ---*- C++ -*-===//
//
// Owns the comparison of one out/inout buffer with the reference and the
// tolerance. For float and double, element i passes when
//
//     |got_i - ref_i| <= 8 * eps * sqrt(L) * (|ref_i| + rms(ref))
//
// where eps is the type's machine epsilon (2^-23 or 2^-52), L the
// manifest's reduction_length (at least 1) and rms(ref) the root mean square
// of the whole reference buffer. Rationale (docs/runtime.md): the kernel and
// the C function sum the same L terms in different orders; with inputs
// uniform in [-1, 1) the rounding errors behave like a random walk whose
// standard deviation is about eps * sigma * L / 2.5, and rms(ref) ~ sigma *
// sqrt(L), so the bound is ~20 standard deviations above the expected error
// while a single wrong or missing term (magnitude ~ sigma) exceeds it by
// orders of magnitude. int buffers must match exactly. A NaN or the sentinel
// where the reference has a number always fails.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_VALIDATE_H
#define LOOPTILE_RUNTIME_VALIDATE_H

#include "looptile/Runtime/HostData.h"

#include <cstdint>
#include <string>
#include <vector>

namespace looptile::rt {

constexpr double ToleranceFactor = 8.0;

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

  bool passed() const { return Bad == 0; }
};

Comparison compareBuffers(const std::string &Name,
                          const std::vector<int64_t> &Shape,
                          const HostArray &Got, const HostArray &Ref,
                          int64_t ReductionLength);

/// "[i][j]" for a flat row-major index.
std::string formatIndex(size_t Flat, const std::vector<int64_t> &Shape);

/// The multi-line mismatch report of a failed comparison.
std::string describeMismatch(const Comparison &C);

} // namespace looptile::rt

#endif
