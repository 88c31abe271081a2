//===- KernelPlan.cpp - how a nest becomes an OpenCL kernel ---------------===//
//
// Decides how a nest maps to OpenCL:
//  * The outermost perfectly nested band of parallel loops (parallel-loop
//    theorem, via the analysis' verdicts), at most three loops with unit
//    step whose bounds do not depend on each other, becomes the NDRange.
//  * Dimension 0 goes to the mapped loop in which the most accesses are
//    stride-1 (consecutive work-items of a warp then touch consecutive
//    addresses: coalescing, lecture 04); ties go to the innermost loop.
//  * --tile: a reduction loop directly in the band's body whose read-only
//    accesses depend on it and on one mapped loop gets those accesses staged
//    in local memory (lecture 04 exercise 4); a single-statement copy whose
//    read and write are stride-1 in different mapped loops is a
//    transposition, staged through one padded tile (exercise 1).
//  * Before staging, an array element that the reduction loop updates at a
//    subscript invariant to it (matmul's C[i][j] +=) is promoted to a
//    private register for the loop's duration (scalar replacement).
//
//===----------------------------------------------------------------------===//
#include "KernelPlan.h"

#include "OpenCLExpr.h"
#include "looptile/Analysis/Dependence.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace looptile;

bool looptile::isStrideOne(const Function &F, const std::string &Array,
                           const std::vector<IndexExpr> &Subscripts,
                           const std::string &Var) {
  IndexExpr Flat = flatIndex(F, Array, Subscripts);
  int64_t C = Flat.coeffOf(Var);
  if (C != 1 && C != -1)
    return false;
  for (const Term &T : Flat.terms())
    if (T.Symbols.size() > 1 &&
        std::find(T.Symbols.begin(), T.Symbols.end(), Var) != T.Symbols.end())
      return false;
  return true;
}

namespace {

void visitExprs(const std::vector<Node> &Body,
                const std::function<void(const Expr &, bool IsWrite)> &Fn) {
  std::function<void(const Expr &)> Walk = [&](const Expr &E) {
    Fn(E, false);
    for (const Expr &Op : E.Operands)
      Walk(Op);
  };
  for (const Node &N : Body) {
    if (N.isLoop()) {
      visitExprs(N.loop().Body, Fn);
      continue;
    }
    const Stmt &S = N.stmt();
    for (const Expr &C : S.When.Data)
      Walk(C);
    Walk(S.RHS);
    if (S.Op != AssignOp::Assign)
      Fn(S.LHS, false);
    Fn(S.LHS, true);
  }
}

// True when some statement of Body has a guard or a conditional expression.
bool hasConditionalCode(const std::vector<Node> &Body) {
  std::function<bool(const Expr &)> HasSelect = [&](const Expr &E) {
    if (E.K == Expr::Select)
      return true;
    return std::any_of(E.Operands.begin(), E.Operands.end(), HasSelect);
  };
  for (const Node &N : Body) {
    if (N.isLoop()) {
      if (hasConditionalCode(N.loop().Body))
        return true;
      continue;
    }
    if (!N.stmt().When.empty() || HasSelect(N.stmt().RHS))
      return true;
  }
  return false;
}

bool writesArray(const std::vector<Node> &Body, const std::string &Name) {
  bool W = false;
  visitExprs(Body, [&](const Expr &E, bool IsWrite) {
    W |= IsWrite && E.Name == Name;
  });
  return W;
}

// Every symbol of the access's subscripts that is a loop variable.
std::set<std::string> loopVarsOf(const std::vector<IndexExpr> &Subs,
                                 const std::set<std::string> &LoopVars) {
  std::set<std::string> Out;
  for (const IndexExpr &S : Subs)
    for (const std::string &Sym : S.symbols())
      if (LoopVars.count(Sym))
        Out.insert(Sym);
  return Out;
}

void collectLoopVars(const std::vector<Node> &Body, std::set<std::string> &Out) {
  for (const Node &N : Body)
    if (N.isLoop()) {
      Out.insert(N.loop().Var);
      collectLoopVars(N.loop().Body, Out);
    }
}

bool boundsMention(const Loop &L, const std::string &Var) {
  for (const IndexExpr &E : L.Lower)
    if (E.mentions(Var))
      return true;
  for (const IndexExpr &E : L.Upper)
    if (E.mentions(Var))
      return true;
  return false;
}

// The bounding box of L's range over the band loops outside it (Band, with
// their boxes): each bound that mentions a band loop takes that loop's box
// end that makes it smallest (lower bounds) or largest (upper bounds),
// innermost band loop first, so a chain (k <= j <= i) resolves too. A
// lower bound of the box is then at most L's lower bound for every value of
// the outer loops, an upper one at least its upper bound: the box holds the
// whole range. False when a bound is not linear in a band loop whose box
// has one lower and one upper bound (no box is computed then).
bool boxBounds(
    const Loop &L, const std::vector<const Loop *> &Band,
    const std::vector<std::pair<std::vector<IndexExpr>, std::vector<IndexExpr>>>
        &Boxes,
    std::vector<IndexExpr> &BoxLower, std::vector<IndexExpr> &BoxUpper) {
  auto Widen = [&](IndexExpr E, bool Upper) -> std::optional<IndexExpr> {
    for (size_t B = Band.size(); B-- > 0;) {
      const std::string &V = Band[B]->Var;
      if (!E.mentions(V))
        continue;
      for (const Term &T : E.terms())
        if (T.Symbols.size() > 1 &&
            std::find(T.Symbols.begin(), T.Symbols.end(), V) != T.Symbols.end())
          return std::nullopt;
      const auto &[Lo, Hi] = Boxes[B];
      if (Lo.size() != 1 || Hi.size() != 1)
        return std::nullopt;
      bool TakeUpper = (E.coeffOf(V) > 0) == Upper;
      E = E.substitute(V, TakeUpper ? Hi.front() : Lo.front());
    }
    return E;
  };
  BoxLower.clear();
  BoxUpper.clear();
  for (const IndexExpr &E : L.Lower) {
    std::optional<IndexExpr> W = Widen(E, false);
    if (!W)
      return false;
    BoxLower.push_back(*W);
  }
  for (const IndexExpr &E : L.Upper) {
    std::optional<IndexExpr> W = Widen(E, true);
    if (!W)
      return false;
    BoxUpper.push_back(*W);
  }
  return true;
}

// Preorder index of each loop of the nest, matching the analysis' LoopInfo.
void numberLoops(const Loop &L, std::map<const Loop *, unsigned> &Out) {
  unsigned Id = unsigned(Out.size());
  Out[&L] = Id;
  for (const Node &N : L.Body)
    if (N.isLoop())
      numberLoops(N.loop(), Out);
}

// Scalar replacement around the reduction loop Body[Index]: an array element
// accessed in the loop only through one subscript that does not mention the
// loop variable is kept in a private register for the loop's duration.
void promoteInvariantElements(const Function &F, KernelPlan &Plan,
                              size_t Index) {
  Loop &K = Plan.Body[Index].loop();
  std::map<std::string, std::vector<IndexExpr>> Subs;
  std::set<std::string> Mixed;
  visitExprs(K.Body, [&](const Expr &E, bool) {
    if (E.K != Expr::ArrayRef)
      return;
    auto It = Subs.find(E.Name);
    if (It == Subs.end())
      Subs[E.Name] = E.Subscripts;
    else if (It->second != E.Subscripts)
      Mixed.insert(E.Name);
  });
  std::vector<Node> Before, After;
  for (auto &[Name, S] : Subs) {
    if (Mixed.count(Name) || !writesArray(K.Body, Name))
      continue;
    bool Invariant = std::none_of(S.begin(), S.end(), [&](const IndexExpr &E) {
      return E.mentions(K.Var);
    });
    const Variable *V = F.lookup(Name);
    if (!Invariant || !V || V->VarKind == Variable::LocalArray)
      continue;
    std::string Reg = Plan.Names.fresh(Name + "_reg");
    Expr Elem = Expr::arrayRef(Name, V->Type, S);
    Expr RegRef = Expr::scalarRef(Reg, V->Type);
    Stmt Load;
    Load.LHS = RegRef;
    Load.RHS = Elem;
    Stmt Store;
    Store.LHS = Elem;
    Store.RHS = RegRef;
    Before.push_back(Node{Load});
    After.push_back(Node{Store});
    Plan.Promoted.push_back({Reg, V->Type});
    std::function<void(Expr &)> Rewrite = [&](Expr &E) {
      if (E.K == Expr::ArrayRef && E.Name == Name) {
        E = RegRef;
        return;
      }
      for (Expr &Op : E.Operands)
        Rewrite(Op);
    };
    for (Node &N : K.Body) {
      Rewrite(N.stmt().LHS);
      Rewrite(N.stmt().RHS);
    }
    Plan.Remarks.push_back("'" + Elem.str() + "' is kept in register '" + Reg +
                           "' during loop '" + K.Var + "'");
  }
  if (Before.empty())
    return;
  Plan.Body.insert(Plan.Body.begin() + Index + 1, After.begin(), After.end());
  Plan.Body.insert(Plan.Body.begin() + Index, Before.begin(), Before.end());
  Plan.ReductionIndex = Index + Before.size();
}

// Fills Plan.Staged for the reduction loop at Plan.ReductionIndex; returns
// false when no access qualifies.
bool findStagedAccesses(const Function &F, const std::vector<Node> &WholeNest,
                        KernelPlan &Plan) {
  const Loop &K = Plan.reductionLoop();
  std::set<std::string> LoopVars;
  collectLoopVars(WholeNest, LoopVars);
  std::vector<std::pair<std::string, std::vector<IndexExpr>>> Seen;
  visitExprs(K.Body, [&](const Expr &E, bool) {
    if (E.K != Expr::ArrayRef)
      return;
    const Variable *V = F.lookup(E.Name);
    if (!V || !V->isParam() || writesArray(WholeNest, E.Name))
      return;
    std::set<std::string> Vars = loopVarsOf(E.Subscripts, LoopVars);
    // The batch (NDRange dimension 2) is one value per work-group: an
    // access may depend on it besides the reduction and one tiled loop.
    const MappedLoop *Batch = Plan.byDim(2);
    if (Batch)
      Vars.erase(Batch->Var);
    if (!Vars.count(K.Var) || Vars.size() != 2)
      return;
    int Band = -1;
    for (unsigned B = 0; B < Plan.Band.size(); ++B)
      if (Vars.count(Plan.Band[B].Var))
        Band = int(B);
    if (Band < 0)
      return;
    for (auto &[N, S] : Seen)
      if (N == E.Name && S == E.Subscripts)
        return;
    Seen.push_back({E.Name, E.Subscripts});
    StagedAccess A;
    A.Array = E.Name;
    A.Subscripts = E.Subscripts;
    A.Type = V->Type;
    A.BandIndex = unsigned(Band);
    A.ReductionIsFast = !isStrideOne(F, E.Name, E.Subscripts,
                                     Plan.Band[Band].Var);
    {
      const std::string &P = Plan.Band[Band].Var;
      std::string Fast = A.ReductionIsFast ? K.Var : P;
      std::string Slow = A.ReductionIsFast ? P : K.Var;
      IndexExpr Flat = flatIndex(F, E.Name, E.Subscripts);
      IndexExpr Stride =
          Flat.substitute(Slow, IndexExpr::symbol(Slow) +
                                    IndexExpr::constant(1)) -
          Flat;
      A.VectorFetch = isStrideOne(F, E.Name, E.Subscripts, Fast) &&
                      Flat.coeffOf(Fast) == 1;
      for (const std::string &Sym : Stride.symbols())
        A.VectorFetch &= !LoopVars.count(Sym);
    }
    A.TileName = Plan.Names.fresh(E.Name + "_tile");
    Plan.Staged.push_back(A);
  });
  return !Plan.Staged.empty();
}

// The transposition pattern: one statement `W[..] = f(R[..])` with one
// array read R, read-only, whose stride-1 loop differs from the write's.
bool matchTranspose(const Function &F, const std::vector<Node> &WholeNest,
                    KernelPlan &Plan) {
  if (Plan.Band.size() != 2 || Plan.Body.size() != 1 || Plan.Body[0].isLoop())
    return false;
  const Stmt &S = Plan.Body[0].stmt();
  if (S.LHS.K != Expr::ArrayRef || S.Op != AssignOp::Assign)
    return false;
  std::vector<const Expr *> Reads;
  std::function<void(const Expr &)> Walk = [&](const Expr &E) {
    if (E.K == Expr::ArrayRef)
      Reads.push_back(&E);
    for (const Expr &Op : E.Operands)
      Walk(Op);
  };
  Walk(S.RHS);
  if (Reads.size() != 1 || writesArray(WholeNest, Reads[0]->Name))
    return false;
  const std::string &V0 = Plan.byDim(0)->Var, &V1 = Plan.byDim(1)->Var;
  bool ReadFast0 = isStrideOne(F, Reads[0]->Name, Reads[0]->Subscripts, V0);
  bool WriteFast1 = isStrideOne(F, S.LHS.Name, S.LHS.Subscripts, V1);
  if (!ReadFast0 || !WriteFast1)
    return false;
  const Variable *RV = F.lookup(Reads[0]->Name);
  Plan.TransposeRead.Array = Reads[0]->Name;
  Plan.TransposeRead.Subscripts = Reads[0]->Subscripts;
  Plan.TransposeRead.Type = RV ? RV->Type : ElemType::Float;
  Plan.TransposeRead.TileName = Plan.Names.fresh("tile");
  return true;
}

// An option the user gave that this nest cannot honour: a warning at the
// nest (the user asked for it) and the same words in --print-mapping.
// Options the mapping stage chose (OpenCLOptions::Automatic) were not
// asked for: only the remark.
void notApplied(KernelPlan &Plan, std::vector<Diagnostic> &Diags,
                const OpenCLOptions &Opts, const std::string &Flag,
                const std::string &Why) {
  if (Opts.Automatic) {
    Plan.Remarks.push_back("automatic mapping: " + Why);
    return;
  }
  Plan.Remarks.push_back(Flag + ": " + Why);
  Diags.push_back({Diagnostic::Warning, Plan.Loc, Flag + ": " + Why});
}

std::string tileFlag(const OpenCLOptions &Opts) {
  return "--tile " + std::to_string(Opts.Tile);
}

std::string registerTileFlag(const OpenCLOptions &Opts) {
  return "--register-tile " + std::to_string(Opts.RegRows) +
         (Opts.RegRows == Opts.RegCols ? ""
                                       : "x" + std::to_string(Opts.RegCols));
}

// The default work-group of a naive kernel with Dims mapped dimensions:
// 256 / 16 x 16 / 16 x 4 x 4, or --tile T in every dimension; then halved,
// outermost dimension first, until it has at most MaxDefaultWorkGroup
// work-items (a 3-D --tile 16 becomes 16 x 16 x 1). Any size is correct for
// a naive kernel, so this only decides what runs where nothing else says.
void chooseNaiveWorkGroup(KernelPlan &Plan, int64_t Tile) {
  static const int64_t Defaults[3][3] = {{256, 0, 0}, {16, 16, 0}, {16, 4, 4}};
  size_t Dims = Plan.Band.size();
  std::vector<int64_t> WG;
  for (size_t D = 0; D < Dims; ++D)
    WG.push_back(Tile ? Tile : Defaults[Dims - 1][D]);
  auto Product = [&] {
    int64_t P = 1;
    for (int64_t X : WG)
      P *= X;
    return P;
  };
  auto Text = [&] {
    std::string S;
    for (int64_t X : WG)
      S += (S.empty() ? "" : " x ") + std::to_string(X);
    return S;
  };
  std::string Asked = Text();
  int64_t AskedItems = Product();
  for (size_t D = Dims; D-- > 0;)
    while (Product() > MaxDefaultWorkGroup && WG[D] > 1)
      WG[D] /= 2;
  if (Product() != AskedItems)
    Plan.Remarks.push_back(
        "--tile " + std::to_string(Tile) + ": a " + Asked + " work-group has " +
        std::to_string(AskedItems) + " work-items, more than the " +
        std::to_string(MaxDefaultWorkGroup) +
        " every GPU runs; the default work-group is " + Text());
  Plan.WorkGroup = WG;
}

// A nest that gets no local-memory tiling (Why says why): the warnings for
// the tiling options it cannot honour, and the naive kernel with tile-shaped
// work-groups.
void withoutTiling(KernelPlan &Plan, std::vector<Diagnostic> &Diags,
                   const OpenCLOptions &Opts, const std::string &Why) {
  if (Opts.Automatic) {
    notApplied(Plan, Diags, Opts, "",
               "no local-memory tiling for this nest" + Why +
                   "; generating the naive kernel");
    chooseNaiveWorkGroup(Plan, 0);
    return;
  }
  if (Opts.RegRows && Opts.RegCols)
    notApplied(Plan, Diags, Opts, registerTileFlag(Opts),
               "not applied to this nest" + Why +
                   "; generating the naive kernel");
  notApplied(Plan, Diags, Opts, tileFlag(Opts),
             "no local-memory tiling for this nest" + Why +
                 "; its work-groups are tiles without staging");
  chooseNaiveWorkGroup(Plan, Opts.Tile);
}

} // namespace

bool looptile::planKernel(const Function &F, unsigned NestIndex,
                          const std::string &Name, const NameTable &Names,
                          const OpenCLOptions &Opts, KernelPlan &Plan,
                          std::vector<Diagnostic> &Diags) {
  const Loop &Root = F.Body[NestIndex].loop();
  Plan.Name = Name;
  Plan.Names = Names;
  Plan.NestIndex = NestIndex;
  Plan.Loc = Root.Loc;

  std::vector<Diagnostic> AnalysisDiags;
  NestDependences ND = analyzeNest(F, NestIndex, AnalysisDiags);
  std::map<const Loop *, unsigned> Ids;
  numberLoops(Root, Ids);

  if (Opts.SingleWorkItem) {
    Plan.K = KernelPlan::SingleWorkItem;
    Plan.Body = {F.Body[NestIndex]};
    Plan.Remarks.push_back("the whole nest runs in one work-item "
                           "(--single-work-item)");
    return true;
  }

  // The band of parallel loops. A loop whose bounds mention an outer loop
  // of the band (a triangular band, syrk's `j <= i`) joins it when the
  // bounding box of its range is known (boxBounds); the naive kernel then
  // launches the box and guards the triangle.
  const Loop *Cur = &Root;
  std::vector<const Loop *> Band;
  std::vector<std::pair<std::vector<IndexExpr>, std::vector<IndexExpr>>> Boxes;
  while (Cur && Band.size() < 3) {
    const LoopVerdict &V = ND.Verdicts[Ids[Cur]];
    if (!V.Parallel || (Cur->Step != 1 && Cur->Step != -1))
      break;
    std::vector<IndexExpr> BoxLower, BoxUpper;
    if (!boxBounds(*Cur, Band, Boxes, BoxLower, BoxUpper))
      break;
    Band.push_back(Cur);
    Boxes.push_back({BoxLower, BoxUpper});
    Cur = (Cur->Body.size() == 1 && Cur->Body[0].isLoop())
              ? &Cur->Body[0].loop()
              : nullptr;
  }
  if (Band.empty()) {
    const LoopVerdict &V = ND.Verdicts[Ids[&Root]];
    std::string Why = Root.Step != 1 && Root.Step != -1
                          ? "it has step " + std::to_string(Root.Step)
                          : V.Reason;
    Diags.push_back({Diagnostic::Error, Root.Loc,
                     "cannot map loop '" + Root.Var +
                         "' to OpenCL work-items: " + Why});
    Diags.push_back({Diagnostic::Note, Root.Loc,
                     "looptile maps the outermost parallel loops to the "
                     "NDRange; pass --single-work-item to run this nest in "
                     "one work-item"});
    return false;
  }
  Plan.Body = Band.back()->Body;

  // Dimension 0: the loop with the most stride-1 accesses, innermost on ties.
  std::vector<unsigned> Score(Band.size(), 0);
  visitExprs(Plan.Body, [&](const Expr &E, bool) {
    if (E.K != Expr::ArrayRef)
      return;
    for (unsigned B = 0; B < Band.size(); ++B)
      Score[B] += isStrideOne(F, E.Name, E.Subscripts, Band[B]->Var);
  });
  unsigned Fast = unsigned(Band.size()) - 1;
  for (unsigned B = 0; B < Band.size(); ++B)
    if (Score[B] > Score[Fast])
      Fast = B;
  unsigned NextDim = 1;
  for (unsigned B = unsigned(Band.size()); B-- > 0;) {
    MappedLoop M;
    M.Var = Band[B]->Var;
    M.Lower = Band[B]->Lower;
    M.Upper = Band[B]->Upper;
    M.BoxLower = Boxes[B].first;
    M.BoxUpper = Boxes[B].second;
    Plan.Triangular |= M.BoxLower != M.Lower || M.BoxUpper != M.Upper;
    M.Loc = Band[B]->Loc;
    M.Dim = B == Fast ? 0 : NextDim++;
    Plan.Band.insert(Plan.Band.begin(), M);
  }

  if (!Opts.Tile) {
    chooseNaiveWorkGroup(Plan, 0);
    return true;
  }

  bool RegisterTile = Opts.RegRows && Opts.RegCols;
  // The tiled kernels compute their indices in int and stage float, double
  // or int data; staging, register promotion and the transposition pattern
  // rewrite accesses without regard to when they run, so conditional code keeps
  // the plain kernel.
  std::string NoTiling;
  bool PlainTypes = true;
  for (const Variable &V : F.Params)
    PlainTypes &= isFloatingType(V.Type) || V.Type == ElemType::Int;
  for (const Variable &V : F.Locals)
    PlainTypes &= isFloatingType(V.Type) || V.Type == ElemType::Int;
  if (!PlainTypes)
    NoTiling = " (the element types are not all float, double or int)";
  else if (F.hasNonIntIndices())
    NoTiling = " (the sizes or loop variables are not all int)";
  else if (hasConditionalCode({F.Body[NestIndex]}))
    NoTiling = " (the nest has conditional statements or expressions)";
  else if (Plan.Triangular && std::any_of(Plan.Band.begin(), Plan.Band.end(),
                                          [](const MappedLoop &M) {
                                            return M.Lower.size() != 1 ||
                                                   M.Upper.size() != 1;
                                          }))
    NoTiling = " (a triangular band whose loops have several lower or upper "
               "bounds: its bounding box may reach elements the nest never "
               "reads)";
  if (!NoTiling.empty()) {
    withoutTiling(Plan, Diags, Opts, NoTiling);
    return true;
  }

  // Tiled kernels tile two mapped dimensions; a third (the outermost mapped
  // loop, NDRange dimension 2) is a batch: one work-group per batch index
  // and tile, the batch uniform across the work-group (batched matmul,
  // doitgen after expansion). A batch needs its own range independent of
  // the other mapped loops.
  const MappedLoop *Batch = Plan.byDim(2);
  if (Plan.Band.size() < 2 || (Batch && (Batch->Lower != Batch->BoxLower ||
                                         Batch->Upper != Batch->BoxUpper))) {
    withoutTiling(Plan, Diags, Opts,
                  Plan.Band.size() < 2
                      ? " (1 parallel loop(s) mapped; local-memory tiling "
                        "needs two)"
                      : " (3 parallel loops mapped, and the bounds of the "
                        "outermost, the batch, depend on the others)");
    return true;
  }
  // A reduction loop directly inside the band, uniform across the
  // work-group (bounds independent of the mapped loops), unit step, with
  // only statements in its body.
  for (size_t I = 0; I < Plan.Body.size(); ++I) {
    if (!Plan.Body[I].isLoop())
      continue;
    const Loop &K = Plan.Body[I].loop();
    bool Uniform = K.Step == 1;
    for (const MappedLoop &M : Plan.Band)
      Uniform &= !boundsMention(K, M.Var);
    bool Flat = std::none_of(K.Body.begin(), K.Body.end(),
                             [](const Node &N) { return N.isLoop(); });
    if (!Uniform || !Flat)
      continue;
    Plan.ReductionIndex = I;
    promoteInvariantElements(F, Plan, I);
    NameTable BeforeTiles = Plan.Names;
    if (findStagedAccesses(F, {F.Body[NestIndex]}, Plan)) {
      Plan.K = RegisterTile ? KernelPlan::Register : KernelPlan::Block;
      break;
    }
    Plan.Staged.clear();
    Plan.Names = BeforeTiles;
  }
  if (Plan.K == KernelPlan::Register) {
    // Every global access in the reduction loop must be staged: the
    // register-tiled kernel computes out-of-range elements speculatively.
    bool AllStaged = true;
    visitExprs(Plan.reductionLoop().Body, [&](const Expr &E, bool) {
      if (E.K != Expr::ArrayRef)
        return;
      bool Staged = false;
      for (const StagedAccess &S : Plan.Staged)
        Staged |= S.Array == E.Name && S.Subscripts == E.Subscripts;
      AllStaged &= Staged;
    });
    if (!AllStaged) {
      Plan.K = KernelPlan::Block;
      notApplied(Plan, Diags, Opts, registerTileFlag(Opts),
                 "not applied to this nest (the reduction loop reads global "
                 "memory that cannot be staged); generating the block-tiled "
                 "kernel");
    }
  }
  if (Plan.K == KernelPlan::Naive) {
    if (matchTranspose(F, {F.Body[NestIndex]}, Plan)) {
      Plan.K = KernelPlan::Transpose;
      if (RegisterTile)
        notApplied(Plan, Diags, Opts, registerTileFlag(Opts),
                   "not applied to this nest (a transposition has no "
                   "reduction to register-tile); generating the transpose "
                   "kernel");
    } else {
      withoutTiling(Plan, Diags, Opts,
                    " (nothing to stage in local memory: no reduction loop "
                    "with reads invariant to a parallel loop, no "
                    "transposition)");
    }
  }
  // A tiled kernel's work-group is its tile (T x T work-items; T x min(T, 8)
  // for the transposition), as asked.
  int64_t Items = Opts.Tile * (Plan.K == KernelPlan::Transpose
                                   ? std::min<int64_t>(Opts.Tile, 8)
                                   : Opts.Tile);
  if (Plan.K != KernelPlan::Naive && Items > MaxDefaultWorkGroup)
    Plan.Remarks.push_back(
        "--tile " + std::to_string(Opts.Tile) + ": " + std::to_string(Items) +
        " work-items per work-group, more than the " +
        std::to_string(MaxDefaultWorkGroup) +
        " every GPU runs; where the device or the kernel allows fewer, the "
        "runtime halves the tile until it fits, and says so");
  return true;
}

void looptile::summarizePlan(const Function &F, const KernelPlan &Plan,
                             KernelPreview &Out) {
  Out.Mappable = true;
  Out.Dims = unsigned(Plan.Band.size());
  Out.Triangular = Plan.Triangular;
  static const char *Kinds[] = {"naive", "block-tiled", "transpose",
                                "register-tiled", "single work-item"};
  Out.Kind = Kinds[Plan.K];
  Out.Reuse = Plan.K == KernelPlan::Block || Plan.K == KernelPlan::Register ||
              Plan.K == KernelPlan::Transpose;
  const MappedLoop *D0 = Plan.byDim(0);
  if (!D0)
    return;
  Out.Dim0 = D0->Var;
  visitExprs(Plan.Body, [&](const Expr &E, bool) {
    if (E.K != Expr::ArrayRef || !F.lookup(E.Name) ||
        F.lookup(E.Name)->VarKind == Variable::LocalArray)
      return;
    IndexExpr Flat = flatIndex(F, E.Name, E.Subscripts);
    if (!Flat.mentions(D0->Var))
      return; // the same address for the whole warp: one transaction
    if (Out.Reuse || isStrideOne(F, E.Name, E.Subscripts, D0->Var))
      ++Out.Coalesced;
    else
      ++Out.Strided;
  });
}
