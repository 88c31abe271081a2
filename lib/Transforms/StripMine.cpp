//===- StripMine.cpp - strip-mining a loop --------------------------------===//
#include "looptile/Transforms/StripMine.h"

#include <cassert>

using namespace looptile;

std::optional<std::string> looptile::whyCannotStripMine(const Loop &L,
                                                        int64_t Size) {
  if (Size < 1)
    return "the strip size must be a positive integer";
  const std::vector<IndexExpr> &Start = L.Step > 0 ? L.Lower : L.Upper;
  if (Start.size() != 1)
    return "loop '" + L.Var + "' starts at a " +
           (L.Step > 0 ? "max" : "min") +
           " of several bounds; a strip-mined loop needs a single start value";
  if (Size > (int64_t(1) << 20) ||
      (L.Step > 0 ? L.Step : -L.Step) > (int64_t(1) << 20))
    return "the strip size or the loop's step is too large";
  return std::nullopt;
}

void looptile::stripMine(LoopLocation Where, int64_t Size,
                         const std::string &TileVar) {
  Loop &L = Where.loop();
  assert(!whyCannotStripMine(L, Size) && "strip-mining precondition");
  // The tile loop visits every Size-th value of the original, in the same
  // direction; the point loop runs Size values from there (fewer in the
  // last tile), so together they visit the same values in the same order.
  IndexExpr TV = IndexExpr::symbol(TileVar);
  IndexExpr Reach = IndexExpr::constant((Size - 1) * L.Step);
  Loop Point = L; // keeps the body, the variable, the step and the location
  if (L.Step > 0) {
    Point.Lower = {TV};
    Point.Upper.insert(Point.Upper.begin(), TV + Reach);
  } else {
    Point.Upper = {TV};
    Point.Lower.insert(Point.Lower.begin(), TV + Reach);
  }
  Loop Tile;
  Tile.Var = TileVar;
  Tile.Lower = L.Lower;
  Tile.Upper = L.Upper;
  Tile.Step = Size * L.Step;
  Tile.VarType = L.VarType;
  Tile.Loc = L.Loc;
  Tile.Body.push_back(Node{std::move(Point)});
  L = std::move(Tile);
}
