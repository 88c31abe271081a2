//===- Expand.cpp - scalar expansion (privatization into an array) --------===//
#include "looptile/IR/Walk.h"
#include "looptile/Transforms/Expand.h"

#include "looptile/Analysis/Privatization.h"
#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/Transforms/ExpandArray.h"
#include "looptile/Transforms/LoopUtils.h"

#include <algorithm>
#include <cassert>
#include <functional>

using namespace looptile;

namespace {

// The loop variables of the loops that enclose Target in F, outermost first.
bool enclosingVars(const std::vector<Node> &Body, const Loop *Target,
                   std::vector<std::string> &Path) {
  return findLoop(Body, [&](const Loop &L, const LoopStack &Outer) {
           if (&L != Target)
             return false;
           for (const Loop *O : Outer)
             Path.push_back(O->Var);
           return true;
         }) != nullptr;
}

bool mentionsScalar(const std::vector<Node> &Body, const std::string &Name) {
  auto In = [&](const Expr &E) {
    return anyExpr(E, [&](const Expr &X) {
      return X.K == Expr::ScalarRef && X.Name == Name;
    });
  };
  for (const Node &N : Body) {
    if (N.isLoop()) {
      if (mentionsScalar(N.loop().Body, Name))
        return true;
      continue;
    }
    for (const Expr *E : N.stmt().exprs())
      if (In(*E))
        return true;
  }
  return false;
}

// The first statement of Body that writes the scalar Name under a guard.
const Stmt *guardedWrite(const std::vector<Node> &Body,
                         const std::string &Name) {
  return findStmt(Body, [&](const Stmt &S) {
    return S.LHS.K == Expr::ScalarRef && S.LHS.Name == Name && !S.When.empty();
  });
}

bool writesScalar(const std::vector<Node> &Body, const std::string &Name) {
  return findStmt(Body, [&](const Stmt &S) {
           return S.LHS.K == Expr::ScalarRef && S.LHS.Name == Name;
         }) != nullptr;
}

// The position in F.Body of the nest that holds L.
std::optional<unsigned> nestOf(const Function &F, const Loop &L) {
  for (unsigned I = 0; I < F.Body.size(); ++I) {
    if (!F.Body[I].isLoop())
      continue;
    std::vector<std::string> Path;
    if (&F.Body[I].loop() == &L ||
        enclosingVars(F.Body[I].loop().Body, &L, Path))
      return I;
  }
  return std::nullopt;
}

// The copy-out question for a scalar live after L: the value left after L is
// the last write the original executes, which the copy reproduces only when
// the last iteration of L writes the scalar whenever any iteration does (the
// copy then replays the last iteration's writes, so it copies nothing when
// no iteration wrote). The same isl question as for an array
// (Privatization.h), over a 0-d array. Fills Writes with the statements
// whose last-iteration writes the copy replays.
std::optional<std::string> whyNoCopyOut(const Function &F, const Loop &L,
                                        const std::string &Name,
                                        std::vector<unsigned> &Writes) {
  std::optional<unsigned> Nest = nestOf(F, L);
  if (!Nest)
    return "loop '" + L.Var + "' is not in function '" + F.Name + "'";
  ArrayPrivatization P = analyzeArrayPrivatization(F, *Nest, L, Name);
  std::string Live = "'" + Name + "' is read after loop '" + L.Var + "'";
  if (P.Verdict == ArrayPrivatization::Unknown)
    return Live +
           ", and looptile cannot prove which iteration writes it last: " +
           P.Why;
  if (P.Verdict == ArrayPrivatization::NotCovered)
    return Live + ", and some iteration may read a value of it written by "
                  "another iteration";
  if (!P.LastIterationWritesAll) {
    std::string Witness = P.CopyOutWitness;
    std::string Suffix = ": " + Name;
    if (Witness.size() >= Suffix.size() &&
        Witness.compare(Witness.size() - Suffix.size(), Suffix.size(),
                        Suffix) == 0)
      Witness.resize(Witness.size() - Suffix.size());
    if (Witness == Name)
      Witness.clear();
    return Live + ", and the last iteration of '" + L.Var + "' " +
           (P.CopyOutWitness.empty() ? "may not write" : "does not write") +
           " it when an earlier iteration does" +
           (Witness.empty() ? "" : " (e.g. " + Witness + ")") +
           ", so its final value cannot be copied out from the last "
           "iteration";
  }
  Writes = P.CopyOutWrites;
  return std::nullopt;
}

// whyCannotExpand, and the writes the copy-out replays (when Name is live
// after L) in CopyOutWrites.
std::optional<std::string>
whyCannotExpandImpl(const Function &F, const Loop &L, const std::string &Name,
                    std::vector<unsigned> *CopyOutWrites) {
  const Variable *V = F.lookup(Name);
  if (!V || V->VarKind != Variable::LocalScalar)
    return "'" + Name + "' is not a local scalar";
  if (!writesScalar(L.Body, Name))
    return "loop '" + L.Var + "' does not write '" + Name + "'";
  if (classifyScalar(F, L, Name) != VarClass::Private)
    return "'" + Name + "' is not private in loop '" + L.Var +
           "': some iteration reads a value written by another iteration "
           "(it is " + varClassName(classifyScalar(F, L, Name)) + ")";
  // The copy-out takes the last iteration's value, which a guarded write
  // may not have produced.
  if (isLiveAfter(F, L, Name))
    if (const Stmt *S = guardedWrite(L.Body, Name))
      return "'" + Name + "' is live after loop '" + L.Var + "' and " +
             S->name() + " writes it only when '" + S->When.str() +
             "' holds; the last iteration may not write it, so its value "
             "cannot be copied out";
  // The last iteration (copied out) is the upper bound only for step 1.
  if (L.Step != 1)
    return "loop '" + L.Var + "' has step " + std::to_string(L.Step) +
           " (expansion needs step 1)";
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
  if (!isDeclaredInside(F, L, Name) && isLiveAfter(F, L, Name)) {
    std::vector<unsigned> Writes;
    if (std::optional<std::string> Why = whyNoCopyOut(F, L, Name, Writes))
      return Why;
    if (CopyOutWrites)
      *CopyOutWrites = Writes;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> looptile::whyCannotExpand(const Function &F,
                                                     const Loop &L,
                                                     const std::string &Name) {
  return whyCannotExpandImpl(F, L, Name, nullptr);
}

std::string looptile::expandScalar(Function &F, Loop &L,
                                   const std::string &Name) {
  std::vector<unsigned> CopyOutWrites;
  [[maybe_unused]] bool Legal =
      !whyCannotExpandImpl(F, L, Name, &CopyOutWrites);
  assert(Legal && "expansion precondition");
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

  scalarToElement(L.Body, Name, Array, {IndexExpr::symbol(L.Var)});
  if (DeclaredInside || (!LiveOut && !mentionsScalar(F.Body, Name))) {
    // The scalar no longer exists anywhere.
    F.Locals.erase(
        std::remove_if(F.Locals.begin(), F.Locals.end(),
                       [&](const Variable &X) { return X.Name == Name; }),
        F.Locals.end());
  }
  F.Locals.push_back(A);

  if (LiveOut) {
    // Copy the last iteration's value back: a loop that runs once when L
    // ran at all (from max(lo, hi) to hi), zero times otherwise, with a
    // fresh variable so that selecting L by name stays unambiguous; inside,
    // the loops around the last iteration's writes, so that nothing is
    // copied when the last iteration (and then every iteration, checked by
    // whyNoCopyOut) did not write.
    Loop Copy = lastIterationCopy(
        F, L, CopyOutWrites,
        [&](const Stmt &,
            const std::function<IndexExpr(const IndexExpr &)> &Rename) {
          Stmt S;
          S.Op = AssignOp::Assign;
          S.LHS = Expr::scalarRef(Name, V->Type);
          S.RHS = Expr::arrayRef(Array, V->Type,
                                 {Rename(IndexExpr::symbol(L.Var))});
          return S;
        });
    std::vector<Node> *Parent = nullptr;
    size_t Index = 0;
    findParentBody(F.Body, &L, Parent, Index);
    Parent->insert(Parent->begin() + Index + 1, Node{std::move(Copy)});
  }
  return Array;
}

namespace {

// The loops that enclose every access of Name made inside loops, innermost
// first (empty when the accesses are in different nests).
std::vector<LoopLocation> enclosingAll(Function &F, const std::string &Name) {
  std::vector<std::vector<Loop *>> AccessPaths;
  std::vector<unsigned> Nests;
  std::vector<Loop *> Path;
  std::vector<std::string> Skip;
  std::function<void(std::vector<Node> &, unsigned)> Walk =
      [&](std::vector<Node> &Body, unsigned Nest) {
        for (Node &N : Body) {
          if (N.isLoop()) {
            Path.push_back(&N.loop());
            Walk(N.loop().Body, Nest);
            Path.pop_back();
            continue;
          }
          for (const Access &A : N.stmt().accesses(Skip))
            if (A.Name == Name && !Path.empty()) {
              AccessPaths.push_back(Path);
              Nests.push_back(Nest);
              break;
            }
        }
      };
  for (unsigned I = 0; I < F.Body.size(); ++I) {
    if (!F.Body[I].isLoop())
      continue;
    Path = {&F.Body[I].loop()};
    Walk(F.Body[I].loop().Body, I);
  }
  std::vector<LoopLocation> Out;
  if (AccessPaths.empty())
    return Out;
  std::vector<Loop *> Common = AccessPaths.front();
  for (const std::vector<Loop *> &P : AccessPaths) {
    size_t K = 0;
    while (K < Common.size() && K < P.size() && Common[K] == P[K])
      ++K;
    Common.resize(K);
  }
  for (size_t K = Common.size(); K > 0; --K)
    Out.push_back({Nests.front(),
                   std::vector<Loop *>(Common.begin(), Common.begin() + K)});
  return Out;
}

} // namespace

bool looptile::applyExpandStep(Function &F, const std::string &Name,
                               const std::vector<std::string> &LoopSpecs,
                               std::vector<Diagnostic> &Diags) {
  const Variable *V = F.lookup(Name);
  std::string LoopSpec = LoopSpecs.empty() ? "" : LoopSpecs.back();
  std::string Spelling = "--expand " + Name;
  for (size_t K = 0; K < LoopSpecs.size(); ++K)
    Spelling += (K ? "," : ":") + LoopSpecs[K];
  bool IsScalar = V && V->VarKind == Variable::LocalScalar;
  bool IsArray = V && (V->VarKind == Variable::LocalArray ||
                       V->VarKind == Variable::ArrayParam ||
                       V->VarKind == Variable::PointerParam);
  if (!IsScalar && !IsArray) {
    Diags.push_back({Diagnostic::Error, V ? V->Loc : F.Loc,
                     Spelling + ": '" + Name +
                         "' is not a local scalar or an array of function '" +
                         F.Name + "'"});
    return false;
  }
  // The candidate loops: the one selected, else those that enclose all of
  // the variable's accesses, innermost first (tmp in matmul along j, the
  // lecture's tmp and A along i).
  std::vector<LoopLocation> Candidates;
  if (!LoopSpec.empty()) {
    LoopLocation Where;
    bool Ambiguous = false;
    std::vector<std::string> Lines;
    if (!findLoop(F, LoopSpec, Where, Ambiguous, -1, &Lines) || Ambiguous) {
      std::string Msg = Spelling + ": function '" + F.Name + "' has ";
      if (Ambiguous) {
        std::string List;
        for (const std::string &Line : Lines)
          List += (List.empty() ? "" : ", ") + Line;
        Msg += "several loops named '" + selectorVar(LoopSpec) + "' (lines " +
               List + "); select one as " + Name + ":" + selectorVar(LoopSpec) +
               ":LINE";
      } else {
        Msg += "no loop '" + LoopSpec + "'";
      }
      Diags.push_back({Diagnostic::Error, F.Loc, Msg});
      return false;
    }
    Candidates.push_back(Where);
    // A band (`--expand sum:r,q`): the loops, outermost first, each
    // directly around the next.
    if (LoopSpecs.size() > 1) {
      if (!IsArray) {
        Diags.push_back({Diagnostic::Error, V->Loc,
                         Spelling +
                             ": expansion along several loops applies "
                             "to arrays; '" +
                             Name + "' is a scalar"});
        return false;
      }
      size_t N = LoopSpecs.size();
      bool Band = Where.Path.size() >= N;
      for (size_t K = 0; Band && K + 1 < N; ++K) {
        LoopLocation Outer;
        bool Amb = false;
        Band = findLoop(F, LoopSpecs[K], Outer, Amb) && !Amb &&
               &Outer.loop() == Where.Path[Where.Path.size() - N + K];
      }
      if (!Band) {
        Diags.push_back({Diagnostic::Error, F.Loc,
                         Spelling + ": the loops must be nested each directly "
                                    "in the one before it, outermost first"});
        return false;
      }
      ArrayExpansionPlan Plan;
      if (!checkArrayExpansion(F, Where, Name, Plan, Diags, unsigned(N)))
        return false;
      expandArray(F, Where, Name, Plan, unsigned(N));
      return true;
    }
  } else {
    Candidates = enclosingAll(F, Name);
  }
  if (Candidates.empty()) {
    Diags.push_back({Diagnostic::Error, V->Loc,
                     "cannot expand '" + Name +
                         "': no loop encloses all of its accesses; select "
                         "the loop to expand along as --expand " +
                         Name + ":LOOP"});
    return false;
  }

  if (IsArray) {
    // The innermost candidate whose check passes; else the refusal of the
    // innermost one.
    std::vector<Diagnostic> First;
    for (size_t I = 0; I < Candidates.size(); ++I) {
      ArrayExpansionPlan Plan;
      std::vector<Diagnostic> Why;
      if (checkArrayExpansion(F, Candidates[I], Name, Plan, Why)) {
        expandArray(F, Candidates[I], Name, Plan);
        return true;
      }
      if (I == 0)
        First = std::move(Why);
    }
    Diags.insert(Diags.end(), First.begin(), First.end());
    return false;
  }

  for (size_t I = 0; I < Candidates.size(); ++I) {
    Loop &L = Candidates[I].loop();
    std::optional<std::string> Why = whyCannotExpand(F, L, Name);
    if (!Why) {
      expandScalar(F, L, Name);
      return true;
    }
    if (I == 0) {
      Diags.push_back(
          {Diagnostic::Error, L.Loc, "cannot expand '" + Name + "': " + *Why});
    }
  }
  return false;
}
