//===- Delinearize.cpp - recover dimensions of linearized subscripts ------===//
//
// Method: group the terms of a subscript by their monomial of size
// parameters: in `i*N*M + j*M + k` the coefficient of N*M is i, of M is j
// and of 1 is k. The monomials of all accesses to the array (at one
// subscript position) must form a chain 1 | M | M*N where each step adds
// one parameter (the extent of that digit); then the address is
// sum(digit_t * monomial_t), a mixed-radix number, and it is unique when
// 0 <= digit_t <= extent_t - 1 for every digit but the top one. isl proves
// those ranges on each access's iteration domain (within the conditions of
// the `?:` arms it sits in, Access::Arms); if any proof fails, the
// array keeps its linear subscripts.
//
// Where the strides are polynomials rather than monomials (im2col's
// `((c*K + kh)*K + kw)*OH*OW + oh*OW + ow` with OH = H - K + 1, expanded
// into 28 terms), a second method groups the terms by the coefficient of
// their loop variable instead: the strides must form a chain 1 | s1 | s2
// ... where each step multiplies by an affine extent (polynomial division
// finds it), the rest of the subscript is split over the strides top down,
// and the digits must recompose the subscript exactly; isl then proves the
// same ranges. This method serves the dependence questions only: the
// footprint's digits are named extents, which a polynomial is not.
//
//===----------------------------------------------------------------------===//
#include "Delinearize.h"

#include <algorithm>

using namespace looptile;

namespace {
using ParamMonomial = std::vector<std::string>; // sorted
using Digits = std::map<ParamMonomial, IndexExpr>;

struct Occurrence {
  StmtSite *Site;
  unsigned Index;
};
} // namespace

// The conditions of the `?:` arms that O's access sits in: it runs only
// where they hold, so its digits need stay in range only there (a clamp
// `in[y*w + (x < w - 1 ? x + 1 : x)]`). A read that does not run has no
// address: the digits agree with the flat index wherever a read happens,
// which is all that a dependence or a footprint asks.
static const std::vector<AffineCondition> &armsOf(const Occurrence &O) {
  return O.Site->Accesses[O.Index].Arms;
}

static bool isLoopVar(const StmtSite &Site, const std::string &Name) {
  for (const Loop *L : Site.Loops)
    if (L->Var == Name)
      return true;
  return false;
}

// Splits E into its digits by parameter monomial; false when a term has
// more than one loop variable.
static bool splitDigits(const IndexExpr &E, const StmtSite &Site,
                        Digits &Out) {
  for (const Term &T : E.terms()) {
    ParamMonomial Params;
    IndexExpr Coeff = IndexExpr::constant(T.Coeff);
    unsigned LoopVars = 0;
    for (const std::string &S : T.Symbols) {
      if (isLoopVar(Site, S)) {
        Coeff = Coeff * IndexExpr::symbol(S);
        ++LoopVars;
      } else {
        Params.push_back(S);
      }
    }
    if (LoopVars > 1)
      return false;
    std::sort(Params.begin(), Params.end());
    Out[Params] = Out[Params] + Coeff;
  }
  return true;
}

// The single symbol that Big has beyond Small, if Big is Small plus one.
static std::optional<std::string> extraSymbol(const ParamMonomial &Small,
                                              const ParamMonomial &Big) {
  if (Big.size() != Small.size() + 1 ||
      !std::includes(Big.begin(), Big.end(), Small.begin(), Small.end()))
    return std::nullopt;
  ParamMonomial Rest;
  std::set_difference(Big.begin(), Big.end(), Small.begin(), Small.end(),
                      std::back_inserter(Rest));
  return Rest[0];
}

// Tries to delinearize subscript position Pos of every occurrence; true
// when it did.
static bool delinearizePosition(std::vector<Occurrence> &Occs, size_t Pos,
                                DependenceSolver &Solver,
                                std::vector<std::string> *DigitOut) {
  std::vector<Digits> Split(Occs.size());
  std::vector<ParamMonomial> Chain = {{}};
  for (size_t I = 0; I < Occs.size(); ++I) {
    const StmtSite &Site = *Occs[I].Site;
    if (!splitDigits(Site.Address[Occs[I].Index][Pos], Site, Split[I]))
      return false;
    for (const auto &D : Split[I])
      if (std::find(Chain.begin(), Chain.end(), D.first) == Chain.end())
        Chain.push_back(D.first);
  }
  std::sort(Chain.begin(), Chain.end(),
            [](const ParamMonomial &A, const ParamMonomial &B) {
              return A.size() < B.size();
            });
  std::vector<std::string> Extents;
  for (size_t T = 0; T + 1 < Chain.size(); ++T) {
    std::optional<std::string> Extent = extraSymbol(Chain[T], Chain[T + 1]);
    if (!Extent)
      return false;
    Extents.push_back(*Extent);
  }
  if (Chain.size() < 2)
    return false;
  // Every digit below the top must provably stay within its extent. The
  // grouping by monomial reads `y*w + w - 1` (a clamp's last column) as the
  // digits y + 1 and -1; a carry of one unit between neighbours (digit + w,
  // the next one - 1, or the reverse) keeps the address and may put the
  // digit in range: y and w - 1.
  for (size_t I = 0; I < Occs.size(); ++I)
    for (size_t T = 0; T + 1 < Chain.size(); ++T) {
      IndexExpr &Digit = Split[I][Chain[T]], &Next = Split[I][Chain[T + 1]];
      IndexExpr Extent = IndexExpr::symbol(Extents[T]);
      IndexExpr Hi = Extent - IndexExpr::constant(1);
      bool InRange = false;
      for (int64_t Carry : {0, 1, -1}) {
        IndexExpr Moved = Digit + IndexExpr::constant(Carry) * Extent;
        if (!Solver.provesRange(*Occs[I].Site, Moved, IndexExpr::constant(0),
                                Hi, armsOf(Occs[I])))
          continue;
        Digit = Moved;
        Next = Next - IndexExpr::constant(Carry);
        InRange = true;
        break;
      }
      if (!InRange)
        return false;
    }
  if (DigitOut)
    DigitOut->assign(Extents.rbegin(), Extents.rend());
  for (size_t I = 0; I < Occs.size(); ++I) {
    std::vector<IndexExpr> &Addr = Occs[I].Site->Address[Occs[I].Index];
    std::vector<IndexExpr> NewDims;
    for (size_t T = Chain.size(); T-- > 0;)
      NewDims.push_back(Split[I][Chain[T]]);
    Addr.erase(Addr.begin() + Pos);
    Addr.insert(Addr.begin() + Pos, NewDims.begin(), NewDims.end());
  }
  return true;
}

// --- strides that are polynomials ---------------------------------------

// A monomial's symbols sorted (a power repeats its symbol).
static ParamMonomial sortedMonomial(const Monomial &M) {
  ParamMonomial S(M.begin(), M.end());
  std::sort(S.begin(), S.end());
  return S;
}

// The monomial order of the division below: by degree, then by the sorted
// symbols (lexicographically): compatible with multiplication, and each
// degree has finitely many monomials, so the division terminates.
static bool monomialLess(const ParamMonomial &A, const ParamMonomial &B) {
  if (A.size() != B.size())
    return A.size() < B.size();
  return A < B;
}

// The largest term of E in that order (E not zero).
static Term leadingTerm(const IndexExpr &E) {
  Term Best = E.terms().front();
  for (const Term &T : E.terms())
    if (monomialLess(sortedMonomial(Best.Symbols), sortedMonomial(T.Symbols)))
      Best = T;
  return Best;
}

static unsigned degree(const IndexExpr &E) {
  return E.terms().empty() ? 0 : unsigned(leadingTerm(E).Symbols.size());
}

// P = Q*D + R where no term of R is divisible by D's leading term
// (multivariate division); D is not zero.
static std::pair<IndexExpr, IndexExpr> divide(IndexExpr P, const IndexExpr &D) {
  Term Lead = leadingTerm(D);
  ParamMonomial LM = sortedMonomial(Lead.Symbols);
  IndexExpr Q, R;
  while (!P.terms().empty()) {
    Term T = leadingTerm(P);
    ParamMonomial TM = sortedMonomial(T.Symbols);
    IndexExpr Move;
    if (T.Coeff % Lead.Coeff == 0 &&
        std::includes(TM.begin(), TM.end(), LM.begin(), LM.end())) {
      ParamMonomial Rest;
      std::set_difference(TM.begin(), TM.end(), LM.begin(), LM.end(),
                          std::back_inserter(Rest));
      IndexExpr Factor = IndexExpr::constant(T.Coeff / Lead.Coeff);
      for (const std::string &S : Rest)
        Factor = Factor * IndexExpr::symbol(S);
      Q = Q + Factor;
      P = P - Factor * D;
      continue;
    }
    Move = IndexExpr::term(T.Coeff, T.Symbols);
    R = R + Move;
    P = P - Move;
  }
  return {Q, R};
}

// Position Pos of every occurrence, split over a chain of polynomial
// strides (the file comment); true when it did.
static bool delinearizeByStrides(std::vector<Occurrence> &Occs, size_t Pos,
                                 DependenceSolver &Solver) {
  // Per occurrence: each loop variable's coefficient, and the rest.
  struct Split {
    std::vector<std::pair<std::string, IndexExpr>> Coeffs;
    IndexExpr Rest;
  };
  std::vector<Split> Splits(Occs.size());
  std::vector<IndexExpr> Strides = {IndexExpr::constant(1)};
  for (size_t I = 0; I < Occs.size(); ++I) {
    const StmtSite &Site = *Occs[I].Site;
    std::map<std::string, IndexExpr> ByVar;
    for (const Term &T : Site.Address[Occs[I].Index][Pos].terms()) {
      IndexExpr Coeff = IndexExpr::constant(T.Coeff);
      std::string Var;
      for (const std::string &S : T.Symbols) {
        if (!isLoopVar(Site, S)) {
          Coeff = Coeff * IndexExpr::symbol(S);
          continue;
        }
        if (!Var.empty())
          return false; // i*j or i*i
        Var = S;
      }
      if (Var.empty())
        Splits[I].Rest = Splits[I].Rest + Coeff;
      else
        ByVar[Var] = ByVar[Var] + Coeff;
    }
    for (auto &[Var, Coeff] : ByVar) {
      if (Coeff.terms().empty())
        continue;
      Splits[I].Coeffs.push_back({Var, Coeff});
      if (std::find(Strides.begin(), Strides.end(), Coeff) == Strides.end())
        Strides.push_back(Coeff);
    }
  }
  std::sort(Strides.begin(), Strides.end(),
            [](const IndexExpr &A, const IndexExpr &B) {
              return degree(A) < degree(B);
            });
  if (Strides.size() < 2)
    return false;
  // Each stride is the one below times an affine extent of degree 1.
  std::vector<IndexExpr> Extents;
  for (size_t T = 0; T + 1 < Strides.size(); ++T) {
    if (degree(Strides[T + 1]) != degree(Strides[T]) + 1)
      return false;
    auto [Q, R] = divide(Strides[T + 1], Strides[T]);
    if (!R.terms().empty() || !Q.isAffine() || Q.isConstant() ||
        Q * Strides[T] != Strides[T + 1])
      return false;
    Extents.push_back(Q);
  }
  // The digits of each occurrence, lowest first.
  std::vector<std::vector<IndexExpr>> Digits(Occs.size());
  for (size_t I = 0; I < Occs.size(); ++I) {
    const StmtSite &Site = *Occs[I].Site;
    std::vector<IndexExpr> &D = Digits[I];
    D.assign(Strides.size(), IndexExpr());
    for (const auto &[Var, Coeff] : Splits[I].Coeffs)
      for (size_t T = 0; T < Strides.size(); ++T)
        if (Strides[T] == Coeff)
          D[T] = D[T] + IndexExpr::symbol(Var);
    IndexExpr Rest = Splits[I].Rest;
    for (size_t T = Strides.size(); T-- > 1;) {
      auto [Q, R] = divide(Rest, Strides[T]);
      D[T] = D[T] + Q;
      Rest = R;
    }
    D[0] = D[0] + Rest;
    IndexExpr Back;
    for (size_t T = 0; T < Strides.size(); ++T) {
      if (!DependenceSolver::isLoopAffine(D[T], Site))
        return false;
      Back = Back + D[T] * Strides[T];
    }
    if (Back != Site.Address[Occs[I].Index][Pos])
      return false;
  }
  // Every digit below the top stays within its extent: the address is then
  // a mixed-radix number, equal exactly when the digits are.
  for (size_t I = 0; I < Occs.size(); ++I)
    for (size_t T = 0; T + 1 < Strides.size(); ++T)
      if (!Solver.provesRange(*Occs[I].Site, Digits[I][T],
                              IndexExpr::constant(0),
                              Extents[T] - IndexExpr::constant(1),
                              armsOf(Occs[I])))
        return false;
  for (size_t I = 0; I < Occs.size(); ++I) {
    std::vector<IndexExpr> &Addr = Occs[I].Site->Address[Occs[I].Index];
    Addr.erase(Addr.begin() + Pos);
    Addr.insert(Addr.begin() + Pos, Digits[I].rbegin(), Digits[I].rend());
  }
  return true;
}

void looptile::delinearize(std::vector<StmtSite> &Sites,
                           DependenceSolver &Solver, DigitExtents *Splits) {
  std::map<std::string, std::vector<Occurrence>> ByArray;
  for (StmtSite &Site : Sites)
    for (unsigned I = 0; I < Site.Accesses.size(); ++I)
      ByArray[Site.Accesses[I].Name].push_back({&Site, I});
  for (auto &Entry : ByArray) {
    std::vector<Occurrence> &Occs = Entry.second;
    size_t Rank = Occs[0].Site->Address[Occs[0].Index].size();
    bool NeedsWork = false;
    for (const Occurrence &O : Occs) {
      const std::vector<IndexExpr> &Addr = O.Site->Address[O.Index];
      if (Addr.size() != Rank)
        Rank = SIZE_MAX;
      for (const IndexExpr &E : Addr)
        NeedsWork |= !DependenceSolver::isLoopAffine(E, *O.Site);
    }
    if (!NeedsWork || Rank == SIZE_MAX)
      continue;
    // Last position first, so that splitting one does not move the others.
    for (size_t Pos = Rank; Pos-- > 0;) {
      std::vector<std::string> Lower;
      if (delinearizePosition(Occs, Pos, Solver, &Lower)) {
        if (Splits && Pos == 0 && !Lower.empty())
          (*Splits)[Entry.first] = Lower;
      } else if (!Splits) {
        delinearizeByStrides(Occs, Pos, Solver);
      }
    }
  }
}
