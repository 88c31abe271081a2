//===- Signature.cpp - what a function's parameters are -------------------===//
#include "looptile/IR/Walk.h"
#include "looptile/Mapping/Signature.h"
#include "looptile/Analysis/Footprint.h"
#include "looptile/Support/JSON.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

using namespace looptile;

namespace {

/// The largest value of each loop variable where a statement runs: the
/// loop's single upper bound, lowered by a constraint `v <= e` (or `v ==
/// e`) of the statement's affine guard when e is below it by a constant.
/// Exact is cleared when the guard may cut the iteration space in another
/// way (the largest subscript over the loops' bounds could then exceed the
/// largest one the statement reaches).
struct Box {
  std::map<std::string, IndexExpr> Upper;
  /// The loop's single lower bound, for variables the guard does not bound
  /// from below (a term with a negative coefficient is largest there).
  std::map<std::string, IndexExpr> Lower;
  bool Exact = true;
};

Box boxOf(const Stmt &S, const std::vector<const Loop *> &Loops) {
  Box B;
  // Of a min (max) of bounds, each one bounds the variable: the first that
  // names no loop variable (`n - 1` of `MIN(i + r, n - 1)`), else the first.
  // The variable may stay below it, so the box is no longer exact.
  auto Pick = [&](const std::vector<IndexExpr> &Bounds) {
    for (const IndexExpr &E : Bounds)
      if (std::none_of(Loops.begin(), Loops.end(),
                       [&](const Loop *O) { return E.mentions(O->Var); }))
        return E;
    return Bounds.front();
  };
  for (const Loop *L : Loops) {
    if (!L->Upper.empty())
      B.Upper[L->Var] = Pick(L->Upper);
    if (!L->Lower.empty())
      B.Lower[L->Var] = Pick(L->Lower);
    B.Exact &= L->Upper.size() <= 1 && L->Lower.size() <= 1;
  }
  for (const AffineCondition &C : S.When.Affine) {
    if (C.disjuncts().size() != 1) {
      B.Exact = false;
      continue;
    }
    for (const AffineConstraint &K : C.disjuncts()[0]) {
      std::vector<const Loop *> Mentioned;
      for (const Loop *L : Loops)
        if (K.E.mentions(L->Var))
          Mentioned.push_back(L);
      if (Mentioned.empty())
        continue; // a condition on the sizes only
      const Loop *L = Mentioned.back();
      int64_t Co = K.E.coeffOf(L->Var);
      bool Simple = Mentioned.size() == 1 && (Co == 1 || Co == -1);
      if (!Simple) {
        // Constraints between loops (`j >= i`) are not boxes.
        B.Exact = false;
        continue;
      }
      if (Co == 1 && !K.IsEquality) {
        B.Lower.erase(L->Var); // a lower bound `v >= e`
        continue;
      }
      // v <= e is E = e - v >= 0 (Co = -1); v == e may also be E = v - e.
      IndexExpr V = IndexExpr::symbol(L->Var);
      IndexExpr Bound = Co == -1 ? K.E + V : V - K.E;
      auto It = B.Upper.find(L->Var);
      if (It == B.Upper.end()) {
        B.Exact = false;
        continue;
      }
      IndexExpr Diff = Bound - It->second;
      if (!Diff.isConstant()) {
        B.Exact = false;
        continue;
      }
      if (Diff.constantPart() < 0)
        It->second = Bound;
    }
  }
  return B;
}

// True when E >= 0 for every value >= 1 of the size parameters it is a
// polynomial in (the runtime and the host glue run with sizes >= 1): every
// monomial's coefficient is >= 0 and the constant is at least minus their
// sum, since each monomial is then >= 1.
bool atLeastZero(const IndexExpr &E) {
  int64_t Sum = 0;
  for (const Term &T : E.terms()) {
    if (T.Symbols.empty())
      continue;
    if (T.Coeff < 0)
      return false;
    Sum += T.Coeff;
  }
  return E.constantPart() + Sum >= 0;
}

// The largest value E takes over the loops (innermost substituted first):
// a loop variable with a positive coefficient at its upper bound in Box, one
// with a negative coefficient (alone in its term) at its lower bound; in
// products with size parameters E must grow with it (growsWith).
std::optional<IndexExpr>
maxOver(IndexExpr E, const std::vector<const Loop *> &Loops, const Box &B) {
  for (size_t I = Loops.size(); I-- > 0;) {
    const Loop *L = Loops[I];
    if (!E.mentions(L->Var))
      continue;
    int64_t Co = E.coeffOf(L->Var);
    bool InProduct = false;
    for (const Term &T : E.terms())
      for (const std::string &S : T.Symbols)
        InProduct |= S == L->Var && T.Symbols.size() > 1;
    // In a product with sizes, E must grow with the variable wherever the
    // loops run (Analysis/Footprint.h).
    if (InProduct && !growsWith(E, L->Var, Loops))
      return std::nullopt;
    const std::map<std::string, IndexExpr> &Bound =
        Co < 0 && !InProduct ? B.Lower : B.Upper;
    auto It = Bound.find(L->Var);
    if (It == Bound.end())
      return std::nullopt;
    E = E.substitute(L->Var, It->second);
  }
  return E;
}

} // namespace

std::vector<std::string>
looptile::describeArguments(const Function &F, std::vector<ArgumentInfo> &Out) {
  Out.clear();
  // Every parameter's reason, so that one run names them all.
  std::vector<std::string> Errors;
  std::set<std::string> Refused;
  std::map<std::string, bool> Read, Written, Guarded;
  std::map<std::string, std::optional<IndexExpr>> Extent; // pointers
  std::map<std::string, bool> ExtentUnknown;
  // Pointer accesses that may not run where the loops' bounds say: their
  // reach must stay within the extent the others define.
  std::vector<std::pair<Access, IndexExpr>> Conditional;
  // Pointer accesses that run exactly where an affine condition says, with
  // their reach over the loops' bounds: within the extent the others
  // define where the footprint has no one formula.
  std::vector<std::pair<Access, IndexExpr>> Unboxed;
  // Every access's reach (one past the largest element it may touch, over
  // the loops' bounds, conditions ignored), for the declaration that an
  // error suggests.
  std::map<std::string, std::vector<std::pair<std::string, IndexExpr>>>
      Reaches;
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  forEachStmt(F.Body,
            [&](const Stmt &S, const std::vector<const Loop *> &Loops) {
              Box B = boxOf(S, Loops);
              for (const Access &A : S.accesses(NotMemory)) {
                (A.IsWrite ? Written : Read)[A.Name] = true;
                Guarded[A.Name] |= A.IsWrite && A.Conditional;
                const Variable *V = F.lookup(A.Name);
                // A pointer's extent, or the undeclared outer extent of an
                // array parameter (`float (*a)[8]`, `float a[][8]`), comes
                // from the first subscript's reach.
                bool OuterUnknown = V && V->VarKind == Variable::ArrayParam &&
                                    !V->Extents.empty() && !V->Extents[0] &&
                                    A.Subscripts.size() == V->Extents.size();
                // A gather's reach is its array's declared extent.
                if (A.Gather)
                  continue;
                if (!V || !((V->VarKind == Variable::PointerParam &&
                             A.Subscripts.size() == 1) ||
                            OuterUnknown))
                  continue;
                std::optional<IndexExpr> M = maxOver(A.Subscripts[0], Loops, B);
                if (!M) {
                  ExtentUnknown[A.Name] = true;
                  continue;
                }
                IndexExpr Candidate = *M + IndexExpr::constant(1);
                Reaches[A.Name].push_back({A.str(), Candidate});
                if (A.Conditional) {
                  Conditional.push_back({A, Candidate});
                  continue;
                }
                // An access under an affine guard that is not a box (`x ==
                // 0 || x == w - 1`, `j != i`) or in the arms of affine
                // `?:`s runs exactly where they hold: a pointer's extent
                // (analyzePointerExtent) counts it there; over the loops'
                // bounds alone its reach would overstate the array (a
                // clamp's far arm). An outer extent has only the reaches.
                if (!B.Exact || !A.Arms.empty()) {
                  (OuterUnknown ? Conditional : Unboxed).push_back(
                      {A, Candidate});
                  continue;
                }
                auto &Cur = Extent[A.Name];
                if (!Cur)
                  Cur = Candidate;
                else if (*Cur != Candidate) {
                  // Keep the larger, where the sign of the difference is
                  // known for all sizes >= 1.
                  IndexExpr Diff = Candidate - *Cur;
                  if (atLeastZero(Diff))
                    Cur = Candidate;
                  else if (!atLeastZero(-Diff))
                    ExtentUnknown[A.Name] = true;
                }
              }
            });
  // The largest reach of Name's accesses, where one is at least every other
  // for all sizes >= 1.
  auto LargestReach = [&](const std::string &Name) -> std::optional<IndexExpr> {
    const auto &Rs = Reaches[Name];
    for (const auto &[Text, R] : Rs) {
      bool Largest = true;
      for (const auto &[Text2, R2] : Rs)
        Largest &= atLeastZero(R - R2);
      if (Largest)
        return R;
    }
    return std::nullopt;
  };
  // The C declaration of parameter Name with extent E.
  auto Declaration = [&](const std::string &Name, const std::string &E) {
    const Variable *V = F.lookup(Name);
    return std::string(V && V->IsConst ? "const " : "") +
           elemTypeName(V ? V->Type : ElemType::Float) + " " + Name + "[" + E +
           "]";
  };
  // What to declare instead of pointer Name whose extent is not known: the
  // largest reach of its accesses, or a size parameter for the caller's
  // extent where no one formula covers them all (naming each reach).
  auto DeclareInstead = [&](const std::string &Name) -> std::string {
    if (std::optional<IndexExpr> R = LargestReach(Name)) {
      // C reads an extent where the array is declared: the sizes it names
      // must come first in the parameter list.
      auto Position = [&](const std::string &P) {
        for (size_t I = 0; I < F.Params.size(); ++I)
          if (F.Params[I].Name == P)
            return I;
        return F.Params.size();
      };
      std::string Later;
      for (const std::string &Sym : R->symbols())
        if (Position(Sym) < F.Params.size() && Position(Sym) > Position(Name))
          Later += (Later.empty() ? "'" : ", '") + Sym + "'";
      return "; declare it as an array parameter with the extent of the "
             "caller's array, e.g. '" +
             Declaration(Name, R->str()) +
             "' where it has that many elements (every access stays below " +
             R->str() + ", conditions ignored)" +
             (Later.empty() ? ""
                            : ", with " + Later +
                                  " moved before it in the parameter list "
                                  "(C reads the extent where '" +
                                  Name + "' is declared)");
    }
    std::string Each;
    std::set<std::string> Seen;
    for (const auto &[Text, R] : Reaches[Name])
      if (Seen.insert(R.str()).second)
        Each += (Each.empty() ? "" : ", ") + R.str() + " ('" + Text + "')";
    if (Each.empty())
      return "; declare it as an array parameter whose extent covers every "
             "access, a size parameter if no formula of the sizes does "
             "('long len, " +
             Declaration(Name, "len") + "')";
    return "; its accesses reach " + Each +
           ", and no one of these is the largest for every size: declare it "
           "as an array parameter with a size parameter for the caller's "
           "extent, at least each of them ('long len, " +
           Declaration(Name, "len") + "')";
  };
  for (const auto &[A, Candidate] : Conditional) {
    if (ExtentUnknown[A.Name])
      continue;
    const std::optional<IndexExpr> &Cur = Extent[A.Name];
    IndexExpr Diff = Cur ? Candidate - *Cur : IndexExpr::constant(1);
    if (atLeastZero(-Diff))
      continue;
    if (Refused.insert(A.Name).second)
      Errors.push_back("cannot determine the extent of parameter '" + A.Name +
                       "': the access '" + A.str() +
                       "' runs only when a condition holds, so its reach "
                       "says nothing about the array's size" +
                       DeclareInstead(A.Name));
  }
  // The extents that each index array's values select (Expr::isGather).
  std::map<std::string, std::vector<IndexExpr>> IndexOf;
  std::function<void(const Expr &)> Gathers = [&](const Expr &E) {
    for (size_t D = 0; D < E.Subscripts.size(); ++D)
      if (E.gathersDim(D) && E.Operands[D].K == Expr::ArrayRef)
        if (const Variable *V = F.lookup(E.Name); V && V->Extents[D]) {
          std::vector<IndexExpr> &Of = IndexOf[E.Operands[D].Name];
          if (std::find(Of.begin(), Of.end(), *V->Extents[D]) == Of.end())
            Of.push_back(*V->Extents[D]);
        }
    for (const Expr &Op : E.Operands)
      Gathers(Op);
  };
  forEachStmt(F.Body,
            [&](const Stmt &S, const std::vector<const Loop *> &) {
              for (const Expr *E : S.exprs())
                Gathers(*E);
            });
  for (const Variable &V : F.Params) {
    if (V.isDerived())
      continue; // not an argument: the manifest's derived_sizes
    ArgumentInfo A;
    A.Name = V.Name;
    A.Type = V.Type;
    A.IndexOf = IndexOf[V.Name];
    if (V.VarKind == Variable::SizeParam) {
      A.ArgKind = ArgumentInfo::Size;
      A.Int = V.Int;
    } else if (V.VarKind == Variable::ScalarParam) {
      A.ArgKind = ArgumentInfo::Scalar;
    } else {
      A.ArgKind = ArgumentInfo::Buffer;
      A.Reads = Read[V.Name];
      A.Writes = Written[V.Name];
      if (V.VarKind == Variable::PointerParam) {
        // The host copies exactly the elements from 0 to the largest flat
        // index the function touches: no more, or it would read and write
        // past the caller's array.
        PointerExtent PE = analyzePointerExtent(F, V.Name);
        std::string Declare = DeclareInstead(V.Name);
        if (Refused.count(V.Name))
          continue;
        if (PE.Verdict == PointerExtent::Unknown) {
          Errors.push_back("cannot determine the extent of pointer parameter '" +
                           V.Name + "' exactly (" + PE.Why + ")" + Declare);
          continue;
        }
        if (PE.Verdict == PointerExtent::Exact) {
          A.Shape = {PE.Poly};
        } else {
          // The shape is a polynomial bound of the formula: the extent of
          // the accesses that run over whole boxes where it bounds the
          // others, else the largest reach of all (conditions ignored).
          std::optional<IndexExpr> Bound;
          if (!ExtentUnknown[V.Name] && Extent[V.Name]) {
            Bound = Extent[V.Name];
            for (const auto &[UA, Reach] : Unboxed)
              if (Bound && UA.Name == V.Name && !atLeastZero(*Bound - Reach))
                Bound.reset();
          }
          if (!Bound && !ExtentUnknown[V.Name])
            Bound = LargestReach(V.Name);
          if (!Bound) {
            Errors.push_back("cannot bound the extent of pointer parameter '" +
                             V.Name + "' by one polynomial" + Declare);
            continue;
          }
          A.Shape = {*Bound};
          A.ExtentFormula = PE.Formula;
        }
      } else {
        if (Refused.count(V.Name))
          continue;
        bool Missing = false;
        for (size_t D = 0; D < V.Extents.size() && !Missing; ++D) {
          if (V.Extents[D]) {
            A.Shape.push_back(*V.Extents[D]);
            continue;
          }
          if (D == 0 && !ExtentUnknown[V.Name] && Extent[V.Name]) {
            A.Shape.push_back(*Extent[V.Name]);
            continue;
          }
          Errors.push_back("the outer dimension of array parameter '" +
                           V.Name + "' is not declared; write it (e.g. float " +
                           V.Name + "[M][K])");
          Missing = true;
        }
        if (Missing)
          continue;
      }
      // Written and never read: `out` only when every element is written,
      // else the elements the function leaves alone must keep the caller's
      // values (the host uploads them). A write guarded by data leaves the
      // elements where its guard fails as they were: `inout` too; affine
      // guards are exact, and the coverage counts them.
      A.AccessMode = !A.Writes                       ? "in"
                     : A.Reads || Guarded[V.Name] ? "inout"
                                                  : "out";
      if (A.AccessMode == "out" &&
          analyzeWriteCoverage(F, V.Name, A.Shape).Verdict !=
              WriteCoverage::Covered)
        A.AccessMode = "inout";
    }
    Out.push_back(A);
  }
  return Errors;
}

std::vector<std::string> ArgumentInfo::shapeFormulas() const {
  if (!ExtentFormula.empty())
    return {ExtentFormula};
  std::vector<std::string> Out;
  for (const IndexExpr &E : Shape) {
    // Sizes are positive: a polynomial with non-negative coefficients is
    // never negative.
    bool NonNegative = std::all_of(E.terms().begin(), E.terms().end(),
                                   [](const Term &T) { return T.Coeff > 0; });
    Out.push_back(NonNegative ? E.str() : "max(" + E.str() + ", 0)");
  }
  return Out;
}

// A derived size's definition (Variable::Definition) in the manifest's
// formula syntax, every operation parenthesised; nullopt for what the
// formulas cannot say (the Frontend builds none of that).
std::optional<std::string> looptile::formulaOf(const Expr &E) {
  auto Both = [&](const std::string &Op) -> std::optional<std::string> {
    std::optional<std::string> L = formulaOf(E.Operands[0]);
    std::optional<std::string> R = formulaOf(E.Operands[1]);
    if (!L || !R)
      return std::nullopt;
    return "(" + *L + " " + Op + " " + *R + ")";
  };
  switch (E.K) {
  case Expr::IntLit:
    return E.IntValue < 0 ? "(0 - " + std::to_string(-E.IntValue) + ")"
                          : std::to_string(E.IntValue);
  case Expr::ScalarRef:
    return E.Name;
  case Expr::Unary: {
    std::optional<std::string> X = formulaOf(E.Operands[0]);
    return X ? std::optional<std::string>("(-" + *X + ")") : std::nullopt;
  }
  case Expr::Binary:
    return Both(std::string(1, E.Op));
  case Expr::Compare:
  case Expr::Logical:
    return Both(condOpSpelling(E.Cond));
  default:
    return std::nullopt;
  }
}

std::optional<std::vector<manifest::DerivedSize>>
looptile::derivedSizes(const Function &F, const std::string &KernelType) {
  std::vector<manifest::DerivedSize> Out;
  for (const Variable &V : F.Params) {
    if (!V.isDerived())
      continue;
    const Expr &Def = *V.Definition;
    bool Guarded = Def.K == Expr::Select;
    std::optional<std::string> Value =
        formulaOf(Guarded ? Def.Operands[1] : Def);
    std::optional<std::string> When =
        Guarded ? formulaOf(Def.Operands[0]) : std::optional<std::string>("");
    if (!Value || !When)
      return std::nullopt;
    Out.push_back({V.Name, *Value, *When, KernelType,
                   namedOnlyAsValue(F, V.Name)});
  }
  return Out;
}

manifest::Argument looptile::manifestArgument(const ArgumentInfo &A) {
  static const char *Kinds[] = {"size", "scalar", "buffer"};
  manifest::Argument M;
  M.Name = A.Name;
  M.Kind = Kinds[A.ArgKind];
  if (A.ArgKind != ArgumentInfo::Size)
    M.Type = elemTypeName(A.Type);
  else if (!A.Int.isPlainInt())
    M.Type = A.Int.Spelling;
  if (A.ArgKind == ArgumentInfo::Size && !A.KernelType.empty() &&
      A.KernelType != "int")
    M.KernelType = A.KernelType;
  if (A.ArgKind == ArgumentInfo::Buffer) {
    M.Access = A.AccessMode;
    M.Shape = A.shapeFormulas();
    M.Returned = A.Returned;
    for (const IndexExpr &E : A.IndexOf)
      M.IndexOf.push_back(E.str());
  }
  return M;
}

std::string looptile::signatureJSON(const std::string &File, const Function &F,
                                    const std::vector<ArgumentInfo> &Args) {
  std::string Out = "{\"function\": " + jsonString(F.Name) +
                    ", \"file\": " + jsonString(File) +
                    (F.ReturnType ? std::string(", \"returns\": \"") +
                                        elemTypeName(*F.ReturnType) + "\""
                                  : std::string()) +
                    ", \"arguments\": [";
  for (size_t I = 0; I < Args.size(); ++I)
    Out += std::string(I ? ",\n  " : "\n  ") +
           manifest::writeArgument(manifestArgument(Args[I]));
  Out += "\n]";
  std::optional<std::vector<manifest::DerivedSize>> Derived =
      derivedSizes(F, "int");
  if (Derived && !Derived->empty()) {
    Out += ", \"derived_sizes\": [";
    for (size_t I = 0; I < Derived->size(); ++I) {
      const manifest::DerivedSize &D = (*Derived)[I];
      Out += std::string(I ? ",\n  " : "\n  ") + "{\"name\": " +
             jsonString(D.Name) + ", \"value\": " + jsonString(D.Value) +
             (D.When.empty() ? "" : ", \"when\": " + jsonString(D.When)) +
             "}";
    }
    Out += "\n]";
  }
  return Out + "}\n";
}
