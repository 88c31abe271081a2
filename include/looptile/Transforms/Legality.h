//===- Legality.h - legality of reordering loops, with reasons -*- C++ -*-===//
//
// Owns the legality checks of the transforms: they run the dependence
// analysis on the current IR, apply the lecture's theorems (implemented once
// in Analysis/Legality.h) and, on refusal, explain why: the dependence, its
// direction vector before and after, and notes at its two accesses.
// A dependence the analysis could not decide refuses as "cannot prove legal".
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_LEGALITY_H
#define LOOPTILE_TRANSFORMS_LEGALITY_H

#include "looptile/Analysis/Dependence.h"
#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"

#include <string>
#include <vector>

namespace looptile {

/// "flow dependence S0 -> S1 on 'A'"
std::string depDescription(const Dependence &D);

/// Appends the notes at D's source and sink accesses, which every refusal
/// that names a dependence carries.
void addAccessNotes(const Dependence &D, std::vector<Diagnostic> &Diags);

/// Interchange theorem applied to a band of nest NestIndex: Band holds the
/// band's loops (in F), outermost first; only the dependences between the
/// statements under the band are checked, so a sibling band that reuses the
/// loop names does not count. Order[K] is the band position of the loop
/// that moves to position K. What names the request in the error
/// ("interchange loops 'i' and 'j'"), At is where the error points.
bool checkPermutationLegal(const Function &F, unsigned NestIndex,
                           const std::vector<const Loop *> &Band,
                           const std::vector<unsigned> &Order,
                           const std::string &What, SourceLoc At,
                           std::vector<Diagnostic> &Diags);

/// Tiling legality: the band is fully permutable, i.e. every dependence not
/// carried by a loop outside the band has only '<' and '=' over the band.
/// This is the interchange theorem for every order of the strip-mined tile
/// loops at once: a row with only '<' and '=' over the band keeps '<' as its
/// leftmost non-'=' entry under any permutation, and a row with a '>' has a
/// permutation that puts the '>' first.
bool checkBandPermutable(const Function &F, unsigned NestIndex,
                         const std::vector<const Loop *> &Band,
                         const std::string &What, SourceLoc At,
                         std::vector<Diagnostic> &Diags);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_LEGALITY_H
