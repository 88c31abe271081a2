//===- LoopUtils.cpp - finding loops and bands in the IR ------------------===//
#include "looptile/Transforms/LoopUtils.h"

#include <algorithm>
#include <cassert>
#include <functional>

using namespace looptile;

static void search(std::vector<Node> &Body, const std::string &Var,
                   std::vector<Loop *> &Path, unsigned Nest,
                   std::vector<LoopLocation> &Found) {
  for (Node &N : Body) {
    if (!N.isLoop())
      continue;
    Loop &L = N.loop();
    Path.push_back(&L);
    if (L.Var == Var)
      Found.push_back({Nest, Path});
    search(L.Body, Var, Path, Nest, Found);
    Path.pop_back();
  }
}

std::string looptile::selectorVar(const std::string &Spec) {
  return Spec.substr(0, Spec.find(':'));
}

bool looptile::findLoop(Function &F, const std::string &Spec,
                        LoopLocation &Out, bool &Ambiguous, int OnlyNest,
                        std::vector<unsigned> *Lines) {
  std::string Var = selectorVar(Spec);
  unsigned Line = 0;
  if (size_t Colon = Spec.find(':'); Colon != std::string::npos)
    Line = unsigned(std::stoul(Spec.substr(Colon + 1)));
  std::vector<LoopLocation> Found;
  for (unsigned I = 0; I < F.Body.size(); ++I) {
    if (!F.Body[I].isLoop() || (OnlyNest >= 0 && int(I) != OnlyNest))
      continue;
    std::vector<Loop *> Path{&F.Body[I].loop()};
    if (Path[0]->Var == Var)
      Found.push_back({I, Path});
    search(Path[0]->Body, Var, Path, I, Found);
  }
  if (Line)
    Found.erase(std::remove_if(Found.begin(), Found.end(),
                               [&](const LoopLocation &L) {
                                 return L.loop().Loc.Line != Line;
                               }),
                Found.end());
  if (Lines)
    for (const LoopLocation &L : Found)
      Lines->push_back(L.loop().Loc.Line);
  Ambiguous = Found.size() > 1;
  if (Found.empty())
    return false;
  Out = Found.front();
  return true;
}

bool looptile::hasSingleLoopBody(const Loop &Outer) {
  return Outer.Body.size() == 1 && Outer.Body[0].isLoop();
}

Loop *looptile::singleInnerLoop(Loop &Outer) {
  return hasSingleLoopBody(Outer) ? &Outer.Body[0].loop() : nullptr;
}

static void collectVars(const std::vector<Node> &Body,
                        std::vector<std::string> &Out) {
  for (const Node &N : Body)
    if (N.isLoop()) {
      Out.push_back(N.loop().Var);
      collectVars(N.loop().Body, Out);
    }
}

std::vector<std::string> looptile::allLoopVars(const Function &F) {
  std::vector<std::string> Out;
  collectVars(F.Body, Out);
  return Out;
}

std::string looptile::freshName(const Function &F, const std::string &Base) {
  std::vector<std::string> Used = allLoopVars(F);
  for (const Variable &V : F.Params)
    Used.push_back(V.Name);
  for (const Variable &V : F.Locals)
    Used.push_back(V.Name);
  auto Taken = [&](const std::string &N) {
    return std::find(Used.begin(), Used.end(), N) != Used.end();
  };
  if (!Taken(Base))
    return Base;
  for (unsigned I = 2;; ++I)
    if (!Taken(Base + std::to_string(I)))
      return Base + std::to_string(I);
}

bool looptile::findParentBody(std::vector<Node> &Body, const Loop *Target,
                              std::vector<Node> *&Parent, size_t &Index) {
  for (size_t I = 0; I < Body.size(); ++I) {
    if (!Body[I].isLoop())
      continue;
    if (&Body[I].loop() == Target) {
      Parent = &Body;
      Index = I;
      return true;
    }
    if (findParentBody(Body[I].loop().Body, Target, Parent, Index))
      return true;
  }
  return false;
}

Loop looptile::lastIterationLoop(const Loop &L, const std::string &Var) {
  assert(L.Step == 1 && L.Lower.size() == 1 && L.Upper.size() == 1 &&
         "last iteration of a loop with step 1 and single bounds");
  Loop Last;
  Last.Var = Var;
  Last.Lower = {L.Lower[0], L.Upper[0]};
  Last.Upper = {L.Upper[0]};
  Last.Step = 1;
  Last.VarType = L.VarType;
  Last.Loc = L.Loc;
  return Last;
}

unsigned looptile::nextStmtId(const Function &F) {
  unsigned Next = 0;
  std::function<void(const std::vector<Node> &)> Scan =
      [&](const std::vector<Node> &Body) {
        for (const Node &N : Body)
          N.isLoop() ? Scan(N.loop().Body)
                     : (void)(Next = std::max(Next, N.stmt().Id + 1));
      };
  Scan(F.Body);
  return Next;
}
