//===- TranslateHelpers.cpp - calls of helper functions, inlined
//------------===//
//
// Calls of math functions and of helper functions defined in the file,
// inlined as the user would write their bodies in place (FunctionTranslator.h).
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

std::optional<looptile::Expr>
FunctionTranslator::convertLValue(const clang::Expr *E) {
  const clang::Expr *S = E->IgnoreParens();
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
    InLValue = true;
    std::optional<looptile::Expr> R = convertArrayRef(ASE);
    InLValue = false;
    return R;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_Deref)
    return convertDeref(UO);
  if (const VarDecl *VD = refersToVar(S)) {
    std::string Name = nameOf(VD);
    for (const VarDecl *IV : LoopVars)
      if (IV == VD) {
        error(E,
              "assignment to loop variable '" + Name + "' inside its loop") ||
            suggest(E->getBeginLoc(),
                    "a separate variable for the changed value; the loop "
                    "variable changes only in the loop's header");
        return std::nullopt;
      }
    if (AllLoopVars.count(VD)) {
      error(E, "assignment to loop variable '" + Name + "' outside its loop");
      return std::nullopt;
    }
    if (isa<ParmVarDecl>(VD) && !HelperDecls.count(VD)) {
      error(E, "assignment to parameter '" + Name + "' is not supported") ||
          suggest(E->getBeginLoc(),
                  "a local copy, assigned in its place: '" +
                      VD->getType().getUnqualifiedType().getAsString() + " " +
                      Name + "_v = " + Name + ";' before the loops");
      return std::nullopt;
    }
    if (BadViews.count(VD))
      return std::nullopt; // reported at its declaration
    const Variable *V = Out.lookup(Name);
    if (!V || V->isArray()) {
      error(E, "cannot assign to '" + Name + "'");
      return std::nullopt;
    }
    looptile::Expr R = looptile::Expr::scalarRef(Name, V->Type);
    R.Loc = loc(S->getBeginLoc());
    return R;
  }
  if (isa<MemberExpr>(S))
    error(E, "struct fields are not supported") ||
        suggest(E->getBeginLoc(), StructRewrite);
  else
    error(E, "unsupported assignment target '" + text(E) + "'");
  return std::nullopt;
}

// The IR's integer constants are int literals and its arithmetic is done in
// the type of its operands. An operation on integer constants alone in
// another type (`3u - 5u` is unsigned and wraps to 4294967294,
// `2000000000L + 2000000000L` is long and does not overflow) would be
// printed as int arithmetic with a different value, so the frontend folds
// it in the C's type (Clang's evaluator) and emits the value as a literal
// converted to that type. Arithmetic with a variable operand is kept: the
// kernels convert an index used as a value back to its C type (`(ulong)i`),
// so the operation is done in the C's type on both sides.
// The literal Lit converted to type T, as the printed code must write it
// (`(unsigned int)4294967294`, `(long)2`).
static looptile::Expr convertedLiteral(looptile::Expr Lit, ElemType T) {
  looptile::Expr C;
  C.K = looptile::Expr::Cast;
  C.Type = T;
  C.Loc = Lit.Loc;
  C.Operands.push_back(std::move(Lit));
  return C;
}

// C11 6.5.7p4: `E1 << E2` on a signed E1 is undefined unless E1 >= 0 and
// E1 * 2^E2 is representable in the result type (`1 << 31` in int). Clang's
// evaluator computes such a shift in C without noting it, so it is checked
// here on the constant operands.
bool FunctionTranslator::signedShiftOverflows(const clang::Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (!BO || BO->getOpcode() != BO_Shl || !BO->getType()->isSignedIntegerType())
    return false;
  clang::Expr::EvalResult L, R;
  if (!BO->getLHS()->EvaluateAsInt(L, Ctx) ||
      !BO->getRHS()->EvaluateAsInt(R, Ctx))
    return false; // not constants: EvaluateAsInt of E failed already
  llvm::APSInt LV = L.Val.getInt(), RV = R.Val.getInt();
  unsigned Width = Ctx.getTypeSize(BO->getType());
  if (LV.isNegative() || RV.isNegative() || RV.uge(Width))
    return true;
  // LV fits in Width - 1 - RV bits: LV < 2^(Width - 1 - RV).
  return LV.getActiveBits() > Width - 1 - RV.getZExtValue();
}

// A op B in C's int, for A and B ints: std::nullopt where C gives it no
// value (a result outside int, a division by zero, INT_MIN % -1).
static std::optional<int64_t> plainIntOp(char Op, int64_t A, int64_t B) {
  int64_t V = 0;
  switch (Op) {
  case '+':
    V = A + B;
    break;
  case '-':
    V = A - B;
    break;
  case '*':
    V = A * B;
    break; // |A|, |B| <= 2^31: exact in int64_t
  case '/':
  case '%':
    if (B == 0 || (A == INT32_MIN && B == -1))
      return std::nullopt;
    V = Op == '/' ? A / B : A % B;
    break;
  default:
    return std::nullopt;
  }
  if (V < INT32_MIN || V > INT32_MAX)
    return std::nullopt;
  return V;
}

// The value of E when it is plain int arithmetic (+ - * / %, unary minus)
// on int constants whose every step C defines: std::nullopt for anything
// else, and for a step that overflows int or divides by zero.
static std::optional<int64_t> plainIntValue(const looptile::Expr &E) {
  if (E.Type != ElemType::Int)
    return std::nullopt;
  if (E.K == looptile::Expr::IntLit)
    return E.IntValue;
  std::optional<int64_t> A, B;
  if ((E.K != looptile::Expr::Unary && E.K != looptile::Expr::Binary) ||
      !(A = plainIntValue(E.Operands[0])))
    return std::nullopt;
  if (E.K == looptile::Expr::Unary)
    return E.Op == '-' ? plainIntOp('-', 0, *A) : std::nullopt;
  if (!(B = plainIntValue(E.Operands[1])))
    return std::nullopt;
  return plainIntOp(E.Op, *A, *B);
}

bool FunctionTranslator::needsConstantFolding(const clang::Expr *E) {
  QualType T = E->getType();
  return T->isIntegerType() && !isPlainInt(T) && E->isIntegerConstantExpr(Ctx);
}

std::optional<looptile::Expr>
FunctionTranslator::foldIntegerConstant(const clang::Expr *E) {
  QualType T = E->getType();
  clang::Expr::EvalResult Result;
  if (Ctx.getTypeSize(T) > 64) {
    error(E, "integer arithmetic in type '" + T.getAsString() +
                 "'; looptile's integer types are at most 64 bits wide");
    return std::nullopt;
  }
  if (!E->EvaluateAsInt(Result, Ctx) || Result.HasUndefinedBehavior ||
      signedShiftOverflows(E)) {
    noValue(E, T);
    return std::nullopt;
  }
  const llvm::APSInt &V = Result.Val.getInt();
  // A value beyond int64_t (an unsigned long above 2^63 - 1) or the most
  // negative one (whose digits alone do not fit a long) has no literal.
  if (V.isUnsigned() ? !V.isIntN(63) : V.getSignificantBits() > 63) {
    error(E, "integer constant expression '" + text(E) + "' has the value " +
                 toString(V, 10) +
                 ", which looptile cannot print as a constant; write it "
                 "with a smaller magnitude");
    return std::nullopt;
  }
  std::optional<ElemType> Type =
      elemType(T, E->getBeginLoc(), "integer constant");
  if (!Type)
    return std::nullopt;
  looptile::Expr Lit = looptile::Expr::intLit(V.getExtValue());
  Lit.Loc = loc(E->getBeginLoc());
  // A value outside int is a long constant in C and in OpenCL C.
  bool FitsInt = V.isUnsigned() ? V.isIntN(31) : V.isSignedIntN(32);
  if (!FitsInt)
    Lit.Type = ElemType::Long;
  if (FitsInt && *Type == ElemType::Int)
    return Lit;
  return convertedLiteral(std::move(Lit), *Type);
}

std::optional<looptile::Expr>
FunctionTranslator::convertExpr(const clang::Expr *E) {
  DepthScope Level(ExprDepth);
  if (tooDeep(E))
    return std::nullopt;
  const clang::Expr *S = E->IgnoreParens();
  if (std::optional<looptile::Expr> B; convertBoolean(S, B))
    return B;
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S)) {
    switch (ICE->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
      return convertExpr(ICE->getSubExpr());
    case CK_IntegralCast:
    case CK_IntegralToFloating:
    case CK_FloatingCast:
    case CK_FloatingToIntegral:
      break; // handled with explicit casts below
    case CK_ArrayToPointerDecay:
      error(E, "array '" + text(E) + "' used as a value");
      return std::nullopt;
    default:
      error(E, std::string("unsupported conversion '") +
                   ICE->getCastKindName() + "'");
      return std::nullopt;
    }
  }
  if (const auto *CE = dyn_cast<CastExpr>(S);
      CE && (isa<ImplicitCastExpr>(S) || isa<CStyleCastExpr>(S))) {
    std::optional<looptile::Expr> Sub = convertExpr(CE->getSubExpr());
    if (!Sub)
      return std::nullopt;
    QualType To = CE->getType();
    QualType From = CE->getSubExpr()->getType();
    if (To->isIntegerType() && From->isIntegerType() &&
        isa<ImplicitCastExpr>(S)) {
      // An implicit conversion between integer types (a promotion, the
      // usual arithmetic conversions, an assignment's) comes back when the
      // code is printed: the emitters keep every variable's type (and the
      // kernels convert an index variable used as a value back to its own).
      ++Quiet;
      bool Known =
          elemType(To, beginOf(S), "") && elemType(From, beginOf(S), "");
      --Quiet;
      if (Known)
        return Sub;
    }
    std::optional<ElemType> T = elemType(To, beginOf(S), "cast target");
    if (!T)
      return std::nullopt;
    if (*T == Sub->Type)
      return Sub;
    looptile::Expr R;
    R.K = looptile::Expr::Cast;
    R.Type = *T;
    R.Loc = loc(beginOf(S));
    R.Operands.push_back(std::move(*Sub));
    return R;
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(S)) {
    if (!IL->getValue().isSignedIntN(32)) {
      error(E, "integer constant '" + text(E) +
                   "' is too large; looptile supports constants that fit in "
                   "32 bits");
      return std::nullopt;
    }
    looptile::Expr R = looptile::Expr::intLit(IL->getValue().getSExtValue());
    R.Loc = loc(beginOf(S));
    // `1u`, `2L`: the literal's type takes part in the conversions around
    // it; it is printed as a cast to that type.
    std::optional<ElemType> T =
        elemType(IL->getType(), beginOf(S), "integer constant");
    if (!T)
      return std::nullopt;
    if (*T != ElemType::Int)
      return convertedLiteral(std::move(R), *T);
    return R;
  }
  if (const auto *CL = dyn_cast<CharacterLiteral>(S)) {
    looptile::Expr R = looptile::Expr::intLit(int64_t(CL->getValue()));
    R.Loc = loc(beginOf(S));
    return R;
  }
  if (const auto *FL = dyn_cast<FloatingLiteral>(S)) {
    // The value Clang evaluated (correctly rounded to the literal's type),
    // never the literal's source text: a literal written in a macro body
    // (`#define SCALE(x) ((x)*1e-10)`, `#define ALPHA 0.25f`, PolyBench's
    // `SCALAR_VAL(0.5)`) has no spelling of its own in the function.
    std::optional<ElemType> T =
        elemType(FL->getType(), beginOf(S), "floating constant");
    if (!T)
      return std::nullopt;
    const llvm::APFloat &V = FL->getValue();
    if (!V.isFinite()) {
      error(E, "floating constant overflows type '" +
                   FL->getType().getAsString() + "'");
      return std::nullopt;
    }
    return floatLiteral(V, *T, loc(beginOf(S)));
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *ECD = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      return looptile::Expr::intLit(ECD->getInitVal().getSExtValue());
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD) {
      error(E, "'" + text(E) + "' is not a variable");
      return std::nullopt;
    }
    if (auto It = IndexTemps.find(VD); It != IndexTemps.end())
      return indexTempExpr(It->second, loc(beginOf(S)));
    if (auto It = CondIndexTemps.find(VD); It != CondIndexTemps.end())
      return convertExpr(It->second);
    if (Views.count(VD)) {
      error(E, "pointer '" + VD->getNameAsString() +
                   "' used as a value; only its elements can be read");
      return std::nullopt;
    }
    if (std::optional<int64_t> C = globalConstant(VD)) {
      looptile::Expr R = looptile::Expr::intLit(*C);
      R.Loc = loc(beginOf(S));
      return R;
    }
    std::string Name = nameOf(VD);
    bool IsLoopVar = false;
    for (const VarDecl *IV : LoopVars)
      IsLoopVar |= IV == VD;
    if (!IsLoopVar && AllLoopVars.count(VD)) {
      error(E, "loop variable '" + Name + "' is used outside its loop") ||
          suggest(E->getBeginLoc(), AfterLoopRewrite);
      return std::nullopt;
    }
    ElemType T = ElemType::Int;
    if (IsLoopVar) {
      ++Quiet;
      T = elemType(VD->getType(), beginOf(S), "").value_or(T);
      --Quiet;
    } else {
      const Variable *V = Out.lookup(Name);
      if (!V) {
        error(E, "'" + Name +
                     "' is not a parameter or local of this "
                     "function; global variables are not supported") ||
            suggest(E->getBeginLoc(), "'" + Name +
                                          "' passed as a parameter (a "
                                          "file-scope 'const' integer is "
                                          "accepted as it is)");
        return std::nullopt;
      }
      if (V->isArray()) {
        error(E, "array '" + Name + "' used as a value");
        return std::nullopt;
      }
      T = V->Type;
    }
    looptile::Expr R = looptile::Expr::scalarRef(Name, T);
    R.Loc = loc(beginOf(S));
    return R;
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S))
    return convertArrayRef(ASE);
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    switch (UO->getOpcode()) {
    case UO_Plus:
      return convertExpr(UO->getSubExpr());
    case UO_Minus: {
      if (needsConstantFolding(S))
        return foldIntegerConstant(S);
      std::optional<looptile::Expr> Sub = convertExpr(UO->getSubExpr());
      if (!Sub)
        return std::nullopt;
      if (std::optional<int64_t> V = plainIntValue(*Sub);
          V && !plainIntOp('-', 0, *V)) {
        noValue(E, S->getType());
        return std::nullopt;
      }
      looptile::Expr R;
      R.K = looptile::Expr::Unary;
      R.Op = '-';
      R.Type = arithmeticType(Sub->Type, Sub->Type); // promoted
      R.Loc = loc(beginOf(S));
      R.Operands.push_back(std::move(*Sub));
      return R;
    }
    case UO_Deref:
      return convertDeref(UO);
    case UO_AddrOf:
      error(E, "taking an address is not supported");
      return std::nullopt;
    default:
      if (UO->isIncrementDecrementOp())
        error(E, "increment or decrement inside an expression has a side "
                 "effect; write it as a separate statement");
      else
        error(E, "unary operator '" +
                     UnaryOperator::getOpcodeStr(UO->getOpcode()).str() +
                     "' is not supported");
      return std::nullopt;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (BO->isAssignmentOp()) {
      error(E, "assignment inside an expression is not supported") ||
          suggest(E->getBeginLoc(), "the assignment as its own statement "
                                    "before the one that uses its value");
      return std::nullopt;
    }
    if (BO->getLHS()->getType()->isPointerType() ||
        BO->getRHS()->getType()->isPointerType()) {
      error(E, "pointer arithmetic is not supported; index the array "
               "directly");
      return std::nullopt;
    }
    char C = Op == BO_Add   ? '+'
             : Op == BO_Sub ? '-'
             : Op == BO_Mul ? '*'
             : Op == BO_Div ? '/'
             : Op == BO_Rem ? '%'
                            : 0;
    // Constants alone (`1L << 40`, `3u - 5u`) fold to their value.
    if (needsConstantFolding(S) ||
        (!C && S->getType()->isIntegerType() && S->isIntegerConstantExpr(Ctx)))
      return foldIntegerConstant(S);
    if (!C) {
      error(E, "operator '" + BO->getOpcodeStr().str() +
                   "' is not supported in statements");
      return std::nullopt;
    }
    std::optional<looptile::Expr> L = convertExpr(BO->getLHS());
    if (!L)
      return std::nullopt;
    std::optional<looptile::Expr> R = convertExpr(BO->getRHS());
    if (!R)
      return std::nullopt;
    // Plain int arithmetic on constants is printed as written (`2 * 3`);
    // one that overflows (`2147483647 + 1`) has no value in C: refused.
    // The operands' values are the converted ones (a local scalar that
    // holds a constant is one too, though Clang would not evaluate it).
    if (std::optional<int64_t> LV = plainIntValue(*L)) {
      std::optional<int64_t> RV = plainIntValue(*R);
      if (RV && S->getType()->isSpecificBuiltinType(BuiltinType::Int) &&
          !plainIntOp(C, *LV, *RV)) {
        noValue(E, S->getType());
        return std::nullopt;
      }
    }
    looptile::Expr B = looptile::Expr::binary(C, std::move(*L), std::move(*R));
    B.Loc = loc(beginOf(S));
    return B;
  }
  if (const auto *CE = dyn_cast<CallExpr>(S))
    return convertCall(CE);
  if (isa<MemberExpr>(S)) {
    error(E, "struct fields are not supported") ||
        suggest(E->getBeginLoc(), StructRewrite);
    return std::nullopt;
  }
  error(E, std::string("expression '") + text(E) + "' (" +
               S->getStmtClassName() + ") is not supported");
  return std::nullopt;
}

} // namespace frontend
} // namespace looptile
