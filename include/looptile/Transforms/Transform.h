//===- Transform.h - legality-checked loop transformations -----*- C++ -*-===//
//
// Owns the transformation requests of the command line and their
// application: each step first asks its legality check (which explains a
// refusal with the dependence, its direction vector before and after, and
// the source locations) and only then runs the mechanism.
//
//   --strip-mine i=16     always legal (lecture 04, "Loop Strip Mining")
//   --interchange i,j     interchange theorem
//   --order j,i,k         interchange theorem, for a whole permutation
//   --tile 16 | i=32,...  strip-mine + interchange; legal iff the band is
//                         fully permutable
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_TRANSFORMS_TRANSFORM_H
#define LOOPTILE_TRANSFORMS_TRANSFORM_H

#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace looptile {

struct TransformStep {
  enum Kind { StripMine, Interchange, Order, Tile, Distribute, Expand };
  Kind K = StripMine;
  /// Per-loop sizes: `i=16` for strip-mine, `i=32,j=32,k=8` for tile.
  std::vector<std::pair<std::string, int64_t>> Sizes;
  /// `--tile 16`: one size for every loop of the outermost band.
  int64_t UniformSize = 0;
  /// Loop variables: the two of --interchange, the order of --order, the
  /// loop selector of --expand NAME:LOOP.
  std::vector<std::string> Loops;
  /// The loop of --distribute (empty: the outermost loop of each nest) or
  /// the variable of --expand.
  std::string Target;

  /// The step as the user wrote it, e.g. `--interchange i,j`.
  std::string spelling() const;
};

/// Applies Step to F when it is legal. On refusal F is unchanged and Diags
/// holds an error (at the loop) and notes (at the accesses); returns false.
bool applyStep(Function &F, const TransformStep &Step,
               std::vector<Diagnostic> &Diags);

} // namespace looptile

#endif // LOOPTILE_TRANSFORMS_TRANSFORM_H
