//===- OpenCLExpr.cpp - IR expressions printed as OpenCL C ----------------===//
#include "OpenCLExpr.h"

using namespace looptile;

std::string looptile::clMathName(const std::string &CName) {
  static const std::map<std::string, std::string> Names = {
      {"sqrtf", "sqrt"},   {"fabsf", "fabs"},   {"expf", "exp"},
      {"logf", "log"},     {"sinf", "sin"},     {"cosf", "cos"},
      {"tanf", "tan"},     {"tanhf", "tanh"},   {"powf", "pow"},
      {"fminf", "fmin"},   {"fmaxf", "fmax"},   {"floorf", "floor"},
      {"ceilf", "ceil"},   {"exp2f", "exp2"},   {"log2f", "log2"},
      {"fmaf", "fma"},     {"rsqrtf", "rsqrt"}};
  auto It = Names.find(CName);
  return It == Names.end() ? CName : It->second;
}

IndexExpr looptile::flatIndex(const Function &F, const std::string &Name,
                              const std::vector<IndexExpr> &Subscripts) {
  const Variable *V = F.lookup(Name);
  if (!V || V->VarKind == Variable::PointerParam || Subscripts.size() <= 1 ||
      V->VarKind == Variable::LocalArray)
    return Subscripts.empty() ? IndexExpr() : Subscripts[0];
  // Row-major: s0*E1*...*En-1 + s1*E2*... + sn-1.
  IndexExpr Flat;
  for (size_t D = 0; D < Subscripts.size(); ++D) {
    IndexExpr Term = Subscripts[D];
    for (size_t E = D + 1; E < V->Extents.size(); ++E)
      Term = Term * (V->Extents[E] ? *V->Extents[E] : IndexExpr::constant(1));
    Flat = Flat + Term;
  }
  return Flat;
}

IndexExpr looptile::substituted(const IndexExpr &E, const CLPrintContext &Ctx) {
  IndexExpr R = E;
  // Substitute through fresh placeholders so that a replacement mentioning
  // another substituted variable is not substituted twice.
  std::map<std::string, IndexExpr> Pending;
  unsigned N = 0;
  for (auto &[Var, Value] : Ctx.IndexSubst) {
    if (!R.mentions(Var))
      continue;
    std::string Tmp = "\x01" + std::to_string(N++);
    R = R.substitute(Var, IndexExpr::symbol(Tmp));
    Pending[Tmp] = Value;
  }
  for (auto &[Tmp, Value] : Pending)
    R = R.substitute(Tmp, Value);
  return R;
}

static int precedence(const Expr &E) {
  if (E.K == Expr::Binary)
    return (E.Op == '+' || E.Op == '-') ? 1 : 2;
  if (E.K == Expr::Unary || E.K == Expr::Cast)
    return 3;
  return 4;
}

std::string looptile::clExpr(const Expr &E, const CLPrintContext &Ctx) {
  switch (E.K) {
  case Expr::IntLit:
    return std::to_string(E.IntValue);
  case Expr::FloatLit:
    return E.Spelling.empty() ? std::to_string(E.FloatValue) : E.Spelling;
  case Expr::ScalarRef: {
    auto It = Ctx.ScalarRename.find(E.Name);
    if (It != Ctx.ScalarRename.end())
      return It->second;
    auto Sub = Ctx.IndexSubst.find(E.Name);
    if (Sub != Ctx.IndexSubst.end())
      return "(" + Sub->second.str() + ")";
    return E.Name;
  }
  case Expr::ArrayRef: {
    if (Ctx.ArrayHook)
      if (std::optional<std::string> R = Ctx.ArrayHook(E))
        return *R;
    const Variable *V = Ctx.F->lookup(E.Name);
    if (V && V->VarKind == Variable::LocalArray) {
      std::string Out = E.Name;
      for (const IndexExpr &S : E.Subscripts)
        Out += "[" + substituted(S, Ctx).str() + "]";
      return Out;
    }
    return E.Name + "[" +
           substituted(flatIndex(*Ctx.F, E.Name, E.Subscripts), Ctx).str() +
           "]";
  }
  case Expr::Unary: {
    std::string Inner = clExpr(E.Operands[0], Ctx);
    if (precedence(E.Operands[0]) < 3)
      Inner = "(" + Inner + ")";
    return std::string(1, E.Op) + Inner;
  }
  case Expr::Binary: {
    int P = precedence(E);
    std::string L = clExpr(E.Operands[0], Ctx), R = clExpr(E.Operands[1], Ctx);
    if (precedence(E.Operands[0]) < P)
      L = "(" + L + ")";
    bool RightStrict = E.Op == '-' || E.Op == '/' || E.Op == '%';
    int RP = precedence(E.Operands[1]);
    if (RP < P || (RightStrict && RP == P))
      R = "(" + R + ")";
    return L + " " + std::string(1, E.Op) + " " + R;
  }
  case Expr::Call: {
    std::string Out = clMathName(E.Name) + "(";
    for (size_t I = 0; I < E.Operands.size(); ++I)
      Out += (I ? ", " : "") + clExpr(E.Operands[I], Ctx);
    return Out + ")";
  }
  case Expr::Cast: {
    std::string Inner = clExpr(E.Operands[0], Ctx);
    if (precedence(E.Operands[0]) < 3)
      Inner = "(" + Inner + ")";
    return "(" + std::string(elemTypeName(E.Type)) + ")" + Inner;
  }
  }
  return "?";
}

std::string looptile::clStmt(const Stmt &S, const CLPrintContext &Ctx) {
  std::string Prefix;
  if (S.DeclType && !Ctx.ScalarRename.count(S.LHS.Name))
    Prefix = std::string(elemTypeName(*S.DeclType)) + " ";
  return Prefix + clExpr(S.LHS, Ctx) + " " + assignOpSpelling(S.Op) + " " +
         clExpr(S.RHS, Ctx) + ";";
}
