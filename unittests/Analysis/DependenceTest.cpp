//===- DependenceTest.cpp - exact direction vectors on hand-built nests ---===//
#include "DepTestUtil.h"

#include <gtest/gtest.h>

#include <chrono>
#include <iostream>

using namespace looptile;
using namespace looptile::test;

namespace {

TEST(DependenceTest, LectureNest1SameElement) {
  // A[j][i] = A[j][i] + 1: read then write of the same element only.
  Function F = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"1"}, {"N"},
                              {loop("j", {"1"}, {"N"},
                                    {stmt("A[j][i] = A[j][i] + 1")})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(depLines(N), Lines({"anti A S0->S0 (=, =)"}));
  EXPECT_TRUE(verdict(N, "i").Parallel);
  EXPECT_TRUE(verdict(N, "j").Parallel);
}

TEST(DependenceTest, LectureNest2) {
  Function F =
      function("f", {"N"}, {"A", "B"}, {},
               {loop("i", {"2"}, {"N"},
                     {loop("j", {"2"}, {"N"},
                           {stmt("A[j][i] = A[j - 1][i]"),
                            stmt("B[j][i] = B[j - 1][i - 1]")})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(depLines(N), Lines({"flow A S0->S0 (=, <)", "flow B S1->S1 (<, <)"}));
  EXPECT_EQ(verdict(N, "i").Reason,
            "sequential: flow dependence S1 -> S1 on B, direction (<, <)");
  EXPECT_EQ(verdict(N, "j").Reason,
            "sequential: flow dependence S0 -> S0 on A, direction (=, <)");
}

TEST(DependenceTest, LectureNest3) {
  Function F = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"2"}, {"N"},
                              {loop("j", {"1"}, {"N"},
                                    {stmt("A[i][j] = A[i - 1][j + 1]")})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(depLines(N), Lines({"flow A S0->S0 (<, >)"}));
  EXPECT_FALSE(verdict(N, "i").Parallel);
  EXPECT_EQ(verdict(N, "j").Reason,
            "parallel (every dependence is '=' at j or carried by an outer "
            "loop)");
}

TEST(DependenceTest, TriangularBoundsSeparateTheTriangles) {
  // Writes the strict lower triangle, reads the strict upper one.
  Function F = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"0"}, {"N - 1"},
                              {loop("j", {"0"}, {"i - 1"},
                                    {stmt("A[i][j] = A[j][i]")})})});
  EXPECT_TRUE(analyzeOnly(F).Deps.empty());
  // With j <= i the diagonal is shared: same iteration only.
  Function G = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"0"}, {"N - 1"},
                              {loop("j", {"0"}, {"i"},
                                    {stmt("A[i][j] = A[j][i]")})})});
  EXPECT_EQ(depLines(analyzeOnly(G)), Lines({"anti A S0->S0 (=, =)"}));
}

TEST(DependenceTest, StridesSeparateEvenAndOdd) {
  Function F = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"0"}, {"N - 1"},
                              {stmt("A[2*i] = A[2*i + 1]")})});
  EXPECT_TRUE(analyzeOnly(F).Deps.empty());
  // Step 2 from 1: i is odd, so A[i + 1] is even and never written.
  Function G = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"1"}, {"N"}, {stmt("A[i] = A[i + 1]")},
                              2)});
  EXPECT_TRUE(analyzeOnly(G).Deps.empty());
  // Step 2, reading two ahead: the next iteration overwrites it.
  Function H = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"1"}, {"N"}, {stmt("A[i] = A[i + 2]")},
                              2)});
  EXPECT_EQ(depLines(analyzeOnly(H)), Lines({"anti A S0->S0 (<)"}));
}

TEST(DependenceTest, NegativeStepOrdersByExecution) {
  // Downward: iteration i + 1 runs first and writes what i reads.
  Function F = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"0"}, {"N - 2"}, {stmt("A[i] = A[i + 1]")},
                              -1)});
  EXPECT_EQ(depLines(analyzeOnly(F)), Lines({"flow A S0->S0 (<)"}));
  Function Up = function("f", {"N"}, {"A"}, {},
                         {loop("i", {"0"}, {"N - 2"},
                               {stmt("A[i] = A[i + 1]")})});
  EXPECT_EQ(depLines(analyzeOnly(Up)), Lines({"anti A S0->S0 (<)"}));
  // The later statement is the source: S1 writes A[i + 1] in iteration
  // i + 1, which runs before iteration i where S0 reads it.
  Function G = function("f", {"N"}, {"A", "B"}, {},
                        {loop("i", {"0"}, {"N - 1"},
                              {stmt("B[i] = A[i + 1]"), stmt("A[i] = 1")},
                              -1)});
  EXPECT_EQ(depLines(analyzeOnly(G)), Lines({"flow A S1->S0 (<)"}));
  // Reading A[i - 1] instead: iteration i - 1 runs later, so S0 reads
  // before S1 overwrites.
  Function H = function("f", {"N"}, {"A", "B"}, {},
                        {loop("i", {"1"}, {"N"},
                              {stmt("B[i] = A[i - 1]"), stmt("A[i] = 1")},
                              -1)});
  EXPECT_EQ(depLines(analyzeOnly(H)), Lines({"anti A S0->S1 (<)"}));
}

TEST(DependenceTest, LinearizedSubscriptsDelinearize) {
  Function F = function("f", {"N", "M"}, {"*restrict A"}, {},
                        {loop("i", {"1"}, {"N - 1"},
                              {loop("j", {"0"}, {"M - 1"},
                                    {stmt("A[i*M + j] = A[(i - 1)*M + j]")})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(depLines(N), Lines({"flow A S0->S0 (<, =)"}));
  EXPECT_TRUE(verdict(N, "j").Parallel);
  // j may reach M: the digits are not proved, so the pair is assumed.
  Function G = function("f", {"N", "M"}, {"*restrict A"}, {},
                        {loop("i", {"1"}, {"N - 1"},
                              {loop("j", {"0"}, {"M"},
                                    {stmt("A[i*M + j] = A[(i - 1)*M + j]")})})});
  std::vector<Diagnostic> Diags;
  NestDependences NG = analyzeNest(G, 0, Diags);
  EXPECT_EQ(depLines(NG), Lines({"flow A S0->S0 (*, *) assumed",
                                 "anti A S0->S0 (*, *) assumed",
                                 "output A S0->S0 (*, *) assumed"}));
  EXPECT_FALSE(verdict(NG, "j").Parallel);
  ASSERT_FALSE(Diags.empty());
  EXPECT_EQ(Diags[0].Level, Diagnostic::Warning);
}

TEST(DependenceTest, ThreeDimensionalLinearization) {
  Function F = function(
      "f", {"L", "N", "M"}, {"*restrict A"}, {},
      {loop("i", {"1"}, {"L - 1"},
            {loop("j", {"0"}, {"N - 1"},
                  {loop("k", {"0"}, {"M - 1"},
                        {stmt("A[i*N*M + j*M + k] = A[i*N*M - N*M + j*M + k]")})})})});
  EXPECT_EQ(depLines(analyzeOnly(F)), Lines({"flow A S0->S0 (<, =, =)"}));
}

TEST(DependenceTest, TransposeHasNoDependence) {
  Function F = function("f", {"H", "W"}, {"*restrict A", "*restrict B"}, {},
                        {loop("i", {"0"}, {"H - 1"},
                              {loop("j", {"0"}, {"W - 1"},
                                    {stmt("B[j*H + i] = A[i*W + j]")})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_TRUE(N.Deps.empty());
  EXPECT_TRUE(verdict(N, "i").Parallel);
  EXPECT_TRUE(verdict(N, "j").Parallel);
}

TEST(DependenceTest, MinAndMaxBounds) {
  // i <= min(N - 1, 9) writes A[0..9]; the reads start at A[10].
  Function F = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"0"}, {"N - 1", "9"},
                              {stmt("A[i] = A[i + 10]")})});
  EXPECT_TRUE(analyzeOnly(F).Deps.empty());
  Function G = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"0"}, {"N - 1"},
                              {stmt("A[i] = A[i + 10]")})});
  EXPECT_EQ(depLines(analyzeOnly(G)), Lines({"anti A S0->S0 (<)"}));
  // i >= max(1, 5) writes A[5..9]; the reads are A[0..4].
  Function H = function("f", {}, {"A"}, {},
                        {loop("i", {"1", "5"}, {"9"},
                              {stmt("A[i] = A[i - 5]")})});
  EXPECT_TRUE(analyzeOnly(H).Deps.empty());
}

TEST(DependenceTest, ThreeDeepEqualLessGreater) {
  Function F = function(
      "f", {"N"}, {"A"}, {},
      {loop("i", {"0"}, {"N - 1"},
            {loop("j", {"1"}, {"N - 1"},
                  {loop("k", {"0"}, {"N - 2"},
                        {stmt("A[i][j][k] = A[i][j - 1][k + 1]")})})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(depLines(N), Lines({"flow A S0->S0 (=, <, >)"}));
  EXPECT_TRUE(verdict(N, "i").Parallel);
  EXPECT_FALSE(verdict(N, "j").Parallel);
  EXPECT_TRUE(verdict(N, "k").Parallel);
}

TEST(DependenceTest, LoopIndependentAcrossStatements) {
  // tmp-free vectorization example of the lecture: S1 reads what S1 wrote
  // two iterations earlier through B, and S1 reads its own previous value.
  Function F = function("f", {"N"}, {"A", "B"}, {},
                        {loop("i", {"3"}, {"N"},
                              {stmt("A[i] = B[i - 2]"),
                               stmt("B[i] = B[i - 1]")})});
  EXPECT_EQ(depLines(analyzeOnly(F)),
            Lines({"flow B S1->S0 (<)", "flow B S1->S1 (<)"}));
}

TEST(DependenceTest, NonAffineSubscriptIsAssumed) {
  Function F = function("f", {"N"}, {"A"}, {},
                        {loop("i", {"0"}, {"N - 1"},
                              {loop("j", {"0"}, {"N - 1"},
                                    {stmt("A[i*j] = 1")})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(depLines(N), Lines({"output A S0->S0 (*, *) assumed"}));
  EXPECT_EQ(verdict(N, "i").Reason,
            "sequential: output dependence S0 -> S0 on A, direction (*, *) "
            "(assumed)");
}

TEST(DependenceTest, ImperfectNestUsesCommonLoops) {
  // S0 in j, S1 in k: they share only i; j and k run in textual order.
  Function F = function(
      "f", {"N"}, {"A", "B"}, {},
      {loop("i", {"0"}, {"N - 1"},
            {loop("j", {"0"}, {"N - 1"}, {stmt("A[i][j] = 1")}),
             loop("k", {"0"}, {"N - 1"}, {stmt("B[i][k] = A[i][k]")})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(depLines(N), Lines({"flow A S0->S1 (=)"}));
  ASSERT_EQ(N.Deps.size(), 1u);
  EXPECT_EQ(N.Deps[0].CommonLoops, std::vector<unsigned>({0}));
  EXPECT_TRUE(verdict(N, "i").Parallel);
}

} // namespace

namespace {

TEST(DependenceTest, TenStatementsThreeDeepIsFast) {
  std::vector<Node> Body;
  for (int S = 0; S < 10; ++S) {
    std::string D = std::to_string(S % 3);
    Body.push_back(stmt("A" + std::to_string(S % 4) + "[i][j][k] = A" +
                        std::to_string((S + 1) % 4) + "[i][j - " + D +
                        "][k + 1] + B[i][k][j]"));
  }
  Function F = function(
      "f", {"N"}, {"A0", "A1", "A2", "A3", "B"}, {},
      {loop("i", {"0"}, {"N - 1"},
            {loop("j", {"2"}, {"N - 1"},
                  {loop("k", {"0"}, {"N - 2"}, std::move(Body))})})});
  auto Start = std::chrono::steady_clock::now();
  NestDependences N = analyzeOnly(F);
  auto Ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - Start)
                .count();
  std::cout << "[ timing   ] 3-deep nest, 10 statements, " << N.Deps.size()
            << " dependences: " << Ms << " ms\n";
  EXPECT_FALSE(N.Deps.empty());
  // Generous bound against a loaded machine; the target is well under 100.
  EXPECT_LT(Ms, 1000);
}

} // namespace
