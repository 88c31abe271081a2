//===- StripMine.cpp - strip-mining a loop --------------------------------===//
#include "looptile/Transforms/StripMine.h"

#include <cassert>

using namespace looptile;

std::optional<std::string> looptile::whyCannotStripMine(const Loop &L,
                                                        int64_t Size) {
  if (Size < 1)
    return "the strip size must be a positive integer";
  if (L.Step != 1)
    return "loop '" + L.Var + "' has step " + std::to_string(L.Step) +
           "; only loops with step 1 can be strip-mined";
  if (L.Lower.size() != 1)
    return "loop '" + L.Var +
           "' starts at a max of several bounds; a strip-mined loop needs a "
           "single start value";
  return std::nullopt;
}

void looptile::stripMine(LoopLocation Where, int64_t Size,
                         const std::string &TileVar) {
  Loop &L = Where.loop();
  assert(!whyCannotStripMine(L, Size) && "strip-mining precondition");
  Loop Point = L; // keeps the body, the variable and the location
  Point.Lower = {IndexExpr::symbol(TileVar)};
  Point.Upper.insert(Point.Upper.begin(),
                     IndexExpr::symbol(TileVar) +
                         IndexExpr::constant(Size - 1));
  Loop Tile;
  Tile.Var = TileVar;
  Tile.Lower = L.Lower;
  Tile.Upper = L.Upper;
  Tile.Step = Size;
  Tile.Loc = L.Loc;
  Tile.Body.push_back(Node{std::move(Point)});
  L = std::move(Tile);
}
