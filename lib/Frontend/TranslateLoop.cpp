//===- TranslateLoop.cpp - for loops to IR loops --------------------------===//
//
// Loop normalisation (see LoopNest.h): `for (i = a; i < b; i += s)` becomes
// Lower = {a}, Upper = {b - 1}, Step = s; `i <= b` gives Upper = {b}; a
// downward loop `for (i = b; i >= a; i -= s)` gives Lower = {a}, Upper = {b},
// Step = -s. A bound written with a min/max ternary (as the MIN/MAX macros
// expand) or a conjunction of conditions becomes a list of expressions.
//
//===----------------------------------------------------------------------===//
#include "FunctionTranslator.h"

namespace looptile {
namespace frontend {

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

// The loop variable and its start value, from `int i = e` or `i = e`.
const VarDecl *FunctionTranslator::loopInit(const ForStmt *FS,
                                            const clang::Expr *&InitValue) {
  const clang::Stmt *Init = FS->getInit();
  if (!Init) {
    error(FS, "for loop without an initialisation of its loop variable");
    return nullptr;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(Init)) {
    const auto *VD =
        DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    if (!VD || !VD->hasInit()) {
      error(Init, "loop initialisation must declare one initialised loop "
                  "variable");
      return nullptr;
    }
    InitValue = VD->getInit();
    return VD;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Init);
      BO && BO->getOpcode() == BO_Assign) {
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        InitValue = BO->getRHS();
        return VD;
      }
  }
  error(Init, "loop initialisation must assign the loop variable");
  return nullptr;
}

std::optional<int64_t> FunctionTranslator::constantValue(const clang::Expr *E) {
  clang::Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  const llvm::APSInt &V = R.Val.getInt();
  if (!V.isSignedIntN(32) && !(V.isUnsigned() && V.isIntN(31)))
    return std::nullopt;
  int64_t X = V.getExtValue();
  if (X >= MaxConstant || X <= -MaxConstant)
    return std::nullopt;
  return X;
}

std::optional<int64_t> FunctionTranslator::globalConstant(const VarDecl *VD) {
  if (!VD->hasGlobalStorage() || VD->isLocalVarDeclOrParm() ||
      !VD->getType().isConstQualified() || !VD->getType()->isIntegerType() ||
      !VD->getAnyInitializer())
    return std::nullopt;
  return constantValue(VD->getAnyInitializer());
}

looptile::Expr FunctionTranslator::indexTempExpr(const IndexExpr &E,
                                                 SourceLoc Loc) {
  // Sum of products, left to right, in the variables' own types (C's
  // arithmetic on them is the temporary's, which the index checks cover).
  std::optional<looptile::Expr> Sum;
  for (const Term &T : E.terms()) {
    std::optional<looptile::Expr> Prod;
    int64_t C = T.Coeff < 0 ? -T.Coeff : T.Coeff;
    if (C != 1 || T.Symbols.empty())
      Prod = looptile::Expr::intLit(C);
    for (const std::string &S : T.Symbols) {
      looptile::Expr Ref = looptile::Expr::scalarRef(S, ElemType::Int);
      Ref.Loc = Loc;
      Prod = Prod ? looptile::Expr::binary('*', std::move(*Prod), Ref) : Ref;
    }
    if (!Sum) {
      Sum = std::move(*Prod);
      if (T.Coeff < 0) {
        looptile::Expr Neg;
        Neg.K = looptile::Expr::Unary;
        Neg.Op = '-';
        Neg.Operands.push_back(std::move(*Sum));
        Sum = std::move(Neg);
      }
      continue;
    }
    Sum = looptile::Expr::binary(T.Coeff < 0 ? '-' : '+', std::move(*Sum),
                                 std::move(*Prod));
  }
  looptile::Expr R = Sum ? std::move(*Sum) : looptile::Expr::intLit(0);
  R.Loc = Loc;
  return R;
}

std::optional<int64_t> FunctionTranslator::loopStep(const ForStmt *FS,
                                                    const VarDecl *IV) {
  const clang::Expr *Inc = FS->getInc();
  if (!Inc) {
    error(FS, "for loop without an increment");
    return std::nullopt;
  }
  Inc = Inc->IgnoreParens();
  std::optional<int64_t> Step;
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc);
      UO && UO->isIncrementDecrementOp() && refersToVar(UO->getSubExpr()) == IV)
    Step = UO->isIncrementOp() ? 1 : -1;
  else if (const auto *CAO = dyn_cast<CompoundAssignOperator>(Inc);
           CAO && refersToVar(CAO->getLHS()) == IV &&
           (CAO->getOpcode() == BO_AddAssign ||
            CAO->getOpcode() == BO_SubAssign)) {
    if (std::optional<int64_t> C = constantValue(CAO->getRHS()))
      Step = CAO->getOpcode() == BO_AddAssign ? *C : -*C;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Inc);
             BO && BO->getOpcode() == BO_Assign &&
             refersToVar(BO->getLHS()) == IV) {
    // i = i + c, i = c + i, i = i - c
    if (const auto *Sum =
            dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts())) {
      const clang::Expr *A = Sum->getLHS(), *B = Sum->getRHS();
      if (Sum->getOpcode() == BO_Add && refersToVar(B) == IV)
        std::swap(A, B);
      if ((Sum->getOpcode() == BO_Add || Sum->getOpcode() == BO_Sub) &&
          refersToVar(A) == IV)
        if (std::optional<int64_t> C = constantValue(B))
          Step = Sum->getOpcode() == BO_Add ? *C : -*C;
    }
  }
  if (!Step) {
    error(Inc, "loop increment must change '" + IV->getNameAsString() +
                   "' by an integer constant");
    return std::nullopt;
  }
  if (*Step == 0) {
    error(Inc, "loop step is zero; the loop would not terminate");
    return std::nullopt;
  }
  return Step;
}

// Recognises min/max written as a ternary (the expansion of the usual MIN and
// MAX macros): `a < b ? a : b` is min(a, b), `a > b ? a : b` is max(a, b).
// Returns 0 when E is not such a ternary, +1 for min, -1 for max.
static int minMaxKind(const ConditionalOperator *CO, const clang::Expr *&A,
                      const clang::Expr *&B, const ASTContext &Ctx) {
  const auto *Cmp =
      dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
  if (!Cmp || !Cmp->isRelationalOp())
    return 0;
  const clang::Expr *CL = Cmp->getLHS()->IgnoreParenImpCasts();
  const clang::Expr *CR = Cmp->getRHS()->IgnoreParenImpCasts();
  const clang::Expr *T = CO->getTrueExpr()->IgnoreParenImpCasts();
  const clang::Expr *F = CO->getFalseExpr()->IgnoreParenImpCasts();
  auto Same = [&](const clang::Expr *X, const clang::Expr *Y) {
    llvm::FoldingSetNodeID IX, IY;
    X->Profile(IX, Ctx, true);
    Y->Profile(IY, Ctx, true);
    return IX == IY;
  };
  bool LessThan = Cmp->getOpcode() == BO_LT || Cmp->getOpcode() == BO_LE;
  if (Same(CL, T) && Same(CR, F)) {
    A = CL, B = CR;
    return LessThan ? +1 : -1;
  }
  if (Same(CL, F) && Same(CR, T)) {
    A = CR, B = CL;
    return LessThan ? -1 : +1;
  }
  return 0;
}

// A call to a helper function of the file whose body is one `return` of the
// min or max of its two integer parameters (`static int imin(int a, int b)
// { return a < b ? a : b; }`): +1 for a min, -1 for a max, with A and B the
// call's arguments; 0 for any other call. The arguments and parameters are
// integers that convert without changing their values, so the call's value
// is the min or max of the arguments' values.
int minMaxCallKind(const CallExpr *CE, const clang::Expr *&A,
                   const clang::Expr *&B, ASTContext &Ctx) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  if (!Def || Def->getNumParams() != 2 || CE->getNumArgs() != 2 ||
      Def->isVariadic())
    return 0;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return 0;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  if (!Ret || !Ret->getRetValue() || Ret->getRetValue()->HasSideEffects(Ctx))
    return 0;
  const auto *CO =
      dyn_cast<ConditionalOperator>(Ret->getRetValue()->IgnoreParenImpCasts());
  const clang::Expr *PA = nullptr, *PB = nullptr;
  int Kind = CO ? minMaxKind(CO, PA, PB, Ctx) : 0;
  if (Kind == 0)
    return 0;
  auto ParamIndex = [&](const clang::Expr *E) -> int {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *P = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
    for (unsigned I = 0; P && I < 2; ++I)
      if (Def->getParamDecl(I) == P)
        return int(I);
    return -1;
  };
  int IA = ParamIndex(PA), IB = ParamIndex(PB);
  if (IA < 0 || IB < 0 || IA == IB)
    return 0;
  QualType Result = Def->getReturnType();
  for (unsigned I = 0; I < 2; ++I) {
    QualType PT = Def->getParamDecl(I)->getType();
    if (!PT->isIntegerType() || !Result->isIntegerType() ||
        !isIndexConversionExact(CE->getArg(I)->IgnoreParenImpCasts()->getType(),
                                PT, Ctx) ||
        !isIndexConversionExact(PT, Result, Ctx))
      return 0;
  }
  A = CE->getArg(unsigned(IA));
  B = CE->getArg(unsigned(IB));
  return Kind;
}

// Flattens a bound into a list: for WantMin, `min(a, min(b, c))` -> {a,b,c};
// for !WantMin, nested max likewise. Any other expression is one element.
bool FunctionTranslator::boundList(const clang::Expr *E, bool WantMin,
                                   std::vector<IndexExpr> &Out) {
  const clang::Expr *Stripped = E->IgnoreParenImpCasts();
  // An index temporary initialised with a min or max (`int hi = MIN(i + r,
  // n - 1);`) bounds the loop as its initializer would.
  if (const auto *DR = dyn_cast<DeclRefExpr>(Stripped))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      if (auto It = CondIndexTemps.find(VD); It != CondIndexTemps.end())
        return boundList(It->second, WantMin, Out);
  if (const auto *CE = dyn_cast<CallExpr>(Stripped)) {
    const clang::Expr *A = nullptr, *B = nullptr;
    if (int Kind = minMaxCallKind(CE, A, B, Ctx)) {
      if ((Kind == +1) != WantMin)
        return error(E, std::string("'") + text(E) + "' is a " +
                            (Kind == +1 ? "min" : "max") +
                            ", which cannot bound a loop from this side; "
                            "the iteration space would not be convex");
      return boundList(A, WantMin, Out) && boundList(B, WantMin, Out);
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(Stripped)) {
    const clang::Expr *A = nullptr, *B = nullptr;
    int Kind = minMaxKind(CO, A, B, Ctx);
    if (Kind == 0)
      return error(E,
                   "loop bound '" + text(E) +
                       "' is a conditional expression that is not a min "
                       "or max",
                   "one loop per arm, each under an 'if' on the "
                   "condition, or a bound written as a min or max ('a < b "
                   "? a : b')");
    if ((Kind == +1) != WantMin)
      return error(E, std::string("a ") + (Kind == +1 ? "min" : "max") +
                          " cannot bound a loop from this side; the "
                          "iteration space would not be convex");
    return boundList(A, WantMin, Out) && boundList(B, WantMin, Out);
  }
  std::optional<IndexExpr> V = convertIndex(E, "loop bound");
  if (!V)
    return false;
  // A product of sizes (`w * h`) is one parameter to isl; a loop variable
  // in a product (`i * n`) is not affine.
  std::set<std::string> LoopNames;
  for (const VarDecl *IV : AllLoopVars)
    LoopNames.insert(nameOf(IV));
  for (const Term &T : V->terms())
    if (T.Symbols.size() > 1)
      for (const std::string &S : T.Symbols)
        if (LoopNames.count(S))
          return error(E, "non-affine loop bound '" + text(E) +
                              "': loop variable '" + S +
                              "' is multiplied by a variable (a bound may "
                              "multiply sizes, not loop variables)");
  Out.push_back(*V);
  return true;
}

// Reads the loop condition: comparisons of the loop variable joined by &&.
bool FunctionTranslator::loopCondition(const clang::Expr *Cond,
                                       const VarDecl *IV,
                                       std::vector<IndexExpr> &Lower,
                                       std::vector<IndexExpr> &Upper,
                                       bool &SawLower, bool &SawUpper) {
  const clang::Expr *C = Cond->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(C);
  if (BO && BO->getOpcode() == BO_LAnd)
    return loopCondition(BO->getLHS(), IV, Lower, Upper, SawLower, SawUpper) &&
           loopCondition(BO->getRHS(), IV, Lower, Upper, SawLower, SawUpper);
  if (!BO || !BO->isRelationalOp())
    return error(Cond,
                 "loop condition must compare '" + IV->getNameAsString() +
                     "' with <, <=, > or >= against a bound",
                 "the same bound with '<' or '<=' ('" + IV->getNameAsString() +
                     " < n' for '" + IV->getNameAsString() +
                     " != n' when it counts up from below n), or with '>' "
                     "or '>=' for a loop that counts down");
  BinaryOperatorKind Op = BO->getOpcode();
  const clang::Expr *Bound = BO->getRHS();
  // The loop variable's side: `i`, or `i + c` / `i - c` with a constant c
  // (the usual form for unsigned loops, `i + 1 < n`).
  int64_t Offset = 0;
  auto IsVarSide = [&](const clang::Expr *E, int64_t &Off) {
    if (refersToVar(E) == IV) {
      Off = 0;
      return true;
    }
    const auto *Sum = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!Sum || (Sum->getOpcode() != BO_Add && Sum->getOpcode() != BO_Sub))
      return false;
    const clang::Expr *A = Sum->getLHS(), *B = Sum->getRHS();
    if (Sum->getOpcode() == BO_Add && refersToVar(B) == IV)
      std::swap(A, B);
    if (refersToVar(A) != IV)
      return false;
    std::optional<int64_t> C = constantValue(B);
    if (!C)
      return false;
    Off = Sum->getOpcode() == BO_Add ? *C : -*C;
    return true;
  };
  if (!IsVarSide(BO->getLHS(), Offset)) {
    if (!IsVarSide(BO->getRHS(), Offset))
      return error(Cond, "loop condition must compare the loop variable '" +
                             IV->getNameAsString() +
                             "' itself (or it plus a constant)");
    Bound = BO->getLHS();
    // b > i  is  i < b, and so on.
    Op = Op == BO_LT   ? BO_GT
         : Op == BO_GT ? BO_LT
         : Op == BO_LE ? BO_GE
                       : BO_LE;
  }
  bool IsUpper = Op == BO_LT || Op == BO_LE;
  std::vector<IndexExpr> List;
  if (!boundList(Bound, /*WantMin=*/IsUpper, List))
    return false;
  QualType Compared = BO->getLHS()->getType();
  noteUnsigned(Bound, Compared, List,
               "in the condition of loop '" + IV->getNameAsString() + "'");
  if (Offset < 0 && Compared->isUnsignedIntegerType())
    return error(Cond, "'" + IV->getNameAsString() + " - " +
                           std::to_string(-Offset) +
                           "' is compared in an unsigned type, where it wraps "
                           "around below zero; compare '" +
                           IV->getNameAsString() + "' with the bound plus " +
                           std::to_string(-Offset) + " instead");
  for (IndexExpr &E : List) {
    // i + c < b  is  i < b - c (exact integers; the printed C keeps the
    // unsigned-safe form, CEmitter.cpp).
    E = E - IndexExpr::constant(Offset);
    if (Op == BO_LT)
      E = E - IndexExpr::constant(1);
    else if (Op == BO_GT)
      E = E + IndexExpr::constant(1);
    (IsUpper ? Upper : Lower).push_back(E);
  }
  (IsUpper ? SawUpper : SawLower) = true;
  return true;
}

bool FunctionTranslator::convertFor(const ForStmt *FS,
                                    std::vector<Node> &Body) {
  const clang::Expr *InitValue = nullptr;
  const VarDecl *IV = loopInit(FS, InitValue);
  if (!IV)
    return false;
  std::string Var = IV->getNameAsString();
  // A loop variable of an unsupported type is reported and the loop still
  // converted, so that one run reports every such loop of the function.
  std::optional<IntType> VarType = indexType(IV->getType(), Ctx);
  if (!VarType)
    error(IV->getLocation(), "loop variable '" + Var + "' has type '" +
                                 IV->getType().getAsString() + "'; " +
                                 IndexTypesText);
  for (const VarDecl *Outer : LoopVars)
    if (Outer == IV)
      return error(FS, "loop variable '" + Var +
                           "' is already the variable of an enclosing loop");
  // Sibling loops may reuse a loop variable's name (`for (int j ...)` twice);
  // nested loops may not, and a loop variable may not share its name with a
  // parameter or local.
  for (const VarDecl *Outer : LoopVars)
    if (Outer->getName() == IV->getName())
      return error(IV->getLocation(), "loop variable '" + Var +
                                          "' shadows the variable of an "
                                          "enclosing loop");
  if (auto It = Declared.find(Var); It != Declared.end()) {
    const auto *Prev = dyn_cast<VarDecl>(It->second);
    if (Prev != IV && !(Prev && AllLoopVars.count(Prev)))
      return error(IV->getLocation(), "loop variable '" + Var +
                                          "' has the name of another "
                                          "variable of this function") ||
             suggest(IV->getLocation(),
                     "another name for the loop variable or for the other "
                     "variable (loop variables keep their names, which "
                     "selectors such as '--interchange " +
                         Var + ",j' use)");
  }
  Declared[Var] = IV;
  if (LoopVars.empty())
    NestLoopTypes.clear();
  if (VarType) {
    auto [Seen, New] = NestLoopTypes.insert({Var, {*VarType, IV}});
    if (!New && !(Seen->second.first == *VarType)) {
      error(IV->getLocation(),
            "loop variable '" + Var + "' has type '" +
                IV->getType().getAsString() +
                "', and an earlier loop of this nest named '" + Var +
                "' has type '" + Seen->second.second->getType().getAsString() +
                "'; sibling loops of one nest may share a name only with "
                "its type");
      return suggest(IV->getLocation(),
                     "another name for this loop variable, or the type '" +
                         Seen->second.second->getType().getAsString() +
                         "' for both");
    }
  }
  if (const auto *P = dyn_cast<ParmVarDecl>(IV))
    return error(FS->getInit(),
                 "parameter '" + P->getNameAsString() +
                     "' cannot be a loop variable",
                 "a new loop variable starting at the parameter: 'for (int i "
                 "= " +
                     P->getNameAsString() + "; ...)'");
  if (FS->getConditionVariable())
    return error(FS, "declarations in loop conditions are not supported",
                 "the declaration before the loop");
  if (!VarType) {
    // Already reported; the body may hold more to report.
    std::vector<Node> Ignored;
    LoopVars.push_back(IV);
    convertBody(FS->getBody(), Var, Ignored);
    LoopVars.pop_back();
    return false;
  }
  if (!FS->getCond())
    return error(FS, "for loop without a condition",
                 "the loop's bound in its header: 'for (int i = 0; i < n; "
                 "i++)'");

  std::optional<int64_t> Step = loopStep(FS, IV);
  if (!Step)
    return false;

  Loop L;
  L.Var = Var;
  L.Step = *Step;
  L.VarType = *VarType;
  L.Loc = loc(FS->getBeginLoc());
  bool SawLower = false, SawUpper = false;
  PendingChecks.clear();
  if (!loopCondition(FS->getCond(), IV, L.Lower, L.Upper, SawLower, SawUpper))
    return false;
  // The start value bounds the loop on the side it starts from.
  bool Upward = *Step > 0;
  if (Upward ? !SawUpper : !SawLower)
    return error(FS->getCond(), std::string("loop condition does not bound '") +
                                    Var + "' in the direction of its step (" +
                                    (Upward ? "increasing" : "decreasing") +
                                    "); the loop would not terminate");
  std::vector<IndexExpr> Start;
  if (!boundList(InitValue, /*WantMin=*/!Upward, Start))
    return false;
  noteUnsigned(InitValue,
               IV->getType()->isUnsignedIntegerType() ? IV->getType()
                                                      : InitValue->getType(),
               Start, "starting loop '" + Var + "'");
  if ((*Step > 1 || *Step < -1) && Start.size() != 1)
    return error(InitValue, "a loop with a step other than 1 or -1 needs a "
                            "single start value, not a min or max");
  // A condition on the start side (`i < N && i > 0` counting up) is checked
  // against the start value first: if the start fails it, C runs the loop
  // zero times, which no max(start, bound) expresses. Refuse it.
  std::vector<IndexExpr> &StartSide = Upward ? L.Lower : L.Upper;
  if (!StartSide.empty())
    return error(FS->getCond(),
                 std::string("loop condition bounds '") + Var +
                     "' on the side it starts from (" +
                     (Upward ? "a lower bound on an increasing loop"
                             : "an upper bound on a decreasing loop") +
                     "); write that bound into the start value instead");
  StartSide.insert(StartSide.begin(), Start.begin(), Start.end());
  L.HeaderChecks = std::move(PendingChecks);
  PendingChecks.clear();

  LoopVars.push_back(IV);
  const clang::Stmt *SavedLoopBody = LoopBody;
  LoopBody = FS->getBody();
  bool OK = convertBody(FS->getBody(), Var, L.Body);
  LoopBody = SavedLoopBody;
  LoopVars.pop_back();
  if (!OK || !VarType)
    return false;
  Body.push_back(Node{std::move(L)});
  return true;
}

} // namespace frontend
} // namespace looptile
