//===- PrivatizationTest.cpp - coverage and copy-out questions to isl -----===//
#include "looptile/Analysis/Privatization.h"
#include "IRBuilder.h"

#include <gtest/gtest.h>

using namespace looptile;
using namespace looptile::test;

namespace {

ArrayPrivatization ask(const Function &F, const std::string &Name) {
  return analyzeArrayPrivatization(F, 0, F.Body[0].loop(), Name);
}

TEST(PrivatizationTest, LectureWawExampleIsCovered) {
  // A[j] for 0 <= j <= M - 1 is written before A[k], 1 <= k <= M - 1, is
  // read, in every iteration of i.
  Function F = function(
      "f", {"N", "M"}, {"A", "X"}, {},
      {loop("i", {"0"}, {"N - 1"},
            {loop("j", {"0"}, {"M - 1"}, {stmt("A[j] = 4 * i + 4 * j")}),
             loop("k", {"1"}, {"M - 1"},
                  {stmt("X[i][k] = X[i][k - 1] * A[k]")})})});
  ArrayPrivatization P = ask(F, "A");
  EXPECT_EQ(P.Verdict, ArrayPrivatization::Private);
  // Every iteration writes A[0 .. M - 1], the last one included.
  EXPECT_TRUE(P.LastIterationWritesAll);
  EXPECT_EQ(P.CopyOutWrites, std::vector<unsigned>({0}));
}

TEST(PrivatizationTest, ReadBeforeWriteSeesTheEarlierIteration) {
  Function F =
      function("f", {"N", "M"}, {"A", "X"}, {},
               {loop("i", {"0"}, {"N - 1"},
                     {loop("k", {"1"}, {"M - 1"}, {stmt("X[i][k] = A[k]")}),
                      loop("j", {"0"}, {"M - 1"}, {stmt("A[j] = 4 * i")})})});
  ArrayPrivatization P = ask(F, "A");
  ASSERT_EQ(P.Verdict, ArrayPrivatization::NotCovered);
  EXPECT_EQ(P.ReadStmt, 0u);
  ASSERT_TRUE(P.Source.has_value());
  EXPECT_EQ(P.SourceStmt, 1u);
  EXPECT_EQ(P.Source->str(), "A[j]");
  // An instance that reads an earlier iteration's write needs i >= 1.
  EXPECT_NE(P.Witness.find("i = 1"), std::string::npos) << P.Witness;
}

TEST(PrivatizationTest, ElementNoWriteReaches) {
  // A[M - 1] is never written: the value comes from before the loop.
  Function F =
      function("f", {"N", "M"}, {"A", "X"}, {},
               {loop("i", {"0"}, {"N - 1"},
                     {loop("j", {"0"}, {"M - 2"}, {stmt("A[j] = i")}),
                      loop("k", {"1"}, {"M - 1"}, {stmt("X[i][k] = A[k]")})})});
  ArrayPrivatization P = ask(F, "A");
  ASSERT_EQ(P.Verdict, ArrayPrivatization::NotCovered);
  EXPECT_FALSE(P.Source.has_value());
  EXPECT_FALSE(P.Witness.empty());
}

TEST(PrivatizationTest, SizesAreNotAssumedPositive) {
  // With M = 0 the writing loop does not run, and A[0] is read uncovered.
  Function F = function("f", {"N", "M"}, {"A", "X"}, {},
                        {loop("i", {"0"}, {"N - 1"},
                              {loop("j", {"0"}, {"M - 1"}, {stmt("A[j] = i")}),
                               stmt("X[i][0] = A[0]")})});
  ArrayPrivatization P = ask(F, "A");
  ASSERT_EQ(P.Verdict, ArrayPrivatization::NotCovered);
  EXPECT_NE(P.Witness.find("M = "), std::string::npos) << P.Witness;
}

TEST(PrivatizationTest, CoveredByAnEarlierInnerIteration) {
  // A[j - 1] is written by the previous iteration of j (or by A[0] = i).
  Function F = function(
      "f", {"N", "M"}, {"A", "X"}, {},
      {loop("i", {"0"}, {"N - 1"},
            {stmt("A[0] = i"),
             loop("j", {"1"}, {"M - 1"}, {stmt("A[j] = A[j - 1] * 2")}),
             loop("k", {"0"}, {"M - 1"}, {stmt("X[i][k] = A[k]")})})});
  EXPECT_EQ(ask(F, "A").Verdict, ArrayPrivatization::Private);
}

TEST(PrivatizationTest, DownwardLoopsOrderTheirInstances) {
  // j runs from M - 1 down to 1 reading A[j + 1]: with step -1 the
  // instance j + 1 runs earlier, so every read but the first is covered by
  // the previous iteration of j; the first, A[M], by the write before j.
  Function F = function(
      "f", {"N", "M"}, {"A", "X"}, {},
      {loop("i", {"0"}, {"N - 1"},
            {stmt("A[M] = i"),
             loop("j", {"1"}, {"M - 1"}, {stmt("A[j] = A[j + 1] * 2")}, -1)})});
  EXPECT_EQ(ask(F, "A").Verdict, ArrayPrivatization::Private);
  // Upward, the read A[j + 1] comes before its write: not covered.
  Function G =
      function("f", {"N", "M"}, {"A", "X"}, {},
               {loop("i", {"0"}, {"N - 1"},
                     {stmt("A[M] = i"), loop("j", {"1"}, {"M - 1"},
                                             {stmt("A[j] = A[j + 1] * 2")})})});
  EXPECT_EQ(ask(G, "A").Verdict, ArrayPrivatization::NotCovered);
}

TEST(PrivatizationTest, CopyOutNeedsTheLastIterationToWriteEverything) {
  // Iteration i writes A[0 .. i]: the last one writes all.
  Function Prefix =
      function("f", {"N"}, {"A", "S"}, {},
               {loop("i", {"0"}, {"N - 1"},
                     {loop("j", {"0"}, {"i"}, {stmt("A[j] = i")}),
                      loop("k", {"0"}, {"i"}, {stmt("S[i] += A[k]")})})});
  ArrayPrivatization P = ask(Prefix, "A");
  EXPECT_EQ(P.Verdict, ArrayPrivatization::Private);
  EXPECT_TRUE(P.LastIterationWritesAll);
  // Iteration i writes A[i .. N - 1]: the last one only A[N - 1].
  Function Suffix =
      function("f", {"N"}, {"A", "S"}, {},
               {loop("i", {"0"}, {"N - 1"},
                     {loop("j", {"i"}, {"N - 1"}, {stmt("A[j] = i")}),
                      loop("k", {"i"}, {"N - 1"}, {stmt("S[i] += A[k]")})})});
  ArrayPrivatization Q = ask(Suffix, "A");
  EXPECT_EQ(Q.Verdict, ArrayPrivatization::Private);
  EXPECT_FALSE(Q.LastIterationWritesAll);
  EXPECT_NE(Q.CopyOutWitness.find("A["), std::string::npos) << Q.CopyOutWitness;
}

TEST(PrivatizationTest, CopyOutSkipsWritesAlreadyCovered) {
  // Putting Everything Together: the init nest writes A[0..N-1][0..N-1],
  // the convergence nest rewrites A[1..N-1][1..N-1]; replaying the first is
  // enough.
  Function F = function(
      "f", {"M", "N", "T"}, {"A", "X"}, {},
      {loop(
          "i", {"0"}, {"M - 1"},
          {loop("k0", {"0"}, {"N - 1"},
                {loop("j0", {"0"}, {"N - 1"},
                      {stmt("A[k0][j0] = X[i][j0][k0]")})}),
           loop("t", {"0"}, {"T - 1"},
                {loop("j", {"1"}, {"N - 1"},
                      {loop("k", {"1"}, {"N - 1"},
                            {stmt("A[k][j] = A[k][j] * A[k - 1][j]")})})})})});
  ArrayPrivatization P = ask(F, "A");
  EXPECT_EQ(P.Verdict, ArrayPrivatization::Private);
  EXPECT_TRUE(P.LastIterationWritesAll);
  EXPECT_EQ(P.CopyOutWrites, std::vector<unsigned>({0}));
}

} // namespace
