//===- Distribute.cpp - loop distribution by dependence SCCs --------------===//
#include "looptile/Transforms/Distribute.h"

#include "looptile/IR/Walk.h"
#include "looptile/Analysis/Dependence.h"
#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/Transforms/Expand.h"
#include "looptile/Transforms/ExpandArray.h"
#include "looptile/Transforms/Legality.h"
#include "looptile/Transforms/LoopUtils.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

using namespace looptile;

namespace {

void collectStmtIds(const Node &N, std::vector<unsigned> &Out) {
  if (!N.isLoop()) {
    Out.push_back(N.stmt().Id);
    return;
  }
  for (const Node &C : N.loop().Body)
    collectStmtIds(C, Out);
}

void collectScalarAccesses(const Node &N, std::set<std::string> &Out) {
  if (N.isLoop()) {
    for (const Node &C : N.loop().Body)
      collectScalarAccesses(C, Out);
    return;
  }
  std::function<void(const Expr &)> Walk = [&](const Expr &E) {
    if (E.K == Expr::ScalarRef)
      Out.insert(E.Name);
    for (const Expr &Op : E.Operands)
      Walk(Op);
  };
  for (const Expr *E : N.stmt().exprs())
    Walk(*E);
}

bool mentionsArray(const Node &N, const std::string &Name) {
  if (N.isLoop()) {
    for (const Node &C : N.loop().Body)
      if (mentionsArray(C, Name))
        return true;
    return false;
  }
  for (const Expr *E : N.stmt().exprs())
    if (anyExpr(*E, [&](const Expr &X) {
          return X.K == Expr::ArrayRef && X.Name == Name;
        }))
      return true;
  return false;
}

/// Tarjan's strongly connected components; Comp[v] is v's component.
std::vector<unsigned> stronglyConnected(const std::vector<std::set<unsigned>> &G,
                                        unsigned &NumComps) {
  unsigned N = unsigned(G.size()), Counter = 0;
  std::vector<int> Index(N, -1), Low(N, 0);
  std::vector<bool> OnStack(N, false);
  std::vector<unsigned> Stack, Comp(N, 0);
  NumComps = 0;
  std::function<void(unsigned)> Visit = [&](unsigned V) {
    Index[V] = Low[V] = int(Counter++);
    Stack.push_back(V);
    OnStack[V] = true;
    for (unsigned W : G[V]) {
      if (Index[W] < 0) {
        Visit(W);
        Low[V] = std::min(Low[V], Low[W]);
      } else if (OnStack[W]) {
        Low[V] = std::min(Low[V], Index[W]);
      }
    }
    if (Low[V] == Index[V]) {
      unsigned W;
      do {
        W = Stack.back();
        Stack.pop_back();
        OnStack[W] = false;
        Comp[W] = NumComps;
      } while (W != V);
      ++NumComps;
    }
  };
  for (unsigned V = 0; V < N; ++V)
    if (Index[V] < 0)
      Visit(V);
  return Comp;
}

/// The dependence (and its direction vector) behind an edge of the graph.
struct EdgeCause {
  const Dependence *D = nullptr;
  const DirectionVector *V = nullptr;
};

/// The refusal when the whole body is one component: a cycle through the
/// first item (found by breadth-first search back to it), each of its edges
/// with the dependence that makes it, its direction vector and notes at the
/// two accesses; and, for an array on the cycle that can be privatized in
/// the loop, how to remove its dependences.
void explainCycle(
    const Function &F, const LoopLocation &Where,
    const std::vector<std::set<unsigned>> &Graph,
    const std::map<std::pair<unsigned, unsigned>, EdgeCause> &Causes,
    const std::string &What, std::vector<Diagnostic> &Diags) {
  const Loop &L = Where.loop();
  std::vector<int> Parent(Graph.size(), -1);
  std::vector<unsigned> Queue = {0};
  std::vector<bool> Seen(Graph.size(), false);
  Seen[0] = true;
  int Last = -1;
  for (size_t Q = 0; Q < Queue.size() && Last < 0; ++Q) {
    unsigned U = Queue[Q];
    if (U != 0 && Graph[U].count(0)) {
      Last = int(U);
      break;
    }
    for (unsigned V : Graph[U])
      if (!Seen[V]) {
        Seen[V] = true;
        Parent[V] = int(U);
        Queue.push_back(V);
      }
  }
  std::vector<EdgeCause> Cycle;
  if (Last >= 0) {
    std::vector<unsigned> Path = {0};
    for (int V = Last; V > 0; V = Parent[V])
      Path.insert(Path.begin() + 1, unsigned(V));
    for (size_t I = 0; I < Path.size(); ++I) {
      auto It = Causes.find({Path[I], Path[(I + 1) % Path.size()]});
      if (It != Causes.end())
        Cycle.push_back(It->second);
    }
  }
  std::string List;
  for (const EdgeCause &C : Cycle)
    List += (List.empty() ? ": " : ", ") + depDescription(*C.D) +
            (C.D->Assumed ? " (assumed: it could not be decided)"
                          : " with direction " + C.V->str());
  bool Assumed = std::any_of(Cycle.begin(), Cycle.end(),
                             [](const EdgeCause &C) { return C.D->Assumed; });
  Diags.push_back({Diagnostic::Error, L.Loc,
                   Assumed ? "cannot prove it legal to " + What +
                                 ": its body may be one dependence cycle" + List
                           : "cannot " + What +
                                 ": every statement of its body is in one "
                                 "dependence cycle" +
                                 List});
  std::set<std::string> Arrays;
  for (const EdgeCause &C : Cycle) {
    std::string Dep = depDescription(*C.D) + " " + C.V->str();
    if (C.D->Assumed)
      Dep = depDescription(*C.D) + " (assumed)";
    Diags.push_back({Diagnostic::Note, C.D->SourceAccess.Loc,
                     Dep + ": source access '" + C.D->SourceAccess.str() +
                         "' in " + C.D->sourceName()});
    Diags.push_back({Diagnostic::Note, C.D->SinkAccess.Loc,
                     Dep + ": sink access '" + C.D->SinkAccess.str() + "' in " +
                         C.D->sinkName()});
    if (!C.D->SourceAccess.Subscripts.empty())
      Arrays.insert(C.D->Array);
  }
  for (const std::string &A : Arrays) {
    ArrayExpansionPlan Plan;
    std::vector<Diagnostic> Ignored;
    if (!checkArrayExpansion(F, Where, A, Plan, Ignored))
      continue;
    const Variable *V = F.lookup(A);
    Diags.push_back({Diagnostic::Note, V ? V->Loc : L.Loc,
                     "'" + A +
                         "' is written before it is read in every "
                         "iteration of '" +
                         L.Var + "'; --expand " + A + ":" + L.Var +
                         " gives each iteration its own copy and "
                         "removes its dependences carried by '" +
                         L.Var + "'"});
  }
}

bool distributeLoop(Function &F, LoopLocation Where,
                    std::vector<Diagnostic> &Diags) {
  Loop &L = Where.loop();
  const std::string What = "distribute loop '" + L.Var + "'";
  if (L.Body.size() < 2) {
    Diags.push_back({Diagnostic::Error, L.Loc,
                     "cannot " + What +
                         ": its body holds a single statement or loop"});
    return false;
  }
  size_t Depth = Where.Path.size() - 1; // L's column in dependence vectors

  std::map<unsigned, unsigned> ItemOf; // statement id -> body item
  for (unsigned I = 0; I < L.Body.size(); ++I) {
    std::vector<unsigned> Ids;
    collectStmtIds(L.Body[I], Ids);
    for (unsigned Id : Ids)
      ItemOf[Id] = I;
  }
  // Scalars private in L lose their loop-carried dependences when expanded.
  std::set<std::string> Private;
  {
    std::set<std::string> Scalars;
    for (const Node &N : L.Body)
      collectScalarAccesses(N, Scalars);
    for (const std::string &S : Scalars) {
      const Variable *V = F.lookup(S);
      if (V && V->VarKind == Variable::LocalScalar &&
          !whyCannotExpand(F, L, S))
        Private.insert(S);
    }
  }

  std::vector<Diagnostic> Ignored;
  NestDependences ND = analyzeNest(F, Where.NestIndex, Ignored);
  std::vector<std::set<unsigned>> Graph(L.Body.size());
  // For each edge between two items, the first dependence (and vector) that
  // made it, to explain a refusal.
  std::map<std::pair<unsigned, unsigned>, EdgeCause> Causes;
  for (const Dependence &D : ND.Deps) {
    auto Src = ItemOf.find(D.Source), Snk = ItemOf.find(D.Sink);
    if (Src == ItemOf.end() || Snk == ItemOf.end() ||
        D.CommonLoops.size() <= Depth)
      continue;
    if (D.Assumed) {
      // Undecided: keep both items together.
      Graph[Src->second].insert(Snk->second);
      Graph[Snk->second].insert(Src->second);
      // (The analysis reports an undecided pair in both orders, so the
      // reverse edge gets its own cause.)
      Causes.insert({{Src->second, Snk->second}, {&D, &D.Directions.front()}});
      continue;
    }
    for (const DirectionVector &V : D.Directions) {
      bool CarriedOutside = false;
      for (size_t K = 0; K < Depth; ++K)
        CarriedOutside |= V[K] == Dir::LT;
      if (CarriedOutside)
        continue;
      if (V[Depth] == Dir::LT && Private.count(D.Array))
        continue; // removed by expanding the scalar
      if (Src->second != Snk->second) {
        Graph[Src->second].insert(Snk->second);
        // The explanation prefers a dependence within one iteration ('='
        // at the loop) where an edge has one.
        auto [It, New] = Causes.insert({{Src->second, Snk->second}, {&D, &V}});
        if (!New && V[Depth] == Dir::EQ &&
            (It->second.D->Assumed || (*It->second.V)[Depth] != Dir::EQ))
          It->second = {&D, &V};
      }
    }
  }

  // A scalar declared in L is a fresh variable in every iteration, so its
  // dependences never cross iterations and cannot form a cycle; yet lecture
  // 04 ("Loop Distribution May Require Array Expansion") says it: "No
  // matter where tmp is declared (inside or outside the loop) it needs to
  // be expanded into an array in order to do loop distribution". Where it
  // cannot be expanded, its declaration and its uses must stay in one new
  // loop (each new loop would otherwise need its own declaration, and the
  // uses would read a variable only the first loop's iteration set): the
  // items that use it are kept in one component, its def-use chain
  // counting as dependence edges both ways.
  std::vector<std::set<unsigned>> Bound = Graph;
  std::vector<std::pair<std::string, std::string>> Kept; // scalar, why
  for (const Variable &V : F.Locals) {
    if (V.VarKind != Variable::LocalScalar || V.DeclaredIn != L.Var ||
        Private.count(V.Name))
      continue;
    std::vector<unsigned> Users;
    for (unsigned I = 0; I < L.Body.size(); ++I) {
      std::set<std::string> Used;
      collectScalarAccesses(L.Body[I], Used);
      if (Used.count(V.Name))
        Users.push_back(I);
    }
    if (Users.size() < 2)
      continue;
    for (size_t U = 0; U < Users.size(); ++U)
      Bound[Users[U]].insert(Users[(U + 1) % Users.size()]);
    std::optional<std::string> Why = whyCannotExpand(F, L, V.Name);
    Kept.push_back({V.Name, Why ? *Why : "it cannot be expanded"});
  }

  unsigned NumComps = 0;
  std::vector<unsigned> Comp = stronglyConnected(Bound, NumComps);
  if (NumComps < 2) {
    unsigned Unbound = 0;
    stronglyConnected(Graph, Unbound);
    if (Unbound < 2 || Kept.empty()) {
      explainCycle(F, Where, Graph, Causes, What, Diags);
      return false;
    }
    // The dependences alone would split the body: the scalars declared in
    // L are what keeps it whole.
    std::string List;
    for (size_t I = 0; I < Kept.size(); ++I)
      List += (I ? (I + 1 == Kept.size() ? " and " : ", ") : "") +
              std::string("'") + Kept[I].first + "'";
    Diags.push_back({Diagnostic::Error, L.Loc,
                     "cannot " + What + ": the scalar" +
                         (Kept.size() > 1 ? "s " : " ") + List +
                         " declared in it " + (Kept.size() > 1 ? "are" : "is") +
                         " used by statements that would go to different "
                         "loops, and keeping them together leaves one loop"});
    for (const auto &[Name, Why] : Kept) {
      const Variable *V = F.lookup(Name);
      Diags.push_back(
          {Diagnostic::Note, V ? V->Loc : L.Loc,
           "'" + Name + "' cannot be expanded along '" + L.Var + "': " + Why});
    }
    return false;
  }
  Graph = std::move(Bound);

  // Topological order of the component graph (Kahn), ties broken by the
  // first source position of each component.
  std::vector<std::set<unsigned>> CGraph(NumComps);
  std::vector<unsigned> InDegree(NumComps, 0), FirstItem(NumComps, ~0u);
  for (unsigned I = 0; I < Graph.size(); ++I) {
    FirstItem[Comp[I]] = std::min(FirstItem[Comp[I]], I);
    for (unsigned J : Graph[I])
      if (Comp[I] != Comp[J] && CGraph[Comp[I]].insert(Comp[J]).second)
        ++InDegree[Comp[J]];
  }
  std::vector<unsigned> Order;
  std::set<std::pair<unsigned, unsigned>> Ready; // (first item, component)
  for (unsigned C = 0; C < NumComps; ++C)
    if (!InDegree[C])
      Ready.insert({FirstItem[C], C});
  while (!Ready.empty()) {
    unsigned C = Ready.begin()->second;
    Ready.erase(Ready.begin());
    Order.push_back(C);
    for (unsigned D : CGraph[C])
      if (--InDegree[D] == 0)
        Ready.insert({FirstItem[D], D});
  }

  // Scalars used by several components need their own element per
  // iteration.
  std::vector<std::string> ToExpand;
  for (const std::string &S : Private) {
    std::set<unsigned> Users;
    for (unsigned I = 0; I < L.Body.size(); ++I) {
      std::set<std::string> Used;
      collectScalarAccesses(L.Body[I], Used);
      if (Used.count(S))
        Users.insert(Comp[I]);
    }
    if (Users.size() > 1)
      ToExpand.push_back(S);
  }

  // Likewise a local array declared in L (a fresh array in every
  // iteration) that several components use: each new loop would otherwise
  // declare its own. It is expanded along L, which needs its reads covered
  // by same-iteration writes (ExpandArray.h); else the request is refused.
  std::vector<std::pair<std::string, ArrayExpansionPlan>> Arrays;
  for (const Variable &V : F.Locals) {
    if (V.VarKind != Variable::LocalArray || V.DeclaredIn != L.Var)
      continue;
    std::set<unsigned> Users;
    for (unsigned I = 0; I < L.Body.size(); ++I)
      if (mentionsArray(L.Body[I], V.Name))
        Users.insert(Comp[I]);
    if (Users.size() < 2)
      continue;
    ArrayExpansionPlan Plan;
    std::vector<Diagnostic> Why;
    if (!checkArrayExpansion(F, Where, V.Name, Plan, Why)) {
      Diags.push_back({Diagnostic::Error, L.Loc,
                       "cannot " + What + ": the local array '" + V.Name +
                           "' declared in it is used by several of the new "
                           "loops, and it cannot be expanded along '" +
                           L.Var + "'"});
      for (Diagnostic &D : Why)
        D.Level = Diagnostic::Note;
      Diags.insert(Diags.end(), Why.begin(), Why.end());
      return false;
    }
    Arrays.push_back({V.Name, Plan});
  }
  // (Declared in L, these need no copy-out: nothing is inserted beside L,
  // so Where stays valid.)
  for (const auto &[A, Plan] : Arrays)
    expandArray(F, Where, A, Plan);

  std::vector<Node> *Parent = nullptr;
  size_t Index = 0;
  findParentBody(F.Body, &L, Parent, Index);
  for (const std::string &S : ToExpand)
    expandScalar(F, (*Parent)[Index].loop(), S);

  Loop Original = std::move((*Parent)[Index].loop());
  std::vector<Node> NewLoops;
  for (unsigned C : Order) {
    Loop Part = Original;
    Part.Body.clear();
    // Each new loop keeps its own selector, VAR:LINE.COPY (`i:5.2`), so
    // later steps can name it (the copies share the variable and line).
    Part.Copy = (Original.Copy.empty() ? "" : Original.Copy + ".") +
                std::to_string(NewLoops.size() + 1);
    for (unsigned I = 0; I < Original.Body.size(); ++I)
      if (Comp[I] == C)
        Part.Body.push_back(Original.Body[I]);
    NewLoops.push_back(Node{std::move(Part)});
  }
  Parent->erase(Parent->begin() + Index);
  Parent->insert(Parent->begin() + Index, NewLoops.begin(), NewLoops.end());
  return true;
}

} // namespace

bool looptile::applyDistributeStep(Function &F, const std::string &LoopVar,
                                   std::vector<Diagnostic> &Diags) {
  if (!LoopVar.empty()) {
    LoopLocation Where;
    bool Ambiguous = false;
    if (!findLoop(F, LoopVar, Where, Ambiguous) || Ambiguous) {
      Diags.push_back({Diagnostic::Error, F.Loc,
                       "--distribute " + LoopVar + ": function '" + F.Name +
                           "' has " + (Ambiguous ? "several loops" : "no loop") +
                           " named '" + LoopVar + "'"});
      return false;
    }
    return distributeLoop(F, Where, Diags);
  }
  // Every nest's outermost loop, from the last nest to the first so that
  // the nest indices of the ones still to do do not move.
  for (size_t I = F.Body.size(); I-- > 0;) {
    if (!F.Body[I].isLoop())
      continue;
    LoopLocation Where{unsigned(I), {&F.Body[I].loop()}};
    if (!distributeLoop(F, Where, Diags))
      return false;
  }
  return true;
}

bool looptile::distributeLoopAt(Function &F, const LoopLocation &Where,
                                std::vector<Diagnostic> &Diags) {
  return distributeLoop(F, Where, Diags);
}
