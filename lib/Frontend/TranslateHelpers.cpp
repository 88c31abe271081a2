//===- TranslateHelpers.cpp - helper calls, inlined -----------------------===//
//
// Calls of helper functions defined in the file, inlined as the user would
// write their bodies in place (FunctionTranslator.h).
//
//===----------------------------------------------------------------------===//
#include "FunctionTranslator.h"

namespace looptile {
namespace frontend {

//===----------------------------------------------------------------------===//
// Helper functions
//
// A call to a function defined in the file (Black-Scholes' `cnd(d)`) is
// inlined, as the user would write its body in place of the call: each
// parameter becomes a new local assigned the argument (C converts an
// argument as by assignment), or stands for its argument where that is an
// address in an array (a pointer parameter, like a pointer local) or an
// exact integer value of loop variables and sizes (an unchanged integer
// parameter, like an index temporary); the body's statements follow, their
// locals renamed (`cnd_K`), and the returned value is assigned to a new
// local of the return type (`cnd_ret`), which replaces the call. The
// statements go before the statement that holds the call, under its guard,
// so the call is evaluated once, where C evaluates it. This is exact when
// the helper changes nothing but its own locals (no write through a
// pointer, no global) and returns once, at its end; it is refused where the
// call does not always run (a '?:' arm, the right of '&&'/'||') or runs
// again (an if's condition), and for recursion and loops in the helper.
//===----------------------------------------------------------------------===//

// The variable an lvalue's storage belongs to: `x`, `p` of `p[i]`, `*(p +
// 1)`, `a[i][j]`; nullptr when it is none of these.
static const VarDecl *storageRoot(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      E = ASE->getBase();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_Deref) {
      E = UO->getSubExpr();
      continue;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isAdditiveOp() && BO->getType()->isPointerType()) {
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                   : BO->getRHS();
      continue;
    }
    return nullptr;
  }
}

// The `if (c) return k;` statements (no else, a value returned) that end a
// helper's body before its last `return v;`, in order: (c, the return).
// Empty when the statement before the last return is not one.
static std::vector<std::pair<const clang::Expr *, const ReturnStmt *>>
earlyReturnChain(const CompoundStmt *Body) {
  std::vector<std::pair<const clang::Expr *, const ReturnStmt *>> Out;
  if (Body->size() < 2)
    return Out;
  auto It = Body->body_end() - 1; // the last return
  while (It != Body->body_begin()) {
    const auto *If = dyn_cast<IfStmt>(*(It - 1));
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
        If->isConsteval())
      break;
    const clang::Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
      Then = CS->body_front();
    const auto *RS = dyn_cast<ReturnStmt>(Then);
    if (!RS || !RS->getRetValue())
      break;
    Out.insert(Out.begin(), {If->getCond(), RS});
    --It;
  }
  return Out;
}

std::string FunctionTranslator::helperRefusal(const FunctionDecl *Def,
                                              const clang::Stmt *&At) {
  At = nullptr;
  if (isa<CXXMethodDecl>(Def))
    return "it is a member function";
  if (Def->isVariadic())
    return "it is variadic";
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return "its body is not a block";
  const auto *Last =
      Body->body_empty() ? nullptr : dyn_cast<ReturnStmt>(Body->body_back());
  if (!Last || !Last->getRetValue())
    return "its last statement is not 'return' with a value";
  // `if (c) return k;` statements right before the last return (a clamp's
  // `if (v < 0) return 0; if (v > 1) return 1; return v;`) are its value's
  // conditional (earlyReturnChain).
  std::set<const ReturnStmt *> Early;
  for (const auto &[Cond, RS] : earlyReturnChain(Body))
    Early.insert(RS);
  std::string Why;
  std::function<void(const clang::Stmt *)> Walk = [&](const clang::Stmt *S) {
    if (!S || !Why.empty())
      return;
    if (const auto *RS = dyn_cast<ReturnStmt>(S);
        RS && RS != Last && !Early.count(RS)) {
      Why = "it returns before its last statement";
      At = S;
      return;
    }
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S)) {
      Why = "it contains a loop";
      At = S;
      return;
    }
    const clang::Expr *Target = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      Target = BO->getLHS();
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    if (Target) {
      const VarDecl *Root = storageRoot(Target);
      bool Own = Root && Root->isLocalVarDeclOrParm() &&
                 !Root->isStaticLocal() && Root->getDeclContext() == Def &&
                 // A parameter or local itself, or a local array's
                 // element; not what a pointer points to.
                 (isa<DeclRefExpr>(Target->IgnoreParenImpCasts()) ||
                  (!isa<ParmVarDecl>(Root) && Root->getType()->isArrayType()));
      if (!Own) {
        Why = "it assigns '" + text(Target) +
              "', which is not one of its own locals (a side effect outside "
              "the helper)";
        At = S;
        return;
      }
    }
    for (const clang::Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(Body);
  return Why;
}

std::optional<looptile::Expr>
FunctionTranslator::inlineCall(const CallExpr *CE, const FunctionDecl *Def) {
  std::string Name = Def->getNameAsString();
  if (Quiet)
    return std::nullopt; // a tentative conversion places no statements
  for (const FunctionDecl *F : InlineStack)
    if (F == Def) {
      error(CE,
            "call to '" + Name +
                "' is recursive; looptile inlines "
                "calls to helper functions, which must not call themselves") ||
          suggest(CE->getBeginLoc(), "a loop in place of the recursion");
      return std::nullopt;
    }
  const clang::Stmt *At = nullptr;
  std::string Why = helperRefusal(Def, At);
  if (!Why.empty()) {
    error(CE, "cannot inline the call to '" + Name + "': " + Why);
    if (!Quiet && !Collect && At) {
      unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
      Diags.Report(At->getBeginLoc(), ID) << ("in '" + Name + "' here");
    }
    suggest(CE->getBeginLoc(),
            "a helper that only computes a value from its arguments, into "
            "its own locals, and returns it once, at its end ('static float "
            "f(float x) { float r = ...; if (x > 0) r = ...; return r; }'), "
            "with 'if (c) return k;' statements only right before that "
            "return; or its body written in place of the call");
    return std::nullopt;
  }
  if (NoHoist || !HoistBody) {
    error(CE, "call to '" + Name +
                  "' in an if's condition, a '?:' arm or "
                  "the right operand of '&&' or '||'; looptile inlines a "
                  "helper's statements before the statement that calls it, "
                  "where they run once and always") ||
        suggest(
            CE->getBeginLoc(),
            "the call's value in a local before the statement ('float v "
            "= " +
                Name +
                "(...);'), where it is safe to compute it "
                "every time, or an if/else that calls it in the branch that "
                "needs it");
    return std::nullopt;
  }
  std::vector<Node> &Body = *HoistBody;
  std::string DeclaredIn = HoistDeclaredIn;
  // A statement `Local = Value;` before the calling one.
  auto Place = [&](const std::string &Local, ElemType T, looptile::Expr Value,
                   SourceLocation L) {
    looptile::Stmt S;
    S.Op = AssignOp::Assign;
    S.LHS = looptile::Expr::scalarRef(Local, T);
    S.LHS.Loc = loc(L);
    S.RHS = std::move(Value);
    S.DeclType = T;
    S.When = Current;
    S.GuardChecks = CurrentChecks;
    S.Loc = loc(L);
    S.Id = NextStmtId++;
    Body.push_back(Node{std::move(S)});
  };
  auto NewLocal = [&](const std::string &Base, ElemType T, SourceLocation L) {
    Variable V;
    V.Name = freshLocalName(Base);
    V.VarKind = Variable::LocalScalar;
    V.Type = T;
    V.DeclaredIn = DeclaredIn;
    V.Loc = loc(L);
    Out.Locals.push_back(V);
    return V.Name;
  };
  // The arguments, in the caller's scope (before the helper's is entered).
  struct Bound {
    const ParmVarDecl *P;
    std::optional<ArrayView> View;
    std::optional<IndexExpr> Index;
    std::optional<looptile::Expr> Value;
    ElemType T = ElemType::Int;
  };
  std::vector<Bound> Args;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const clang::Expr *A = CE->getArg(I);
    Bound B{P, std::nullopt, std::nullopt, std::nullopt};
    if (P->getName().empty()) {
      error(P->getLocation(), "unnamed parameter of '" + Name + "'");
      return std::nullopt;
    }
    if (P->getType()->isPointerType()) {
      if (Modified.count(P)) {
        error(CE, "cannot inline the call to '" + Name +
                      "': it changes "
                      "its pointer parameter '" +
                      P->getNameAsString() + "'") ||
            suggest(P->getLocation(), "the parameter indexed ('p[k]') "
                                      "instead of moved");
        return std::nullopt;
      }
      B.View = pointerView(A);
      if (!B.View)
        return std::nullopt;
      Args.push_back(std::move(B));
      continue;
    }
    if (indexType(P->getType(), Ctx) && !Modified.count(P) &&
        isIndexConversionExact(A->IgnoreParenImpCasts()->getType(),
                               P->getType(), Ctx)) {
      ++Quiet;
      B.Index = convertIndex(A, "value");
      --Quiet;
      if (B.Index) {
        Args.push_back(std::move(B));
        continue;
      }
    }
    std::optional<ElemType> T =
        elemType(P->getType(), P->getLocation(),
                 "parameter '" + P->getNameAsString() + "' of '" + Name + "'");
    if (!T)
      return std::nullopt;
    B.T = *T;
    B.Value = convertExpr(A);
    if (!B.Value)
      return std::nullopt;
    Args.push_back(std::move(B));
  }
  std::optional<ElemType> RetT = elemType(
      Def->getReturnType(), CE->getBeginLoc(), "the result of '" + Name + "'");
  if (!RetT)
    return std::nullopt;

  // The helper's scope: its parameters, then its statements.
  // What an earlier instance of the helper found about its variables (an
  // index temporary's value, a pointer's array) is not this instance's:
  // forgotten before any of them is declared again (a call with an affine
  // argument, then one with a value, made 'int t = x * 2;' keep the first
  // call's value).
  auto Forget = [&](const VarDecl *VD) {
    HelperDecls.insert(VD);
    IndexTemps.erase(VD);
    CondIndexTemps.erase(VD);
    Views.erase(VD);
    BadViews.erase(VD);
    Renamed.erase(VD);
  };
  std::function<void(const clang::Stmt *)> Mark = [&](const clang::Stmt *S) {
    if (!S)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          Forget(VD);
    for (const clang::Stmt *Child : S->children())
      Mark(Child);
  };
  Mark(Def->getBody());
  for (const ParmVarDecl *P : Def->parameters())
    Forget(P);
  InlineStack.push_back(Def);
  for (Bound &B : Args) {
    if (B.View) {
      Views[B.P] = *B.View;
    } else if (B.Index) {
      IndexTemps[B.P] = *B.Index;
    } else {
      std::string Local = NewLocal(Name + "_" + B.P->getNameAsString(), B.T,
                                   B.P->getLocation());
      Renamed[B.P] = Local;
      Place(Local, B.T, std::move(*B.Value), CE->getBeginLoc());
    }
  }
  const auto *HB = cast<CompoundStmt>(Def->getBody());
  // An early-return chain before the last return: the value is c1 ? k1 :
  // c2 ? k2 : v, which evaluates each condition and value only where C
  // reaches it (nothing of it is hoisted).
  auto Chain = earlyReturnChain(HB);
  size_t ChainAt = HB->size() - 1 - Chain.size();
  bool OK = true;
  size_t Index = 0;
  for (const clang::Stmt *S : HB->body()) {
    if (Index++ != ChainAt) {
      OK &= convertStmtInto(S, DeclaredIn, Body);
      continue;
    }
    // The last return's value, under the conditions of the early returns
    // before it, if any (then nothing of it may be hoisted).
    std::optional<NoHoistScope> Conditional;
    if (!Chain.empty())
      Conditional.emplace(NoHoist);
    std::optional<looptile::Expr> V =
        convertExpr(cast<ReturnStmt>(HB->body_back())->getRetValue());
    for (size_t K = Chain.size(); V && K-- > 0;) {
      std::optional<looptile::Expr> C = convertTruth(Chain[K].first);
      std::optional<looptile::Expr> Early =
          C ? convertExpr(Chain[K].second->getRetValue()) : C;
      if (!Early) {
        V.reset();
        break;
      }
      // Both arms are in the helper's return type: Clang converts each
      // returned value to it.
      V = looptile::Expr::select(std::move(*C), std::move(*Early),
                                 std::move(*V));
    }
    Conditional.reset();
    if (!V) {
      OK = false;
      break;
    }
    std::string Local = NewLocal(Name + "_ret", *RetT, S->getBeginLoc());
    Place(Local, *RetT, std::move(*V), S->getBeginLoc());
    InlineStack.pop_back();
    looptile::Expr R = looptile::Expr::scalarRef(Local, *RetT);
    R.Loc = loc(CE->getBeginLoc());
    return R;
  }
  (void)OK;
  InlineStack.pop_back();
  return std::nullopt;
}

} // namespace frontend
} // namespace looptile
