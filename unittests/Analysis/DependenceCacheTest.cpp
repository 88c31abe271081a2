//===- DependenceCacheTest.cpp - each nest's dependences computed once ----===//
//
// The dependence cache (Analysis/DependenceCache.h) answers a nest asked
// for again without analysing it, and never answers a different question:
// the same nest with a different context (a scalar live after it, another
// location, a different loop order) is another key, with its own verdict.
//
//===----------------------------------------------------------------------===//
#include "IRBuilder.h"

#include "looptile/Analysis/DependenceCache.h"

#include <gtest/gtest.h>

using namespace looptile;
using namespace looptile::test;

namespace {

// t is private in i; B[0] = t after the loop makes its last value live
// (then i is sequential) when Live is set.
Function privateScalar(bool Live) {
  std::vector<Node> Body = {loop("i", {"0"}, {"N - 1"},
                                 {stmt("t = A[i]"), stmt("B[i] = t")})};
  if (Live)
    Body.push_back(stmt("B[0] = t"));
  return function("f", {"N"}, {"A", "B"}, {"t"}, Body);
}

LoopVerdict verdictOf(const Function &F) {
  std::vector<Diagnostic> Diags;
  return analyzeNest(F, 0, Diags).Verdicts.front();
}

TEST(DependenceCacheTest, TheSameNestIsAnalysedOnce) {
  DependenceCache Cache;
  DependenceCache::Scope Use(Cache);
  Function F = privateScalar(false);
  LoopVerdict First = verdictOf(F);
  EXPECT_EQ(Cache.size(), 1u);
  Function Copy = F;
  LoopVerdict Again = verdictOf(Copy);
  EXPECT_EQ(Cache.size(), 1u) << "a copy of the nest is the same key";
  EXPECT_EQ(First.Parallel, Again.Parallel);
  EXPECT_EQ(First.Reason, Again.Reason);
  EXPECT_TRUE(Again.Parallel);
}

TEST(DependenceCacheTest, LivenessAfterTheNestIsPartOfTheKey) {
  // The same loop, its scalar live after it or not: two entries, and the
  // cached parallel verdict is not reused for the live one (sequential).
  DependenceCache Cache;
  DependenceCache::Scope Use(Cache);
  EXPECT_TRUE(verdictOf(privateScalar(false)).Parallel);
  LoopVerdict Live = verdictOf(privateScalar(true));
  EXPECT_EQ(Cache.size(), 2u);
  EXPECT_FALSE(Live.Parallel);
  EXPECT_EQ(Live.Reason, verdictOf(privateScalar(true)).Reason);
  EXPECT_EQ(Cache.size(), 2u);
}

TEST(DependenceCacheTest, OrderAndLocationArePartOfTheKey) {
  // A[i][j] = A[i - 1][j]: i carries the dependence, j is parallel; with
  // the loops interchanged the outer loop j is parallel and i sequential.
  auto Nest = [](bool Interchanged, unsigned Line) {
    Node Inner = loop(Interchanged ? "i" : "j", {Interchanged ? "1" : "0"},
                      {"N - 1"}, {stmt("A[i][j] = A[i - 1][j]")});
    Node Outer = loop(Interchanged ? "j" : "i", {Interchanged ? "0" : "1"},
                      {"N - 1"}, {Inner});
    Function F = function("f", {"N"}, {"A"}, {}, {Outer});
    F.Body[0].loop().Loc.Line = Line;
    return F;
  };
  DependenceCache Cache;
  DependenceCache::Scope Use(Cache);
  std::vector<Diagnostic> Diags;
  NestDependences Written = analyzeNest(Nest(false, 3), 0, Diags);
  NestDependences Swapped = analyzeNest(Nest(true, 3), 0, Diags);
  EXPECT_FALSE(Written.Verdicts[0].Parallel);
  EXPECT_TRUE(Swapped.Verdicts[0].Parallel);
  NestDependences Moved = analyzeNest(Nest(false, 7), 0, Diags);
  EXPECT_EQ(Cache.size(), 3u);
  EXPECT_EQ(Moved.Loops[0].Loc.Line, 7u) << "the answer carries its own lines";
}

TEST(DependenceCacheTest, WithoutAScopeNothingIsCached) {
  EXPECT_EQ(DependenceCache::current(), nullptr);
  DependenceCache Cache;
  {
    DependenceCache::Scope Use(Cache);
    EXPECT_EQ(DependenceCache::current(), &Cache);
  }
  EXPECT_EQ(DependenceCache::current(), nullptr);
  verdictOf(privateScalar(false));
  EXPECT_EQ(Cache.size(), 0u);
}

} // namespace
