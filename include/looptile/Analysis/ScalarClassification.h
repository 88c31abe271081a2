//===- ScalarClassification.h - private, reduction, carried ----*- C++ -*-===//
//
// Owns the classification of a variable written in a loop (lecture 04,
// "Loop Distribution May Require Array Expansion" and "False Dependencies"):
//  * private: every read in an iteration follows a write in the same
//    iteration (or the variable is declared inside the loop), so each
//    iteration can have its own copy;
//  * reduction: only updated by one associative operator (`x += e`,
//    `x -= e`, `x *= e`, `x = x + e`, `x = x * e`, `x = fminf(x, e)`,
//    `x = fmaxf(x, e)`, ...) and not otherwise read in the loop;
//  * carried: anything else, a real loop-carried flow.
// Reductions apply to array elements too (matmul's `C[i][j] += ...` over
// k) when the updated element's subscripts do not mention the loop.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_SCALARCLASSIFICATION_H
#define LOOPTILE_ANALYSIS_SCALARCLASSIFICATION_H

#include "looptile/IR/LoopNest.h"

#include <optional>
#include <string>
#include <utility>

namespace looptile {

enum class VarClass { Private, Reduction, Carried };
/// "private", "reduction" or "carried".
const char *varClassName(VarClass C);

enum class ReductionOp { Sum, Product, Min, Max };
/// "+", "*", "min" or "max".
const char *reductionOpName(ReductionOp Op);

/// The operator when statement S updates Name (scalar or array element) in
/// reduction form: its left-hand side is Name and its right-hand side reads
/// Name only as the accumulator operand.
std::optional<ReductionOp> reductionUpdate(const Stmt &S,
                                           const std::string &Name);

/// The operator when statement S updates the array element Target (an
/// ArrayRef) in reduction form, as reductionUpdate with Target's reference
/// (the same name and subscripts) as the accumulator: its right-hand side
/// and guard may read other references to Target's array (`A[i][j] -=
/// A[i][k] * A[k][j]`). Whether those can reach Target's element is for
/// the dependence analysis to decide (findElementReduction).
std::optional<ReductionOp> elementUpdate(const Stmt &S, const Expr &Target);

/// An array-element reduction over L: every statement inside L that writes
/// the array Name updates one element, Target, the same reference in each
/// (elementUpdate, one operator), Target's subscripts do not mention L's
/// variable, and no statement reads Target's reference other than as the
/// accumulator. Other references to Name may be read: the caller must prove
/// with the dependences that they never reach Target's element while L
/// runs (DependenceAnalysis.cpp). Returns Target and the operator.
std::optional<std::pair<Expr, ReductionOp>>
findElementReduction(const Loop &L, const std::string &Name);

/// The operator when every statement inside L that accesses Name is a
/// reduction update of Name with that one operator, and no updated
/// subscript mentions L's variable.
std::optional<ReductionOp> findReduction(const Loop &L,
                                         const std::string &Name);

/// True when, in every iteration of L, each read of the scalar Name follows
/// a write of it earlier in the same iteration. Writes inside an inner loop
/// do not count (the inner loop may run zero times); a guarded write counts
/// only for reads whose guard implies its guard (`if (c) t = ..; if (c) .. =
/// t;`), with nothing in between writing what its data conditions read.
bool isWrittenBeforeRead(const Function &F, const Loop &L,
                         const std::string &Name);

/// True when the local Name is declared in L or in a loop nested in L.
bool isDeclaredInside(const Function &F, const Loop &L,
                      const std::string &Name);

/// True when a read of the scalar Name after L (later in the enclosing
/// bodies, or earlier in them on the next iteration of an enclosing loop)
/// can see the value L left, i.e. privatizing Name in L needs a copy-out.
bool isLiveAfter(const Function &F, const Loop &L, const std::string &Name);

/// True when some read of the variable Name (any element, for an array)
/// runs after L: later in the enclosing bodies, or earlier in them on the
/// next iteration of an enclosing loop. Writes in between are not taken to
/// cover it (conservative for arrays, where one write covers one element).
bool isReadAfter(const Function &F, const Loop &L, const std::string &Name);

/// The class of scalar Name, which some statement inside L writes.
VarClass classifyScalar(const Function &F, const Loop &L,
                        const std::string &Name);

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_SCALARCLASSIFICATION_H
