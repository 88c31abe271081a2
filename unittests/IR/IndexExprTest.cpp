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

TEST(IndexExprTest, FactoredKeepsALinearizedRowTogether) {
  IndexExpr I = sym("i"), N = sym("n"), M = sym("m"), J = sym("j");
  // (i - n + 5)*m + j: distributed, n*m can pass INT_MAX.
  IndexExpr Row = (I - N + cst(5)) * M + J;
  EXPECT_EQ(Row.str(), "i*m - n*m + 5*m + j");
  EXPECT_EQ(Row.factoredStr(), "(i - n + 5)*m + j");
  // Terms ahead of the shared symbol keep their place; signs join.
  EXPECT_EQ((J - (I + cst(1)) * M).factoredStr(), "j - (i + 1)*m");
  // Nothing shared: as str().
  EXPECT_EQ((I * M + J).factoredStr(), "i*m + j");
  EXPECT_EQ((I - cst(1)).factoredStr(), "i - 1");
  EXPECT_EQ(IndexExpr().factoredStr(), "0");
  // A product of several sizes stays distributed (no regrouping into a
  // form the source never had).
  IndexExpr P = sym("p");
  EXPECT_EQ((I * M * P + J * P + sym("k")).factoredStr(), "i*m*p + j*p + k");
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
