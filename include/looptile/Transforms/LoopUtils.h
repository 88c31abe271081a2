//===- LoopUtils.h - finding loops and bands in the IR ---------*- C++ -*-===//
//
// Owns the navigation helpers the transforms share: locating a loop by its
// variable, the perfectly nested band below a loop, and fresh names.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_LOOPUTILS_H
#define LOOPTILE_TRANSFORMS_LOOPUTILS_H

#include "looptile/IR/LoopNest.h"

#include <functional>
#include <string>
#include <vector>

namespace looptile {

/// Where a loop sits: the nest (index into Function::Body) and the loops
/// from the nest's root down to it.
struct LoopLocation {
  unsigned NestIndex = 0;
  std::vector<Loop *> Path; ///< root first, the loop itself last
  Loop &loop() const { return *Path.back(); }
};

/// Finds the loop selected by Spec: a loop variable (`j`), a loop variable
/// and the line its `for` is on (`j:12`), for functions that reuse a name,
/// or that and the copy that loop distribution made (`j:12.2`, Loop::Copy).
/// OnlyNest >= 0 restricts the search to that nest. Returns false when there
/// is none; sets Ambiguous when several loops match (Lines then lists their
/// LINE or LINE.COPY).
bool findLoop(Function &F, const std::string &Spec, LoopLocation &Out,
              bool &Ambiguous, int OnlyNest = -1,
              std::vector<std::string> *Lines = nullptr);

/// The loop variable of a selector (`j` for `j:12`).
std::string selectorVar(const std::string &Spec);

/// True when S is a loop selector: VAR, VAR:LINE or VAR:LINE.COPY.
bool isLoopSelector(const std::string &S);

/// The shortest selector that names L alone in F (VAR, VAR:LINE or
/// VAR:LINE.COPY); empty when none does. TakenElsewhere, when given, says
/// whether a selector also names a loop outside F (F a part of a larger
/// function): such a selector is not unique either.
std::string uniqueSelector(
    Function &F, const Loop &L,
    const std::function<bool(const std::string &)> &TakenElsewhere = {});

/// True when Outer's body is exactly one loop (nothing before or after it).
bool hasSingleLoopBody(const Loop &Outer);

/// The loop directly inside Outer when Outer's body is exactly one loop.
Loop *singleInnerLoop(Loop &Outer);

/// A variable name not used by any variable or loop of F and reserved in
/// neither C nor OpenCL, built from Base (Base itself, else Base_2, Base_3,
/// ...): NameTable::fresh.
std::string freshName(const Function &F, const std::string &Base);

/// Finds the body that directly holds Target (F.Body or a loop's body) and
/// Target's index in it. Returns false when Target is not in Body.
bool findParentBody(std::vector<Node> &Body, const Loop *Target,
                    std::vector<Node> *&Parent, size_t &Index);

/// A loop with variable Var over the last value of L's variable only:
/// [max(lo, hi), hi], which runs once when L runs at all and never when it
/// does not. L must have step 1 and a single lower and upper bound.
Loop lastIterationLoop(const Loop &L, const std::string &Var);

/// The copy-out of a privatized variable after L (which must belong to F):
/// a lastIterationLoop over the last iteration of L holding, for each
/// statement of L whose id is in Writes (in that order), the loops below L
/// around it (fresh `_out` variables, the same bounds and steps) and the
/// statement Make builds from it. Make gets the write and a function that
/// renames L's and those loops' variables in an index expression, and
/// leaves Id and Loc to the caller (they are set from the write). The copy
/// then runs exactly where the last iteration of L ran the write.
Loop lastIterationCopy(
    const Function &F, const Loop &L, const std::vector<unsigned> &Writes,
    const std::function<
        Stmt(const Stmt &, const std::function<IndexExpr(const IndexExpr &)> &)>
        &Make);

/// The preorder (textual) index of L among the loops of the nest rooted at
/// Root, the numbering of NestDependences::Loops; the number of loops of the
/// nest when L is not in it.
unsigned preorderIndex(const Loop &Root, const Loop *L);

/// Every loop variable of F (all nests).
std::vector<std::string> allLoopVars(const Function &F);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_LOOPUTILS_H
