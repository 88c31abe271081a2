//===- ScalarClassification.cpp - private, reduction, carried -------------===//
//
// Implements the classification of variables written in a loop (see the
// header). The tests are syntactic over the IR and conservative: when a
// pattern is not recognised the variable is "carried", which keeps its
// dependences in the parallelism test.
//
//===----------------------------------------------------------------------===//
#include "looptile/Analysis/ScalarClassification.h"

#include <algorithm>
#include <set>

using namespace looptile;

const char *looptile::varClassName(VarClass C) {
  switch (C) {
  case VarClass::Private:
    return "private";
  case VarClass::Reduction:
    return "reduction";
  case VarClass::Carried:
    return "carried";
  }
  return "?";
}

const char *looptile::reductionOpName(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Sum:
    return "+";
  case ReductionOp::Product:
    return "*";
  case ReductionOp::Min:
    return "min";
  case ReductionOp::Max:
    return "max";
  }
  return "?";
}

// True when E reads Name anywhere.
static bool readsName(const Expr &E, const std::string &Name) {
  if ((E.K == Expr::ScalarRef || E.K == Expr::ArrayRef) && E.Name == Name)
    return true;
  for (const Expr &Op : E.Operands)
    if (readsName(Op, Name))
      return true;
  return false;
}

// True when E is exactly the reference Target (same name and subscripts).
static bool isSameRef(const Expr &E, const Expr &Target) {
  return E.K == Target.K && E.Name == Target.Name &&
         E.Subscripts == Target.Subscripts;
}

// True when a data condition of S's guard reads Name.
static bool guardReads(const Stmt &S, const std::string &Name) {
  for (const Expr &C : S.When.Data)
    if (readsName(C, Name))
      return true;
  return false;
}

// The extremum that `Cond ? Term : Acc` computes, when Cond compares Term
// with the accumulator Acc (either order, strict or not): max when Term is
// taken where it compares greater, min where smaller. Only this form is
// accepted for floating point: a NaN term compares false and is skipped, a
// NaN accumulator stays, whatever the order of the terms. In the other
// form (`Cond ? Acc : Term`, Term taken where the comparison fails), a NaN
// term replaces the accumulator and the next term replaces the NaN, so
// the result depends on the order: it is a reduction for integers only.
static std::optional<ReductionOp> selectExtremum(const Expr &Cond,
                                                 const Expr &Acc,
                                                 const Expr &Term,
                                                 bool TermWhenTrue) {
  if (Cond.K != Expr::Compare || Cond.Operands.size() != 2)
    return std::nullopt;
  if (!TermWhenTrue && isFloatingType(Acc.Type))
    return std::nullopt;
  std::string A = Acc.str(), T = Term.str();
  const std::string L = Cond.Operands[0].str(), R = Cond.Operands[1].str();
  bool TermLeft = L == T && R == A, TermRight = L == A && R == T;
  if (!TermLeft && !TermRight)
    return std::nullopt;
  bool Greater; // the condition holds where Term is the greater one
  switch (Cond.Cond) {
  case CondOp::GT:
  case CondOp::GE:
    Greater = TermLeft;
    break;
  case CondOp::LT:
  case CondOp::LE:
    Greater = TermRight;
    break;
  default:
    return std::nullopt;
  }
  // Taking Term where it is not the greater one (the condition fails)
  // keeps the greater one.
  bool Max = Greater == TermWhenTrue;
  return Max ? ReductionOp::Max : ReductionOp::Min;
}

std::optional<ReductionOp> looptile::reductionUpdate(const Stmt &S,
                                                     const std::string &Name) {
  if (S.LHS.Name != Name || S.DeclType)
    return std::nullopt;
  // `if (e > m) m = e;`: one data condition comparing the assigned term
  // with the accumulator, as `m = e > m ? e : m`.
  if (guardReads(S, Name)) {
    if (S.Op != AssignOp::Assign || S.When.Data.size() != 1 ||
        readsName(S.RHS, Name))
      return std::nullopt;
    return selectExtremum(S.When.Data.front(), S.LHS, S.RHS, true);
  }
  // A guard that reads the accumulator makes the update depend on the
  // running value: not a reduction (except the form above). Any other
  // guard only selects which terms are combined.
  switch (S.Op) {
  case AssignOp::AddAssign:
  case AssignOp::SubAssign:
    if (readsName(S.RHS, Name))
      return std::nullopt;
    return ReductionOp::Sum;
  case AssignOp::MulAssign:
    if (readsName(S.RHS, Name))
      return std::nullopt;
    return ReductionOp::Product;
  case AssignOp::DivAssign:
    return std::nullopt;
  case AssignOp::Assign:
    break;
  }
  const Expr &R = S.RHS;
  if (R.K == Expr::Select && R.Operands.size() == 3) {
    const Expr &C = R.Operands[0], &X = R.Operands[1], &Y = R.Operands[2];
    if (readsName(C, Name) && isSameRef(Y, S.LHS) && !readsName(X, Name))
      return selectExtremum(C, S.LHS, X, true);
    if (readsName(C, Name) && isSameRef(X, S.LHS) && !readsName(Y, Name))
      return selectExtremum(C, S.LHS, Y, false);
    return std::nullopt;
  }
  if (R.Operands.size() != 2)
    return std::nullopt;
  const Expr &A = R.Operands[0], &B = R.Operands[1];
  // The accumulator operand is S.LHS itself; the other must not read Name.
  bool AccLeft = isSameRef(A, S.LHS) && !readsName(B, Name);
  bool AccRight = isSameRef(B, S.LHS) && !readsName(A, Name);
  if (R.K == Expr::Binary) {
    if (R.Op == '+' && (AccLeft || AccRight))
      return ReductionOp::Sum;
    if (R.Op == '-' && AccLeft)
      return ReductionOp::Sum;
    if (R.Op == '*' && (AccLeft || AccRight))
      return ReductionOp::Product;
    return std::nullopt;
  }
  if (R.K != Expr::Call || !(AccLeft || AccRight))
    return std::nullopt;
  if (R.Name == "fminf" || R.Name == "fmin" || R.Name == "min")
    return ReductionOp::Min;
  if (R.Name == "fmaxf" || R.Name == "fmax" || R.Name == "max")
    return ReductionOp::Max;
  return std::nullopt;
}

// Checks every statement of Body that touches Name; Op collects the one
// operator seen so far.
static bool allReductionUpdates(const std::vector<Node> &Body,
                                const std::string &Name,
                                const std::string &LoopVar,
                                std::optional<ReductionOp> &Op) {
  for (const Node &N : Body) {
    if (N.isLoop()) {
      if (!allReductionUpdates(N.loop().Body, Name, LoopVar, Op))
        return false;
      continue;
    }
    const Stmt &S = N.stmt();
    if (S.LHS.Name != Name && !readsName(S.RHS, Name) && !guardReads(S, Name))
      continue;
    std::optional<ReductionOp> This = reductionUpdate(S, Name);
    if (!This || (Op && *Op != *This))
      return false;
    for (const IndexExpr &Sub : S.LHS.Subscripts)
      if (Sub.mentions(LoopVar))
        return false;
    Op = This;
  }
  return true;
}

std::optional<ReductionOp> looptile::findReduction(const Loop &L,
                                                   const std::string &Name) {
  std::optional<ReductionOp> Op;
  if (!allReductionUpdates(L.Body, Name, L.Var, Op))
    return std::nullopt;
  return Op;
}

// E with every reference equal to Target (same name and subscripts)
// replaced by the scalar Acc.
static Expr renameRef(const Expr &E, const Expr &Target,
                      const std::string &Acc) {
  if (isSameRef(E, Target))
    return Expr::scalarRef(Acc, E.Type);
  Expr Out = E;
  for (Expr &Op : Out.Operands)
    Op = renameRef(Op, Target, Acc);
  return Out;
}

// S with Target's reference as the scalar Acc, wherever it appears.
static Stmt withAccumulator(const Stmt &S, const Expr &Target,
                            const std::string &Acc) {
  Stmt Out = S;
  Out.LHS = renameRef(S.LHS, Target, Acc);
  Out.RHS = renameRef(S.RHS, Target, Acc);
  for (Expr &C : Out.When.Data)
    C = renameRef(C, Target, Acc);
  return Out;
}

// Not a C identifier: no variable of the program has it.
static const char *const AccName = " acc";

std::optional<ReductionOp> looptile::elementUpdate(const Stmt &S,
                                                   const Expr &Target) {
  if (Target.K != Expr::ArrayRef || !isSameRef(S.LHS, Target))
    return std::nullopt;
  return reductionUpdate(withAccumulator(S, Target, AccName), AccName);
}

// Checks every statement of Body for findElementReduction; Target and Op
// collect the updated reference and the operator seen so far.
static bool allElementUpdates(const std::vector<Node> &Body,
                              const std::string &Name,
                              const std::string &LoopVar,
                              std::optional<Expr> &Target,
                              std::optional<ReductionOp> &Op) {
  for (const Node &N : Body) {
    if (N.isLoop()) {
      if (!allElementUpdates(N.loop().Body, Name, LoopVar, Target, Op))
        return false;
      continue;
    }
    const Stmt &S = N.stmt();
    if (S.LHS.Name == Name) {
      if (S.LHS.K != Expr::ArrayRef || (Target && !isSameRef(S.LHS, *Target)))
        return false;
      for (const IndexExpr &Sub : S.LHS.Subscripts)
        if (Sub.mentions(LoopVar))
          return false;
      std::optional<ReductionOp> This = elementUpdate(S, S.LHS);
      if (!This || (Op && *Op != *This))
        return false;
      Target = S.LHS;
      Op = This;
    }
  }
  return true;
}

// True when a statement of Body other than an update of Target reads
// Target's reference.
static bool readsOutsideUpdates(const std::vector<Node> &Body,
                                const Expr &Target) {
  for (const Node &N : Body) {
    if (N.isLoop()) {
      if (readsOutsideUpdates(N.loop().Body, Target))
        return true;
      continue;
    }
    const Stmt &S = N.stmt();
    if (isSameRef(S.LHS, Target))
      continue; // an update (allElementUpdates checked it)
    Stmt R = withAccumulator(S, Target, AccName);
    if (readsName(R.RHS, AccName) || guardReads(R, AccName))
      return true;
  }
  return false;
}

std::optional<std::pair<Expr, ReductionOp>>
looptile::findElementReduction(const Loop &L, const std::string &Name) {
  std::optional<Expr> Target;
  std::optional<ReductionOp> Op;
  if (!allElementUpdates(L.Body, Name, L.Var, Target, Op) || !Target ||
      readsOutsideUpdates(L.Body, *Target))
    return std::nullopt;
  return std::make_pair(*Target, *Op);
}

namespace {
/// The guards under which a scalar is certainly written at a point of one
/// iteration (an empty guard: unconditionally). A write under guard G
/// covers a later read whose guard implies G, as long as nothing in between
/// writes a variable that G's data conditions read (which could change
/// their value between the two evaluations).
struct WrittenUnder {
  std::vector<Guard> Guards;

  bool covers(const Guard &ReadGuard) const {
    return std::any_of(Guards.begin(), Guards.end(), [&](const Guard &G) {
      return G.isImpliedBy(ReadGuard);
    });
  }
  void forgetReading(const std::string &Var) {
    Guards.erase(std::remove_if(Guards.begin(), Guards.end(),
                                [&](const Guard &G) {
                                  return std::any_of(G.Data.begin(),
                                                     G.Data.end(),
                                                     [&](const Expr &C) {
                                                       return readsName(C, Var);
                                                     });
                                }),
                 Guards.end());
  }
};
} // namespace

// Every variable some statement of Body writes.
static void writtenNames(const std::vector<Node> &Body,
                         std::set<std::string> &Out) {
  for (const Node &N : Body) {
    if (N.isLoop())
      writtenNames(N.loop().Body, Out);
    else
      Out.insert(N.stmt().LHS.Name);
  }
}

// Walks Body in execution order of one iteration; Written holds the guards
// under which Name is certainly written at this point. Returns true at a
// read of Name that no earlier write of the same iteration covers.
static bool hasExposedRead(const std::vector<Node> &Body,
                           const std::string &Name, WrittenUnder &Written);

static bool hasExposedRead(const Node *Begin, const Node *End,
                           const std::string &Name, WrittenUnder &Written) {
  for (const Node *It = Begin; It != End; ++It) {
    const Node &N = *It;
    if (N.isLoop() && N.loop().runsOnce()) {
      // A loop of exactly one iteration (a host program's statements held
      // in a loop of one iteration) is its body, run once where it stands.
      if (hasExposedRead(N.loop().Body, Name, Written))
        return true;
      continue;
    }
    if (N.isLoop()) {
      // Reads inside are covered by writes before the loop or by writes
      // earlier in the same inner iteration; writes inside do not cover
      // what follows the loop, but may change the guards' data.
      WrittenUnder Inner = Written;
      if (hasExposedRead(N.loop().Body, Name, Inner))
        return true;
      std::set<std::string> Changed;
      writtenNames(N.loop().Body, Changed);
      for (const std::string &V : Changed)
        Written.forgetReading(V);
      continue;
    }
    const Stmt &S = N.stmt();
    // A read in the K-th data condition runs when the conditions before it
    // held; the other reads when the whole guard holds.
    Guard Prefix;
    Prefix.Affine = S.When.Affine;
    for (const Expr &C : S.When.Data) {
      if (readsName(C, Name) && !Written.covers(Prefix))
        return true;
      Prefix.Data.push_back(C);
    }
    bool IsTarget = S.LHS.K == Expr::ScalarRef && S.LHS.Name == Name;
    if ((readsName(S.RHS, Name) || (IsTarget && S.Op != AssignOp::Assign)) &&
        !Written.covers(S.When))
      return true;
    if (IsTarget)
      Written.Guards.push_back(S.When);
    Written.forgetReading(S.LHS.Name);
  }
  return false;
}

static bool hasExposedRead(const std::vector<Node> &Body,
                           const std::string &Name, WrittenUnder &Written) {
  return hasExposedRead(Body.data(), Body.data() + Body.size(), Name, Written);
}

bool looptile::isWrittenBeforeRead(const Function &, const Loop &L,
                                   const std::string &Name) {
  WrittenUnder Written;
  return !hasExposedRead(L.Body, Name, Written);
}

// Finds the chain of bodies from F's body down to the one holding L: each
// entry is a body and the position of the node leading towards L.
static bool findPath(const std::vector<Node> &Body, const Loop &L,
                     std::vector<std::pair<const std::vector<Node> *, size_t>>
                         &Path) {
  for (size_t I = 0; I < Body.size(); ++I) {
    if (!Body[I].isLoop())
      continue;
    Path.push_back({&Body, I});
    if (&Body[I].loop() == &L || findPath(Body[I].loop().Body, L, Path))
      return true;
    Path.pop_back();
  }
  return false;
}

bool looptile::isLiveAfter(const Function &F, const Loop &L,
                           const std::string &Name) {
  std::vector<std::pair<const std::vector<Node> *, size_t>> Path;
  if (!findPath(F.Body, L, Path))
    return true;
  // What runs after L: the rest of each enclosing body, innermost first (a
  // write there covers later reads), and, inside a loop, that body's
  // beginning on the next iteration (whose writes cover nothing outside).
  WrittenUnder Written;
  for (size_t Level = Path.size(); Level-- > 0;) {
    const std::vector<Node> &Body = *Path[Level].first;
    size_t Pos = Path[Level].second;
    // The rest of the body and its beginning, in place (not copies).
    if (hasExposedRead(Body.data() + Pos + 1, Body.data() + Body.size(), Name,
                       Written))
      return true;
    if (Level == 0)
      break;
    WrittenUnder NextWritten = Written;
    if (hasExposedRead(Body.data(), Body.data() + Pos, Name, NextWritten))
      return true;
  }
  // The returned value is read after everything.
  return F.ReturnValue && readsName(*F.ReturnValue, Name) &&
         !Written.covers(Guard());
}

// True when Body reads Name anywhere.
static bool readsAnywhere(const Node *Begin, const Node *End,
                          const std::string &Name,
                          const std::vector<std::string> &NotMemory) {
  for (const Node *It = Begin; It != End; ++It) {
    const Node &N = *It;
    if (N.isLoop()) {
      const std::vector<Node> &Inner = N.loop().Body;
      if (readsAnywhere(Inner.data(), Inner.data() + Inner.size(), Name,
                        NotMemory))
        return true;
      continue;
    }
    for (const Access &A : N.stmt().accesses(NotMemory))
      if (A.Name == Name && !A.IsWrite)
        return true;
  }
  return false;
}

bool looptile::isReadAfter(const Function &F, const Loop &L,
                           const std::string &Name) {
  std::vector<std::pair<const std::vector<Node> *, size_t>> Path;
  if (!findPath(F.Body, L, Path))
    return true;
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  for (size_t Level = Path.size(); Level-- > 0;) {
    const std::vector<Node> &Body = *Path[Level].first;
    size_t Pos = Path[Level].second;
    if (readsAnywhere(Body.data() + Pos + 1, Body.data() + Body.size(), Name,
                      NotMemory))
      return true;
    if (Level == 0)
      break;
    if (readsAnywhere(Body.data(), Body.data() + Pos, Name, NotMemory))
      return true;
  }
  return F.ReturnValue && readsName(*F.ReturnValue, Name);
}

// True when L or a loop nested in it has variable Var.
static bool hasLoopVar(const Loop &L, const std::string &Var) {
  if (L.Var == Var)
    return true;
  for (const Node &N : L.Body)
    if (N.isLoop() && hasLoopVar(N.loop(), Var))
      return true;
  return false;
}

bool looptile::isDeclaredInside(const Function &F, const Loop &L,
                                const std::string &Name) {
  for (const Variable &V : F.Locals)
    if (V.Name == Name)
      return !V.DeclaredIn.empty() && hasLoopVar(L, V.DeclaredIn);
  return false;
}

VarClass looptile::classifyScalar(const Function &F, const Loop &L,
                                  const std::string &Name) {
  if (isDeclaredInside(F, L, Name) || isWrittenBeforeRead(F, L, Name))
    return VarClass::Private;
  if (findReduction(L, Name))
    return VarClass::Reduction;
  return VarClass::Carried;
}
