//===- IRBuilder.cpp - loop-nest IR from short strings, for tests ---------===//
#include "IRBuilder.h"

#include <cctype>
#include <stdexcept>

using namespace looptile;

namespace {
/// Recursive-descent parser over one string.
struct Parser {
  std::string Text;
  size_t Pos = 0;

  void skip() {
    while (Pos < Text.size() && std::isspace((unsigned char)Text[Pos]))
      ++Pos;
  }
  bool eat(const std::string &Tok) {
    skip();
    if (Text.compare(Pos, Tok.size(), Tok) != 0)
      return false;
    Pos += Tok.size();
    return true;
  }
  void expect(const std::string &Tok) {
    if (!eat(Tok))
      throw std::runtime_error("expected '" + Tok + "' in: " + Text);
  }
  std::string ident() {
    skip();
    size_t Start = Pos;
    while (Pos < Text.size() &&
           (std::isalnum((unsigned char)Text[Pos]) || Text[Pos] == '_'))
      ++Pos;
    return Text.substr(Start, Pos - Start);
  }
  bool atDigit() {
    skip();
    return Pos < Text.size() && std::isdigit((unsigned char)Text[Pos]);
  }
  bool atIdent() {
    skip();
    return Pos < Text.size() &&
           (std::isalpha((unsigned char)Text[Pos]) || Text[Pos] == '_');
  }

  // IndexExpr grammar.
  IndexExpr idxPrimary() {
    if (eat("(")) {
      IndexExpr E = idxSum();
      expect(")");
      return E;
    }
    if (eat("-"))
      return -idxPrimary();
    if (atDigit())
      return IndexExpr::constant(std::stoll(ident()));
    return IndexExpr::symbol(ident());
  }
  IndexExpr idxProduct() {
    IndexExpr E = idxPrimary();
    while (eat("*"))
      E = E * idxPrimary();
    return E;
  }
  IndexExpr idxSum() {
    IndexExpr E = idxProduct();
    for (;;) {
      if (eat("+"))
        E = E + idxProduct();
      else if (eat("-"))
        E = E - idxProduct();
      else
        return E;
    }
  }

  // Expression grammar.
  Expr primary() {
    if (eat("(")) {
      Expr E = sum();
      expect(")");
      return E;
    }
    if (eat("-")) {
      Expr E;
      E.K = Expr::Unary;
      E.Op = '-';
      E.Operands = {primary()};
      return E;
    }
    if (atDigit()) {
      skip();
      size_t Start = Pos;
      while (Pos < Text.size() &&
             (std::isdigit((unsigned char)Text[Pos]) || Text[Pos] == '.' ||
              Text[Pos] == 'f'))
        ++Pos;
      std::string Lit = Text.substr(Start, Pos - Start);
      if (Lit.find('.') == std::string::npos)
        return Expr::intLit(std::stoll(Lit));
      Expr E;
      E.K = Expr::FloatLit;
      E.Type = ElemType::Float;
      E.FloatValue = std::strtod(Lit.c_str(), nullptr);
      return E;
    }
    std::string Name = ident();
    if (eat("(")) {
      Expr E;
      E.K = Expr::Call;
      E.Type = ElemType::Float;
      E.Name = Name;
      if (!eat(")")) {
        do
          E.Operands.push_back(sum());
        while (eat(","));
        expect(")");
      }
      return E;
    }
    std::vector<IndexExpr> Subs;
    while (eat("[")) {
      Subs.push_back(idxSum());
      expect("]");
    }
    if (Subs.empty())
      return Expr::scalarRef(Name, ElemType::Float);
    return Expr::arrayRef(Name, ElemType::Float, Subs);
  }
  Expr product() {
    Expr E = primary();
    for (;;) {
      if (eat("*"))
        E = Expr::binary('*', E, primary());
      else if (eat("/"))
        E = Expr::binary('/', E, primary());
      else
        return E;
    }
  }
  Expr sum() {
    Expr E = product();
    for (;;) {
      if (eat("+"))
        E = Expr::binary('+', E, product());
      else if (eat("-"))
        E = Expr::binary('-', E, product());
      else
        return E;
    }
  }
};
} // namespace

IndexExpr test::idx(const std::string &Text) {
  Parser P{Text};
  return P.idxSum();
}

Node test::stmt(const std::string &Text) {
  Parser P{Text};
  Stmt S;
  if (P.eat("float ")) {
    S.DeclType = ElemType::Float;
  }
  S.LHS = P.primary();
  if (P.eat("+="))
    S.Op = AssignOp::AddAssign;
  else if (P.eat("-="))
    S.Op = AssignOp::SubAssign;
  else if (P.eat("*="))
    S.Op = AssignOp::MulAssign;
  else if (P.eat("/="))
    S.Op = AssignOp::DivAssign;
  else
    P.expect("=");
  S.RHS = P.sum();
  return Node{S};
}

Node test::loop(const std::string &Var, std::vector<std::string> Lower,
                std::vector<std::string> Upper, std::vector<Node> Body,
                int64_t Step) {
  Loop L;
  L.Var = Var;
  for (const std::string &E : Lower)
    L.Lower.push_back(idx(E));
  for (const std::string &E : Upper)
    L.Upper.push_back(idx(E));
  L.Step = Step;
  L.Body = std::move(Body);
  return Node{L};
}

// Numbers statements and gives every loop and statement its own line.
static void number(std::vector<Node> &Body, unsigned &NextId,
                   unsigned &Line) {
  for (Node &N : Body) {
    if (N.isLoop()) {
      N.loop().Loc = {Line++, 3};
      number(N.loop().Body, NextId, Line);
      continue;
    }
    Stmt &S = N.stmt();
    S.Id = NextId++;
    S.Loc = {Line++, 5};
    S.LHS.Loc = S.Loc;
  }
}

Function test::function(const std::string &Name,
                        std::vector<std::string> Sizes,
                        std::vector<std::string> Arrays,
                        std::vector<std::string> Locals,
                        std::vector<Node> Body) {
  Function F;
  F.Name = Name;
  F.Loc = {1, 1};
  unsigned Col = 10;
  for (const std::string &S : Sizes) {
    Variable V;
    V.Name = S;
    V.VarKind = Variable::SizeParam;
    V.Type = ElemType::Int;
    V.Loc = {1, Col++};
    F.Params.push_back(V);
  }
  for (std::string A : Arrays) {
    Variable V;
    V.VarKind = Variable::ArrayParam;
    if (A.rfind("*restrict ", 0) == 0) {
      V.VarKind = Variable::PointerParam;
      V.IsRestrict = true;
      A = A.substr(10);
    } else if (A[0] == '*') {
      V.VarKind = Variable::PointerParam;
      A = A.substr(1);
    }
    V.Name = A;
    V.Extents = {std::nullopt};
    V.Loc = {1, Col++};
    F.Params.push_back(V);
  }
  for (const std::string &L : Locals) {
    Variable V;
    size_t At = L.find('@');
    V.Name = L.substr(0, At);
    if (At != std::string::npos)
      V.DeclaredIn = L.substr(At + 1);
    V.VarKind = Variable::LocalScalar;
    F.Locals.push_back(V);
  }
  F.Body = std::move(Body);
  unsigned NextId = 0, Line = 2;
  number(F.Body, NextId, Line);
  return F;
}
