//===- AffineScheduleTest.cpp - schedules checked against dependences -----===//
//
// Legality pairs for the affine schedules (Analysis/AffineSchedule.h): the
// same nest with a schedule that keeps every dependence (applied, and the
// generated loops are the expected ones) and one that reverses a
// dependence (refused with an instance of it).
//
//===----------------------------------------------------------------------===//
#include "IRBuilder.h"

#include "looptile/Analysis/AffineSchedule.h"
#include "looptile/IR/Printer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

using namespace looptile;
using namespace looptile::test;

namespace {

// A[i][j] = A[i - 1][j + 1]: one flow dependence, direction (<, >).
Function diagonal() {
  return function("f", {"N"}, {"A"}, {},
                  {loop("i", {"1"}, {"N - 1"},
                        {loop("j", {"0"}, {"N - 2"},
                              {stmt("A[i][j] = A[i - 1][j + 1]")})})});
}

std::string loops(const std::vector<Node> &Nodes) {
  std::string Out;
  std::function<void(const std::vector<Node> &, std::string)> Walk =
      [&](const std::vector<Node> &Body, std::string Pad) {
        for (const Node &N : Body) {
          if (!N.isLoop()) {
            Out += Pad + N.stmt().str() + "\n";
            continue;
          }
          const Loop &L = N.loop();
          std::string Lo, Hi;
          for (const IndexExpr &E : L.Lower)
            Lo += (Lo.empty() ? "" : ", ") + E.str();
          for (const IndexExpr &E : L.Upper)
            Hi += (Hi.empty() ? "" : ", ") + E.str();
          Out += Pad + "for " + L.Var + " in [max(" + Lo + "), min(" + Hi +
                 ")]\n";
          Walk(L.Body, Pad + "  ");
        }
      };
  Walk(Nodes, "");
  return Out;
}

TEST(AffineScheduleTest, SkewKeepsTheDependence) {
  // (i, j) -> (i, i + j): the dependence (1, -1) becomes (1, 0), kept. The
  // new inner loop stands for no loop of the C alone (i + j), so it is
  // named c; j is c - i.
  Function F = diagonal();
  std::string S = "S0[i, j] -> [i, i + j]";
  AffineScheduleResult R = scheduleNest(F, 0, &S);
  ASSERT_TRUE(R.Applied) << R.Description;
  EXPECT_EQ(loops(R.Nests), "for i in [max(1), min(N - 1)]\n"
                            "  for c in [max(i), min(N + i - 2)]\n"
                            "    A[i][-i + c] = A[i - 1][-i + c + 1]\n");
}

TEST(AffineScheduleTest, InterchangeReversesTheDependence) {
  // (i, j) -> (j, i): the dependence (1, -1) becomes (-1, 1), refused.
  Function F = diagonal();
  std::string S = "S0[i, j] -> [j, i]";
  AffineScheduleResult R = scheduleNest(F, 0, &S);
  EXPECT_FALSE(R.Applied);
  EXPECT_NE(R.Description.find("does not keep the dependence"),
            std::string::npos)
      << R.Description;
  // An instance: (1, 1) writes A[1][1], which (2, 0) reads; the new order
  // runs (2, 0) at time (0, 2), before (1, 1) at (1, 1).
  EXPECT_NE(R.Description.find("S0[i = 1, j = 1] -> S0[i' = 2, j' = 0]"),
            std::string::npos)
      << R.Description;
}

TEST(AffineScheduleTest, IslScheduleOfTheDiagonalIsLegal) {
  // isl's own schedule is checked the same way, and keeps the statement.
  Function F = diagonal();
  AffineScheduleResult R = scheduleNest(F, 0);
  ASSERT_TRUE(R.Applied) << R.Description;
  EXPECT_NE(loops(R.Nests).find("A["), std::string::npos);
}

TEST(AffineScheduleTest, RefusesScalarWrites) {
  Function F = function(
      "f", {"N"}, {"A"}, {"s"},
      {loop("i", {"0"}, {"N - 1"}, {stmt("s = A[i]"), stmt("A[i] = s")})});
  AffineScheduleResult R = scheduleNest(F, 0);
  EXPECT_FALSE(R.Applied);
  EXPECT_EQ(R.Description, "statement S0 writes a scalar");
}

TEST(AffineScheduleTest, RefusesAScheduleMissingAStatement) {
  Function F = function("f", {"N"}, {"A", "B"}, {},
                        {loop("i", {"0"}, {"N - 1"},
                              {stmt("A[i] = 1"), stmt("B[i] = A[i]")})});
  std::string S = "S0[i] -> [i, 0]";
  AffineScheduleResult R = scheduleNest(F, 0, &S);
  EXPECT_FALSE(R.Applied);
  EXPECT_EQ(R.Description, "the schedule gives no time to S1");
}

} // namespace

// Floyd-Warshall's shape: A[i][j] from A[i][k] and A[k][j].
Function closure() {
  return function(
      "f", {"N"}, {"A"}, {},
      {loop("k", {"0"}, {"N - 1"},
            {loop("i", {"0"}, {"N - 1"},
                  {loop("j", {"0"}, {"N - 1"},
                        {stmt("A[i][j] = A[i][k] + A[k][j]")})})})});
}

TEST(AffineScheduleTest, SplitIndexSetsOfTheClosure) {
  // Split at j - k and i - k (below, at, above zero): nine pieces, each
  // once in the new code, all under one loop k, the first keeping the
  // statement's id and the others new ones; none of them in a wavefront.
  Function F = closure();
  AffineScheduleResult R = scheduleNest(F, 0, nullptr, true);
  ASSERT_TRUE(R.Applied) << R.Description;
  ASSERT_EQ(R.Nests.size(), 1u);
  const Loop &K = R.Nests[0].loop();
  EXPECT_EQ(K.Var, "k");
  std::vector<unsigned> Ids;
  std::function<void(const std::vector<Node> &, unsigned)> Walk =
      [&](const std::vector<Node> &Body, unsigned Depth) {
        for (const Node &N : Body) {
          if (N.isLoop()) {
            EXPECT_LT(Depth, 2u) << "a piece runs more than i and j";
            Walk(N.loop().Body, Depth + 1);
          } else {
            Ids.push_back(N.stmt().Id);
          }
        }
      };
  Walk(K.Body, 0);
  ASSERT_EQ(Ids.size(), 9u) << loops(R.Nests);
  std::sort(Ids.begin(), Ids.end());
  EXPECT_EQ(std::unique(Ids.begin(), Ids.end()), Ids.end());
  EXPECT_EQ(Ids.front(), 0u);
  // Without the split, isl's schedule of the same nest is a wavefront: a
  // second loop around the inner one.
  AffineScheduleResult W = scheduleNest(F, 0);
  ASSERT_TRUE(W.Applied) << W.Description;
  EXPECT_NE(loops(W.Nests).find("    for "), std::string::npos)
      << loops(W.Nests);
}

TEST(AffineScheduleTest, SplitNeedsAReadMeetingTheWrite) {
  // A[i][j] = A[i - 1][j + 1]: the subscripts differ by constants only,
  // no hyperplane where they meet; the split is refused, and says why.
  Function F = diagonal();
  AffineScheduleResult R = scheduleNest(F, 0, nullptr, true);
  EXPECT_FALSE(R.Applied);
  EXPECT_NE(R.Description.find("nothing to split"), std::string::npos)
      << R.Description;
}

// seidel-2d's shape: A[i][j] from its eight neighbours and itself, in
// place, in a time loop t; every loop carries a dependence.
Function seidel() {
  return function(
      "f", {"T", "N"}, {"A"}, {},
      {loop("t", {"0"}, {"T - 1"},
            {loop("i", {"1"}, {"N - 2"},
                  {loop("j", {"1"}, {"N - 2"},
                        {stmt("A[i][j] = A[i - 1][j - 1] + A[i - 1][j] + "
                              "A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + "
                              "A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] "
                              "+ A[i + 1][j + 1]")})})})});
}

TEST(AffineScheduleTest, WavefrontWithDividedBounds) {
  // The wavefront 4t + 2i + j keeps every dependence (each has a positive
  // distance along it). isl bounds t and i at a wavefront c by divisions
  // (t <= floor((c - 3) / 4)), which the IR has no form for: the loops run
  // over the bounds without them and the statement runs under the exact
  // ones, as conditions without division (4t <= c - 3).
  Function F = seidel();
  std::string S = "S0[t, i, j] -> [4t + 2i + j, t, i]";
  AffineScheduleResult R = scheduleNest(F, 0, &S);
  ASSERT_TRUE(R.Applied) << R.Description;
  EXPECT_NE(R.Description.find("loops 't' and 'i' run over bounds without "
                               "isl's divisions"),
            std::string::npos)
      << R.Description;
  EXPECT_EQ(loops(R.Nests),
            "for c in [max(3), min(3*N + 4*T - 10)]\n"
            "  for t in [max(0), min(T - 1)]\n"
            "    for i in [max(1), min(N - 2)]\n"
            "      A[i][c - 4*t - 2*i] = A[i - 1][c - 4*t - 2*i - 1] + "
            "A[i - 1][c - 4*t - 2*i] + A[i - 1][c - 4*t - 2*i + 1] + "
            "A[i][c - 4*t - 2*i - 1] + A[i][c - 4*t - 2*i] + "
            "A[i][c - 4*t - 2*i + 1] + A[i + 1][c - 4*t - 2*i - 1] + "
            "A[i + 1][c - 4*t - 2*i] + A[i + 1][c - 4*t - 2*i + 1]\n");
  // The exact bounds: some i in [1, N - 2] has j = c - 4t - 2i in [1, N -
  // 2] (4t <= c - 3, 4t >= c - 3N + 6), and j is in [1, N - 2].
  const Stmt &St =
      R.Nests[0].loop().Body[0].loop().Body[0].loop().Body[0].stmt();
  EXPECT_EQ(St.When.str(), "3*N + 4*t >= c + 6 && 4*t <= c - 3 && "
                           "N + 2*i + 4*t >= c + 2 && 2*i + 4*t <= c - 1");
}

TEST(AffineScheduleTest, WavefrontTooSteepReversesADependence) {
  // t + i + j: the dependence from (t, i, j) to (t + 1, i - 1, j - 1)
  // (A[i][j] written, then read as A[i' + 1][j' + 1]) runs backwards.
  Function F = seidel();
  std::string S = "S0[t, i, j] -> [t + i + j, t, i]";
  AffineScheduleResult R = scheduleNest(F, 0, &S);
  EXPECT_FALSE(R.Applied);
  EXPECT_NE(R.Description.find("does not keep the dependence"),
            std::string::npos)
      << R.Description;
}
