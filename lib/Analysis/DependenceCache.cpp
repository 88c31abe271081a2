//===- DependenceCache.cpp - each nest's dependences computed once --------===//
#include "looptile/IR/Walk.h"
#include "looptile/Analysis/DependenceCache.h"

#include "looptile/Analysis/ScalarClassification.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <set>

using namespace looptile;

static thread_local DependenceCache *Current = nullptr;

DependenceCache::Scope::Scope(DependenceCache &Cache) : Previous(Current) {
  Current = &Cache;
}

DependenceCache::Scope::~Scope() { Current = Previous; }

DependenceCache *DependenceCache::current() { return Current; }

const DependenceCache::Entry *
DependenceCache::find(const std::string &Key) const {
  auto It = Entries.find(Key);
  return It == Entries.end() ? nullptr : &It->second;
}

void DependenceCache::insert(std::string Key, Entry E) {
  Entries.emplace(std::move(Key), std::move(E));
}

const DependenceCache::Problem *
DependenceCache::findProblem(const std::string &Key) const {
  auto It = Problems.find(Key);
  return It == Problems.end() ? nullptr : &It->second;
}

void DependenceCache::insertProblem(std::string Key, Problem P) {
  Problems.emplace(std::move(Key), std::move(P));
}

bool DependenceCache::verifying() {
  static const bool Verify = [] {
    const char *V = std::getenv("LOOPTILE_VERIFY_DEPENDENCE_CACHE");
    return V && *V && std::string(V) != "0";
  }();
  return Verify;
}

namespace {

// The key's text: every field of the IR it reads, each ended by a unit
// separator, each list opened and closed by its own characters, so that
// two different inputs never write the same text.
struct KeyWriter {
  std::string &Out;

  void field(const std::string &S) {
    Out += S;
    Out += '\x1f';
  }
  void field(int64_t V) { field(std::to_string(V)); }
  void open() { Out += '\x1e'; }
  void close() { Out += '\x1d'; }

  void loc(const SourceLoc &L) { field(std::to_string(L.Line) + ":" +
                                       std::to_string(L.Col)); }
  void index(const IndexExpr &E) { field(E.str()); }
  void constraint(const AffineConstraint &C) {
    field(C.E.str() + (C.IsEquality ? " == 0" : " >= 0"));
  }
  void condition(const AffineCondition &C) {
    open();
    field(C.isBounded() ? 1 : 0);
    for (const std::vector<AffineConstraint> &D : C.disjuncts()) {
      open();
      for (const AffineConstraint &A : D)
        constraint(A);
      close();
    }
    close();
  }
  void intType(const IntType &T) {
    field(T.Spelling + "/" + std::to_string(T.Bits) + "/" +
          std::to_string(T.Signed) + "/" + std::to_string(T.Rank));
  }
  void wrapChecks(const std::vector<WrapCheck> &Checks) {
    open();
    for (const WrapCheck &W : Checks) {
      index(W.E);
      loc(W.Loc);
      field(W.What);
    }
    close();
  }
  void expr(const Expr &E) {
    open();
    field(int64_t(E.K));
    field(int64_t(E.Type));
    field(E.IntValue);
    uint64_t Bits;
    std::memcpy(&Bits, &E.FloatValue, sizeof Bits);
    field(std::to_string(Bits));
    field(E.Name);
    field(int64_t(E.Op));
    field(int64_t(E.Cond));
    loc(E.Loc);
    open();
    for (const IndexExpr &S : E.Subscripts)
      index(S);
    close();
    for (const Expr &O : E.Operands)
      expr(O);
    close();
  }
  void stmt(const Stmt &S) {
    open();
    field(S.Id);
    field(int64_t(S.Op));
    expr(S.LHS);
    expr(S.RHS);
    field(S.DeclType ? int64_t(*S.DeclType) : -1);
    open();
    for (const AffineCondition &C : S.When.Affine)
      condition(C);
    close();
    open();
    for (const Expr &D : S.When.Data)
      expr(D);
    close();
    wrapChecks(S.GuardChecks);
    loc(S.Loc);
    close();
  }
  void loop(const Loop &L) {
    open();
    field(L.Var);
    open();
    for (const IndexExpr &E : L.Lower)
      index(E);
    close();
    open();
    for (const IndexExpr &E : L.Upper)
      index(E);
    close();
    field(L.Step);
    intType(L.VarType);
    wrapChecks(L.HeaderChecks);
    loc(L.Loc);
    field(L.Copy);
    open();
    for (const AffineConstraint &A : L.Assume)
      constraint(A);
    close();
    for (const Node &N : L.Body) {
      if (N.isLoop())
        loop(N.loop());
      else
        stmt(N.stmt());
    }
    close();
  }
  void variable(const Variable &V) {
    open();
    field(V.Name);
    field(int64_t(V.VarKind));
    field(int64_t(V.Type));
    open();
    for (const std::optional<IndexExpr> &E : V.Extents)
      field(E ? E->str() : "?");
    close();
    intType(V.Int);
    field(V.IsRestrict ? 1 : 0);
    field(V.IsConst ? 1 : 0);
    field(V.DeclaredIn);
    loc(V.Loc);
    close();
  }
};


} // namespace

std::string DependenceCache::keyOf(const Function &F, unsigned NestIndex) {
  const Loop &Root = F.Body[NestIndex].loop();
  std::string Key;
  KeyWriter W{Key};
  W.field(F.Name);
  W.loc(F.Loc);
  W.loop(Root);
  // The declarations the analysis can look up: every parameter, the
  // locals the nest names.
  std::set<std::string> Named = variablesNamed(Root.Body);
  W.open();
  for (const Variable &V : F.Params)
    W.variable(V);
  for (const Variable &V : F.Locals)
    if (Named.count(V.Name))
      W.variable(V);
  W.close();
  // Which names are values (sizes, loop variables anywhere in F), which
  // decides what a statement's accesses are.
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  std::set<std::string> Values(NotMemory.begin(), NotMemory.end());
  W.open();
  for (const std::string &N : Named)
    if (Values.count(N))
      W.field(N);
  W.close();
  // The code around the nest, as the analysis sees it: for each loop and
  // each scalar the nest names, whether the scalar is live after the loop.
  std::vector<const Loop *> Loops;
  forEachLoop(Root, [&](const Loop &L) { Loops.push_back(&L); });
  std::string Live;
  for (const std::string &N : Named) {
    if (Values.count(N))
      continue;
    const Variable *V = F.lookup(N);
    if (V && V->isArray())
      continue;
    for (const Loop *L : Loops)
      Live += isLiveAfter(F, *L, N) ? '1' : '0';
    Live += '/';
  }
  W.field(Live);
  return Key;
}
