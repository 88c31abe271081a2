//===- FunctionTranslator.h - the translator of one function ---*- C++ -*-===//
//
// Internal to lib/Frontend: the class that translates one FunctionDecl into
// the loop-nest IR (ASTToIR.h, convertFunction), its member functions
// defined by construct: ASTToIR.cpp (declarations, the driver),
// TranslateStmt.cpp (statements and conditionals), TranslateLoop.cpp
// (loops), TranslateExpr.cpp (subscripts, bounds and expressions) and
// TranslateHelpers.cpp (calls of helper functions, inlined).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_LIB_FRONTEND_FUNCTIONTRANSLATOR_H
#define LOOPTILE_LIB_FRONTEND_FUNCTIONTRANSLATOR_H

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

namespace looptile {
namespace frontend {

using namespace clang;

int minMaxCallKind(const CallExpr *CE, const clang::Expr *&A,
                   const clang::Expr *&B, ASTContext &Ctx);

/// True for `int`, the type of the IR's integer literals and of an integer
/// constant printed without a conversion.
bool isPlainInt(QualType T);

/// The types a size parameter or loop variable may have: the standard
/// signed and unsigned integer types of int's width or wider, under their
/// standard typedef names (size_t, ptrdiff_t, int64_t, ...). Narrower types
/// are promoted to int in arithmetic and wrap when converted back.
std::optional<IntType> indexType(QualType T, ASTContext &Ctx);

/// True when converting an index value of type From to To (both index
/// types) keeps it: not narrower, and a signed To holds every unsigned
/// From. A signed value converted to an unsigned type keeps its value when
/// it is not negative, which IntegerWrap.h proves for the printed code.
bool isIndexConversionExact(QualType From, QualType To, ASTContext &Ctx);

/// "int, long, long long, their unsigned forms, size_t or ptrdiff_t"
/// The rewrites suggested for a loop variable read after its loop and for
/// a struct field.
extern const char *AfterLoopRewrite;
extern const char *StructRewrite;

extern const char *IndexTypesText;

/// Literals and constants must fit in 32 bits so that the polynomial
/// arithmetic on bounds and subscripts cannot overflow 64 bits.
constexpr int64_t MaxConstant = int64_t(1) << 31;

// Side-effect-free math functions a statement may call.
const std::set<std::string> &mathFunctions();

// The floating constant V of type T (Float or Double) as a literal.
looptile::Expr floatLiteral(const llvm::APFloat &V, ElemType T, SourceLoc Loc);

const VarDecl *refersToVar(const clang::Expr *E);

// The last statement of the then-branch of S, an `if` without else,
// declarations or `if constexpr` (the branch itself where it is not a
// block), or null.
const clang::Stmt *lastOfPlainIf(const clang::Stmt *S);

// A subscript `r*w + c` (or `w*r + c`, `c + r*w`; parentheses and implicit
// conversions aside) where r or c is an array element (an index): the row
// Row of length Width and the column Col of a two-dimensional read.
bool rowForm(const clang::Expr *Sub, const clang::Expr *&Row,
             const clang::Expr *&Width, const clang::Expr *&Col);

// The value of `if (c) return k;` or `if (c) { ...; return k; }` (no
// else), or null.
const clang::Expr *earlyReturnValue(const clang::Stmt *S);

// An `if` without else, declarations or `if constexpr` whose then-branch is
// the statement Last (`continue`, `return;`) or a block that ends with it.
template <typename Last> bool endsIn(const clang::Stmt *S) {
  const clang::Stmt *Then = lastOfPlainIf(S);
  if (!Then)
    return false;
  if (const auto *RS = dyn_cast<ReturnStmt>(Then))
    return std::is_same_v<Last, ReturnStmt> && !RS->getRetValue();
  return isa<Last>(Then);
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
    std::string Name;
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
  std::string helperRefusal(const FunctionDecl *Callee, const clang::Stmt *&At);
};

} // namespace frontend
} // namespace looptile

#endif // LOOPTILE_LIB_FRONTEND_FUNCTIONTRANSLATOR_H
