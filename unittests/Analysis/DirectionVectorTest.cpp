//===- DirectionVectorTest.cpp - direction-vector algebra and theorems ----===//
#include "looptile/Analysis/DirectionVector.h"
#include "looptile/Analysis/Legality.h"

#include <gtest/gtest.h>

using namespace looptile;

namespace {

DirectionVector dv(const char *Text) { return *DirectionVector::parse(Text); }

std::vector<DirectionVector> rows(std::vector<const char *> Texts) {
  std::vector<DirectionVector> Out;
  for (const char *T : Texts)
    Out.push_back(dv(T));
  return Out;
}

TEST(DirectionVectorTest, ParseAndPrint) {
  EXPECT_EQ(dv("[<,=]").str(), "(<, =)");
  EXPECT_EQ(dv("<=>*").str(), "(<, =, >, *)");
  EXPECT_FALSE(DirectionVector::parse("()"));
}

TEST(DirectionVectorTest, Permutation) {
  // Entry K of the result is entry Perm[K]: interchanging (i, j).
  EXPECT_EQ(dv("=<").permuted({1, 0}), dv("<="));
  EXPECT_EQ(dv("<>").permuted({1, 0}), dv("><"));
  // Rotating k outermost in (i, j, k): order (k, i, j).
  EXPECT_EQ(dv("=<>").permuted({2, 0, 1}), dv(">=<"));
}

TEST(DirectionVectorTest, LexicographicSign) {
  EXPECT_TRUE(dv("=<>").isLexicographicallyPositive());
  EXPECT_FALSE(dv("==").isLexicographicallyPositive());
  EXPECT_TRUE(dv("==").isLexicographicallyNonNegative());
  EXPECT_FALSE(dv("=>").isLexicographicallyNonNegative());
  // A leading '*' may be '>', so it is not known to be non-negative.
  EXPECT_FALSE(dv("*<").isLexicographicallyNonNegative());
  EXPECT_TRUE(dv("<*").isLexicographicallyPositive());
  EXPECT_EQ(dv("==<").firstNonEqual(), 2u);
  EXPECT_FALSE(dv("==").firstNonEqual());
}

TEST(DirectionVectorTest, StarExpansion) {
  std::vector<DirectionVector> E = dv("*=*").expand();
  ASSERT_EQ(E.size(), 9u);
  EXPECT_EQ(E.front(), dv("<=<"));
  EXPECT_EQ(E.back(), dv(">=>"));
  EXPECT_EQ(dv("<=").expand(), rows({"<="}));
}

TEST(LegalityTest, Invariant) {
  EXPECT_TRUE(satisfiesDirectionInvariant(dv("<>")));
  EXPECT_TRUE(satisfiesDirectionInvariant(dv("==")));
  EXPECT_FALSE(satisfiesDirectionInvariant(dv("=>")));
  EXPECT_TRUE(satisfiesDirectionInvariant(dv("**")));
}

TEST(LegalityTest, ParallelTheoremOnLectureNests) {
  // Nest 1 [=,=]: both loops parallel.
  EXPECT_TRUE(isParallelLoop(rows({"=="}), 0));
  EXPECT_TRUE(isParallelLoop(rows({"=="}), 1));
  // Nest 2 [=,<] and [<,<]: neither loop parallel.
  std::vector<DirectionVector> Nest2 = rows({"=<", "<<"});
  EXPECT_EQ(findParallelismViolation(Nest2, 0), 1u);
  EXPECT_EQ(findParallelismViolation(Nest2, 1), 0u);
  // Nest 3 [<,>]: i sequential, j parallel (carried by i).
  EXPECT_FALSE(isParallelLoop(rows({"<>"}), 0));
  EXPECT_TRUE(isParallelLoop(rows({"<>"}), 1));
  // A '*' row stands for every feasible expansion.
  EXPECT_FALSE(isParallelLoop(rows({"**"}), 0));
  EXPECT_FALSE(isParallelLoop(rows({"**"}), 1));
  EXPECT_TRUE(isParallelLoop(rows({"<*"}), 1));
}

TEST(LegalityTest, InterchangeTheorem) {
  std::vector<unsigned> Swap = {1, 0};
  EXPECT_TRUE(isLegalPermutation(rows({"=="}), Swap));
  EXPECT_TRUE(isLegalPermutation(rows({"=<", "<<"}), Swap));
  EXPECT_EQ(findPermutationViolation(rows({"=<", "<>"}), Swap), 1u);
  // 3-deep (=, <, >): swapping j and k is illegal, i and j is legal.
  EXPECT_FALSE(isLegalPermutation(rows({"=<>"}), {0, 2, 1}));
  EXPECT_TRUE(isLegalPermutation(rows({"=<>"}), {1, 0, 2}));
  // An unknown row forbids any reordering that moves its loops.
  EXPECT_FALSE(isLegalPermutation(rows({"**"}), Swap));
  EXPECT_TRUE(isLegalPermutation(rows({"**"}), {0, 1}));
  // (<, *) may be (<, >): interchange would put '>' first.
  EXPECT_FALSE(isLegalPermutation(rows({"<*"}), Swap));
}

} // namespace
