//===- Legality.cpp - legality of reordering loops, with reasons ----------===//
#include "looptile/Transforms/Legality.h"

#include "looptile/Analysis/Dependence.h"
#include "looptile/Analysis/Legality.h"
#include "looptile/Transforms/LoopUtils.h"

#include <algorithm>
#include <functional>

using namespace looptile;

namespace {

// Column of each band loop in the dependence's vectors, or empty when the
// dependence does not span the whole band. Loops are matched by identity
// (their preorder index in the nest, the analysis' numbering), never by
// name: a sibling band that reuses the names `j`, `k` has loops of its own.
std::vector<unsigned> bandColumns(const Dependence &D,
                                  const std::vector<unsigned> &BandIds) {
  std::vector<unsigned> Cols;
  for (unsigned Id : BandIds) {
    auto It = std::find(D.CommonLoops.begin(), D.CommonLoops.end(), Id);
    if (It == D.CommonLoops.end())
      return {};
    Cols.push_back(unsigned(It - D.CommonLoops.begin()));
  }
  return Cols;
}

bool refuseAssumed(const Dependence &D, const std::string &What, SourceLoc At,
                   std::vector<Diagnostic> &Diags) {
  Diags.push_back({Diagnostic::Error, At,
                   "cannot prove it legal to " + What + ": the " +
                       depDescription(D) +
                       " could not be decided (direction " +
                       D.Directions.front().str() + ")"});
  addAccessNotes(D, Diags);
  return false;
}

// Runs the analysis on the nest as it is now and calls Check for every
// dependence that spans the whole band (the dependences between statements
// under the band's innermost loop), with the band's columns in it; an
// undecided one refuses. Returns false as soon as a check refuses.
bool checkBandDependences(
    const Function &F, unsigned NestIndex,
    const std::vector<const Loop *> &Band, const std::string &What,
    SourceLoc At, std::vector<Diagnostic> &Diags,
    const std::function<bool(const NestDependences &, const Dependence &,
                             const std::vector<unsigned> &)> &Check) {
  std::vector<Diagnostic> Ignored; // the aliasing policy is reported once,
                                   // by --print-deps and the driver
  NestDependences ND = analyzeNest(F, NestIndex, Ignored);
  std::vector<unsigned> BandIds;
  for (const Loop *L : Band)
    BandIds.push_back(preorderIndex(F.Body[NestIndex].loop(), L));
  for (const Dependence &D : ND.Deps) {
    std::vector<unsigned> Cols = bandColumns(D, BandIds);
    if (Cols.empty())
      continue;
    if (D.Assumed)
      return refuseAssumed(D, What, At, Diags);
    if (!Check(ND, D, Cols))
      return false;
  }
  return true;
}

} // namespace

void looptile::addAccessNotes(const Dependence &D,
                              std::vector<Diagnostic> &Diags) {
  Diags.push_back(
      {Diagnostic::Note, D.SourceAccess.Loc,
       "source access '" + D.SourceAccess.str() + "' in " + D.sourceName()});
  Diags.push_back(
      {Diagnostic::Note, D.SinkAccess.Loc,
       "sink access '" + D.SinkAccess.str() + "' in " + D.sinkName()});
}

std::string looptile::depDescription(const Dependence &D) {
  return std::string(depKindName(D.DepKind)) + " dependence " + D.sourceName() +
         " -> " + D.sinkName() + " on '" + D.Array + "'";
}

bool looptile::checkPermutationLegal(const Function &F, unsigned NestIndex,
                                     const std::vector<const Loop *> &Band,
                                     const std::vector<unsigned> &Order,
                                     const std::string &What, SourceLoc At,
                                     std::vector<Diagnostic> &Diags) {
  return checkBandDependences(F, NestIndex, Band, What, At, Diags,
                              [&](const NestDependences &, const Dependence &D,
                                  const std::vector<unsigned> &Cols) {
    // Column permutation over the dependence's own loops: the band's
    // columns are reordered, every other column stays.
    std::vector<unsigned> Perm(D.CommonLoops.size());
    for (unsigned K = 0; K < Perm.size(); ++K)
      Perm[K] = K;
    for (unsigned K = 0; K < Order.size(); ++K)
      Perm[Cols[K]] = Cols[Order[K]];
    // Interchange theorem (lecture 04): legal iff no permuted row has '>'
    // as its leftmost non-'=' entry.
    if (std::optional<size_t> Bad =
            findPermutationViolation(D.Directions, Perm)) {
      const DirectionVector &V = D.Directions[*Bad];
      Diags.push_back({Diagnostic::Error, At,
                       "cannot " + What + ": " + depDescription(D) +
                           " has direction " + V.str() + ", which becomes " +
                           V.permuted(Perm).str() +
                           " ('>' as the leftmost non-'=' entry)"});
      addAccessNotes(D, Diags);
      return false;
    }
    return true;
  });
}

bool looptile::checkBandPermutable(const Function &F, unsigned NestIndex,
                                   const std::vector<const Loop *> &Band,
                                   const std::string &What, SourceLoc At,
                                   std::vector<Diagnostic> &Diags) {
  return checkBandDependences(F, NestIndex, Band, What, At, Diags,
                              [&](const NestDependences &ND, const Dependence &D,
                                  const std::vector<unsigned> &Cols) {
    unsigned First = *std::min_element(Cols.begin(), Cols.end());
    for (const DirectionVector &V : D.Directions) {
      // Carried by a loop outside (above) the band: the band's order does
      // not matter for this instance.
      bool CarriedOutside = false;
      for (unsigned K = 0; K < First; ++K)
        if (V[K] == Dir::LT) {
          CarriedOutside = true;
          break;
        }
      if (CarriedOutside)
        continue;
      for (unsigned C : Cols)
        if (V[C] != Dir::LT && V[C] != Dir::EQ) {
          Diags.push_back(
              {Diagnostic::Error, At,
               "cannot " + What + ": the band is not fully permutable; " +
                   depDescription(D) + " has direction " + V.str() +
                   " with '" + std::string(1, dirChar(V[C])) +
                   "' at loop '" + ND.loopOf(D, C).Var + "'"});
          addAccessNotes(D, Diags);
          return false;
        }
    }
    return true;
  });
}
