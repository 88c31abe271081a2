//===- Walk.h - One walker over loops and statements ------------*- C++ -*-===//
//
// The one way to visit a body's loops and statements (issue 28: one walker
// per IR concept, in the spirit of MLIR's `walk`): in program order, each
// loop before the loops and statements in it, each with the loops that
// enclose it (outermost first, itself excluded). A callback may take the
// node alone or the node and its enclosing loops; the find forms stop at
// the first node a predicate accepts.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_IR_WALK_H
#define LOOPTILE_IR_WALK_H

#include "looptile/IR/LoopNest.h"

#include <string>
#include <type_traits>
#include <vector>

namespace looptile {

/// The loops enclosing a node, outermost first.
using LoopStack = std::vector<const Loop *>;

namespace walk_detail {

// Calls Fn(X, Outer) or Fn(X), whichever it takes; a callback that returns
// nothing never stops the walk.
template <class Fn, class T> bool call(Fn &F, const T &X, const LoopStack &O) {
  if constexpr (std::is_invocable_v<Fn &, const T &, const LoopStack &>) {
    if constexpr (std::is_void_v<
                      std::invoke_result_t<Fn &, const T &, const LoopStack &>>) {
      F(X, O);
      return false;
    } else {
      return bool(F(X, O));
    }
  } else {
    if constexpr (std::is_void_v<std::invoke_result_t<Fn &, const T &>>) {
      F(X);
      return false;
    } else {
      return bool(F(X));
    }
  }
}

// Returns true when a callback stopped the walk.
template <class LoopFn, class StmtFn>
bool walk(const std::vector<Node> &Body, LoopStack &Outer, LoopFn &OnLoop,
          StmtFn &OnStmt) {
  for (const Node &N : Body) {
    if (!N.isLoop()) {
      if (call(OnStmt, N.stmt(), Outer))
        return true;
      continue;
    }
    const Loop &L = N.loop();
    if (call(OnLoop, L, Outer))
      return true;
    Outer.push_back(&L);
    bool Stopped = walk(L.Body, Outer, OnLoop, OnStmt);
    Outer.pop_back();
    if (Stopped)
      return true;
  }
  return false;
}

struct Nothing {
  template <class T> void operator()(const T &) const {}
};

} // namespace walk_detail

/// Calls OnLoop for every loop of Body and OnStmt for every statement, in
/// program order; stops where one returns true.
template <class LoopFn, class StmtFn>
void walk(const std::vector<Node> &Body, LoopFn &&OnLoop, StmtFn &&OnStmt) {
  LoopStack Outer;
  walk_detail::walk(Body, Outer, OnLoop, OnStmt);
}

/// Calls Fn for every loop of Body (a loop before the loops in it).
template <class Fn> void forEachLoop(const std::vector<Node> &Body, Fn &&F) {
  walk_detail::Nothing None;
  LoopStack Outer;
  walk_detail::walk(Body, Outer, F, None);
}
/// The same for L and the loops in it.
template <class Fn> void forEachLoop(const Loop &L, Fn &&F) {
  LoopStack Outer;
  if (walk_detail::call(F, L, Outer))
    return;
  Outer.push_back(&L);
  walk_detail::Nothing None;
  walk_detail::walk(L.Body, Outer, F, None);
}

/// Calls Fn for every statement of Body.
template <class Fn> void forEachStmt(const std::vector<Node> &Body, Fn &&F) {
  walk_detail::Nothing None;
  LoopStack Outer;
  walk_detail::walk(Body, Outer, None, F);
}

/// True when Pred accepts E or an expression below it (operands first
/// visited after their parent).
template <class Pred> bool anyExpr(const Expr &E, Pred &&P) {
  if (P(E))
    return true;
  for (const Expr &Op : E.Operands)
    if (anyExpr(Op, P))
      return true;
  return false;
}

/// The first loop of Body that Pred accepts, or nullptr.
template <class Pred>
const Loop *findLoop(const std::vector<Node> &Body, Pred &&P) {
  const Loop *Found = nullptr;
  forEachLoop(Body, [&](const Loop &L, const LoopStack &Outer) {
    if (walk_detail::call(P, L, Outer))
      Found = &L;
    return Found != nullptr;
  });
  return Found;
}

/// The first statement of Body that Pred accepts, or nullptr.
template <class Pred>
const Stmt *findStmt(const std::vector<Node> &Body, Pred &&P) {
  const Stmt *Found = nullptr;
  forEachStmt(Body, [&](const Stmt &S, const LoopStack &Outer) {
    if (walk_detail::call(P, S, Outer))
      Found = &S;
    return Found != nullptr;
  });
  return Found;
}

/// Every loop variable of Body in program order, each once.
inline std::vector<std::string> loopVarsOf(const std::vector<Node> &Body) {
  std::vector<std::string> Out;
  forEachLoop(Body, [&](const Loop &L) {
    for (const std::string &V : Out)
      if (V == L.Var)
        return;
    Out.push_back(L.Var);
  });
  return Out;
}

} // namespace looptile

#endif
