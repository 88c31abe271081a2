//===- Forward.cpp - a scalar held in the array element it is built for ---===//
#include "looptile/Transforms/Forward.h"
#include "looptile/Analysis/Privatization.h"
#include "looptile/Analysis/ScalarClassification.h"

#include <algorithm>
#include <functional>

using namespace looptile;

namespace {

bool mentions(const Expr &E, const std::string &Name) {
  if ((E.K == Expr::ScalarRef || E.K == Expr::ArrayRef) && E.Name == Name)
    return true;
  for (const Expr &Op : E.Operands)
    if (mentions(Op, Name))
      return true;
  return false;
}

// True when some statement of N reads or writes Name, or declares it.
bool touches(const Node &N, const std::string &Name) {
  return variablesNamed(N).count(Name) != 0;
}

// True when a statement of N declares Name (a variable of its own).
bool declares(const Node &N, const std::string &Name) {
  if (N.isLoop()) {
    for (const Node &C : N.loop().Body)
      if (declares(C, Name))
        return true;
    return false;
  }
  return N.stmt().DeclType && N.stmt().LHS.Name == Name;
}

// One forwarding in the body of L (whose enclosing loops, L included, are
// Outer): returns its description, or "" when none applies.
std::string forwardOnce(Function &F, Loop &L,
                        const std::vector<const Loop *> &Outer,
                        std::vector<std::string> &WhyNot) {
  std::vector<Node> &Body = L.Body;
  for (size_t A = 0; A < Body.size(); ++A) {
    if (Body[A].isLoop())
      continue;
    const Stmt &Load = Body[A].stmt();
    const Variable *W = F.lookup(Load.LHS.Name);
    if (Load.LHS.K != Expr::ScalarRef || !W ||
        W->VarKind != Variable::LocalScalar || Load.DeclType ||
        Load.Op != AssignOp::Assign || !Load.When.empty() ||
        mentions(Load.RHS, W->Name))
      continue;
    const std::string &Name = W->Name;
    // The store: the last node of the body that touches w, a statement
    // writing an element of w's type from w, unconditionally. Nothing
    // before the load touches w.
    size_t B = Body.size();
    for (size_t I = Body.size(); I-- > A + 1;)
      if (touches(Body[I], Name)) {
        B = I;
        break;
      }
    bool Before = false;
    for (size_t I = 0; I < A && !Before; ++I)
      Before = touches(Body[I], Name);
    if (B == Body.size() || Before || Body[B].isLoop())
      continue;
    const Stmt &Store = Body[B].stmt();
    if (Store.LHS.K != Expr::ArrayRef || Store.LHS.isGather() ||
        Store.Op != AssignOp::Assign || !Store.When.empty() ||
        Store.DeclType || !mentions(Store.RHS, Name))
      continue;
    const Expr &Element = Store.LHS;
    std::string Not = "'" + Name + "' is not forwarded into '" +
                      Element.str() + "' in loop '" + L.Var + "' (line " +
                      std::to_string(L.Loc.Line) + "): ";
    if (Element.Type != W->Type) {
      WhyNot.push_back(Not + "the element is a " + elemTypeName(Element.Type) +
                       ", the scalar a " + elemTypeName(W->Type));
      continue;
    }
    // w lives only from the load to the store in every iteration of L,
    // and not after L: renaming it changes no value read elsewhere.
    bool Declared = false;
    for (size_t I = A + 1; I < B && !Declared; ++I)
      Declared = declares(Body[I], Name);
    if (Declared || isLiveAfter(F, L, Name)) {
      WhyNot.push_back(Not + (Declared ? "a variable of the same name is "
                                         "declared in between"
                                       : "its value is read after the loop"));
      continue;
    }
    // The element is the scalar's from the load to the store: nothing else
    // touches it there (the store's own write aside; the load's reads come
    // before it is written).
    std::vector<const Node *> Between;
    for (size_t I = A + 1; I <= B; ++I)
      Between.push_back(&Body[I]);
    std::string Why;
    if (!elementUntouched(F, Outer, Between, Element.Name,
                          Element.Subscripts, &Store, Why)) {
      WhyNot.push_back(Not + "between its load and its store, " + Why);
      continue;
    }
    const std::string Array = Element.Name;
    const std::vector<IndexExpr> Subscripts = Element.Subscripts;
    std::string What = "'" + Name + "' -> '" + Element.str() + "' in loop '" +
                       L.Var + "' (line " + std::to_string(L.Loc.Line) + ")";
    auto IsElement = [&](const Expr &E) {
      return E.K == Expr::ArrayRef && !E.isGather() && E.Name == Array &&
             E.Subscripts == Subscripts;
    };
    // A load of the element itself (`w = X[s]`) goes: the element already
    // holds that value; so does a store of w alone (`X[s] = w`).
    bool LoadsElement = IsElement(Body[A].stmt().RHS);
    bool StoresScalar = Body[B].stmt().RHS.K == Expr::ScalarRef;
    for (size_t I = A; I <= B; ++I)
      scalarToElement(Body[I], Name, Array, Subscripts);
    if (StoresScalar)
      Body.erase(Body.begin() + B);
    if (LoadsElement)
      Body.erase(Body.begin() + A);
    return What;
  }
  return "";
}

} // namespace

std::vector<std::string> looptile::forwardScalars(
    Function &F, size_t Nest, std::vector<std::string> *WhyNot) {
  std::vector<std::string> Done, Not;
  if (Nest >= F.Body.size() || !F.Body[Nest].isLoop())
    return Done;
  for (bool Again = true; Again;) {
    Again = false;
    std::vector<const Loop *> Outer;
    std::function<void(Loop &)> Walk = [&](Loop &L) {
      Outer.push_back(&L);
      for (std::string What; !(What = forwardOnce(F, L, Outer, Not)).empty();) {
        Done.push_back(What);
        Again = true;
      }
      for (Node &C : L.Body)
        if (C.isLoop())
          Walk(C.loop());
      Outer.pop_back();
    };
    Walk(F.Body[Nest].loop());
  }
  if (WhyNot)
    for (const std::string &W : Not)
      if (std::find(WhyNot->begin(), WhyNot->end(), W) == WhyNot->end())
        WhyNot->push_back(W);
  return Done;
}
