//===- AffineSchedule.cpp - isl's scheduler for one nest -----------------===//
//
// Steps (AffineSchedule.h says what and why):
//   1. Each statement S<q> of the nest becomes an isl set S<q>[x0, ...]
//      over its enclosing loops (DependenceSolver's domains), each access a
//      map S<q>[x] -> A[subscripts].
//   2. The C's order is the map S<q>[x] -> [b0, x0, b1, x1, ...] (b: the
//      position in the enclosing body, a loop of step -1 counting down).
//   3. The dependences: every pair of instances that touch the same element
//      of an array, one of them a write, the first before the second in
//      the C's order.
//   4. isl_schedule_constraints_compute_schedule with the dependences as
//      validity, coincidence and proximity constraints; the result is
//      checked against every dependence again.
//   5. isl's AST generator writes the schedule as loops; the loops, guards
//      and statement instances of the AST become IR loops, guards and
//      statements whose loop variables are substituted by the AST's
//      expressions of the new loops.
//
//===----------------------------------------------------------------------===//
#include "looptile/Analysis/AffineSchedule.h"
#include "looptile/Support/Statistic.h"

#include "DependenceSolver.h"

#include <cstdlib>

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/ctx.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace looptile;

LOOPTILE_STATISTIC(NestsScheduled, "analysis",
                   "nests given to isl's affine scheduler");

namespace {

/// The placeholder an AST iterator has until the loops are named: no C or
/// isl name starts with a control character.
std::string placeholder(const std::string &Iterator) {
  return "\x01" + Iterator;
}

struct Statement {
  StmtSite Site;
  std::vector<size_t> Positions; ///< body position at each depth
};

/// One statement of isl's problem (S<p>): the instances of statement Q on
/// one side of the split hyperplanes (Extra, over x0, x1, ...), or all of
/// them (Extra empty).
struct Piece {
  size_t Q;
  std::string Extra;
};

class Scheduler {
public:
  Scheduler(const Function &F, unsigned Nest, const std::string *UserSchedule,
            bool Split)
      : F(F), Nest(Nest), UserSchedule(UserSchedule), Split(Split) {}

  AffineScheduleResult run();

private:
  bool collect(const Loop &L, std::vector<const Loop *> &Stack,
               std::vector<size_t> &Pos);
  std::string refuse(const std::string &Why) {
    if (Reason.empty())
      Reason = Why;
    return Reason;
  }
  std::optional<IndexExpr> index(isl_ast_expr *E);
  bool loopBounds(isl_ast_expr *E, const std::string &Var, int64_t Shift,
                  bool Min, std::vector<IndexExpr> &Out,
                  std::vector<AffineCondition> &Exact);
  std::optional<AffineCondition> divisionBound(isl_ast_expr *E,
                                               const std::string &Var,
                                               int64_t Shift, bool Min);
  std::optional<AffineCondition> condition(isl_ast_expr *E);
  bool convert(isl_ast_node *N, const std::vector<AffineCondition> &Guards,
               std::vector<std::string> &Names, std::vector<Node> &Out);
  bool statement(isl_ast_expr *Call, const std::vector<AffineCondition> &Guards,
                 std::vector<Node> &Out);

  bool splitPieces();
  isl_union_map *userSchedule(const std::string &Text);
  std::string violation(isl_union_map *Violated);
  /// S<q> (isl's name) for the IR's statement id, and back.
  std::optional<unsigned> statementOfId(unsigned Id) const {
    for (size_t Q = 0; Q < Stmts.size(); ++Q)
      if (Stmts[Q].Site.S->Id == Id)
        return unsigned(Q);
    return std::nullopt;
  }

  const Function &F;
  unsigned Nest;
  const std::string *UserSchedule;
  bool Split;
  DependenceSolver Solver;
  std::vector<std::string> NotMemory;
  std::vector<Statement> Stmts;
  std::vector<Piece> Pieces;
  /// Statements (by Q) already in the new code: a second piece of one
  /// becomes a statement of its own, with a new id (NextId).
  std::set<size_t> EmittedStmts;
  unsigned NextId = 0;
  std::string Reason;
  /// AST iterator -> the name its loop gets.
  std::map<std::string, std::string> LoopName;
  /// AST iterator -> the loop of the C whose variable it first stands for
  /// (its location names the new loop).
  std::map<std::string, const Loop *> Origin;
  std::set<unsigned> Emitted;
  /// The widest type of the nest's loop variables (all signed).
  IntType Widest;
  /// For each loop of the new code, in the order created (pre-order, as
  /// the naming below visits them): whether its bounds divide (a
  /// wavefront's), so that it runs over its bounds without the divisions,
  /// its statements guarded by the exact bounds. (By position: sibling
  /// loops of isl's code share iterator names.)
  std::vector<bool> Widened;
};

/// A bound term of isl's code, `A + S * floor(Num / D)` (S = 0: no division).
struct FloorTerm {
  IndexExpr A;
  int64_t S = 0;
  IndexExpr Num;
  int64_t D = 1;
};

bool Scheduler::collect(const Loop &L, std::vector<const Loop *> &Stack,
                        std::vector<size_t> &Pos) {
  if (L.Step != 1 && L.Step != -1)
    return refuse("loop '" + L.Var + "' has step " + std::to_string(L.Step)),
           false;
  // Signed loop variables only: an unsigned one's arithmetic wraps, which
  // the schedule's integer sets do not model. The new loops take the widest
  // type among them (their values are the old ones' sums and differences).
  if (!L.VarType.Signed)
    return refuse("loop '" + L.Var + "' is of the unsigned type " +
                  L.VarType.Spelling),
           false;
  // Comparisons in an unsigned type (a size_t size) come with wrap checks
  // over the C's loop variables (IntegerWrap.h), which the new loops would
  // not carry: refused.
  if (!L.HeaderChecks.empty())
    return refuse("loop '" + L.Var +
                  "' compares in an unsigned type (its bounds' wrap checks "
                  "name the loops as written)"),
           false;
  if (std::make_pair(L.VarType.Bits, L.VarType.Rank) >
      std::make_pair(Widest.Bits, Widest.Rank))
    Widest = L.VarType;
  Stack.push_back(&L);
  for (size_t I = 0; I < L.Body.size(); ++I) {
    Pos.push_back(I);
    const Node &N = L.Body[I];
    if (N.isLoop()) {
      if (!collect(N.loop(), Stack, Pos))
        return false;
    } else {
      const Stmt &S = N.stmt();
      if (S.DeclType || S.LHS.K != Expr::ArrayRef)
        return refuse("statement S" + std::to_string(S.Id) +
                      " writes a scalar"),
               false;
      if (!S.GuardChecks.empty())
        return refuse("statement S" + std::to_string(S.Id) +
                      " has a condition compared in an unsigned type"),
               false;
      if (S.When.isConditional())
        return refuse("statement S" + std::to_string(S.Id) +
                      " runs under a condition on data"),
               false;
      Statement St{StmtSite::of(S, Stack, NotMemory), Pos};
      for (const Access &A : St.Site.Accesses) {
        const Variable *V = F.lookup(A.Name);
        // A scalar the nest only reads (no statement here writes one) is
        // the same value in every instance: no dependence.
        if (V && A.Subscripts.empty() && !A.IsWrite &&
            (V->VarKind == Variable::LocalScalar ||
             V->VarKind == Variable::ScalarParam))
          continue;
        if (!V || (V->VarKind != Variable::ArrayParam &&
                   V->VarKind != Variable::PointerParam &&
                   V->VarKind != Variable::LocalArray) ||
            (V->VarKind == Variable::LocalArray && !V->DeclaredIn.empty()))
          return refuse("statement S" + std::to_string(S.Id) + " accesses '" +
                        A.Name + "', not an array of the function"),
                 false;
      }
      Stmts.push_back(std::move(St));
    }
    Pos.pop_back();
  }
  Stack.pop_back();
  return true;
}

std::optional<IndexExpr> Scheduler::index(isl_ast_expr *E) {
  switch (isl_ast_expr_get_type(E)) {
  case isl_ast_expr_int: {
    isl_val *V = isl_ast_expr_get_val(E);
    std::optional<IndexExpr> Out;
    if (isl_val_is_int(V) == isl_bool_true) {
      long C = isl_val_get_num_si(V);
      Out = IndexExpr::constant(C);
    }
    isl_val_free(V);
    return Out;
  }
  case isl_ast_expr_id: {
    isl_id *Id = isl_ast_expr_get_id(E);
    std::string Name = isl_id_get_name(Id);
    isl_id_free(Id);
    if (LoopName.count(Name))
      return IndexExpr::symbol(placeholder(Name));
    std::vector<std::string> M = Solver.paramMonomial(Name);
    if (M.empty())
      return std::nullopt;
    IndexExpr P = IndexExpr::constant(1);
    for (const std::string &S : M)
      P = P * IndexExpr::symbol(S);
    return P;
  }
  case isl_ast_expr_op: {
    isl_ast_expr_op_type T = isl_ast_expr_op_get_type(E);
    isl_size N = isl_ast_expr_op_get_n_arg(E);
    std::vector<IndexExpr> Args;
    for (isl_size K = 0; K < N; ++K) {
      isl_ast_expr *A = isl_ast_expr_op_get_arg(E, K);
      std::optional<IndexExpr> X = index(A);
      isl_ast_expr_free(A);
      if (!X)
        return std::nullopt;
      Args.push_back(*X);
    }
    switch (T) {
    case isl_ast_expr_op_add:
      return Args[0] + Args[1];
    case isl_ast_expr_op_sub:
      return Args[0] - Args[1];
    case isl_ast_expr_op_mul:
      return Args[0] * Args[1];
    case isl_ast_expr_op_minus:
      return -Args[0];
    default:
      return std::nullopt; // divisions, min/max inside an expression
    }
  }
  default:
    return std::nullopt;
  }
}

// The loop bounds of a for node: the terms of its min (Min) or max, each
// shifted by Shift (`c < X` is `c <= X - 1`). A term that divides (isl's
// floord, or a division it knows exact or of a non-negative value) has no
// IR form: it is left out of the bounds, which then hold a superset of the
// loop's values, and its exact condition on Var goes to Exact (the loop's
// statements run under it). False when no term is left or a term is
// neither.
bool Scheduler::loopBounds(isl_ast_expr *E, const std::string &Var,
                           int64_t Shift, bool Min,
                           std::vector<IndexExpr> &Out,
                           std::vector<AffineCondition> &Exact) {
  // The terms of E's min (or max), nested ones flattened.
  std::vector<isl_ast_expr *> Terms;
  std::function<void(isl_ast_expr *)> Flatten = [&](isl_ast_expr *X) {
    if (isl_ast_expr_get_type(X) == isl_ast_expr_op &&
        isl_ast_expr_op_get_type(X) ==
            (Min ? isl_ast_expr_op_min : isl_ast_expr_op_max)) {
      for (isl_size K = 0, N = isl_ast_expr_op_get_n_arg(X); K < N; ++K) {
        isl_ast_expr *A = isl_ast_expr_op_get_arg(X, K);
        Flatten(A);
        isl_ast_expr_free(A);
      }
    } else {
      Terms.push_back(isl_ast_expr_copy(X));
    }
  };
  Flatten(E);
  bool OK = true;
  for (isl_ast_expr *T : Terms) {
    if (std::optional<IndexExpr> X = index(T)) {
      Out.push_back(*X + IndexExpr::constant(Shift));
    } else if (std::optional<AffineCondition> C =
                   divisionBound(T, Var, Shift, Min)) {
      Exact.push_back(*C);
    } else {
      OK = false;
    }
    isl_ast_expr_free(T);
  }
  return OK && !Out.empty();
}

// `Var <= T + Shift` (Min) or `Var >= T + Shift` for a term T = A + S *
// floor(Num / D) with S = 1 or -1, as a condition without division: for an
// integer m, m <= floor(Num / D) exactly when D * m <= Num, and m >=
// floor(Num / D) exactly when Num <= D * m + D - 1 (D > 0).
std::optional<AffineCondition>
Scheduler::divisionBound(isl_ast_expr *E, const std::string &Var,
                         int64_t Shift, bool Min) {
  std::function<std::optional<FloorTerm>(isl_ast_expr *)> Read =
      [&](isl_ast_expr *X) -> std::optional<FloorTerm> {
    if (std::optional<IndexExpr> I = index(X))
      return FloorTerm{*I, 0, {}, 1};
    if (isl_ast_expr_get_type(X) != isl_ast_expr_op)
      return std::nullopt;
    isl_ast_expr_op_type T = isl_ast_expr_op_get_type(X);
    isl_size N = isl_ast_expr_op_get_n_arg(X);
    std::vector<isl_ast_expr *> Args;
    for (isl_size K = 0; K < N; ++K)
      Args.push_back(isl_ast_expr_op_get_arg(X, K));
    std::optional<FloorTerm> Out;
    if ((T == isl_ast_expr_op_fdiv_q || T == isl_ast_expr_op_pdiv_q ||
         T == isl_ast_expr_op_div) &&
        N == 2) {
      std::optional<IndexExpr> Num = index(Args[0]), D = index(Args[1]);
      if (Num && D && D->isConstant() && D->constantPart() > 0)
        Out = FloorTerm{IndexExpr(), 1, *Num, D->constantPart()};
    } else if ((T == isl_ast_expr_op_add || T == isl_ast_expr_op_sub) &&
               N == 2) {
      std::optional<FloorTerm> L = Read(Args[0]), R = Read(Args[1]);
      if (L && R && (L->S == 0 || R->S == 0)) {
        int64_t Sign = T == isl_ast_expr_op_add ? 1 : -1;
        Out = L->S ? *L : FloorTerm{{}, Sign * R->S, R->Num, R->D};
        Out->A = T == isl_ast_expr_op_add ? L->A + R->A : L->A - R->A;
      }
    } else if (T == isl_ast_expr_op_minus && N == 1) {
      if ((Out = Read(Args[0]))) {
        Out->A = -Out->A;
        Out->S = -Out->S;
      }
    } else if (T == isl_ast_expr_op_mul && N == 2) {
      std::optional<FloorTerm> L = Read(Args[0]), R = Read(Args[1]);
      if (L && R && R->S == 0 && R->A.isConstant())
        std::swap(L, R);
      if (L && R && L->S == 0 && L->A.isConstant()) {
        int64_t Factor = L->A.constantPart();
        Out = FloorTerm{R->A.scaled(Factor), R->S * Factor, R->Num, R->D};
      }
    }
    for (isl_ast_expr *A : Args)
      isl_ast_expr_free(A);
    return Out;
  };
  std::optional<FloorTerm> F = Read(E);
  if (!F || (F->S != 1 && F->S != -1))
    return std::nullopt;
  IndexExpr V = IndexExpr::symbol(Var);
  IndexExpr A = F->A + IndexExpr::constant(Shift);
  IndexExpr D = IndexExpr::constant(F->D);
  IndexExpr DMinus1 = IndexExpr::constant(F->D - 1);
  // Var <= A + floor(N/D): D (Var - A) <= N. Var <= A - floor(N/D):
  // floor(N/D) <= A - Var: N <= D (A - Var) + D - 1. Var >= A +
  // floor(N/D): N <= D (Var - A) + D - 1. Var >= A - floor(N/D): N >= D (A
  // - Var).
  if (Min)
    return F->S > 0 ? AffineCondition::compare((V - A) * D, "<=", F->Num)
                    : AffineCondition::compare(F->Num, "<=",
                                               (A - V) * D + DMinus1);
  return F->S > 0
             ? AffineCondition::compare(F->Num, "<=", (V - A) * D + DMinus1)
             : AffineCondition::compare(F->Num, ">=", (A - V) * D);
}

std::optional<AffineCondition> Scheduler::condition(isl_ast_expr *E) {
  if (isl_ast_expr_get_type(E) != isl_ast_expr_op)
    return std::nullopt;
  isl_ast_expr_op_type T = isl_ast_expr_op_get_type(E);
  isl_ast_expr *A = isl_ast_expr_op_get_arg(E, 0);
  isl_ast_expr *B = isl_ast_expr_op_get_arg(E, 1);
  std::optional<AffineCondition> Out;
  if (T == isl_ast_expr_op_and || T == isl_ast_expr_op_and_then ||
      T == isl_ast_expr_op_or || T == isl_ast_expr_op_or_else) {
    std::optional<AffineCondition> L = condition(A), R = condition(B);
    if (L && R)
      Out = (T == isl_ast_expr_op_and || T == isl_ast_expr_op_and_then)
                ? (*L && *R)
                : (*L || *R);
  } else {
    static const std::map<isl_ast_expr_op_type, const char *> Ops = {
        {isl_ast_expr_op_eq, "=="}, {isl_ast_expr_op_le, "<="},
        {isl_ast_expr_op_lt, "<"},  {isl_ast_expr_op_ge, ">="},
        {isl_ast_expr_op_gt, ">"}};
    auto It = Ops.find(T);
    std::optional<IndexExpr> L = index(A), R = index(B);
    if (It != Ops.end() && L && R)
      Out = AffineCondition::compare(*L, It->second, *R);
  }
  isl_ast_expr_free(A);
  isl_ast_expr_free(B);
  return Out;
}

// A ScalarRef to loop variable Var (a value in an expression) as the
// expression Value: a name, or sums and products of names and constants.
Expr indexValue(const IndexExpr &Value, ElemType Type) {
  std::optional<Expr> Sum;
  for (const Term &T : Value.terms()) {
    std::optional<Expr> P;
    for (const std::string &S : T.Symbols) {
      Expr X = Expr::scalarRef(S, Type);
      P = P ? Expr::binary('*', *P, X) : X;
    }
    int64_t C = T.Coeff;
    if (!P) {
      P = Expr::intLit(C);
    } else if (C != 1 && C != -1) {
      P = Expr::binary('*', Expr::intLit(C < 0 ? -C : C), *P);
    }
    if (!Sum)
      Sum = C < 0 && !T.Symbols.empty()
                ? Expr::binary('-', Expr::intLit(0), *P)
                : *P;
    else
      Sum = Expr::binary(C < 0 && !T.Symbols.empty() ? '-' : '+', *Sum, *P);
  }
  return Sum ? *Sum : Expr::intLit(0);
}

void substituteExpr(Expr &E, const std::map<std::string, IndexExpr> &Values) {
  if (E.K == Expr::ScalarRef) {
    auto It = Values.find(E.Name);
    if (It != Values.end()) {
      SourceLoc Loc = E.Loc;
      E = indexValue(It->second, E.Type);
      E.Loc = Loc;
    }
    return;
  }
  for (IndexExpr &S : E.Subscripts)
    for (const auto &[Name, Value] : Values)
      S = S.substitute(Name, Value);
  for (Expr &Op : E.Operands)
    substituteExpr(Op, Values);
}

// Replaces the placeholder From by V everywhere in Body (a loop of that
// variable takes V's name, when V is a name).
void substituteAll(std::vector<Node> &Body, const std::string &From,
                   const IndexExpr &V) {
  std::map<std::string, IndexExpr> Values = {{From, V}};
  for (Node &N : Body) {
    if (N.isLoop()) {
      Loop &L = N.loop();
      if (L.Var == From)
        L.Var = V.str();
      for (IndexExpr &E : L.Lower)
        E = E.substitute(From, V);
      for (IndexExpr &E : L.Upper)
        E = E.substitute(From, V);
      substituteAll(L.Body, From, V);
      continue;
    }
    Stmt &S = N.stmt();
    for (Expr *E : S.exprs())
      substituteExpr(*E, Values);
    for (AffineCondition &C : S.When.Affine)
      C = C.substitute(From, V);
  }
}

// Renames placeholder From to To everywhere in Body.
void renameAll(std::vector<Node> &Body, const std::string &From,
               const std::string &To) {
  substituteAll(Body, From, IndexExpr::symbol(To));
}

bool Scheduler::statement(isl_ast_expr *Call,
                          const std::vector<AffineCondition> &Guards,
                          std::vector<Node> &Out) {
  isl_ast_expr *Fn = isl_ast_expr_op_get_arg(Call, 0);
  isl_id *Id = isl_ast_expr_get_id(Fn);
  std::string Name = isl_id_get_name(Id);
  isl_id_free(Id);
  isl_ast_expr_free(Fn);
  unsigned P = unsigned(std::stoul(Name.substr(1)));
  size_t Q = Pieces[P].Q;
  const Statement &St = Stmts[Q];
  if (!Emitted.insert(P).second)
    return refuse("isl's code repeats statement S" +
                  std::to_string(St.Site.S->Id)),
           false;
  // The C's loop variables, as expressions of the AST's iterators
  // (placeholders: no clash with the C's names while substituting).
  std::map<std::string, IndexExpr> Values;
  for (size_t K = 0; K < St.Site.Loops.size(); ++K) {
    isl_ast_expr *A = isl_ast_expr_op_get_arg(Call, int(K + 1));
    std::optional<IndexExpr> X = index(A);
    if (X && isl_ast_expr_get_type(A) == isl_ast_expr_id) {
      isl_id *I = isl_ast_expr_get_id(A);
      std::string It = isl_id_get_name(I);
      isl_id_free(I);
      if (!Origin.count(It))
        Origin[It] = St.Site.Loops[K];
    }
    isl_ast_expr_free(A);
    if (!X)
      return refuse("isl's code computes a loop variable of S" +
                    std::to_string(St.Site.S->Id) +
                    " with an operation the IR has no form for"),
             false;
    Values[St.Site.Loops[K]->Var] = *X;
  }
  Stmt S = *St.Site.S;
  if (!EmittedStmts.insert(Q).second)
    S.Id = NextId++;
  for (Expr *E : S.exprs())
    substituteExpr(*E, Values);
  for (AffineCondition &C : S.When.Affine)
    for (const auto &[V, X] : Values)
      C = C.substitute(V, X);
  S.When.Affine.insert(S.When.Affine.begin(), Guards.begin(), Guards.end());
  Out.push_back(Node{S});
  return true;
}

bool Scheduler::convert(isl_ast_node *N,
                        const std::vector<AffineCondition> &Guards,
                        std::vector<std::string> &Names,
                        std::vector<Node> &Out) {
  switch (isl_ast_node_get_type(N)) {
  case isl_ast_node_block: {
    isl_ast_node_list *L = isl_ast_node_block_get_children(N);
    bool OK = true;
    for (isl_size K = 0, E = isl_ast_node_list_n_ast_node(L); OK && K < E; ++K) {
      isl_ast_node *C = isl_ast_node_list_get_at(L, K);
      OK = convert(C, Guards, Names, Out);
      isl_ast_node_free(C);
    }
    isl_ast_node_list_free(L);
    return OK;
  }
  case isl_ast_node_mark: {
    isl_ast_node *C = isl_ast_node_mark_get_node(N);
    bool OK = convert(C, Guards, Names, Out);
    isl_ast_node_free(C);
    return OK;
  }
  case isl_ast_node_user: {
    isl_ast_expr *E = isl_ast_node_user_get_expr(N);
    bool OK = statement(E, Guards, Out);
    isl_ast_expr_free(E);
    return OK;
  }
  case isl_ast_node_if: {
    isl_ast_expr *C = isl_ast_node_if_get_cond(N);
    std::optional<AffineCondition> Cond = condition(C);
    isl_ast_expr_free(C);
    if (!Cond)
      return refuse("isl's code has a condition the IR has no form for"),
             false;
    std::vector<AffineCondition> Then = Guards, Else = Guards;
    Then.push_back(*Cond);
    Else.push_back(!*Cond);
    isl_ast_node *T = isl_ast_node_if_get_then_node(N);
    bool OK = convert(T, Then, Names, Out);
    isl_ast_node_free(T);
    if (OK && isl_ast_node_if_has_else_node(N) == isl_bool_true) {
      isl_ast_node *E = isl_ast_node_if_get_else_node(N);
      OK = convert(E, Else, Names, Out);
      isl_ast_node_free(E);
    }
    return OK;
  }
  case isl_ast_node_for: {
    isl_ast_expr *It = isl_ast_node_for_get_iterator(N);
    isl_id *Id = isl_ast_expr_get_id(It);
    std::string Iter = isl_id_get_name(Id);
    isl_id_free(Id);
    isl_ast_expr_free(It);
    LoopName[Iter] = Iter;
    // A loop of one iteration (a piece of an index-set split on a
    // hyperplane, `j == k`): its body with the iterator's one value.
    if (isl_ast_node_for_is_degenerate(N) == isl_bool_true) {
      isl_ast_expr *Init = isl_ast_node_for_get_init(N);
      std::optional<IndexExpr> Value = index(Init);
      isl_ast_expr_free(Init);
      if (!Value)
        return refuse("isl's code has a loop of one iteration whose value "
                      "the IR has no form for"),
               false;
      std::vector<Node> Body;
      isl_ast_node *B = isl_ast_node_for_get_body(N);
      bool OK = convert(B, Guards, Names, Body);
      isl_ast_node_free(B);
      substituteAll(Body, placeholder(Iter), *Value);
      for (Node &X : Body)
        Out.push_back(std::move(X));
      return OK;
    }
    Loop L;
    L.Var = placeholder(Iter);
    L.VarType = Widest;
    // Bounds that divide (a wavefront's: `c1 <= floord(c0, 4)`) are left
    // out of the loop's bounds and guard its statements instead, exactly.
    std::vector<AffineCondition> Exact;
    isl_ast_expr *Init = isl_ast_node_for_get_init(N);
    bool OK = loopBounds(Init, L.Var, 0, false, L.Lower, Exact);
    isl_ast_expr_free(Init);
    isl_ast_expr *Inc = isl_ast_node_for_get_inc(N);
    std::optional<IndexExpr> Step = index(Inc);
    isl_ast_expr_free(Inc);
    OK &= Step && Step->isConstant() && Step->constantPart() == 1;
    // The condition: `iterator <= bound` or `iterator < bound`.
    isl_ast_expr *Cond = isl_ast_node_for_get_cond(N);
    if (OK && isl_ast_expr_get_type(Cond) == isl_ast_expr_op &&
        isl_ast_expr_op_get_n_arg(Cond) == 2) {
      isl_ast_expr_op_type T = isl_ast_expr_op_get_type(Cond);
      isl_ast_expr *Lhs = isl_ast_expr_op_get_arg(Cond, 0);
      isl_ast_expr *Rhs = isl_ast_expr_op_get_arg(Cond, 1);
      std::optional<IndexExpr> V = index(Lhs);
      OK = V && *V == IndexExpr::symbol(L.Var) &&
           (T == isl_ast_expr_op_le || T == isl_ast_expr_op_lt) &&
           loopBounds(Rhs, L.Var, T == isl_ast_expr_op_lt ? -1 : 0, true,
                      L.Upper, Exact);
      isl_ast_expr_free(Lhs);
      isl_ast_expr_free(Rhs);
    } else {
      OK = false;
    }
    isl_ast_expr_free(Cond);
    if (!OK)
      return refuse("isl's code has a loop whose bounds or step the IR has "
                    "no form for"),
             false;
    Widened.push_back(!Exact.empty());
    std::vector<AffineCondition> Inner = Guards;
    Inner.insert(Inner.end(), Exact.begin(), Exact.end());
    Names.push_back(Iter);
    isl_ast_node *B = isl_ast_node_for_get_body(N);
    OK = convert(B, Inner, Names, L.Body);
    isl_ast_node_free(B);
    Out.push_back(Node{std::move(L)});
    return OK;
  }
  default:
    return refuse("isl's code has a construct the IR has no form for"), false;
  }
}

// Index-set splitting (AffineSchedule.h): each statement that reads, at
// another subscript, an element of the array it writes (floyd-warshall's
// path[i][k] and path[k][j] beside path[i][j]) is split where the two
// subscripts meet, by the sign of their difference in each dimension (j - k
// < 0, = 0, > 0): the pieces partition its instances exactly, and inside
// each the dependence through that read has one direction, which a
// schedule can respect with parallel bands. At most MaxSplitPlanes planes
// a statement; pieces empty for every size are dropped.
bool Scheduler::splitPieces() {
  constexpr size_t MaxSplitPlanes = 2;
  bool Any = false;
  for (size_t Q = 0; Q < Stmts.size(); ++Q) {
    const Statement &St = Stmts[Q];
    std::vector<std::string> Planes;
    std::set<std::string> Seen;
    for (const Access &W : St.Site.Accesses) {
      if (!W.IsWrite || W.Subscripts.empty())
        continue;
      for (const Access &R : St.Site.Accesses) {
        if (R.IsWrite || R.Name != W.Name ||
            R.Subscripts.size() != W.Subscripts.size())
          continue;
        for (size_t D = 0; D < W.Subscripts.size(); ++D) {
          IndexExpr Diff = W.Subscripts[D] - R.Subscripts[D];
          bool OfLoops = false;
          for (const Term &T : Diff.terms())
            for (const std::string &Sym : T.Symbols)
              for (const Loop *L : St.Site.Loops)
                OfLoops |= L->Var == Sym;
          if (!OfLoops)
            continue;
          std::optional<std::string> A = Solver.islExpr(St.Site, 'x', Diff);
          std::optional<std::string> B =
              Solver.islExpr(St.Site, 'x', IndexExpr() - Diff);
          if (!A || !B || Seen.count(*A) || Seen.count(*B))
            continue;
          Seen.insert(*A);
          Planes.push_back(*A);
        }
      }
    }
    if (Planes.size() > MaxSplitPlanes)
      return refuse("statement S" + std::to_string(St.Site.S->Id) +
                    " would be split by " + std::to_string(Planes.size()) +
                    " hyperplanes (at most " +
                    std::to_string(MaxSplitPlanes) + ")"),
             false;
    Any |= !Planes.empty();
    std::vector<std::string> Sides = {""};
    for (const std::string &H : Planes) {
      std::vector<std::string> Next;
      for (const std::string &Side : Sides)
        for (const char *Rel : {" < 0", " = 0", " > 0"})
          Next.push_back((Side.empty() ? "" : Side + " and ") + "(" + H + ")" +
                         Rel);
      Sides = std::move(Next);
    }
    std::vector<std::string> Vars;
    for (size_t K = 0; K < St.Site.Loops.size(); ++K)
      Vars.push_back("x" + std::to_string(K));
    for (const std::string &Side : Sides) {
      if (!Side.empty()) {
        std::vector<std::string> C = {Side};
        Solver.islDomain(St.Site, 'x', C, /*WithAssume=*/false);
        isl_set *Set = Solver.islSet(Vars, C);
        if (!Set)
          return refuse("isl cannot read a piece of statement S" +
                        std::to_string(St.Site.S->Id)),
                 false;
        bool Empty = isl_set_is_empty(Set) == isl_bool_true;
        isl_set_free(Set);
        if (Empty)
          continue;
      }
      Pieces.push_back({Q, Side});
    }
  }
  if (!Any)
    return refuse("no statement reads an element of the array it writes at "
                  "another subscript (nothing to split)"),
           false;
  return true;
}

// The user's schedule (`S0[i, j] -> [j, i]; S1[i] -> [i, 0]`, statements
// by their IR ids) over isl's statement names; null (and Reason) when it
// cannot be read or does not give every statement of the nest a time.
isl_union_map *Scheduler::userSchedule(const std::string &Text) {
  isl_ctx *Ctx = Solver.context();
  isl_union_map *Read =
      isl_union_map_read_from_str(Ctx, ("{ " + Text + " }").c_str());
  if (!Read)
    return refuse("isl cannot read the schedule '" + Text + "'"), nullptr;
  isl_union_map *Out = nullptr;
  std::set<unsigned> Given;
  isl_map_list *List = isl_union_map_get_map_list(Read);
  isl_union_map_free(Read);
  for (isl_size K = 0, E = isl_map_list_n_map(List); K < E; ++K) {
    isl_map *M = isl_map_list_get_at(List, K);
    const char *T = isl_map_get_tuple_name(M, isl_dim_in);
    std::string Name = T ? T : "";
    std::optional<unsigned> Q;
    if (Name.size() > 1 && Name[0] == 'S' &&
        Name.find_first_not_of("0123456789", 1) == std::string::npos)
      Q = statementOfId(unsigned(std::stoul(Name.substr(1))));
    if (!Q) {
      isl_map_free(M);
      refuse("the schedule names '" + Name +
             "', not a statement of this nest");
      break;
    }
    isl_size In = isl_map_dim(M, isl_dim_in);
    if (In != isl_size(Stmts[*Q].Site.Loops.size())) {
      isl_map_free(M);
      refuse("the schedule's " + Name + " has " + std::to_string(In) +
             " loop variables; the statement has " +
             std::to_string(Stmts[*Q].Site.Loops.size()));
      break;
    }
    Given.insert(*Q);
    M = isl_map_set_tuple_name(M, isl_dim_in,
                               ("S" + std::to_string(*Q)).c_str());
    isl_union_map *U = isl_union_map_from_map(M);
    Out = Out ? isl_union_map_union(Out, U) : U;
  }
  isl_map_list_free(List);
  if (Reason.empty())
    for (size_t Q = 0; Q < Stmts.size(); ++Q)
      if (!Given.count(unsigned(Q))) {
        refuse("the schedule gives no time to S" +
               std::to_string(Stmts[Q].Site.S->Id));
        break;
      }
  if (!Reason.empty()) {
    isl_union_map_free(Out);
    return nullptr;
  }
  return Out;
}

// A dependence the new order reverses or runs at the same time, as an
// instance of it: "the dependence S0[1, 1] -> S0[2, 0] (sizes: n = 3) would
// not run in the C's order".
std::string Scheduler::violation(isl_union_map *Violated) {
  isl_basic_map *B = isl_union_map_sample(Violated);
  if (!B)
    return "the schedule does not keep every dependence";
  isl_map *M = isl_map_from_basic_map(B);
  for (isl_dim_type T : {isl_dim_in, isl_dim_out}) {
    const char *N = isl_map_get_tuple_name(M, T);
    std::string Name = N ? N : "";
    if (Name.size() < 2)
      continue;
    const Statement &St = Stmts[Pieces[std::stoul(Name.substr(1))].Q];
    M = isl_map_set_tuple_name(M, T,
                               ("S" + std::to_string(St.Site.S->Id)).c_str());
    for (size_t K = 0; K < St.Site.Loops.size(); ++K)
      M = isl_map_set_dim_name(
          M, T, unsigned(K),
          (St.Site.Loops[K]->Var + (T == isl_dim_out ? "'" : "")).c_str());
  }
  isl_size NP = isl_map_dim(M, isl_dim_param);
  for (isl_size K = 0; K < NP; ++K) {
    const char *P = isl_map_get_dim_name(M, isl_dim_param, unsigned(K));
    M = isl_map_set_dim_name(M, isl_dim_param, unsigned(K),
                             Solver.paramSpelling(P ? P : "?").c_str());
  }
  char *Text = isl_map_to_str(M);
  std::string T = Text ? Text : "";
  free(Text);
  isl_map_free(M);
  return "the schedule does not keep the dependence " + T +
         " (its source would not run before its sink; lecture 04: a "
         "transformation must preserve every dependence)";
}


// isl operations (isl_ctx_set_max_operations) that one nest's scheduling may
// take. PolyBench/C 4.2.1's 30 files keep every schedule with 60000 (with
// 30000 floyd-warshall and nussinov lose theirs), and fuzz seed 1610066
// took 4.6 s with 200000 but 71 s with 400000: an operation's cost grows
// with the integers' sizes. The environment variable
// LOOPTILE_ISL_SCHEDULE_OPS overrides it, for experiments.
static constexpr unsigned long ScheduleOperations = 200000;

AffineScheduleResult Scheduler::run() {
  AffineScheduleResult Result;
  NotMemory = F.nonMemoryNames();
  std::vector<const Loop *> Stack;
  std::vector<size_t> Pos;
  if (!collect(F.Body[Nest].loop(), Stack, Pos)) {
    Result.Description = Reason;
    return Result;
  }
  NextId = F.nextStmtId();
  if (!Split || UserSchedule) {
    for (size_t Q = 0; Q < Stmts.size(); ++Q)
      Pieces.push_back({Q, ""});
  } else if (!splitPieces()) {
    Result.Description = Reason;
    return Result;
  }
  // 1. Domains and accesses, in isl's notation.
  size_t Depth = 0;
  for (const Statement &S : Stmts)
    Depth = std::max(Depth, S.Site.Loops.size());
  std::vector<std::string> Domains, Writes, Reads, Order;
  std::map<std::string, size_t> ArrayIds;
  for (size_t P = 0; P < Pieces.size(); ++P) {
    const Statement &St = Stmts[Pieces[P].Q];
    std::vector<std::string> Cons;
    if (!Pieces[P].Extra.empty())
      Cons.push_back(Pieces[P].Extra);
    // Without the loops' facts about the sizes (Loop::Assume: what a
    // derived size's definition implies, 4*N_q <= N <= 4*N_q + 3): a
    // domain larger only for sizes no call has, whose dependences the
    // schedule keeps too. With them isl's integer programs grew beyond any
    // budget (fuzz seeds 1620239 and 1621077: past 60 s).
    if (!Solver.islDomain(St.Site, 'x', Cons, /*WithAssume=*/false)) {
      Result.Description = "a bound around statement S" +
                           std::to_string(St.Site.S->Id) +
                           " is not affine";
      return Result;
    }
    std::string Vars;
    for (size_t K = 0; K < St.Site.Loops.size(); ++K)
      Vars += (K ? ", x" : "x") + std::to_string(K);
    std::string Tuple = "S" + std::to_string(P) + "[" + Vars + "]";
    std::string Where;
    for (const std::string &C : Cons)
      Where += (Where.empty() ? "" : " and ") + C;
    std::string Cond = Where.empty() ? "" : " : " + Where;
    Domains.push_back(Tuple + Cond);
    for (const Access &A : St.Site.Accesses) {
      if (A.Subscripts.empty())
        continue; // a scalar read (collect refused any other)
      std::string Sub;
      for (const IndexExpr &E : A.Subscripts) {
        std::optional<std::string> X = Solver.islExpr(St.Site, 'x', E);
        if (!X) {
          Result.Description = "subscript '" + E.str() + "' of S" +
                               std::to_string(St.Site.S->Id) +
                               " is not affine in the loop variables";
          return Result;
        }
        Sub += (Sub.empty() ? "" : ", ") + *X;
      }
      // Arrays by number (M0, M1, ...): a C name may be an isl keyword.
      auto [It, New] = ArrayIds.emplace(A.Name, ArrayIds.size());
      (void)New;
      (A.IsWrite ? Writes : Reads)
          .push_back(Tuple + " -> M" + std::to_string(It->second) + "[" + Sub +
                     "]" + Cond);
    }
    // 2. The C's order: [x0, p0, x1, p1, ...], p_k the position in loop
    // k's body, padded with zeros to the deepest statement's length.
    std::string Time;
    for (size_t K = 0; K < Depth; ++K) {
      if (K < St.Site.Loops.size())
        Time += std::string(St.Site.Loops[K]->Step < 0 ? "-x" : "x") +
                std::to_string(K) + ", " + std::to_string(St.Positions[K]);
      else
        Time += "0, 0";
      Time += K + 1 < Depth ? ", " : "";
    }
    Order.push_back(Tuple + " -> [" + Time + "]");
  }
  std::string Params;
  for (const std::string &P : Solver.paramNames())
    Params += (Params.empty() ? "" : ", ") + P;
  auto Union = [&](const std::vector<std::string> &Parts) {
    std::string T = "[" + Params + "] -> { ";
    for (size_t K = 0; K < Parts.size(); ++K)
      T += (K ? "; " : "") + Parts[K];
    return T + " }";
  };
  isl_ctx *Ctx = Solver.context();
  isl_union_set *Dom =
      isl_union_set_read_from_str(Ctx, Union(Domains).c_str());
  isl_union_map *W = isl_union_map_read_from_str(Ctx, Union(Writes).c_str());
  isl_union_map *R = isl_union_map_read_from_str(Ctx, Union(Reads).c_str());
  isl_union_map *C = isl_union_map_read_from_str(Ctx, Union(Order).c_str());
  if (!Dom || !W || !R || !C) {
    isl_union_set_free(Dom);
    isl_union_map_free(W);
    isl_union_map_free(R);
    isl_union_map_free(C);
    Result.Description = "isl could not read the nest";
    return Result;
  }
  W = isl_union_map_intersect_domain(W, isl_union_set_copy(Dom));
  R = isl_union_map_intersect_domain(R, isl_union_set_copy(Dom));
  C = isl_union_map_intersect_domain(C, isl_union_set_copy(Dom));
  // 3. Every pair touching one element, a write among them, in C's order.
  isl_union_map *Same = isl_union_map_apply_range(
      isl_union_map_copy(W), isl_union_map_reverse(isl_union_map_copy(W)));
  Same = isl_union_map_union(
      Same, isl_union_map_apply_range(
                isl_union_map_copy(W),
                isl_union_map_reverse(isl_union_map_copy(R))));
  Same = isl_union_map_union(
      Same, isl_union_map_apply_range(
                isl_union_map_copy(R),
                isl_union_map_reverse(isl_union_map_copy(W))));
  isl_union_map *Before =
      isl_union_map_lex_lt_union_map(isl_union_map_copy(C),
                                     isl_union_map_copy(C));
  isl_union_map *Deps = isl_union_map_intersect(Same, Before);
  isl_union_map_free(W);
  isl_union_map_free(R);
  isl_union_map_free(C);
  // 4. The schedule: the user's, or isl's.
  isl_schedule *Sched = nullptr;
  isl_union_map *New = nullptr;
  if (UserSchedule) {
    New = userSchedule(*UserSchedule);
    if (!New) {
      isl_union_map_free(Deps);
      isl_union_set_free(Dom);
      Result.Description = Reason;
      return Result;
    }
    New = isl_union_map_intersect_domain(New, isl_union_set_copy(Dom));
  } else {
    isl_schedule_constraints *SC =
        isl_schedule_constraints_on_domain(isl_union_set_copy(Dom));
    SC = isl_schedule_constraints_set_validity(SC, isl_union_map_copy(Deps));
    SC = isl_schedule_constraints_set_coincidence(SC,
                                                  isl_union_map_copy(Deps));
    SC = isl_schedule_constraints_set_proximity(SC, isl_union_map_copy(Deps));
    isl_options_set_schedule_outer_coincidence(Ctx, 1);
    isl_options_set_schedule_serialize_sccs(Ctx, Split ? 1 : 0);
    // A budget of isl operations: the scheduler's integer programs can
    // grow without bound with parameters (sizes the function computes, N =
    // 4*N_q + N_r, made one nest take 70 s: fuzz seed 1610066). Past it
    // isl gives up, quietly, and the nest keeps the mappings it has.
    const char *Budget = std::getenv("LOOPTILE_ISL_SCHEDULE_OPS");
    unsigned long MaxOps = Budget ? std::strtoul(Budget, nullptr, 10)
                                  : ScheduleOperations;
    int OnError = isl_options_get_on_error(Ctx);
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
    isl_ctx_reset_operations(Ctx);
    isl_ctx_set_max_operations(Ctx, MaxOps);
    Sched = isl_schedule_constraints_compute_schedule(SC);
    isl_ctx_set_max_operations(Ctx, 0);
    isl_ctx_reset_operations(Ctx);
    if (!Sched) {
      if (isl_ctx_last_error(Ctx) == isl_error_quota)
        Reason = "isl's scheduler passed its budget of " +
                 std::to_string(MaxOps) + " operations";
      isl_ctx_reset_error(Ctx);
    }
    isl_options_set_on_error(Ctx, OnError);
    if (Sched)
      New = isl_schedule_get_map(Sched);
  }
  // Every dependence's source strictly before its sink in the new order.
  bool Legal = false;
  if (New) {
    isl_union_map *NewBefore = isl_union_map_lex_lt_union_map(
        isl_union_map_copy(New), isl_union_map_copy(New));
    Legal = isl_union_map_is_subset(Deps, NewBefore) == isl_bool_true;
    if (!Legal)
      Result.Description = violation(
          isl_union_map_subtract(isl_union_map_copy(Deps), NewBefore));
    else
      isl_union_map_free(NewBefore);
    // The description: each statement's new time, over its C names.
    for (size_t P = 0; P < Pieces.size() && Legal; ++P) {
      const Statement &St = Stmts[Pieces[P].Q];
      std::string Dims;
      for (size_t K = 0; K < St.Site.Loops.size(); ++K)
        Dims += (K ? ", x" : "x") + std::to_string(K);
      isl_map *M = nullptr;
      isl_union_map *Of = isl_union_map_intersect_domain(
          isl_union_map_copy(New),
          isl_union_set_read_from_str(
              Ctx, ("[" + Params + "] -> { S" + std::to_string(P) + "[" +
                    Dims + "] }")
                       .c_str()));
      if (isl_union_map_n_map(Of) == 1)
        M = isl_map_from_union_map(Of);
      else
        isl_union_map_free(Of);
      if (!M)
        continue;
      for (size_t K = 0; K < St.Site.Loops.size(); ++K)
        M = isl_map_set_dim_name(M, isl_dim_in, unsigned(K),
                                 St.Site.Loops[K]->Var.c_str());
      M = isl_map_set_tuple_name(M, isl_dim_in,
                                 ("S" + std::to_string(St.Site.S->Id)).c_str());
      char *Text = isl_map_to_str(M);
      std::string T = Text ? Text : "";
      free(Text);
      isl_map_free(M);
      // `[p0] -> { S0[i, j] -> [j, i] }` -> `S0[i, j] -> [j, i]`
      size_t Open = T.find("{ "), Close = T.rfind(" }");
      if (Open != std::string::npos && Close != std::string::npos &&
          Close > Open)
        T = T.substr(Open + 2, Close - Open - 2);
      for (const std::string &P : Solver.paramNames())
        for (size_t At = T.find(P); At != std::string::npos;
             At = T.find(P, At + 1)) {
          bool Before = At > 0 && (std::isalnum((unsigned char)T[At - 1]) ||
                                   T[At - 1] == '_');
          size_t E = At + P.size();
          bool After = E < T.size() &&
                       (std::isalnum((unsigned char)T[E]) || T[E] == '_');
          if (!Before && !After)
            T.replace(At, P.size(), Solver.paramSpelling(P));
        }
      Result.Description += (Result.Description.empty() ? "" : "; ") + T;
    }
  }
  isl_union_map_free(Deps);
  if (!Legal) {
    isl_schedule_free(Sched);
    isl_union_map_free(New);
    isl_union_set_free(Dom);
    if (!New)
      Result.Description = Reason.empty() ? "isl found no schedule" : Reason;
    return Result;
  }
  // 5. The schedule as loops.
  isl_set *Context = isl_set_read_from_str(
      Ctx, ("[" + Params + "] -> { : }").c_str());
  isl_ast_build *Build = isl_ast_build_from_context(Context);
  isl_ast_node *Tree =
      Sched ? isl_ast_build_node_from_schedule(Build, Sched)
            : isl_ast_build_node_from_schedule_map(Build,
                                                   isl_union_map_copy(New));
  isl_ast_build_free(Build);
  isl_union_map_free(New);
  isl_union_set_free(Dom);
  std::vector<std::string> Names;
  std::vector<Node> Out;
  bool OK = Tree && convert(Tree, {}, Names, Out);
  isl_ast_node_free(Tree);
  if (OK && Emitted.size() != Pieces.size())
    OK = (refuse("isl's code leaves a statement out"), false);
  if (!OK) {
    Result.Description = Reason.empty() ? "isl built no code" : Reason;
    return Result;
  }
  // Name each new loop after the C loop whose variable it first stands for
  // where no enclosing new loop, size or other name has it; else Var2, ...
  std::set<std::string> Taken;
  for (const Variable &V : F.Params)
    Taken.insert(V.Name);
  for (const Variable &V : F.Locals)
    Taken.insert(V.Name);
  std::vector<std::string> WidenedNames;
  size_t Created = 0;
  std::function<void(std::vector<Node> &, std::set<std::string>)> Name =
      [&](std::vector<Node> &Body, std::set<std::string> Outer) {
        for (Node &N : Body) {
          if (!N.isLoop())
            continue;
          Loop &L = N.loop();
          std::string Iter = L.Var.substr(1);
          const Loop *From = Origin.count(Iter) ? Origin[Iter] : nullptr;
          std::string Base = From ? From->Var : "c";
          std::string Final = Base;
          for (unsigned K = 2; Outer.count(Final) || Taken.count(Final); ++K)
            Final = Base + std::to_string(K);
          L.Loc = From ? From->Loc : F.Body[Nest].loop().Loc;
          std::string Ph = L.Var;
          L.Var = Final;
          if (Widened.at(Created++))
            WidenedNames.push_back(Final);
          renameAll(L.Body, Ph, Final);
          for (IndexExpr &E : L.Lower)
            E = E.substitute(Ph, IndexExpr::symbol(Final));
          for (IndexExpr &E : L.Upper)
            E = E.substitute(Ph, IndexExpr::symbol(Final));
          std::set<std::string> Inner = Outer;
          Inner.insert(Final);
          Name(L.Body, Inner);
        }
      };
  Name(Out, {});
  if (!WidenedNames.empty()) {
    std::string List;
    for (size_t K = 0; K < WidenedNames.size(); ++K)
      List += (K ? (K + 1 == WidenedNames.size() ? " and '" : ", '") : "'") +
              WidenedNames[K] + "'";
    Result.Description +=
        "; loop" + std::string(WidenedNames.size() > 1 ? "s " : " ") + List +
        " run over bounds without isl's divisions, each statement guarded "
        "by the exact bounds";
  }
  Result.Applied = true;
  Result.Nests = std::move(Out);
  return Result;
}

} // namespace

AffineScheduleResult looptile::scheduleNest(const Function &F, unsigned Nest,
                                            const std::string *UserSchedule,
                                            bool SplitIndexSets) {
  ++NestsScheduled;
  return Scheduler(F, Nest, UserSchedule, SplitIndexSets).run();
}
