//===- Formula.cpp - Parse and evaluate manifest formulas -----------------===//
//
// Owns the formula grammar (precedence climbing) and checked 64-bit
// evaluation:
//   expr   := and ('||' and)*
//   and    := cmp ('&&' cmp)*
//   cmp    := sum (('<' | '<=' | '>' | '>=' | '==' | '!=') sum)?
//   sum    := term (('+' | '-') term)*
//   term   := unary (('*' | '/' | '%') unary)*
//   unary  := '-' unary | primary
//   primary:= INT | NAME | NAME '(' expr ',' expr ')' | '(' expr ')'
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Formula.h"
#include "looptile/Runtime/Error.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace looptile::rt {

struct Formula::Node {
  enum Kind {
    Literal,
    Name,
    Neg,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Call,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or
  } K;
  int64_t Value = 0;
  /// The height of the tree below this node (1 for a leaf): at most
  /// MaxFormulaDepth, so that evaluating, walking and destroying it,
  /// which recurse, stay within the stack.
  int Depth = 1;
  std::string Id; // Name, or the function of a Call
  std::vector<std::shared_ptr<const Node>> Ops;
};

namespace {

using NodePtr = std::shared_ptr<const Formula::Node>;

const char *const Functions[] = {"round_up", "ceil_div", "min", "max"};

class FormulaParser {
public:
  FormulaParser(const std::string &Text, const std::string &Context)
      : Text(Text), Context(Context) {}

  NodePtr parseAll() {
    NodePtr N = parseExpr();
    skip();
    if (Pos != Text.size())
      fail("unexpected '" + std::string(1, Text[Pos]) + "'");
    return N;
  }

private:
  const std::string &Text;
  const std::string &Context;
  size_t Pos = 0;
  /// The parser's nesting: parentheses, function calls and unary minus
  /// each recurse one level.
  int Nesting = 0;

  [[noreturn]] void fail(const std::string &Msg) {
    // A long formula is shown by its start (the column says where).
    std::string Shown =
        Text.size() <= 120 ? Text : Text.substr(0, 100) + "...";
    throw Error(ErrorKind::Manifest, Context + ": bad formula \"" + Shown +
                                         "\": " + Msg + " at column " +
                                         std::to_string(Pos + 1));
  }
  void skip() {
    while (Pos < Text.size() && std::isspace((unsigned char)Text[Pos]))
      ++Pos;
  }
  bool consume(char C) {
    skip();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }
  [[noreturn]] void tooDeep() {
    fail("nested more than " + std::to_string(MaxFormulaDepth) +
         " deep (parentheses, function calls, unary minus and chained "
         "operators each count one level)");
  }
  /// Enters one level of nesting (a RAII guard).
  struct Level {
    FormulaParser &P;
    explicit Level(FormulaParser &P) : P(P) {
      if (++P.Nesting > MaxFormulaDepth)
        P.tooDeep();
    }
    ~Level() { --P.Nesting; }
  };
  NodePtr make(Formula::Node::Kind K, std::vector<NodePtr> Ops,
               std::string Id = "") {
    auto N = std::make_shared<Formula::Node>();
    N->K = K;
    for (const NodePtr &Op : Ops)
      N->Depth = std::max(N->Depth, Op->Depth + 1);
    N->Ops = std::move(Ops);
    N->Id = std::move(Id);
    if (N->Depth > MaxFormulaDepth)
      tooDeep();
    return N;
  }

  /// Consumes the two-character operator Op.
  bool consume2(const char *Op) {
    skip();
    if (Text.compare(Pos, 2, Op) == 0) {
      Pos += 2;
      return true;
    }
    return false;
  }

  NodePtr parseExpr() {
    NodePtr L = parseAnd();
    while (consume2("||"))
      L = make(Formula::Node::Or, {L, parseAnd()});
    return L;
  }
  NodePtr parseAnd() {
    NodePtr L = parseCmp();
    while (consume2("&&"))
      L = make(Formula::Node::And, {L, parseCmp()});
    return L;
  }
  NodePtr parseCmp() {
    NodePtr L = parseSum();
    using K = Formula::Node;
    if (consume2("<="))
      return make(K::Le, {L, parseSum()});
    if (consume2(">="))
      return make(K::Ge, {L, parseSum()});
    if (consume2("=="))
      return make(K::Eq, {L, parseSum()});
    if (consume2("!="))
      return make(K::Ne, {L, parseSum()});
    if (consume('<'))
      return make(K::Lt, {L, parseSum()});
    if (consume('>'))
      return make(K::Gt, {L, parseSum()});
    return L;
  }
  NodePtr parseSum() {
    NodePtr L = parseTerm();
    while (true) {
      if (consume('+'))
        L = make(Formula::Node::Add, {L, parseTerm()});
      else if (consume('-'))
        L = make(Formula::Node::Sub, {L, parseTerm()});
      else
        return L;
    }
  }
  NodePtr parseTerm() {
    NodePtr L = parseUnary();
    while (true) {
      if (consume('*'))
        L = make(Formula::Node::Mul, {L, parseUnary()});
      else if (consume('/'))
        L = make(Formula::Node::Div, {L, parseUnary()});
      else if (consume('%'))
        L = make(Formula::Node::Rem, {L, parseUnary()});
      else
        return L;
    }
  }
  NodePtr parseUnary() {
    if (consume('-')) {
      Level L(*this);
      return make(Formula::Node::Neg, {parseUnary()});
    }
    return parsePrimary();
  }
  NodePtr parsePrimary() {
    skip();
    if (Pos >= Text.size())
      fail("unexpected end");
    char C = Text[Pos];
    if (C == '(') {
      ++Pos;
      Level L(*this);
      NodePtr N = parseExpr();
      if (!consume(')'))
        fail("expected ')'");
      return N;
    }
    if (std::isdigit((unsigned char)C)) {
      int64_t V = 0;
      while (Pos < Text.size() && std::isdigit((unsigned char)Text[Pos])) {
        if (__builtin_mul_overflow(V, 10, &V) ||
            __builtin_add_overflow(V, Text[Pos] - '0', &V))
          fail("literal too large");
        ++Pos;
      }
      auto N = std::make_shared<Formula::Node>();
      N->K = Formula::Node::Literal;
      N->Value = V;
      return N;
    }
    if (std::isalpha((unsigned char)C) || C == '_') {
      size_t Start = Pos;
      while (Pos < Text.size() &&
             (std::isalnum((unsigned char)Text[Pos]) || Text[Pos] == '_'))
        ++Pos;
      std::string Id = Text.substr(Start, Pos - Start);
      if (consume('(')) {
        bool Known = false;
        for (const char *F : Functions)
          Known |= Id == F;
        if (!Known)
          fail("unknown function '" + Id + "'");
        Level L(*this);
        NodePtr A = parseExpr();
        if (!consume(','))
          fail("expected ',' (" + Id + " takes two arguments)");
        NodePtr B = parseExpr();
        if (!consume(')'))
          fail("expected ')'");
        return make(Formula::Node::Call, {A, B}, Id);
      }
      return make(Formula::Node::Name, {}, Id);
    }
    fail("unexpected '" + std::string(1, C) + "'");
  }
};

struct Evaluator {
  const Env &E;
  const std::string &Text;
  const std::string &Context;

  [[noreturn]] void fail(const std::string &Msg) const {
    throw Error(ErrorKind::Manifest,
                Context + ": formula \"" + Text + "\": " + Msg);
  }
  int64_t eval(const Formula::Node &N) const {
    using K = Formula::Node;
    int64_t R = 0;
    switch (N.K) {
    case K::Literal:
      return N.Value;
    case K::Name: {
      auto It = E.find(N.Id);
      if (It == E.end())
        fail("unknown name '" + N.Id + "'");
      return It->second;
    }
    case K::Neg:
      if (__builtin_sub_overflow(int64_t(0), eval(*N.Ops[0]), &R))
        fail("overflow");
      return R;
    // As C evaluates them: the right operand only where the left does not
    // decide (`factor >= 1 && n / factor > 8` divides only by factor >= 1).
    case K::And:
      return eval(*N.Ops[0]) != 0 && eval(*N.Ops[1]) != 0;
    case K::Or:
      return eval(*N.Ops[0]) != 0 || eval(*N.Ops[1]) != 0;
    default:
      break;
    }
    int64_t A = eval(*N.Ops[0]), B = eval(*N.Ops[1]);
    switch (N.K) {
    case K::Add:
      if (__builtin_add_overflow(A, B, &R))
        fail("overflow");
      return R;
    case K::Sub:
      if (__builtin_sub_overflow(A, B, &R))
        fail("overflow");
      return R;
    case K::Mul:
      if (__builtin_mul_overflow(A, B, &R))
        fail("overflow");
      return R;
    case K::Lt:
      return A < B;
    case K::Le:
      return A <= B;
    case K::Gt:
      return A > B;
    case K::Ge:
      return A >= B;
    case K::Eq:
      return A == B;
    case K::Ne:
      return A != B;
    case K::Div:
    case K::Rem:
      if (B == 0)
        fail("division by zero");
      return N.K == K::Div ? A / B : A % B;
    case K::Call:
      if (N.Id == "min")
        return A < B ? A : B;
      if (N.Id == "max")
        return A > B ? A : B;
      if (B <= 0)
        fail(N.Id + "(" + std::to_string(A) + ", " + std::to_string(B) +
             "): the second argument must be positive");
      {
        // ceil_div for any sign of A: floor((A + B - 1) / B) for A >= 0.
        int64_t Q = A / B;
        if (A % B != 0 && A > 0)
          ++Q;
        if (N.Id == "ceil_div")
          return Q;
        if (__builtin_mul_overflow(Q, B, &R))
          fail("overflow");
        return R;
      }
    default:
      fail("internal error");
    }
  }
};

void collect(const Formula::Node &N, std::set<std::string> &Out) {
  if (N.K == Formula::Node::Name)
    Out.insert(N.Id);
  for (const auto &Op : N.Ops)
    collect(*Op, Out);
}

} // namespace

Formula Formula::parse(const std::string &Text, const std::string &Context) {
  Formula F;
  F.Text = Text;
  F.Context = Context;
  F.Root = FormulaParser(Text, Context).parseAll();
  return F;
}

int64_t Formula::evaluate(const Env &E) const {
  if (!Root)
    throw Error(ErrorKind::Manifest, Context + ": empty formula");
  return Evaluator{E, Text, Context}.eval(*Root);
}

std::set<std::string> Formula::names() const {
  std::set<std::string> Out;
  if (Root)
    collect(*Root, Out);
  return Out;
}

} // namespace looptile::rt
