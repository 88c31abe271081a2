//===- LoopNest.cpp - the loop-nest IR ------------------------------------===//
//
// Implements the IR's helpers: constructors, C printing of expressions and
// statements, and the list of accesses of a statement.
//
//===----------------------------------------------------------------------===//
#include "looptile/IR/LoopNest.h"

#include <algorithm>

using namespace looptile;

const char *looptile::elemTypeName(ElemType T) {
  switch (T) {
  case ElemType::Int:
    return "int";
  case ElemType::Float:
    return "float";
  case ElemType::Double:
    return "double";
  }
  return "?";
}

const char *looptile::assignOpSpelling(AssignOp Op) {
  switch (Op) {
  case AssignOp::Assign:
    return "=";
  case AssignOp::AddAssign:
    return "+=";
  case AssignOp::SubAssign:
    return "-=";
  case AssignOp::MulAssign:
    return "*=";
  case AssignOp::DivAssign:
    return "/=";
  }
  return "?";
}

Expr Expr::intLit(int64_t V) {
  Expr E;
  E.K = IntLit;
  E.Type = ElemType::Int;
  E.IntValue = V;
  return E;
}

Expr Expr::scalarRef(const std::string &Name, ElemType T) {
  Expr E;
  E.K = ScalarRef;
  E.Type = T;
  E.Name = Name;
  return E;
}

Expr Expr::arrayRef(const std::string &Name, ElemType T,
                    std::vector<IndexExpr> Subscripts) {
  Expr E;
  E.K = ArrayRef;
  E.Type = T;
  E.Name = Name;
  E.Subscripts = std::move(Subscripts);
  return E;
}

Expr Expr::binary(char Op, Expr LHS, Expr RHS) {
  Expr E;
  E.K = Binary;
  E.Op = Op;
  E.Type = (LHS.Type == ElemType::Double || RHS.Type == ElemType::Double)
               ? ElemType::Double
           : (LHS.Type == ElemType::Float || RHS.Type == ElemType::Float)
               ? ElemType::Float
               : ElemType::Int;
  E.Operands = {std::move(LHS), std::move(RHS)};
  return E;
}

// Binding strength used to decide where parentheses are needed.
static int precedence(const Expr &E) {
  if (E.K == Expr::Binary)
    return (E.Op == '+' || E.Op == '-') ? 1 : 2;
  if (E.K == Expr::Unary || E.K == Expr::Cast)
    return 3;
  return 4;
}

static std::string subscriptsStr(const std::vector<IndexExpr> &Subs) {
  std::string Out;
  for (const IndexExpr &S : Subs)
    Out += "[" + S.str() + "]";
  return Out;
}

std::string looptile::printExpr(const Expr &E, const ExprOverride &Override) {
  if (Override)
    if (std::optional<std::string> S = Override(E))
      return *S;
  auto Operand = [&](const Expr &Op, bool Parenthesize) {
    std::string Text = printExpr(Op, Override);
    return Parenthesize ? "(" + Text + ")" : Text;
  };
  switch (E.K) {
  case Expr::IntLit:
    return std::to_string(E.IntValue);
  case Expr::FloatLit:
    return E.Spelling.empty() ? std::to_string(E.FloatValue) : E.Spelling;
  case Expr::ScalarRef:
    return E.Name;
  case Expr::ArrayRef:
    return E.Name + subscriptsStr(E.Subscripts);
  case Expr::Unary:
    return std::string(1, E.Op) +
           Operand(E.Operands[0], precedence(E.Operands[0]) < 3);
  case Expr::Binary: {
    int P = precedence(E);
    // The right operand of a non-commutative operator also needs
    // parentheses at equal precedence: a - (b + c), a / (b * c).
    bool RightStrict = E.Op == '-' || E.Op == '/' || E.Op == '%';
    int RP = precedence(E.Operands[1]);
    return Operand(E.Operands[0], precedence(E.Operands[0]) < P) + " " +
           std::string(1, E.Op) + " " +
           Operand(E.Operands[1], RP < P || (RightStrict && RP == P));
  }
  case Expr::Call: {
    std::string Out = E.Name + "(";
    for (size_t I = 0; I < E.Operands.size(); ++I)
      Out += (I ? ", " : "") + Operand(E.Operands[I], false);
    return Out + ")";
  }
  case Expr::Cast:
    return "(" + std::string(elemTypeName(E.Type)) + ")" +
           Operand(E.Operands[0], precedence(E.Operands[0]) < 3);
  }
  return "?";
}

std::string Expr::str() const { return printExpr(*this, nullptr); }

std::string Access::str() const { return Name + subscriptsStr(Subscripts); }

// Appends the reads of E (in evaluation order) to Out.
static void collectReads(const Expr &E, const std::vector<std::string> &Skip,
                         std::vector<Access> &Out) {
  if (E.K == Expr::ScalarRef) {
    if (std::find(Skip.begin(), Skip.end(), E.Name) == Skip.end())
      Out.push_back({E.Name, {}, false, E.Loc});
    return;
  }
  if (E.K == Expr::ArrayRef) {
    Out.push_back({E.Name, E.Subscripts, false, E.Loc});
    return;
  }
  for (const Expr &Op : E.Operands)
    collectReads(Op, Skip, Out);
}

std::vector<Access>
Stmt::accesses(const std::vector<std::string> &NotMemory) const {
  std::vector<Access> Out;
  collectReads(RHS, NotMemory, Out);
  Access Target{LHS.Name, LHS.Subscripts, false, LHS.Loc};
  if (Op != AssignOp::Assign)
    Out.push_back(Target);
  Target.IsWrite = true;
  Out.push_back(Target);
  return Out;
}

std::string Stmt::str() const {
  std::string Prefix =
      DeclType ? std::string(elemTypeName(*DeclType)) + " " : std::string();
  return Prefix + LHS.str() + " " + assignOpSpelling(Op) + " " + RHS.str();
}

const Variable *Function::lookup(const std::string &N) const {
  for (const Variable &V : Params)
    if (V.Name == N)
      return &V;
  for (const Variable &V : Locals)
    if (V.Name == N)
      return &V;
  return nullptr;
}

static void collectLoopVars(const std::vector<Node> &Body,
                            std::vector<std::string> &Out) {
  for (const Node &N : Body) {
    if (!N.isLoop())
      continue;
    const Loop &L = N.loop();
    if (std::find(Out.begin(), Out.end(), L.Var) == Out.end())
      Out.push_back(L.Var);
    collectLoopVars(L.Body, Out);
  }
}

std::vector<std::string> Function::nonMemoryNames() const {
  std::vector<std::string> Out;
  for (const Variable &V : Params)
    if (V.VarKind == Variable::SizeParam || V.VarKind == Variable::ScalarParam)
      Out.push_back(V.Name);
  collectLoopVars(Body, Out);
  return Out;
}
