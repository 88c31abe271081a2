//===- Footprint.cpp - the elements of an array a function touches -------===//
//
// Puts the two questions of Footprint.h to isl. Naming in the sets: the
// array element is e0, e1, ... (after delinearization), an access
// instance's loop variables y0, y1, ... (existentially quantified), the
// sizes are isl parameters (DependenceSolver.h), each at least 1.
//
//   accessed by A = { e : exists y in Dom(A) : e = addr_A(y) }
//   coverage:       Box \ union over the writes W of (accessed by W) = {}
//   out of bounds:  { : exists y in Dom(A) : addr_A(y) not in Box }
//
// A domain or subscript isl cannot take exactly (a non-affine bound or a
// subscript delinearization could not split) makes the answer Unknown:
// dropping a bound would grow the written set, which coverage cannot allow.
//
//===----------------------------------------------------------------------===//
#include "looptile/Analysis/Footprint.h"

#include "Delinearize.h"
#include "DependenceSolver.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <functional>

using namespace looptile;

namespace {

std::string varName(char Prefix, unsigned K) {
  return Prefix + std::to_string(K);
}

std::string joinWith(const std::vector<std::string> &Parts,
                     const std::string &Sep, const std::string &Empty) {
  std::string Out;
  for (size_t I = 0; I < Parts.size(); ++I)
    Out += (I ? Sep : "") + Parts[I];
  return Out.empty() ? Empty : Out;
}

/// Owns isl sets; frees what is left at the end of a question.
struct SetPool {
  std::vector<isl_set *> Sets;
  isl_set *keep(isl_set *S) {
    Sets.push_back(S);
    return S;
  }
  ~SetPool() {
    for (isl_set *S : Sets)
      isl_set_free(S);
  }
};

/// E divided by the product of Factors, when every term of E holds them.
std::optional<IndexExpr> dividedBy(const IndexExpr &E,
                                   const std::vector<std::string> &Factors) {
  IndexExpr Out;
  for (const Term &T : E.terms()) {
    Monomial Rest = T.Symbols;
    for (const std::string &F : Factors) {
      auto It = std::find(Rest.begin(), Rest.end(), F);
      if (It == Rest.end())
        return std::nullopt;
      Rest.erase(It);
    }
    IndexExpr Part = IndexExpr::constant(T.Coeff);
    for (const std::string &S : Rest)
      Part = Part * IndexExpr::symbol(S);
    Out = Out + Part;
  }
  return Out;
}

class Question {
public:
  /// Nest >= 0: only the statements of F.Body[Nest].
  Question(const Function &F, const std::string &Name, int Nest = -1)
      : F(F), Name(Name) {
    std::vector<std::string> NotMemory = F.nonMemoryNames();
    std::vector<const Loop *> Stack;
    std::function<void(const std::vector<Node> &)> Walk =
        [&](const std::vector<Node> &Body) {
          for (const Node &N : Body) {
            if (Stack.empty() && Nest >= 0 &&
                &N != &F.Body[size_t(Nest)])
              continue;
            if (!N.isLoop()) {
              All.push_back(StmtSite::of(N.stmt(), Stack, NotMemory));
              continue;
            }
            Stack.push_back(&N.loop());
            Walk(N.loop().Body);
            Stack.pop_back();
          }
        };
    Walk(F.Body);
    delinearize(All, Solver, &Splits);
    for (const StmtSite &Site : All)
      for (unsigned I = 0; I < Site.Accesses.size(); ++I)
        if (Site.Accesses[I].Name == Name)
          Refs.push_back({&Site, I});
  }

  WriteCoverage coverage(const std::vector<IndexExpr> &Extents);
  PointerExtent pointerExtent();
  /// The extent one access needs, when its single flat index is not affine,
  /// as a formula; false (with Why) when it cannot be found exactly.
  /// Poly is set when the formula is that polynomial for every size.
  bool cornerExtent(const AccessRef &A, isl_set *Context, std::string &Out,
                    std::optional<IndexExpr> &Poly, std::string &Why);
  BoundsCondition bounds(const std::vector<IndexExpr> &Extents,
                         bool NegativeExtents);
  SplitFootprint split(const SplitQuestion &SQ, size_t Rank);

private:
  /// The hull along dimension Dim of the accesses (writes or reads) while
  /// SQ.Var ranges over [SPLIT_LO, SPLIT_HI].
  std::optional<SplitHull> hull(const SplitQuestion &SQ, unsigned Dim,
                                bool Writes);
  /// A parametric minimum or maximum as a formula: the value where it is
  /// one affine expression over Context, else the sum of (condition) *
  /// (value) over its disjoint pieces; "" when a piece has divisions.
  std::string pwFormula(isl_pw_aff *PA, isl_set *Context);
  /// The extent of each address dimension of the accesses, as isl
  /// expressions over the sizes; false (with Why) when there is none.
  bool box(const std::vector<IndexExpr> &Extents, std::string &Why);
  /// `exists (y.. : Dom(A) and Body)`, Body over A's y variables; false
  /// when A's domain or address cannot be put to isl exactly.
  bool addressText(const AccessRef &A, std::vector<std::string> &Address,
                   std::vector<std::string> &Domain, std::string &Why);
  std::string exists(const StmtSite &Site, const std::string &Body) const;
  /// `p0 >= Min and p1 >= Min ...` for the parameters rendered so far.
  std::string sizesAtLeast(int Min) const;
  /// The sizes a call may pass: 0 is a valid call, whose loops run zero
  /// times.
  std::string validSizes() const { return sizesAtLeast(0); }
  bool zeroOutside(isl_set *Where, const IndexExpr &Extent, isl_set *Context);
  /// The sizes with no zero among them.
  std::string positiveSizes() const { return sizesAtLeast(1); }
  /// The param-only set Bad printed in the manifest's formula syntax.
  std::string formula(isl_set *Bad, bool &Approximate);
  std::string witness(isl_set *Set, bool Elements);

  const Function &F;
  std::string Name;
  DependenceSolver Solver;
  std::vector<StmtSite> All;
  DigitExtents Splits;
  std::vector<AccessRef> Refs;
  /// Per address dimension: the extent, in isl notation.
  std::vector<std::string> Ext;
  SetPool Pool;
};

bool Question::box(const std::vector<IndexExpr> &Extents, std::string &Why) {
  size_t Rank = Refs.empty() ? Extents.size() : Refs[0].address().size();
  for (const AccessRef &R : Refs)
    if (R.address().size() != Rank) {
      Why =
          "the accesses to '" + Name + "' have different numbers of subscripts";
      return false;
    }
  std::vector<IndexExpr> Box;
  if (Rank == Extents.size()) {
    Box = Extents;
  } else {
    auto It = Splits.find(Name);
    if (Extents.size() != 1 || It == Splits.end() ||
        It->second.size() + 1 != Rank) {
      Why = "the subscripts of '" + Name + "' do not match its extents";
      return false;
    }
    std::optional<IndexExpr> Top = dividedBy(Extents[0], It->second);
    if (!Top) {
      Why = "the extent " + Extents[0].str() + " of '" + Name +
            "' is not a multiple of its delinearized rows";
      return false;
    }
    Box.push_back(*Top);
    for (const std::string &D : It->second)
      Box.push_back(IndexExpr::symbol(D));
  }
  StmtSite NoLoops;
  Ext.clear();
  for (const IndexExpr &E : Box) {
    std::optional<std::string> S = Solver.islExpr(NoLoops, 'e', E);
    if (!S) {
      Why = "the extent " + E.str() + " of '" + Name + "' is not affine";
      return false;
    }
    Ext.push_back(*S);
  }
  return true;
}

bool Question::addressText(const AccessRef &A,
                           std::vector<std::string> &Address,
                           std::vector<std::string> &Domain, std::string &Why) {
  if (!Solver.islAccessDomain(A, 'y', Domain)) {
    Why = "a bound of a loop around '" + A.access().str() + "' is not affine";
    return false;
  }
  for (const IndexExpr &E : A.address()) {
    std::optional<std::string> S = Solver.islExpr(*A.Site, 'y', E);
    if (!S) {
      Why = "the subscript of '" + A.access().str() + "' is not affine";
      return false;
    }
    Address.push_back(*S);
  }
  return true;
}

std::string Question::exists(const StmtSite &Site,
                             const std::string &Body) const {
  if (Site.Loops.empty())
    return "(" + Body + ")";
  std::vector<std::string> Vars;
  for (unsigned K = 0; K < Site.Loops.size(); ++K)
    Vars.push_back(varName('y', K));
  return "exists (" + joinWith(Vars, ", ", "") + " : " + Body + ")";
}

// Whether Extent is 0 wherever the sizes are valid (Context) but outside
// Where, so that Extent alone is the piece (Where) * (Extent): Extent is
// one product of sizes c*p*q... with c > 0, and Where, within Context, only
// asks some of those sizes to be at least 1 (`M*N` where M >= 1 and N >=
// 1: where either is 0, so is M*N). isl sees a product of sizes as a
// parameter of its own, so it cannot tell this itself.
bool Question::zeroOutside(isl_set *Where, const IndexExpr &Extent,
                           isl_set *Context) {
  if (Extent.terms().size() != 1 || Extent.terms()[0].Coeff <= 0 ||
      Extent.terms()[0].Symbols.empty())
    return false;
  const std::vector<std::string> &Factors = Extent.terms()[0].Symbols;
  isl_set *Simple = Pool.keep(isl_set_coalesce(
      isl_set_gist(isl_set_copy(Where), isl_set_copy(Context))));
  if (!Simple || isl_set_n_basic_set(Simple) != 1)
    return false;
  struct Check {
    Question *Q;
    const std::vector<std::string> *Factors;
    bool Ok = true;
  } K{this, &Factors};
  isl_basic_set_list *L = isl_set_get_basic_set_list(Simple);
  isl_basic_set *B = L ? isl_basic_set_list_get_at(L, 0) : nullptr;
  isl_basic_set_list_free(L);
  if (!B)
    return false;
  isl_basic_set_foreach_constraint(
      B,
      [](isl_constraint *C, void *User) -> isl_stat {
        auto &K = *static_cast<Check *>(User);
        // Only `p - 1 >= 0` for a size p that is a factor of Extent.
        isl_size NP = isl_constraint_dim(C, isl_dim_param);
        isl_val *Const = isl_constraint_get_constant_val(C);
        bool Ok = isl_constraint_is_equality(C) == isl_bool_false &&
                  isl_val_is_negone(Const) == isl_bool_true &&
                  isl_constraint_involves_dims(C, isl_dim_set, 0,
                      unsigned(std::max<isl_size>(
                          isl_constraint_dim(C, isl_dim_set), 0))) ==
                      isl_bool_false;
        isl_val_free(Const);
        unsigned Ones = 0;
        for (isl_size I = 0; Ok && I < NP; ++I) {
          isl_val *V = isl_constraint_get_coefficient_val(C, isl_dim_param,
                                                          int(I));
          if (isl_val_is_zero(V) != isl_bool_true) {
            const char *N = isl_constraint_get_dim_name(C, isl_dim_param,
                                                        unsigned(I));
            std::vector<std::string> M =
                K.Q->Solver.paramMonomial(N ? N : "");
            Ok = isl_val_is_one(V) == isl_bool_true && M.size() == 1 &&
                 std::find(K.Factors->begin(), K.Factors->end(), M[0]) !=
                     K.Factors->end();
            ++Ones;
          }
          isl_val_free(V);
        }
        K.Ok &= Ok && Ones == 1;
        isl_constraint_free(C);
        return isl_stat_ok;
      },
      &K);
  isl_basic_set_free(B);
  return K.Ok;
}

std::string Question::sizesAtLeast(int Min) const {
  std::vector<std::string> C;
  for (const std::string &P : Solver.paramNames())
    C.push_back(P + " >= " + std::to_string(Min));
  return joinWith(C, " and ", "true");
}


std::string Question::witness(isl_set *Set, bool Elements) {
  isl_point *P = isl_set_sample_point(isl_set_copy(Set));
  if (!P)
    return "";
  std::string Sizes = Solver.sizesAt(Set, P), Elem = Name;
  if (Elements)
    for (size_t D = 0; D < Ext.size(); ++D)
      Elem += "[" + islCoordinate(P, unsigned(D)) + "]";
  isl_point_free(P);
  if (!Elements)
    return Sizes;
  return Sizes.empty() ? Elem : Sizes + ": " + Elem;
}

WriteCoverage Question::coverage(const std::vector<IndexExpr> &Extents) {
  WriteCoverage Out;
  if (!box(Extents, Out.Why))
    return Out;
  std::vector<std::string> Vars;
  for (size_t D = 0; D < Ext.size(); ++D)
    Vars.push_back(varName('e', unsigned(D)));
  std::vector<std::string> Clauses;
  for (const AccessRef &W : Refs) {
    // A may-write (under a condition on data) covers nothing.
    if (!W.access().IsWrite || W.access().Conditional)
      continue;
    std::vector<std::string> Address, C;
    if (!addressText(W, Address, C, Out.Why))
      return Out;
    for (size_t D = 0; D < Address.size(); ++D)
      C.push_back(Vars[D] + " = " + Address[D]);
    Clauses.push_back(exists(*W.Site, joinWith(C, " and ", "true")));
  }
  std::vector<std::string> BoxC;
  for (size_t D = 0; D < Ext.size(); ++D)
    BoxC.push_back("0 <= " + Vars[D] + " <= " + Ext[D] + " - 1");
  // Every text is rendered before any set is built, so that all sets have
  // the same parameters.
  BoxC.push_back(validSizes());
  isl_set *Box = Pool.keep(Solver.islSet(Vars, BoxC));
  isl_set *Written =
      Pool.keep(Solver.islSet(Vars, {joinWith(Clauses, " or ", "false")}));
  if (!Box || !Written) {
    Out.Why = "isl could not represent the question";
    return Out;
  }
  isl_set *Missed =
      Pool.keep(isl_set_subtract(isl_set_copy(Box), isl_set_copy(Written)));
  isl_bool Empty = Missed ? isl_set_is_empty(Missed) : isl_bool_error;
  if (Empty == isl_bool_error) {
    Out.Why = "isl could not decide the question";
    return Out;
  }
  if (Empty == isl_bool_true) {
    Out.Verdict = WriteCoverage::Covered;
    return Out;
  }
  Out.Verdict = WriteCoverage::NotCovered;
  Out.Witness = witness(Missed, true);
  return Out;
}

// Appends one constraint of a basic set, `coefficients . sizes + c >= 0`
// (or `= 0`), as `positive terms >= negative terms` in formula syntax.
struct ConstraintPrinter {
  const DependenceSolver &Solver;
  std::vector<std::string> Parts;
  bool Failed = false;

  static isl_stat visit(isl_constraint *C, void *User) {
    auto *Self = static_cast<ConstraintPrinter *>(User);
    Self->print(C);
    isl_constraint_free(C);
    return isl_stat_ok;
  }

  static std::string term(long Coeff, const std::string &Name) {
    return (Coeff == 1 ? "" : std::to_string(Coeff) + "*") + Name;
  }

  void print(isl_constraint *C) {
    isl_local_space *LS = isl_constraint_get_local_space(C);
    isl_size Divs = isl_local_space_dim(LS, isl_dim_div);
    isl_size Params = isl_local_space_dim(LS, isl_dim_param);
    isl_local_space_free(LS);
    if (Divs > 0 && isl_constraint_involves_dims(
                        C, isl_dim_div, 0, unsigned(Divs)) != isl_bool_false) {
      Failed = true;
      return;
    }
    std::vector<std::string> Left, Right;
    for (isl_size K = 0; K < Params; ++K) {
      isl_val *V = isl_constraint_get_coefficient_val(C, isl_dim_param, int(K));
      long Coeff = isl_val_get_num_si(V);
      bool Integer = isl_val_is_int(V) == isl_bool_true;
      isl_val_free(V);
      if (!Integer) {
        Failed = true;
        return;
      }
      if (!Coeff)
        continue;
      const char *N =
          isl_constraint_get_dim_name(C, isl_dim_param, unsigned(K));
      std::string Size = Solver.paramSpelling(N ? N : "?");
      (Coeff > 0 ? Left : Right)
          .push_back(term(Coeff > 0 ? Coeff : -Coeff, Size));
    }
    isl_val *V = isl_constraint_get_constant_val(C);
    long Const = isl_val_get_num_si(V);
    isl_val_free(V);
    if (Const > 0)
      Left.push_back(std::to_string(Const));
    else if (Const < 0)
      Right.push_back(std::to_string(-Const));
    bool Eq = isl_constraint_is_equality(C) == isl_bool_true;
    Parts.push_back(joinWith(Left, " + ", "0") + (Eq ? " == " : " >= ") +
                    joinWith(Right, " + ", "0"));
  }
};

std::string Question::formula(isl_set *Bad, bool &Approximate) {
  std::vector<std::string> Disjuncts;
  struct Context {
    Question *Q;
    std::vector<std::string> *Disjuncts;
    bool Failed = false;
  } Ctx{this, &Disjuncts};
  auto Visit = [](isl_basic_set *B, void *User) -> isl_stat {
    auto *C = static_cast<Context *>(User);
    ConstraintPrinter P{C->Q->Solver, {}};
    isl_basic_set_foreach_constraint(B, &ConstraintPrinter::visit, &P);
    isl_basic_set_free(B);
    if (P.Failed) {
      C->Failed = true;
      return isl_stat_ok;
    }
    std::string Conj = joinWith(P.Parts, " && ", "1");
    C->Disjuncts->push_back(P.Parts.size() > 1 ? "(" + Conj + ")" : Conj);
    return isl_stat_ok;
  };
  isl_set_foreach_basic_set(Bad, Visit, &Ctx);
  if (Ctx.Failed) {
    // Divisions (a stride): drop them, which only grows the set.
    Approximate = true;
    isl_set *Loose = isl_set_coalesce(isl_set_remove_divs(isl_set_copy(Bad)));
    Disjuncts.clear();
    Ctx.Failed = false;
    if (Loose)
      isl_set_foreach_basic_set(Loose, Visit, &Ctx);
    isl_set_free(Loose);
    if (Ctx.Failed || Disjuncts.empty())
      return "1";
  }
  return joinWith(Disjuncts, " || ", "0");
}

BoundsCondition Question::bounds(const std::vector<IndexExpr> &Extents,
                                 bool NegativeExtents) {
  BoundsCondition Out;
  if (!box(Extents, Out.Why))
    return Out;
  // One text per access (textual order), then the negative extents.
  std::vector<std::string> Texts;
  std::vector<const AccessRef *> Owners;
  for (const AccessRef &A : Refs) {
    std::vector<std::string> Address, C;
    if (!addressText(A, Address, C, Out.Why))
      return Out;
    std::vector<std::string> Outside;
    for (size_t D = 0; D < Address.size(); ++D)
      Outside.push_back(Address[D] + " < 0 or " + Address[D] + " > " + Ext[D] +
                        " - 1");
    C.push_back("(" + joinWith(Outside, " or ", "false") + ")");
    Texts.push_back(exists(*A.Site, joinWith(C, " and ", "true")));
    Owners.push_back(&A);
  }
  if (NegativeExtents)
    for (size_t D = 0; D < Ext.size(); ++D) {
      Texts.push_back(Ext[D] + " < 0");
      Owners.push_back(nullptr);
    }
  // Sizes may be 0 (a call whose loops run zero times), so the question
  // is asked over sizes >= 0. The check is described in its plain form
  // over positive sizes (`ni >= 21 || nj >= 26`) where that form is exact
  // at sizes of 0 too, else over all valid sizes (`(ni >= 1 && nj >= 26)
  // || ...`: a loop that runs zero times accesses nothing); "for every
  // size" (Always) means every positive size.
  std::string Valid = validSizes(), Positive = positiveSizes();
  std::vector<isl_set *> Sets;
  for (const std::string &T : Texts) {
    isl_set *S = Pool.keep(Solver.islSet({}, {T, Valid}));
    if (!S) {
      Out.Why = "isl could not represent the question";
      return Out;
    }
    Sets.push_back(S);
  }
  isl_set *Context = Pool.keep(Solver.islSet({}, {Valid}));
  isl_set *PositiveContext = Pool.keep(Solver.islSet({}, {Positive}));
  if (!Context || !PositiveContext) {
    Out.Why = "isl could not represent the question";
    return Out;
  }
  isl_set *Bad = nullptr;
  const AccessRef *ZeroCulprit = nullptr;
  bool AnyCulprit = false;
  for (size_t I = 0; I < Sets.size(); ++I) {
    isl_bool Empty = isl_set_is_empty(Sets[I]);
    if (Empty == isl_bool_error) {
      isl_set_free(Bad);
      Out.Why = "isl could not decide the question";
      return Out;
    }
    if (Empty == isl_bool_true)
      continue;
    // The culprit: the first access outside at positive sizes, else the
    // first outside at all.
    if (!AnyCulprit && Owners[I]) {
      isl_bool AtZeroOnly = isl_set_is_disjoint(Sets[I], PositiveContext);
      if (AtZeroOnly == isl_bool_false) {
        Out.Culprit = Owners[I]->access();
        AnyCulprit = true;
      } else if (!ZeroCulprit) {
        ZeroCulprit = Owners[I];
      }
    }
    Bad =
        Bad ? isl_set_union(Bad, isl_set_copy(Sets[I])) : isl_set_copy(Sets[I]);
  }
  if (!Bad) {
    Out.Verdict = BoundsCondition::Never;
    return Out;
  }
  Pool.keep(Bad);
  if (!AnyCulprit && ZeroCulprit)
    Out.Culprit = ZeroCulprit->access();
  Out.Verdict = BoundsCondition::When;
  isl_set *BadPositive = Pool.keep(
      isl_set_intersect(isl_set_copy(Bad), isl_set_copy(PositiveContext)));
  isl_set *BadZero = Pool.keep(
      isl_set_subtract(isl_set_copy(Bad), isl_set_copy(PositiveContext)));
  if (!BadPositive || !BadZero) {
    Out.Verdict = BoundsCondition::Unknown;
    Out.Why = "isl could not represent the question";
    return Out;
  }
  bool HasPositive = isl_set_is_empty(BadPositive) == isl_bool_false;
  bool HasZero = isl_set_is_empty(BadZero) == isl_bool_false;
  Out.Witness = witness(HasPositive ? BadPositive : Bad, false);
  auto Describe = [&](isl_set *Part, isl_set *Within) {
    isl_set *Simple = Pool.keep(isl_set_coalesce(
        isl_set_gist(isl_set_copy(Part), isl_set_copy(Within))));
    return formula(Simple ? Simple : Part, Out.Approximate);
  };
  // The plain form (simplified over positive sizes) where it is also
  // exact at sizes of 0, else the form over all valid sizes.
  bool PlainExact = false;
  if (HasPositive && !HasZero) {
    isl_set *Plain = Pool.keep(isl_set_intersect(
        isl_set_gist(isl_set_copy(BadPositive), isl_set_copy(PositiveContext)),
        isl_set_copy(Context)));
    PlainExact = Plain && isl_set_is_equal(Plain, Bad) == isl_bool_true;
  }
  Out.Formula = PlainExact ? Describe(BadPositive, PositiveContext)
                           : Describe(Bad, Context);
  Out.Always =
      isl_set_is_subset(PositiveContext, BadPositive) == isl_bool_true;
  if (!Out.Always) {
    // The sizes are the sets' parameters: bounded as points of a set.
    isl_set *ValidPositive = Pool.keep(isl_set_subtract(
        isl_set_copy(PositiveContext), isl_set_copy(BadPositive)));
    isl_size Params =
        ValidPositive ? isl_set_dim(ValidPositive, isl_dim_param) : -1;
    isl_set *Points =
        Params > 0 ? Pool.keep(isl_set_move_dims(
                         isl_set_copy(ValidPositive), isl_dim_set,
                         unsigned(isl_set_dim(ValidPositive, isl_dim_set)),
                         isl_dim_param, 0, unsigned(Params)))
                   : nullptr;
    Out.FewValid = Points && isl_set_is_bounded(Points) == isl_bool_true;
    for (isl_size D = 0; Out.FewValid && D < Params; ++D) {
      isl_set *Large = isl_set_lower_bound_si(
          isl_set_copy(Points), isl_dim_set,
          unsigned(isl_set_dim(Points, isl_dim_set) - Params + D),
          BoundsCondition::SmallSize + 1);
      Out.FewValid = Large && isl_set_is_empty(Large) == isl_bool_true;
      isl_set_free(Large);
    }
  }
  return Out;
}

// An isl_aff over the sizes as an IndexExpr; std::nullopt when it has
// divisions or rational coefficients.
std::optional<IndexExpr> affToIndexExpr(isl_aff *A,
                                        const DependenceSolver &Solver) {
  isl_size Divs = isl_aff_dim(A, isl_dim_div);
  isl_size Params = isl_aff_dim(A, isl_dim_param);
  if (Divs < 0 || Params < 0 ||
      (Divs > 0 && isl_aff_involves_dims(A, isl_dim_div, 0, unsigned(Divs)) !=
                       isl_bool_false))
    return std::nullopt;
  auto Integer = [](isl_val *V, int64_t &Out) {
    bool Ok = V && isl_val_is_int(V) == isl_bool_true;
    if (Ok)
      Out = isl_val_get_num_si(V);
    isl_val_free(V);
    return Ok;
  };
  int64_t C = 0;
  if (!Integer(isl_aff_get_constant_val(A), C))
    return std::nullopt;
  IndexExpr Out = IndexExpr::constant(C);
  for (isl_size K = 0; K < Params; ++K) {
    if (!Integer(isl_aff_get_coefficient_val(A, isl_dim_param, int(K)), C))
      return std::nullopt;
    if (!C)
      continue;
    const char *N = isl_aff_get_dim_name(A, isl_dim_param, unsigned(K));
    std::vector<std::string> M = Solver.paramMonomial(N ? N : "");
    if (M.empty())
      return std::nullopt;
    IndexExpr T = IndexExpr::constant(C);
    for (const std::string &S : M)
      T = T * IndexExpr::symbol(S);
    Out = Out + T;
  }
  return Out;
}

PointerExtent Question::pointerExtent() {
  PointerExtent Out;
  if (Refs.empty()) {
    Out.Why = "'" + Name + "' is never accessed";
    return Out;
  }
  size_t Rank = Refs[0].address().size();
  for (const AccessRef &R : Refs)
    if (R.address().size() != Rank) {
      Out.Why =
          "the accesses to '" + Name + "' have different numbers of subscripts";
      return Out;
    }
  // The digits below the top one and their extents: the flat index is
  // e0*D1*...*Dk + e1*D2*...*Dk + ... + ek with 0 <= ej < Dj, so the
  // lexicographic order of the digits is the order of the flat indices.
  std::vector<std::string> Digits;
  if (Rank > 1) {
    auto It = Splits.find(Name);
    if (It == Splits.end() || It->second.size() + 1 != Rank) {
      Out.Why = "the subscripts of '" + Name + "' are not one flat index";
      return Out;
    }
    Digits = It->second;
  }
  std::string Positive = validSizes();
  // The pieces' domains live in the parameter space.
  isl_set *Context = Solver.islSet({}, {Positive});
  Context = Pool.keep(Context ? isl_set_params(Context) : nullptr);
  if (!Context) {
    Out.Why = "isl could not represent the question";
    return Out;
  }
  // A flat index that is not affine (`i*(K + 1) + k`, which does not split
  // into digits): the largest value of each access at the corner of its
  // loops, and the largest over the accesses.
  bool Affine = true;
  for (const AccessRef &A : Refs)
    for (const IndexExpr &E : A.address())
      Affine &= DependenceSolver::isLoopAffine(E, *A.Site);
  if (!Affine) {
    if (Rank != 1) {
      Out.Why = "a subscript of '" + Name + "' is not affine";
      return Out;
    }
    std::vector<std::string> Terms;
    std::optional<IndexExpr> Same;
    bool AllUnconditional = true;
    for (const AccessRef &A : Refs) {
      std::string One;
      std::optional<IndexExpr> Poly;
      if (!cornerExtent(A, Context, One, Poly, Out.Why))
        return Out;
      if (!Poly || (Same && *Same != *Poly))
        AllUnconditional = false;
      Same = Poly;
      if (std::find(Terms.begin(), Terms.end(), One) == Terms.end())
        Terms.push_back(One);
    }
    if (AllUnconditional && Same) {
      Out.Verdict = PointerExtent::Exact;
      Out.Poly = *Same;
      return Out;
    }
    std::string Max;
    for (const std::string &T : Terms)
      Max = Max.empty() ? T : "max(" + Max + ", " + T + ")";
    Out.Verdict = PointerExtent::Piecewise;
    Out.Formula = Max;
    return Out;
  }
  std::vector<std::string> Vars;
  for (size_t D = 0; D < Rank; ++D)
    Vars.push_back(varName('e', unsigned(D)));
  std::vector<std::string> Clauses;
  for (const AccessRef &A : Refs) {
    std::vector<std::string> Address, C;
    if (!addressText(A, Address, C, Out.Why))
      return Out;
    for (size_t D = 0; D < Address.size(); ++D)
      C.push_back(Vars[D] + " = " + Address[D]);
    Clauses.push_back(exists(*A.Site, joinWith(C, " and ", "true")));
  }
  isl_set *Touched = Pool.keep(
      Solver.islSet(Vars, {joinWith(Clauses, " or ", "false"), Positive}));
  if (!Touched) {
    Out.Why = "isl could not represent the question";
    return Out;
  }
  isl_pw_multi_aff *Max = isl_set_lexmax_pw_multi_aff(isl_set_copy(Touched));
  if (!Max) {
    Out.Why = "isl could not compute the largest index";
    return Out;
  }
  struct Piece {
    isl_set *Where;
    IndexExpr Extent;
  };
  struct Ctx {
    Question *Q;
    const std::vector<std::string> *Digits;
    std::vector<Piece> Pieces;
    bool Failed = false;
  } C{this, &Digits, {}};
  isl_pw_multi_aff_foreach_piece(
      Max,
      [](isl_set *Where, isl_multi_aff *MA, void *User) -> isl_stat {
        auto *C = static_cast<Ctx *>(User);
        IndexExpr Flat = IndexExpr::constant(1);
        isl_size N = isl_multi_aff_dim(MA, isl_dim_out);
        for (isl_size D = 0; D < N && !C->Failed; ++D) {
          isl_aff *A = isl_multi_aff_get_aff(MA, int(D));
          std::optional<IndexExpr> E = affToIndexExpr(A, C->Q->Solver);
          isl_aff_free(A);
          if (!E) {
            C->Failed = true;
            break;
          }
          for (size_t L = size_t(D); L < C->Digits->size(); ++L)
            *E = *E * IndexExpr::symbol((*C->Digits)[L]);
          Flat = Flat + *E;
        }
        isl_multi_aff_free(MA);
        C->Pieces.push_back({C->Q->Pool.keep(Where), Flat});
        return isl_stat_ok;
      },
      &C);
  isl_pw_multi_aff_free(Max);
  if (C.Failed) {
    Out.Why = "the largest index of '" + Name +
              "' has divisions (a stride) that the manifest formulas cannot "
              "express exactly";
    return Out;
  }
  if (C.Pieces.size() == 1 &&
      isl_set_is_subset(Context, C.Pieces[0].Where) == isl_bool_true) {
    Out.Verdict = PointerExtent::Exact;
    Out.Poly = C.Pieces[0].Extent;
    return Out;
  }
  if (C.Pieces.size() == 1 &&
      zeroOutside(C.Pieces[0].Where, C.Pieces[0].Extent, Context)) {
    Out.Verdict = PointerExtent::Exact;
    Out.Poly = C.Pieces[0].Extent;
    return Out;
  }
  std::vector<std::string> Terms;
  for (const Piece &P : C.Pieces) {
    isl_set *Simple = Pool.keep(isl_set_coalesce(
        isl_set_gist(isl_set_copy(P.Where), isl_set_copy(Context))));
    bool Approximate = false;
    std::string Cond = formula(Simple, Approximate);
    if (Approximate) {
      Out.Why = "the sizes for which the largest index of '" + Name +
                "' takes one form have divisions (a stride) that the "
                "manifest formulas cannot express exactly";
      return Out;
    }
    Terms.push_back("(" + Cond + ") * (" + P.Extent.str() + ")");
  }
  Out.Verdict = PointerExtent::Piecewise;
  Out.Formula = joinWith(Terms, " + ", "0");
  return Out;
}

// The corner of A's loops is the point where each loop variable, outermost
// first, takes its upper bound at the outer ones' corner values. When the
// index has no negative coefficient on a loop variable, and no upper bound
// has one on an outer loop variable, every executed iteration is at or
// below the corner in each variable, so the index is largest there; when,
// in addition, the corner is executed whenever any iteration is (isl checks
// it), the largest index is exactly the index at the corner, for the sizes
// where the loops run at all (0 elements otherwise).
bool Question::cornerExtent(const AccessRef &A, isl_set *Context,
                            std::string &Out, std::optional<IndexExpr> &Poly,
                            std::string &Why) {
  const IndexExpr &E = A.address()[0];
  const std::vector<const Loop *> &Loops = A.Site->Loops;
  std::string What = "the largest index of '" + A.access().str() + "'";
  std::vector<IndexExpr> Corner;
  for (size_t J = 0; J < Loops.size(); ++J) {
    const Loop *L = Loops[J];
    if (L->Upper.size() != 1 || (L->Step != 1 && L->Step != -1) ||
        !growsWith(E, L->Var, Loops)) {
      Why = What + " is not at the corner of its loops";
      return false;
    }
    IndexExpr C = L->Upper[0];
    for (size_t K = 0; K < J; ++K) {
      if (!growsWith(C, Loops[K]->Var, Loops)) {
        Why = What + " is not at the corner of its loops";
        return false;
      }
      C = C.substitute(Loops[K]->Var, Corner[K]);
    }
    Corner.push_back(C);
  }
  IndexExpr AtCorner = E;
  for (size_t J = 0; J < Loops.size(); ++J)
    AtCorner = AtCorner.substitute(Loops[J]->Var, Corner[J]);
  std::vector<std::string> Domain, CornerC;
  if (!Solver.islAccessDomain(A, 'y', Domain)) {
    Why = "a bound of a loop around '" + A.access().str() + "' is not affine";
    return false;
  }
  StmtSite NoLoops;
  CornerC = Domain;
  std::vector<std::string> Vars;
  for (size_t J = 0; J < Loops.size(); ++J) {
    std::optional<std::string> C = Solver.islExpr(NoLoops, 'e', Corner[J]);
    if (!C) {
      Why = What + ": the corner of its loops is not affine in the sizes";
      return false;
    }
    Vars.push_back(varName('y', unsigned(J)));
    CornerC.push_back(Vars.back() + " = " + *C);
  }
  std::string Positive = validSizes();
  Domain.push_back(Positive);
  CornerC.push_back(Positive);
  isl_set *Runs = Solver.islSet(Vars, Domain);
  isl_set *AtC = Solver.islSet(Vars, CornerC);
  Runs = Pool.keep(Runs ? isl_set_params(Runs) : nullptr);
  AtC = Pool.keep(AtC ? isl_set_params(AtC) : nullptr);
  if (!Runs || !AtC) {
    Why = "isl could not represent the question";
    return false;
  }
  if (isl_set_is_subset(Runs, AtC) != isl_bool_true) {
    Why = What + " is not at the corner of its loops for every size";
    return false;
  }
  std::string Extent = (AtCorner + IndexExpr::constant(1)).str();
  if (isl_set_is_subset(Context, Runs) == isl_bool_true) {
    Out = Extent;
    Poly = AtCorner + IndexExpr::constant(1);
    return true;
  }
  isl_set *Simple = Pool.keep(isl_set_coalesce(
      isl_set_gist(isl_set_copy(Runs), isl_set_copy(Context))));
  bool Approximate = false;
  std::string Cond = Simple ? formula(Simple, Approximate) : "";
  if (!Simple || Approximate) {
    Why = "the sizes for which the loops around '" + A.access().str() +
          "' run have divisions (a stride) that the manifest formulas "
          "cannot express exactly";
    return false;
  }
  Out = "(" + Cond + ") * (" + Extent + ")";
  return true;
}


std::string Question::pwFormula(isl_pw_aff *PA, isl_set *Context) {
  PA = isl_pw_aff_coalesce(isl_pw_aff_gist(PA, isl_set_copy(Context)));
  if (!PA)
    return "";
  struct Piece {
    isl_set *Where;
    std::optional<IndexExpr> Value;
  };
  struct Ctx {
    Question *Q;
    std::vector<Piece> Pieces;
  } C{this, {}};
  isl_pw_aff_foreach_piece(
      PA,
      [](isl_set *Where, isl_aff *A, void *User) -> isl_stat {
        auto *C = static_cast<Ctx *>(User);
        C->Pieces.push_back(
            {C->Q->Pool.keep(Where), affToIndexExpr(A, C->Q->Solver)});
        isl_aff_free(A);
        return isl_stat_ok;
      },
      &C);
  isl_pw_aff_free(PA);
  for (const Piece &P : C.Pieces)
    if (!P.Value)
      return "";
  if (C.Pieces.size() == 1 &&
      isl_set_is_subset(Context, C.Pieces[0].Where) == isl_bool_true)
    return C.Pieces[0].Value->str();
  std::vector<std::string> Terms;
  for (const Piece &P : C.Pieces) {
    isl_set *Simple = Pool.keep(isl_set_coalesce(
        isl_set_gist(isl_set_copy(P.Where), isl_set_copy(Context))));
    bool Approximate = false;
    std::string Cond = Simple ? formula(Simple, Approximate) : "";
    // A grown condition could add two pieces' values: no formula then.
    if (!Simple || Approximate)
      return "";
    Terms.push_back("(" + Cond + ") * (" + P.Value->str() + ")");
  }
  return joinWith(Terms, " + ", "0");
}

std::optional<SplitHull> Question::hull(const SplitQuestion &SQ,
                                        unsigned Dim, bool Writes) {
  std::vector<std::string> Clauses;
  bool Any = false;
  SplitHull All;
  All.Whole = true;
  StmtSite NoLoops;
  std::optional<std::string> Lo =
      Solver.islExpr(NoLoops, 'e', IndexExpr::symbol("SPLIT_LO"));
  std::optional<std::string> Hi =
      Solver.islExpr(NoLoops, 'e', IndexExpr::symbol("SPLIT_HI"));
  if (!Lo || !Hi) {
    All.Why = "isl could not represent the footprint";
    return All;
  }
  for (const AccessRef &A : Refs) {
    if (A.access().IsWrite != Writes)
      continue;
    Any = true;
    const std::vector<const Loop *> &Loops = A.Site->Loops;
    auto It = std::find_if(Loops.begin(), Loops.end(), [&](const Loop *L) {
      return L->Var == SQ.Var;
    });
    if (It == Loops.end()) {
      All.Why = "'" + A.access().str() + "' is outside loop '" + SQ.Var + "'";
      return All;
    }
    // A domain isl takes only in part is a larger one: the hull grows,
    // which a hull may.
    std::vector<std::string> C;
    Solver.islAccessDomain(A, 'y', C);
    std::optional<std::string> Sub =
        Solver.islExpr(*A.Site, 'y', A.address()[Dim]);
    if (!Sub) {
      All.Why = "the subscript of '" + A.access().str() + "' is not affine";
      return All;
    }
    std::string Y = varName('y', unsigned(It - Loops.begin()));
    C.push_back(*Lo + " <= " + Y + " <= " + *Hi);
    C.push_back("e0 = " + *Sub);
    Clauses.push_back(exists(*A.Site, joinWith(C, " and ", "true")));
  }
  if (!Any)
    return std::nullopt;
  // What the runtime guarantees of a part's range: not empty, inside the
  // range the NDRange covers.
  std::vector<std::string> Ctx = {*Lo + " <= " + *Hi};
  for (const IndexExpr &E : SQ.First)
    if (std::optional<std::string> S = Solver.islExpr(NoLoops, 'e', E))
      Ctx.push_back(*Lo + " >= " + *S);
  for (const IndexExpr &E : SQ.Last)
    if (std::optional<std::string> S = Solver.islExpr(NoLoops, 'e', E))
      Ctx.push_back(*Hi + " <= " + *S);
  for (const auto &[A, B] : SQ.NotEmpty) {
    std::optional<std::string> SA = Solver.islExpr(NoLoops, 'e', A);
    std::optional<std::string> SB = Solver.islExpr(NoLoops, 'e', B);
    if (SA && SB)
      Ctx.push_back(*SA + " <= " + *SB);
  }
  for (const SplitQuestion::Bound &B : SQ.Hosts) {
    std::optional<std::string> V =
        Solver.islExpr(NoLoops, 'e', IndexExpr::symbol(B.Var));
    if (!V)
      continue;
    for (const IndexExpr &E : B.Lower)
      if (std::optional<std::string> S = Solver.islExpr(NoLoops, 'e', E))
        Ctx.push_back(*V + " >= " + *S);
    for (const IndexExpr &E : B.Upper)
      if (std::optional<std::string> S = Solver.islExpr(NoLoops, 'e', E))
        Ctx.push_back(*V + " <= " + *S);
  }
  isl_set *Touched =
      Pool.keep(Solver.islSet({"e0"}, {joinWith(Clauses, " or ", "false")}));
  isl_set *Context = Solver.islSet({}, Ctx);
  Context = Pool.keep(Context ? isl_set_params(Context) : nullptr);
  if (!Touched || !Context) {
    All.Why = "isl could not represent the footprint";
    return All;
  }
  SplitHull H;
  H.Lo = pwFormula(isl_set_dim_min(isl_set_copy(Touched), 0), Context);
  H.Hi = pwFormula(isl_set_dim_max(isl_set_copy(Touched), 0), Context);
  if (H.Lo.empty() || H.Hi.empty()) {
    All.Why = "the footprint's bounds have divisions (a stride)";
    return All;
  }
  return H;
}

SplitFootprint Question::split(const SplitQuestion &SQ, size_t Rank) {
  SplitFootprint Out;
  Out.Array = Name;
  // A gather reads elements that data selects: each part may read any of
  // them. Its array is never written (LoopNest.h, Expr::isGather).
  for (const AccessRef &R : Refs)
    if (R.access().Gather) {
      Out.Read = SplitHull{};
      Out.Read->Whole = true;
      Out.Read->Why = "read at elements that data selects (a gather)";
      return Out;
    }
  for (const AccessRef &R : Refs)
    if (R.address().size() != Rank) {
      Out.Why = "its subscripts, delinearized, do not match the dimensions "
                "of its shape";
      Out.Read = Out.Write = SplitHull{};
      Out.Read->Whole = Out.Write->Whole = true;
      Out.Read->Why = Out.Write->Why = Out.Why;
      bool Reads = false, Writes = false;
      for (const AccessRef &X : Refs)
        (X.access().IsWrite ? Writes : Reads) = true;
      if (!Reads)
        Out.Read.reset();
      if (!Writes)
        Out.Write.reset();
      return Out;
    }
  // The dimension: the first whose subscript mentions the split loop, in
  // a write if there is one, else in a read.
  for (int Pass = 0; Pass < 2 && Out.Dim < 0; ++Pass)
    for (const AccessRef &R : Refs) {
      if (R.access().IsWrite != (Pass == 0))
        continue;
      for (size_t D = 0; D < Rank && Out.Dim < 0; ++D)
        for (const Term &T : R.address()[D].terms())
          if (std::find(T.Symbols.begin(), T.Symbols.end(), SQ.Var) !=
              T.Symbols.end())
            Out.Dim = int(D);
    }
  if (Out.Dim < 0) {
    // Not subscripted by the split loop: each part accesses all of it.
    for (const AccessRef &R : Refs) {
      std::optional<SplitHull> &H = R.access().IsWrite ? Out.Write : Out.Read;
      H = SplitHull{};
      H->Whole = true;
      H->Why = "not subscripted by loop '" + SQ.Var + "'";
    }
    return Out;
  }
  Out.Read = hull(SQ, unsigned(Out.Dim), false);
  Out.Write = hull(SQ, unsigned(Out.Dim), true);
  return Out;
}

} // namespace

PointerExtent looptile::analyzePointerExtent(const Function &F,
                                             const std::string &Name) {
  Question Q(F, Name);
  return Q.pointerExtent();
}

WriteCoverage
looptile::analyzeWriteCoverage(const Function &F, const std::string &Name,
                               const std::vector<IndexExpr> &Extents) {
  Question Q(F, Name);
  return Q.coverage(Extents);
}

BoundsCondition looptile::analyzeBounds(const Function &F,
                                        const std::string &Name,
                                        const std::vector<IndexExpr> &Extents,
                                        bool NegativeExtents) {
  Question Q(F, Name);
  return Q.bounds(Extents, NegativeExtents);
}

std::vector<SplitFootprint>
looptile::analyzeSplitFootprints(const Function &F, unsigned Nest,
                                 const SplitQuestion &SQ,
                                 const std::vector<std::pair<std::string, size_t>> &Buffers) {
  std::vector<SplitFootprint> Out;
  for (const auto &[Name, Rank] : Buffers) {
    Question Q(F, Name, int(Nest));
    SplitFootprint FP = Q.split(SQ, Rank);
    if (FP.Read || FP.Write)
      Out.push_back(std::move(FP));
  }
  return Out;
}

bool looptile::growsWith(const IndexExpr &X, const std::string &Var,
                         const std::vector<const Loop *> &Loops) {
  auto IsLoopVar = [&](const std::string &S) {
    return std::any_of(Loops.begin(), Loops.end(),
                       [&](const Loop *L) { return L->Var == S; });
  };
  // The coefficient of Var: the terms that hold it, Var removed.
  IndexExpr Coeff;
  for (const Term &T : X.terms()) {
    if (std::find(T.Symbols.begin(), T.Symbols.end(), Var) == T.Symbols.end())
      continue;
    IndexExpr M = IndexExpr::constant(T.Coeff);
    bool Dropped = false;
    for (const std::string &S : T.Symbols) {
      if (S == Var && !Dropped) {
        Dropped = true;
        continue;
      }
      if (IsLoopVar(S))
        return false; // i*j, or Var squared
      M = M * IndexExpr::symbol(S);
    }
    Coeff = Coeff + M;
  }
  auto NoNegativeTerm = [](const IndexExpr &E) {
    return std::none_of(E.terms().begin(), E.terms().end(),
                        [](const Term &T) { return T.Coeff < 0; });
  };
  if (NoNegativeTerm(Coeff))
    return true;
  // Each loop whose span holds no loop variable: a size with coefficient 1
  // in it is written through the span's new symbol (Span = Size + Rest =
  // T, so Size := T - Rest), the earlier loops' substitutions applied
  // first. Every size and every T is >= 0 where the statement runs.
  std::vector<std::pair<std::string, IndexExpr>> Done;
  for (size_t J = 0; J < Loops.size(); ++J) {
    const Loop *L = Loops[J];
    if (L->Upper.size() != 1 || L->Lower.size() != 1)
      continue;
    IndexExpr Span = L->Upper[0] - L->Lower[0];
    for (const auto &[Size, Value] : Done)
      Span = Span.substitute(Size, Value);
    if (!Span.isAffine() || std::any_of(Loops.begin(), Loops.end(),
                                        [&](const Loop *O) {
                                          return Span.mentions(O->Var);
                                        }))
      continue;
    for (const Term &T : Span.terms()) {
      if (T.Coeff != 1 || T.Symbols.size() != 1 || T.Symbols[0][0] == '\x02')
        continue;
      const std::string Size = T.Symbols[0];
      IndexExpr Value = IndexExpr::symbol("\x02T" + std::to_string(J)) -
                        (Span - IndexExpr::symbol(Size));
      Coeff = Coeff.substitute(Size, Value);
      Done.emplace_back(Size, Value);
      break;
    }
  }
  return NoNegativeTerm(Coeff);
}
