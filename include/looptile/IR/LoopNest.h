//===- LoopNest.h - the loop-nest IR ---------------------------*- C++ -*-===//
//
// Owns the loop-nest IR that every stage after the Frontend works on: a
// Program holds Functions; a Function holds its parameters, its local
// variables and a body of Nodes; a Node is either a Loop or a Stmt. No Clang
// type crosses this boundary: source positions are plain line/column pairs.
//
// Conventions (relied on by Analysis, Transforms and CodeGen):
//  * A Loop iterates over Lower <= Var <= Upper, where Lower is the maximum of
//    its expressions and Upper the minimum of its (inclusive) expressions.
//    Step > 0 runs upward from max(Lower); Step < 0 runs downward from
//    min(Upper). |Step| > 1 requires a single start expression.
//  * Scalars are 0-d arrays: an access with no subscripts.
//  * Statement ids S0, S1, ... are numbered per function in textual order by
//    the Frontend and kept by the transforms (distribution reorders
//    statements, new statements get the next free id), so execution order
//    within an iteration is the statements' place in the tree, never their
//    ids.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_IR_LOOPNEST_H
#define LOOPTILE_IR_LOOPNEST_H

#include "looptile/IR/AffineCondition.h"
#include "looptile/IR/IndexExpr.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace looptile {

/// A position in the input file (1-based line and column; 0 = unknown).
struct SourceLoc {
  unsigned Line = 0;
  unsigned Col = 0;
  bool isValid() const { return Line != 0; }
};

/// Element types the IR can represent exactly.
enum class ElemType {
  Int,
  Float,
  Double,
  Char, ///< plain char (signed on the targets looptile supports)
  SChar,
  UChar,
  Short,
  UShort,
  UInt,
  Long,
  ULong,
  LongLong,
  ULongLong,
};

/// The C spelling: `int`, `unsigned char`, `long long`, ...
const char *elemTypeName(ElemType T);
/// The OpenCL C spelling of the same type (`uchar`, `long` for long long).
const char *elemTypeCLName(ElemType T);
/// The size in bytes (LP64: long is 8).
unsigned elemTypeBytes(ElemType T);
bool isFloatingType(ElemType T);
/// The type of `a op b` after C's integer promotions and usual arithmetic
/// conversions (C11 6.3.1.1, 6.3.1.8).
ElemType arithmeticType(ElemType A, ElemType B);

/// The C integer type of a size parameter or a loop variable: a signed or
/// unsigned type of at least int's width. Index arithmetic is exact in the
/// IR; in C it is done in these types, so an unsigned one may wrap around
/// (Analysis/IntegerWrap.h proves that the emitted arithmetic does not).
struct IntType {
  std::string Spelling = "int"; ///< as the source wrote it: `size_t`, `long`
  unsigned Bits = 32;
  bool Signed = true;
  /// The conversion rank (C11 6.3.1.1): int 1, long 2, long long 3.
  unsigned Rank = 1;

  bool isPlainInt() const { return Signed && Bits == 32 && Rank == 1; }
  /// The OpenCL C type of the same width and signedness.
  const char *openCLName() const;
  /// The type C's usual arithmetic conversions give A op B (C11 6.3.1.8).
  static IntType common(const IntType &A, const IntType &B);
  bool operator==(const IntType &O) const {
    return Bits == O.Bits && Signed == O.Signed && Rank == O.Rank;
  }
};

/// A value the source computes in an unsigned index type and then compares
/// (or assigns to an unsigned loop variable): the IR's exact reading of the
/// comparison is the C's only when E >= 0 there (IntegerWrap.h checks it).
struct WrapCheck {
  IndexExpr E;
  SourceLoc Loc;
  std::string What; ///< e.g. "'n - 1' in the condition of loop 'i'"
};

/// The operator of a comparison or logical expression.
enum class CondOp { LT, LE, GT, GE, EQ, NE, And, Or };

/// `<`, `<=`, `>`, `>=`, `==`, `!=`, `&&` or `||`.
const char *condOpSpelling(CondOp Op);

/// An expression tree of a statement's right-hand side (or its left-hand
/// side, which is always a ScalarRef or an ArrayRef).
struct Expr {
  enum Kind {
    IntLit,    ///< IntValue
    FloatLit,  ///< FloatValue, exactly the constant's value in Type
    ScalarRef, ///< Name: a scalar variable, loop variable or size parameter
    ArrayRef,  ///< Name[Subscripts...]; a gather when Operands is not
               ///< empty (isGather)
    Unary,     ///< Op ('-') applied to Operands[0]
    Binary,    ///< Operands[0] Op Operands[1], Op one of + - * / %
    Call,      ///< Name(Operands...), a side-effect-free math function
    Cast,      ///< (Type) Operands[0]
    Compare,   ///< Operands[0] Cond Operands[1], Cond a comparison; int 0/1
    Logical,   ///< Operands[0] && Operands[1] or ||; int 0/1
    Not,       ///< !Operands[0]; int 0/1
    Select,    ///< Operands[0] ? Operands[1] : Operands[2]; both arms' reads
               ///< count as reads (the analysis over-approximates)
  };
  Kind K = IntLit;
  ElemType Type = ElemType::Int;
  int64_t IntValue = 0;
  /// A FloatLit's value (a float constant's value is exact in a double);
  /// printed so that it reads back bit-exactly, never from source text.
  double FloatValue = 0.0;
  std::string Name;
  char Op = 0;
  CondOp Cond = CondOp::LT; ///< Compare and Logical
  std::vector<Expr> Operands;
  std::vector<IndexExpr> Subscripts;
  SourceLoc Loc;

  static Expr intLit(int64_t V);
  static Expr scalarRef(const std::string &Name, ElemType T);
  static Expr arrayRef(const std::string &Name, ElemType T,
                       std::vector<IndexExpr> Subscripts);
  static Expr binary(char Op, Expr LHS, Expr RHS);
  /// A Compare (for a comparison operator) or Logical (for && and ||).
  static Expr condition(CondOp Op, Expr LHS, Expr RHS);
  static Expr logicalNot(Expr Operand);
  static Expr select(Expr Cond, Expr Then, Expr Else);

  /// C syntax of the expression: the tree exactly as it is (never
  /// re-associated), parenthesised where C's precedence and left
  /// associativity need it.
  std::string str() const;

  /// A gather: an ArrayRef some of whose subscripts are values read from
  /// memory (`x[col[i]]`, `logits[i][labels[i]]`). Operands then has one
  /// entry per dimension: the index expression (an element of an integer
  /// array, read at affine subscripts) where the dimension is gathered, an
  /// IntLit 0 where Subscripts holds its affine subscript. A gathered
  /// dimension's entry in Subscripts is 0. The Frontend accepts gathers
  /// only from arrays (and through index arrays) the function never
  /// writes, so that they take part in no dependence; analyses that read
  /// subscripts see the element 0 of the gathered dimensions, and code that
  /// places or stages elements by their subscripts leaves gathers alone
  /// (KernelPlan keeps the plain kernel, Footprint gives every part the
  /// whole array).
  bool isGather() const { return K == ArrayRef && !Operands.empty(); }
  /// True when dimension D of this gather is selected by data.
  bool gathersDim(size_t D) const {
    return isGather() && D < Operands.size() && Operands[D].K != IntLit;
  }
};

/// Lets a back end print some nodes its own way (an array access as a
/// flattened global access, a math call by its OpenCL name); std::nullopt
/// prints the node as C. Operators and parentheses stay the same. An
/// override's text must be a primary or postfix expression (a name, an
/// element, a call, or parenthesised), since its operator's precedence is
/// taken to be the highest.
using ExprOverride = std::function<std::optional<std::string>(const Expr &)>;

/// C syntax of E with Override consulted at every node.
std::string printExpr(const Expr &E, const ExprOverride &Override);

/// A floating constant of type T (Float or Double) with value Value (finite),
/// spelled so that C and OpenCL C read it back as exactly that value of
/// exactly that type: the shortest round-trip decimal, `f` for float
/// (`0.1f`, `1e-10`, `0.333333333333333`, `1.0`).
std::string floatLiteralStr(double Value, ElemType T);

/// The assignment operator of a statement.
enum class AssignOp { Assign, AddAssign, SubAssign, MulAssign, DivAssign };

const char *assignOpSpelling(AssignOp Op);

/// One memory access of a statement. Scalars have no subscripts.
struct Access {
  std::string Name;
  std::vector<IndexExpr> Subscripts;
  bool IsWrite = false;
  SourceLoc Loc;
  /// An access that may not happen where its statement's iteration domain
  /// and Arms say. A write: the statement is guarded by a condition on data
  /// (a may-write); it never counts as covering a later read or as defining
  /// an element. A read: it is, in addition, in such a statement, in a
  /// data condition after the first, in the right operand of `&&`/`||`, or
  /// in an arm of a `?:` whose condition is not affine or not exact (a
  /// may-read); its reach says nothing about its array's size.
  bool Conditional = false;
  /// A read in an arm of `c ? a : b` whose condition c is affine (+, -,
  /// multiplication by a constant and integer conversions of loop
  /// variables and sizes): it happens only where these conditions hold too
  /// (c for the first arm, !c for the second, each widened by the points
  /// where c's unsigned arithmetic or a conversion in it may not keep its
  /// integer value; one per enclosing `?:`). Empty otherwise. Analyses may ignore
  /// them (a read that may happen); the footprint uses them, so that a
  /// clamp `i < n - 1 ? A[i + 1] : A[i]` stays inside A.
  std::vector<AffineCondition> Arms;
  /// A read of a gather (Expr::isGather): the gathered dimensions hold 0 in
  /// Subscripts and may be any element within the array's declared extent.
  /// Only from arrays the function never writes.
  bool Gather = false;
  std::string str() const;
};

/// When a statement runs, beyond the bounds of its loops: every affine
/// condition holds (they restrict the statement's iteration domain
/// exactly), and then every data condition is non-zero, evaluated in order
/// as C's `&&` evaluates them. A data condition reads memory (an array
/// element, a scalar) or is not affine; it makes the statement conditional
/// (its write a may-write). The Frontend builds guards from `if`/`else`;
/// evaluating the affine conditions first only skips evaluations, never
/// adds one, so the statement runs exactly when the source's branches say.
struct Guard {
  std::vector<AffineCondition> Affine;
  std::vector<Expr> Data;

  bool empty() const { return Affine.empty() && Data.empty(); }
  /// True when some data condition makes the statement conditional.
  bool isConditional() const { return !Data.empty(); }
  /// C syntax of the conjunction, e.g. `i >= 1 && n >= i + 2 && A[i] > 0`.
  std::string str() const;
  /// C syntax with Override consulted in the data conditions; Additive
  /// prints the affine constraints without subtractions (for unsigned
  /// index types, AffineConstraint::strAdditive).
  std::string print(const ExprOverride &Override, bool Additive = false) const;
  /// True when every condition of this guard is also one of Other's (then
  /// Other implies this guard).
  bool isImpliedBy(const Guard &Other) const;
  /// Renames the loop variable From to To in every condition.
  void renameVar(const std::string &From, const std::string &To);
};

/// An assignment `LHS op= RHS;` or a declaration with initializer
/// `T name = RHS;` (then DeclType is set and Op is Assign), run when its
/// guard holds.
struct Stmt {
  unsigned Id = 0;
  AssignOp Op = AssignOp::Assign;
  Expr LHS;
  Expr RHS;
  std::optional<ElemType> DeclType;
  Guard When;
  /// The source's unsigned comparisons in the guard's affine conditions,
  /// over the domain of the enclosing loops.
  std::vector<WrapCheck> GuardChecks;
  SourceLoc Loc;

  /// Every expression tree of the statement in evaluation order: the data
  /// conditions of its guard, the right-hand side, the left-hand side.
  std::vector<const Expr *> exprs() const;
  std::vector<Expr *> exprs();

  /// The statement's accesses to arrays and written-or-local scalars, in
  /// evaluation order: reads of the guard's data conditions, reads of the
  /// right-hand side, then the read of the left-hand side for compound
  /// assignments, then the write (Conditional when the guard is). Loop
  /// variables and size parameters are not memory and are not listed.
  std::vector<Access> accesses(const std::vector<std::string> &NotMemory) const;
  /// `S<Id>`
  std::string name() const { return "S" + std::to_string(Id); }
  /// C syntax of the statement without the trailing semicolon and without
  /// its guard.
  std::string str() const;
};

struct Loop;
struct Node;

/// A counted `for` loop. See the file comment for the bound convention.
struct Loop {
  std::string Var;
  std::vector<IndexExpr> Lower; ///< Var >= max(Lower)
  std::vector<IndexExpr> Upper; ///< Var <= min(Upper)
  int64_t Step = 1;
  /// The loop variable's type.
  IntType VarType;
  /// The source's unsigned comparisons in the loop's header, over the
  /// domain of the enclosing loops.
  std::vector<WrapCheck> HeaderChecks;
  SourceLoc Loc;
  /// Which copy of the written loop this is after loop distribution: empty
  /// for the loop as written; "2" for the second loop that distributing it
  /// made; "2.1" for the first loop made by distributing that one again.
  /// The selector VAR:LINE.COPY (`i:5.2`) names it (Transforms/LoopUtils.h).
  std::string Copy;
  /// Facts about the symbols (size parameters, and the host loop variables
  /// a kernel's nest takes as parameters) that hold whenever this loop
  /// runs: each constraint E >= 0 (or E == 0). Empty for a loop as written;
  /// the host program gives a kernel's root loop the ranges of the host
  /// loops around its launch (HostProgram.cpp), and the dependence analysis
  /// adds them to every iteration domain inside the loop.
  std::vector<AffineConstraint> Assume;
  std::vector<Node> Body;

  /// True when the loop runs exactly one iteration: one constant lower and
  /// one equal constant upper bound (the host program's loops of one
  /// iteration around statements).
  bool runsOnce() const {
    return Lower.size() == 1 && Upper.size() == 1 && Lower[0].isConstant() &&
           Upper[0].isConstant() &&
           Lower[0].constantPart() == Upper[0].constantPart();
  }
};

/// A body element: a loop or a statement.
struct Node {
  std::variant<Loop, Stmt> V;
  bool isLoop() const { return std::holds_alternative<Loop>(V); }
  Loop &loop() { return std::get<Loop>(V); }
  const Loop &loop() const { return std::get<Loop>(V); }
  Stmt &stmt() { return std::get<Stmt>(V); }
  const Stmt &stmt() const { return std::get<Stmt>(V); }
};

/// A named variable: parameter or local.
struct Variable {
  enum Kind {
    SizeParam,    ///< integer parameter never written: a symbolic size
    ScalarParam,  ///< other scalar parameter (read-only value, e.g. alpha)
    ArrayParam,   ///< `float A[M][K]` or `float A[][K]` parameter
    PointerParam, ///< `float *A` parameter, accessed with linearized subscripts
    LocalScalar,  ///< scalar declared in the function
    LocalArray,   ///< array declared in the function
  };
  std::string Name;
  Kind VarKind = LocalScalar;
  ElemType Type = ElemType::Float;
  /// Extent of each dimension; std::nullopt where unknown (pointer, `A[]`).
  std::vector<std::optional<IndexExpr>> Extents;
  /// SizeParam: its integer type.
  IntType Int;
  /// A size the function computes from its size parameters before it uses
  /// it (`int out_h = h / 2;`: divisions and remainders, which IndexExpr
  /// does not have): a SizeParam listed after the C function's parameters
  /// (it is none of them), a symbol like any size to the analyses, which
  /// the kernels take as a size argument and the runtime computes from the
  /// manifest's "derived_sizes" (docs/manifest.md). The value is an
  /// integer expression over literals and earlier sizes.
  std::optional<Expr> Definition;
  bool IsRestrict = false;
  bool IsConst = false;
  /// For locals: the loop variable of the innermost loop that declares it;
  /// empty when declared at function scope.
  std::string DeclaredIn;
  SourceLoc Loc;

  bool isArray() const { return !Extents.empty(); }
  /// True for a size the function computes (Definition).
  bool isDerived() const { return Definition.has_value(); }
  bool isParam() const {
    return VarKind == SizeParam || VarKind == ScalarParam ||
           VarKind == ArrayParam || VarKind == PointerParam;
  }
};

/// Rewrites every reference to the scalar Name in Body (reads, writes,
/// declarations, which lose their type) into the element
/// Array[Subscripts...] of type Type: scalar expansion (`s` -> `s_x[i]`) and
/// a scalar shared by kernels (`s` -> `s[0]`).
void scalarToElement(std::vector<Node> &Body, const std::string &Name,
                     const std::string &Array,
                     const std::vector<IndexExpr> &Subscripts);
/// The same for one node.
void scalarToElement(Node &N, const std::string &Name, const std::string &Array,
                     const std::vector<IndexExpr> &Subscripts);

/// Every variable name the statements of Body read or write (scalars and
/// arrays; not loop variables or sizes in bounds and subscripts).
std::set<std::string> variablesNamed(const std::vector<Node> &Body);
/// The same for one node.
std::set<std::string> variablesNamed(const Node &N);

/// One C function with at least one `for` nest.
struct Function {
  std::string Name;
  SourceLoc Loc;
  std::vector<Variable> Params;
  std::vector<Variable> Locals;
  std::vector<Node> Body;
  /// `return e;` at the end of the function: its type and value (read after
  /// the whole body); none for a void function.
  std::optional<ElemType> ReturnType;
  std::optional<Expr> ReturnValue;

  /// The parameter or local called Name, or nullptr.
  const Variable *lookup(const std::string &Name) const;
  /// The function with its declarations and return value and an empty
  /// body (without copying the body).
  Function declarations() const;
  /// The same with only the locals that L's statements name: what an
  /// analysis of L alone reads of the function (a key that does not change
  /// with the function's other nests).
  Function declarationsFor(const Loop &L) const;
  /// Names that are values but not memory: size parameters and every loop
  /// variable of the function.
  std::vector<std::string> nonMemoryNames() const;
  /// One more than the largest statement id (ids of new statements).
  unsigned nextStmtId() const;
  /// The integer type of the size parameter or loop variable Name (a loop
  /// variable's name may be reused by sibling loops, always with its type);
  /// int when Name is neither.
  IntType intTypeOf(const std::string &Name) const;
  /// True when some size parameter or loop variable has a type other than
  /// int.
  bool hasNonIntIndices() const;
};

/// How the input file was compiled: what another compiler needs to read it
/// the same way (validation builds the original C with it). Filled by the
/// Frontend from the flags after `--` or the compilation database entry.
struct CompileFlags {
  /// The folder the compilation ran in (relative paths in Flags resolve
  /// against it), absolute.
  std::string Directory;
  /// The preprocessor flags, in order: -D, -U, -I, -iquote, -isystem,
  /// -idirafter, -include, -imacros, --sysroot, -isysroot, -nostdinc.
  std::vector<std::string> Flags;
  /// The C standard the file was parsed as, as -std= spells it ("gnu17").
  std::string Standard;
};

/// The IR of one input file.
struct Program {
  /// The file as the user named it (diagnostics and reports print this).
  std::string File;
  CompileFlags Compile;
  std::vector<Function> Functions;
};

/// The flat index of an access to array Name of F with these subscripts.
IndexExpr flatIndex(const Function &F, const std::string &Name,
                    const std::vector<IndexExpr> &Subscripts);

/// The OpenCL type the kernels of F hold sizes and loop variables in: int
/// when they are all int in the C; otherwise long, which holds every value
/// of every index type the runtime passes (sizes are at most INT_MAX) and
/// keeps the index arithmetic exact (no wrap-around of unsigned types).
const char *indexTypeName(const Function &F);

/// True when the size Name (a derived size) is named only as a value: in
/// no loop bound, subscript, guard, extent, comparison or other derived
/// size's definition (loops' Assume facts aside). Only there do the
/// analyses see it, as a symbol they take to be >= 0; a value only is
/// computed as the C computes it, of any sign. The Frontend gives such a
/// size no facts, and the manifest marks it "value_only" so that the
/// runtime does not refuse a negative one (fuzz finding
/// opencl-derived-size-negative.c: `int t = -M % 9;` read as a value,
/// refused at M = 1).
bool namedOnlyAsValue(const Function &F, const std::string &Name);

/// The deepest nesting of loops in Body that run more than one iteration
/// (the host program's `once` around statements runs nothing in sequence).
unsigned loopDepth(const std::vector<Node> &Body);

} // namespace looptile

#endif // LOOPTILE_IR_LOOPNEST_H
