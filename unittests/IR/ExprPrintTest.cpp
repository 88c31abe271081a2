//===- ExprPrintTest.cpp - unit tests for the expression printer ----------===//
//
// The printer must give back the tree it was handed: every printed
// expression is parsed again with C's grammar (a small precedence-climbing
// parser below, independent of the printer) and compared node by node, for
// hand-picked trees and for many random ones. Floating constants must read
// back bit-exactly in their own type.
//
//===----------------------------------------------------------------------===//
#include "looptile/IR/LoopNest.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>

using namespace looptile;

namespace {

Expr lit(int64_t V) { return Expr::intLit(V); }
Expr flt(double V, ElemType T = ElemType::Float) {
  Expr E;
  E.K = Expr::FloatLit;
  E.Type = T;
  E.FloatValue = V;
  return E;
}
Expr var(const char *N) { return Expr::scalarRef(N, ElemType::Float); }
Expr neg(Expr X) {
  Expr E;
  E.K = Expr::Unary;
  E.Op = '-';
  E.Type = X.Type;
  E.Operands = {std::move(X)};
  return E;
}
Expr cast(ElemType T, Expr X) {
  Expr E;
  E.K = Expr::Cast;
  E.Type = T;
  E.Operands = {std::move(X)};
  return E;
}
Expr bin(char Op, Expr L, Expr R) {
  return Expr::binary(Op, std::move(L), std::move(R));
}

// C's grammar for the printer's output: additive and multiplicative
// operators (left-associative), prefix minus and casts, names, calls,
// integer and floating constants. Builds the same Expr kinds.
class Parser {
public:
  explicit Parser(const std::string &S) : S(S) {}
  Expr parse() {
    Expr E = binary(0);
    skip();
    EXPECT_EQ(Pos, S.size()) << "trailing text in '" << S << "'";
    return E;
  }

private:
  void skip() {
    while (Pos < S.size() && S[Pos] == ' ')
      ++Pos;
  }
  static int prec(char Op) {
    return (Op == '+' || Op == '-')                ? 1
           : (Op == '*' || Op == '/' || Op == '%') ? 2
                                                   : 0;
  }
  Expr binary(int MinPrec) {
    Expr L = prefix();
    while (true) {
      skip();
      if (Pos >= S.size() || prec(S[Pos]) == 0 || prec(S[Pos]) < MinPrec)
        return L;
      char Op = S[Pos++];
      Expr R = binary(prec(Op) + 1);
      L = bin(Op, std::move(L), std::move(R));
    }
  }
  Expr prefix() {
    skip();
    if (S[Pos] == '-') {
      ++Pos;
      EXPECT_NE(S[Pos], '-') << "'--' in '" << S << "'";
      return neg(prefix());
    }
    if (S[Pos] == '(') {
      for (const char *T : {"int", "float", "double"}) {
        std::string Tok = std::string("(") + T + ")";
        if (S.compare(Pos, Tok.size(), Tok) == 0) {
          Pos += Tok.size();
          ElemType ET = T[0] == 'i'   ? ElemType::Int
                        : T[0] == 'f' ? ElemType::Float
                                      : ElemType::Double;
          return cast(ET, prefix());
        }
      }
      ++Pos;
      Expr E = binary(0);
      skip();
      EXPECT_EQ(S[Pos], ')');
      ++Pos;
      return E;
    }
    if (std::isdigit((unsigned char)S[Pos])) {
      size_t End = Pos;
      while (End < S.size() &&
             (std::isalnum((unsigned char)S[End]) || S[End] == '.' ||
              ((S[End] == '+' || S[End] == '-') && (S[End - 1] == 'e'))))
        ++End;
      std::string Tok = S.substr(Pos, End - Pos);
      Pos = End;
      if (Tok.find_first_of(".e") == std::string::npos)
        return lit(std::stoll(Tok));
      if (Tok.back() == 'f')
        return flt(std::strtof(Tok.c_str(), nullptr), ElemType::Float);
      return flt(std::strtod(Tok.c_str(), nullptr), ElemType::Double);
    }
    size_t End = Pos;
    while (End < S.size() &&
           (std::isalnum((unsigned char)S[End]) || S[End] == '_'))
      ++End;
    std::string Name = S.substr(Pos, End - Pos);
    Pos = End;
    if (Pos < S.size() && S[Pos] == '(') {
      ++Pos;
      Expr E;
      E.K = Expr::Call;
      E.Name = Name;
      E.Type = ElemType::Float;
      while (true) {
        E.Operands.push_back(binary(0));
        skip();
        if (S[Pos++] == ')')
          break;
      }
      return E;
    }
    return var(Name.c_str());
  }

  const std::string &S;
  size_t Pos = 0;
};

// Minus applied to a constant is the negative constant (C has no negative
// literals: `-2` is minus applied to 2, with the same value).
Expr canonical(Expr E) {
  for (Expr &Op : E.Operands)
    Op = canonical(std::move(Op));
  if (E.K == Expr::Unary && E.Operands[0].K == Expr::IntLit)
    return lit(-E.Operands[0].IntValue);
  if (E.K == Expr::Unary && E.Operands[0].K == Expr::FloatLit)
    return flt(-E.Operands[0].FloatValue, E.Operands[0].Type);
  return E;
}

// Structural equality of the parts the printer shows.
::testing::AssertionResult sameNode(const Expr &A, const Expr &B) {
  if (A.K != B.K)
    return ::testing::AssertionFailure() << "kind " << A.K << " vs " << B.K;
  switch (A.K) {
  case Expr::IntLit:
    if (A.IntValue != B.IntValue)
      return ::testing::AssertionFailure()
             << A.IntValue << " vs " << B.IntValue;
    break;
  case Expr::FloatLit:
    if (A.Type != B.Type ||
        std::memcmp(&A.FloatValue, &B.FloatValue, sizeof(double)) != 0)
      return ::testing::AssertionFailure()
             << "constant " << A.FloatValue << " vs " << B.FloatValue;
    break;
  case Expr::ScalarRef:
  case Expr::Call:
    if (A.Name != B.Name)
      return ::testing::AssertionFailure() << A.Name << " vs " << B.Name;
    break;
  case Expr::Unary:
  case Expr::Binary:
    if (A.Op != B.Op)
      return ::testing::AssertionFailure() << A.Op << " vs " << B.Op;
    break;
  case Expr::Cast:
    if (A.Type != B.Type)
      return ::testing::AssertionFailure() << "cast type";
    break;
  default:
    break;
  }
  if (A.Operands.size() != B.Operands.size())
    return ::testing::AssertionFailure() << "operand count";
  for (size_t I = 0; I < A.Operands.size(); ++I)
    if (auto R = sameNode(A.Operands[I], B.Operands[I]); !R)
      return R;
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult sameTree(const Expr &A, const Expr &B) {
  return sameNode(canonical(A), canonical(B));
}

void expectRoundTrip(const Expr &E) {
  std::string Text = E.str();
  Expr Back = Parser(Text).parse();
  EXPECT_TRUE(sameTree(E, Back)) << "printed as '" << Text << "'";
}

TEST(ExprPrintTest, RightOperandOfEqualPrecedenceKeepsItsParentheses) {
  Expr B = var("b"), C = var("c");
  EXPECT_EQ(bin('+', B, bin('+', C, flt(1))).str(), "b + (c + 1.0f)");
  EXPECT_EQ(bin('+', bin('+', B, C), flt(1)).str(), "b + c + 1.0f");
  EXPECT_EQ(bin('*', var("a"), bin('*', C, flt(3))).str(), "a * (c * 3.0f)");
  EXPECT_EQ(bin('/', var("x"), bin('*', var("y"), var("z"))).str(),
            "x / (y * z)");
  EXPECT_EQ(bin('*', var("x"), bin('/', var("y"), var("z"))).str(),
            "x * (y / z)");
  EXPECT_EQ(bin('-', var("a"), bin('-', B, C)).str(), "a - (b - c)");
  EXPECT_EQ(bin('+', var("a"), bin('-', B, C)).str(), "a + (b - c)");
  EXPECT_EQ(bin('%', lit(7), bin('%', lit(5), lit(3))).str(), "7 % (5 % 3)");
  EXPECT_EQ(bin('*', bin('+', B, C), bin('-', B, C)).str(),
            "(b + c) * (b - c)");
}

TEST(ExprPrintTest, PrefixOperators) {
  Expr B = var("b"), C = var("c");
  EXPECT_EQ(neg(bin('*', B, C)).str(), "-(b * c)");
  EXPECT_EQ(bin('*', neg(B), C).str(), "-b * c");
  EXPECT_EQ(neg(neg(B)).str(), "-(-b)");
  EXPECT_EQ(neg(lit(-1)).str(), "-(-1)");
  EXPECT_EQ(bin('-', B, neg(C)).str(), "b - -c");
  EXPECT_EQ(bin('-', B, lit(-2)).str(), "b - -2");
  EXPECT_EQ(cast(ElemType::Float, bin('%', lit(7), var("n"))).str(),
            "(float)(7 % n)");
  EXPECT_EQ(cast(ElemType::Double, neg(B)).str(), "(double)-b");
  EXPECT_EQ(neg(cast(ElemType::Int, B)).str(), "-(int)b");
  EXPECT_EQ(bin('*', cast(ElemType::Double, B), flt(2, ElemType::Double)).str(),
            "(double)b * 2.0");
}

TEST(ExprPrintTest, FloatingConstantsReadBackExactly) {
  EXPECT_EQ(flt(0.25).str(), "0.25f");
  EXPECT_EQ(flt(1).str(), "1.0f");
  EXPECT_EQ(flt(0, ElemType::Double).str(), "0.0");
  EXPECT_EQ(flt(double(0.1f)).str(), "0.1f");
  EXPECT_EQ(flt(1e-10, ElemType::Double).str(), "1e-10");
  EXPECT_EQ(flt(0.333333333333333, ElemType::Double).str(),
            "0.333333333333333");
  EXPECT_EQ(flt(1.0 / 3.0, ElemType::Double).str(), "0.3333333333333333");
  EXPECT_EQ(flt(double(1.0f / 3.0f)).str(), "0.33333334f");
  EXPECT_EQ(flt(16777216.0).str(), "16777216.0f");
  EXPECT_EQ(flt(1e8).str(), "1e+08f");
  // Every float near powers of ten, every double from a seeded generator.
  std::mt19937_64 Gen(42);
  for (int I = 0; I < 20000; ++I) {
    uint32_t Bits = uint32_t(Gen());
    float F;
    std::memcpy(&F, &Bits, sizeof F);
    if (!std::isfinite(F))
      continue;
    F = std::fabs(F);
    std::string S = flt(F).str();
    ASSERT_EQ(S.back(), 'f');
    float Back = std::strtof(S.c_str(), nullptr);
    ASSERT_EQ(std::memcmp(&Back, &F, sizeof F), 0) << S;
    uint64_t DBits = Gen();
    double D;
    std::memcpy(&D, &DBits, sizeof D);
    if (!std::isfinite(D))
      continue;
    D = std::fabs(D);
    S = flt(D, ElemType::Double).str();
    ASSERT_NE(S.back(), 'f');
    ASSERT_NE(S.find_first_of(".e"), std::string::npos) << S;
    double DBack = std::strtod(S.c_str(), nullptr);
    ASSERT_EQ(std::memcmp(&DBack, &D, sizeof D), 0) << S;
  }
}

// Random trees over every node kind the printer parenthesises.
Expr randomTree(std::mt19937 &Gen, int Depth) {
  std::uniform_int_distribution<int> Pick(0, Depth > 0 ? 9 : 2);
  switch (Pick(Gen)) {
  case 0:
    return lit(int64_t(Gen() % 7) - 2);
  case 1:
    return flt(double(Gen() % 5) * 0.5,
               Gen() % 2 ? ElemType::Float : ElemType::Double);
  case 2:
    return var(Gen() % 2 ? "x" : "y");
  case 3:
    return neg(randomTree(Gen, Depth - 1));
  case 4:
    return cast(Gen() % 2 ? ElemType::Float : ElemType::Int,
                randomTree(Gen, Depth - 1));
  case 5: {
    Expr E;
    E.K = Expr::Call;
    E.Name = "fmaxf";
    E.Type = ElemType::Float;
    E.Operands = {randomTree(Gen, Depth - 1), randomTree(Gen, Depth - 1)};
    return E;
  }
  default: {
    static const char Ops[] = "+-*/%";
    char Op = Ops[Gen() % 5];
    return bin(Op, randomTree(Gen, Depth - 1), randomTree(Gen, Depth - 1));
  }
  }
}

TEST(ExprPrintTest, RandomTreesReadBackAsTheSameTree) {
  std::mt19937 Gen(2024);
  for (int I = 0; I < 5000; ++I)
    expectRoundTrip(randomTree(Gen, 5));
}

TEST(ExprPrintTest, HandPickedTreesReadBackAsTheSameTree) {
  Expr B = var("b"), C = var("c");
  for (char Op : std::string("+-*/%"))
    for (char Inner : std::string("+-*/%")) {
      expectRoundTrip(bin(Op, B, bin(Inner, C, flt(1))));
      expectRoundTrip(bin(Op, bin(Inner, B, C), flt(1)));
      expectRoundTrip(neg(bin(Op, B, bin(Inner, C, lit(-1)))));
    }
}

} // namespace
