//===- Legality.cpp - the lecture's dependence theorems -------------------===//
//
// Implements the parallel-loop theorem, the interchange theorem and the
// lexicographic invariant of lecture 04 ("When is a Loop Parallel?",
// "Parallelism and Loop Interchange").
//
//===----------------------------------------------------------------------===//
#include "looptile/Analysis/Legality.h"

#include <cassert>

using namespace looptile;

// "A direction vector cannot have > as the first non-= symbol, as that would
// mean that I depend on something in the future." (lecture 04)
bool looptile::satisfiesDirectionInvariant(const DirectionVector &V) {
  std::optional<size_t> First = V.firstNonEqual();
  return !First || V[*First] != Dir::GT;
}

// The '*'-free vectors a row stands for: its expansions that satisfy the
// invariant.
static std::vector<DirectionVector> feasibleExpansions(const DirectionVector &V) {
  std::vector<DirectionVector> Out;
  for (DirectionVector &E : V.expand())
    if (satisfiesDirectionInvariant(E))
      Out.push_back(std::move(E));
  return Out;
}

// "Th. Parallelism: A loop in a loop nest is parallel iff for each entry in
// its direction column, the entry is either = or there exists an outer loop
// whose corresponding direction is <." (lecture 04)
std::optional<size_t>
looptile::findParallelismViolation(const std::vector<DirectionVector> &Rows,
                                   unsigned Level) {
  for (size_t R = 0; R < Rows.size(); ++R) {
    assert(Level < Rows[R].size() && "loop level outside the row");
    for (const DirectionVector &E : feasibleExpansions(Rows[R])) {
      bool CarriedOutside = false;
      for (unsigned K = 0; K < Level; ++K)
        CarriedOutside |= E[K] == Dir::LT;
      if (E[Level] != Dir::EQ && !CarriedOutside)
        return R;
    }
  }
  return std::nullopt;
}

// "Th. Loop Interchange: Interchanging two loops in a loop nest is legal iff
// interchanging the columns of the direction matrix in the same way does NOT
// result in a > direction as the leftmost non-= direction in a row."
// (lecture 04) Any permutation is a sequence of interchanges, and the test
// only looks at the final matrix, so it applies to permutations as a whole.
std::optional<size_t>
looptile::findPermutationViolation(const std::vector<DirectionVector> &Rows,
                                   const std::vector<unsigned> &Perm) {
  for (size_t R = 0; R < Rows.size(); ++R)
    for (const DirectionVector &E : feasibleExpansions(Rows[R]))
      if (!satisfiesDirectionInvariant(E.permuted(Perm)))
        return R;
  return std::nullopt;
}
