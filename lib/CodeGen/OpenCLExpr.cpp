//===- OpenCLExpr.cpp - IR expressions printed as OpenCL C ----------------===//
#include "OpenCLExpr.h"

#include <cmath>

#include <cassert>

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

std::string looptile::clFlatIndex(const Function &F, const std::string &Name,
                                  const std::vector<IndexExpr> &Subscripts,
                                  const CLPrintContext &Ctx) {
  const Variable *V = F.lookup(Name);
  // A subscript that no substitution touches prints with its shared
  // symbols factored out (IndexExpr::factoredStr: a linearized `(i - n +
  // 5)*m + j` as written); the kernels' substituted loop variables keep
  // the distributed form their tiles were tuned with.
  auto Text = [&](const IndexExpr &S) {
    IndexExpr T = substituted(S, Ctx);
    return T == S ? T.factoredStr() : T.str();
  };
  bool Horner = false;
  for (size_t D = 0; Subscripts.size() > 1 && D < Subscripts.size(); ++D)
    Horner |= Subscripts[D].terms().size() > 1;
  // flatIndex's own cases: one subscript, a pointer, a local array.
  if (!V || V->VarKind == Variable::PointerParam ||
      V->VarKind == Variable::LocalArray || Subscripts.size() <= 1)
    return Subscripts.empty() ? "0" : Text(Subscripts[0]);
  if (!Horner)
    return substituted(flatIndex(F, Name, Subscripts), Ctx).str();
  auto Grouped = [](const IndexExpr &E) {
    std::string T = E.str();
    return E.terms().size() > 1 ? "(" + T + ")" : T;
  };
  // Out is the offset so far, empty while it is 0 (a leading `[0]`).
  IndexExpr S0 = substituted(Subscripts[0], Ctx);
  std::string Out = S0.terms().empty() ? "" : Text(Subscripts[0]);
  bool Sum = S0.terms().size() > 1;
  for (size_t D = 1; D < Subscripts.size(); ++D) {
    IndexExpr Extent = D < V->Extents.size() && V->Extents[D]
                           ? *V->Extents[D]
                           : IndexExpr::constant(1);
    IndexExpr S = substituted(Subscripts[D], Ctx);
    if (Out.empty()) {
      // 0*E + S is S.
      if (!S.terms().empty())
        Out = Text(Subscripts[D]);
      Sum = S.terms().size() > 1;
      continue;
    }
    Out = (Sum ? "(" + Out + ")" : Out) + "*" +
          Grouped(substituted(Extent, Ctx));
    Sum = !S.terms().empty();
    if (S.terms().size() > 1) {
      Out += " + (" + Text(Subscripts[D]) + ")";
    } else if (Sum) {
      std::string T = S.str();
      Out += T[0] == '-' ? " - " + T.substr(1) : " + " + T;
    }
  }
  return Out.empty() ? "0" : Out;
}

std::string looptile::clExpr(const Expr &E, const CLPrintContext &Ctx) {
  return printExpr(E, [&](const Expr &X) -> std::optional<std::string> {
    switch (X.K) {
    case Expr::ScalarRef: {
      auto It = Ctx.ScalarRename.find(X.Name);
      if (It != Ctx.ScalarRename.end())
        return It->second;
      auto Cast = Ctx.ValueCasts.find(X.Name);
      if (Cast != Ctx.ValueCasts.end())
        return "((" + Cast->second + ")" + X.Name + ")";
      auto Sub = Ctx.IndexSubst.find(X.Name);
      if (Sub != Ctx.IndexSubst.end())
        return "(" + Sub->second.str() + ")";
      return std::nullopt;
    }
    case Expr::ArrayRef: {
      if (X.isGather()) {
        // The flat index with a placeholder symbol for each gathered
        // dimension, then the index expression printed in its place.
        std::vector<IndexExpr> Subs = X.Subscripts;
        std::vector<std::pair<std::string, std::string>> Holes;
        for (size_t D = 0; D < Subs.size(); ++D)
          if (X.gathersDim(D)) {
            std::string Hole = "\x02" + std::to_string(D) + "\x02";
            Subs[D] = IndexExpr::symbol(Hole);
            Holes.push_back({Hole, "(" + clExpr(X.Operands[D], Ctx) + ")"});
          }
        std::string Index = clFlatIndex(*Ctx.F, X.Name, Subs, Ctx);
        for (const auto &[Hole, Text] : Holes)
          for (size_t At; (At = Index.find(Hole)) != std::string::npos;)
            Index.replace(At, Hole.size(), Text);
        return X.Name + "[" + Index + "]";
      }
      if (Ctx.ArrayHook)
        if (std::optional<std::string> R = Ctx.ArrayHook(X))
          return R;
      const Variable *V = Ctx.F->lookup(X.Name);
      if (V && V->VarKind == Variable::LocalArray) {
        std::string Out = X.Name;
        for (const IndexExpr &S : X.Subscripts)
          Out += "[" + substituted(S, Ctx).str() + "]";
        return Out;
      }
      return X.Name + "[" + clFlatIndex(*Ctx.F, X.Name, X.Subscripts, Ctx) +
             "]";
    }
    case Expr::Cast:
      // OpenCL's spelling (`long long` does not exist there).
      return "(" + std::string(elemTypeCLName(X.Type)) + ")" +
             (X.Operands[0].K == Expr::Binary ||
                      X.Operands[0].K == Expr::Compare ||
                      X.Operands[0].K == Expr::Logical ||
                      X.Operands[0].K == Expr::Select
                  ? "(" + clExpr(X.Operands[0], Ctx) + ")"
                  : clExpr(X.Operands[0], Ctx));
    case Expr::FloatLit: {
      // OpenCL C's INFINITY and NAN are float constants; a double one is
      // the same value converted (exact).
      if (std::isfinite(X.FloatValue))
        return std::nullopt;
      std::string V = std::isnan(X.FloatValue) ? "NAN" : "INFINITY";
      if (X.Type != ElemType::Float)
        V = "(double)" + V;
      return X.FloatValue < 0 ? "(-" + V + ")" : "(" + V + ")";
    }
    case Expr::Call: {
      Expr Renamed = X;
      Renamed.Name = clMathName(X.Name);
      std::string Out = Renamed.Name + "(";
      for (size_t I = 0; I < X.Operands.size(); ++I)
        Out += (I ? ", " : "") + clExpr(X.Operands[I], Ctx);
      return Out + ")";
    }
    default:
      return std::nullopt;
    }
  });
}

std::string looptile::clGuard(const Guard &G, const CLPrintContext &Ctx) {
  assert(Ctx.IndexSubst.empty() &&
         "guards are printed only where loop variables keep their names");
  return G.print([&](const Expr &X) -> std::optional<std::string> {
    if (X.K == Expr::ScalarRef || X.K == Expr::ArrayRef || X.K == Expr::Call)
      return clExpr(X, Ctx);
    return std::nullopt;
  });
}

std::string looptile::clStmt(const Stmt &S, const CLPrintContext &Ctx) {
  std::string Prefix;
  if (S.DeclType && !Ctx.ScalarRename.count(S.LHS.Name))
    Prefix = std::string(elemTypeCLName(*S.DeclType)) + " ";
  return Prefix + clExpr(S.LHS, Ctx) + " " + assignOpSpelling(S.Op) + " " +
         clExpr(S.RHS, Ctx) + ";";
}
