//===- AffineConditionTest.cpp - unit tests for AffineCondition -----------===//
#include "looptile/IR/AffineCondition.h"

#include <gtest/gtest.h>

using namespace looptile;

namespace {

IndexExpr sym(const char *N) { return IndexExpr::symbol(N); }
IndexExpr cst(int64_t C) { return IndexExpr::constant(C); }

// Evaluates C at one point (a tiny interpreter for the tests).
bool holds(const AffineCondition &C, int64_t I, int64_t N) {
  for (const auto &D : C.disjuncts()) {
    bool All = true;
    for (const AffineConstraint &K : D) {
      IndexExpr V = K.E.substitute("i", cst(I)).substitute("n", cst(N));
      int64_t X = V.constantPart();
      All &= K.IsEquality ? X == 0 : X >= 0;
    }
    if (All)
      return true;
  }
  return false;
}

TEST(AffineConditionTest, PrintsTheWayItIsWritten) {
  EXPECT_EQ(AffineCondition::compare(sym("i"), ">", cst(0)).str(), "i >= 1");
  EXPECT_EQ(AffineCondition::compare(sym("i"), "<", sym("n") - cst(1)).str(),
            "i <= n - 2");
  EXPECT_EQ(AffineCondition::compare(sym("i"), "==", sym("j")).str(), "i == j");
  EXPECT_EQ(AffineCondition::compare(sym("i"), "!=", cst(3)).str(),
            "i <= 2 || i >= 4");
  AffineCondition Box = AffineCondition::compare(sym("i"), ">", cst(0)) &&
                        AffineCondition::compare(sym("i"), "<", sym("n"));
  EXPECT_EQ(Box.str(), "i >= 1 && i <= n - 1");
  EXPECT_EQ((!Box).str(), "i <= 0 || i >= n");
}

TEST(AffineConditionTest, ConstantsFold) {
  EXPECT_TRUE(AffineCondition::compare(cst(1), "<", cst(2)).isTrue());
  EXPECT_TRUE(AffineCondition::compare(cst(2), "<", cst(1)).isFalse());
  AffineCondition C = AffineCondition::compare(sym("i"), ">=", cst(0));
  EXPECT_TRUE((C && AffineCondition::constant(false)).isFalse());
  EXPECT_TRUE((C || AffineCondition::constant(true)).isTrue());
}

// The complement holds exactly where the condition does not, for every
// operator, on a grid of points.
TEST(AffineConditionTest, NegationIsTheComplement) {
  const char *Ops[] = {"<", "<=", ">", ">=", "==", "!="};
  for (const char *A : Ops)
    for (const char *B : Ops) {
      AffineCondition C =
          AffineCondition::compare(sym("i"), A, sym("n") - cst(2)) ||
          (AffineCondition::compare(sym("i"), B, cst(1)) &&
           AffineCondition::compare(sym("i") + sym("n"), "<", cst(9)));
      AffineCondition NotC = !C;
      ASSERT_TRUE(NotC.isBounded());
      for (int64_t N = 0; N < 8; ++N)
        for (int64_t I = -3; I < 10; ++I)
          EXPECT_NE(holds(C, I, N), holds(NotC, I, N))
              << A << " " << B << " i=" << I << " n=" << N;
    }
}

TEST(AffineConditionTest, SubstituteRenames) {
  AffineCondition C = AffineCondition::compare(sym("j"), "<", sym("K"));
  EXPECT_EQ(C.substitute("j", sym("j_out")).str(), "j_out <= K - 1");
  EXPECT_TRUE(C.mentions("K"));
  EXPECT_FALSE(C.mentions("i"));
}

TEST(AffineConditionTest, TooLargeIsReported) {
  AffineCondition C = AffineCondition::constant(true);
  // (x0 != 0) && (x1 != 0) && ... has 2^k disjuncts.
  for (int K = 0; K < 12; ++K)
    C = C && AffineCondition::compare(sym(("x" + std::to_string(K)).c_str()),
                                      "!=", cst(0));
  EXPECT_FALSE(C.isBounded());
}

} // namespace
