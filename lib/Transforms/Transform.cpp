//===- Transform.cpp - legality-checked loop transformations --------------===//
//
// Parses transformation requests and applies them: locate the loops, check
// the structural preconditions (perfect nesting, computable bounds), check
// legality (Transforms/Legality.h), then run the mechanism.
//
//===----------------------------------------------------------------------===//
#include "looptile/Transforms/Transform.h"

#include "looptile/Support/NameTable.h"

#include "looptile/Transforms/Distribute.h"
#include "looptile/Transforms/Expand.h"
#include "looptile/Transforms/Legality.h"
#include "looptile/Transforms/LoopUtils.h"
#include "looptile/Transforms/Permute.h"
#include "looptile/Transforms/StripMine.h"
#include "looptile/Transforms/TileBounds.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

using namespace looptile;

static std::string joinNames(const std::vector<std::string> &Names) {
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I ? "," : "") + Names[I];
  return Out;
}

std::string TransformStep::spelling() const {
  std::string Sizes_;
  for (size_t I = 0; I < Sizes.size(); ++I)
    Sizes_ += (I ? "," : "") + Sizes[I].first + "=" +
              std::to_string(Sizes[I].second);
  switch (K) {
  case StripMine:
    return "--strip-mine " + Sizes_;
  case Interchange:
    return "--interchange " + joinNames(Loops);
  case Order:
    return "--order " + joinNames(Loops);
  case Tile:
    return "--tile " + (UniformSize ? std::to_string(UniformSize) : Sizes_);
  case Distribute:
    return "--distribute" + (Target.empty() ? std::string() : " " + Target);
  case Expand:
    return "--expand " + Target + (Loops.empty() ? "" : ":" + joinNames(Loops));
  }
  return "?";
}

namespace {

bool locate(Function &F, const std::string &Var, LoopLocation &Out,
            const TransformStep &Step, std::vector<Diagnostic> &Diags,
            int OnlyNest = -1) {
  bool Ambiguous = false;
  std::vector<std::string> Lines;
  if (!findLoop(F, Var, Out, Ambiguous, OnlyNest, &Lines)) {
    Diags.push_back({Diagnostic::Error, F.Loc,
                     Step.spelling() + ": function '" + F.Name +
                         "' has no loop '" + Var + "'"});
    return false;
  }
  if (Ambiguous) {
    std::string Where;
    bool Copies = false;
    for (const std::string &L : Lines) {
      Where += (Where.empty() ? "" : ", ") + L;
      Copies |= L.find('.') != std::string::npos;
    }
    std::string V = selectorVar(Var);
    // Copies made by distribution share a line: LINE.COPY tells them apart.
    Diags.push_back({Diagnostic::Error, Out.loop().Loc,
                     Step.spelling() + ": function '" + F.Name +
                         "' has several loops named '" + V + "' (lines " +
                         Where + "); select one as " + V +
                         (Copies ? ":LINE.COPY" : ":LINE")});
    return false;
  }
  return true;
}

bool structuralError(SourceLoc At, const std::string &Msg,
                     std::vector<Diagnostic> &Diags) {
  Diags.push_back({Diagnostic::Error, At, Msg});
  return false;
}

// Locates Vars as one perfectly nested band, outermost first in Band; fills
// BandVars with the band's variables in their current order.
bool locateBand(Function &F, const std::vector<std::string> &Vars,
                const TransformStep &Step, LoopLocation &Top,
                std::vector<Loop *> &Band, std::vector<std::string> &BandVars,
                std::vector<Diagnostic> &Diags) {
  std::vector<LoopLocation> Locs(Vars.size());
  for (size_t I = 0; I < Vars.size(); ++I)
    if (!locate(F, Vars[I], Locs[I], Step, Diags))
      return false;
  size_t TopIdx = 0;
  for (size_t I = 1; I < Vars.size(); ++I)
    if (Locs[I].Path.size() < Locs[TopIdx].Path.size())
      TopIdx = I;
  Top = Locs[TopIdx];
  Band = perfectBand(Top.loop(), unsigned(Vars.size()));
  std::set<std::string> Want;
  for (const std::string &V : Vars)
    Want.insert(selectorVar(V));
  BandVars.clear();
  for (Loop *L : Band)
    BandVars.push_back(L->Var);
  if (Band.empty() || std::set<std::string>(BandVars.begin(), BandVars.end()) != Want)
    return structuralError(
        Top.loop().Loc,
        Step.spelling() + ": loops " + joinNames(Vars) +
            " are not a perfectly nested band (each loop's body must be "
            "exactly the next loop)",
        Diags);
  return true;
}

bool applyPermutationStep(Function &F, const TransformStep &Step,
                          std::vector<Diagnostic> &Diags) {
  LoopLocation Top;
  std::vector<Loop *> Band;
  std::vector<std::string> BandVars;
  if (!locateBand(F, Step.Loops, Step, Top, Band, BandVars, Diags))
    return false;
  std::vector<unsigned> Order;
  std::string What;
  if (Step.K == TransformStep::Interchange) {
    // Swap the outermost and the innermost loop of the band.
    for (unsigned I = 0; I < Band.size(); ++I)
      Order.push_back(I);
    std::swap(Order.front(), Order.back());
    What = "interchange loops '" + BandVars.front() + "' and '" +
           BandVars.back() + "'";
  } else {
    for (const std::string &V : Step.Loops)
      Order.push_back(unsigned(
          std::find(BandVars.begin(), BandVars.end(), selectorVar(V)) -
          BandVars.begin()));
    What = "reorder loops " + joinNames(BandVars) + " as " +
           joinNames(Step.Loops);
  }
  std::vector<Loop> Headers;
  if (std::optional<std::string> Why = permutedHeaders(Band, Order, Headers))
    return structuralError(Top.loop().Loc, "cannot " + What + ": " + *Why,
                           Diags);
  if (!checkPermutationLegal(
          F, Top.NestIndex, std::vector<const Loop *>(Band.begin(), Band.end()),
          Order, What, Top.loop().Loc, Diags))
    return false;
  applyPermutation(Band, Headers);
  return true;
}

bool applyStripMineStep(Function &F, const TransformStep &Step,
                        std::vector<Diagnostic> &Diags) {
  // Check every loop first so that a refusal leaves F unchanged.
  for (auto &[Var, Size] : Step.Sizes) {
    LoopLocation Loc;
    if (!locate(F, Var, Loc, Step, Diags))
      return false;
    if (std::optional<std::string> Why = whyCannotStripMine(Loc.loop(), Size))
      return structuralError(Loc.loop().Loc, "cannot strip-mine: " + *Why,
                             Diags);
  }
  // Strip-mining is always legal (lecture 04): the new loops run the same
  // iterations in the same order.
  for (auto &[Spec, Size] : Step.Sizes) {
    LoopLocation Loc;
    bool Ambiguous = false;
    findLoop(F, Spec, Loc, Ambiguous);
    // The tile loop is named after the loop's variable (`ii` for `i`),
    // never after the selector that picked it (`i:6`).
    const std::string &Var = Loc.loop().Var;
    stripMine(Loc, Size, freshName(F, Var + Var));
  }
  return true;
}

// One loop of a tiling request, remembered by a selector that stays valid
// while the nest is rewritten (strip-mining keeps a loop's variable and line).
struct TileTarget {
  std::string Spec; ///< `var:line`
  std::string Var;
  int64_t Size = 0;
};

bool tileNest(Function &F, const TransformStep &Step,
              const std::vector<std::pair<std::string, int64_t>> &Request,
              int OnlyNest, std::vector<Diagnostic> &Diags) {
  // The band: the requested loops that form a perfect band from the
  // outermost requested loop down; requested loops deeper inside are
  // strip-mined in place.
  std::vector<LoopLocation> Locs(Request.size());
  for (size_t I = 0; I < Request.size(); ++I)
    if (!locate(F, Request[I].first, Locs[I], Step, Diags, OnlyNest))
      return false;
  size_t TopIdx = 0;
  for (size_t I = 1; I < Locs.size(); ++I)
    if (Locs[I].Path.size() < Locs[TopIdx].Path.size())
      TopIdx = I;
  LoopLocation Top = Locs[TopIdx];
  int Nest = int(Top.NestIndex);
  auto SizeOf = [&](const Loop *L) -> int64_t {
    for (size_t I = 0; I < Locs.size(); ++I)
      if (&Locs[I].loop() == L)
        return Request[I].second;
    return 0;
  };
  auto Target = [](const Loop &L, int64_t Size) {
    return TileTarget{L.Var + ":" + std::to_string(L.Loc.Line), L.Var, Size};
  };
  std::vector<TileTarget> Band, Inner;
  std::vector<const Loop *> BandLoops;
  for (Loop *Cur = &Top.loop(); Cur && SizeOf(Cur);
       Cur = singleInnerLoop(*Cur)) {
    Band.push_back(Target(*Cur, SizeOf(Cur)));
    BandLoops.push_back(Cur);
  }
  std::vector<std::string> BandVars;
  for (const TileTarget &T : Band)
    BandVars.push_back(T.Var);
  for (size_t I = 0; I < Locs.size(); ++I) {
    const Loop *L = &Locs[I].loop();
    if (std::find(BandLoops.begin(), BandLoops.end(), L) != BandLoops.end())
      continue;
    // Must be nested inside the band's innermost loop.
    bool Inside = int(Locs[I].NestIndex) == Nest &&
                  std::find(Locs[I].Path.begin(), Locs[I].Path.end(),
                            BandLoops.back()) != Locs[I].Path.end();
    if (!Inside)
      return structuralError(L->Loc,
                             Step.spelling() + ": loop '" + L->Var +
                                 "' is neither part of the perfectly nested "
                                 "band " +
                                 joinNames(BandVars) + " nor nested inside it",
                             Diags);
    Inner.push_back(Target(*L, Request[I].second));
  }
  // A band with dependent bounds gets its own headers (TileBounds.h), which
  // take any bounds; the other loops are strip-mined.
  std::vector<Loop *> BandPtrs = perfectBand(Top.loop(), unsigned(Band.size()));
  bool Dependent = Band.size() > 1 && hasDependentBounds(BandPtrs);
  for (size_t I = 0; I < Locs.size(); ++I) {
    bool InBand = std::find(BandLoops.begin(), BandLoops.end(),
                            &Locs[I].loop()) != BandLoops.end();
    if (Dependent && InBand)
      continue;
    if (std::optional<std::string> Why =
            whyCannotStripMine(Locs[I].loop(), Request[I].second))
      return structuralError(Locs[I].loop().Loc, "cannot tile: " + *Why,
                             Diags);
  }
  std::string What = "tile loops " + joinNames(BandVars);
  SourceLoc TopLoc = Top.loop().Loc;
  if (Band.size() > 1 &&
      !checkBandPermutable(F, Top.NestIndex, BandLoops, What, TopLoc, Diags))
    return false;

  auto Refind = [&](const std::string &Spec) {
    LoopLocation L;
    bool Amb = false;
    findLoop(F, Spec, L, Amb, Nest);
    return L;
  };
  // A band whose bounds depend on each other (triangular): the tile and
  // point loops get new bounds (TileBounds.h); the band being fully
  // permutable, tiling it is legal whatever the iteration space's shape.
  if (Dependent) {
    std::vector<int64_t> Sizes;
    std::vector<std::string> TileVars;
    NameTable Names(F, NameTarget::C);
    for (const TileTarget &T : Band) {
      Sizes.push_back(T.Size);
      TileVars.push_back(Names.fresh(T.Var + T.Var));
    }
    std::vector<Loop> Headers;
    if (std::optional<std::string> Why =
            tiledHeaders(BandPtrs, Sizes, TileVars, Headers))
      return structuralError(TopLoc, "cannot " + What + ": " + *Why, Diags);
    std::vector<Node> Body = std::move(BandPtrs.back()->Body);
    for (size_t K = Headers.size(); K-- > 0;) {
      Headers[K].Body = std::move(Body);
      Body.clear();
      Body.push_back(Node{std::move(Headers[K])});
    }
    Top.loop() = std::move(Body.front().loop());
    for (const TileTarget &T : Inner)
      stripMine(Refind(T.Spec), T.Size, freshName(F, T.Var + T.Var));
    return true;
  }

  // Mechanism: strip-mine every loop, then move the tile loops of the band
  // outward (ii, jj, i, j), the lecture's block tiling.
  std::vector<std::string> TileVars;
  for (const TileTarget &T : Band) {
    std::string TV = freshName(F, T.Var + T.Var);
    stripMine(Refind(T.Spec), T.Size, TV);
    TileVars.push_back(TV);
  }
  for (const TileTarget &T : Inner)
    stripMine(Refind(T.Spec), T.Size, freshName(F, T.Var + T.Var));
  if (Band.size() > 1) {
    std::vector<Loop *> Perfect =
        perfectBand(Refind(TileVars.front()).loop(), unsigned(2 * Band.size()));
    std::vector<unsigned> Order;
    for (unsigned I = 0; I < Band.size(); ++I)
      Order.push_back(2 * I);
    for (unsigned I = 0; I < Band.size(); ++I)
      Order.push_back(2 * I + 1);
    std::vector<Loop> Headers;
    std::optional<std::string> Why =
        Perfect.empty() ? std::optional<std::string>("the strip-mined band is "
                                                     "not perfectly nested")
                        : permutedHeaders(Perfect, Order, Headers);
    if (Why)
      return structuralError(TopLoc, "cannot " + What + ": " + *Why, Diags);
    applyPermutation(Perfect, Headers);
  }
  return true;
}

bool applyTileStep(Function &F, const TransformStep &Step,
                   std::vector<Diagnostic> &Diags) {
  if (!Step.UniformSize)
    return tileNest(F, Step, Step.Sizes, -1, Diags);
  // `--tile T`: the outermost band of every nest, each nest on its own (so
  // nests may reuse loop names).
  bool Any = false;
  for (unsigned I = 0; I < F.Body.size(); ++I) {
    if (!F.Body[I].isLoop())
      continue;
    std::vector<std::pair<std::string, int64_t>> R;
    for (Loop *Cur = &F.Body[I].loop(); Cur && Cur->Step == 1;
         Cur = singleInnerLoop(*Cur))
      R.push_back({Cur->Var + ":" + std::to_string(Cur->Loc.Line),
                   Step.UniformSize});
    if (R.empty())
      continue;
    Any = true;
    if (!tileNest(F, Step, R, int(I), Diags))
      return false;
  }
  if (!Any)
    return structuralError(F.Loc, Step.spelling() + ": function '" + F.Name +
                                      "' has no loop with step 1 to tile",
                           Diags);
  return true;
}

} // namespace

static bool applyStepImpl(Function &F, const TransformStep &Step,
                          std::vector<Diagnostic> &Diags) {
  switch (Step.K) {
  case TransformStep::StripMine:
    return applyStripMineStep(F, Step, Diags);
  case TransformStep::Interchange:
  case TransformStep::Order:
    return applyPermutationStep(F, Step, Diags);
  case TransformStep::Tile:
    return applyTileStep(F, Step, Diags);
  case TransformStep::Distribute:
    return applyDistributeStep(F, Step.Target, Diags);
  case TransformStep::Expand:
    return applyExpandStep(F, Step.Target, Step.Loops, Diags);
  }
  return false;
}

bool looptile::applyStep(Function &F, const TransformStep &Step,
                         std::vector<Diagnostic> &Diags) {
  // A refused step leaves the function exactly as it was.
  Function Saved = F;
  if (applyStepImpl(F, Step, Diags))
    return true;
  F = std::move(Saved);
  return false;
}
