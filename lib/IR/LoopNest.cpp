//===- LoopNest.cpp - the loop-nest IR ------------------------------------===//
//
// Implements the IR's helpers: constructors, C printing of expressions and
// statements, and the list of accesses of a statement.
//
//===----------------------------------------------------------------------===//
#include "looptile/IR/Walk.h"
#include "looptile/IR/LoopNest.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>

using namespace looptile;

namespace {
struct ElemInfo {
  const char *C, *CL;
  unsigned Bytes;
  bool Signed;
  unsigned Rank; ///< conversion rank: char 1, short 2, int 3, long 4, ll 5
};
const ElemInfo &info(ElemType T) {
  static const ElemInfo Int{"int", "int", 4, true, 3},
      Float{"float", "float", 4, true, 0},
      Double{"double", "double", 8, true, 0}, Char{"char", "char", 1, true, 1},
      SChar{"signed char", "char", 1, true, 1},
      UChar{"unsigned char", "uchar", 1, false, 1},
      Short{"short", "short", 2, true, 2},
      UShort{"unsigned short", "ushort", 2, false, 2},
      UInt{"unsigned int", "uint", 4, false, 3},
      Long{"long", "long", 8, true, 4},
      ULong{"unsigned long", "ulong", 8, false, 4},
      LongLong{"long long", "long", 8, true, 5},
      ULongLong{"unsigned long long", "ulong", 8, false, 5};
  switch (T) {
  case ElemType::Int:
    return Int;
  case ElemType::Float:
    return Float;
  case ElemType::Double:
    return Double;
  case ElemType::Char:
    return Char;
  case ElemType::SChar:
    return SChar;
  case ElemType::UChar:
    return UChar;
  case ElemType::Short:
    return Short;
  case ElemType::UShort:
    return UShort;
  case ElemType::UInt:
    return UInt;
  case ElemType::Long:
    return Long;
  case ElemType::ULong:
    return ULong;
  case ElemType::LongLong:
    return LongLong;
  case ElemType::ULongLong:
    return ULongLong;
  }
  return Int;
}

// The unsigned type of the same rank as the signed integer type T.
ElemType unsignedOf(ElemType T) {
  switch (T) {
  case ElemType::Int:
    return ElemType::UInt;
  case ElemType::Long:
    return ElemType::ULong;
  case ElemType::LongLong:
    return ElemType::ULongLong;
  default:
    return T;
  }
}
} // namespace

const char *looptile::elemTypeName(ElemType T) { return info(T).C; }
const char *looptile::elemTypeCLName(ElemType T) { return info(T).CL; }
unsigned looptile::elemTypeBytes(ElemType T) { return info(T).Bytes; }
bool looptile::isFloatingType(ElemType T) {
  return T == ElemType::Float || T == ElemType::Double;
}

ElemType looptile::arithmeticType(ElemType A, ElemType B) {
  if (A == ElemType::Double || B == ElemType::Double)
    return ElemType::Double;
  if (A == ElemType::Float || B == ElemType::Float)
    return ElemType::Float;
  // Integer promotion: every type narrower than int becomes int.
  auto Promote = [](ElemType T) {
    return info(T).Rank < 3 ? ElemType::Int : T;
  };
  A = Promote(A);
  B = Promote(B);
  const ElemInfo &IA = info(A), &IB = info(B);
  if (IA.Signed == IB.Signed)
    return IA.Rank >= IB.Rank ? A : B;
  ElemType U = IA.Signed ? B : A, S = IA.Signed ? A : B;
  if (info(U).Rank >= info(S).Rank)
    return U;
  if (info(S).Bytes > info(U).Bytes)
    return S;
  return unsignedOf(S);
}

const char *IntType::openCLName() const {
  if (Bits <= 32)
    return Signed ? "int" : "uint";
  return Signed ? "long" : "ulong";
}

IntType IntType::common(const IntType &A, const IntType &B) {
  if (A.Signed == B.Signed)
    return A.Rank >= B.Rank ? A : B;
  const IntType &U = A.Signed ? B : A;
  const IntType &S = A.Signed ? A : B;
  if (U.Rank >= S.Rank)
    return U;
  if (S.Bits > U.Bits)
    return S;
  IntType R = S; // the unsigned type corresponding to S
  R.Signed = false;
  R.Spelling = "unsigned " + S.Spelling;
  return R;
}

const char *looptile::condOpSpelling(CondOp Op) {
  switch (Op) {
  case CondOp::LT:
    return "<";
  case CondOp::LE:
    return "<=";
  case CondOp::GT:
    return ">";
  case CondOp::GE:
    return ">=";
  case CondOp::EQ:
    return "==";
  case CondOp::NE:
    return "!=";
  case CondOp::And:
    return "&&";
  case CondOp::Or:
    return "||";
  }
  return "?";
}

const char *looptile::assignOpSpelling(AssignOp Op) {
  switch (Op) {
  case AssignOp::Assign:
    return "=";
  case AssignOp::AddAssign:
    return "+=";
  case AssignOp::SubAssign:
    return "-=";
  case AssignOp::MulAssign:
    return "*=";
  case AssignOp::DivAssign:
    return "/=";
  }
  return "?";
}

Expr Expr::intLit(int64_t V) {
  Expr E;
  E.K = IntLit;
  E.Type = ElemType::Int;
  E.IntValue = V;
  return E;
}

Expr Expr::scalarRef(const std::string &Name, ElemType T) {
  Expr E;
  E.K = ScalarRef;
  E.Type = T;
  E.Name = Name;
  return E;
}

Expr Expr::arrayRef(const std::string &Name, ElemType T,
                    std::vector<IndexExpr> Subscripts) {
  Expr E;
  E.K = ArrayRef;
  E.Type = T;
  E.Name = Name;
  E.Subscripts = std::move(Subscripts);
  return E;
}

// Operands are moved in one by one: a braced list would copy them (an
// initializer_list's elements are const), a deep copy of each subtree at
// every level, quadratic in the depth of a long sum.
static void setOperands(Expr &E, std::initializer_list<Expr *> Ops) {
  E.Operands.clear();
  E.Operands.reserve(Ops.size());
  for (Expr *Op : Ops)
    E.Operands.push_back(std::move(*Op));
}

Expr Expr::binary(char Op, Expr LHS, Expr RHS) {
  Expr E;
  E.K = Binary;
  E.Op = Op;
  E.Type = arithmeticType(LHS.Type, RHS.Type);
  setOperands(E, {&LHS, &RHS});
  return E;
}

// The usual arithmetic conversions of two operands' types.
static ElemType commonType(ElemType A, ElemType B) {
  return arithmeticType(A, B);
}

Expr Expr::condition(CondOp Op, Expr LHS, Expr RHS) {
  Expr E;
  E.K = (Op == CondOp::And || Op == CondOp::Or) ? Logical : Compare;
  E.Cond = Op;
  E.Type = ElemType::Int;
  setOperands(E, {&LHS, &RHS});
  return E;
}

Expr Expr::logicalNot(Expr Operand) {
  Expr E;
  E.K = Not;
  E.Type = ElemType::Int;
  setOperands(E, {&Operand});
  return E;
}

Expr Expr::select(Expr Cond, Expr Then, Expr Else) {
  Expr E;
  E.K = Select;
  E.Type = commonType(Then.Type, Else.Type);
  setOperands(E, {&Cond, &Then, &Else});
  return E;
}

// C's binding strengths of the operators the IR has (C11 6.5): a primary or
// postfix expression binds tightest, then the prefix operators (unary minus,
// cast), then the multiplicative and the additive operators, both
// left-associative.
enum Precedence {
  PrecConditional = 3,
  PrecLogicalOr = 4,
  PrecLogicalAnd = 5,
  PrecEquality = 9,
  PrecRelational = 10,
  PrecAdditive = 12,
  PrecMultiplicative = 13,
  PrecPrefix = 15,
  PrecPostfix = 16,
};

static bool isNegativeLiteral(const Expr &E) {
  return (E.K == Expr::IntLit && E.IntValue < 0) ||
         (E.K == Expr::FloatLit && std::signbit(E.FloatValue));
}

static int precedence(const Expr &E) {
  switch (E.K) {
  case Expr::Binary:
    return (E.Op == '+' || E.Op == '-') ? PrecAdditive : PrecMultiplicative;
  case Expr::Unary:
  case Expr::Cast:
  case Expr::Not:
    return PrecPrefix;
  case Expr::Compare:
    return (E.Cond == CondOp::EQ || E.Cond == CondOp::NE) ? PrecEquality
                                                          : PrecRelational;
  case Expr::Logical:
    return E.Cond == CondOp::And ? PrecLogicalAnd : PrecLogicalOr;
  case Expr::Select:
    return PrecConditional;
  case Expr::IntLit:
  case Expr::FloatLit:
    // A negative constant prints with its sign: a prefix expression.
    return isNegativeLiteral(E) ? PrecPrefix : PrecPostfix;
  default:
    return PrecPostfix;
  }
}

std::string looptile::floatLiteralStr(double Value, ElemType T) {
  // INFINITY, NAN and HUGE_VAL(F) (math.h's builtins): C has no literal
  // for them, GNU C's builtins are their values (the C output uses GNU C's
  // builtins already); OpenCL C prints them its own way (OpenCLExpr.cpp).
  if (!std::isfinite(Value)) {
    bool IsFloat = T == ElemType::Float;
    if (std::isnan(Value))
      return IsFloat ? "__builtin_nanf(\"\")" : "__builtin_nan(\"\")";
    std::string Inf = IsFloat ? "__builtin_inff()" : "__builtin_inf()";
    return Value < 0 ? "(-" + Inf + ")" : Inf;
  }
  // The shortest decimal that reads back as the same value of type T (C's
  // strtof/strtod and every OpenCL compiler round a decimal constant
  // correctly), so the literal keeps its exact value and its type.
  bool IsFloat = T == ElemType::Float;
  char Buf[64];
  for (int Digits = 1; Digits <= 17; ++Digits) {
    std::snprintf(Buf, sizeof Buf, "%.*g", Digits, Value);
    if (IsFloat ? std::strtof(Buf, nullptr) == float(Value)
                : std::strtod(Buf, nullptr) == Value)
      break;
  }
  std::string Out = Buf;
  // `1` would be an integer constant: `1.0` keeps it floating.
  if (Out.find_first_of(".e") == std::string::npos)
    Out += ".0";
  return IsFloat ? Out + "f" : Out;
}

static std::string subscriptsStr(const std::vector<IndexExpr> &Subs) {
  std::string Out;
  for (const IndexExpr &S : Subs)
    Out += "[" + S.factoredStr() + "]";
  return Out;
}

std::string looptile::printExpr(const Expr &E, const ExprOverride &Override) {
  if (Override)
    if (std::optional<std::string> S = Override(E))
      return *S;
  auto Operand = [&](const Expr &Op, bool Parenthesize) {
    std::string Text = printExpr(Op, Override);
    return Parenthesize ? "(" + Text + ")" : Text;
  };
  switch (E.K) {
  case Expr::IntLit:
    return intLiteralStr(E.IntValue);
  case Expr::FloatLit:
    return floatLiteralStr(E.FloatValue, E.Type);
  case Expr::ScalarRef:
    return E.Name;
  case Expr::ArrayRef: {
    if (!E.isGather())
      return E.Name + subscriptsStr(E.Subscripts);
    std::string Out = E.Name;
    for (size_t D = 0; D < E.Subscripts.size(); ++D)
      Out += "[" +
             (E.gathersDim(D) ? printExpr(E.Operands[D], Override)
                              : E.Subscripts[D].factoredStr()) +
             "]";
    return Out;
  }
  case Expr::Unary: {
    // `-(-x)`, `-(-1)`: two minus signs in a row would read as `--`.
    const Expr &Op = E.Operands[0];
    bool Minus = (Op.K == Expr::Unary && Op.Op == '-') || isNegativeLiteral(Op);
    return std::string(1, E.Op) +
           Operand(Op, precedence(Op) < PrecPrefix || Minus);
  }
  case Expr::Binary: {
    // Left-associative: the left operand needs parentheses only when it
    // binds more loosely, the right one also at equal precedence, for
    // every operator. `a + (b + c)` and `a * (b * c)` keep theirs: floating
    // point is not associative, so the tree is printed as it is, never
    // re-associated.
    int P = precedence(E);
    return Operand(E.Operands[0], precedence(E.Operands[0]) < P) + " " +
           std::string(1, E.Op) + " " +
           Operand(E.Operands[1], precedence(E.Operands[1]) <= P);
  }
  case Expr::Call: {
    std::string Out = E.Name + "(";
    for (size_t I = 0; I < E.Operands.size(); ++I)
      Out += (I ? ", " : "") + Operand(E.Operands[I], false);
    return Out + ")";
  }
  case Expr::Cast:
    return "(" + std::string(elemTypeName(E.Type)) + ")" +
           Operand(E.Operands[0], precedence(E.Operands[0]) < PrecPrefix);
  case Expr::Not:
    return "!" + Operand(E.Operands[0], precedence(E.Operands[0]) < PrecPrefix);
  case Expr::Compare:
  case Expr::Logical: {
    // Comparisons do not chain: an operand at the same level is
    // parenthesised; so is an && inside an || (as compilers suggest).
    int P = precedence(E);
    auto Needs = [&](const Expr &Op) {
      return precedence(Op) <= P ||
             (E.K == Expr::Logical && Op.K == Expr::Logical);
    };
    return Operand(E.Operands[0], Needs(E.Operands[0])) + " " +
           condOpSpelling(E.Cond) + " " +
           Operand(E.Operands[1], Needs(E.Operands[1]));
  }
  case Expr::Select: {
    auto Needs = [](const Expr &Op) { return precedence(Op) <= PrecConditional; };
    return Operand(E.Operands[0], Needs(E.Operands[0])) + " ? " +
           Operand(E.Operands[1], Needs(E.Operands[1])) + " : " +
           Operand(E.Operands[2], Needs(E.Operands[2]));
  }
  }
  return "?";
}

std::string Expr::str() const { return printExpr(*this, nullptr); }

std::string Access::str() const {
  return Name + (Gather ? std::string("[...]") : subscriptsStr(Subscripts));
}

namespace {
// The values of the integer type T: [Lo, Hi], Hi unbounded for the 64-bit
// unsigned types (whose maximum no constant of the IR holds; by the
// assumption IntegerWrap.h states, their values never pass it).
struct TypeRange {
  int64_t Lo, Hi;
  bool HiBounded;
};
TypeRange rangeOf(ElemType T) {
  const ElemInfo &I = info(T);
  unsigned Bits = I.Bytes * 8;
  if (!I.Signed)
    return Bits >= 64 ? TypeRange{0, 0, false}
                      : TypeRange{0, int64_t((uint64_t(1) << Bits) - 1), true};
  if (Bits >= 64)
    return {INT64_MIN, INT64_MAX, true};
  return {-(int64_t(1) << (Bits - 1)), (int64_t(1) << (Bits - 1)) - 1, true};
}

// What the exact reading of an expression assumes: C's value of each part
// equals its value in the integers. A part converted to another type must
// lie inside that type's range, and one computed in an unsigned type must
// not be negative; a part whose C arithmetic is signed is assumed not to
// overflow (C leaves that undefined).
struct NoWrap {
  AffineCondition Holds = AffineCondition::constant(true);
  // V, a value of type From, converted to To keeps its value.
  void converted(const IndexExpr &V, ElemType From, ElemType To) {
    TypeRange F = rangeOf(From), T = rangeOf(To);
    if (F.Lo < T.Lo)
      Holds = Holds && AffineCondition::compare(V, ">=",
                                                IndexExpr::constant(T.Lo));
    if (T.HiBounded && (!F.HiBounded || F.Hi > T.Hi))
      Holds = Holds && AffineCondition::compare(V, "<=",
                                                IndexExpr::constant(T.Hi));
  }
  // V, computed in the integer type T, is C's value: for an unsigned T, it
  // did not wrap around below zero. (Above the type's maximum is assumed
  // away, as Analysis/IntegerWrap.h states: sizes and indices count
  // elements of objects.)
  void computed(const IndexExpr &V, ElemType T) {
    if (!info(T).Signed)
      Holds = Holds && AffineCondition::compare(V, ">=", IndexExpr());
  }
};

bool isIntegerType(ElemType T) { return !isFloatingType(T); }
} // namespace

// E as an affine expression of the symbols Symbols (loop variables and
// sizes) and integer constants: +, - and multiplication by a constant, and
// conversions between integer types. Its value is C's where Assumed.Holds
// (nothing wraps around); division and anything else: std::nullopt.
static std::optional<IndexExpr>
exactIndex(const Expr &E, const std::vector<std::string> &Symbols,
           NoWrap &Assumed) {
  if (!isIntegerType(E.Type))
    return std::nullopt;
  switch (E.K) {
  case Expr::IntLit:
    return IndexExpr::constant(E.IntValue);
  case Expr::ScalarRef:
    if (std::find(Symbols.begin(), Symbols.end(), E.Name) == Symbols.end())
      return std::nullopt;
    return IndexExpr::symbol(E.Name);
  case Expr::Cast: {
    const Expr &Op = E.Operands[0];
    std::optional<IndexExpr> A = exactIndex(Op, Symbols, Assumed);
    if (!A)
      return std::nullopt;
    Assumed.converted(*A, Op.Type, E.Type);
    return A;
  }
  case Expr::Unary: {
    if (E.Op != '-')
      return std::nullopt;
    const Expr &Op = E.Operands[0];
    std::optional<IndexExpr> A = exactIndex(Op, Symbols, Assumed);
    if (!A)
      return std::nullopt;
    ElemType T = arithmeticType(Op.Type, Op.Type);
    Assumed.converted(*A, Op.Type, T);
    IndexExpr V = IndexExpr() - *A;
    Assumed.computed(V, T);
    Assumed.converted(V, T, E.Type);
    return V;
  }
  case Expr::Binary: {
    if (E.Op != '+' && E.Op != '-' && E.Op != '*')
      return std::nullopt;
    const Expr &L = E.Operands[0], &R = E.Operands[1];
    std::optional<IndexExpr> A = exactIndex(L, Symbols, Assumed);
    std::optional<IndexExpr> B = exactIndex(R, Symbols, Assumed);
    if (!A || !B || (E.Op == '*' && !A->isConstant() && !B->isConstant()))
      return std::nullopt;
    ElemType T = arithmeticType(L.Type, R.Type);
    Assumed.converted(*A, L.Type, T);
    Assumed.converted(*B, R.Type, T);
    IndexExpr V = E.Op == '+' ? *A + *B : E.Op == '-' ? *A - *B : *A * *B;
    Assumed.computed(V, T);
    Assumed.converted(V, T, E.Type);
    return V;
  }
  default:
    return std::nullopt;
  }
}

// The condition C (a comparison, &&, ||, !) as an affine condition over
// Symbols, when every operand is an exactIndex; it is C's where
// Assumed.Holds.
static std::optional<AffineCondition>
exactCondition(const Expr &C, const std::vector<std::string> &Symbols,
               NoWrap &Assumed) {
  if (C.K == Expr::Compare) {
    const Expr &L = C.Operands[0], &R = C.Operands[1];
    if (!isIntegerType(L.Type) || !isIntegerType(R.Type))
      return std::nullopt;
    std::optional<IndexExpr> A = exactIndex(L, Symbols, Assumed);
    std::optional<IndexExpr> B = exactIndex(R, Symbols, Assumed);
    if (!A || !B)
      return std::nullopt;
    // C compares in the operands' common type.
    ElemType T = arithmeticType(L.Type, R.Type);
    Assumed.converted(*A, L.Type, T);
    Assumed.converted(*B, R.Type, T);
    return AffineCondition::compare(*A, condOpSpelling(C.Cond), *B);
  }
  if (C.K == Expr::Logical) {
    std::optional<AffineCondition> L =
        exactCondition(C.Operands[0], Symbols, Assumed);
    std::optional<AffineCondition> R =
        exactCondition(C.Operands[1], Symbols, Assumed);
    if (!L || !R)
      return std::nullopt;
    AffineCondition Out = C.Cond == CondOp::And ? (*L && *R) : (*L || *R);
    return Out.isBounded() ? std::optional<AffineCondition>(Out)
                           : std::nullopt;
  }
  if (C.K == Expr::Not) {
    std::optional<AffineCondition> A =
        exactCondition(C.Operands[0], Symbols, Assumed);
    if (!A)
      return std::nullopt;
    AffineCondition Out = !*A;
    return Out.isBounded() ? std::optional<AffineCondition>(Out)
                           : std::nullopt;
  }
  return std::nullopt;
}

// Where the arms of a `?:` with condition C run (Access::Arms): where C
// holds (the first arm; the second where it does not), or anywhere C's
// exact reading might not be C's own value (an unsigned part wrapped
// around, a conversion changed a value), since the arm may run there too;
// Exact when there is no such place. std::nullopt when C has no affine
// reading.
struct ArmConditions {
  AffineCondition First, Second;
  bool Exact;
};

static std::optional<ArmConditions>
armConditions(const Expr &C, const std::vector<std::string> &Symbols) {
  NoWrap Assumed;
  std::optional<AffineCondition> A = exactCondition(C, Symbols, Assumed);
  if (!A || !Assumed.Holds.isBounded())
    return std::nullopt;
  AffineCondition Inexact = !Assumed.Holds;
  AffineCondition First = *A || Inexact, Second = !*A || Inexact;
  if (!Inexact.isBounded() || !First.isBounded() || !Second.isBounded())
    return std::nullopt;
  return ArmConditions{First, Second, Inexact.isFalse()};
}

// Appends the reads of E (in evaluation order) to Out; Arms holds the
// conditions of the `?:` arms around E (Access::Arms), and Maybe says
// whether E may not be evaluated where its statement runs and Arms hold
// (Access::Conditional).
static void collectReads(const Expr &E, const std::vector<std::string> &Skip,
                         std::vector<Access> &Out,
                         std::vector<AffineCondition> &Arms, bool Maybe) {
  if (E.K == Expr::ScalarRef) {
    if (std::find(Skip.begin(), Skip.end(), E.Name) == Skip.end()) {
      Out.push_back({E.Name, {}, false, E.Loc});
      Out.back().Arms = Arms;
      Out.back().Conditional = Maybe;
    }
    return;
  }
  if (E.K == Expr::ArrayRef) {
    // A gather reads its indices first.
    for (size_t D = 0; D < E.Subscripts.size(); ++D)
      if (E.gathersDim(D))
        collectReads(E.Operands[D], Skip, Out, Arms, Maybe);
    Out.push_back({E.Name, E.Subscripts, false, E.Loc});
    Out.back().Arms = Arms;
    Out.back().Gather = E.isGather();
    Out.back().Conditional = Maybe;
    return;
  }
  if (E.K == Expr::Select && E.Operands.size() == 3) {
    collectReads(E.Operands[0], Skip, Out, Arms, Maybe);
    std::optional<ArmConditions> C = armConditions(E.Operands[0], Skip);
    // An arm runs exactly where its condition says only when the condition
    // is affine and exact; elsewhere it may or may not run.
    bool ArmMaybe = Maybe || !C || !C->Exact;
    if (C)
      Arms.push_back(C->First);
    collectReads(E.Operands[1], Skip, Out, Arms, ArmMaybe);
    if (C)
      Arms.back() = C->Second;
    collectReads(E.Operands[2], Skip, Out, Arms, ArmMaybe);
    if (C)
      Arms.pop_back();
    return;
  }
  for (size_t I = 0; I < E.Operands.size(); ++I)
    // The right operand of `&&` and `||` runs only when the left one says.
    collectReads(E.Operands[I], Skip, Out, Arms,
                 Maybe || (E.K == Expr::Logical && I > 0));
}

static void collectReads(const Expr &E, const std::vector<std::string> &Skip,
                         std::vector<Access> &Out, bool Maybe) {
  std::vector<AffineCondition> Arms;
  collectReads(E, Skip, Out, Arms, Maybe);
}

std::vector<Access>
Stmt::accesses(const std::vector<std::string> &NotMemory) const {
  std::vector<Access> Out;
  // The data conditions are evaluated in order while they hold (C's &&):
  // the first always, the others and the statement itself maybe.
  for (size_t K = 0; K < When.Data.size(); ++K)
    collectReads(When.Data[K], NotMemory, Out, K > 0);
  collectReads(RHS, NotMemory, Out, When.isConditional());
  Access Target{LHS.Name, LHS.Subscripts, false, LHS.Loc};
  Target.Conditional = When.isConditional();
  if (Op != AssignOp::Assign)
    Out.push_back(Target);
  Target.IsWrite = true;
  Out.push_back(Target);
  return Out;
}

std::vector<const Expr *> Stmt::exprs() const {
  std::vector<const Expr *> Out;
  for (const Expr &C : When.Data)
    Out.push_back(&C);
  Out.push_back(&RHS);
  Out.push_back(&LHS);
  return Out;
}

std::vector<Expr *> Stmt::exprs() {
  std::vector<Expr *> Out;
  for (Expr &C : When.Data)
    Out.push_back(&C);
  Out.push_back(&RHS);
  Out.push_back(&LHS);
  return Out;
}

std::string Guard::print(const ExprOverride &Override, bool Additive) const {
  std::vector<std::string> Parts;
  for (const AffineCondition &C : Affine) {
    std::string Text = Additive ? C.strAdditive() : C.str();
    if (C.disjuncts().size() > 1 && (Affine.size() > 1 || !Data.empty()))
      Text = "(" + Text + ")";
    Parts.push_back(Text);
  }
  for (const Expr &D : Data) {
    std::string Text = printExpr(D, Override);
    // `a || b` and `c ? x : y` bind more loosely than the && joining them.
    bool Paren =
        (D.K == Expr::Logical && D.Cond == CondOp::Or) || D.K == Expr::Select;
    Parts.push_back(Paren && Affine.size() + Data.size() > 1 ? "(" + Text + ")"
                                                             : Text);
  }
  std::string Out;
  for (size_t I = 0; I < Parts.size(); ++I)
    Out += (I ? " && " : "") + Parts[I];
  return Out;
}

std::string Guard::str() const { return print(nullptr); }

// Structural equality of two expressions (same tree, same names).
static bool sameExpr(const Expr &A, const Expr &B) {
  if (A.K != B.K || A.Type != B.Type || A.IntValue != B.IntValue ||
      A.FloatValue != B.FloatValue || A.Name != B.Name || A.Op != B.Op ||
      A.Cond != B.Cond || A.Subscripts != B.Subscripts ||
      A.Operands.size() != B.Operands.size())
    return false;
  for (size_t I = 0; I < A.Operands.size(); ++I)
    if (!sameExpr(A.Operands[I], B.Operands[I]))
      return false;
  return true;
}

bool Guard::isImpliedBy(const Guard &Other) const {
  for (const AffineCondition &C : Affine)
    if (std::find(Other.Affine.begin(), Other.Affine.end(), C) ==
        Other.Affine.end())
      return false;
  for (const Expr &D : Data)
    if (std::none_of(Other.Data.begin(), Other.Data.end(),
                     [&](const Expr &O) { return sameExpr(D, O); }))
      return false;
  return true;
}

static void renameInExpr(Expr &E, const std::string &From,
                         const std::string &To) {
  if (E.K == Expr::ScalarRef && E.Name == From)
    E.Name = To;
  for (IndexExpr &S : E.Subscripts)
    S = S.substitute(From, IndexExpr::symbol(To));
  for (Expr &Op : E.Operands)
    renameInExpr(Op, From, To);
}

void Guard::renameVar(const std::string &From, const std::string &To) {
  for (AffineCondition &C : Affine)
    C = C.substitute(From, IndexExpr::symbol(To));
  for (Expr &D : Data)
    renameInExpr(D, From, To);
}

std::string Stmt::str() const {
  std::string Prefix =
      DeclType ? std::string(elemTypeName(*DeclType)) + " " : std::string();
  return Prefix + LHS.str() + " " + assignOpSpelling(Op) + " " + RHS.str();
}

// Adds every variable name E and its operands read or write.
static void namesOf(const Expr &E, std::set<std::string> &Out) {
  if (E.K == Expr::ScalarRef || E.K == Expr::ArrayRef)
    Out.insert(E.Name);
  for (const Expr &O : E.Operands)
    namesOf(O, Out);
}

static void namesOf(const std::vector<Node> &Body, std::set<std::string> &Out);

static void namesOf(const Node &N, std::set<std::string> &Out) {
  if (N.isLoop()) {
    namesOf(N.loop().Body, Out);
    return;
  }
  for (const Expr *E : N.stmt().exprs())
    namesOf(*E, Out);
}

static void namesOf(const std::vector<Node> &Body, std::set<std::string> &Out) {
  for (const Node &N : Body)
    namesOf(N, Out);
}

std::set<std::string> looptile::variablesNamed(const std::vector<Node> &Body) {
  std::set<std::string> Out;
  namesOf(Body, Out);
  return Out;
}

std::set<std::string> looptile::variablesNamed(const Node &N) {
  std::set<std::string> Out;
  namesOf(N, Out);
  return Out;
}

Function Function::declarationsFor(const Loop &L) const {
  std::set<std::string> Named = variablesNamed(L.Body);
  Function D = declarations();
  D.Locals.erase(std::remove_if(D.Locals.begin(), D.Locals.end(),
                                [&](const Variable &V) {
                                  return !Named.count(V.Name);
                                }),
                 D.Locals.end());
  return D;
}

Function Function::declarations() const {
  Function D;
  D.Name = Name;
  D.Loc = Loc;
  D.Params = Params;
  D.Locals = Locals;
  D.ReturnType = ReturnType;
  D.ReturnValue = ReturnValue;
  return D;
}

const Variable *Function::lookup(const std::string &N) const {
  for (const Variable &V : Params)
    if (V.Name == N)
      return &V;
  for (const Variable &V : Locals)
    if (V.Name == N)
      return &V;
  return nullptr;
}


IntType Function::intTypeOf(const std::string &Name) const {
  for (const Variable &V : Params)
    if (V.Name == Name && V.VarKind == Variable::SizeParam)
      return V.Int;
  if (const Loop *L =
          findLoop(Body, [&](const Loop &X) { return X.Var == Name; }))
    return L->VarType;
  return IntType();
}


bool Function::hasNonIntIndices() const {
  for (const Variable &V : Params)
    if (V.VarKind == Variable::SizeParam && !V.Int.isPlainInt())
      return true;
  return findLoop(Body, [](const Loop &L) {
           return !L.VarType.isPlainInt();
         }) != nullptr;
}

static void exprScalarToElement(Expr &E, const std::string &Name,
                                const std::string &Array,
                                const std::vector<IndexExpr> &Subscripts) {
  if (E.K == Expr::ScalarRef && E.Name == Name) {
    E.K = Expr::ArrayRef;
    E.Name = Array;
    E.Subscripts = Subscripts;
    return;
  }
  for (Expr &Op : E.Operands)
    exprScalarToElement(Op, Name, Array, Subscripts);
}

void looptile::scalarToElement(Node &N, const std::string &Name,
                               const std::string &Array,
                               const std::vector<IndexExpr> &Subscripts) {
  if (N.isLoop()) {
    scalarToElement(N.loop().Body, Name, Array, Subscripts);
    return;
  }
  Stmt &S = N.stmt();
  if (S.LHS.K == Expr::ScalarRef && S.LHS.Name == Name)
    S.DeclType.reset(); // `float tmp = e` becomes `tmp_x[i] = e`
  for (Expr *E : S.exprs())
    exprScalarToElement(*E, Name, Array, Subscripts);
}

void looptile::scalarToElement(std::vector<Node> &Body, const std::string &Name,
                               const std::string &Array,
                               const std::vector<IndexExpr> &Subscripts) {
  for (Node &N : Body)
    scalarToElement(N, Name, Array, Subscripts);
}

unsigned Function::nextStmtId() const {
  unsigned Next = 0;
  forEachStmt(Body, [&](const Stmt &S) { Next = std::max(Next, S.Id + 1); });
  return Next;
}

std::vector<std::string> Function::nonMemoryNames() const {
  std::vector<std::string> Out;
  for (const Variable &V : Params)
    if (V.VarKind == Variable::SizeParam || V.VarKind == Variable::ScalarParam)
      Out.push_back(V.Name);
  for (const std::string &V : loopVarsOf(Body))
    if (std::find(Out.begin(), Out.end(), V) == Out.end())
      Out.push_back(V);
  return Out;
}

IndexExpr looptile::flatIndex(const Function &F, const std::string &Name,
                              const std::vector<IndexExpr> &Subscripts) {
  const Variable *V = F.lookup(Name);
  if (!V || V->VarKind == Variable::PointerParam || Subscripts.size() <= 1 ||
      V->VarKind == Variable::LocalArray)
    return Subscripts.empty() ? IndexExpr() : Subscripts[0];
  // Row-major: s0*E1*...*En-1 + s1*E2*... + sn-1.
  IndexExpr Flat;
  for (size_t D = 0; D < Subscripts.size(); ++D) {
    IndexExpr Term = Subscripts[D];
    for (size_t E = D + 1; E < V->Extents.size(); ++E)
      Term = Term * (V->Extents[E] ? *V->Extents[E] : IndexExpr::constant(1));
    Flat = Flat + Term;
  }
  return Flat;
}

bool looptile::namedOnlyAsValue(const Function &F, const std::string &Name) {
  bool Used = false;
  auto Index = [&](const IndexExpr &E) { Used |= E.mentions(Name); };
  auto Cond = [&](const AffineCondition &C) { Used |= C.mentions(Name); };
  auto Names = [&](const Expr &E) {
    return anyExpr(E, [&](const Expr &X) {
      return X.K == Expr::ScalarRef && X.Name == Name;
    });
  };
  std::function<void(const Expr &)> InExpr = [&](const Expr &E) {
    for (const IndexExpr &S : E.Subscripts)
      Index(S);
    bool Test = E.K == Expr::Compare || E.K == Expr::Logical ||
                E.K == Expr::Not;
    if (Test || E.K == Expr::Select)
      Used |= Names(Test ? E : E.Operands[0]);
    for (const Expr &Op : E.Operands)
      InExpr(Op);
  };
  forEachLoop(F.Body, [&](const Loop &L) {
    for (const IndexExpr &E : L.Lower)
      Index(E);
    for (const IndexExpr &E : L.Upper)
      Index(E);
    for (const WrapCheck &W : L.HeaderChecks)
      Index(W.E);
  });
  forEachStmt(F.Body, [&](const Stmt &S) {
    for (const AffineCondition &C : S.When.Affine)
      Cond(C);
    for (const WrapCheck &W : S.GuardChecks)
      Index(W.E);
    for (const Expr *E : S.exprs())
      InExpr(*E);
  });
  for (const std::vector<Variable> *Vars : {&F.Params, &F.Locals})
    for (const Variable &V : *Vars) {
      for (const std::optional<IndexExpr> &E : V.Extents)
        if (E)
          Index(*E);
      if (V.isDerived() && V.Name != Name)
        Used |= Names(*V.Definition);
    }
  return !Used;
}

const char *looptile::indexTypeName(const Function &F) {
  return F.hasNonIntIndices() ? "long" : "int";
}

unsigned looptile::loopDepth(const std::vector<Node> &Body) {
  unsigned D = 0;
  for (const Node &N : Body)
    if (N.isLoop())
      D = std::max(D, unsigned(!N.loop().runsOnce()) + loopDepth(N.loop().Body));
  return D;
}
