//===- OpenCLExpr.h - IR expressions printed as OpenCL C -------*- C++ -*-===//
//
// Internal to lib/CodeGen: prints IR expressions and statements as OpenCL C.
// Multi-dimensional array parameters become flat `__global` pointers
// (`A[i][k]` over `float A[M][K]` is `A[i*K + k]`); math functions take
// OpenCL's overloaded names (`sqrtf` -> `sqrt`). Hooks let a kernel emitter
// replace a staged global access by its local-memory tile and rename
// scalars (register arrays of a register-tiled kernel).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_LIB_CODEGEN_OPENCLEXPR_H
#define LOOPTILE_LIB_CODEGEN_OPENCLEXPR_H

#include "looptile/IR/LoopNest.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace looptile {

struct CLPrintContext {
  const Function *F = nullptr;
  /// Replaces an ArrayRef (e.g. by a local tile element); std::nullopt
  /// keeps the default global access.
  std::function<std::optional<std::string>(const Expr &)> ArrayHook;
  /// Replaces a scalar's name (e.g. `tmp` -> `acc[wm][wn]`).
  std::map<std::string, std::string> ScalarRename;
  /// Substitutes loop variables inside subscripts (e.g. i -> i0 + ty).
  std::map<std::string, IndexExpr> IndexSubst;
  /// Index variables the kernel holds in a wider signed type than the C
  /// (see indexTypeName): where a value uses one, it is converted back to
  /// its own type (`(ulong)i`), so the value's arithmetic is the C's.
  std::map<std::string, std::string> ValueCasts;
};

/// Applies Ctx.IndexSubst to E.
IndexExpr substituted(const IndexExpr &E, const CLPrintContext &Ctx);

/// OpenCL C text of the flat index of Name[Subscripts] (flatIndex), after
/// Ctx's substitutions. Where a subscript of a flattened array has more
/// than one term (`A[i - n + 5][j]`), the index is printed in Horner form,
/// each such subscript computed on its own as the C computes it:
/// `(i - n + 5)*m + j`, not distributed (`i*m - n*m + 5*m + j`). Each
/// partial result is then a subscript or an element offset inside the
/// array, while a distributed term such as `n*m` can pass INT_MAX for an
/// array of a few rows (int overflow, undefined in OpenCL C as in C).
/// Subscripts of one term each keep the distributed form (`i*m + j`),
/// whose terms are each bounded by the array.
std::string clFlatIndex(const Function &F, const std::string &Name,
                        const std::vector<IndexExpr> &Subscripts,
                        const CLPrintContext &Ctx);

/// OpenCL C text of E.
std::string clExpr(const Expr &E, const CLPrintContext &Ctx);

/// OpenCL C text of the assignment S (without declaration keyword unless
/// DeclType is set and the scalar is not renamed), with the semicolon.
std::string clStmt(const Stmt &S, const CLPrintContext &Ctx);

/// OpenCL C text of a statement's guard (the condition of its `if`). The
/// affine conditions are printed as C (the naive and single-work-item
/// kernels keep the loop variables' names); the data conditions with
/// clExpr.
std::string clGuard(const Guard &G, const CLPrintContext &Ctx);

/// The OpenCL name of a C math function (`sqrtf` -> `sqrt`).
std::string clMathName(const std::string &CName);

} // namespace looptile

#endif // LOOPTILE_LIB_CODEGEN_OPENCLEXPR_H
