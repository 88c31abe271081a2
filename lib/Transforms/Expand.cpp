//===- Expand.cpp - scalar expansion (privatization into an array) --------===//
#include "looptile/Transforms/Expand.h"

#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/Transforms/LoopUtils.h"

#include <algorithm>
#include <cassert>
#include <functional>

using namespace looptile;

namespace {

// Rewrites every reference to scalar Name inside E into Name_x[Var].
void rewriteExpr(Expr &E, const std::string &Name, const std::string &Array,
                 const std::string &Var) {
  if (E.K == Expr::ScalarRef && E.Name == Name) {
    E.K = Expr::ArrayRef;
    E.Name = Array;
    E.Subscripts = {IndexExpr::symbol(Var)};
    return;
  }
  for (Expr &Op : E.Operands)
    rewriteExpr(Op, Name, Array, Var);
}

void rewriteBody(std::vector<Node> &Body, const std::string &Name,
                 const std::string &Array, const std::string &Var) {
  for (Node &N : Body) {
    if (N.isLoop()) {
      rewriteBody(N.loop().Body, Name, Array, Var);
      continue;
    }
    Stmt &S = N.stmt();
    if (S.LHS.K == Expr::ScalarRef && S.LHS.Name == Name)
      S.DeclType.reset(); // `float tmp = e` becomes `tmp_x[i] = e`
    rewriteExpr(S.LHS, Name, Array, Var);
    rewriteExpr(S.RHS, Name, Array, Var);
  }
}

// The loop variables of the loops that enclose Target in F, outermost first.
bool enclosingVars(const std::vector<Node> &Body, const Loop *Target,
                   std::vector<std::string> &Path) {
  for (const Node &N : Body) {
    if (!N.isLoop())
      continue;
    const Loop &L = N.loop();
    if (&L == Target)
      return true;
    Path.push_back(L.Var);
    if (enclosingVars(L.Body, Target, Path))
      return true;
    Path.pop_back();
  }
  return false;
}

bool mentionsScalar(const std::vector<Node> &Body, const std::string &Name) {
  std::function<bool(const Expr &)> In = [&](const Expr &E) {
    if (E.K == Expr::ScalarRef && E.Name == Name)
      return true;
    for (const Expr &Op : E.Operands)
      if (In(Op))
        return true;
    return false;
  };
  for (const Node &N : Body)
    if (N.isLoop() ? mentionsScalar(N.loop().Body, Name)
                   : In(N.stmt().LHS) || In(N.stmt().RHS))
      return true;
  return false;
}

bool writesScalar(const std::vector<Node> &Body, const std::string &Name) {
  for (const Node &N : Body) {
    if (N.isLoop() ? writesScalar(N.loop().Body, Name)
                   : (N.stmt().LHS.K == Expr::ScalarRef &&
                      N.stmt().LHS.Name == Name))
      return true;
  }
  return false;
}

} // namespace

std::optional<std::string> looptile::whyCannotExpand(const Function &F,
                                                     const Loop &L,
                                                     const std::string &Name) {
  const Variable *V = F.lookup(Name);
  if (!V || V->VarKind != Variable::LocalScalar)
    return "'" + Name + "' is not a local scalar";
  if (!writesScalar(L.Body, Name))
    return "loop '" + L.Var + "' does not write '" + Name + "'";
  if (classifyScalar(F, L, Name) != VarClass::Private)
    return "'" + Name + "' is not private in loop '" + L.Var +
           "': some iteration reads a value written by another iteration "
           "(it is " + varClassName(classifyScalar(F, L, Name)) + ")";
  if (L.Lower.size() != 1 || !L.Lower[0].isConstant() ||
      L.Lower[0].constantPart() < 0)
    return "loop '" + L.Var + "' does not start at a non-negative constant";
  if (L.Upper.size() != 1)
    return "loop '" + L.Var + "' has several upper bounds (a min)";
  std::vector<std::string> Outer;
  enclosingVars(F.Body, &L, Outer);
  for (const std::string &O : Outer)
    if (L.Upper[0].mentions(O))
      return "the extent of loop '" + L.Var + "' depends on loop '" + O + "'";
  return std::nullopt;
}

std::string looptile::expandScalar(Function &F, Loop &L,
                                   const std::string &Name) {
  assert(!whyCannotExpand(F, L, Name) && "expansion precondition");
  const Variable *V = F.lookup(Name);
  std::string Array = freshName(F, Name + "_x");
  bool LiveOut = isLiveAfter(F, L, Name);
  bool DeclaredInside = isDeclaredInside(F, L, Name);

  // The array lives where the loop is: in the body of L's enclosing loop.
  std::vector<std::string> Outer;
  enclosingVars(F.Body, &L, Outer);
  Variable A;
  A.Name = Array;
  A.VarKind = Variable::LocalArray;
  A.Type = V->Type;
  A.Extents = {L.Upper[0] + IndexExpr::constant(1)};
  A.DeclaredIn = Outer.empty() ? "" : Outer.back();
  A.Loc = L.Loc;

  rewriteBody(L.Body, Name, Array, L.Var);
  if (DeclaredInside || (!LiveOut && !mentionsScalar(F.Body, Name))) {
    // The scalar no longer exists anywhere.
    F.Locals.erase(std::remove_if(F.Locals.begin(), F.Locals.end(),
                                  [&](const Variable &X) { return X.Name == Name; }),
                   F.Locals.end());
  }
  F.Locals.push_back(A);

  if (LiveOut) {
    // Copy the last iteration's value back: a loop that runs once when L
    // ran at all (t from max(lo, hi) to hi), zero times otherwise.
    std::vector<Node> *Parent = nullptr;
    size_t Index = 0;
    findParentBody(F.Body, &L, Parent, Index);
    Loop Copy;
    Copy.Var = L.Var;
    Copy.Lower = {L.Lower[0], L.Upper[0]};
    Copy.Upper = {L.Upper[0]};
    Copy.Step = 1;
    Copy.Loc = L.Loc;
    Stmt S;
    S.Op = AssignOp::Assign;
    S.LHS = Expr::scalarRef(Name, V->Type);
    S.RHS = Expr::arrayRef(Array, V->Type, {IndexExpr::symbol(L.Var)});
    S.Loc = L.Loc;
    unsigned MaxId = 0;
    std::function<void(const std::vector<Node> &)> Scan =
        [&](const std::vector<Node> &B) {
          for (const Node &N : B)
            N.isLoop() ? Scan(N.loop().Body)
                       : (void)(MaxId = std::max(MaxId, N.stmt().Id + 1));
        };
    Scan(F.Body);
    S.Id = MaxId;
    Copy.Body.push_back(Node{std::move(S)});
    Parent->insert(Parent->begin() + Index + 1, Node{std::move(Copy)});
  }
  return Array;
}

bool looptile::applyExpandStep(Function &F, const std::string &Name,
                               std::vector<Diagnostic> &Diags) {
  const Variable *V = F.lookup(Name);
  if (!V || V->VarKind != Variable::LocalScalar) {
    Diags.push_back({Diagnostic::Error, V ? V->Loc : F.Loc,
                     "--expand " + Name + ": '" + Name +
                         "' is not a local scalar of function '" + F.Name +
                         "'"});
    return false;
  }
  // The loops that enclose every access of Name inside loops, innermost
  // first: the scalar is expanded along the innermost of them in which it
  // is private (tmp in matmul along j, the lecture's tmp along i).
  std::vector<Loop *> Candidates;
  std::vector<std::vector<Loop *>> AccessPaths;
  std::vector<Loop *> Path;
  std::function<void(std::vector<Node> &)> Walk = [&](std::vector<Node> &Body) {
    for (Node &N : Body) {
      if (N.isLoop()) {
        Path.push_back(&N.loop());
        Walk(N.loop().Body);
        Path.pop_back();
        continue;
      }
      std::vector<std::string> Skip;
      for (const Access &A : N.stmt().accesses(Skip))
        if (A.Name == Name && A.Subscripts.empty() && !Path.empty()) {
          AccessPaths.push_back(Path);
          break;
        }
    }
  };
  Walk(F.Body);
  if (!AccessPaths.empty()) {
    std::vector<Loop *> Common = AccessPaths.front();
    for (const std::vector<Loop *> &P : AccessPaths) {
      size_t K = 0;
      while (K < Common.size() && K < P.size() && Common[K] == P[K])
        ++K;
      Common.resize(K);
    }
    Candidates.assign(Common.rbegin(), Common.rend());
  }
  Loop *L = nullptr;
  std::string FirstReason = "no loop encloses all of its accesses";
  SourceLoc FirstLoc = V->Loc;
  for (size_t I = 0; I < Candidates.size() && !L; ++I) {
    std::optional<std::string> Why = whyCannotExpand(F, *Candidates[I], Name);
    if (!Why) {
      L = Candidates[I];
    } else if (I == 0) {
      FirstReason = *Why;
      FirstLoc = Candidates[I]->Loc;
    }
  }
  if (!L) {
    Diags.push_back({Diagnostic::Error, FirstLoc,
                     "cannot expand '" + Name + "': " + FirstReason});
    return false;
  }
  expandScalar(F, *L, Name);
  return true;
}
