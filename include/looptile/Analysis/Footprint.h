//===- Footprint.h - elements of an array a function touches ----*- C++ -*-===//
//
// Owns two exact questions about the elements of one array that a function
// accesses, asked of isl over every nest (and every statement outside the
// nests) and for every value of the sizes (each size at least 1, as the
// runtime requires), against a box of extents (the array's declared shape,
// or a pointer parameter's extent):
//
//  * write coverage: does some statement write every element of the box?
//    Only then may the host leave the array's old contents behind (an `out`
//    argument, docs/manifest.md): an element the function never writes must
//    keep the caller's value, so the array has to travel to the device too;
//  * bounds: for which sizes does some access leave the box (or, when
//    asked, a declared extent is negative)? The C function itself is then
//    undefined (it writes past its arrays); the runtime refuses those sizes
//    instead of corrupting memory.
//
// A linearized pointer (`C[i*N + j]` with extent M*N) is looked at through
// its delinearized digits (`C[i][j]`, 0 <= j < N): its flat extent must then
// be a multiple of the digits' extents (M*N = M * N), and the box is
// [0, M) x [0, N).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_FOOTPRINT_H
#define LOOPTILE_ANALYSIS_FOOTPRINT_H

#include "looptile/IR/LoopNest.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace looptile {

struct WriteCoverage {
  enum Status {
    Covered,    ///< every element of the box is written, for every size
    NotCovered, ///< some element is not written for some sizes (Witness)
    Unknown,    ///< the question could not be put to isl (Why)
  };
  Status Verdict = Unknown;
  /// NotCovered: sizes and an element nothing writes, e.g.
  /// `N = 3, M = 3: out[0][0]`.
  std::string Witness;
  /// Unknown: a non-affine subscript or bound, a shape isl cannot take.
  std::string Why;
};

/// Whether F's statements write every element of array Name within
/// Extents (one formula per dimension over the size parameters).
WriteCoverage analyzeWriteCoverage(const Function &F, const std::string &Name,
                                   const std::vector<IndexExpr> &Extents);

struct BoundsCondition {
  enum Status {
    Never,   ///< every access stays inside the extents, for every size
    When,    ///< Formula says when an access leaves them
    Unknown, ///< the question could not be put to isl (Why)
  };
  Status Verdict = Unknown;
  /// When: the sizes for which some access leaves the extents, in the
  /// manifest's formula syntax (docs/manifest.md), e.g. `ni >= 21 || nj >= 26`.
  std::string Formula;
  /// When: isl's exact set had divisions (strides) that the formula drops,
  /// so the formula also holds for some sizes that stay inside.
  bool Approximate = false;
  /// When: the first access (textual order) that leaves the extents, or
  /// none when only a negative extent does.
  std::optional<Access> Culprit;
  /// When: every size is invalid (Formula is `1`): the function accesses
  /// the array outside its extents whatever the sizes.
  bool Always = false;
  /// When, not Always: only finitely many positive sizes are valid, none
  /// of them above SmallSize (the check refuses every call beyond small
  /// sizes, e.g. `N >= 2`; not `N >= 2147483648`, a check of scale).
  bool FewValid = false;
  static constexpr int SmallSize = 1 << 20;
  /// When: an instance, e.g. `ni = 21`.
  std::string Witness;
  /// Unknown: what could not be expressed.
  std::string Why;
};

/// The sizes for which an access of F to array Name leaves Extents, or
/// (NegativeExtents) some extent is negative.
BoundsCondition analyzeBounds(const Function &F, const std::string &Name,
                              const std::vector<IndexExpr> &Extents,
                              bool NegativeExtents);

struct PointerExtent {
  enum Status {
    Exact,     ///< Poly is the extent for every size
    Piecewise, ///< Formula is the extent; no single polynomial is
    Unknown,   ///< the question could not be put to isl exactly (Why)
  };
  Status Verdict = Unknown;
  /// Exact: one more than the largest flat index accessed.
  IndexExpr Poly;
  /// Piecewise: the same in the manifest's formula syntax, a sum of
  /// `(condition) * (extent)` over disjoint conditions on the sizes; 0 for
  /// sizes where nothing is accessed.
  std::string Formula;
  std::string Why;
};

/// The extent of pointer parameter Name: exactly one more than the largest
/// flat index that any executed access of F touches (isl's parametric
/// lexicographic maximum over the accesses' delinearized digits, which
/// orders them as their flat indices do), for every value of the sizes.
PointerExtent analyzePointerExtent(const Function &F, const std::string &Name);

/// True when X never decreases as loop variable Var grows, wherever the
/// statement inside Loops (outermost first) runs, for sizes >= 0: every
/// term that holds Var holds no other loop variable, and the coefficient
/// of Var, a polynomial in the sizes, is >= 0. A coefficient whose
/// expansion has negative terms (im2col's K*K*(H - K + 1)*(W - K + 1)) is
/// proved >= 0 by writing each size that has coefficient 1 in a loop's
/// span (Upper - Lower, free of loop variables, >= 0 where the loop runs)
/// through a new nonnegative symbol for that span (H := T + K for the span
/// H - K): then no term may be negative.
bool growsWith(const IndexExpr &X, const std::string &Var,
               const std::vector<const Loop *> &Loops);

/// The elements of one array that a kernel's part accesses, when the
/// NDRange of the kernel is split along its outermost parallel loop Var and
/// a part runs the iterations SPLIT_LO <= Var <= SPLIT_HI (docs/runtime.md,
/// "Several devices"): along one dimension of the array, an interval
/// [Lo, Hi] whose bounds are formulas over the sizes (the host loop
/// variables among them) and SPLIT_LO, SPLIT_HI. The interval is the hull
/// of the exact set isl computes (its parametric minimum and maximum), so
/// it holds every element the part accesses: the runtime moves at least
/// what a part reads, and checks that the parts' written intervals are
/// disjoint before it lets each part write back its own.
struct SplitHull {
  /// The whole array (Why says why no interval is known).
  bool Whole = false;
  std::string Lo, Hi, Why;
};

struct SplitQuestion {
  std::string Var;
  /// The range the NDRange covers: SPLIT_LO >= max(First), SPLIT_HI <=
  /// min(Last) (the runtime splits only inside it).
  std::vector<IndexExpr> First, Last;
  /// The host loops around the launch: each variable within its bounds
  /// (max(Lower) <= Var <= min(Upper)) wherever the runtime evaluates the
  /// footprints.
  struct Bound {
    std::string Var;
    std::vector<IndexExpr> Lower, Upper;
  };
  std::vector<Bound> Hosts;
  /// Pairs (a, b) with a <= b wherever the footprints are evaluated: the
  /// bounding boxes of the other mapped loops, which are not empty at any
  /// launch the runtime makes (an NDRange with an empty dimension is not
  /// launched).
  std::vector<std::pair<IndexExpr, IndexExpr>> NotEmpty;
};

struct SplitFootprint {
  std::string Array;
  /// The dimension of the intervals; -1: no subscript mentions Var (every
  /// part accesses the whole array).
  int Dim = -1;
  /// nullopt: the nest does not read (write) the array.
  std::optional<SplitHull> Read, Write;
  std::string Why;
};

/// The split footprints of nest F.Body[Nest] on each of Buffers (name and
/// the rank of its shape in the manifest), those it accesses.
std::vector<SplitFootprint> analyzeSplitFootprints(
    const Function &F, unsigned Nest, const SplitQuestion &SQ,
    const std::vector<std::pair<std::string, size_t>> &Buffers);

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_FOOTPRINT_H
