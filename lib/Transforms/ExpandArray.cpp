//===- ExpandArray.cpp - array privatization by expansion -----------------===//
#include "looptile/Transforms/ExpandArray.h"

#include "looptile/Analysis/Dependence.h"
#include "looptile/Analysis/Privatization.h"
#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/Transforms/Expand.h"
#include "looptile/Transforms/Legality.h"

#include <algorithm>
#include <functional>

using namespace looptile;

namespace {

bool refuse(SourceLoc At, const std::string &Msg,
            std::vector<Diagnostic> &Diags) {
  Diags.push_back({Diagnostic::Error, At, Msg});
  return false;
}

// Calls Fn on every array reference to Name in Body (both sides).
void forEachRef(std::vector<Node> &Body, const std::string &Name,
                const std::function<void(Expr &)> &Fn) {
  std::function<void(Expr &)> Walk = [&](Expr &E) {
    if (E.K == Expr::ArrayRef && E.Name == Name)
      Fn(E);
    for (Expr &Op : E.Operands)
      Walk(Op);
  };
  for (Node &N : Body) {
    if (N.isLoop()) {
      forEachRef(N.loop().Body, Name, Fn);
      continue;
    }
    for (Expr *E : N.stmt().exprs())
      Walk(*E);
  }
}

bool accesses(const std::vector<Node> &Body, const std::string &Name,
              bool WritesOnly) {
  bool Found = false;
  forEachRef(const_cast<std::vector<Node> &>(Body), Name,
             [&](Expr &) { Found = true; });
  if (!WritesOnly || !Found)
    return Found;
  std::function<bool(const std::vector<Node> &)> Writes =
      [&](const std::vector<Node> &B) {
        for (const Node &N : B)
          if (N.isLoop() ? Writes(N.loop().Body) : N.stmt().LHS.Name == Name)
            return true;
        return false;
      };
  return Writes(Body);
}

bool sameAccess(const Access &A, const Access &B) {
  return A.str() == B.str() && A.Loc.Line == B.Loc.Line &&
         A.Loc.Col == B.Loc.Col;
}

// Explains a read that is not covered: the write it may read from (a flow
// dependence that crosses iterations of L or of a loop around it), else a
// value from before the loop; with an instance isl found.
void explainUncovered(const Function &F, const LoopLocation &Where,
                      const ArrayPrivatization &P, const std::string &What,
                      std::vector<Diagnostic> &Diags) {
  const Loop &L = Where.loop();
  const Access &Read = *P.Read;
  std::string ReadText =
      "the read '" + Read.str() + "' in S" + std::to_string(P.ReadStmt);
  std::string Instance = P.Witness.empty() ? "" : " (e.g. " + P.Witness + ")";
  if (P.Source) {
    std::vector<Diagnostic> Ignored;
    NestDependences ND = analyzeNest(F, Where.NestIndex, Ignored);
    unsigned LIndex = preorderIndex(F.Body[Where.NestIndex].loop(), &L);
    for (const Dependence &D : ND.Deps) {
      if (D.DepKind != Dependence::Flow || D.Source != P.SourceStmt ||
          D.Sink != P.ReadStmt || !sameAccess(D.SourceAccess, *P.Source) ||
          !sameAccess(D.SinkAccess, Read))
        continue;
      // The column of L, or the number of common loops when the write is
      // outside L: a vector whose first non-'=' entry is at or before it
      // crosses iterations of L or of a loop around it.
      size_t C =
          size_t(std::find(D.CommonLoops.begin(), D.CommonLoops.end(), LIndex) -
                 D.CommonLoops.begin());
      for (const DirectionVector &V : D.Directions) {
        std::optional<size_t> First = V.firstNonEqual();
        if (C < D.CommonLoops.size() && (!First || *First > C))
          continue; // within one iteration of L
        std::string Loop = First ? ND.loopOf(D, *First).Var : L.Var;
        Diags.push_back(
            {Diagnostic::Error, L.Loc,
             "cannot " + What + ": " + ReadText + " may see a value written " +
                 (First ? "in an earlier iteration of loop '" + Loop + "'"
                        : "before loop '" + L.Var + "'") +
                 Instance +
                 ", not one written earlier in the same "
                 "iteration of '" +
                 L.Var + "' (" + depDescription(D) + ", direction " + V.str() +
                 ")"});
        addAccessNotes(D, Diags);
        return;
      }
    }
  }
  Diags.push_back({Diagnostic::Error, L.Loc,
                   "cannot " + What + ": " + ReadText +
                       " is not always preceded, in the same iteration of '" +
                       L.Var + "', by a write of the same element" + Instance +
                       "; it may read a value from before the loop"});
  Diags.push_back(
      {Diagnostic::Note, Read.Loc,
       "read '" + Read.str() + "' in S" + std::to_string(P.ReadStmt)});
}

} // namespace

bool looptile::checkArrayExpansion(const Function &F, const LoopLocation &Where,
                                   const std::string &Name,
                                   ArrayExpansionPlan &Plan,
                                   std::vector<Diagnostic> &Diags,
                                   unsigned Band) {
  const Loop &L = Where.loop();
  // The band: the Band loops of Where.Path ending at L, outermost O first.
  size_t First = Where.Path.size() - std::min<size_t>(Band, Where.Path.size());
  const Loop &O = *Where.Path[First];
  std::string Loops;
  for (size_t K = First; K < Where.Path.size(); ++K)
    Loops += (K > First ? "', '" : "") + Where.Path[K]->Var;
  const std::string What = "expand '" + Name + "' along loop" +
                           (First + 1 < Where.Path.size() ? "s '" : " '") +
                           Loops + "'";
  const Variable *V = F.lookup(Name);
  if (V->VarKind == Variable::PointerParam)
    return refuse(V->Loc,
                  "cannot " + What + ": '" + Name +
                      "' is a pointer parameter, whose extents are unknown; "
                      "declare it as an array parameter (e.g. float " +
                      Name + "[N][M])",
                  Diags);
  for (size_t D = 0; D < V->Extents.size(); ++D)
    if (!V->Extents[D])
      return refuse(V->Loc,
                    "cannot " + What + ": dimension " + std::to_string(D + 1) +
                        " of '" + Name + "' has no declared extent",
                    Diags);
  if (!accesses(L.Body, Name, true))
    return refuse(L.Loc,
                  "cannot " + What + ": loop '" + L.Var + "' does not write '" +
                      Name + "'",
                  Diags);
  // Each new dimension is indexed by a band loop's variable: the loop must
  // run upward by one from a non-negative constant to one bound that is the
  // same for every iteration of the loops around it.
  for (size_t B = First; B < Where.Path.size(); ++B) {
    const Loop &BL = *Where.Path[B];
    if (BL.Step != 1)
      return refuse(BL.Loc,
                    "cannot " + What + ": loop '" + BL.Var + "' has step " +
                        std::to_string(BL.Step) + " (expansion needs step 1)",
                    Diags);
    if (BL.Lower.size() != 1 || !BL.Lower[0].isConstant() ||
        BL.Lower[0].constantPart() < 0)
      return refuse(BL.Loc,
                    "cannot " + What + ": loop '" + BL.Var +
                        "' does not start at a non-negative constant",
                    Diags);
    if (BL.Upper.size() != 1)
      return refuse(BL.Loc,
                    "cannot " + What + ": loop '" + BL.Var +
                        "' has several upper bounds (a min)",
                    Diags);
    for (size_t K = 0; K < B; ++K)
      if (BL.Upper[0].mentions(Where.Path[K]->Var))
        return refuse(BL.Loc,
                      "cannot " + What + ": the extent of loop '" + BL.Var +
                          "' depends on loop '" + Where.Path[K]->Var + "'",
                      Diags);
  }
  // A band: every access inside O is inside L, where the new subscripts
  // are defined.
  if (&O != &L) {
    unsigned InO = 0, InL = 0;
    forEachRef(const_cast<Loop &>(O).Body, Name, [&](Expr &) { ++InO; });
    forEachRef(const_cast<Loop &>(L).Body, Name, [&](Expr &) { ++InL; });
    if (InO != InL)
      return refuse(O.Loc,
                    "cannot " + What + ": '" + Name +
                        "' is also accessed in loop '" + O.Var +
                        "' outside loop '" + L.Var + "'",
                    Diags);
  }
  // A local declared in a loop inside L is a fresh array in every iteration
  // of that inner loop; one copy per iteration of L would merge them.
  bool DeclaredInL = false;
  for (size_t B = First; B < Where.Path.size(); ++B)
    DeclaredInL |= V->VarKind == Variable::LocalArray &&
                   !V->DeclaredIn.empty() &&
                   V->DeclaredIn == Where.Path[B]->Var;
  if (V->VarKind == Variable::LocalArray && !DeclaredInL &&
      isDeclaredInside(F, L, Name))
    return refuse(
        L.Loc,
        "cannot " + What + ": '" + Name + "' is declared inside loop '" +
            V->DeclaredIn + "', which is nested in '" + L.Var +
            "'; expand it along '" + V->DeclaredIn + "' or a loop inside it",
        Diags);

  ArrayPrivatization P = analyzeArrayPrivatization(F, Where.NestIndex, L, Name);
  if (P.Verdict == ArrayPrivatization::Unknown) {
    Diags.push_back({Diagnostic::Error, L.Loc,
                     "cannot prove it legal to " + What + ": " + P.Why});
    if (P.Read)
      Diags.push_back(
          {Diagnostic::Note, P.Read->Loc,
           "read '" + P.Read->str() + "' in S" + std::to_string(P.ReadStmt)});
    return false;
  }
  if (P.Verdict == ArrayPrivatization::NotCovered) {
    explainUncovered(F, Where, P, What, Diags);
    return false;
  }
  Plan = ArrayExpansionPlan();
  Plan.CopyOut = V->VarKind == Variable::ArrayParam ||
                 (!DeclaredInL && isReadAfter(F, O, Name));
  if (Plan.CopyOut) {
    // Along a band, coverage in L (the same iteration of every band loop)
    // implies coverage in O; the copy-out replays the last iteration of O,
    // so it needs that the last iteration of O writes every element any
    // iteration writes (and, along a band, one writing statement: below).
    if (&O != &L)
      P = analyzeArrayPrivatization(F, Where.NestIndex, O, Name);
    const std::string LiveAfter =
        "cannot " + What + ": '" + Name + "' is live after the loop" +
        (V->VarKind == Variable::ArrayParam ? " (a parameter)" : "");
    if (P.Verdict != ArrayPrivatization::Private || !P.LastIterationWritesAll)
      return refuse(
          O.Loc,
          LiveAfter + ", and the last iteration of '" + O.Var + "' " +
              (P.CopyOutWitness.empty() ? "may not write" : "does not write") +
              " every element that an earlier iteration writes" +
              (P.CopyOutWitness.empty() ? ""
                                        : " (e.g. " + P.CopyOutWitness + ")") +
              ", so the final values cannot be copied out from the last "
              "iteration",
          Diags);
    // Along a band, the copy-out reads each iteration of the inner band
    // loops from its own copy; it replays the writes in separate loops, one
    // per write, so two writes that may store the same element in different
    // iterations of the inner band would be copied out of order (the last
    // writer in the C lost; fuzz seed 951202). Refused until the copy-out
    // replays the band's iterations with all writes in order.
    if (&O != &L && P.CopyOutWrites.size() > 1)
      return refuse(
          O.Loc,
          LiveAfter + " and " + std::to_string(P.CopyOutWrites.size()) +
              " statements write it in the band; copying its final values "
              "out of a band expansion is supported for one writing "
              "statement only; expand it along '" + O.Var + "' alone",
          Diags);
    Plan.CopyOutWrites = P.CopyOutWrites;
  }
  return true;
}

std::string looptile::expandArray(Function &F, const LoopLocation &Where,
                                  const std::string &Name,
                                  const ArrayExpansionPlan &Plan,
                                  unsigned Band) {
  Loop &L = Where.loop();
  size_t First = Where.Path.size() - std::min<size_t>(Band, Where.Path.size());
  Loop &O = *Where.Path[First];
  std::vector<IndexExpr> BandVars;
  for (size_t K = First; K < Where.Path.size(); ++K)
    BandVars.push_back(IndexExpr::symbol(Where.Path[K]->Var));
  const Variable V = *F.lookup(Name);
  std::string Array = freshName(F, Name + "_x");

  // The copy-out, built from the writes before they are renamed: for the
  // last iteration of O only (a loop over [max(lo, hi), hi], which runs
  // once when O ran at all), the loops below O around each chosen write,
  // with fresh variables (`_out`) so that loop selectors stay unambiguous.
  Loop Copy;
  if (Plan.CopyOut)
    Copy = lastIterationCopy(
        F, O, Plan.CopyOutWrites,
        [&](const Stmt &W,
            const std::function<IndexExpr(const IndexExpr &)> &Rename) {
          std::vector<IndexExpr> Subs;
          for (const IndexExpr &E : W.LHS.Subscripts)
            Subs.push_back(Rename(E));
          std::vector<IndexExpr> XSubs = Subs;
          for (size_t K = BandVars.size(); K-- > 0;)
            XSubs.insert(XSubs.begin(), Rename(BandVars[K]));
          Stmt S;
          S.Op = AssignOp::Assign;
          S.LHS = Expr::arrayRef(Name, V.Type, Subs);
          S.RHS = Expr::arrayRef(Array, V.Type, XSubs);
          return S;
        });

  // Every access inside L gets the band's variables as its new first
  // subscripts.
  forEachRef(L.Body, Name, [&](Expr &E) {
    E.Name = Array;
    E.Subscripts.insert(E.Subscripts.begin(), BandVars.begin(), BandVars.end());
  });

  Variable X;
  X.Name = Array;
  X.VarKind = Variable::LocalArray;
  X.Type = V.Type;
  for (size_t K = First; K < Where.Path.size(); ++K)
    X.Extents.push_back(Where.Path[K]->Upper[0] + IndexExpr::constant(1));
  X.Extents.insert(X.Extents.end(), V.Extents.begin(), V.Extents.end());
  X.DeclaredIn = First > 0 ? Where.Path[First - 1]->Var : std::string();
  X.Loc = O.Loc;

  if (Plan.CopyOut) {
    std::vector<Node> *Parent = nullptr;
    size_t Index = 0;
    findParentBody(F.Body, &O, Parent, Index);
    Parent->insert(Parent->begin() + Index + 1, Node{std::move(Copy)});
  }
  // A local array nothing refers to any more is gone.
  if (V.VarKind == Variable::LocalArray && !accesses(F.Body, Name, false))
    F.Locals.erase(
        std::remove_if(F.Locals.begin(), F.Locals.end(),
                       [&](const Variable &Y) { return Y.Name == Name; }),
        F.Locals.end());
  F.Locals.push_back(std::move(X));
  return Array;
}
