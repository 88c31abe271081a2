//===- ASTToIR.cpp - Clang AST of one function to IR ----------------------===//
//
// Translates a FunctionDecl into the loop-nest IR. The translation is exact or
// it refuses: every construct the IR cannot represent (while/do loops, goto,
// if, non-affine subscripts or bounds, calls to unknown functions, pointer
// arithmetic, struct fields, ...) is an error at its source location, and the
// function is not translated. Nothing is skipped silently.
//
// This file: the shared helpers, declarations (parameters, locals, derived
// sizes, array initialisers) and the driver (FunctionTranslator::run);
// FunctionTranslator.h lists the files of the other constructs.
//
//===----------------------------------------------------------------------===//
#include "FunctionTranslator.h"

namespace looptile {
namespace frontend {

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

bool isPlainInt(QualType T) {
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  return BT && BT->getKind() == BuiltinType::Int;
}

std::optional<IntType> indexType(QualType T, ASTContext &Ctx) {
  QualType Canon = T.getCanonicalType().getUnqualifiedType();
  const auto *BT = Canon->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  IntType R;
  switch (BT->getKind()) {
  case BuiltinType::Int:
  case BuiltinType::UInt:
    R.Rank = 1;
    break;
  case BuiltinType::Long:
  case BuiltinType::ULong:
    R.Rank = 2;
    break;
  case BuiltinType::LongLong:
  case BuiltinType::ULongLong:
    R.Rank = 3;
    break;
  default:
    return std::nullopt;
  }
  R.Signed = BT->isSignedInteger();
  R.Bits = unsigned(Ctx.getTypeSize(Canon));
  // Keep the standard typedef names (the emitted C includes their headers);
  // a user's own typedef is printed as the type it names.
  R.Spelling = Canon.getAsString();
  if (const auto *TT = T.getUnqualifiedType()->getAs<TypedefType>()) {
    static const std::set<std::string> Standard = {
        "size_t",   "ptrdiff_t", "ssize_t",  "intptr_t", "uintptr_t", "int32_t",
        "uint32_t", "int64_t",   "uint64_t", "intmax_t", "uintmax_t"};
    std::string Name = TT->getDecl()->getNameAsString();
    if (Standard.count(Name))
      R.Spelling = Name;
  }
  return R;
}

bool isIndexConversionExact(QualType From, QualType To, ASTContext &Ctx) {
  std::optional<IntType> F = indexType(From, Ctx), T = indexType(To, Ctx);
  // A narrow integer (a char or short value) promoted to a wider type keeps
  // its value; whether it may be used as an index is decided at its use.
  if (!F && T && From->isIntegerType() && !From->isBooleanType() &&
      Ctx.getTypeSize(From) < T->Bits &&
      (T->Signed || From->isUnsignedIntegerType()))
    return true;
  if (!F || !T)
    return false;
  if (F->Signed == T->Signed || F->Signed)
    return T->Bits >= F->Bits;
  return T->Bits > F->Bits;
}

const std::set<std::string> &mathFunctions() {
  static const std::set<std::string> Names = {
      "sqrt",  "sqrtf", "fabs",   "fabsf", "exp",   "expf",  "log",
      "logf",  "sin",   "sinf",   "cos",   "cosf",  "tan",   "tanf",
      "tanh",  "tanhf", "pow",    "powf",  "fmin",  "fminf", "fmax",
      "fmaxf", "floor", "floorf", "ceil",  "ceilf", "exp2",  "exp2f",
      "log2",  "log2f", "fma",    "fmaf",  "rsqrt", "rsqrtf"};
  return Names;
}

const char *AfterLoopRewrite =
    "the value it has after the loop, written from the bounds (after 'for "
    "(i = 0; i < n; i++)' it is 'n > 0 ? n : 0')";

const char *StructRewrite =
    "the field passed as its own parameter ('float *data' for 's.data')";

const char *IndexTypesText =
    "looptile supports int, long, long long, their unsigned forms, size_t "
    "and ptrdiff_t (narrower types are promoted to int and wrap when "
    "converted back)";

// The floating constant V of type T (Float or Double) as a literal.
looptile::Expr floatLiteral(const llvm::APFloat &V, ElemType T, SourceLoc Loc) {
  looptile::Expr R;
  R.K = looptile::Expr::FloatLit;
  R.Type = T;
  // Exact: a float converts to double without rounding.
  R.FloatValue =
      T == ElemType::Float ? double(V.convertToFloat()) : V.convertToDouble();
  R.Loc = Loc;
  return R;
}

const VarDecl *refersToVar(const clang::Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

// The last statement of the then-branch of S, an `if` without else,
// declarations or `if constexpr` (the branch itself where it is not a
// block), or null.
const clang::Stmt *lastOfPlainIf(const clang::Stmt *S) {
  const auto *IS = dyn_cast<IfStmt>(S);
  if (!IS || IS->getElse() || IS->getInit() || IS->getConditionVariable() ||
      IS->isConstexpr() || IS->isConsteval())
    return nullptr;
  const clang::Stmt *Then = IS->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    return CS->body_empty() ? nullptr : CS->body_back();
  return Then;
}

// A subscript `r*w + c` (or `w*r + c`, `c + r*w`; parentheses and implicit
// conversions aside) where r or c is an array element (an index): the row
// Row of length Width and the column Col of a two-dimensional read.
bool rowForm(const clang::Expr *Sub, const clang::Expr *&Row,
             const clang::Expr *&Width, const clang::Expr *&Col) {
  const auto *Add = dyn_cast<BinaryOperator>(Sub->IgnoreParenImpCasts());
  if (!Add || Add->getOpcode() != BO_Add)
    return false;
  auto IsIndex = [](const clang::Expr *X) {
    return isa<ArraySubscriptExpr>(X->IgnoreParenImpCasts());
  };
  for (int Side = 0; Side < 2; ++Side) {
    const auto *Mul = dyn_cast<BinaryOperator>(
        (Side ? Add->getRHS() : Add->getLHS())->IgnoreParenImpCasts());
    if (!Mul || Mul->getOpcode() != BO_Mul)
      continue;
    const clang::Expr *C = Side ? Add->getLHS() : Add->getRHS();
    for (int F = 0; F < 2; ++F) {
      const clang::Expr *R = F ? Mul->getRHS() : Mul->getLHS();
      const clang::Expr *W = F ? Mul->getLHS() : Mul->getRHS();
      // The row is the index, or the column is (with the row the factor
      // that is not a plain integer constant).
      if (IsIndex(R) ||
          (IsIndex(C) && !isa<IntegerLiteral>(W->IgnoreParenImpCasts()))) {
        Row = R->IgnoreParenImpCasts();
        Width = W->IgnoreParenImpCasts();
        Col = C->IgnoreParenImpCasts();
        return true;
      }
    }
  }
  return false;
}

// The value of `if (c) return k;` or `if (c) { ...; return k; }` (no
// else), or null.
const clang::Expr *earlyReturnValue(const clang::Stmt *S) {
  const auto *RS = dyn_cast_or_null<ReturnStmt>(lastOfPlainIf(S));
  return RS ? RS->getRetValue() : nullptr;
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

std::optional<ElemType> FunctionTranslator::elemType(QualType T,
                                                     SourceLocation Loc,
                                                     const std::string &What) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *BT = T->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::Float:
      return ElemType::Float;
    case BuiltinType::Double:
      return ElemType::Double;
    case BuiltinType::Int:
      return ElemType::Int;
    case BuiltinType::Char_S:
      return ElemType::Char;
    case BuiltinType::SChar:
      return ElemType::SChar;
    case BuiltinType::Char_U: // plain char, unsigned on this target
    case BuiltinType::UChar:
      return ElemType::UChar;
    case BuiltinType::Short:
      return ElemType::Short;
    case BuiltinType::UShort:
      return ElemType::UShort;
    case BuiltinType::UInt:
      return ElemType::UInt;
    case BuiltinType::Long:
      return ElemType::Long;
    case BuiltinType::ULong:
      return ElemType::ULong;
    case BuiltinType::LongLong:
      return ElemType::LongLong;
    case BuiltinType::ULongLong:
      return ElemType::ULongLong;
    default:
      break;
    }
  }
  error(Loc, What + " has type '" + T.getAsString() +
                 "'; looptile supports float, double and the standard "
                 "integer types (char, short, int, long, long long, signed "
                 "or unsigned)");
  if (T->isStructureOrClassType())
    suggest(Loc, StructRewrite);
  else if (T->isSpecificBuiltinType(BuiltinType::LongDouble) ||
           T->isSpecificBuiltinType(BuiltinType::Half))
    suggest(Loc, "the element type 'double' (or 'float'), as OpenCL has "
                 "no such type on every device");
  else if (T->isBooleanType())
    suggest(Loc, "the type 'int' (or 'unsigned char') holding 0 or 1");
  return std::nullopt;
}

bool FunctionTranslator::declareName(const NamedDecl *D) {
  std::string Name = D->getNameAsString();
  if (const auto *VD = dyn_cast<VarDecl>(D);
      VD && HelperDecls.count(VD) && !InlineStack.empty()) {
    // Each inlined instance of a helper's variable is a new variable.
    std::string Fresh =
        freshLocalName(InlineStack.back()->getNameAsString() + "_" + Name);
    Renamed[VD] = Fresh;
    Declared[Fresh] = D;
    return true;
  }
  auto It = Declared.find(Name);
  if (It != Declared.end() && It->second != D &&
      !(isa<ParmVarDecl>(D) || AllLoopVars.count(dyn_cast<VarDecl>(D)))) {
    // A local whose name an earlier declaration took (`float acc` in two
    // sibling loops, a block's own `t`): Clang has resolved every use to
    // its declaration, so a new name changes nothing (`acc2`).
    std::string Fresh = freshLocalName(Name);
    if (const auto *VD = dyn_cast<VarDecl>(D))
      Renamed[VD] = Fresh;
    Declared[Fresh] = D;
    return true;
  }
  if (It != Declared.end() && It->second != D) {
    error(D->getLocation(),
          "'" + Name +
              "' is declared more than once in this function; looptile "
              "needs distinct names for distinct variables");
    if (!Quiet && !Collect) {
      unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note,
                                              "previous declaration is here");
      Diags.Report(It->second->getLocation(), NoteID);
    }
    return false;
  }
  Declared[Name] = D;
  return true;
}

// Fills V.Extents from an array type, outermost dimension first.
bool FunctionTranslator::arrayExtents(QualType T, Variable &V,
                                      SourceLocation Loc) {
  while (true) {
    if (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
      V.Extents.push_back(
          IndexExpr::constant(int64_t(CAT->getSize().getZExtValue())));
      T = CAT->getElementType();
      continue;
    }
    if (const auto *VAT = Ctx.getAsVariableArrayType(T)) {
      const clang::Expr *Size = VAT->getSizeExpr();
      if (!Size)
        return error(Loc, "array '" + V.Name + "' has a '[*]' dimension");
      std::optional<IndexExpr> E = convertIndex(Size, "array dimension");
      if (!E)
        return false;
      V.Extents.push_back(*E);
      T = VAT->getElementType();
      continue;
    }
    if (const auto *IAT = Ctx.getAsIncompleteArrayType(T)) {
      V.Extents.push_back(std::nullopt);
      T = IAT->getElementType();
      continue;
    }
    break;
  }
  // The manifest describes a buffer's shape with at most 8 extents
  // (docs/manifest.md); a kernel for a deeper array could never run.
  if (V.Extents.size() > 8)
    return error(Loc, "array '" + V.Name + "' has " +
                          std::to_string(V.Extents.size()) +
                          " dimensions; looptile supports at most 8") ||
           suggest(Loc, "merge dimensions into one (a flat extent n7 * n8, "
                        "indexed i7 * n8 + i8)");
  std::optional<ElemType> ET =
      elemType(T, Loc, "element of array '" + V.Name + "'");
  if (!ET)
    return false;
  V.Type = *ET;
  return true;
}

bool FunctionTranslator::convertParam(const ParmVarDecl *P) {
  Variable V;
  V.Name = P->getNameAsString();
  V.Loc = loc(P->getLocation());
  if (V.Name.empty())
    return error(P->getLocation(), "unnamed parameter");
  if (!declareName(P))
    return false;
  QualType Orig = P->getOriginalType();
  if (Orig->isArrayType()) {
    V.VarKind = Variable::ArrayParam;
    if (!arrayExtents(Orig, V, P->getLocation()))
      return false;
    // `float A[M][K]` decays to `float (*A)[K]`; restrict may qualify it.
    V.IsRestrict = P->getType().isRestrictQualified();
    V.IsConst = Ctx.getBaseElementType(Orig).isConstQualified();
  } else if (const auto *PT = P->getType()->getAs<PointerType>();
             PT && PT->getPointeeType()->isArrayType()) {
    // `float (*A)[N]` is `float A[][N]`: an array parameter whose outer
    // extent is not declared.
    V.VarKind = Variable::ArrayParam;
    V.Extents.push_back(std::nullopt);
    if (!arrayExtents(PT->getPointeeType(), V, P->getLocation()))
      return false;
    V.IsRestrict = P->getType().isRestrictQualified();
    V.IsConst = Ctx.getBaseElementType(PT->getPointeeType()).isConstQualified();
  } else if (const auto *PT = P->getType()->getAs<PointerType>()) {
    QualType Pointee = PT->getPointeeType();
    if (Pointee->isPointerType() || Pointee->isArrayType())
      return error(P->getLocation(),
                   "parameter '" + V.Name + "' has type '" +
                       P->getType().getAsString() +
                       "'; looptile supports pointers to its element "
                       "types and C99 array parameters") ||
             suggest(P->getLocation(),
                     "a C99 array parameter with the sizes as parameters "
                     "('int n, int m, float A[n][m]'), or one flat pointer "
                     "indexed 'A[i * m + j]'");
    V.VarKind = Variable::PointerParam;
    V.Extents.push_back(std::nullopt);
    std::optional<ElemType> ET =
        elemType(Pointee, P->getLocation(), "parameter '" + V.Name + "'");
    if (!ET)
      return false;
    V.Type = *ET;
    V.IsRestrict = P->getType().isRestrictQualified();
    V.IsConst = Pointee.isConstQualified();
  } else if (P->getType()->isIntegerType()) {
    // Integer parameters are the symbolic sizes; writes to them are refused
    // where they occur, so they stay constant for the whole function.
    std::optional<IntType> IT = indexType(P->getType(), Ctx);
    if (!IT) {
      // A narrower integer (unsigned char t) is a value, not a size.
      std::optional<ElemType> ET = elemType(P->getType(), P->getLocation(),
                                            "parameter '" + V.Name + "'");
      if (!ET)
        return false;
      V.VarKind = Variable::ScalarParam;
      V.Type = *ET;
      Out.Params.push_back(std::move(V));
      return true;
    }
    V.VarKind = Variable::SizeParam;
    V.Type = elemType(P->getType(), P->getLocation(), "size parameter")
                 .value_or(ElemType::Int);
    V.Int = *IT;
  } else {
    std::optional<ElemType> ET =
        elemType(P->getType(), P->getLocation(), "parameter '" + V.Name + "'");
    if (!ET)
      return false;
    V.VarKind = Variable::ScalarParam;
    V.Type = *ET;
  }
  Out.Params.push_back(std::move(V));
  return true;
}

bool FunctionTranslator::convertLocalDecl(const VarDecl *VD,
                                          const std::string &DeclaredIn,
                                          std::vector<Node> &Body) {
  if (AllLoopVars.count(VD)) {
    // `int i;` declared ahead of `for (i = 0; ...)`: a loop variable, not
    // memory. Initialisers of such declarations would be dead stores.
    if (VD->hasInit())
      return error(VD->getLocation(), "loop variable '" +
                                          VD->getNameAsString() +
                                          "' is initialised outside its loop");
    return declareName(VD);
  }
  // A `static const` local with an initializer (a table of coefficients)
  // holds the same values at every call: an ordinary local initialised in
  // the function is the same object to the code that reads it.
  bool ConstTable = VD->isStaticLocal() && VD->hasInit() &&
                    Ctx.getBaseElementType(VD->getType()).isConstQualified();
  if ((VD->isStaticLocal() && !ConstTable) || VD->hasExternalStorage())
    return error(VD->getLocation(),
                 "static or extern local variables are not supported") ||
           suggest(VD->getLocation(),
                   "an ordinary local initialised in the function, or a "
                   "parameter");
  if (!declareName(VD))
    return false;
  // A pointer into an array: its accesses are the array's.
  if (VD->getType()->isPointerType()) {
    std::string Name = VD->getNameAsString();
    BadViews.insert(VD);
    if (!VD->hasInit())
      return error(VD->getLocation(),
                   "local pointer '" + Name +
                       "' has no initializer; looptile supports a pointer "
                       "local initialised, in its declaration, with an "
                       "address in an array (e.g. 'const float *row = A + i "
                       "* n;')");
    if (Modified.count(VD))
      return error(VD->getLocation(),
                   "local pointer '" + Name +
                       "' is assigned, incremented or has its address taken "
                       "after its declaration; looptile supports a pointer "
                       "local that keeps the address it is initialised with "
                       "(index the array instead)");
    std::optional<ArrayView> V = pointerView(VD->getInit());
    if (!V)
      return false;
    BadViews.erase(VD);
    Views[VD] = *V;
    return true;
  }
  // An index temporary: its value (exact integers over loop variables and
  // sizes, which do not change in its scope) is substituted for it.
  if (VD->hasInit() && !Modified.count(VD) && indexType(VD->getType(), Ctx)) {
    ++Quiet;
    std::optional<IndexExpr> Value = convertIndex(VD->getInit(), "value");
    --Quiet;
    if (Value) {
      IndexTemps[VD] = *Value;
      return true;
    }
    // A conditional of affine values, each arm under an affine condition.
    ++Quiet;
    bool Conditional = openConditional(VD->getInit()) &&
                       affineCases(VD->getInit()).has_value();
    --Quiet;
    // A call to a min or max helper of affine values (`int hi = imin(i +
    // r, n - 1);`) bounds loops as its min or max would.
    const clang::Expr *A = nullptr, *B = nullptr;
    if (const auto *CE =
            dyn_cast<CallExpr>(VD->getInit()->IgnoreParenImpCasts());
        CE && minMaxCallKind(CE, A, B, Ctx)) {
      ++Quiet;
      Conditional = affineCases(A).has_value() && affineCases(B).has_value();
      --Quiet;
    }
    if (Conditional) {
      CondIndexTemps[VD] = VD->getInit();
      return true;
    }
    if (convertDerivedSize(VD))
      return true;
  }
  Variable V;
  V.Name = nameOf(VD);
  V.Loc = loc(VD->getLocation());
  V.DeclaredIn = DeclaredIn;
  if (VD->getType()->isArrayType()) {
    V.VarKind = Variable::LocalArray;
    if (!arrayExtents(VD->getType(), V, VD->getLocation()))
      return false;
    if (!VD->hasInit()) {
      Out.Locals.push_back(std::move(V));
      return true;
    }
    return convertArrayInit(VD, std::move(V), Body);
  }
  std::optional<ElemType> ET =
      elemType(VD->getType(), VD->getLocation(), "local '" + V.Name + "'");
  if (!ET)
    return false;
  V.VarKind = Variable::LocalScalar;
  V.Type = *ET;
  Out.Locals.push_back(V);
  if (!VD->hasInit())
    return true;
  std::optional<looptile::Expr> Init = convertExpr(VD->getInit());
  if (!Init)
    return false;
  looptile::Stmt S;
  S.Id = NextStmtId++;
  S.Op = AssignOp::Assign;
  S.LHS = looptile::Expr::scalarRef(V.Name, V.Type);
  S.LHS.Loc = loc(VD->getLocation());
  S.RHS = std::move(*Init);
  S.DeclType = V.Type;
  S.When = Current;
  S.GuardChecks = CurrentChecks;
  S.Loc = loc(VD->getBeginLoc());
  Body.push_back(Node{std::move(S)});
  return true;
}

// The value of an integer expression over literals and sizes that uses a
// division or remainder (which IndexExpr has not), as C computes it: each
// operation in its C type. A subtraction in an unsigned type (it wraps
// below zero), a conversion that can change the value, and anything that
// names a loop variable, a local or memory make it none.
std::optional<looptile::Expr>
FunctionTranslator::derivedValue(const clang::Expr *E) {
  DepthScope Level(ExprDepth);
  if (tooDeep(E))
    return std::nullopt;
  const clang::Expr *S = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(S)) {
    CastKind K = CE->getCastKind();
    if (K == CK_LValueToRValue || K == CK_NoOp)
      return derivedValue(CE->getSubExpr());
    if (K == CK_IntegralCast &&
        (isa<ImplicitCastExpr>(S) || isa<CStyleCastExpr>(S)) &&
        isIndexConversionExact(CE->getSubExpr()->getType(), CE->getType(), Ctx))
      return derivedValue(CE->getSubExpr());
    return std::nullopt;
  }
  if (!S->getType()->isIntegerType() || !indexType(S->getType(), Ctx))
    return std::nullopt;
  ++Quiet;
  std::optional<ElemType> T = elemType(S->getType(), S->getBeginLoc(), "");
  --Quiet;
  if (!T)
    return std::nullopt;
  if (const auto *IL = dyn_cast<IntegerLiteral>(S)) {
    if (!IL->getValue().isSignedIntN(32))
      return std::nullopt;
    return looptile::Expr::intLit(int64_t(IL->getValue().getSExtValue()));
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *ECD = dyn_cast<EnumConstantDecl>(DR->getDecl()))
      return looptile::Expr::intLit(ECD->getInitVal().getSExtValue());
    const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
    if (!VD)
      return std::nullopt;
    if (std::optional<int64_t> C = globalConstant(VD))
      return looptile::Expr::intLit(*C);
    bool Size = DerivedDecls.count(VD);
    if (isa<ParmVarDecl>(VD) && !HelperDecls.count(VD))
      if (const Variable *V = Out.lookup(nameOf(VD)))
        Size |= V->VarKind == Variable::SizeParam;
    if (!Size)
      return std::nullopt;
    looptile::Expr R = looptile::Expr::scalarRef(nameOf(VD), *T);
    R.Loc = loc(S->getBeginLoc());
    return R;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->getOpcode() == UO_Plus)
      return derivedValue(UO->getSubExpr());
    if (UO->getOpcode() != UO_Minus || S->getType()->isUnsignedIntegerType())
      return std::nullopt;
    std::optional<looptile::Expr> X = derivedValue(UO->getSubExpr());
    if (!X)
      return std::nullopt;
    looptile::Expr Neg;
    Neg.K = looptile::Expr::Unary;
    Neg.Op = '-';
    Neg.Type = *T;
    Neg.Operands.push_back(std::move(*X));
    return Neg;
  }
  const auto *BO = dyn_cast<BinaryOperator>(S);
  if (!BO)
    return std::nullopt;
  char Op = 0;
  switch (BO->getOpcode()) {
  case BO_Add:
    Op = '+';
    break;
  case BO_Sub:
    Op = '-';
    break;
  case BO_Mul:
    Op = '*';
    break;
  case BO_Div:
    Op = '/';
    break;
  case BO_Rem:
    Op = '%';
    break;
  default:
    return std::nullopt;
  }
  if (Op == '-' && S->getType()->isUnsignedIntegerType())
    return std::nullopt;
  std::optional<looptile::Expr> L = derivedValue(BO->getLHS());
  std::optional<looptile::Expr> R = L ? derivedValue(BO->getRHS()) : L;
  if (!L || !R)
    return std::nullopt;
  looptile::Expr X = looptile::Expr::binary(Op, std::move(*L), std::move(*R));
  X.Type = *T;
  X.Loc = loc(S->getBeginLoc());
  return X;
}

// An integer local initialised once with a division or remainder of sizes
// (`int out_h = h / 2;`, `int out_n = n / factor;`) is a size the function
// computes: a symbol for the analyses, computed by the runtime from the
// sizes as C computes it. Where the declaration runs under affine
// conditions of the sizes (after `if (factor <= 0) return;`), its value is
// C's where they hold and 0 elsewhere, where nothing reads it (a division
// by zero that the C skips is never computed).
bool FunctionTranslator::convertDerivedSize(const VarDecl *VD) {
  if (!InlineStack.empty() || !Current.Data.empty() || Modified.count(VD) ||
      !VD->hasInit())
    return false;
  std::optional<IntType> IT = indexType(VD->getType(), Ctx);
  if (!IT ||
      !isIndexConversionExact(VD->getInit()->IgnoreParenImpCasts()->getType(),
                              VD->getType(), Ctx))
    return false;
  std::optional<looptile::Expr> Value = derivedValue(VD->getInit());
  if (!Value)
    return false;
  std::optional<looptile::Expr> When;
  for (const AffineCondition &C : Current.Affine) {
    for (const VarDecl *IV : AllLoopVars)
      if (C.mentions(nameOf(IV)))
        return false;
    std::optional<looptile::Expr> Any;
    for (const std::vector<AffineConstraint> &Conj : C.disjuncts()) {
      std::optional<looptile::Expr> All;
      for (const AffineConstraint &K : Conj) {
        looptile::Expr Test = looptile::Expr::condition(
            K.IsEquality ? CondOp::EQ : CondOp::GE,
            indexTempExpr(K.E, loc(VD->getLocation())),
            looptile::Expr::intLit(0));
        All = All ? looptile::Expr::condition(CondOp::And, std::move(*All),
                                              std::move(Test))
                  : std::move(Test);
      }
      looptile::Expr Conj1 = All ? std::move(*All) : looptile::Expr::intLit(1);
      Any = Any ? looptile::Expr::condition(CondOp::Or, std::move(*Any),
                                            std::move(Conj1))
                : std::move(Conj1);
    }
    looptile::Expr One = Any ? std::move(*Any) : looptile::Expr::intLit(0);
    When = When ? looptile::Expr::condition(CondOp::And, std::move(*When),
                                            std::move(One))
                : std::move(One);
  }
  Variable V;
  V.Name = nameOf(VD);
  V.VarKind = Variable::SizeParam;
  V.Type = elemType(VD->getType(), VD->getLocation(), "size")
               .value_or(ElemType::Int);
  V.Int = *IT;
  V.IsConst = true;
  V.Loc = loc(VD->getLocation());
  Value->Type = V.Type;
  V.Definition =
      When ? looptile::Expr::select(std::move(*When), std::move(*Value),
                                    looptile::Expr::intLit(0))
           : std::move(*Value);
  V.Definition->Type = V.Type;
  // What the analyses may take for its value where the statements after it
  // run: D >= 0 (the runtime refuses sizes that make it negative, as it
  // refuses negative sizes), and of D = A / c, D = A % c and D = A / B for
  // A a sum of sizes with no negative term (sizes are >= 0), a constant c >
  // 0 and a size B: c*D <= A <= c*D + c - 1; D <= c - 1 and D <= A; D <= A.
  const looptile::Expr &Val = V.Definition->K == looptile::Expr::Select
                                  ? V.Definition->Operands[1]
                                  : *V.Definition;
  IndexExpr D = IndexExpr::symbol(V.Name);
  DerivedFacts DF{V.Name, Current, {{D, false}}};
  std::function<std::optional<IndexExpr>(const looptile::Expr &)> Affine =
      [&](const looptile::Expr &E) -> std::optional<IndexExpr> {
    if (E.K == looptile::Expr::IntLit)
      return IndexExpr::constant(E.IntValue);
    if (E.K == looptile::Expr::ScalarRef)
      return IndexExpr::symbol(E.Name);
    if (E.K != looptile::Expr::Binary || (E.Op != '+' && E.Op != '*'))
      return std::nullopt;
    std::optional<IndexExpr> A = Affine(E.Operands[0]);
    std::optional<IndexExpr> B = A ? Affine(E.Operands[1]) : A;
    if (!A || !B)
      return std::nullopt;
    if (E.Op == '*' && !A->isConstant() && !B->isConstant())
      return std::nullopt;
    return E.Op == '+' ? *A + *B : *A * *B;
  };
  if (Val.K == looptile::Expr::Binary && (Val.Op == '/' || Val.Op == '%')) {
    std::optional<IndexExpr> A = Affine(Val.Operands[0]);
    const looptile::Expr &Den = Val.Operands[1];
    bool NonNegative = A && A->constantPart() >= 0;
    for (const Term &T : A ? A->terms() : std::vector<Term>{})
      NonNegative &= T.Coeff > 0 || T.Symbols.empty();
    if (NonNegative) {
      DF.Facts.push_back({*A - D, false}); // D <= A
      if (Den.K == looptile::Expr::IntLit && Den.IntValue > 0) {
        int64_t C = Den.IntValue;
        if (Val.Op == '/') {
          DF.Facts.push_back({*A - D.scaled(C), false});
          DF.Facts.push_back(
              {D.scaled(C) + IndexExpr::constant(C - 1) - *A, false});
        } else {
          DF.Facts.push_back({IndexExpr::constant(C - 1) - D, false});
        }
      }
    }
  }
  DerivedSizeFacts.push_back(std::move(DF));
  Out.Params.push_back(std::move(V));
  DerivedDecls.insert(VD);
  return true;
}

// C initialises an array from a brace list element by element, in order,
// and every element the list leaves out to zero (C11 6.7.9p10, p21): the
// same assignments, one statement each, are exact. Clang's semantic form
// of the list has brace elision resolved (nested lists per dimension).
bool FunctionTranslator::convertArrayInit(const VarDecl *VD, Variable V,
                                          std::vector<Node> &Body) {
  constexpr int64_t MaxInitElements = 4096;
  const auto *IL = dyn_cast<InitListExpr>(VD->getInit()->IgnoreParens());
  int64_t Count = 1;
  std::vector<int64_t> Dims;
  for (const std::optional<IndexExpr> &E : V.Extents) {
    if (!E || !E->isConstant())
      return error(VD->getLocation(), "local array '" + V.Name +
                                          "' of variable size cannot be "
                                          "initialised");
    Dims.push_back(E->constantPart());
    Count *= std::max<int64_t>(Dims.back(), 1);
  }
  if (!IL)
    return error(VD->getLocation(),
                 "local array '" + V.Name +
                     "' is initialised with something other than a brace "
                     "list; looptile supports '= {1, 4, 6, 4, 1}'") ||
           suggest(VD->getLocation(), "the elements assigned in a loop");
  if (Count > MaxInitElements)
    return error(VD->getLocation(),
                 "local array '" + V.Name + "' has " + std::to_string(Count) +
                     " initialised elements; looptile writes one statement "
                     "per element, at most " +
                     std::to_string(MaxInitElements)) ||
           suggest(VD->getLocation(), "the elements assigned in a loop, or "
                                      "the table passed as a parameter");
  std::string Name = V.Name;
  ElemType T = V.Type;
  SourceLoc At = loc(VD->getLocation());
  Out.Locals.push_back(std::move(V));
  std::vector<int64_t> Index;
  std::function<bool(const clang::Expr *, size_t)> Fill =
      [&](const clang::Expr *E, size_t Dim) -> bool {
    const auto *List =
        E ? dyn_cast<InitListExpr>(E->IgnoreParenImpCasts()) : nullptr;
    if (Dim == Dims.size()) {
      // One element: its initializer, or zero where the list has none.
      looptile::Expr Value = looptile::Expr::intLit(0);
      Value.Loc = At;
      if (E && !isa<ImplicitValueInitExpr>(E)) {
        if (List)
          return error(E, "braces around a scalar initializer are not "
                          "supported");
        std::optional<looptile::Expr> C = convertExpr(E);
        if (!C)
          return false;
        Value = std::move(*C);
      }
      std::vector<IndexExpr> Subs;
      for (int64_t K : Index)
        Subs.push_back(IndexExpr::constant(K));
      looptile::Stmt S;
      S.Op = AssignOp::Assign;
      S.LHS = looptile::Expr::arrayRef(Name, T, std::move(Subs));
      S.LHS.Loc = At;
      S.RHS = std::move(Value);
      S.When = Current;
      S.GuardChecks = CurrentChecks;
      S.Loc = E ? loc(E->getBeginLoc()) : At;
      S.Id = NextStmtId++;
      Body.push_back(Node{std::move(S)});
      return true;
    }
    if (E && !List && !isa<ImplicitValueInitExpr>(E))
      return error(E, "initializer '" + text(E) + "' of a row of '" + Name +
                          "' is not a brace list (a string literal?)") ||
             suggest(E->getBeginLoc(), "the characters as a brace list "
                                       "('{'a', 'b', 0}')");
    bool OK = true;
    for (int64_t K = 0; K < Dims[Dim] && OK; ++K) {
      const clang::Expr *Sub = nullptr;
      if (List && K < int64_t(List->getNumInits()))
        Sub = List->getInit(unsigned(K));
      else if (List && List->hasArrayFiller())
        Sub = List->getArrayFiller();
      Index.push_back(K);
      OK = Fill(Sub, Dim + 1);
      Index.pop_back();
    }
    return OK;
  };
  return Fill(IL, 0);
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

// Records every variable that some `for` statement uses as its loop variable.
static void collectLoopVars(const clang::Stmt *S,
                            std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    const clang::Stmt *Init = FS->getInit();
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
      if (DS->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
          Out.insert(VD);
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Init)) {
      if (BO->getOpcode() == BO_Assign)
        if (const VarDecl *VD = refersToVar(BO->getLHS()))
          Out.insert(VD);
    }
  }
  for (const clang::Stmt *Child : S->children())
    collectLoopVars(Child, Out);
}

// Records the name of every declaration and reference in S.
static void collectNames(const clang::Stmt *S, std::set<std::string> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *ND = dyn_cast<NamedDecl>(D))
        Out.insert(ND->getNameAsString());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    Out.insert(DRE->getDecl()->getNameAsString());
  for (const clang::Stmt *Child : S->children())
    collectNames(Child, Out);
}

// Records every variable that a statement assigns (`=`, `op=`), increments
// or decrements, or takes the address of.
static void collectModified(const clang::Stmt *S,
                            std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    if (const VarDecl *VD = refersToVar(BO->getLHS()))
      Out.insert(VD);
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf))
    if (const VarDecl *VD = refersToVar(UO->getSubExpr()))
      Out.insert(VD);
  for (const clang::Stmt *Child : S->children())
    collectModified(Child, Out);
}

bool FunctionTranslator::run() {
  Out.Name = FD->getNameAsString();
  Out.Loc = loc(FD->getLocation());
  if (FD->isVariadic())
    return error(FD->getLocation(), "variadic functions are not supported");
  for (const ParmVarDecl *P : FD->parameters())
    convertParam(P);
  if (Failed)
    return false;

  collectLoopVars(FD->getBody(), AllLoopVars);
  collectModified(FD->getBody(), Modified);
  // The helpers the function calls (inlined) and those they call.
  std::set<const FunctionDecl *> Helpers;
  std::function<void(const clang::Stmt *)> FindHelpers =
      [&](const clang::Stmt *S) {
        if (!S)
          return;
        if (const auto *CE = dyn_cast<CallExpr>(S))
          if (const FunctionDecl *Callee = CE->getDirectCallee())
            if (const FunctionDecl *Def = Callee->getDefinition();
                Def && Helpers.insert(Def).second) {
              collectModified(Def->getBody(), Modified);
              FindHelpers(Def->getBody());
            }
        for (const clang::Stmt *Child : S->children())
          FindHelpers(Child);
      };
  FindHelpers(FD->getBody());
  collectNames(FD->getBody(), SourceNames);
  for (const ParmVarDecl *P : FD->parameters())
    SourceNames.insert(P->getNameAsString());
  const auto *Body = cast<CompoundStmt>(FD->getBody());
  auto Stmts = Body->body();
  for (auto It = Stmts.begin(); It != Stmts.end(); ++It) {
    const clang::Stmt *S = *It;
    // `if (n <= 0) return;` in a void function: what follows runs where
    // the condition is false (the if's else branch).
    if (FD->getReturnType()->isVoidType() && endsIn<ReturnStmt>(S)) {
      std::vector<const clang::Stmt *> Rest(std::next(It), Stmts.end());
      if (!Rest.empty())
        if (const auto *RS = dyn_cast<ReturnStmt>(Rest.back());
            RS && !RS->getRetValue())
          Rest.pop_back(); // a final `return;` changes nothing
      convertStmtInto(S, "", Out.Body, &Rest);
      break;
    }
    // `if (n <= 0) return 0.0f;` before the rest and a final `return v;`:
    // the rest runs where the condition is false, and the result is
    // `c ? 0.0f : v`, computed after the body. The condition is affine in
    // the sizes and the early value a constant, so neither changes while
    // the body runs.
    if (!FD->getReturnType()->isVoidType())
      if (const clang::Expr *Early = earlyReturnValue(S)) {
        const auto *IS = cast<IfStmt>(S);
        std::vector<const clang::Stmt *> Rest(std::next(It), Stmts.end());
        const auto *Final =
            Rest.empty() ? nullptr : dyn_cast<ReturnStmt>(Rest.back());
        AffineCondition Affine = AffineCondition::constant(true);
        std::vector<const clang::Expr *> DataParts;
        ++Quiet;
        splitCondition(IS->getCond(), Affine, DataParts);
        --Quiet;
        PendingChecks.clear();
        if (!Final || !Final->getRetValue() || !DataParts.empty() ||
            !Affine.isBounded() || !Early->isEvaluatable(Ctx)) {
          error(S,
                "an early 'return' with a value is supported only as "
                "'if (c) return k;' where c depends on sizes alone and k "
                "is a constant, before a final 'return v;'",
                "one 'return' as the function's last statement, e.g. "
                "'return c ? k : v;'");
          break;
        }
        Rest.pop_back();
        convertStmtInto(S, "", Out.Body, &Rest);
        HoistBody = &Out.Body;
        HoistDeclaredIn.clear();
        std::optional<ElemType> T =
            elemType(FD->getReturnType(), Final->getBeginLoc(), "the result");
        std::optional<looptile::Expr> C = convertTruth(IS->getCond());
        std::optional<looptile::Expr> K = convertExpr(Early);
        std::optional<looptile::Expr> V = convertExpr(Final->getRetValue());
        if (T && C && K && V) {
          Out.ReturnType = *T;
          Out.ReturnValue = looptile::Expr::select(std::move(*C), std::move(*K),
                                                   std::move(*V));
        }
        break;
      }
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      if (!RS->getRetValue() && std::next(It) == Stmts.end())
        continue; // a final `return;` changes nothing
      if (RS->getRetValue() && std::next(It) == Stmts.end()) {
        HoistBody = &Out.Body; // a helper called in the returned value
        HoistDeclaredIn.clear();
        // `return s;` last: a scalar result, read after the whole body.
        std::optional<ElemType> T =
            elemType(FD->getReturnType(), RS->getBeginLoc(), "the result");
        std::optional<looptile::Expr> V = convertExpr(RS->getRetValue());
        if (T && V) {
          Out.ReturnType = *T;
          Out.ReturnValue = std::move(*V);
        }
        continue;
      }
      if (RS->getRetValue())
        error(S, "returning a value is only supported as the last statement "
                 "of the function");
      else
        unsupportedStmt(S);
      continue;
    }
    convertStmtInto(S, "", Out.Body);
  }
  if (!Failed)
    checkGathers();
  if (!Failed)
    addDerivedFacts();
  return !Failed;
}

void FunctionTranslator::addDerivedFacts() {
  for (Node &N : Out.Body) {
    if (!N.isLoop())
      continue;
    Loop &L = N.loop();
    for (const DerivedFacts &D : DerivedSizeFacts) {
      if (namedOnlyAsValue(Out, D.Name))
        continue;
      bool Under = true;
      forEachStmt(L.Body, [&](const looptile::Stmt &S,
                              const std::vector<const Loop *> &) {
        Under &= D.When.isImpliedBy(S.When);
      });
      if (Under)
        L.Assume.insert(L.Assume.end(), D.Facts.begin(), D.Facts.end());
    }
  }
}

} // namespace frontend
} // namespace looptile

using namespace looptile;
using namespace clang;

bool looptile::containsLoop(const clang::Stmt *S) {
  if (!S)
    return false;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S))
    return true;
  for (const clang::Stmt *Child : S->children())
    if (containsLoop(Child))
      return true;
  return false;
}

bool looptile::convertFunction(ASTContext &Ctx, const FunctionDecl *FD,
                               Function &Out, FirstError *Collect) {
  frontend::FunctionTranslator T(Ctx, FD, Out, Collect);
  return T.run();
}
