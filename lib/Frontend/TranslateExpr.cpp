//===- TranslateExpr.cpp - subscripts, bounds, expressions to IR
//------------===//
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
    if (const auto *IdxRead =
            dyn_cast<ArraySubscriptExpr>(Subs[D]->IgnoreParenImpCasts());
        IdxRead && !Write) {
      std::optional<looptile::Expr> G = gatherIndex(E, *V, D, IdxRead);
      if (!G)
        return std::nullopt;
      GatherIndices.resize(Subs.size(), looptile::Expr::intLit(0));
      GatherIndices[D] = std::move(*G);
      Indices.push_back(IndexExpr::constant(0));
      continue;
    }
    // A read at a subscript computed from data (`src[y0 * sw + x0]` with
    // y0 from a float coordinate): a gather whose index is the expression.
    if (!Write && readsData(Subs[D])) {
      std::optional<looptile::Expr> G = computedGather(E, *V, D, Subs[D]);
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

} // namespace frontend
} // namespace looptile
