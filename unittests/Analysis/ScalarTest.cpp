//===- ScalarTest.cpp - private, reduction and carried variables ----------===//
#include "DepTestUtil.h"
#include "looptile/Analysis/DepsPrinter.h"

#include <gtest/gtest.h>

using namespace looptile;
using namespace looptile::test;

namespace {

const ScalarInfo *scalar(const NestDependences &N, const std::string &Name) {
  for (const ScalarInfo &S : N.Scalars)
    if (S.Name == Name)
      return &S;
  return nullptr;
}

VarClass classOf(const NestDependences &N, const std::string &Name) {
  const ScalarInfo *S = scalar(N, Name);
  EXPECT_TRUE(S) << "no scalar " << Name;
  return S ? S->Class : VarClass::Carried;
}

TEST(ScalarTest, PrivateTemporaryAtFunctionScope) {
  // Lecture "array expansion" example: tmp is written before it is read in
  // every iteration, yet (memory-based) it carries dependences across i.
  Function F = function("f", {"N"}, {"A", "B"}, {"tmp"},
                        {loop("i", {"2"}, {"N - 1"},
                              {stmt("tmp = 2 * B[i - 2]"), stmt("A[i] = tmp"),
                               stmt("B[i] = tmp + B[i - 1]")})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(classOf(N, "tmp"), VarClass::Private);
  EXPECT_EQ(depLines(N),
            Lines({"output tmp S0->S0 (<)", "flow tmp S0->S1 (<)",
                   "flow tmp S0->S1 (=)", "flow tmp S0->S2 (<)",
                   "flow tmp S0->S2 (=)", "anti tmp S1->S0 (<)",
                   "flow B S2->S0 (<)", "anti tmp S2->S0 (<)",
                   "flow B S2->S2 (<)"}));
  // B's recurrence, not tmp, keeps i sequential.
  EXPECT_EQ(verdict(N, "i").Reason,
            "sequential: flow dependence S2 -> S0 on B, direction (<)");
}

TEST(ScalarTest, PrivateScalarDoesNotBlockParallelism) {
  Function F = function("f", {"N"}, {"A", "B"}, {"t"},
                        {loop("i", {"0"}, {"N - 1"},
                              {stmt("t = A[i] * 2"), stmt("B[i] = t * t")})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(classOf(N, "t"), VarClass::Private);
  EXPECT_TRUE(verdict(N, "i").Parallel);
  EXPECT_EQ(verdict(N, "i").Reason,
            "parallel (every dependence is '=' at i or carried by an outer "
            "loop; privatizable: t)");
}

TEST(ScalarTest, PrivateButLiveAfterTheLoopIsSequential) {
  Function F = function("f", {"N"}, {"A", "B"}, {"t"},
                        {loop("i", {"0"}, {"N - 1"},
                              {stmt("t = A[i]"), stmt("B[i] = t")}),
                         stmt("B[0] = t")});
  NestDependences N = analyzeOnly(F);
  EXPECT_TRUE(scalar(N, "t")->LiveOut);
  EXPECT_FALSE(verdict(N, "i").Parallel);
}

TEST(ScalarTest, DeclaredInsideTheLoopHasNoCarriedDependence) {
  // float x = X[i]; A[i] = x * x;  x is a fresh object per iteration.
  Function F = function("f", {"N"}, {"A", "X"}, {"x@i"},
                        {loop("i", {"0"}, {"N - 1"},
                              {stmt("float x = X[i]"), stmt("A[i] = x * x")})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(depLines(N), Lines({"flow x S0->S1 (=)"}));
  EXPECT_EQ(classOf(N, "x"), VarClass::Private);
  EXPECT_TRUE(verdict(N, "i").Parallel);
}

TEST(ScalarTest, SumReduction) {
  Function F = function("f", {"N"}, {"A"}, {"s"},
                        {loop("i", {"0"}, {"N - 1"}, {stmt("s += A[i]")})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(classOf(N, "s"), VarClass::Reduction);
  LoopVerdict V = verdict(N, "i");
  EXPECT_FALSE(V.Parallel);
  EXPECT_TRUE(V.Reduction);
  EXPECT_EQ(V.Reason, "reduction (s + over i)");
}

TEST(ScalarTest, MinAndExplicitFormsAreReductions) {
  Function F = function("f", {"N"}, {"A"}, {"m", "p"},
                        {loop("i", {"0"}, {"N - 1"},
                              {stmt("m = fminf(m, A[i])"),
                               stmt("p = p * A[i]")})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(classOf(N, "m"), VarClass::Reduction);
  EXPECT_EQ(classOf(N, "p"), VarClass::Reduction);
  EXPECT_TRUE(verdict(N, "i").Reduction);
}

TEST(ScalarTest, LectureAccumIsCarriedInJPrivateInI) {
  // accum = tmpA*tmpA - accum is not associative in accum: carried over j.
  Function F = function(
      "f", {"H", "W"}, {"A", "B"}, {"accum@i", "tmpA@j"},
      {loop("i", {"0"}, {"H - 1"},
            {stmt("float accum = 0.0f"),
             loop("j", {"0"}, {"W - 1"},
                  {stmt("float tmpA = A[i][j]"),
                   stmt("accum = tmpA * tmpA - accum"),
                   stmt("B[i][j] = accum")})})});
  NestDependences N = analyzeOnly(F);
  const ScalarInfo *Accum = scalar(N, "accum");
  ASSERT_TRUE(Accum);
  EXPECT_EQ(Accum->Class, VarClass::Carried);
  ASSERT_EQ(Accum->PerLoop.size(), 2u);
  EXPECT_EQ(Accum->PerLoop[0].second, VarClass::Private);
  EXPECT_EQ(Accum->PerLoop[1].second, VarClass::Carried);
  EXPECT_EQ(classOf(N, "tmpA"), VarClass::Private);
  EXPECT_TRUE(verdict(N, "i").Parallel);
  EXPECT_EQ(verdict(N, "j").Reason,
            "sequential: flow dependence S2 -> S2 on accum, direction (=, <)");
}

TEST(ScalarTest, MatmulArrayReductionOverK) {
  Function F = function(
      "mmm", {"M", "N", "K"}, {"A", "B", "C"}, {},
      {loop("i", {"0"}, {"M - 1"},
            {loop("j", {"0"}, {"N - 1"},
                  {loop("k", {"0"}, {"K - 1"},
                        {stmt("C[i][j] += A[i][k] * B[k][j]")})})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(depLines(N), Lines({"flow C S0->S0 (=, =, <)",
                                "anti C S0->S0 (=, =, <)",
                                "anti C S0->S0 (=, =, =)",
                                "output C S0->S0 (=, =, <)"}));
  EXPECT_TRUE(verdict(N, "i").Parallel);
  EXPECT_TRUE(verdict(N, "j").Parallel);
  EXPECT_EQ(verdict(N, "k").Reason, "reduction (C[i][j] + over k)");
}

TEST(ScalarTest, MatmulScalarAccumulator) {
  Function F = function(
      "mmm", {"M", "N", "K"}, {"A", "B", "C"}, {"c@j"},
      {loop("i", {"0"}, {"M - 1"},
            {loop("j", {"0"}, {"N - 1"},
                  {stmt("float c = 0.0f"),
                   loop("k", {"0"}, {"K - 1"},
                        {stmt("c += A[i][k] * B[k][j]")}),
                   stmt("C[i][j] = c")})})});
  NestDependences N = analyzeOnly(F);
  EXPECT_EQ(classOf(N, "c"), VarClass::Reduction);
  EXPECT_TRUE(verdict(N, "i").Parallel);
  EXPECT_TRUE(verdict(N, "j").Parallel);
  EXPECT_TRUE(verdict(N, "k").Reduction);
}

TEST(AliasingTest, PointerParametersWarnUnlessRestrict) {
  Program P;
  P.Functions.push_back(function(
      "f", {"N"}, {"*A", "*restrict B", "C"}, {},
      {loop("i", {"0"}, {"N - 1"}, {stmt("A[i] = B[i] + C[i]")})}));
  std::vector<Diagnostic> Diags;
  analyzeProgram(P, Diags);
  ASSERT_EQ(Diags.size(), 2u);
  EXPECT_EQ(Diags[0].Level, Diagnostic::Note);
  EXPECT_EQ(Diags[1].Level, Diagnostic::Warning);
  EXPECT_EQ(Diags[1].Loc.Col, P.Functions[0].Params[1].Loc.Col);
  EXPECT_EQ(Diags[1].Message,
            "pointer parameter 'A' is not restrict-qualified; looptile "
            "assumes it does not alias 'B' and 'C' (declare it restrict to "
            "state this)");
  Program Q;
  Q.Functions.push_back(function(
      "g", {"N"}, {"*restrict A", "*restrict B"}, {},
      {loop("i", {"0"}, {"N - 1"}, {stmt("A[i] = B[i]")})}));
  Diags.clear();
  analyzeProgram(Q, Diags);
  ASSERT_EQ(Diags.size(), 1u);
  EXPECT_EQ(Diags[0].Level, Diagnostic::Note);
}

TEST(PrinterTest, TextJSONAndDot) {
  Program P;
  P.Functions.push_back(function("f", {"N"}, {"A"}, {},
                                 {loop("i", {"2"}, {"N"},
                                       {loop("j", {"1"}, {"N"},
                                             {stmt("A[i][j] = A[i - 1][j + 1]")})})}));
  std::vector<Diagnostic> Diags;
  ProgramDependences D = analyzeProgram(P, Diags);
  std::string Text = printDepsText(P, D);
  EXPECT_NE(Text.find("    flow A: S0 -> S0 (<, >)  A[i][j] -> A[i - 1][j + 1]\n"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("  direction matrix (i, j):\n    S0 -> S0 flow A  [<, >]\n"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("    loop i: sequential: flow dependence S0 -> S0 on A, "
                      "direction (<, >)  // line 2\n"),
            std::string::npos)
      << Text;
  // With a file, each verdict names its loop as FILE:LINE.
  P.File = "f.c";
  EXPECT_NE(printDepsText(P, D).find("on A, direction (<, >)  // f.c:2\n    "
                                     "loop j: parallel"),
            std::string::npos)
      << printDepsText(P, D);
  std::string JSON = printDepsJSON(P, D);
  EXPECT_EQ(JSON.rfind("{\"nests\":[{\"function\":\"f\",\"line\":2,\"loops\":"
                       "[{\"var\":\"i\",\"line\":2,\"depth\":0,"
                       "\"parallel\":false,\"reduction\":false,",
                       0),
            0u)
      << JSON;
  EXPECT_NE(JSON.find("{\"kind\":\"flow\",\"array\":\"A\",\"source\":\"S0\","
                      "\"sink\":\"S0\",\"loops\":[\"i\",\"j\"],"
                      "\"direction\":[\"<\",\">\"],\"assumed\":false"),
            std::string::npos)
      << JSON;
  std::string Dot = printDepsDot(P, D);
  EXPECT_NE(Dot.find("n0_S0 -> n0_S0 [label=\"flow A (<, >)\"];"),
            std::string::npos)
      << Dot;
}

} // namespace
