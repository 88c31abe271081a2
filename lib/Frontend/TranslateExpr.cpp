//===- TranslateExpr.cpp - subscripts, bounds, values to IR ---------------===//
//
// Integer index expressions (subscripts, bounds, extents), array accesses
// through arrays and pointers, gathers, constants and the value
// expressions of statements (FunctionTranslator.h).
//
//===----------------------------------------------------------------------===//
#include "FunctionTranslator.h"

namespace looptile {
namespace frontend {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

// Integer expressions over loop variables of enclosing loops and size
// parameters: subscripts, bounds and array dimensions.
std::optional<IndexExpr> FunctionTranslator::convertIndex(const clang::Expr *E,
                                                          const char *Context) {
  DepthScope Level(ExprDepth);
  if (tooDeep(E))
    return std::nullopt;
  const clang::Expr *S = E->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S)) {
    if (ICE->getCastKind() == CK_LValueToRValue ||
        ICE->getCastKind() == CK_NoOp)
      return convertIndex(ICE->getSubExpr(), Context);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
    if (std::optional<bool> Arm = chosenArm(CO))
      return convertIndex(*Arm ? CO->getTrueExpr() : CO->getFalseExpr(),
                          Context);
    if (std::string(Context) == "subscript") {
      // A read's conditional subscripts are expanded before this
      // (convertArrayRef); a written element's are not.
      error(E,
            "conditional subscript '" + text(E) +
                "' of a written element; looptile accepts conditional "
                "subscripts on reads only",
            "one assignment per arm, each under an 'if' on the condition "
            "('if (c) A[x] = v; else A[y] = v;')");
      return std::nullopt;
    }
  }
  if (const auto *CE = dyn_cast<CastExpr>(S);
      CE && (isa<ImplicitCastExpr>(S) || isa<CStyleCastExpr>(S)) &&
      CE->getCastKind() == CK_IntegralCast) {
    if (!isIndexConversionExact(CE->getSubExpr()->getType(), CE->getType(),
                                Ctx)) {
      error(E, std::string(Context) + " '" + text(E) + "' converts '" +
                   CE->getSubExpr()->getType().getAsString() + "' to '" +
                   CE->getType().getAsString() +
                   "', which can change the value (a narrower or signed "
                   "type); keep the index arithmetic in one type, or in "
                   "wider types");
      return std::nullopt;
    }
    return convertIndex(CE->getSubExpr(), Context);
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(S)) {
    if (!IL->getValue().isSignedIntN(32) ||
        IL->getValue().getSExtValue() >= MaxConstant) {
      error(E, "integer constant '" + text(E) +
                   "' is too large; looptile supports constants that fit "
                   "in 32 bits");
      return std::nullopt;
    }
    return IndexExpr::constant(int64_t(IL->getValue().getSExtValue()));
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD) {
      if (const auto *ECD = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
        return IndexExpr::constant(ECD->getInitVal().getSExtValue());
      error(E, std::string(Context) + " refers to '" +
                   DRE->getDecl()->getNameAsString() +
                   "', which is not a variable");
      return std::nullopt;
    }
    std::string Name = nameOf(VD);
    for (const VarDecl *IV : LoopVars)
      if (IV == VD)
        return IndexExpr::symbol(Name);
    if (auto It = IndexTemps.find(VD); It != IndexTemps.end())
      return It->second;
    if (auto It = CondIndexTemps.find(VD); It != CondIndexTemps.end())
      return convertIndex(It->second, Context);
    if (DerivedDecls.count(VD))
      return IndexExpr::symbol(Name);
    if (isa<ParmVarDecl>(VD) && VD->getType()->isIntegerType() &&
        !HelperDecls.count(VD)) {
      const Variable *V = Out.lookup(Name);
      if (V && V->VarKind == Variable::SizeParam)
        return IndexExpr::symbol(Name);
      error(E, std::string(Context) + " depends on '" + Name + "' of type '" +
                   VD->getType().getAsString() + "', which cannot be a size; " +
                   IndexTypesText);
      return std::nullopt;
    }
    if (auto It = IndexTemps.find(VD); It != IndexTemps.end())
      return It->second;
    if (std::optional<int64_t> C = globalConstant(VD))
      return IndexExpr::constant(*C);
    if (AllLoopVars.count(VD))
      error(E, "loop variable '" + Name + "' is used outside its loop") ||
          suggest(E->getBeginLoc(), AfterLoopRewrite);
    else if (VD->isLocalVarDecl() && VD->getType()->isIntegerType() &&
             Modified.count(VD))
      error(E, std::string(Context) + " depends on '" + Name +
                   "', which is assigned after its declaration; an integer "
                   "local used in indices must be initialised once with an "
                   "affine value of the loop variables and sizes (e.g. 'const "
                   "int " +
                   Name + " = i * n + j;')");
    else if (VD->isLocalVarDecl() && VD->getType()->isIntegerType() &&
             VD->hasInit())
      // An integer local that is not an index temporary: its initializer
      // is what looptile cannot read (a call, a division, memory).
      error(E, std::string(Context) + " depends on '" + Name +
                   "', whose initializer '" + text(VD->getInit()) +
                   "' is not an affine value of the loop variables and "
                   "sizes, nor a min or max of such values, nor a size "
                   "computed from the sizes alone with +, -, *, / and % "
                   "(no subtraction in an unsigned type, which wraps below "
                   "zero)") ||
          suggest(E->getBeginLoc(),
                  "'" + Name +
                      "' initialised with an affine value of the loop "
                      "variables and sizes or a MIN/MAX of such values (e.g. "
                      "'int " +
                      Name +
                      " = MIN(i + r, n - 1);'), or its value passed "
                      "as a size parameter ('int " +
                      Name + "' in the parameter list)");
    else
      error(E, std::string(Context) + " depends on '" + Name +
                   "', which is neither an enclosing loop variable nor an "
                   "integer size parameter");
    return std::nullopt;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus) {
      std::optional<IndexExpr> Sub = convertIndex(UO->getSubExpr(), Context);
      if (!Sub)
        return std::nullopt;
      return UO->getOpcode() == UO_Minus ? -*Sub : *Sub;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_Add || Op == BO_Sub || Op == BO_Mul) {
      std::optional<IndexExpr> L = convertIndex(BO->getLHS(), Context);
      if (!L)
        return std::nullopt;
      std::optional<IndexExpr> R = convertIndex(BO->getRHS(), Context);
      if (!R)
        return std::nullopt;
      if (Op == BO_Add)
        return *L + *R;
      if (Op == BO_Sub)
        return *L - *R;
      IndexExpr P = *L * *R;
      // A product of two loop variables (i*j) is not affine in any reading.
      for (const Term &T : P.terms()) {
        unsigned IVs = 0;
        for (const std::string &Sym : T.Symbols)
          for (const VarDecl *IV : LoopVars)
            IVs += IV->getNameAsString() == Sym;
        if (IVs > 1) {
          error(E, std::string("non-affine ") + Context + " '" + text(E) +
                       "': it multiplies loop variables");
          return std::nullopt;
        }
      }
      return P;
    }
    if (Op == BO_Div || Op == BO_Rem || Op == BO_Shl || Op == BO_Shr ||
        Op == BO_And || Op == BO_Or || Op == BO_Xor) {
      if (std::optional<int64_t> C = constantValue(S))
        return IndexExpr::constant(*C);
      error(E, std::string("non-affine ") + Context + " '" + text(E) +
                   "': operator '" + BO->getOpcodeStr().str() +
                   "' is not affine");
      return std::nullopt;
    }
  }
  if (isa<ArraySubscriptExpr>(S)) {
    if (!Indexed) {
      error(E, std::string("non-affine ") + Context + " '" + text(E) +
                   "': it reads an array element (indirect access)");
      return std::nullopt;
    }
    // An element that data selects: a write there (a scatter) may hit the
    // same element from several iterations, which no dependence test on
    // subscripts can rule out; a read (a gather) is accepted where the
    // subscript is an index array's element itself (convertArrayRef), not
    // computed from one.
    // Both have an exact rewrite with affine subscripts: a loop over the
    // array's elements, each accessed where the index selects it.
    const IndexedElement &X = *Indexed;
    std::string Idx = X.Subscript.empty() ? text(E) : X.Subscript;
    // The rewrite's loop variable: a name the function does not use.
    std::string K = "e";
    for (unsigned N = 2; SourceNames.count(K); ++N)
      K = "e" + std::to_string(N);
    // The statement, with the element written at [K] (`h[e] += 1`).
    std::string Written = X.Array + "[" + K + "] = ...";
    if (CurrentAssign && CurrentTarget) {
      std::string Whole = text(CurrentAssign), Target = text(CurrentTarget);
      if (size_t At = Whole.find(Target); At != std::string::npos)
        Written = Whole.substr(0, At) + X.Array + "[" + K + "]" +
                  Whole.substr(At + Target.size());
    }
    if (X.Write) {
      error(E, "non-affine subscript '" + Idx + "': array '" + X.Array +
                   "' is written at an element that data selects (a "
                   "scatter); looptile cannot tell which iterations write "
                   "the same element");
      suggest(E->getBeginLoc(),
              "a loop over the elements, each written where the index "
              "selects it: 'for (int " +
                  K + " = 0; " + K + " < " + X.Extent + "; " + K + "++) if (" +
                  Idx + " == " + K + ") " + Written +
                  ";' (the same writes, for indices in [0, " + X.Extent + "))");
    } else {
      error(E, "non-affine subscript '" + Idx + "': array '" + X.Array +
                   "' is read at an element that data selects (a gather) "
                   "through a computed index; looptile accepts a gather "
                   "whose subscript is an element of an index array itself "
                   "('" +
                   X.Array + "[idx[i]]')");
      // `ids[i]*d + j`, `i*nc + labels[i]`: a row and a column, one of
      // which data selects.
      const clang::Expr *Row = nullptr, *Width = nullptr, *Col = nullptr;
      if (X.SubscriptExpr && rowForm(X.SubscriptExpr, Row, Width, Col)) {
        suggest(E->getBeginLoc(),
                "rows of '" + text(Width) + "' elements: declare '" + X.Array +
                    "' as an array parameter 'const " + X.Type + " " + X.Array +
                    "[ROWS][" + text(Width) +
                    "]' (ROWS, its number of rows, a parameter before it) "
                    "and read '" +
                    X.Array + "[" + text(Row) + "][" + text(Col) +
                    "]' (the same element where 0 <= " + text(Col) + " < " +
                    text(Width) + ")");
        return std::nullopt;
      }
      suggest(E->getBeginLoc(),
              "the element found by a loop over the index's values: '" +
                  X.Type + " v = 0; for (int " + K + " = 0; " + K + " < " +
                  X.Extent + "; " + K + "++) if (" + Idx + " == " + K +
                  ") v = " + X.Array + "[" + K +
                  "];' and 'v' in its place (the same value, for indices in "
                  "[0, " +
                  X.Extent + "))");
    }
    return std::nullopt;
  }
  if (isa<CallExpr>(S)) {
    error(E, std::string("non-affine ") + Context + " '" + text(E) +
                 "': it calls a function");
    return std::nullopt;
  }
  if (!S->getType()->isIntegerType()) {
    error(E, std::string(Context) + " '" + text(E) +
                 "' is not an integer expression");
    return std::nullopt;
  }
  error(E, std::string("unsupported ") + Context + " '" + text(E) + "'");
  return std::nullopt;
}

std::optional<looptile::Expr>
FunctionTranslator::convertArrayRef(const ArraySubscriptExpr *E) {
  // Only this reference is the write: its subscripts' reads are reads.
  bool Write = InLValue;
  InLValue = false;
  std::vector<const clang::Expr *> Subs;
  const clang::Expr *Base = E;
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Base->IgnoreParens())) {
    Subs.insert(Subs.begin(), ASE->getIdx());
    Base = ASE->getBase()->IgnoreParenImpCasts();
  }
  const VarDecl *VD = refersToVar(Base);
  if (isa<MemberExpr>(Base)) {
    error(Base, "struct fields are not supported") ||
        suggest(Base->getBeginLoc(), StructRewrite);
    return std::nullopt;
  }
  if (!VD || Views.count(VD) || BadViews.count(VD)) {
    // A pointer into an array: row[j], (A + k)[j], (&A[k])[j].
    std::optional<ArrayView> V = pointerView(Base);
    if (!V)
      return std::nullopt;
    std::vector<IndexExpr> Indices;
    for (const clang::Expr *Sub : Subs) {
      std::optional<IndexExpr> I = convertIndex(Sub, "subscript");
      if (!I)
        return std::nullopt;
      Indices.push_back(*I);
    }
    return viewElement(*V, std::move(Indices), E);
  }
  std::string Name = nameOf(VD);
  const Variable *V = Out.lookup(Name);
  if (!V || !V->isArray()) {
    error(E, "'" + Name + "' is not an array parameter or local array");
    return std::nullopt;
  }
  if (Subs.size() != V->Extents.size()) {
    error(E, "'" + Name + "' has " + std::to_string(V->Extents.size()) +
                 " dimension(s) but is subscripted with " +
                 std::to_string(Subs.size()) +
                 "; partial or pointer-to-pointer indexing is not supported");
    return std::nullopt;
  }
  // A read at a conditional subscript (`in[y][x > 0 ? x - 1 : 0]`, the MIN
  // and MAX of a clamp to the edge) is the conditional of two reads, `x > 0
  // ? in[y][x - 1] : in[y][0]`: the same element, read only where its side
  // of the condition holds (an affine condition restricts the read's
  // footprint exactly, Access::Arms). Nested and several conditionals
  // expand in turn, the innermost first.
  if (!Write)
    if (const ConditionalOperator *CO = openConditional(Subs)) {
      if (ArmChoice.size() >= MaxConditionalSubscripts) {
        error(E,
              "more than " + std::to_string(MaxConditionalSubscripts) +
                  " conditional operators in the subscripts of '" + text(E) +
                  "'",
              "an index temporary per clamped coordinate ('const int x0 = "
              "...;') read through an if, or fewer conditionals");
        return std::nullopt;
      }
      std::optional<looptile::Expr> C;
      {
        NoHoistScope InCondition(NoHoist);
        C = convertTruth(CO->getCond());
      }
      if (!C)
        return std::nullopt;
      NoHoistScope Arms(NoHoist);
      std::optional<looptile::Expr> T, F;
      llvm::FoldingSetNodeID ID;
      CO->Profile(ID, Ctx, true);
      ArmChoice.push_back({ID, true});
      T = convertArrayRef(E);
      ArmChoice.back().second = false;
      if (T)
        F = convertArrayRef(E);
      ArmChoice.pop_back();
      if (!T || !F)
        return std::nullopt;
      looptile::Expr R =
          looptile::Expr::select(std::move(*C), std::move(*T), std::move(*F));
      R.Loc = loc(E->getBeginLoc());
      return R;
    }
  std::vector<IndexExpr> Indices;
  // A read whose subscript is an element of an index array (`x[col[i]]`):
  // a gather (Expr::isGather).
  std::vector<looptile::Expr> GatherIndices;
  for (size_t D = 0; D < Subs.size(); ++D) {
    // A read at an element of an index array, or at a subscript computed
    // from data (`src[y0 * sw + x0]` with y0 from a float coordinate): a
    // gather whose index is the element or the expression.
    const auto *IdxRead =
        dyn_cast<ArraySubscriptExpr>(Subs[D]->IgnoreParenImpCasts());
    if (!Write && (IdxRead || readsData(Subs[D]))) {
      std::optional<looptile::Expr> G =
          IdxRead ? gatherIndex(E, *V, D, IdxRead)
                  : computedGather(E, *V, D, Subs[D]);
      if (!G)
        return std::nullopt;
      GatherIndices.resize(Subs.size(), looptile::Expr::intLit(0));
      GatherIndices[D] = std::move(*G);
      Indices.push_back(IndexExpr::constant(0));
      continue;
    }
    std::optional<IndexedElement> Saved = Indexed;
    Indexed = IndexedElement{Name,
                             V->Extents[D] ? V->Extents[D]->str()
                                           : std::string("EXTENT"),
                             elemTypeName(V->Type),
                             Write,
                             text(Subs[D]),
                             Subs[D]};
    std::optional<IndexExpr> I = convertIndex(Subs[D], "subscript");
    Indexed = Saved;
    if (!I)
      return std::nullopt;
    Indices.push_back(*I);
  }
  looptile::Expr R =
      looptile::Expr::arrayRef(Name, V->Type, std::move(Indices));
  if (!GatherIndices.empty()) {
    GatherIndices.resize(Subs.size(), looptile::Expr::intLit(0));
    R.Operands = std::move(GatherIndices);
  }
  R.Loc = loc(E->getBeginLoc());
  return R;
}

std::optional<looptile::Expr>
FunctionTranslator::gatherIndex(const ArraySubscriptExpr *E, const Variable &V,
                                size_t D, const ArraySubscriptExpr *IdxRead) {
  std::string What = "'" + text(E) + "' reads '" + V.Name +
                     "' at an element that data selects (a gather)";
  if (V.VarKind != Variable::ArrayParam || !V.Extents[D]) {
    std::string Type = elemTypeName(V.Type);
    if (V.VarKind == Variable::LocalArray) {
      error(E, What + " of a local array; looptile gathers only from array "
                      "parameters the function reads");
      return std::nullopt;
    }
    error(E,
          What + ", and the extent of '" + V.Name + "'" +
              (V.Extents.size() > 1 ? " in that dimension" : "") +
              " is not declared: a gather may read any element, so "
              "looptile needs the array's extent",
          "declare it as an array parameter with its extent ('const " + Type +
              " " + V.Name + "[EXTENT]')");
    return std::nullopt;
  }
  std::optional<looptile::Expr> I = convertExpr(IdxRead);
  if (!I)
    return std::nullopt;
  if (I->K != looptile::Expr::ArrayRef || I->isGather() ||
      isFloatingType(I->Type)) {
    error(E, What + " through '" + text(IdxRead) +
                 "', which is not an element of an integer array at affine "
                 "subscripts");
    return std::nullopt;
  }
  Gathers.push_back({V.Name, I->Name, E->getBeginLoc()});
  return I;
}

bool FunctionTranslator::readsData(const clang::Expr *E) const {
  bool Found = false, ReadsElement = false;
  std::function<void(const clang::Stmt *)> Walk = [&](const clang::Stmt *S) {
    if (!S || Found)
      return;
    // An element read in the subscript itself (`x[col[i] + 1]`) keeps the
    // index-array rules: the validation inputs of an index array are
    // drawn inside the extent its values select only where it is the
    // subscript (gatherIndex), and the refusal names the form accepted.
    if (isa<ArraySubscriptExpr>(S) || isa<CallExpr>(S) ||
        (isa<UnaryOperator>(S) &&
         cast<UnaryOperator>(S)->getOpcode() == UO_Deref)) {
      ReadsElement = true;
      return;
    }
    if (const auto *CE = dyn_cast<CastExpr>(S);
        CE && CE->getCastKind() == CK_FloatingToIntegral) {
      Found = true;
      return;
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
        if (VD->isLocalVarDecl() && !AllLoopVars.count(VD) &&
            !IndexTemps.count(VD) && !CondIndexTemps.count(VD) &&
            !DerivedDecls.count(VD) && !Views.count(VD)) {
          Found = true;
          return;
        }
    for (const clang::Stmt *C : S->children())
      Walk(C);
  };
  Walk(E);
  return Found && !ReadsElement;
}

std::optional<looptile::Expr>
FunctionTranslator::computedGather(const ArraySubscriptExpr *E,
                                   const Variable &V, size_t D,
                                   const clang::Expr *Sub) {
  std::string What = "'" + text(E) + "' reads '" + V.Name +
                     "' at an element that data selects (a gather through "
                     "'" +
                     text(Sub) + "', computed at run time)";
  std::string Type = elemTypeName(V.Type);
  if (V.VarKind == Variable::LocalArray) {
    error(E, What + " of a local array; looptile gathers only from array "
                    "parameters the function reads");
    return std::nullopt;
  }
  if (V.VarKind != Variable::ArrayParam || !V.Extents[D]) {
    error(E,
          What + ", and the extent of '" + V.Name + "'" +
              (V.Extents.size() > 1 ? " in that dimension" : "") +
              " is not declared: a gather may read any element, so "
              "looptile needs the array's extent",
          "declare it as an array parameter with its extent, the sizes it "
          "names before it in the parameter list ('const " +
              Type + " " + V.Name + "[EXTENT]')");
    return std::nullopt;
  }
  if (!Sub->getType()->isIntegerType())
    return std::nullopt;
  std::optional<looptile::Expr> I = convertExpr(Sub);
  if (!I)
    return std::nullopt;
  if (isFloatingType(I->Type)) {
    error(E, What + ", which is not an integer");
    return std::nullopt;
  }
  Gathers.push_back({V.Name, "", E->getBeginLoc()});
  return I;
}

bool FunctionTranslator::checkGathers() {
  // The arrays the function writes (through any view: a view's element is
  // its array's).
  std::set<std::string> Written;
  std::function<void(const std::vector<Node> &)> Walk =
      [&](const std::vector<Node> &Body) {
        for (const Node &N : Body)
          if (N.isLoop())
            Walk(N.loop().Body);
          else
            Written.insert(N.stmt().LHS.Name);
      };
  Walk(Out.Body);
  bool OK = true;
  for (const GatherSite &G : Gathers) {
    // A gather takes part in no dependence (Expr::isGather): its array and
    // its index array must keep their values while the function runs.
    if (Written.count(G.Array)) {
      OK = false;
      error(G.Loc, "array '" + G.Array +
                       "' is read at an element that data selects (a "
                       "gather) and written in the function; looptile "
                       "cannot tell which iterations the reads see written");
      suggest(G.Loc, "gather from an array the function only reads (a copy "
                     "made before the loops, passed as a parameter)");
    } else if (!G.Index.empty() && Written.count(G.Index)) {
      OK = false;
      error(G.Loc, "the index array '" + G.Index + "' of a gather from '" +
                       G.Array +
                       "' is written in the function; looptile gathers only "
                       "through index arrays the function reads");
    }
  }
  return OK;
}

const ConditionalOperator *
FunctionTranslator::openConditional(const clang::Stmt *S) const {
  if (!S || isa<ArraySubscriptExpr>(S) || isa<CallExpr>(S))
    return nullptr;
  if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
    if (std::optional<bool> Arm = chosenArm(CO))
      return openConditional(*Arm ? CO->getTrueExpr() : CO->getFalseExpr());
    if (const ConditionalOperator *Inner = openConditional(CO->getCond()))
      return Inner;
    return CO;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (auto It = CondIndexTemps.find(VD); It != CondIndexTemps.end())
        return openConditional(It->second);
  for (const clang::Stmt *C : S->children())
    if (const ConditionalOperator *Found = openConditional(C))
      return Found;
  return nullptr;
}

const ConditionalOperator *FunctionTranslator::openConditional(
    const std::vector<const clang::Expr *> &Subs) const {
  for (const clang::Expr *Sub : Subs)
    if (const ConditionalOperator *Found = openConditional(Sub))
      return Found;
  return nullptr;
}

std::optional<FunctionTranslator::ArrayView>
FunctionTranslator::pointerView(const clang::Expr *E) {
  const clang::Expr *S = E->IgnoreParens();
  if (S->getType()->isArrayType()) // the decay was left out
    return arrayView(S);
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(S)) {
    switch (ICE->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return arrayView(ICE->getSubExpr());
    case CK_LValueToRValue:
    case CK_NoOp: // adding const
      return pointerView(ICE->getSubExpr());
    default:
      break;
    }
  }
  if (const VarDecl *VD = refersToVar(S); VD && isa<DeclRefExpr>(S)) {
    if (auto It = Views.find(VD); It != Views.end())
      return It->second;
    if (BadViews.count(VD))
      return std::nullopt; // reported at its declaration
    const Variable *V = Out.lookup(nameOf(VD));
    // Array parameters have pointer type (to their rows).
    if (V && V->isArray() && V->isParam())
      return ArrayView{V->Name, {}, IndexExpr::constant(0)};
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAdditiveOp() && BO->getType()->isPointerType()) {
    bool PtrLeft = BO->getLHS()->getType()->isPointerType();
    const clang::Expr *Ptr = PtrLeft ? BO->getLHS() : BO->getRHS();
    const clang::Expr *Int = PtrLeft ? BO->getRHS() : BO->getLHS();
    std::optional<ArrayView> V = pointerView(Ptr);
    if (!V)
      return std::nullopt;
    std::optional<IndexExpr> K = convertIndex(Int, "pointer offset");
    if (!K)
      return std::nullopt;
    V->Off = BO->getOpcode() == BO_Add ? V->Off + *K : V->Off - *K;
    return V;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_AddrOf) {
    const clang::Expr *Sub = UO->getSubExpr()->IgnoreParens();
    // &P[k] is P + k; &*P is P.
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Sub)) {
      std::optional<ArrayView> V = pointerView(ASE->getBase());
      if (!V)
        return std::nullopt;
      std::optional<IndexExpr> K = convertIndex(ASE->getIdx(), "subscript");
      if (!K)
        return std::nullopt;
      V->Off = V->Off + *K;
      return V;
    }
    if (const auto *Deref = dyn_cast<UnaryOperator>(Sub);
        Deref && Deref->getOpcode() == UO_Deref)
      return pointerView(Deref->getSubExpr());
  }
  error(E, "pointer '" + text(E) +
               "' is not an address in an array parameter or local array; "
               "looptile supports an array, a row of one ('A[i]'), an "
               "element's address ('&A[k]') or a pointer local initialised "
               "with one, plus or minus an affine offset");
  return std::nullopt;
}

std::optional<FunctionTranslator::ArrayView>
FunctionTranslator::arrayView(const clang::Expr *E) {
  const clang::Expr *S = E->IgnoreParens();
  if (const VarDecl *VD = refersToVar(S); VD && isa<DeclRefExpr>(S)) {
    const Variable *V = Out.lookup(nameOf(VD));
    if (V && V->isArray())
      return ArrayView{V->Name, {}, IndexExpr::constant(0)};
  }
  // A row: P[k] or *P of array type, whose first element the decay points
  // to.
  const clang::Expr *Ptr = nullptr, *Idx = nullptr;
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S)) {
    Ptr = ASE->getBase();
    Idx = ASE->getIdx();
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S);
             UO && UO->getOpcode() == UO_Deref) {
    Ptr = UO->getSubExpr();
  }
  if (Ptr) {
    std::optional<ArrayView> V = pointerView(Ptr);
    if (!V)
      return std::nullopt;
    IndexExpr K = IndexExpr::constant(0);
    if (Idx) {
      std::optional<IndexExpr> I = convertIndex(Idx, "subscript");
      if (!I)
        return std::nullopt;
      K = *I;
    }
    V->Lead.push_back(V->Off + K);
    V->Off = IndexExpr::constant(0);
    return V;
  }
  error(E, "array '" + text(E) +
               "' is not an array parameter, a local array or a row of one");
  return std::nullopt;
}

std::optional<looptile::Expr> FunctionTranslator::viewElement(
    const ArrayView &View, std::vector<IndexExpr> Subs, const clang::Expr *At) {
  const Variable *V = Out.lookup(View.Base);
  std::vector<IndexExpr> Indices = View.Lead;
  Indices.push_back(View.Off + Subs.front());
  Indices.insert(Indices.end(), Subs.begin() + 1, Subs.end());
  if (!V || Indices.size() != V->Extents.size()) {
    error(At, "'" + text(At) + "' designates a part of '" + View.Base +
                  "' with " + std::to_string(Indices.size()) + " of its " +
                  std::to_string(V ? V->Extents.size() : 0) +
                  " subscripts; partial or pointer-to-pointer indexing is "
                  "not supported");
    return std::nullopt;
  }
  looptile::Expr R =
      looptile::Expr::arrayRef(View.Base, V->Type, std::move(Indices));
  R.Loc = loc(At->getBeginLoc());
  return R;
}

std::optional<looptile::Expr>
FunctionTranslator::convertCall(const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee) {
    error(CE, "indirect calls are not supported");
    return std::nullopt;
  }
  std::string Name = Callee->getNameAsString();
  // math.h's INFINITY, NAN, HUGE_VALF and HUGE_VAL expand to GNU C's
  // builtins: constants, of the value Clang evaluates.
  switch (Callee->getBuiltinID()) {
  case Builtin::BI__builtin_inff:
  case Builtin::BI__builtin_inf:
  case Builtin::BI__builtin_huge_valf:
  case Builtin::BI__builtin_huge_val:
  case Builtin::BI__builtin_nanf:
  case Builtin::BI__builtin_nan: {
    std::optional<ElemType> T =
        elemType(CE->getType(), CE->getBeginLoc(), "constant");
    llvm::APFloat V(0.0);
    if (!T || !CE->EvaluateAsFloat(V, Ctx)) {
      if (T)
        error(CE, "'" + text(CE) + "' is not a constant looptile can take");
      return std::nullopt;
    }
    return floatLiteral(V, *T, loc(CE->getBeginLoc()));
  }
  // math.h's classification macros expand to type-generic builtins whose
  // result is an int: isnan, isinf (glibc's isinf is __builtin_isinf_sign),
  // isfinite and isnormal. They are exact (no rounding), and OpenCL C has
  // the same functions with the same scalar results (1 or 0).
  case Builtin::BI__builtin_isnan:
    return classification(CE, "isnan");
  case Builtin::BI__builtin_isinf:
    return classification(CE, "isinf");
  case Builtin::BI__builtin_isfinite:
    return classification(CE, "isfinite");
  case Builtin::BI__builtin_isnormal:
    return classification(CE, "isnormal");
  case Builtin::BI__builtin_isinf_sign: {
    // -1 for -inf, 1 for +inf, 0 otherwise: isinf(x) ? (x > 0 ? 1 : -1) : 0
    std::optional<looptile::Expr> IsInf = classification(CE, "isinf");
    if (!IsInf)
      return std::nullopt;
    looptile::Expr X = IsInf->Operands[0];
    looptile::Expr Sign = looptile::Expr::select(
        looptile::Expr::condition(CondOp::GT, X, looptile::Expr::intLit(0)),
        looptile::Expr::intLit(1), looptile::Expr::intLit(-1));
    looptile::Expr R = looptile::Expr::select(
        looptile::Expr::condition(CondOp::NE, std::move(*IsInf),
                                  looptile::Expr::intLit(0)),
        std::move(Sign), looptile::Expr::intLit(0));
    R.Loc = loc(CE->getBeginLoc());
    return R;
  }
  default:
    break;
  }
  if (const FunctionDecl *Def = Callee->getDefinition())
    return inlineCall(CE, Def);
  if (!mathFunctions().count(Name)) {
    error(CE, "call to unknown function '" + Name +
                  "'; only side-effect-free math functions (sqrtf, fabsf, "
                  "expf, fminf, fmaxf, ...) are supported");
    if (Callee->isDefined())
      suggest(CE->getBeginLoc(),
              "the body of '" + Name +
                  "' written in place of the call, as an expression or a "
                  "macro (looptile analyses one function at a time)");
    return std::nullopt;
  }
  looptile::Expr R;
  R.K = looptile::Expr::Call;
  R.Name = Name;
  R.Loc = loc(CE->getBeginLoc());
  std::optional<ElemType> T =
      elemType(CE->getType(), CE->getBeginLoc(), "result of '" + Name + "'");
  if (!T)
    return std::nullopt;
  R.Type = *T;
  for (const clang::Expr *Arg : CE->arguments()) {
    std::optional<looptile::Expr> A = convertExpr(Arg);
    if (!A)
      return std::nullopt;
    R.Operands.push_back(std::move(*A));
  }
  return R;
}

std::optional<looptile::Expr>
FunctionTranslator::classification(const CallExpr *CE, const char *Name) {
  if (CE->getNumArgs() != 1) {
    error(CE, "'" + text(CE) + "' takes one argument");
    return std::nullopt;
  }
  std::optional<looptile::Expr> A = convertExpr(CE->getArg(0));
  if (!A)
    return std::nullopt;
  if (!isFloatingType(A->Type)) {
    error(CE->getArg(0), std::string("the argument of '") + Name +
                             "' is not a float or a double");
    return std::nullopt;
  }
  looptile::Expr R;
  R.K = looptile::Expr::Call;
  R.Name = Name;
  R.Type = ElemType::Int;
  R.Loc = loc(CE->getBeginLoc());
  R.Operands.push_back(std::move(*A));
  return R;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

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
