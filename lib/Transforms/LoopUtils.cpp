//===- LoopUtils.cpp - finding loops and bands in the IR ------------------===//
#include "looptile/IR/Walk.h"
#include "looptile/Transforms/LoopUtils.h"

#include "looptile/Support/NameTable.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <functional>
#include <optional>

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

static bool isPlainName(const std::string &S) {
  if (S.empty() || std::isdigit(static_cast<unsigned char>(S[0])))
    return false;
  return std::all_of(S.begin(), S.end(), [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  });
}

bool looptile::isLoopSelector(const std::string &S) {
  size_t Colon = S.find(':');
  if (Colon == std::string::npos)
    return isPlainName(S);
  if (!isPlainName(S.substr(0, Colon)))
    return false;
  // LINE, then optional .COPY parts: numbers of at most 8 digits.
  std::string Rest = S.substr(Colon + 1) + ".";
  size_t Start = 0;
  for (size_t Dot; (Dot = Rest.find('.', Start)) != std::string::npos;
       Start = Dot + 1) {
    std::string Part = Rest.substr(Start, Dot - Start);
    if (Part.empty() || Part.size() > 8 ||
        !std::all_of(Part.begin(), Part.end(), [](char C) {
          return std::isdigit(static_cast<unsigned char>(C));
        }))
      return false;
  }
  return true;
}

static std::string lineLabel(const Loop &L) {
  return std::to_string(L.Loc.Line) + (L.Copy.empty() ? "" : "." + L.Copy);
}

std::string looptile::uniqueSelector(
    Function &F, const Loop &L,
    const std::function<bool(const std::string &)> &TakenElsewhere) {
  for (const std::string &S : {L.Var, L.Var + ":" + std::to_string(L.Loc.Line),
                               L.Var + ":" + lineLabel(L)}) {
    LoopLocation Found;
    bool Ambiguous = false;
    if (findLoop(F, S, Found, Ambiguous) && !Ambiguous &&
        &Found.loop() == &L && !(TakenElsewhere && TakenElsewhere(S)))
      return S;
  }
  return "";
}

bool looptile::findLoop(Function &F, const std::string &Spec, LoopLocation &Out,
                        bool &Ambiguous, int OnlyNest,
                        std::vector<std::string> *Lines) {
  std::string Var = selectorVar(Spec);
  unsigned Line = 0;
  std::optional<std::string> Copy;
  if (size_t Colon = Spec.find(':'); Colon != std::string::npos) {
    std::string Rest = Spec.substr(Colon + 1);
    size_t Dot = Rest.find('.');
    Line = unsigned(std::stoul(Rest.substr(0, Dot)));
    if (Dot != std::string::npos)
      Copy = Rest.substr(Dot + 1);
  }
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
                                 return L.loop().Loc.Line != Line ||
                                        (Copy && L.loop().Copy != *Copy);
                               }),
                Found.end());
  if (Lines)
    for (const LoopLocation &L : Found)
      Lines->push_back(lineLabel(L.loop()));
  Ambiguous = Found.size() > 1;
  if (Found.empty())
    return false;
  Out = Found.front();
  return true;
}

unsigned looptile::preorderIndex(const Loop &Root, const Loop *L) {
  unsigned Count = 0;
  forEachLoop(Root, [&](const Loop &X) {
    if (&X == L)
      return true;
    ++Count;
    return false;
  });
  return Count;
}

bool looptile::hasSingleLoopBody(const Loop &Outer) {
  return Outer.Body.size() == 1 && Outer.Body[0].isLoop();
}

Loop *looptile::singleInnerLoop(Loop &Outer) {
  return hasSingleLoopBody(Outer) ? &Outer.Body[0].loop() : nullptr;
}

std::vector<std::string> looptile::allLoopVars(const Function &F) {
  std::vector<std::string> Out;
  forEachLoop(F.Body, [&](const Loop &L) { Out.push_back(L.Var); });
  return Out;
}

std::string looptile::freshName(const Function &F, const std::string &Base) {
  return NameTable(F, NameTarget::C).fresh(Base);
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

// Renames loop variables in an index expression.
static IndexExpr
renamed(const IndexExpr &E,
        const std::vector<std::pair<std::string, std::string>> &R) {
  IndexExpr Out = E;
  for (auto &[From, To] : R)
    Out = Out.substitute(From, IndexExpr::symbol(To));
  return Out;
}

Loop looptile::lastIterationCopy(
    const Function &F, const Loop &L, const std::vector<unsigned> &Writes,
    const std::function<
        Stmt(const Stmt &, const std::function<IndexExpr(const IndexExpr &)> &)>
        &Make) {
  Loop Copy = lastIterationLoop(L, freshName(F, L.Var + "_out"));
  std::vector<std::pair<std::string, std::string>> Rename = {{L.Var, Copy.Var}};
  std::vector<std::string> Taken = {Copy.Var};
  unsigned NextId = F.nextStmtId();
  for (unsigned Id : Writes) {
    // The statement and the loops from L's body down to it.
    std::vector<const Loop *> Path;
    const Stmt *W = findStmt(L.Body, [&](const Stmt &S, const LoopStack &Outer) {
      if (S.Id != Id)
        return false;
      Path = Outer;
      return true;
    });
    if (!W)
      continue;
    std::vector<std::pair<std::string, std::string>> R = Rename;
    std::vector<Loop> Headers;
    for (const Loop *P : Path) {
      Loop H;
      std::string Var = freshName(F, P->Var + "_out");
      while (std::find(Taken.begin(), Taken.end(), Var) != Taken.end())
        Var += "_";
      Taken.push_back(Var);
      H.Var = Var;
      for (const IndexExpr &E : P->Lower)
        H.Lower.push_back(renamed(E, R));
      for (const IndexExpr &E : P->Upper)
        H.Upper.push_back(renamed(E, R));
      H.Step = P->Step;
      H.VarType = P->VarType;
      H.Loc = P->Loc;
      R.push_back({P->Var, Var});
      Headers.push_back(std::move(H));
    }
    Stmt S = Make(*W, [&](const IndexExpr &E) { return renamed(E, R); });
    // W writes only where its guard holds (an affine guard: the
    // privatization analysis counts conditional writes out).
    S.When = W->When;
    for (auto &[From, To] : R)
      S.When.renameVar(From, To);
    S.Id = NextId++;
    S.LHS.Loc = S.RHS.Loc = S.Loc = W->Loc;
    Node Inner{std::move(S)};
    for (size_t K = Headers.size(); K-- > 0;) {
      Headers[K].Body.push_back(std::move(Inner));
      Inner = Node{std::move(Headers[K])};
    }
    Copy.Body.push_back(std::move(Inner));
  }
  return Copy;
}

