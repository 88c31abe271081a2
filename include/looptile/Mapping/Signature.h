//===- Signature.h - what a function's parameters are ----------*- C++ -*-===//
//
// Owns the description of a function's parameters that everything running
// the code from outside needs (the manifest's `arguments`, the differential
// tester, the host glue): each parameter's kind (size, scalar, buffer), a
// buffer's element type, access (in, out, inout) and shape as formulas over
// the size parameters. A pointer parameter's extent is derived from the
// largest subscript its accesses reach over the loop bounds. A written
// buffer is `out` only when isl proves that the function writes every
// element of it, for every size (Analysis/Footprint.h); otherwise `inout`,
// so that the host's elements the function leaves alone stay as they were.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_MAPPING_SIGNATURE_H
#define LOOPTILE_MAPPING_SIGNATURE_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Runtime/ManifestCodec.h"
#include "looptile/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace looptile {

struct ArgumentInfo {
  enum Kind { Size, Scalar, Buffer };
  std::string Name;
  Kind ArgKind = Size;
  ElemType Type = ElemType::Int;
  /// For buffers: "in" (never written), "out" (written, never read, and
  /// every element of Shape provably written: Analysis/Footprint.h) or
  /// "inout" (everything else: its old contents must reach the device).
  std::string AccessMode;
  /// For buffers: whether some statement reads resp. writes it.
  bool Reads = false, Writes = false;
  /// For buffers: the extent of each dimension, outermost first. For a
  /// pointer whose extent is piecewise (ExtentFormula), an upper bound.
  std::vector<IndexExpr> Shape;
  /// For the one-element buffer that holds the function's return value in
  /// the OpenCL program (not a parameter of the C function; the manifest's
  /// `"returned": true`).
  bool Returned = false;
  /// For a pointer parameter whose exact extent (one more than the largest
  /// flat index accessed) takes different forms for different sizes: that
  /// extent as a manifest formula, used instead of Shape in the manifest.
  std::string ExtentFormula;
  /// For buffers: the extents as manifest formulas (a pointer's derived
  /// extent, which is negative for sizes where its loops do not run, is
  /// clamped: `max(E, 0)`).
  std::vector<std::string> shapeFormulas() const;
  /// For buffers of indices: the extents of the array dimensions its values
  /// select in a gather (`x[col[i]]`: x's extent). Validation inputs hold
  /// values from 0 to below the smallest (the manifest's `"index_of"`).
  std::vector<IndexExpr> IndexOf;
  /// For sizes: the C type (printed as `"type"` when it is not int).
  IntType Int;
  /// For sizes in a manifest: the OpenCL type the kernels take it as
  /// (`"kernel_type"`, printed when it is not int).
  std::string KernelType;
};

/// Describes F's parameters in order. Returns the reasons, one per buffer
/// whose extent cannot be determined (empty when every one can).
std::vector<std::string> describeArguments(const Function &F,
                                             std::vector<ArgumentInfo> &Out);

/// A's manifest entry (docs/manifest.md, "arguments"), written by the
/// manifest codec: `{"name": "A", "kind": "buffer", "type": "float",
/// "access": "in", "shape": ["M", "K"]}`.
manifest::Argument manifestArgument(const ArgumentInfo &A);

/// A derived size's definition (Variable::Definition) in the manifest's
/// formula syntax; nullopt for what the formulas cannot say.
std::optional<std::string> formulaOf(const Expr &E);

/// The manifest's "derived_sizes" of F (docs/manifest.md); nullopt when a
/// definition has no formula.
std::optional<std::vector<manifest::DerivedSize>>
derivedSizes(const Function &F, const std::string &KernelType);

/// The JSON object printed by `--print-signature`:
/// {"function":..., "file":..., "arguments":[...]}, with "derived_sizes"
/// ([{"name", "value", "when"}]) where the function computes sizes.
std::string signatureJSON(const std::string &File, const Function &F,
                          const std::vector<ArgumentInfo> &Args);

} // namespace looptile

#endif // LOOPTILE_MAPPING_SIGNATURE_H
