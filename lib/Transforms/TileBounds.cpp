//===- TileBounds.cpp - tiling bands with dependent bounds ----------------===//
#include "looptile/Transforms/TileBounds.h"

#include <algorithm>

using namespace looptile;

namespace {

/// Inequalities `E >= 0` over band variables, tile variables and sizes.
using System = std::vector<IndexExpr>;

void addUnique(System &S, const IndexExpr &E) {
  if (std::find(S.begin(), S.end(), E) == S.end())
    S.push_back(E);
}

/// Splits S by the sign of Var's coefficient; an error when Var has a
/// coefficient other than +-1 or occurs in a product.
std::optional<std::string> split(const System &S, const std::string &Var,
                                 System &Lows, System &Ups, System &Rest) {
  for (const IndexExpr &E : S) {
    int64_t C = E.coeffOf(Var);
    if (C == 0 && E.mentions(Var))
      return "a bound multiplies '" + Var + "' by a size";
    if (C == 1)
      Lows.push_back(E);
    else if (C == -1)
      Ups.push_back(E);
    else if (C == 0)
      Rest.push_back(E);
    else
      return "the bounds give '" + Var + "' the coefficient " +
             std::to_string(C) + ", which would need a division";
  }
  return std::nullopt;
}

/// Fourier-Motzkin: S without Var, every pair of a lower and an upper bound
/// on Var combined. Constant consequences are dropped when true; a false
/// one means the band never runs.
std::optional<std::string> eliminate(System &S, const std::string &Var) {
  System Lows, Ups, Rest;
  if (std::optional<std::string> Err = split(S, Var, Lows, Ups, Rest))
    return Err;
  for (const IndexExpr &L : Lows)
    for (const IndexExpr &U : Ups) {
      IndexExpr Sum = L + U;
      if (Sum.isConstant()) {
        if (Sum.constantPart() < 0)
          return std::string("the band's loops never run");
        continue;
      }
      addUnique(Rest, Sum);
    }
  S = Rest;
  return std::nullopt;
}

bool mentionsAnyVar(const IndexExpr &E, const std::vector<std::string> &Vars) {
  return std::any_of(Vars.begin(), Vars.end(),
                     [&](const std::string &V) { return E.mentions(V); });
}

/// The bound that E >= 0 puts on Var (coefficient +1: lower, -1: upper).
IndexExpr boundOf(const IndexExpr &E, const std::string &Var) {
  int64_t C = E.coeffOf(Var);
  IndexExpr Rest = E - IndexExpr::symbol(Var).scaled(C);
  return C > 0 ? -Rest : Rest;
}

/// Drops each upper bound that another exceeds by a constant (min(N, N + 3)
/// is N).
void pruneUpper(std::vector<IndexExpr> &Upper) {
  for (size_t I = 0; I < Upper.size();) {
    bool Dominated = false;
    for (size_t J = 0; J < Upper.size() && !Dominated; ++J) {
      if (I == J)
        continue;
      IndexExpr D = Upper[I] - Upper[J];
      Dominated = D.isConstant() &&
                  (D.constantPart() > 0 || (D.constantPart() == 0 && J < I));
    }
    if (Dominated)
      Upper.erase(Upper.begin() + I);
    else
      ++I;
  }
}

int64_t ceilDiv(int64_t A, int64_t B) { // B > 0
  return A >= 0 ? (A + B - 1) / B : -((-A) / B);
}

} // namespace

bool looptile::hasDependentBounds(const std::vector<Loop *> &Band) {
  std::vector<std::string> Vars;
  for (const Loop *L : Band)
    Vars.push_back(L->Var);
  for (const Loop *L : Band) {
    for (const IndexExpr &E : L->Lower)
      if (mentionsAnyVar(E, Vars))
        return true;
    for (const IndexExpr &E : L->Upper)
      if (mentionsAnyVar(E, Vars))
        return true;
  }
  return false;
}

std::optional<std::string> looptile::tiledHeaders(
    const std::vector<Loop *> &Band, const std::vector<int64_t> &Sizes,
    const std::vector<std::string> &TileVars, std::vector<Loop> &Out) {
  size_t N = Band.size();
  Out.clear();
  std::vector<std::string> Vars;
  System Base;
  for (const Loop *L : Band) {
    if (L->Step != 1)
      return "loop '" + L->Var + "' has step " + std::to_string(L->Step) +
             "; tiling a band with dependent bounds needs step 1";
    Vars.push_back(L->Var);
    IndexExpr V = IndexExpr::symbol(L->Var);
    for (const IndexExpr &E : L->Lower)
      addUnique(Base, V - E);
    for (const IndexExpr &E : L->Upper)
      addUnique(Base, E - V);
  }

  // Grid origins: a lower bound of each variable over the whole band (its
  // own lower bound when that mentions no band variable).
  std::vector<IndexExpr> Origin(N);
  for (size_t K = 0; K < N; ++K) {
    const Loop &L = *Band[K];
    if (L.Lower.size() == 1 && !mentionsAnyVar(L.Lower[0], Vars)) {
      Origin[K] = L.Lower[0];
      continue;
    }
    System S = Base;
    for (size_t J = 0; J < N; ++J)
      if (J != K)
        if (std::optional<std::string> Err = eliminate(S, Vars[J]))
          return Err;
    System Lows, Ups, Rest;
    if (std::optional<std::string> Err = split(S, Vars[K], Lows, Ups, Rest))
      return Err;
    if (Lows.empty())
      return "loop '" + Vars[K] + "' has no lower bound over the band";
    // Any of them is a valid origin; the largest constant one, else the
    // first, keeps the fewest empty tiles.
    std::optional<IndexExpr> Best;
    for (const IndexExpr &E : Lows) {
      IndexExpr B = boundOf(E, Vars[K]);
      if (!Best ||
          (B.isConstant() && Best->isConstant() &&
           B.constantPart() > Best->constantPart()) ||
          (B.isConstant() && !Best->isConstant()))
        Best = B;
    }
    Origin[K] = *Best;
  }

  // The tile loops: eliminate the point variables (innermost first) from
  // the band's inequalities plus vv <= v <= vv + T - 1.
  System S = Base;
  for (size_t K = 0; K < N; ++K) {
    IndexExpr V = IndexExpr::symbol(Vars[K]);
    IndexExpr TV = IndexExpr::symbol(TileVars[K]);
    addUnique(S, V - TV);
    addUnique(S, TV + IndexExpr::constant(Sizes[K] - 1) - V);
  }
  for (size_t K = N; K-- > 0;)
    if (std::optional<std::string> Err = eliminate(S, Vars[K]))
      return Err;
  std::vector<Loop> Tiles(N);
  std::vector<bool> StartsAtOrAbove(N, true); // start >= Origin[K]
  for (size_t K = N; K-- > 0;) {
    System Lows, Ups, Rest;
    if (std::optional<std::string> Err = split(S, TileVars[K], Lows, Ups, Rest))
      return Err;
    Loop &T = Tiles[K];
    T.Var = TileVars[K];
    T.Step = Sizes[K];
    T.VarType = Band[K]->VarType;
    T.Loc = Band[K]->Loc;
    for (const IndexExpr &E : Ups) {
      IndexExpr B = boundOf(E, TileVars[K]);
      if (std::find(T.Upper.begin(), T.Upper.end(), B) == T.Upper.end())
        T.Upper.push_back(B);
    }
    if (T.Upper.empty())
      return "loop '" + Vars[K] + "' has no upper bound over the band";
    pruneUpper(T.Upper);
    // The start: a lower bound `ww + c` on an outer tile loop ww on the same
    // grid, rounded up to the grid; else the origin.
    T.Lower = {Origin[K]};
    for (const IndexExpr &E : Lows) {
      IndexExpr B = boundOf(E, TileVars[K]);
      for (size_t M = 0; M < K; ++M) {
        IndexExpr C = B - IndexExpr::symbol(TileVars[M]);
        if (!C.isConstant() || Sizes[M] != Sizes[K] || Origin[M] != Origin[K])
          continue;
        int64_t Up = Sizes[K] * ceilDiv(C.constantPart(), Sizes[K]);
        T.Lower = {IndexExpr::symbol(TileVars[M]) + IndexExpr::constant(Up)};
        StartsAtOrAbove[K] = Up >= 0 && StartsAtOrAbove[M];
        break;
      }
      if (T.Lower.front() != Origin[K])
        break;
    }
    if (std::optional<std::string> Err = eliminate(S, TileVars[K]))
      return Err;
  }

  // The point loops: the tile's range intersected with the original bounds
  // (an original lower bound equal to the origin is implied by the tile
  // loop's start).
  for (size_t K = 0; K < N; ++K)
    Out.push_back(Tiles[K]);
  for (size_t K = 0; K < N; ++K) {
    const Loop &L = *Band[K];
    Loop P;
    P.Var = L.Var;
    P.Step = 1;
    P.VarType = L.VarType;
    P.Loc = L.Loc;
    IndexExpr TV = IndexExpr::symbol(TileVars[K]);
    P.Lower = {TV};
    for (const IndexExpr &E : L.Lower)
      if (!(E == Origin[K] && StartsAtOrAbove[K]))
        P.Lower.push_back(E);
    P.Upper = {TV + IndexExpr::constant(Sizes[K] - 1)};
    for (const IndexExpr &E : L.Upper)
      P.Upper.push_back(E);
    Out.push_back(std::move(P));
  }
  return std::nullopt;
}
