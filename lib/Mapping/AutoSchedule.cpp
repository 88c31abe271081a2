//===- AutoSchedule.cpp - the compiler chooses the schedule ---------------===//
//
// Candidates per nest (Mapping/AutoSchedule.h states the cost model):
//   * as written;
//   * its outermost loop distributed (lecture 04, "Th. Loop Distribution");
//   * every loop of it distributed, innermost first (bicg needs its inner
//     loop split before the outer one separates).
// In each candidate, every resulting nest then gets the best order of its
// perfectly nested band among those the interchange theorem allows
// (lecture 04, "Th. Loop Interchange": the permuted direction matrix has no
// '>' as the leftmost non-'=' entry of any row). Distribution and
// permutation are the transforms' own mechanisms with their own legality
// checks; what they refuse is not a candidate.
//
//===----------------------------------------------------------------------===//
#include "looptile/Mapping/AutoSchedule.h"

#include "looptile/Analysis/AffineSchedule.h"
#include "looptile/Transforms/Forward.h"
#include "looptile/Analysis/Dependence.h"
#include "looptile/Support/Statistic.h"
#include "looptile/Transforms/Distribute.h"
#include "looptile/Transforms/ExpandArray.h"
#include "looptile/Transforms/Legality.h"
#include "looptile/Transforms/LoopUtils.h"
#include "looptile/Transforms/Permute.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>
#include <tuple>

using namespace looptile;

LOOPTILE_STATISTIC(Candidates, "mapping",
                   "schedule candidates ranked (distributions, expansions)");
LOOPTILE_STATISTIC(Orders, "mapping", "loop orders tried in candidates");

namespace {

/// The most loops of a band whose orders are all tried (5! = 120).
constexpr unsigned MaxPermutedBand = 5;

// The kernel ranking of the cost model, larger is better.
std::tuple<bool, unsigned, int, int, bool, unsigned>
kernelKey(const KernelPreview &P) {
  return {P.Mappable,      P.Dims,  -int(P.HostLoops),
          -int(P.Strided), P.Reuse, P.Coalesced};
}

std::string describe(const KernelPreview &P) {
  if (!P.Mappable)
    return "no kernel (" + P.Why + ")";
  std::string S = P.Kind + " " + std::to_string(P.Dims) + "-D";
  if (P.Triangular)
    S += " triangular";
  S += ", dimension 0 '" + P.Dim0 + "'";
  if (P.HostLoops)
    S += ", launched from " + std::to_string(P.HostLoops) + " host loop" +
         (P.HostLoops > 1 ? "s" : "");
  if (P.Strided)
    S += ", " + std::to_string(P.Strided) + " strided access" +
         (P.Strided > 1 ? "es" : "");
  return S;
}

struct Candidate {
  std::string Name;
  Function F;
  unsigned First = 0, Count = 1; ///< the nests of F that came from the nest
  std::vector<std::string> Steps;
  /// The same steps as command-line options (empty entry: a loop that no
  /// selector names alone, then there is no recipe).
  std::vector<std::string> Recipe;
  unsigned Distributed = 0; ///< distributions among Steps
  /// The distributions among Steps (to tell candidates apart).
  std::vector<std::string> Distributions;
  std::vector<KernelPreview> Kernels;
  unsigned Moves = 0;
  /// Report lines: orders that would rank above the chosen one but that
  /// the interchange theorem refuses, each with the dependence that refuses
  /// it, and, for a nest without a kernel, what moving its outer loop
  /// innermost would do.
  std::vector<std::string> Refused;

  unsigned unmappable() const {
    return unsigned(
        std::count_if(Kernels.begin(), Kernels.end(),
                      [](const KernelPreview &P) { return !P.Mappable; }));
  }
  unsigned minDims() const {
    unsigned D = ~0u;
    for (const KernelPreview &P : Kernels)
      D = std::min(D, P.Mappable ? P.Dims : 0u);
    return D;
  }
  unsigned reuse() const {
    return unsigned(std::count_if(
        Kernels.begin(), Kernels.end(),
        [](const KernelPreview &P) { return P.Mappable && P.Reuse; }));
  }
  unsigned hostLoops() const {
    unsigned H = 0;
    for (const KernelPreview &P : Kernels)
      H += P.Mappable ? P.HostLoops : 0;
    return H;
  }
  unsigned sequential() const {
    unsigned S = 0;
    for (const KernelPreview &P : Kernels)
      S = std::max(S, P.Mappable ? P.Sequential : 0u);
    return S;
  }
  /// No parallel work (a nest without a kernel, or a kernel of one
  /// work-item), or kernels launched from nested host loops (O(n^2)
  /// launches): where the mapping stage tries an affine schedule.
  bool wantsSchedule() const {
    return unmappable() || minDims() == 0 ||
           std::any_of(Kernels.begin(), Kernels.end(),
                       [](const KernelPreview &P) {
                         return P.Mappable && P.HostLoops > 1;
                       });
  }
  unsigned strided() const {
    unsigned S = 0;
    for (const KernelPreview &P : Kernels)
      S += P.Strided;
    return S;
  }
  /// Row-staged kernels: one work-item per row, its row walked in order.
  /// Where a row reduction (a work-group per row) does the same work, that
  /// one keeps the GPU busy with few rows too (gesummv at n = 1300: 3.7x
  /// faster on an H200, bench/RESULTS.md; within 10% where rows are many).
  unsigned rowStaged() const {
    return unsigned(std::count_if(
        Kernels.begin(), Kernels.end(), [](const KernelPreview &P) {
          return P.Mappable && P.Kind == "row-staged";
        }));
  }
  // The schedule ranking of the cost model, larger is better.
  std::tuple<int, unsigned, int, int, int, int, unsigned, int, int>
  key() const {
    return {-int(unmappable()),
            minDims(),
            -int(sequential()),
            -int(hostLoops()),
            -int(Kernels.size()),
            -int(strided()),
            reuse(),
            -int(rowStaged()),
            -int(Moves)};
  }
};

// Why A ranks above B: the first criterion of the key that differs.
std::string whyBetter(const Candidate &A, const Candidate &B) {
  auto N = [](unsigned X, const char *What) {
    return std::to_string(X) + " " + What + (X == 1 ? "" : "s");
  };
  if (A.unmappable() != B.unmappable())
    return N(A.unmappable(), "nest") + " without a kernel, against " +
           std::to_string(B.unmappable()) + " " + B.Name;
  if (A.minDims() != B.minDims())
    return "its weakest kernel has " + N(A.minDims(), "NDRange dimension") +
           ", against " + std::to_string(B.minDims()) + " " + B.Name;
  if (A.sequential() != B.sequential())
    return "a work-item of its slowest kernel runs " +
           N(A.sequential(), "loop") +
           " one iteration after the other (host loops included), against " +
           std::to_string(B.sequential()) + " " + B.Name;
  if (A.hostLoops() != B.hostLoops())
    return N(A.hostLoops(), "host loop") +
           " launching its kernels (one launch per iteration), against " +
           std::to_string(B.hostLoops()) + " " + B.Name;
  if (A.Kernels.size() != B.Kernels.size())
    return N(unsigned(A.Kernels.size()), "kernel") + ", against " +
           std::to_string(B.Kernels.size()) + " " + B.Name;
  if (A.strided() != B.strided())
    return std::to_string(A.strided()) + " strided access" +
           (A.strided() == 1 ? "" : "es") + " along dimension 0, against " +
           std::to_string(B.strided()) + " " + B.Name;
  if (A.reuse() != B.reuse())
    return N(A.reuse(), "kernel") + " reusing data in local memory, against " +
           std::to_string(B.reuse()) + " " + B.Name;
  if (A.rowStaged() != B.rowStaged())
    return N(A.rowStaged(), "row-staged kernel") +
           " (a work-item per row: little parallel work where rows are "
           "few), against " +
           std::to_string(B.rowStaged()) + " " + B.Name;
  return "fewer loop moves than " + B.Name;
}

// The loops of the nest rooted at Root as paths of body indices, deepest
// first and, among siblings, last first: distributing one of them then
// never moves a loop still to do (a distribution only inserts after the
// loop, inside its parent's body).
void postOrder(const Loop &L, std::vector<unsigned> &Path,
               std::vector<std::vector<unsigned>> &Out) {
  for (size_t I = L.Body.size(); I-- > 0;) {
    if (!L.Body[I].isLoop())
      continue;
    Path.push_back(unsigned(I));
    postOrder(L.Body[I].loop(), Path, Out);
    Path.pop_back();
  }
  Out.push_back(Path);
}

LoopLocation locationOf(Function &F, unsigned Nest,
                        const std::vector<unsigned> &Path) {
  LoopLocation Loc{Nest, {&F.Body[Nest].loop()}};
  for (unsigned I : Path)
    Loc.Path.push_back(&Loc.Path.back()->Body[I].loop());
  return Loc;
}

std::string at(const std::string &File, const Loop &L) {
  return File + ":" + std::to_string(L.Loc.Line);
}

// The function's locals after the window of nest Nest was rewritten with
// Window's locals: expansion declares new ones (appended, in their order)
// and drops a local that its window no longer names. A local that the rest
// of F still names stays, where it was (in F the transform would have
// kept it: it looks for other uses in the whole body). F.Body[Nest] is
// still window()'s empty loop.
std::vector<Variable> mergedLocals(const Function &F,
                                   std::vector<Variable> Window) {
  std::vector<Variable> Out;
  std::optional<std::set<std::string>> Elsewhere;
  for (const Variable &V : F.Locals) {
    auto It = std::find_if(Window.begin(), Window.end(),
                           [&](const Variable &W) { return W.Name == V.Name; });
    if (It != Window.end()) {
      Out.push_back(std::move(*It));
      Window.erase(It);
      continue;
    }
    if (!Elsewhere)
      Elsewhere = variablesNamed(F.Body);
    if (Elsewhere->count(V.Name))
      Out.push_back(V);
  }
  Out.insert(Out.end(), std::make_move_iterator(Window.begin()),
             std::make_move_iterator(Window.end()));
  return Out;
}

/// What the candidates of one nest know of the function around them. They
/// are built in a window (window() below), not in copies of the whole
/// function; a selector of their recipe must still name one loop of the
/// whole function, so Elsewhere says whether it also names a loop outside
/// the window.
struct Scope {
  const std::string &File;
  std::function<bool(const std::string &)> Elsewhere;
  std::string selector(Function &W, const Loop &L) const {
    return uniqueSelector(W, L, Elsewhere);
  }
};

// The window in which the candidates of nest Nest of F are built and
// ranked: F's declarations, the nest (moved out of F, whose Body[Nest] is
// left an empty loop that no selector names), and, where the nest names a
// local of the function's scope, the rest of F's body after it: the
// liveness of the function's locals after the nest is what the analyses,
// the expansions and the kernel plans read of the code around a nest
// (parameters are live after every nest; the nests before it do not
// change what flows out of it).
// Without it every candidate of every nest copied the whole function, and
// every preview planned the whole host program.
Function window(Function &F, unsigned Nest) {
  Function W = F.declarations();
  W.Body.push_back(std::move(F.Body[Nest]));
  F.Body[Nest] = Node{Loop()};
  const Function Named = F.declarationsFor(W.Body.front().loop());
  bool SharesLocals =
      std::any_of(Named.Locals.begin(), Named.Locals.end(),
                  [](const Variable &V) { return V.DeclaredIn.empty(); });
  if (SharesLocals)
    W.Body.insert(W.Body.end(), F.Body.begin() + Nest + 1, F.Body.end());
  return W;
}

// Distributes the loops of nest Nest at Paths (in that order) where the
// distribution theorem allows; returns the number of nests it became.
unsigned distribute(Candidate &C, unsigned Nest,
                    const std::vector<std::vector<unsigned>> &Paths,
                    const Scope &Sc) {
  const std::string &File = Sc.File;
  size_t Before = C.F.Body.size();
  for (const std::vector<unsigned> &P : Paths) {
    LoopLocation Where = locationOf(C.F, Nest, P);
    const Loop &L = Where.loop();
    if (L.Body.size() < 2)
      continue;
    std::string What = "distribute loop '" + L.Var + "' (" + at(File, L) + ")";
    std::string Sel = Sc.selector(C.F, L);
    Function Saved = C.F;
    std::vector<Diagnostic> Ignored;
    if (!distributeLoopAt(C.F, Where, Ignored)) {
      C.F = std::move(Saved);
      continue;
    }
    C.Steps.push_back(What + ": distribution theorem (lecture 04), each "
                             "dependence cycle stays in one loop");
    C.Distributions.push_back(What);
    ++C.Moves;
    ++C.Distributed;
    C.Recipe.push_back(Sel.empty() ? "" : "--distribute " + Sel);
  }
  return unsigned(C.F.Body.size() - Before + 1);
}

// Gives nest Nest of C.F the best order of its perfectly nested band from
// the root (every order the interchange theorem allows), and records its
// kernel.
void chooseOrder(Candidate &C, unsigned Nest, const MappingOptions &Opts,
                 const Scope &Sc) {
  const std::string &File = Sc.File;
  Loop &Root = C.F.Body[Nest].loop();
  unsigned Depth = 1;
  for (Loop *L = &Root; (L = singleInnerLoop(*L)) && Depth < MaxPermutedBand;)
    ++Depth;
  KernelPreview Best = previewKernel(C.F, Nest, Opts);
  if (Depth < 2) {
    C.Kernels.push_back(Best);
    return;
  }
  std::vector<unsigned> Order(Depth), BestOrder;
  std::iota(Order.begin(), Order.end(), 0u);
  unsigned BestInversions = 0;
  // The best order the theorem refuses, for the report: previewed on a
  // copy that is thrown away (never generated).
  std::optional<KernelPreview> BestRefused;
  std::string RefusedWhy, RefusedOrder;
  // The order that moves the outermost loop innermost (where a sequential
  // outer loop would have to go for the loops inside it to be mapped), and
  // what became of it, for a nest that gets no kernel.
  std::vector<unsigned> Rotation(Depth);
  std::iota(Rotation.begin(), Rotation.end(), 1u);
  Rotation.back() = 0;
  std::string RotationNote;
  while (std::next_permutation(Order.begin(), Order.end())) {
    ++Orders;
    Function G = C.F;
    std::vector<Loop *> Band = perfectBand(G.Body[Nest].loop(), Depth);
    std::vector<Loop> Headers;
    if (Band.size() != Depth || permutedHeaders(Band, Order, Headers))
      continue;
    std::vector<Diagnostic> Why;
    std::string Names;
    for (unsigned K = 0; K < Depth; ++K)
      Names += (K ? ", " : "") + Band[Order[K]]->Var;
    bool Legal = checkPermutationLegal(
        G, Nest, std::vector<const Loop *>(Band.begin(), Band.end()), Order,
        "reorder loops as " + Names, Band.front()->Loc, Why);
    std::string Outermost = Band.front()->Var;
    applyPermutation(Band, Headers);
    KernelPreview P = previewKernel(G, Nest, Opts);
    if (Order == Rotation)
      RotationNote = std::string(Legal ? "note: " : "refused: ") + "moving '" +
                     Outermost + "' innermost (order " + Names + ") " +
                     (Legal ? "is legal but gives " + describe(P)
                            : "would give " + describe(P) + ", but " +
                                  (Why.empty() ? "cannot prove it legal"
                                               : Why.front().Message));
    if (!Legal) {
      if (!BestRefused || kernelKey(P) > kernelKey(*BestRefused)) {
        BestRefused = P;
        RefusedOrder = Names;
        RefusedWhy =
            Why.empty() ? "cannot prove it legal" : Why.front().Message;
      }
      continue;
    }
    unsigned Inversions = 0;
    for (unsigned A = 0; A < Depth; ++A)
      for (unsigned B = A + 1; B < Depth; ++B)
        Inversions += Order[A] > Order[B];
    if (kernelKey(P) > kernelKey(Best) ||
        (kernelKey(P) == kernelKey(Best) && !BestOrder.empty() &&
         Inversions < BestInversions)) {
      Best = P;
      BestOrder = Order;
      BestInversions = Inversions;
    }
  }
  C.Kernels.push_back(Best);
  if (BestRefused && kernelKey(*BestRefused) > kernelKey(Best))
    C.Refused.push_back("refused: order " + RefusedOrder + " (" +
                        at(File, C.F.Body[Nest].loop()) + ") would give " +
                        describe(*BestRefused) + ", but " + RefusedWhy);
  else if (!Best.Mappable && !RotationNote.empty())
    C.Refused.push_back(RotationNote);
  if (BestOrder.empty())
    return;
  std::vector<Loop *> Band = perfectBand(C.F.Body[Nest].loop(), Depth);
  std::vector<Loop> Headers;
  permutedHeaders(Band, BestOrder, Headers);
  std::string From, To, Sels;
  bool Named = true;
  for (unsigned K = 0; K < Depth; ++K) {
    From += (K ? ", " : "") + Band[K]->Var;
    To += (K ? ", " : "") + Band[BestOrder[K]]->Var;
    std::string S = Sc.selector(C.F, *Band[BestOrder[K]]);
    Named &= !S.empty();
    Sels += (K ? "," : "") + S;
  }
  C.Recipe.push_back(Named ? "--order " + Sels : "");
  C.Steps.push_back("reorder loops " + From + " as " + To + " (" +
                    at(File, *Band.front()) +
                    "): interchange theorem (lecture 04), no dependence gets "
                    "'>' as its leftmost non-'=' entry");
  applyPermutation(Band, Headers);
  C.Moves += BestInversions;
}

/// A starting point for the candidates of one nest: the function as
/// written, or with an array expanded along a band of the nest's loops.
struct Base {
  std::string Name; ///< empty: as written
  Function F;
  unsigned Extra = 0; ///< nests the expansion added after the nest
  std::vector<std::string> Steps, Recipe;
  unsigned Moves = 0;
  /// The loops of the band expanded along (0: as written). Its candidates
  /// distribute only the loops of the band's levels: what separates the
  /// band's loops from each other's statements.
  unsigned Band = 0;
};

// The bases that expand an array the nest writes along a band of its loops
// from the root (lecture 04, "False Dependencies (WAR/WAW)": storage every
// read of which is covered by a previous write of the same iteration can be
// privatized, one copy per iteration, which removes the dependences it
// causes between iterations; the question is asked exactly by isl,
// Analysis/Privatization.h, through the transform's own check,
// Transforms/ExpandArray.h). Only storage that the band's iterations share
// is a candidate: no subscript of the array mentions a band loop. Whether
// the expansion pays (loops that become parallel, fewer host loops) is the
// cost model's question.
void expansionBases(const Function &F, unsigned Nest, const Scope &Sc,
                    std::vector<Base> &Out, std::vector<std::string> &Refused) {
  const std::string &File = Sc.File;
  // Per array written in the nest: the body-index paths of the loops
  // around each statement that accesses it, and every subscript.
  std::map<std::string, std::vector<std::vector<unsigned>>> Paths;
  std::map<std::string, std::vector<IndexExpr>> Subs;
  std::vector<std::string> Written;
  std::vector<unsigned> Path;
  std::vector<std::string> Skip;
  std::function<void(const Loop &)> Walk = [&](const Loop &L) {
    for (size_t I = 0; I < L.Body.size(); ++I) {
      const Node &N = L.Body[I];
      if (N.isLoop()) {
        Path.push_back(unsigned(I));
        Walk(N.loop());
        Path.pop_back();
        continue;
      }
      for (const Access &A : N.stmt().accesses(Skip)) {
        const Variable *V = F.lookup(A.Name);
        if (!V || (V->VarKind != Variable::LocalArray &&
                   V->VarKind != Variable::ArrayParam))
          continue;
        Paths[A.Name].push_back(Path);
        for (const IndexExpr &E : A.Subscripts)
          Subs[A.Name].push_back(E);
        if (A.IsWrite &&
            std::find(Written.begin(), Written.end(), A.Name) == Written.end())
          Written.push_back(A.Name);
      }
    }
  };
  const Loop &Root = F.Body[Nest].loop();
  Walk(Root);
  // The loops (preorder ids) that carry a dependence on each array: a band
  // none of whose loops carries one gains nothing from its own copies.
  std::vector<Diagnostic> Ignored;
  NestDependences ND = analyzeNest(F, Nest, Ignored);
  std::map<std::string, std::set<unsigned>> Carriers;
  for (const Dependence &D : ND.Deps)
    for (const DirectionVector &V : D.Directions)
      if (std::optional<size_t> First = V.firstNonEqual();
          First && *First < D.CommonLoops.size())
        Carriers[D.SourceAccess.Name].insert(D.CommonLoops[*First]);
  for (const std::string &Name : Written) {
    // The loops around every access: the root, then the common prefix.
    std::vector<unsigned> Common = Paths[Name].front();
    for (const std::vector<unsigned> &P : Paths[Name]) {
      size_t K = 0;
      while (K < Common.size() && K < P.size() && Common[K] == P[K])
        ++K;
      Common.resize(K);
    }
    std::vector<const Loop *> Loops = {&Root};
    for (unsigned I : Common)
      Loops.push_back(&Loops.back()->Body[I].loop());
    // The bands from the root whose loops no subscript uses (the storage
    // their iterations share), longest first: the longest legal one is the
    // candidate (it removes the most dependences; a shorter one is tried
    // only where the longer ones are refused).
    size_t Longest = 0;
    while (Longest < Loops.size() &&
           std::none_of(Subs[Name].begin(), Subs[Name].end(),
                        [&](const IndexExpr &E) {
                          return E.mentions(Loops[Longest]->Var);
                        }))
      ++Longest;
    for (size_t Band = Longest; Band >= 1; --Band) {
      // A band loop carries a dependence on it, or it is a local array
      // declared in a band loop (a fresh array per iteration, which a
      // work-item can hold only with a constant size).
      const Variable *V = F.lookup(Name);
      bool Carried = false;
      for (size_t K = 0; K < Band; ++K)
        Carried |= Carriers[Name].count(preorderIndex(Root, Loops[K])) > 0 ||
                   (V->VarKind == Variable::LocalArray &&
                    V->DeclaredIn == Loops[K]->Var);
      if (!Carried)
        continue;
      Base B{"", F, 0, {}, {}, 1};
      LoopLocation Where = locationOf(
          B.F, Nest,
          std::vector<unsigned>(Common.begin(), Common.begin() + Band - 1));
      ArrayExpansionPlan Plan;
      std::vector<Diagnostic> Why;
      if (!checkArrayExpansion(B.F, Where, Name, Plan, Why, unsigned(Band))) {
        for (const Diagnostic &D : Why)
          if (D.Level == Diagnostic::Error) {
            Refused.push_back("not expanded (" + at(File, Root) +
                              "): " + D.Message);
            break;
          }
        continue;
      }
      std::string Vars, Sels;
      bool Named = true;
      for (size_t K = 0; K < Band; ++K) {
        Vars += (K ? ", " : "") + Where.Path[K]->Var;
        std::string S = Sc.selector(B.F, *Where.Path[K]);
        Named &= !S.empty();
        Sels += (K ? "," : "") + S;
      }
      size_t Before = B.F.Body.size();
      std::string X = expandArray(B.F, Where, Name, Plan, unsigned(Band));
      B.Extra = unsigned(B.F.Body.size() - Before);
      B.Name = "with '" + Name + "' expanded along " + Vars;
      B.Band = unsigned(Band);
      B.Recipe.push_back(Named ? "--expand " + Name + ":" + Sels : "");
      B.Steps.push_back(
          "expand '" + Name + "' along loop" + (Band > 1 ? "s " : " ") + Vars +
          " (" + at(File, Root) + ") into '" + X +
          "': privatization (lecture 04, \"False Dependencies (WAR/WAW)\"), "
          "every read of '" +
          Name +
          "' is preceded by a write of the same element in the same "
          "iteration (proved by isl)" +
          (Plan.CopyOut ? "; it is live after the loop, and the last "
                          "iteration's values are copied out"
                        : ""));
      Out.push_back(std::move(B));
      break;
    }
  }
}

} // namespace

std::string looptile::autoSchedule(Function &F, MappingOptions &Opts,
                                   const std::string &File, bool &Rewrote,
                                   int ForceCandidate) {
  // The options the candidates are ranked under: the user's kernel options,
  // or, where the user gave none, the tiled kernels the stage may choose.
  MappingOptions Rank = Opts;
  bool ChooseKind = !Opts.Tile && !Opts.SingleWorkItem;
  if (ChooseKind) {
    Rank.Tile = 16;
    Rank.RegRows = Rank.RegCols = 8;
    Rank.Automatic = true;
    Rank.StageRows = Opts.StageRows = true;
    Rank.RowReductions = Opts.RowReductions = true;
  }
  std::string R =
      std::string("schedule: automatic (") +
      (ChooseKind ? "no transformation or kernel option was given"
                  : "--schedule=auto: the loops' distribution and order; the "
                    "kernel options are the user's") +
      "; --schedule=as-written maps the loops as written)\n";
  if (ForceCandidate >= 0)
    R += "  forced: each nest takes its candidate " +
         std::to_string(ForceCandidate) +
         " (0 the first listed) where it has one (--schedule=candidate:" +
         std::to_string(ForceCandidate) + ")\n";
  std::string CostModel =
      "  cost model: per kernel, its NDRange dimensions, the loops a "
      "work-item runs in sequence, the host loops it "
      "is launched from, whether it reuses data in local memory, and its "
      "global accesses that are strided along dimension 0; a schedule ranks "
      "by the fewest nests without a kernel, then the most dimensions in its "
      "weakest kernel, the fewest loops in sequence in its slowest kernel "
      "(host loops included), the fewest host loops "
      "launching kernels, the fewest "
      "kernels, the fewest strided accesses, the most kernels with reuse, "
      "the fewest row-staged kernels, the fewest loop moves\n";
  std::string Nests;
  std::vector<std::string> Recipe;
  bool AnyReuse = false, AnyRowStaged = false, AnyRows = false,
       AnyColumns = false;
  // From the last nest to the first: a nest's distribution inserts nests
  // after it and moves none of the ones still to do.
  for (size_t I = F.Body.size(); I-- > 0;) {
    if (!F.Body[I].isLoop())
      continue;
    // The candidates live in the nest's window (nest 0 there).
    const unsigned Nest = 0;
    std::string Where = at(File, F.Body[I].loop());
    Function W = window(F, unsigned(I));
    Scope Sc{File, [&F](const std::string &S) {
               LoopLocation Found;
               bool Ambiguous = false;
               return findLoop(F, S, Found, Ambiguous) || Ambiguous;
             }};
    std::vector<Candidate> Cands;
    std::vector<Base> Bases;
    Bases.push_back({"", W, 0, {}, {}, 0});
    std::vector<std::string> NotExpanded;
    auto AddCandidates = [&](const Base &Start) {
      auto Named = [&](const std::string &What) {
        return Start.Name.empty()
                   ? What
                   : Start.Name + (What == "undistributed"
                                       ? std::string()
                                       : " and " + What.substr(5));
      };
      Candidate C{Named("undistributed"),
                  Start.F,
                  Nest,
                  1 + Start.Extra,
                  Start.Steps,
                  Start.Recipe,
                  0,
                  {},
                  {},
                  Start.Moves};
      for (unsigned K = 0; K < C.Count; ++K)
        chooseOrder(C, Nest + K, Rank, Sc);
      ++Candidates;
      Cands.push_back(std::move(C));
      std::vector<std::vector<unsigned>> All;
      std::vector<unsigned> Empty;
      postOrder(Start.F.Body[Nest].loop(), Empty, All);
      std::vector<std::pair<std::string, std::vector<std::vector<unsigned>>>>
          Plans = {{"with its outermost loop distributed", {{}}}};
      if (All.size() > 1 && !Start.Band) {
        Plans.push_back({"with every loop distributed", All});
        // Every loop but the outermost: the outer loop's iterations keep
        // their whole body, whose inner loops split into parallel loops and
        // reductions (a row-wise softmax: one work-group per row, its max,
        // its exponentials, their sum and the division in turn).
        std::vector<std::vector<unsigned>> Inner(All.begin(), All.end() - 1);
        Plans.push_back({"with its inner loops distributed", Inner});
      }
      // Between the two: the loops of the outer D levels (D >= 2), so that
      // a reduction's initialisation stays with it in one kernel; after an
      // expansion, up to the band's depth.
      size_t MaxDepth = 0;
      for (const std::vector<unsigned> &P : All)
        MaxDepth = std::max(MaxDepth, P.size() + 1);
      if (Start.Band)
        MaxDepth = std::min<size_t>(MaxDepth, Start.Band + 1);
      for (size_t D = 2; D < MaxDepth; ++D) {
        std::vector<std::vector<unsigned>> Outer;
        for (const std::vector<unsigned> &P : All)
          if (P.size() < D)
            Outer.push_back(P);
        Plans.push_back({"with the loops of its outer " + std::to_string(D) +
                             " levels distributed",
                         Outer});
      }

      for (auto &[Name, Paths] : Plans) {
        Candidate C{Named(Name),  Start.F, Nest, 1,  Start.Steps,
                    Start.Recipe, 0,       {},   {}, Start.Moves};
        C.Count = distribute(C, Nest, Paths, Sc) + Start.Extra;
        if (!C.Distributed)
          continue;
        bool Same = false;
        for (const Candidate &O : Cands)
          Same |= O.Steps.size() >= Start.Steps.size() &&
                  std::equal(Start.Steps.begin(), Start.Steps.end(),
                             O.Steps.begin()) &&
                  O.Distributions == C.Distributions;
        if (Same)
          continue;
        for (unsigned K = 0; K < C.Count; ++K)
          chooseOrder(C, Nest + K, Rank, Sc);
        ++Candidates;
        Cands.push_back(std::move(C));
      }
    };
    AddCandidates(Bases.front());
    // Expansion is tried where the loops' own schedules leave every
    // candidate with a nest without a kernel or launched from host loops,
    // and in one of them a dependence keeps a loop sequential or a local
    // array of variable size is declared in a loop: there, storage shared
    // by the iterations of outer loops, or storage a work-item cannot hold,
    // may be the cause. Elsewhere the outer loops already run as
    // work-items.
    bool Sequential =
        std::all_of(Cands.begin(), Cands.end(),
                    [](const Candidate &C) {
                      return C.unmappable() || C.hostLoops();
                    }) &&
        std::any_of(Cands.begin(), Cands.end(), [](const Candidate &C) {
          return std::any_of(
              C.Kernels.begin(), C.Kernels.end(), [](const KernelPreview &P) {
                return P.Mappable
                           ? P.HostLoops > 0
                           : P.Why.find("sequential:") != std::string::npos ||
                                 P.Why.find("is declared inside loop") !=
                                     std::string::npos;
              });
        });
    if (Sequential) {
      expansionBases(W, Nest, Sc, Bases, NotExpanded);
      for (size_t B = 1; B < Bases.size(); ++B)
        AddCandidates(Bases[B]);
    }
    size_t Best = 0;
    for (size_t C = 1; C < Cands.size(); ++C)
      if (Cands[C].key() > Cands[Best].key())
        Best = C;
    // Where the loops' own orders leave no parallel work (a nest without a
    // kernel, or a kernel of one work-item) or kernels launched from
    // nested host loops (O(n^2) launches): isl's scheduler over the exact
    // dependences (Analysis/AffineSchedule.h), one more candidate ranked
    // by the same cost model.
    std::string NotScheduled, NotSplit;
    {
      if (Cands[Best].wantsSchedule()) {
        AffineScheduleResult S = scheduleNest(W, Nest);
        // A nest whose statements write a scalar is out of the scheduler's
        // reach; where each such scalar only carries a value into the
        // array element it is built for (Transforms/Forward.h), the nest
        // with the element in its place is tried.
        Function Forwarded = W;
        std::vector<std::string> Forwards, NotForwarded;
        if (!S.Applied) {
          Forwards = forwardScalars(Forwarded, Nest, &NotForwarded);
          if (!Forwards.empty()) {
            AffineScheduleResult F2 = scheduleNest(Forwarded, Nest);
            if (F2.Applied)
              S = std::move(F2);
            else
              Forwards.clear();
          }
        }
        // A nest without statements (its only declaration unused) has an
        // empty schedule: nothing to put in its place.
        auto Usable = [](AffineScheduleResult &S) {
          bool Nests = S.Applied && !S.Nests.empty() &&
                       std::all_of(S.Nests.begin(), S.Nests.end(),
                                   [](const Node &N) { return N.isLoop(); });
          if (S.Applied && S.Nests.empty())
            S.Description = "the nest has no statement to schedule";
          else if (S.Applied && !Nests)
            S.Description = "isl's code has statements outside loops";
          return Nests;
        };
        bool Nests = Usable(S);
        auto Offer = [&](const AffineScheduleResult &S, const char *Name,
                         const std::string &How) {
          Base Scheduled{Name, Forwards.empty() ? W : Forwarded,
                         unsigned(S.Nests.size() - 1), {}, {""}, 1, 0};
          Scheduled.F.Body.erase(Scheduled.F.Body.begin() + Nest);
          Scheduled.F.Body.insert(Scheduled.F.Body.begin() + Nest,
                                  S.Nests.begin(), S.Nests.end());
          for (const std::string &Fw : Forwards)
            Scheduled.Steps.push_back(
                "scalar forwarded into its element (" + Where + "): " + Fw +
                ": the scalar is private in the loop (lecture 04: every "
                "read covered by a same-iteration write, so it can be "
                "renamed), and isl proves no other access touches the "
                "element between its load and its store");
          Scheduled.Steps.push_back(
              "affine schedule (" + Where + "): " + How +
              "isl's scheduler over the exact dependences (flow, anti "
              "and output, every pair of instances touching one element), "
              "each checked kept in the new order (lecture 04: a "
              "transformation that preserves every dependence is legal): " +
              S.Description);
          Bases.push_back(std::move(Scheduled));
          size_t First = Cands.size();
          AddCandidates(Bases.back());
          for (size_t C = First; C < Cands.size(); ++C)
            if (Cands[C].key() > Cands[Best].key())
              Best = C;
        };
        if (Nests)
          Offer(S, "with an affine schedule (isl)", "");
        // Where that leaves the best candidate without parallel work or
        // launched from nested host loops (floyd-warshall: a wavefront of
        // n(2n - 1) launches), the nest split into index sets first
        // (AffineSchedule.h, SplitIndexSets), one more candidate.
        if (Cands[Best].wantsSchedule()) {
          AffineScheduleResult Split = scheduleNest(
              Forwards.empty() ? W : Forwarded, Nest, nullptr, true);
          if (Usable(Split))
            Offer(Split, "with an affine schedule of split index sets (isl)",
                  "the statements split where a read meets the element its "
                  "statement writes (index-set splitting: by the sign of "
                  "the subscripts' difference, the pieces partitioning the "
                  "instances), then ");
          else if (Nests || Split.Description != S.Description)
            NotSplit = "no affine schedule of split index sets (" + Where +
                       "): " + Split.Description;
        }
        if (!Nests) {
          NotScheduled = "no affine schedule (" + Where +
                         "): " + S.Description;
          for (const std::string &Why : NotForwarded)
            NotScheduled += "; " + Why;
        }
      }
    }
    bool Forced = ForceCandidate >= 0 &&
                  size_t(ForceCandidate) < Cands.size() &&
                  size_t(ForceCandidate) != Best;
    if (Forced)
      Best = size_t(ForceCandidate);
    Candidate &B = Cands[Best];
    std::string N = "  nest at " + Where + ": ";
    if (Cands.size() == 1 && B.Steps.empty())
      N += "kept as written: " + describe(B.Kernels.front()) +
           " (no distribution applies, and no legal order of its loops "
           "ranks higher)\n";
    else {
      N += B.Steps.empty() ? "kept as written\n" : "chosen " + B.Name + "\n";
      for (const Candidate &C : Cands) {
        N += "    candidate " + C.Name + ": ";
        for (size_t K = 0; K < C.Kernels.size(); ++K)
          N += (K ? "; " : "") + describe(C.Kernels[K]);
        N += "\n";
      }
      if (Forced) {
        N += "    because: forced (--schedule=candidate:" +
             std::to_string(ForceCandidate) + ")\n";
      } else if (Cands.size() > 1) {
        const Candidate *Next = nullptr;
        for (const Candidate &C : Cands)
          if (&C != &B && (!Next || C.key() > Next->key()))
            Next = &C;
        N += "    because: " + whyBetter(B, *Next) + "\n";
      }
      for (const std::string &S : B.Steps)
        N += "    step: " + S + "\n";
    }
    for (const std::string &Why : B.Refused)
      N += "    " + Why + "\n";
    if (!NotScheduled.empty())
      N += "    " + NotScheduled + "\n";
    // Why the split candidate is missing, where the chosen plan still
    // leaves nested host loops or no parallel work (wantsSchedule).
    if (!NotSplit.empty() && B.wantsSchedule())
      N += "    " + NotSplit + "\n";
    // Why a chosen kernel stays naive, where the planner gave a reason.
    std::set<std::string> Notes;
    for (const KernelPreview &P : B.Kernels)
      if (P.Mappable && !P.Note.empty() && Notes.insert(P.Note).second)
        N += "    naive kernel: " + P.Note + "\n";
    // Where loops stay sequential, the expansions the privatization test
    // refused, with its reason.
    if (B.hostLoops() || B.unmappable())
      for (const std::string &Why : NotExpanded)
        N += "    " + Why + "\n";
    Nests = N + Nests;
    for (const KernelPreview &P : B.Kernels) {
      AnyReuse |= P.Mappable && P.Reuse;
      AnyRowStaged |= P.Mappable && P.Kind == "row-staged";
      AnyRows |= P.Mappable && P.Kind == "row reduction";
      AnyColumns |= P.Mappable && P.Kind == "column reduction";
    }
    Recipe.insert(Recipe.end(), B.Recipe.begin(), B.Recipe.end());
    // The chosen nests back in place of the nest; the window's tail was a
    // copy of what follows.
    F.Params = std::move(B.F.Params);
    F.Locals = mergedLocals(F, std::move(B.F.Locals));
    F.Body.erase(F.Body.begin() + I);
    F.Body.insert(F.Body.begin() + I,
                  std::make_move_iterator(B.F.Body.begin()),
                  std::make_move_iterator(B.F.Body.begin() + B.Count));
  }
  Rewrote = !Recipe.empty();
  R += CostModel + Nests;
  if (ChooseKind && AnyRows) {
    // The kind is the stage's choice: generate with these options.
    Rewrote = true;
    R += "  kernels: a work-group per row where a row's reduction reads "
         "along the row (one work-item per row would read strided along "
         "dimension 0; the row's work-items read consecutive elements and "
         "combine them in a tree in local memory; no option asks for it: "
         "with transformation options the row loop gets one work-item per "
         "row)\n";
  }
  if (ChooseKind && AnyColumns) {
    // The kind is the stage's choice: generate with these options.
    Rewrote = true;
    R += "  kernels: by columns where a reduction reads along its parallel "
         "loop (a column sum: each work-group takes 32 consecutive columns, "
         "coalesced, and 8 work-items share out each column's rows, "
         "combining their shares in a tree in local memory; one work-item "
         "per column leaves the device idle where the columns are few; no "
         "option asks for it: with transformation options each column gets "
         "one work-item)\n";
  }
  if (ChooseKind && AnyRowStaged) {
    // The kind is the stage's choice: generate with these options.
    Rewrote = true;
    R += "  kernels: row-staged where a work-item walks a row stored along "
         "it (one work-item per row would read and write strided along "
         "dimension 0; chunks of the rows go through local memory with "
         "coalesced copies, lecture 04's fused program)\n";
  }
  if (ChooseKind && AnyReuse) {
    Opts.Tile = Rank.Tile;
    Opts.RegRows = Rank.RegRows;
    Opts.RegCols = Rank.RegCols;
    Opts.Automatic = true;
    Rewrote = true;
    R += "  kernels: register-tiled in local-memory tiles where a reduction "
         "loop reads data invariant to a parallel loop (a contraction: the "
         "tile of work-items reuses each element it stages; --tile 16 "
         "--register-tile 8; a batch is NDRange dimension 2, a triangular "
         "band is tiled over its bounding box), a transposition through a "
         "local-memory tile, "
         "naive elsewhere\n";
  }
  // The same schedule as options: what a user passes to start from it and
  // change one step (each step is legality-checked again then).
  std::string Options;
  bool Complete = true;
  for (const std::string &S : Recipe) {
    Complete &= !S.empty();
    Options += " " + S;
  }
  if (Opts.Automatic || (!Options.empty() && Opts.Tile))
    Options += " --tile " + std::to_string(Opts.Tile);
  if (Opts.StageRows && AnyRowStaged)
    Options += " --stage-rows";
  if (Opts.RegRows && (Opts.Automatic || !Options.empty()))
    Options +=
        " --register-tile " + std::to_string(Opts.RegRows) +
        (Opts.RegCols == Opts.RegRows ? ""
                                      : "x" + std::to_string(Opts.RegCols));
  if (!Complete)
    R += "  as options: none (a loop has no selector of its own)\n";
  else if (!Options.empty())
    R += "  as options:" + Options + "\n";
  return R;
}
