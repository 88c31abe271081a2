//===- WalkTest.cpp - unit tests for IR/Walk.h ----------------------------===//
//
// The walker visits loops and statements in program order, each loop
// before what it holds, each node with the loops around it (outermost
// first), and stops where a callback or predicate says so.
//
//===----------------------------------------------------------------------===//
#include "IRBuilder.h"
#include "looptile/IR/Walk.h"

#include <gtest/gtest.h>

using namespace looptile;
using namespace looptile::test;

namespace {

// for i { S0; for j { S1; for k { S2 } }; S3 }; for i { S4 }
std::vector<Node> sample() {
  return {loop("i", {"0"}, {"N - 1"},
               {stmt("A[i] = 1"),
                loop("j", {"0"}, {"N - 1"},
                     {stmt("B[i][j] = 2"),
                      loop("k", {"0"}, {"N - 1"}, {stmt("C[k] += B[i][j]")})}),
                stmt("A[i] += 3")}),
          loop("i", {"0"}, {"N - 1"}, {stmt("D[i] = A[i]")})};
}

std::string vars(const LoopStack &Outer) {
  std::string S;
  for (const Loop *L : Outer)
    S += L->Var;
  return S;
}

TEST(Walk, ProgramOrderWithEnclosingLoops) {
  std::vector<Node> Body = sample();
  std::string Trace;
  walk(
      Body,
      [&](const Loop &L, const LoopStack &O) {
        Trace += "L" + L.Var + "(" + vars(O) + ") ";
      },
      [&](const Stmt &S, const LoopStack &O) {
        Trace += "S" + S.LHS.Name + "(" + vars(O) + ") ";
      });
  EXPECT_EQ(Trace, "Li() SA(i) Lj(i) SB(ij) Lk(ij) SC(ijk) SA(i) Li() SD(i) ");
}

TEST(Walk, LoopsAndStatementsAlone) {
  std::vector<Node> Body = sample();
  std::string Loops, Stmts;
  forEachLoop(Body, [&](const Loop &L) { Loops += L.Var; });
  forEachStmt(Body, [&](const Stmt &S) { Stmts += S.LHS.Name; });
  EXPECT_EQ(Loops, "ijki");
  EXPECT_EQ(Stmts, "ABCAD");
  // From one loop: itself first, with no loop around it.
  std::string FromJ;
  forEachLoop(Body[0].loop().Body[1].loop(),
              [&](const Loop &L, const LoopStack &O) {
                FromJ += L.Var + "(" + vars(O) + ")";
              });
  EXPECT_EQ(FromJ, "j()k(j)");
}

TEST(Walk, FindStopsAtTheFirst) {
  std::vector<Node> Body = sample();
  unsigned Seen = 0;
  const Stmt *S = findStmt(Body, [&](const Stmt &X) {
    ++Seen;
    return X.LHS.Name == "A";
  });
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S, &Body[0].loop().Body[0].stmt());
  EXPECT_EQ(Seen, 1u);
  // With the loops around it.
  std::string Around;
  const Stmt *C = findStmt(Body, [&](const Stmt &X, const LoopStack &O) {
    if (X.LHS.Name != "C")
      return false;
    Around = vars(O);
    return true;
  });
  ASSERT_NE(C, nullptr);
  EXPECT_EQ(Around, "ijk");
  EXPECT_EQ(findStmt(Body, [](const Stmt &X) { return X.LHS.Name == "Z"; }),
            nullptr);
  const Loop *K = findLoop(Body, [](const Loop &L) { return L.Var == "k"; });
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K, &Body[0].loop().Body[1].loop().Body[1].loop());
  // A loop callback that returns true stops the whole walk.
  std::string Visited;
  forEachLoop(Body, [&](const Loop &L) {
    Visited += L.Var;
    return L.Var == "j";
  });
  EXPECT_EQ(Visited, "ij");
}

TEST(Walk, LoopVariablesOnceInOrder) {
  std::vector<Node> Body = sample();
  EXPECT_EQ(loopVarsOf(Body), (std::vector<std::string>{"i", "j", "k"}));
  EXPECT_TRUE(loopVarsOf({}).empty());
}

} // namespace
