//===- ASTToIR.cpp - Clang AST of one function to loop-nest IR ------------===//
//
// Translates a FunctionDecl into the loop-nest IR. The translation is exact or
// it refuses: every construct the IR cannot represent (while/do loops, goto,
// if, non-affine subscripts or bounds, calls to unknown functions, pointer
// arithmetic, struct fields, ...) is an error at its source location, and the
// function is not translated. Nothing is skipped silently.
//
// Loop normalisation (see LoopNest.h): `for (i = a; i < b; i += s)` becomes
// Lower = {a}, Upper = {b - 1}, Step = s; `i <= b` gives Upper = {b}; a
// downward loop `for (i = b; i >= a; i -= s)` gives Lower = {a}, Upper = {b},
// Step = -s. A bound written with a min/max ternary (as the MIN/MAX macros
// expand) or a conjunction of conditions becomes a list of expressions.
//
//===----------------------------------------------------------------------===//
#include "ASTToIR.h"
#include "looptile/IR/Walk.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <set>
#include <type_traits>

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

namespace {

int minMaxCallKind(const CallExpr *CE, const clang::Expr *&A,
                   const clang::Expr *&B, ASTContext &Ctx);

/// True for `int`, the type of the IR's integer literals and of an integer
/// constant printed without a conversion.
bool isPlainInt(QualType T) {
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  return BT && BT->getKind() == BuiltinType::Int;
}

/// The types a size parameter or loop variable may have: the standard
/// signed and unsigned integer types of int's width or wider, under their
/// standard typedef names (size_t, ptrdiff_t, int64_t, ...). Narrower types
/// are promoted to int in arithmetic and wrap when converted back.
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

/// True when converting an index value of type From to To (both index
/// types) keeps it: not narrower, and a signed To holds every unsigned
/// From. A signed value converted to an unsigned type keeps its value when
/// it is not negative, which IntegerWrap.h proves for the printed code.
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


/// "int, long, long long, their unsigned forms, size_t or ptrdiff_t"
/// The rewrites suggested for a loop variable read after its loop and for
/// a struct field.
const char *AfterLoopRewrite =
    "the value it has after the loop, written from the bounds (after 'for "
    "(i = 0; i < n; i++)' it is 'n > 0 ? n : 0')";
const char *StructRewrite =
    "the field passed as its own parameter ('float *data' for 's.data')";

const char *IndexTypesText =
    "looptile supports int, long, long long, their unsigned forms, size_t "
    "and ptrdiff_t (narrower types are promoted to int and wrap when "
    "converted back)";

/// Literals and constants must fit in 32 bits so that the polynomial
/// arithmetic on bounds and subscripts cannot overflow 64 bits.
constexpr int64_t MaxConstant = int64_t(1) << 31;

// Side-effect-free math functions a statement may call.
const std::set<std::string> &mathFunctions() {
  static const std::set<std::string> Names = {
      "sqrt",  "sqrtf",  "fabs",  "fabsf",  "exp",   "expf", "log",
      "logf",  "sin",    "sinf",  "cos",    "cosf",  "tan",  "tanf",
      "tanh",  "tanhf",  "pow",   "powf",   "fmin",  "fminf", "fmax",
      "fmaxf", "floor",  "floorf", "ceil",  "ceilf", "exp2", "exp2f",
      "log2",  "log2f",  "fma",   "fmaf",   "rsqrt", "rsqrtf"};
  return Names;
}

class FunctionTranslator {
public:
  FunctionTranslator(ASTContext &Ctx, const FunctionDecl *FD, Function &Out,
                     FirstError *Collect)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Ctx.getDiagnostics()),
        FD(FD), Out(Out), Collect(Collect) {}

  bool run();

private:
  // --- diagnostics -------------------------------------------------------
  bool error(SourceLocation Loc, const std::string &Msg,
             SourceRange Range = SourceRange()) {
    if (Quiet)
      return false; // a tentative conversion (tryAffineCondition)
    if (Collect) {
      // Only the reason the function is skipped (Frontend.cpp).
      if (Collect->Message.empty()) {
        SourceLoc At = loc(Loc);
        *Collect = {Msg, At.Line, At.Col};
      }
      Failed = true;
      return false;
    }
    unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
    auto Builder = Diags.Report(Loc, ID);
    Builder << Msg;
    if (Range.isValid())
      Builder << Range;
    Failed = true;
    return false;
  }
  bool error(const clang::Stmt *S, const std::string &Msg) {
    return error(S->getBeginLoc(), Msg, S->getSourceRange());
  }
  /// The rewrite that looptile would accept, as a note after the error at
  /// Loc (the issue's "every refusal names the accepted rewrite, where one
  /// exists"). Returns false, like error(), so the two chain.
  bool suggest(SourceLocation Loc, const std::string &Rewrite) {
    if (Quiet || Collect)
      return false;
    unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    Diags.Report(Loc, ID) << ("accepted instead: " + Rewrite);
    return false;
  }
  bool error(const clang::Stmt *S, const std::string &Msg,
             const std::string &Rewrite) {
    error(S, Msg);
    return suggest(S->getBeginLoc(), Rewrite);
  }
  SourceLoc loc(SourceLocation L) const {
    if (L.isInvalid())
      return {};
    L = SM.getExpansionLoc(L);
    return {SM.getExpansionLineNumber(L), SM.getExpansionColumnNumber(L)};
  }
  std::string text(const clang::Stmt *S) const {
    CharSourceRange R = CharSourceRange::getTokenRange(S->getSourceRange());
    return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  }

  // --- declarations ------------------------------------------------------
  bool convertParam(const ParmVarDecl *P);
  bool convertLocalDecl(const VarDecl *VD, const std::string &DeclaredIn,
                        std::vector<Node> &Body);
  std::optional<ElemType> elemType(QualType T, SourceLocation Loc,
                                   const std::string &What);
  bool arrayExtents(QualType T, Variable &V, SourceLocation Loc);
  bool declareName(const NamedDecl *D);
  /// `const float g[5] = {1, 4, 6, 4, 1};`: the local array V and one
  /// assignment per element, in order, at the declaration.
  bool convertArrayInit(const VarDecl *VD, Variable V, std::vector<Node> &Body);

  // --- statements --------------------------------------------------------
  bool convertBody(const clang::Stmt *S, const std::string &DeclaredIn,
                   std::vector<Node> &Body);
  bool convertStmtInto(const clang::Stmt *S, const std::string &DeclaredIn,
                       std::vector<Node> &Body,
                       const std::vector<const clang::Stmt *> *Rest = nullptr);
  bool convertOneStmt(const clang::Stmt *S, const std::string &DeclaredIn,
                      std::vector<Node> &Body,
                      const std::vector<const clang::Stmt *> *Rest = nullptr);
  bool convertFor(const ForStmt *FS, std::vector<Node> &Body);
  bool convertAssignment(const clang::Expr *E, std::vector<Node> &Body);
  bool unsupportedStmt(const clang::Stmt *S);

  // --- conditionals (if/else, guards) ------------------------------------
  /// With Rest, IS's then-branch ends in `continue` or `return;`, which is
  /// left out, and the statements that follow IS in its block (Rest) run
  /// only where the condition is false: they are IS's else branch, after
  /// the else it has.
  bool convertIf(const IfStmt *IS, const std::string &DeclaredIn,
                 std::vector<Node> &Body,
                 const std::vector<const clang::Stmt *> *Rest = nullptr);
  /// The body of the loop being converted (where `if (c) continue;` may
  /// stand).
  const clang::Stmt *LoopBody = nullptr;
  /// The condition as an exact affine condition, or std::nullopt (without
  /// a diagnostic) when some part of it is not affine.
  std::optional<AffineCondition> tryAffineCondition(const clang::Expr *E);
  std::optional<AffineCondition> affineCondition(const clang::Expr *E);
  /// The value of an integer expression as (condition, value) cases: a `?:`
  /// with an affine condition splits it (min and max written any way).
  std::optional<std::vector<std::pair<AffineCondition, IndexExpr>>>
  affineCases(const clang::Expr *E);
  /// Splits a condition at its top-level `&&` into the affine conjuncts
  /// (conjoined into Affine) and the others (Data, in source order).
  void splitCondition(const clang::Expr *E, AffineCondition &Affine,
                      std::vector<const clang::Expr *> &Data);
  /// True when the conditions on data Conds read nothing that a statement
  /// of Guarded writes before they are evaluated again (see convertIf).
  bool isConditionStable(const std::vector<looptile::Expr> &Conds,
                         const std::vector<Node> &Guarded);
  /// A local name used nowhere in the function, from Base.
  std::string freshLocalName(const std::string &Base);
  /// Every name the function's declarations use (for freshLocalName).
  std::set<std::string> SourceNames;

  // --- loops -------------------------------------------------------------
  const VarDecl *loopInit(const ForStmt *FS, const clang::Expr *&InitValue);
  std::optional<int64_t> loopStep(const ForStmt *FS, const VarDecl *IV);
  bool loopCondition(const clang::Expr *Cond, const VarDecl *IV,
                     std::vector<IndexExpr> &Lower,
                     std::vector<IndexExpr> &Upper, bool &SawLower,
                     bool &SawUpper);
  bool boundList(const clang::Expr *E, bool WantMin,
                 std::vector<IndexExpr> &Out);

  // --- expressions -------------------------------------------------------
  std::optional<IndexExpr> convertIndex(const clang::Expr *E,
                                        const char *Context);
  std::optional<looptile::Expr> convertExpr(const clang::Expr *E);
  std::optional<looptile::Expr> convertArrayRef(const ArraySubscriptExpr *E);
  /// The first conditional operator in Subs whose arm is not chosen yet
  /// (ArmChoice), innermost first (a conditional in another's condition
  /// before that one); nullptr when there is none. Array reads and calls
  /// inside are not searched (their subscripts are their own).
  const ConditionalOperator *
  openConditional(const std::vector<const clang::Expr *> &Subs) const;
  const ConditionalOperator *openConditional(const clang::Stmt *S) const;
  /// A pointer into an array: its element k, subscripted further by Rest,
  /// is Base[Lead..., Off + k, Rest...].
  struct ArrayView {
    std::string Base;
    std::vector<IndexExpr> Lead;
    IndexExpr Off = IndexExpr::constant(0);
  };
  /// The array a pointer-valued expression points into: an array or
  /// pointer parameter, a local array, a row of one (`A[i]`), an element's
  /// address (`&A[k]`), a pointer local (below), plus or minus an affine
  /// offset. std::nullopt after an error.
  std::optional<ArrayView> pointerView(const clang::Expr *E);
  /// The same for an expression of array type (before it decays).
  std::optional<ArrayView> arrayView(const clang::Expr *E);
  /// *P, as P[0].
  std::optional<looptile::Expr> convertDeref(const UnaryOperator *UO) {
    std::optional<ArrayView> V = pointerView(UO->getSubExpr());
    if (!V)
      return std::nullopt;
    return viewElement(*V, {IndexExpr::constant(0)}, UO);
  }
  /// The element V[Subs[0]][Subs[1]]... as an array reference.
  std::optional<looptile::Expr> viewElement(const ArrayView &V,
                                            std::vector<IndexExpr> Subs,
                                            const clang::Expr *At);
  std::optional<looptile::Expr> convertCall(const CallExpr *CE);
  /// A classification macro of math.h (isnan, isinf, ...): an int Call of
  /// the OpenCL function Name on one floating operand.
  std::optional<looptile::Expr> classification(const CallExpr *CE,
                                               const char *Name);
  std::optional<looptile::Expr> convertLValue(const clang::Expr *E);
  /// Comparisons, `&&`, `||`, `!` and `?:` in values and conditions.
  /// Returns false when E is none of these; otherwise Out holds the
  /// expression, or std::nullopt after an error.
  bool convertBoolean(const clang::Expr *E, std::optional<looptile::Expr> &Out);
  /// A truth value (an if's condition, an operand of && || !): a C++
  /// conversion to bool is left out, it does not change the truth.
  std::optional<looptile::Expr> convertTruth(const clang::Expr *E);
  std::optional<int64_t> constantValue(const clang::Expr *E);
  bool needsConstantFolding(const clang::Expr *E);
  bool signedShiftOverflows(const clang::Expr *E);
  /// The error for a constant expression E of type T that C gives no value.
  void noValue(const clang::Expr *E, QualType T) {
    error(E, "integer constant expression '" + text(E) + "' of type '" +
                 T.getAsString() +
                 "' has no value: it overflows its type or divides by zero");
  }
  std::optional<looptile::Expr> foldIntegerConstant(const clang::Expr *E);
  /// The value of a file-scope `const` integer with a constant initializer
  /// (`static const int N = 64;`).
  std::optional<int64_t> globalConstant(const VarDecl *VD);

  ASTContext &Ctx;
  SourceManager &SM;
  DiagnosticsEngine &Diags;
  const FunctionDecl *FD;
  Function &Out;
  /// Errors are collected here instead of reported, when set.
  FirstError *Collect;
  bool Failed = false;
  /// Above zero while a conversion is only tried: errors are not reported.
  unsigned Quiet = 0;
  /// How deep convertExpr and convertIndex are nested; an expression deeper
  /// than MaxExprDepth is refused, so that no recursive walker of the IR
  /// (analyses, printers) can run out of stack (looptile.cpp's main).
  unsigned ExprDepth = 0;
  static constexpr unsigned MaxExprDepth = 100000;
  /// Counts one level of ExprDepth for the scope that holds it.
  struct DepthScope {
    unsigned &D;
    explicit DepthScope(unsigned &D) : D(D) { ++D; }
    ~DepthScope() { --D; }
  };
  /// E's first source location. Clang computes a binary operator's by
  /// descending its left operands, which is quadratic over a long sum
  /// converted top-down; the left spine's locations are cached.
  llvm::DenseMap<const clang::Stmt *, SourceLocation> BeginLocs;
  SourceLocation beginOf(const clang::Expr *E) {
    const auto *BO = dyn_cast<BinaryOperator>(E);
    const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
    if (!BO && !ICE)
      return E->getBeginLoc();
    auto It = BeginLocs.find(E);
    if (It != BeginLocs.end())
      return It->second;
    SourceLocation L = BO ? beginOf(BO->getLHS()) : beginOf(ICE->getSubExpr());
    BeginLocs[E] = L;
    return L;
  }
  bool tooDeep(const clang::Expr *E) {
    if (ExprDepth <= MaxExprDepth)
      return false;
    error(E, "expression nested more than " + std::to_string(MaxExprDepth) +
                 " levels deep; split it into statements that accumulate "
                 "into a local variable");
    return true;
  }
  /// The guard of the statements being converted (the enclosing ifs).
  Guard Current;
  /// The unsigned comparisons that evaluating Current involves.
  std::vector<WrapCheck> CurrentChecks;
  /// Unsigned comparisons seen by the conversion in progress (a loop
  /// header, an if's condition), moved to their loop or statements.
  std::vector<WrapCheck> PendingChecks;
  /// Records that C compares or assigns the values of E (Values) in type
  /// Compared: when that type or E's own arithmetic is unsigned, a negative
  /// value would have wrapped around.
  void noteUnsigned(const clang::Expr *E, QualType Compared,
                    const std::vector<IndexExpr> &Values,
                    const std::string &Where) {
    QualType Own = E->IgnoreParenImpCasts()->getType();
    if (!Compared->isUnsignedIntegerType() && !Own->isUnsignedIntegerType())
      return;
    if (!Compared->isUnsignedIntegerType())
      Compared = Own;
    for (const IndexExpr &V : Values)
      PendingChecks.push_back({V, loc(E->getBeginLoc()),
                               "'" + V.str() + "' " + Where +
                                   " is compared or assigned in '" +
                                   Compared.getAsString() + "'"});
  }
  unsigned NextStmtId = 0;
  /// Loop variables of the loops enclosing the current point, outermost first.
  std::vector<const VarDecl *> LoopVars;
  /// Variables ever used as a loop variable in this function.
  std::set<const VarDecl *> AllLoopVars;
  /// The loop variables of the nest being converted, by name, with the
  /// first one's type and declaration: sibling loops of one nest may reuse
  /// a name only with its type (the kernels name a loop variable's type by
  /// its name).
  std::map<std::string, std::pair<IntType, const VarDecl *>> NestLoopTypes;
  /// Variables some statement of the function assigns, increments or takes
  /// the address of (after their declaration).
  std::set<const VarDecl *> Modified;
  /// Index temporaries: integer locals never modified after an initializer
  /// affine in loop variables and sizes (`int idx = i*nx + j;`, `const int
  /// off = 1;`). Their value replaces them wherever they are used.
  std::map<const VarDecl *, IndexExpr> IndexTemps;
  /// Index temporaries initialised with a conditional of affine values
  /// (`const int xm = MAX(x - 1, 0);`, a clamped coordinate): their
  /// initializer stands for them wherever they are used, so that a read
  /// at `in[y][xm]` is a read at a conditional subscript.
  std::map<const VarDecl *, const clang::Expr *> CondIndexTemps;
  /// Pointer locals never modified after an initializer that points into
  /// an array (`const float *row = A + i * n;`, `float *p = &B[i][0];`):
  /// their subscripts become the array's (row[j] is A[i * n + j]).
  std::map<const VarDecl *, ArrayView> Views;
  /// Pointer locals refused at their declaration (their uses say no more).
  std::set<const VarDecl *> BadViews;
  /// The value of an index temporary as an expression, for uses in values.
  looptile::Expr indexTempExpr(const IndexExpr &E, SourceLoc Loc);
  /// Names declared so far (looptile needs function-wide unique names).
  std::map<std::string, const NamedDecl *> Declared;
  /// Set by convertLValue for the array reference it converts (a write).
  bool InLValue = false;
  /// The assignment being converted and its target (for the rewrite of a
  /// scatter).
  const clang::Expr *CurrentAssign = nullptr, *CurrentTarget = nullptr;
  /// The array element whose subscript convertIndex converts (for the
  /// error on a subscript that reads memory): the array, the extent of
  /// that dimension as C, whether the element is written, its type.
  struct IndexedElement {
    std::string Array, Extent, Type;
    bool Write = false;
    /// The whole subscript (`col[i] + 1`), which the rewrite compares.
    std::string Subscript;
    const clang::Expr *SubscriptExpr = nullptr;
  };
  std::optional<IndexedElement> Indexed;
  /// The gathers converted (checkGathers): the array, its index array and
  /// where the read is.
  struct GatherSite {
    std::string Array, Index;
    SourceLocation Loc;
  };
  std::vector<GatherSite> Gathers;
  /// The index expression of a gathered dimension D of V at E (an element
  /// of an integer array), or nullopt with an error.
  std::optional<looptile::Expr> gatherIndex(const ArraySubscriptExpr *E,
                                            const Variable &V, size_t D,
                                            const ArraySubscriptExpr *IdxRead);
  /// The same for a subscript computed from data (readsData): the integer
  /// expression itself (`src[y0 * sw + x0]`, y0 from a float coordinate).
  std::optional<looptile::Expr> computedGather(const ArraySubscriptExpr *E,
                                               const Variable &V, size_t D,
                                               const clang::Expr *Sub);
  /// True when E's value depends on data through a local that is not an
  /// index temporary (a value computed at run time) or a conversion of a
  /// floating-point value to an integer, and E reads no element itself
  /// (`x[col[i] + 1]` keeps the index-array rules).
  bool readsData(const clang::Expr *E) const;
  /// Refuses a gather whose array or index array the function writes.
  bool checkGathers();
  /// Conditional subscripts being expanded into conditional reads
  /// (convertArrayRef): the arm each chosen conditional stands for, by the
  /// conditional's structure, so that the copies a macro makes (CLAMP's
  /// MIN(MAX(v, lo), hi) spells MAX twice) take the same arm.
  std::vector<std::pair<llvm::FoldingSetNodeID, bool>> ArmChoice;
  /// The arm chosen for CO, if any.
  std::optional<bool> chosenArm(const ConditionalOperator *CO) const {
    llvm::FoldingSetNodeID ID;
    CO->Profile(ID, Ctx, true);
    for (const auto &[Key, Arm] : ArmChoice)
      if (Key == ID)
        return Arm;
    return std::nullopt;
  }
  /// At most this many conditionals in one access's subscripts (2^N reads).
  static constexpr size_t MaxConditionalSubscripts = 4;
  /// The IR name of a variable whose source name is taken (a helper's
  /// parameter or local, inlined); the others keep their source name.
  std::map<const VarDecl *, std::string> Renamed;
  std::string nameOf(const VarDecl *VD) const {
    auto It = Renamed.find(VD);
    return It != Renamed.end() ? It->second : VD->getNameAsString();
  }

  // --- helper functions, inlined -----------------------------------------
  /// The helpers being inlined, outermost first (a call to one of them
  /// again is recursion).
  std::vector<const FunctionDecl *> InlineStack;
  /// Parameters and locals of helper functions: each inlined instance gets
  /// names of its own (the helper's name, '_', the variable's).
  std::set<const VarDecl *> HelperDecls;
  /// Integer locals that are sizes the function computes (`int out_h = h /
  /// 2;`, Variable::Definition): symbols in indices, like size parameters.
  std::set<const VarDecl *> DerivedDecls;
  /// What holds of each derived size where the statements after its
  /// declaration run (its guard): added to the Loop::Assume of every root
  /// loop all of whose statements run under that guard (addDerivedFacts).
  struct DerivedFacts {
    Guard When;
    std::vector<AffineConstraint> Facts;
  };
  std::vector<DerivedFacts> DerivedSizeFacts;
  void addDerivedFacts();
  std::optional<looptile::Expr> derivedValue(const clang::Expr *E);
  bool convertDerivedSize(const VarDecl *VD);
  /// Where the statements of an inlined helper go: before the statement
  /// whose expression calls it, in the same body and scope.
  std::vector<Node> *HoistBody = nullptr;
  std::string HoistDeclaredIn;
  /// Above zero while converting an expression that does not always run
  /// (an if's condition, which is re-evaluated, a '?:' arm, the right of
  /// '&&' or '||'): a helper's statements cannot be placed before it.
  unsigned NoHoist = 0;
  struct NoHoistScope {
    unsigned &D;
    explicit NoHoistScope(unsigned &D) : D(D) { ++D; }
    ~NoHoistScope() { --D; }
  };
  /// The call of a helper defined in this file, inlined: its statements
  /// into HoistBody, its value a new local. std::nullopt after an error.
  std::optional<looptile::Expr> inlineCall(const CallExpr *CE,
                                           const FunctionDecl *Callee);
  /// Why Callee cannot be inlined (empty when it can).
  std::string helperRefusal(const FunctionDecl *Callee,
                            const clang::Stmt *&At);
};

} // namespace

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
    std::optional<ElemType> ET = elemType(P->getType(), P->getLocation(),
                                          "parameter '" + V.Name + "'");
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
      return error(VD->getLocation(),
                   "loop variable '" + VD->getNameAsString() +
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
    if (const auto *CE = dyn_cast<CallExpr>(VD->getInit()->IgnoreParenImpCasts());
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
  std::optional<ElemType> ET = elemType(
      VD->getType(), VD->getLocation(), "local '" + V.Name + "'");
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
        isIndexConversionExact(CE->getSubExpr()->getType(), CE->getType(),
                               Ctx))
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
  case BO_Add: Op = '+'; break;
  case BO_Sub: Op = '-'; break;
  case BO_Mul: Op = '*'; break;
  case BO_Div: Op = '/'; break;
  case BO_Rem: Op = '%'; break;
  default: return std::nullopt;
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
  if (!IT || !isIndexConversionExact(
                 VD->getInit()->IgnoreParenImpCasts()->getType(),
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
  const looptile::Expr &Val =
      V.Definition->K == looptile::Expr::Select ? V.Definition->Operands[1]
                                                : *V.Definition;
  IndexExpr D = IndexExpr::symbol(V.Name);
  DerivedFacts DF{Current, {{D, false}}};
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
    return error(S, "continue is supported only as the last statement of an "
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

// The last statement of the then-branch of S, an `if` without else,
// declarations or `if constexpr` (the branch itself where it is not a
// block), or null.
static const clang::Stmt *lastOfPlainIf(const clang::Stmt *S) {
  const auto *IS = dyn_cast<IfStmt>(S);
  if (!IS || IS->getElse() || IS->getInit() || IS->getConditionVariable() ||
      IS->isConstexpr() || IS->isConsteval())
    return nullptr;
  const clang::Stmt *Then = IS->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    return CS->body_empty() ? nullptr : CS->body_back();
  return Then;
}

// An `if` without else, declarations or `if constexpr` whose then-branch is
// the statement Last (`continue`, `return;`) or a block that ends with it.
template <typename Last> static bool endsIn(const clang::Stmt *S) {
  const clang::Stmt *Then = lastOfPlainIf(S);
  if (!Then)
    return false;
  if (const auto *RS = dyn_cast<ReturnStmt>(Then))
    return std::is_same_v<Last, ReturnStmt> && !RS->getRetValue();
  return isa<Last>(Then);
}

// A subscript `r*w + c` (or `w*r + c`, `c + r*w`; parentheses and implicit
// conversions aside) where r or c is an array element (an index): the row
// Row of length Width and the column Col of a two-dimensional read.
static bool rowForm(const clang::Expr *Sub, const clang::Expr *&Row,
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
      if (IsIndex(R) || (IsIndex(C) && !isa<IntegerLiteral>(
                                            W->IgnoreParenImpCasts()))) {
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
static const clang::Expr *earlyReturnValue(const clang::Stmt *S) {
  const auto *RS = dyn_cast_or_null<ReturnStmt>(lastOfPlainIf(S));
  return RS ? RS->getRetValue() : nullptr;
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
        std::vector<const clang::Stmt *> Rest(Kids.begin() + I + 1,
                                              Kids.end());
        return OK & convertStmtInto(Kids[I], DeclaredIn, Body, &Rest);
      }
      OK &= convertStmtInto(Kids[I], DeclaredIn, Body);
    }
    return OK;
  }
  return convertStmtInto(S, DeclaredIn, Body);
}

bool FunctionTranslator::convertStmtInto(
    const clang::Stmt *S, const std::string &DeclaredIn, std::vector<Node> &Body,
    const std::vector<const clang::Stmt *> *Rest) {
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
    const clang::Stmt *S, const std::string &DeclaredIn, std::vector<Node> &Body,
    const std::vector<const clang::Stmt *> *Rest) {
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
      return error(E, "compound assignment '" +
                          CAO->getOpcodeStr().str() + "' is not supported");
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
      RHS ? convertExpr(RHS) : std::optional<looptile::Expr>(
                                   looptile::Expr::intLit(1));
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
    const auto *VD = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl())
                                        : nullptr;
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

static const VarDecl *refersToVar(const clang::Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
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
             BO && BO->getOpcode() == BO_Assign && refersToVar(BO->getLHS()) == IV) {
    // i = i + c, i = c + i, i = i - c
    if (const auto *Sum = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts())) {
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
  const auto *Cmp = dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
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
namespace {
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
} // namespace

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
                 "the same bound with '<' or '<=' ('" +
                     IV->getNameAsString() + " < n' for '" +
                     IV->getNameAsString() +
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
    Op = Op == BO_LT ? BO_GT : Op == BO_GT ? BO_LT : Op == BO_LE ? BO_GE : BO_LE;
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
                     "selectors such as '--interchange " + Var + ",j' use)");
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
    return error(FS->getCond(),
                 std::string("loop condition does not bound '") + Var +
                     "' in the direction of its step (" +
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
    if (ICE->getCastKind() == CK_LValueToRValue || ICE->getCastKind() == CK_NoOp)
      return convertIndex(ICE->getSubExpr(), Context);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(S)) {
    if (std::optional<bool> Arm = chosenArm(CO))
      return convertIndex(*Arm ? CO->getTrueExpr() : CO->getFalseExpr(),
                          Context);
    if (std::string(Context) == "subscript") {
      // A read's conditional subscripts are expanded before this
      // (convertArrayRef); a written element's are not.
      error(E, "conditional subscript '" + text(E) +
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
                      Name + " = MIN(i + r, n - 1);'), or its value passed "
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
                  ";' (the same writes, for indices in [0, " + X.Extent +
                  "))");
    } else {
      error(E, "non-affine subscript '" + Idx + "': array '" + X.Array +
                   "' is read at an element that data selects (a gather) "
                   "through a computed index; looptile accepts a gather "
                   "whose subscript is an element of an index array itself "
                   "('" + X.Array + "[idx[i]]')");
      // `ids[i]*d + j`, `i*nc + labels[i]`: a row and a column, one of
      // which data selects.
      const clang::Expr *Row = nullptr, *Width = nullptr, *Col = nullptr;
      if (X.SubscriptExpr && rowForm(X.SubscriptExpr, Row, Width, Col)) {
        suggest(E->getBeginLoc(),
                "rows of '" + text(Width) + "' elements: declare '" +
                    X.Array + "' as an array parameter 'const " + X.Type +
                    " " + X.Array + "[ROWS][" + text(Width) +
                    "]' (ROWS, its number of rows, a parameter before it) "
                    "and read '" + X.Array + "[" + text(Row) + "][" +
                    text(Col) + "]' (the same element where 0 <= " +
                    text(Col) + " < " + text(Width) + ")");
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
        error(E, "more than " + std::to_string(MaxConditionalSubscripts) +
                     " conditional operators in the subscripts of '" +
                     text(E) + "'",
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
                             elemTypeName(V->Type), Write, text(Subs[D]),
                             Subs[D]};
    std::optional<IndexExpr> I = convertIndex(Subs[D], "subscript");
    Indexed = Saved;
    if (!I)
      return std::nullopt;
    Indices.push_back(*I);
  }
  looptile::Expr R = looptile::Expr::arrayRef(Name, V->Type, std::move(Indices));
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
    error(E, What + ", and the extent of '" + V.Name + "'" +
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
                     "'" + text(Sub) + "', computed at run time)";
  std::string Type = elemTypeName(V.Type);
  if (V.VarKind == Variable::LocalArray) {
    error(E, What + " of a local array; looptile gathers only from array "
                    "parameters the function reads");
    return std::nullopt;
  }
  if (V.VarKind != Variable::ArrayParam || !V.Extents[D]) {
    error(E, What + ", and the extent of '" + V.Name + "'" +
                 (V.Extents.size() > 1 ? " in that dimension" : "") +
                 " is not declared: a gather may read any element, so "
                 "looptile needs the array's extent",
          "declare it as an array parameter with its extent, the sizes it "
          "names before it in the parameter list ('const " + Type + " " +
              V.Name + "[EXTENT]')");
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

// The floating constant V of type T (Float or Double) as a literal.
static looptile::Expr floatLiteral(const llvm::APFloat &V, ElemType T,
                                   SourceLoc Loc) {
  looptile::Expr R;
  R.K = looptile::Expr::FloatLit;
  R.Type = T;
  // Exact: a float converts to double without rounding.
  R.FloatValue =
      T == ElemType::Float ? double(V.convertToFloat()) : V.convertToDouble();
  R.Loc = Loc;
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
  const auto *Last = Body->body_empty()
                         ? nullptr
                         : dyn_cast<ReturnStmt>(Body->body_back());
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
                 !Root->isStaticLocal() &&
                 Root->getDeclContext() == Def &&
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
      error(CE, "call to '" + Name + "' is recursive; looptile inlines "
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
    error(CE, "call to '" + Name + "' in an if's condition, a '?:' arm or "
              "the right operand of '&&' or '||'; looptile inlines a "
              "helper's statements before the statement that calls it, "
              "where they run once and always") ||
        suggest(CE->getBeginLoc(),
                "the call's value in a local before the statement ('float v "
                "= " + Name + "(...);'), where it is safe to compute it "
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
        error(CE, "cannot inline the call to '" + Name + "': it changes "
                  "its pointer parameter '" + P->getNameAsString() + "'") ||
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
      std::string Local =
          NewLocal(Name + "_" + B.P->getNameAsString(), B.T, B.P->getLocation());
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
        error(E, "assignment to loop variable '" + Name +
                     "' inside its loop") ||
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
  case '+': V = A + B; break;
  case '-': V = A - B; break;
  case '*': V = A * B; break; // |A|, |B| <= 2^31: exact in int64_t
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
  return T->isIntegerType() && !isPlainInt(T) &&
         E->isIntegerConstantExpr(Ctx);
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
      bool Known = elemType(To, beginOf(S), "") &&
                   elemType(From, beginOf(S), "");
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
        error(E, "'" + Name + "' is not a parameter or local of this "
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
    char C = Op == BO_Add ? '+' : Op == BO_Sub ? '-' : Op == BO_Mul ? '*'
             : Op == BO_Div ? '/' : Op == BO_Rem ? '%' : 0;
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
          error(S, "an early 'return' with a value is supported only as "
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
          Out.ReturnValue = looptile::Expr::select(std::move(*C),
                                                   std::move(*K),
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

bool looptile::convertFunction(ASTContext &Ctx, const FunctionDecl *FD,
                               Function &Out, FirstError *Collect) {
  FunctionTranslator T(Ctx, FD, Out, Collect);
  return T.run();
}
