//===- Delinearize.cpp - recover dimensions of linearized subscripts ------===//
//
// Method: group the terms of a subscript by their monomial of size
// parameters: in `i*N*M + j*M + k` the coefficient of N*M is i, of M is j
// and of 1 is k. The monomials of all accesses to the array (at one
// subscript position) must form a chain 1 | M | M*N where each step adds
// one parameter (the extent of that digit); then the address is
// sum(digit_t * monomial_t), a mixed-radix number, and it is unique when
// 0 <= digit_t <= extent_t - 1 for every digit but the top one. isl proves
// those ranges on each access's iteration domain; if any proof fails, the
// array keeps its linear subscripts.
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

// Tries to delinearize subscript position Pos of every occurrence.
static void delinearizePosition(std::vector<Occurrence> &Occs, size_t Pos,
                                DependenceSolver &Solver,
                                std::vector<std::string> *DigitOut) {
  std::vector<Digits> Split(Occs.size());
  std::vector<ParamMonomial> Chain = {{}};
  for (size_t I = 0; I < Occs.size(); ++I) {
    const StmtSite &Site = *Occs[I].Site;
    if (!splitDigits(Site.Address[Occs[I].Index][Pos], Site, Split[I]))
      return;
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
      return;
    Extents.push_back(*Extent);
  }
  if (Chain.size() < 2)
    return;
  // Every digit below the top must provably stay within its extent.
  for (size_t I = 0; I < Occs.size(); ++I)
    for (size_t T = 0; T + 1 < Chain.size(); ++T) {
      IndexExpr Digit = Split[I][Chain[T]];
      IndexExpr Hi = IndexExpr::symbol(Extents[T]) - IndexExpr::constant(1);
      if (!Solver.provesRange(*Occs[I].Site, Digit, IndexExpr::constant(0),
                              Hi))
        return;
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
      delinearizePosition(Occs, Pos, Solver, &Lower);
      if (Splits && Pos == 0 && !Lower.empty())
        (*Splits)[Entry.first] = Lower;
    }
  }
}
