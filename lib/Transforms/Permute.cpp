//===- Permute.cpp - permuting a perfectly nested band of loops -----------===//
#include "looptile/Transforms/Permute.h"

#include <algorithm>
#include <cassert>

using namespace looptile;

std::vector<Loop *> looptile::perfectBand(Loop &Top, unsigned Depth) {
  std::vector<Loop *> Band{&Top};
  while (Band.size() < Depth) {
    Loop *Cur = Band.back();
    if (Cur->Body.size() != 1 || !Cur->Body[0].isLoop())
      return {};
    Band.push_back(&Cur->Body[0].loop());
  }
  return Band;
}

namespace {

/// One inequality  Expr >= 0  over band variables and outer symbols.
struct Ineq {
  IndexExpr E;
};

bool mentionsAny(const IndexExpr &E, const std::vector<std::string> &Vars) {
  for (const std::string &V : Vars)
    if (E.mentions(V))
      return true;
  return false;
}

} // namespace

std::optional<std::string>
looptile::permutedHeaders(const std::vector<Loop *> &Band,
                          const std::vector<unsigned> &Order,
                          std::vector<Loop> &Out) {
  size_t N = Band.size();
  assert(Order.size() == N && "one position per band loop");
  Out.clear();

  // Fast path: each loop's bounds mention only band variables that remain
  // outside it after the permutation; headers move unchanged.
  bool Simple = true;
  for (size_t K = 0; K < N && Simple; ++K) {
    const Loop &L = *Band[Order[K]];
    std::vector<std::string> Inner;
    for (size_t J = K + 1; J < N; ++J)
      Inner.push_back(Band[Order[J]]->Var);
    for (const IndexExpr &E : L.Lower)
      Simple &= !mentionsAny(E, Inner);
    for (const IndexExpr &E : L.Upper)
      Simple &= !mentionsAny(E, Inner);
  }
  if (Simple) {
    for (unsigned Pos : Order) {
      Loop H = *Band[Pos];
      H.Body.clear();
      Out.push_back(std::move(H));
    }
    return std::nullopt;
  }

  // General path: Fourier-Motzkin over the band's inequalities.
  std::vector<Ineq> System;
  for (const Loop *L : Band) {
    if (L->Step != 1 && L->Step != -1)
      return "loop '" + L->Var + "' has step " + std::to_string(L->Step) +
             " and bounds that depend on another loop of the band; its "
             "bounds cannot be recomputed exactly";
    IndexExpr V = IndexExpr::symbol(L->Var);
    for (const IndexExpr &E : L->Lower)
      System.push_back({V - E});
    for (const IndexExpr &E : L->Upper)
      System.push_back({E - V});
  }
  std::vector<std::vector<Ineq>> Levels(N);
  // From the innermost new position outward: the constraints that mention
  // the loop at position K bound it; eliminate it for the outer positions.
  for (size_t K = N; K-- > 0;) {
    const std::string &Var = Band[Order[K]]->Var;
    std::vector<Ineq> Lows, Ups, Rest;
    for (const Ineq &I : System) {
      int64_t C = I.E.coeffOf(Var);
      if (C == 0) {
        if (I.E.mentions(Var))
          return std::string("a bound multiplies '") + Var +
                 "' by a parameter; its bounds cannot be recomputed";
        Rest.push_back(I);
      } else if (C == 1 || C == -1) {
        (C > 0 ? Lows : Ups).push_back(I);
      } else {
        return "recomputing the bounds of '" + Var +
               "' would need a division (coefficient " + std::to_string(C) +
               "); permute such loops by hand";
      }
    }
    Levels[K] = Lows;
    Levels[K].insert(Levels[K].end(), Ups.begin(), Ups.end());
    if (Lows.empty() || Ups.empty())
      return "loop '" + Var + "' would be unbounded after the permutation";
    for (const Ineq &L : Lows)   //  Var + a >= 0
      for (const Ineq &U : Ups) { // -Var + b >= 0   =>  a + b >= 0
        IndexExpr Sum = L.E + U.E;
        if (Sum.isConstant()) {
          if (Sum.constantPart() < 0)
            return "the band's iteration space is empty after the "
                   "permutation";
          continue; // trivially true
        }
        Rest.push_back({Sum});
      }
    System = Rest;
  }
  for (size_t K = 0; K < N; ++K) {
    Loop H = *Band[Order[K]];
    H.Body.clear();
    H.Lower.clear();
    H.Upper.clear();
    IndexExpr V = IndexExpr::symbol(H.Var);
    for (const Ineq &I : Levels[K]) {
      int64_t C = I.E.coeffOf(H.Var);
      // C*V + R >= 0  with C = +1 gives V >= -R, with C = -1 gives V <= R.
      IndexExpr R = I.E - V.scaled(C);
      std::vector<IndexExpr> &Side = C > 0 ? H.Lower : H.Upper;
      IndexExpr Bound = C > 0 ? -R : R;
      if (std::find(Side.begin(), Side.end(), Bound) == Side.end())
        Side.push_back(Bound);
    }
    Out.push_back(std::move(H));
  }
  return std::nullopt;
}

void looptile::applyPermutation(const std::vector<Loop *> &Band,
                                const std::vector<Loop> &Headers) {
  assert(Band.size() == Headers.size() && "one header per band loop");
  for (size_t K = 0; K < Band.size(); ++K) {
    Loop &Target = *Band[K];
    std::vector<Node> Body = std::move(Target.Body);
    Target = Headers[K];
    Target.Body = std::move(Body);
  }
}
