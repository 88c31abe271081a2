//===- IndexExprTest.cpp - unit tests for IndexExpr -----------------------===//
#include "looptile/IR/IndexExpr.h"

#include <gtest/gtest.h>

using namespace looptile;

namespace {

IndexExpr sym(const char *N) { return IndexExpr::symbol(N); }
IndexExpr cst(int64_t C) { return IndexExpr::constant(C); }

TEST(IndexExprTest, PrintsInSourceOrder) {
  EXPECT_EQ((sym("i") * sym("K") + sym("k")).str(), "i*K + k");
  EXPECT_EQ((sym("i") - cst(1)).str(), "i - 1");
  EXPECT_EQ((cst(0) - sym("i")).str(), "-i");
  EXPECT_EQ((sym("i").scaled(2) + cst(1)).str(), "2*i + 1");
  EXPECT_EQ(IndexExpr().str(), "0");
}

TEST(IndexExprTest, CombinesLikeTermsAsMultisets) {
  IndexExpr A = sym("i") * sym("K");
  IndexExpr B = sym("K") * sym("i");
  EXPECT_EQ(A, B);
  EXPECT_EQ((A - B).str(), "0");
  EXPECT_TRUE((A - B).isConstant());
}

TEST(IndexExprTest, AffineAndCoefficients) {
  IndexExpr E = sym("i").scaled(3) - sym("j") + cst(4);
  EXPECT_TRUE(E.isAffine());
  EXPECT_EQ(E.coeffOf("i"), 3);
  EXPECT_EQ(E.coeffOf("j"), -1);
  EXPECT_EQ(E.coeffOf("k"), 0);
  EXPECT_EQ(E.constantPart(), 4);
  EXPECT_FALSE((sym("i") * sym("N")).isAffine());
}

TEST(IndexExprTest, Substitute) {
  IndexExpr E = sym("i") * sym("N") + sym("j");
  IndexExpr R = E.substitute("i", sym("ii") + sym("t"));
  EXPECT_EQ(R, sym("ii") * sym("N") + sym("t") * sym("N") + sym("j"));
  EXPECT_TRUE(R.mentions("ii"));
  EXPECT_FALSE(R.mentions("i"));
}

} // namespace
