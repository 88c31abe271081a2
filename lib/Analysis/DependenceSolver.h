//===- DependenceSolver.h - isl sets for one nest's accesses ---*- C++ -*-===//
//
// Internal to lib/Analysis. Owns the translation of the IR's iteration
// domains and subscripts into isl sets, and the exact questions the analysis
// asks isl: is a statement's domain inside a half-space (delinearization),
// and which direction vectors does the dependence set between two accesses
// hold (refined level by level, empty sets pruned).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_LIB_ANALYSIS_DEPENDENCESOLVER_H
#define LOOPTILE_LIB_ANALYSIS_DEPENDENCESOLVER_H

#include "looptile/Analysis/DirectionVector.h"
#include "looptile/IR/LoopNest.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

struct isl_ctx;
struct isl_set;
struct isl_point;

namespace looptile {

/// A statement with its enclosing loops (outermost first) and its accesses.
/// Address holds each access's subscripts after delinearization.
struct StmtSite {
  const Stmt *S = nullptr;
  std::vector<const Loop *> Loops;
  std::vector<Access> Accesses;
  std::vector<std::vector<IndexExpr>> Address;

  /// The site of S inside Loops; its addresses start as the subscripts
  /// (delinearization may rewrite them). NotMemory names the scalars that
  /// are not memory accesses.
  static StmtSite of(const Stmt &S, const std::vector<const Loop *> &Loops,
                     const std::vector<std::string> &NotMemory) {
    StmtSite Site;
    Site.S = &S;
    Site.Loops = Loops;
    Site.Accesses = S.accesses(NotMemory);
    for (const Access &A : Site.Accesses)
      Site.Address.push_back(A.Subscripts);
    return Site;
  }
};

/// One side of a dependence question: an access of a site.
struct AccessRef {
  const StmtSite *Site = nullptr;
  unsigned Index = 0; ///< position in Site->Accesses
  const Access &access() const { return Site->Accesses[Index]; }
  const std::vector<IndexExpr> &address() const { return Site->Address[Index]; }
};

/// The answer for one ordered pair of accesses.
struct DirectionResult {
  std::vector<DirectionVector> Vectors;
  /// A bound could not be expressed in isl and was dropped: the vectors
  /// over-approximate.
  bool Inexact = false;
  /// A subscript could not be expressed: nothing was computed.
  bool NonAffine = false;
};

class DependenceSolver {
public:
  DependenceSolver();
  ~DependenceSolver();
  DependenceSolver(const DependenceSolver &) = delete;
  DependenceSolver &operator=(const DependenceSolver &) = delete;

  /// True when every loop variable of a term of E is alone in that term
  /// (isl can take E as it is; products of size parameters are fine).
  static bool isLoopAffine(const IndexExpr &E, const StmtSite &Site);

  /// True when isl proves Lo <= E <= Hi on the iteration domain of Site
  /// (Hi may mention size parameters), restricted by Arms (the conditions
  /// of the `?:` arms an access sits in, Access::Arms: it runs only there).
  bool provesRange(const StmtSite &Site, const IndexExpr &E,
                   const IndexExpr &Lo, const IndexExpr &Hi,
                   const std::vector<AffineCondition> &Arms = {});

  /// The direction vectors over the first Common loops of the dependences
  /// from Src (an earlier instance) to Snk (a later one) on the same
  /// address. SameIterationOrder says whether Src runs before Snk within one
  /// iteration of the common loops. EqualLevels forces equality of the
  /// first EqualLevels common loops (a variable declared inside them is a
  /// fresh object in every iteration).
  DirectionResult directions(const AccessRef &Src, const AccessRef &Snk,
                             unsigned Common, bool SameIterationOrder,
                             unsigned EqualLevels);

  // --- Building blocks for other exact questions (Privatization.cpp) ---

  /// The isl context the sets below live in.
  isl_ctx *context() const { return Ctx; }
  /// E over Site's loop variables, in isl notation with the variables named
  /// Prefix0, Prefix1, ... (outermost first); std::nullopt when E is not
  /// loop-affine.
  std::optional<std::string> islExpr(const StmtSite &Site, char Prefix,
                                     const IndexExpr &E);
  /// The constraints of Site's iteration domain over the same names.
  /// Returns false when some bound could not be expressed (then Out holds
  /// only the bounds that could, a larger domain). WithAssume: with the
  /// facts of its loops' Loop::Assume (without them the domain is larger
  /// only for sizes those facts exclude).
  bool islDomain(const StmtSite &Site, char Prefix,
                 std::vector<std::string> &Out, bool WithAssume = true);
  /// The domain of the access A itself: its site's, restricted by the
  /// conditions of the `?:` arms it is in (Access::Arms; one isl cannot
  /// take is left out, the domain grows). Returns what islDomain returns.
  bool islAccessDomain(const AccessRef &A, char Prefix,
                       std::vector<std::string> &Out);
  /// Appends Arms (Access::Arms) over Site's loop variables to Out, as
  /// islAccessDomain does: one isl cannot take is left out.
  void islArms(const StmtSite &Site, char Prefix,
               const std::vector<AffineCondition> &Arms,
               std::vector<std::string> &Out);
  /// The set `{ [Vars] : Constraints }` over this solver's parameters;
  /// null when isl cannot read it. The caller owns the result.
  isl_set *islSet(const std::vector<std::string> &Vars,
                  const std::vector<std::string> &Constraints);

  /// The sizes of a point P of Set, in C (`N = 2, M = 3`): the witness a
  /// diagnostic quotes.
  std::string sizesAt(isl_set *Set, isl_point *P) const;
  /// The C spelling of an isl parameter of this solver (`N`, `N*M`).
  std::string paramSpelling(const std::string &IslName) const;
  /// The size parameters whose product an isl parameter of this solver is
  /// ({"N"}, {"M", "N"}); empty when IslName is not one.
  std::vector<std::string> paramMonomial(const std::string &IslName) const;
  /// The isl names of the parameters rendered so far (`p0`, `p1`, ...).
  std::vector<std::string> paramNames() const;

private:
  struct Renderer;
  isl_ctx *Ctx;
  /// isl parameter name for each monomial of size parameters.
  std::map<std::vector<std::string>, std::string> Params;
};

/// Set coordinate K of the point P, in decimal ("?" when isl has none).
std::string islCoordinate(isl_point *P, unsigned K);

} // namespace looptile

#endif // LOOPTILE_LIB_ANALYSIS_DEPENDENCESOLVER_H
