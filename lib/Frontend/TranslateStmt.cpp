//===- TranslateStmt.cpp - statements, conditionals to IR -----------------===//
//
// Statements (assignments, blocks, declarations among them, early returns
// and `continue`) and conditionals (`if`, `?:` guards) of one function
// (FunctionTranslator.h).
//
//===----------------------------------------------------------------------===//
#include "FunctionTranslator.h"

namespace looptile {
namespace frontend {

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool FunctionTranslator::unsupportedStmt(const clang::Stmt *S) {
  if (isa<WhileStmt>(S))
    return error(S,
                 "while loops are not supported; looptile handles "
                 "counted for loops only",
                 "when the number of iterations is known before the loop "
                 "starts, a for loop that counts them, its variable "
                 "changed only in the header: 'for (int j = start; j < "
                 "end; j++)'");
  if (isa<DoStmt>(S))
    return error(S,
                 "do-while loops are not supported; looptile handles "
                 "counted for loops only",
                 "when the number of iterations is known before the loop "
                 "starts, a for loop that counts them, its variable "
                 "changed only in the header: 'for (int j = start; j < "
                 "end; j++)'");
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<LabelStmt>(S))
    return error(S, "goto and labels are not supported",
                 "the same control flow with for loops and if statements");
  if (isa<SwitchStmt>(S))
    return error(S, "switch statements are not supported",
                 "an if/else chain on the same value: 'if (v == 1) ... "
                 "else if (v == 2) ... else ...'");
  if (isa<BreakStmt>(S))
    return error(S,
                 "break and continue are not supported; loops must run "
                 "their full iteration space (a loop that may stop early "
                 "has no iteration space to analyse)",
                 "when the exit point does not depend on data, a loop bound "
                 "that stops there ('for (i = 0; i < n && i < stop; i++)' is "
                 "'i < min(n, stop)'); when it does, a guard 'if' around the "
                 "remaining iterations' statements (they still run, doing "
                 "nothing)");
  if (isa<ContinueStmt>(S))
    return error(S,
                 "continue is supported only as the last statement of an "
                 "'if' without else that stands directly in the loop's "
                 "body ('if (c) { ...; continue; }'); here it would skip "
                 "statements of other blocks",
                 "the statements after 'continue' inside an 'if' with the "
                 "opposite condition, or the 'if (c) { ...; continue; }' "
                 "moved into the loop's body");
  if (isa<ReturnStmt>(S))
    return error(S,
                 "return statements are only supported as the last "
                 "statement of the function; a return inside a loop "
                 "ends every loop early",
                 "a guard 'if' on the statements a return would skip, and "
                 "one 'return' as the function's last statement; in a void "
                 "function, outside loops, 'if (c) return;' (what follows "
                 "runs where c is false)");
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    if (const FunctionDecl *Callee = CE->getDirectCallee()) {
      error(S, "call to '" + Callee->getNameAsString() +
                   "' as a statement is not supported; only "
                   "side-effect-free math functions may be called, "
                   "inside expressions");
      if (Callee->isDefined())
        return suggest(S->getBeginLoc(),
                       "the body of '" + Callee->getNameAsString() +
                           "' written in place of the call (looptile "
                           "analyses one function at a time)");
      return false;
    }
    return error(S, "indirect calls are not supported");
  }
  return error(S, std::string("statement kind '") + S->getStmtClassName() +
                      "' is not supported");
}

bool FunctionTranslator::convertBody(const clang::Stmt *S,
                                     const std::string &DeclaredIn,
                                     std::vector<Node> &Body) {
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    bool OK = true;
    std::vector<const clang::Stmt *> Kids(CS->body_begin(), CS->body_end());
    for (size_t I = 0; I < Kids.size(); ++I) {
      // `if (c) { ...; continue; } rest` in a loop's body is `if (c) { ... }
      // else { rest }`: the iteration's remaining statements run where c
      // is false.
      if (S == LoopBody && endsIn<ContinueStmt>(Kids[I])) {
        std::vector<const clang::Stmt *> Rest(Kids.begin() + I + 1, Kids.end());
        return OK & convertStmtInto(Kids[I], DeclaredIn, Body, &Rest);
      }
      OK &= convertStmtInto(Kids[I], DeclaredIn, Body);
    }
    return OK;
  }
  return convertStmtInto(S, DeclaredIn, Body);
}

bool FunctionTranslator::convertStmtInto(
    const clang::Stmt *S, const std::string &DeclaredIn,
    std::vector<Node> &Body, const std::vector<const clang::Stmt *> *Rest) {
  // An inlined helper's statements go before this statement, in its body.
  std::vector<Node> *SavedHoist = HoistBody;
  std::string SavedIn = HoistDeclaredIn;
  HoistBody = &Body;
  HoistDeclaredIn = DeclaredIn;
  bool OK = convertOneStmt(S, DeclaredIn, Body, Rest);
  HoistBody = SavedHoist;
  HoistDeclaredIn = SavedIn;
  return OK;
}

bool FunctionTranslator::convertOneStmt(
    const clang::Stmt *S, const std::string &DeclaredIn,
    std::vector<Node> &Body, const std::vector<const clang::Stmt *> *Rest) {
  if (isa<NullStmt>(S))
    return true;
  if (isa<CompoundStmt>(S))
    return convertBody(S, DeclaredIn, Body);
  if (const auto *FS = dyn_cast<ForStmt>(S))
    return convertFor(FS, Body);
  if (const auto *IS = dyn_cast<IfStmt>(S))
    return convertIf(IS, DeclaredIn, Body, Rest);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    bool OK = true;
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD) {
        if (isa<TypedefNameDecl>(D) || isa<TagDecl>(D))
          OK &= error(D->getLocation(), "type declarations inside a loop "
                                        "function are not supported") ||
                suggest(D->getLocation(), "the type declared at file scope");
        continue;
      }
      OK &= convertLocalDecl(VD, DeclaredIn, Body);
    }
    return OK;
  }
  if (const auto *E = dyn_cast<clang::Expr>(S)) {
    // `(void)x;` (a parameter marked unused) computes nothing that is kept.
    if (const auto *Cast = dyn_cast<CStyleCastExpr>(E->IgnoreParens());
        Cast && Cast->getType()->isVoidType() &&
        !Cast->getSubExpr()->HasSideEffects(Ctx))
      return true;
    return convertAssignment(E, Body);
  }
  return unsupportedStmt(S);
}

// `lhs = rhs`, `lhs op= rhs`, `x++` / `x--` as expression statements.
bool FunctionTranslator::convertAssignment(const clang::Expr *E,
                                           std::vector<Node> &Body) {
  E = E->IgnoreParens();
  looptile::Stmt S;
  S.Loc = loc(E->getBeginLoc());
  const clang::Expr *LHS = nullptr, *RHS = nullptr;
  if (const auto *CAO = dyn_cast<CompoundAssignOperator>(E)) {
    switch (CAO->getOpcode()) {
    case BO_AddAssign:
      S.Op = AssignOp::AddAssign;
      break;
    case BO_SubAssign:
      S.Op = AssignOp::SubAssign;
      break;
    case BO_MulAssign:
      S.Op = AssignOp::MulAssign;
      break;
    case BO_DivAssign:
      S.Op = AssignOp::DivAssign;
      break;
    default:
      return error(E, "compound assignment '" + CAO->getOpcodeStr().str() +
                          "' is not supported");
    }
    LHS = CAO->getLHS();
    RHS = CAO->getRHS();
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E);
             BO && BO->getOpcode() == BO_Assign) {
    S.Op = AssignOp::Assign;
    LHS = BO->getLHS();
    RHS = BO->getRHS();
    // `a = b = e`: `b = e;` first, then `a = b;` (the value of an
    // assignment is its target's new value).
    if (const auto *Inner =
            dyn_cast<BinaryOperator>(RHS->IgnoreParenImpCasts());
        Inner && Inner->getOpcode() == BO_Assign) {
      if (!convertAssignment(Inner, Body))
        return false;
      std::optional<looptile::Expr> L = convertLValue(LHS);
      std::optional<looptile::Expr> Value = convertLValue(Inner->getLHS());
      if (!L || !Value)
        return false;
      QualType From = Inner->getLHS()->getType(), To = RHS->getType();
      if (!Ctx.hasSameUnqualifiedType(From, To)) {
        std::optional<ElemType> T =
            elemType(To, RHS->getBeginLoc(), "chained assignment");
        if (!T)
          return false;
        if (*T != Value->Type) {
          looptile::Expr C;
          C.K = looptile::Expr::Cast;
          C.Type = *T;
          C.Loc = Value->Loc;
          C.Operands.push_back(std::move(*Value));
          Value = std::move(C);
        }
      }
      S.LHS = std::move(*L);
      S.RHS = std::move(*Value);
      S.When = Current;
      S.GuardChecks = CurrentChecks;
      S.Id = NextStmtId++;
      Body.push_back(Node{std::move(S)});
      return true;
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->isIncrementDecrementOp()) {
    S.Op = UO->isIncrementOp() ? AssignOp::AddAssign : AssignOp::SubAssign;
    LHS = UO->getSubExpr();
  } else if (isa<CallExpr>(E)) {
    return unsupportedStmt(E);
  } else {
    return error(E, "expression statement is not an assignment",
                 "nothing: the value is not used, so remove the statement "
                 "(or assign it: 'x = ...;')");
  }
  CurrentAssign = E;
  CurrentTarget = LHS;
  std::optional<looptile::Expr> L = convertLValue(LHS);
  CurrentAssign = CurrentTarget = nullptr;
  if (!L)
    return false;
  std::optional<looptile::Expr> R =
      RHS ? convertExpr(RHS)
          : std::optional<looptile::Expr>(looptile::Expr::intLit(1));
  if (!R)
    return false;
  S.LHS = std::move(*L);
  S.RHS = std::move(*R);
  S.When = Current;
  S.GuardChecks = CurrentChecks;
  S.Id = NextStmtId++;
  Body.push_back(Node{std::move(S)});
  return true;
}

//===----------------------------------------------------------------------===//
// Conditionals
//
// `if (c) A else B` guards the statements of A with c and those of B with
// !c (LoopNest.h, Guard). The parts of c joined by a top-level `&&` that
// are affine in loop variables and sizes (comparisons joined by && || !,
// with `?:` splitting a value into cases, so min and max written any way)
// become exact affine conditions; the others are conditions on data, kept
// as expressions. The else branch of a condition with a data part is
// guarded by the negation of the whole condition, a data condition.
//===----------------------------------------------------------------------===//

// Strips parentheses and the implicit casts that keep an integer's value.
static const clang::Expr *stripValueCasts(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
    if (!ICE || (ICE->getCastKind() != CK_LValueToRValue &&
                 ICE->getCastKind() != CK_NoOp &&
                 ICE->getCastKind() != CK_IntegralToBoolean))
      return E;
    E = ICE->getSubExpr();
  }
}

std::optional<std::vector<std::pair<AffineCondition, IndexExpr>>>
FunctionTranslator::affineCases(const clang::Expr *E) {
  using Cases = std::vector<std::pair<AffineCondition, IndexExpr>>;
  const clang::Expr *S = stripValueCasts(E);
  if (!S->getType()->isIntegerType())
    return std::nullopt;
  if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
    std::optional<AffineCondition> C = affineCondition(CO->getCond());
    std::optional<Cases> T = affineCases(CO->getTrueExpr());
    std::optional<Cases> F = affineCases(CO->getFalseExpr());
    if (!C || !T || !F)
      return std::nullopt;
    Cases Out;
    AffineCondition NotC = !*C;
    for (auto &[Cond, V] : *T)
      Out.push_back({*C && Cond, V});
    for (auto &[Cond, V] : *F)
      Out.push_back({NotC && Cond, V});
    if (Out.size() > AffineCondition::MaxDisjuncts)
      return std::nullopt;
    return Out;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) &&
      (isa<ConditionalOperator>(stripValueCasts(BO->getLHS())) ||
       isa<ConditionalOperator>(stripValueCasts(BO->getRHS())))) {
    std::optional<Cases> L = affineCases(BO->getLHS());
    std::optional<Cases> R = affineCases(BO->getRHS());
    if (!L || !R || L->size() * R->size() > AffineCondition::MaxDisjuncts)
      return std::nullopt;
    Cases Out;
    for (auto &[CL, VL] : *L)
      for (auto &[CR, VR] : *R)
        Out.push_back(
            {CL && CR, BO->getOpcode() == BO_Add ? VL + VR : VL - VR});
    return Out;
  }
  std::optional<IndexExpr> V = convertIndex(S, "condition");
  if (!V || !V->isAffine())
    return std::nullopt;
  return Cases{{AffineCondition::constant(true), *V}};
}

std::optional<AffineCondition>
FunctionTranslator::affineCondition(const clang::Expr *E) {
  const clang::Expr *S = stripValueCasts(E);
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_LAnd || Op == BO_LOr) {
      std::optional<AffineCondition> L = affineCondition(BO->getLHS());
      std::optional<AffineCondition> R = affineCondition(BO->getRHS());
      if (!L || !R)
        return std::nullopt;
      return Op == BO_LAnd ? (*L && *R) : (*L || *R);
    }
    if (BO->isComparisonOp()) {
      // Both operands must be compared as integers (`i < 0.5` is not).
      if (!BO->getLHS()->getType()->isIntegerType() ||
          !BO->getRHS()->getType()->isIntegerType())
        return std::nullopt;
      auto L = affineCases(BO->getLHS());
      auto R = affineCases(BO->getRHS());
      if (!L || !R || L->size() * R->size() > AffineCondition::MaxDisjuncts)
        return std::nullopt;
      std::string Spelling = BO->getOpcodeStr().str();
      std::vector<IndexExpr> Sides;
      for (auto *Cases : {&*L, &*R})
        for (auto &[C, V] : *Cases)
          Sides.push_back(V);
      noteUnsigned(BO->getLHS(), BO->getLHS()->getType(), Sides,
                   "in a condition");
      noteUnsigned(BO->getRHS(), BO->getRHS()->getType(), Sides,
                   "in a condition");
      AffineCondition Out = AffineCondition::constant(false);
      for (auto &[CL, VL] : *L)
        for (auto &[CR, VR] : *R)
          Out = Out || (CL && CR && AffineCondition::compare(VL, Spelling, VR));
      return Out;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_LNot) {
    std::optional<AffineCondition> C = affineCondition(UO->getSubExpr());
    if (!C)
      return std::nullopt;
    return !*C;
  }
  // An integer value used as a truth value: non-zero.
  auto Cases = affineCases(S);
  if (!Cases)
    return std::nullopt;
  AffineCondition Out = AffineCondition::constant(false);
  for (auto &[C, V] : *Cases)
    Out = Out || (C && AffineCondition::compare(V, "!=", IndexExpr()));
  return Out;
}

std::optional<AffineCondition>
FunctionTranslator::tryAffineCondition(const clang::Expr *E) {
  size_t Checks = PendingChecks.size();
  ++Quiet;
  std::optional<AffineCondition> C = affineCondition(E);
  --Quiet;
  if (!C || !C->isBounded()) {
    // A data condition is printed as written: no check needed.
    PendingChecks.resize(Checks);
    return std::nullopt;
  }
  return C;
}

void FunctionTranslator::splitCondition(
    const clang::Expr *E, AffineCondition &Affine,
    std::vector<const clang::Expr *> &Data) {
  const clang::Expr *S = stripValueCasts(E);
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->getOpcode() == BO_LAnd) {
    splitCondition(BO->getLHS(), Affine, Data);
    splitCondition(BO->getRHS(), Affine, Data);
    return;
  }
  if (std::optional<AffineCondition> C = tryAffineCondition(S)) {
    Affine = Affine && *C;
    return;
  }
  Data.push_back(E);
}

// Every variable an expression reads.
static void readNames(const looptile::Expr &E, std::set<std::string> &Out) {
  if (E.K == looptile::Expr::ScalarRef || E.K == looptile::Expr::ArrayRef)
    Out.insert(E.Name);
  for (const looptile::Expr &Op : E.Operands)
    readNames(Op, Out);
}

bool FunctionTranslator::isConditionStable(
    const std::vector<looptile::Expr> &Conds,
    const std::vector<Node> &Guarded) {
  // The guard is evaluated again before every statement it guards. That is
  // the source's meaning as long as no guarded statement changes what the
  // condition reads before another evaluation: a single statement, outside
  // any loop of the branch, may write it (the condition is read first).
  std::set<std::string> Reads;
  for (const looptile::Expr &C : Conds)
    readNames(C, Reads);
  unsigned Count = 0;
  bool InLoop = false, Writes = false;
  std::function<void(const std::vector<Node> &, bool)> Walk =
      [&](const std::vector<Node> &Nodes, bool Inside) {
        for (const Node &N : Nodes) {
          if (N.isLoop()) {
            Walk(N.loop().Body, true);
            continue;
          }
          ++Count;
          InLoop |= Inside;
          Writes |= Reads.count(N.stmt().LHS.Name) > 0;
        }
      };
  Walk(Guarded, false);
  return !Writes || (Count == 1 && !InLoop);
}

std::string FunctionTranslator::freshLocalName(const std::string &Base) {
  for (unsigned N = 1;; ++N) {
    std::string Name = N == 1 ? Base : Base + std::to_string(N);
    if (!SourceNames.count(Name) && !Out.lookup(Name)) {
      SourceNames.insert(Name);
      return Name;
    }
  }
}

bool FunctionTranslator::convertIf(
    const IfStmt *IS, const std::string &DeclaredIn, std::vector<Node> &Body,
    const std::vector<const clang::Stmt *> *Rest) {
  if (IS->getInit() || IS->getConditionVariable())
    return error(IS, "declarations in an if statement's condition are not "
                     "supported; declare the variable before the if");
  if (IS->isConsteval())
    return error(IS, "'if consteval' is not supported");
  const clang::Expr *Cond = IS->getCond();
  AffineCondition Affine = AffineCondition::constant(true);
  std::vector<const clang::Expr *> DataParts;
  // The condition is evaluated again before each guarded statement: no
  // helper's statements can go before it (NoHoist).
  ++NoHoist;
  PendingChecks.clear();
  splitCondition(Cond, Affine, DataParts);
  std::vector<WrapCheck> Checks = std::move(PendingChecks);
  PendingChecks.clear();
  if (!Affine.isBounded()) {
    Affine = AffineCondition::constant(true);
    DataParts = {Cond};
    Checks.clear();
  }
  std::vector<looptile::Expr> Data;
  for (const clang::Expr *D : DataParts) {
    std::optional<looptile::Expr> C = convertTruth(D);
    if (!C) {
      --NoHoist;
      return false;
    }
    Data.push_back(std::move(*C));
  }
  --NoHoist;

  Guard Saved = Current;
  std::vector<WrapCheck> SavedChecks = CurrentChecks;
  CurrentChecks.insert(CurrentChecks.end(), Checks.begin(), Checks.end());
  Guard Then = Saved;
  if (!Affine.isTrue())
    Then.Affine.push_back(Affine);
  Then.Data.insert(Then.Data.end(), Data.begin(), Data.end());
  size_t Start = Body.size();
  Current = Then;
  bool OK = true;
  if (!Rest) {
    OK = convertBody(IS->getThen(), DeclaredIn, Body);
  } else if (const auto *CS = dyn_cast<CompoundStmt>(IS->getThen())) {
    // The then-branch without its last statement (`continue`, `return;`).
    for (const clang::Stmt *Child : CS->body())
      if (Child != CS->body_back())
        OK &= convertStmtInto(Child, DeclaredIn, Body);
  }
  size_t Mid = Body.size();
  std::vector<looptile::Expr> Conds = Data;
  if (IS->getElse() || Rest) {
    Guard Else = Saved;
    AffineCondition NotAffine = !Affine;
    if (Data.empty() && NotAffine.isBounded()) {
      if (!NotAffine.isTrue())
        Else.Affine.push_back(NotAffine);
    } else {
      std::optional<looptile::Expr> Whole;
      {
        NoHoistScope InCondition(NoHoist);
        Whole = convertTruth(Cond);
      }
      if (!Whole) {
        Current = Saved;
        CurrentChecks = SavedChecks;
        return false;
      }
      Conds.push_back(looptile::Expr::logicalNot(std::move(*Whole)));
      Else.Data.push_back(Conds.back());
    }
    Current = Else;
    if (IS->getElse())
      OK &= convertBody(IS->getElse(), DeclaredIn, Body);
    // The rest, where a second `if (d) continue;` (`if (d) return;`)
    // takes what follows it as its own else branch, and so on.
    bool Continues = Rest && endsIn<ContinueStmt>(IS);
    for (size_t K = 0; Rest && K < Rest->size(); ++K) {
      const clang::Stmt *R = (*Rest)[K];
      if (Continues ? endsIn<ContinueStmt>(R) : endsIn<ReturnStmt>(R)) {
        std::vector<const clang::Stmt *> More(Rest->begin() + K + 1,
                                              Rest->end());
        OK &= convertStmtInto(R, DeclaredIn, Body, &More);
        break;
      }
      OK &= convertStmtInto(R, DeclaredIn, Body);
    }
  }
  Current = Saved;
  CurrentChecks = SavedChecks;
  if (!OK)
    return false;
  std::vector<Node> Guarded(Body.begin() + Start, Body.end());
  if (isConditionStable(Conds, Guarded))
    return true;
  // A guarded statement changes what the condition reads (`if (d < best) {
  // best = d; k = j; }`): the condition is computed once into a local, as C
  // does, `int cond = d < best;`, and the branches test that local.
  std::optional<looptile::Expr> Whole;
  {
    NoHoistScope InCondition(NoHoist);
    Whole = convertTruth(Cond);
  }
  if (!Whole)
    return false;
  Variable V;
  V.Name = freshLocalName("cond");
  V.VarKind = Variable::LocalScalar;
  V.Type = ElemType::Int;
  V.DeclaredIn = DeclaredIn;
  V.Loc = loc(IS->getBeginLoc());
  Out.Locals.push_back(V);
  looptile::Expr Ref = looptile::Expr::scalarRef(V.Name, ElemType::Int);
  Ref.Loc = V.Loc;
  size_t K0 = Saved.Data.size();
  // Statement ids stay in textual order: the new statement takes the first
  // guarded statement's id and the others move up by one.
  unsigned FirstId = NextStmtId;
  std::function<void(std::vector<Node> &, bool)> Rewrite =
      [&](std::vector<Node> &Nodes, bool InThen) {
        for (Node &N : Nodes) {
          if (N.isLoop()) {
            Rewrite(N.loop().Body, InThen);
            continue;
          }
          looptile::Stmt &S = N.stmt();
          FirstId = std::min(FirstId, S.Id);
          ++S.Id;
          std::vector<looptile::Expr> &D = S.When.Data;
          if (InThen) {
            D.erase(D.begin() + K0, D.begin() + K0 + Data.size());
            D.insert(D.begin() + K0, Ref);
          } else {
            D[K0] = looptile::Expr::logicalNot(Ref);
          }
        }
      };
  for (size_t I = Start; I < Body.size(); ++I) {
    std::vector<Node> One = {std::move(Body[I])};
    Rewrite(One, I < Mid);
    Body[I] = std::move(One[0]);
  }
  ++NextStmtId;
  looptile::Stmt S;
  S.Id = FirstId;
  S.Op = AssignOp::Assign;
  S.LHS = Ref;
  S.RHS = std::move(*Whole);
  S.DeclType = ElemType::Int;
  S.When = Saved;
  S.GuardChecks = SavedChecks;
  S.Loc = loc(IS->getCond()->getBeginLoc());
  Body.insert(Body.begin() + Start, Node{std::move(S)});
  return true;
}

std::optional<looptile::Expr>
FunctionTranslator::convertTruth(const clang::Expr *E) {
  const clang::Expr *S = E->IgnoreParens();
  while (const auto *ICE = dyn_cast<ImplicitCastExpr>(S)) {
    if (ICE->getCastKind() != CK_IntegralToBoolean &&
        ICE->getCastKind() != CK_FloatingToBoolean)
      break;
    S = ICE->getSubExpr()->IgnoreParens();
  }
  return convertExpr(S);
}

bool FunctionTranslator::convertBoolean(const clang::Expr *E,
                                        std::optional<looptile::Expr> &Out) {
  SourceLoc At = loc(beginOf(E));
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    static const std::map<BinaryOperatorKind, CondOp> Ops = {
        {BO_LT, CondOp::LT},    {BO_LE, CondOp::LE}, {BO_GT, CondOp::GT},
        {BO_GE, CondOp::GE},    {BO_EQ, CondOp::EQ}, {BO_NE, CondOp::NE},
        {BO_LAnd, CondOp::And}, {BO_LOr, CondOp::Or}};
    auto It = Ops.find(BO->getOpcode());
    if (It == Ops.end())
      return false;
    if (BO->getLHS()->getType()->isPointerType() ||
        BO->getRHS()->getType()->isPointerType()) {
      error(E, "comparing pointers is not supported; compare the indices");
      return true;
    }
    bool Logical = BO->isLogicalOp();
    std::optional<looptile::Expr> L =
        Logical ? convertTruth(BO->getLHS()) : convertExpr(BO->getLHS());
    if (!L)
      return true;
    // The right operand of && and || runs only for some values of the left.
    if (Logical)
      ++NoHoist;
    std::optional<looptile::Expr> R =
        Logical ? convertTruth(BO->getRHS()) : convertExpr(BO->getRHS());
    if (Logical)
      --NoHoist;
    if (!R)
      return true;
    Out = looptile::Expr::condition(It->second, std::move(*L), std::move(*R));
    Out->Loc = At;
    return true;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_LNot) {
    std::optional<looptile::Expr> Sub = convertTruth(UO->getSubExpr());
    if (Sub) {
      Out = looptile::Expr::logicalNot(std::move(*Sub));
      Out->Loc = At;
    }
    return true;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // A conditional subscript's arm being expanded (convertArrayRef): the
    // condition that chose it holds.
    if (std::optional<bool> Arm = chosenArm(CO)) {
      Out = convertExpr(*Arm ? CO->getTrueExpr() : CO->getFalseExpr());
      return true;
    }
    // Both arms' reads count as reads; only one arm runs.
    std::optional<looptile::Expr> C = convertTruth(CO->getCond());
    if (!C)
      return true;
    NoHoistScope Arms(NoHoist);
    std::optional<looptile::Expr> T = convertExpr(CO->getTrueExpr());
    if (!T)
      return true;
    std::optional<looptile::Expr> F = convertExpr(CO->getFalseExpr());
    if (!F)
      return true;
    Out = looptile::Expr::select(std::move(*C), std::move(*T), std::move(*F));
    Out->Loc = At;
    return true;
  }
  if (isa<BinaryConditionalOperator>(E)) {
    error(E, "the GNU 'a ?: b' operator is not supported; write 'a ? a : b'");
    return true;
  }
  return false;
}

} // namespace frontend
} // namespace looptile
