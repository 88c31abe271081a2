//===- ProgramPlan.cpp - the mapping stage's decision for a function -----===//
//
// planProgram: the kernel view of a function, its arguments, its host
// program, the function as each kernel sees it (device buffers) and each
// kernel's plan, decided once (Mapping/ProgramPlan.h); previewKernel: the
// same planning for one nest, for the schedule's cost model; printPlan.
//
//===----------------------------------------------------------------------===//
#include "looptile/Mapping/ProgramPlan.h"

#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/IR/Walk.h"
#include "looptile/Support/Statistic.h"
#include "looptile/Transforms/LoopUtils.h"

#include <algorithm>
#include <optional>
#include <set>
#include <tuple>

using namespace looptile;

LOOPTILE_STATISTIC(Previews, "mapping",
                   "kernel previews (a candidate nest planned for ranking)");
LOOPTILE_STATISTIC(Programs, "mapping", "functions planned as programs");

namespace {

// F with its return value, if any, written by a last statement `R[0] = e;`
// into a new one-element pointer parameter R (named in Result; the manifest
// marks it "returned"), so that the kernels leave it in a buffer and the
// host glue returns it.
Function withResultBuffer(Function F, NameTable &Names, std::string &Result) {
  if (!F.ReturnValue)
    return F;
  Variable R;
  R.Name = Result = Names.fresh("result");
  R.VarKind = Variable::PointerParam;
  R.Type = *F.ReturnType;
  R.Extents.push_back(std::nullopt);
  R.IsRestrict = true;
  R.Loc = F.ReturnValue->Loc;
  F.Params.push_back(R);
  Stmt S;
  S.Id = F.nextStmtId();
  S.Op = AssignOp::Assign;
  S.LHS = Expr::arrayRef(R.Name, R.Type, {IndexExpr::constant(0)});
  S.LHS.Loc = R.Loc;
  S.RHS = std::move(*F.ReturnValue);
  S.Loc = R.Loc;
  F.Body.push_back(Node{std::move(S)});
  F.ReturnValue.reset();
  F.ReturnType.reset();
  return F;
}

// F with each run of statements outside any loop (`s = 0.0f;` before a
// reduction, `*out = s;` or the return value's statement after it) inside
// a loop of one iteration (inOnceLoops): a kernel of one work-item, which
// computes them where C does, between the kernels of the nests around
// them. A declaration at function scope becomes an assignment (the
// variable is declared for the whole function, which it already is).
Function withStatementsInLoops(Function F, NameTable &Names) {
  F.Body = inOnceLoops(std::move(F.Body), Names);
  return F;
}

// The function as the kernels compute it: OpenCL's names, the return value
// in a one-element buffer (Result names it), each run of statements outside
// loops in a loop of one iteration. planProgram and previewKernel both
// plan this view.
Function kernelView(const Function &Original, NameTable &Names,
                    std::string &Result) {
  return withStatementsInLoops(
      withResultBuffer(withNames(Original, Names), Names, Result), Names);
}

// The index in kernelView(Original) of the loop at Original.Body[I]: each
// run of statements before it became one loop.
unsigned viewIndex(const Function &Original, unsigned I) {
  unsigned Index = 0;
  for (unsigned J = 0; J < I; ++J)
    if (Original.Body[J].isLoop() || Original.Body[J + 1].isLoop())
      ++Index;
  return Index;
}

// The function as each kernel sees it (KernelFns[I] for nest I) and the
// temporaries that become device buffers (ProgramPlan::Temporaries): the
// one view planProgram and previewKernel plan. F is the function after
// withNames.
bool kernelFunctions(const Function &F, const MappingOptions &Opts,
                     std::vector<Function> &KernelFns,
                     std::vector<Variable> &Temporaries,
                     std::vector<Diagnostic> &Diags,
                     const std::vector<std::set<std::string>> *Forced = nullptr,
                     const HostProgram *HP = nullptr) {
  // A local array declared at function scope is one array shared by every
  // iteration and every nest, as in C: it becomes a device buffer (a
  // manifest temporary) that the kernels take like an array parameter,
  // whether its size is variable (the arrays expansion creates, `float
  // A_x[N][M]`) or constant (`float t[64]`). The parallel loops were found
  // with its dependences, so sharing it is sound. Only an array whose whole
  // live range is inside one work-item may stay a private array of the
  // kernel: one used by a single nest run in one work-item
  // (--single-work-item), or one declared inside a loop (a fresh array in
  // every iteration of that loop, which needs a constant size). K is the
  // function as the kernels see it.
  Function K = F;
  std::vector<Variable> ScalarTemporaries;
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  for (const Variable &V : F.Locals) {
    if (V.VarKind != Variable::LocalArray)
      continue;
    bool Constant = std::all_of(
        V.Extents.begin(), V.Extents.end(),
        [](const std::optional<IndexExpr> &E) { return E && E->isConstant(); });
    bool Known = std::all_of(
        V.Extents.begin(), V.Extents.end(),
        [](const std::optional<IndexExpr> &E) { return E.has_value(); });
    if (!V.DeclaredIn.empty() && Constant)
      continue;
    if (!V.DeclaredIn.empty() || !Known) {
      std::string Where = Known
                              ? "is declared inside loop '" + V.DeclaredIn + "'"
                              : "has an undeclared extent";
      Diags.push_back({Diagnostic::Error, V.Loc,
                       "local array '" + V.Name +
                           "' has a size that is not a constant and " + Where +
                           "; a work-item's private array needs a constant "
                           "size"});
      return false;
    }
    unsigned Users = 0;
    for (const Node &N : F.Body)
      Users += mentionsVariable(N, V.Name, NotMemory);
    if (Users == 0 || (Users == 1 && Constant && Opts.SingleWorkItem))
      continue;
    Temporaries.push_back(V);
  }
  for (const Variable &V : Temporaries) {
    K.Locals.erase(
        std::find_if(K.Locals.begin(), K.Locals.end(),
                     [&](const Variable &X) { return X.Name == V.Name; }));
    Variable P = V;
    P.VarKind = Variable::ArrayParam;
    K.Params.push_back(P);
  }
  // A function-scope scalar is one variable too: where its value flows
  // between kernels (a nest reads a value that may come from before the
  // nest, or leaves a value that a later nest may read), it is a
  // one-element temporary `s[0]` in that nest's kernel. Elsewhere each
  // work-item keeps a private copy (the nest writes it before every read and
  // nothing after reads what it leaves). The dependence analysis decided
  // parallelism with the same view: a scalar is privatized in a loop only
  // when its value is not live after that loop, so a parallel loop never
  // leaves a value that a later kernel reads unless at most one iteration
  // writes it (no output dependence), which then is the last write of C.
  // Forced[I] (the host program's SharedScalars) names the scalars kernel
  // I keeps in their temporaries whatever this order says: a host loop
  // carries their value across its iterations, a flow this order, which
  // runs each launch once, does not show. KernelFns[I] is the function as
  // kernel I sees it.
  KernelFns.assign(F.Body.size(), K);
  // Where the value goes after a kernel is judged with the host loops
  // around the kernels (structuredView): in launch order alone, a write
  // inside a host loop would seem to cover the reads after it although the
  // loop may run no iteration.
  Function Structured;
  std::vector<const Loop *> StructuredLoops;
  if (HP)
    structuredView(*HP, Structured, StructuredLoops);
  for (const Variable &V : F.Locals) {
    if (V.VarKind != Variable::LocalScalar || !V.DeclaredIn.empty())
      continue;
    bool Shared = false;
    for (unsigned I = 0; I < F.Body.size(); ++I) {
      const Node &N = F.Body[I];
      if (!mentionsVariable(N, V.Name, NotMemory))
        continue;
      const Loop &L = N.loop();
      bool FlowsIn = readsVariable(N, V.Name, NotMemory) &&
                     !isWrittenBeforeRead(F, L, V.Name);
      bool FlowsOut =
          writesVariable(N, V.Name, NotMemory) &&
          (HP ? isLiveAfter(Structured, *StructuredLoops[I], V.Name)
              : isLiveAfter(F, L, V.Name));
      if (!FlowsIn && !FlowsOut && !(Forced && (*Forced)[I].count(V.Name)))
        continue;
      Shared = true;
      Function &KI = KernelFns[I];
      KI.Locals.erase(
          std::find_if(KI.Locals.begin(), KI.Locals.end(),
                       [&](const Variable &X) { return X.Name == V.Name; }));
      Variable P = V;
      P.VarKind = Variable::ArrayParam;
      P.Extents = {IndexExpr::constant(1)};
      KI.Params.push_back(P);
      scalarToElement(KI.Body, V.Name, V.Name, {IndexExpr::constant(0)});
    }
    if (Shared) {
      ScalarTemporaries.push_back(V);
      ScalarTemporaries.back().Extents = {IndexExpr::constant(1)};
    }
  }
  Temporaries.insert(Temporaries.end(), ScalarTemporaries.begin(),
                     ScalarTemporaries.end());

  return true;
}

// The host program of View (kernelView's function) and the function as
// each of its kernels sees it: kernelFunctions on the kernels' nests in
// launch order (HP.Kernels), each kernel taking the host loop variables
// around its launch and no others. planProgram and previewKernel both plan
// this (the preview with
// Refusals: planHostProgram's refusal of one nest is that nest's, not the
// others').
bool hostKernelFunctions(const Function &View, const MappingOptions &Opts,
                         NameTable &Names, HostProgram &HP,
                         std::vector<Function> &KernelFns,
                         std::vector<Variable> &Temporaries,
                         std::vector<Diagnostic> &Diags,
                         std::vector<std::string> *Refusals = nullptr) {
  if (!planHostProgram(View, Opts, Names, HP, Diags, Refusals) ||
      !kernelFunctions(HP.Kernels, Opts, KernelFns, Temporaries, Diags,
                       &HP.SharedScalars, &HP))
    return false;
  for (unsigned I = 0; I < KernelFns.size(); ++I) {
    const std::vector<std::string> &Hosts = HP.Enclosing[I];
    std::vector<Variable> &Ps = KernelFns[I].Params;
    Ps.erase(std::remove_if(Ps.begin(), Ps.end(),
                            [&](const Variable &V) {
                              return !View.lookup(V.Name) &&
                                     std::find(Hosts.begin(), Hosts.end(),
                                               V.Name) == Hosts.end();
                            }),
             Ps.end());
  }
  return true;
}

} // namespace

bool looptile::planProgram(const Function &Original, const MappingOptions &Opts,
                           const PlanContext &Ctx, ProgramPlan &Out,
                           std::vector<Diagnostic> &Diags) {
  ++Programs;
  Out = ProgramPlan();
  Out.Options = Opts;
  Out.KernelIndexBase = Ctx.KernelIndexBase;
  // The host glue defines the function itself, in C++.
  if (isCXXKeyword(Original.Name) ||
      isReservedName(Original.Name, NameTarget::C) ||
      Original.Name == "looptile") {
    Diags.push_back({Diagnostic::Error, Original.Loc,
                     "function '" + Original.Name +
                         "' cannot be replaced by the C++ host glue: its "
                         "name is reserved in C++ or by the glue; rename the "
                         "function"});
    return false;
  }
  // Every identifier as the kernels, the manifest and the glue see it: a
  // parameter, local or loop variable whose name OpenCL C reserves (`length`,
  // `min`, `half`) gets a new one; the function keeps its name.
  NameTable &Names = Out.Names;
  Names = NameTable(Original, NameTarget::OpenCL);
  Out.Whole = kernelView(Original, Names, Out.Result);
  const Function &Whole = Out.Whole;
  if (Ctx.AfterLowering)
    Ctx.AfterLowering("kernel view", Whole);
  if (std::vector<std::string> Errs = describeArguments(Whole, Out.Args);
      !Errs.empty()) {
    for (const std::string &Err : Errs)
      Diags.push_back({Diagnostic::Error, Whole.Loc, Err});
    return false;
  }
  for (ArgumentInfo &A : Out.Args) {
    if (A.ArgKind == ArgumentInfo::Size)
      A.KernelType = indexTypeName(Whole);
    A.Returned = A.Name == Out.Result;
  }
  // The host program: sequential loops that run on the host, and the nests
  // they launch. F is the function as the kernels see it (its Body the
  // kernels' nests, the host loop variables size parameters); Whole stays
  // the function the caller calls (arguments, size checks, counts).
  HostProgram &HP = Out.Host;
  std::vector<Function> &KernelFns = Out.KernelFns;
  if (!hostKernelFunctions(Whole, Opts, Names, HP, KernelFns, Out.Temporaries,
                           Diags))
    return false;
  const Function &F = HP.Kernels;
  if (Ctx.AfterLowering)
    Ctx.AfterLowering("host program", F);

  // The kernels are named after the function (`mmm`, `mmm_k0`, ...), unless
  // OpenCL reserves that name (a function `dot`); the names are taken before
  // any kernel invents its own.
  std::vector<std::string> KernelNames;
  for (unsigned I = 0; I < F.Body.size(); ++I) {
    if (F.Body.size() == 1 && !isReservedName(F.Name, NameTarget::OpenCL))
      KernelNames.push_back(F.Name);
    else
      KernelNames.push_back(Names.fresh(
          F.Name + (F.Body.size() > 1 ? "_k" + std::to_string(I) : "")));
  }
  for (unsigned I = 0; I < F.Body.size(); ++I) {
    KernelPlan Plan;
    // The suffix of the kernel's tunables (TS_k1), which the plan names.
    Plan.Suffix = F.Body.size() > 1 || Ctx.SuffixAlways
                      ? "_k" + std::to_string(Ctx.KernelIndexBase + I)
                      : "";
    if (!planKernel(KernelFns[I], I, KernelNames[I], Names, Opts,
                    indexTypeName(Whole), HP.InOrder[I], Plan, Diags))
      return false;
    if (Ctx.AfterLowering) {
      Function Seen = KernelFns[I];
      Seen.Body = {KernelFns[I].Body[I]};
      Ctx.AfterLowering("device buffers (kernel " + KernelNames[I] + ")",
                         Seen);
      Seen.Body = Plan.Body;
      for (const auto &[Reg, Type] : Plan.Promoted) {
        Variable R;
        R.Name = Reg;
        R.VarKind = Variable::LocalScalar;
        R.Type = Type;
        Seen.Locals.push_back(R);
      }
      Ctx.AfterLowering("kernel plan (kernel " + KernelNames[I] + ")", Seen);
    }
    if (Plan.K == KernelPlan::ReduceScalar) {
      // The second kernel and the partials' buffer are names of the whole
      // program (the plan took them from its copy of the table).
      Names.fresh(Plan.Reduce.FinalKernel);
      Names.fresh(Plan.Reduce.Partials);
      Variable P;
      P.Name = Plan.Reduce.Partials;
      P.VarKind = Variable::ArrayParam;
      P.Type = Plan.Reduce.AccType;
      P.Extents = {IndexExpr::constant(ScalarReduction::MaxGroups)};
      Out.Temporaries.push_back(P);
      Out.Reorders |= Plan.Reduce.Reorders;
    }
    for (const RowSegment &S : Plan.Rows)
      Out.Reorders |= S.K == RowSegment::Reduce && S.R.Reorders;
    Out.Kernels.push_back(std::move(Plan));
  }
  return true;
}

KernelPreview looptile::previewKernel(const Function &Original,
                                      unsigned NestIndex,
                                      const MappingOptions &Opts) {
  ++Previews;
  KernelPreview Out;
  std::vector<Diagnostic> Diags;
  NameTable Names(Original, NameTarget::OpenCL);
  std::string Result;
  const Function Whole = kernelView(Original, Names, Result);
  HostProgram HP;
  std::vector<Function> KernelFns;
  std::vector<Variable> Temporaries;
  auto Why = [&] {
    Out.Why = "no kernel";
    for (const Diagnostic &D : Diags)
      if (D.Level == Diagnostic::Error) {
        Out.Why = D.Message;
        break;
      }
    return Out;
  };
  std::vector<std::string> Refusals;
  if (!hostKernelFunctions(Whole, Opts, Names, HP, KernelFns, Temporaries,
                           Diags, &Refusals))
    return Why();
  unsigned Nest = viewIndex(Original, NestIndex);
  if (!Refusals[Nest].empty()) {
    Out.Why = Refusals[Nest];
    return Out;
  }
  // The kernels that the nest launches, as planProgram plans them: one,
  // or those of the host loops that the nest became. A nest is as good as
  // its weakest kernel (no kernel, then fewest NDRange dimensions, then
  // most host loops around its launch, then most strided accesses); its
  // strided accesses are those of all its kernels (distributing a host
  // program's loops moves them between kernels, it does not remove them). A
  // kernel of one work-item that runs no loop (one statement instance per
  // launch: a pivot, the corner of a split index set) costs its launches,
  // which Sequential counts, not a serial share of the work: it is the
  // weakest only where the nest launches nothing else.
  std::vector<unsigned> Launched;
  launchedKernels(HP.Body[Nest], Launched);
  bool First = true;
  std::optional<KernelPreview> Lone;
  unsigned Sequential = 0, Strided = 0;
  for (unsigned K : Launched) {
    KernelPlan Plan;
    if (!planKernel(KernelFns[K], K, Whole.Name, Names, Opts,
                    indexTypeName(Whole), HP.InOrder[K], Plan, Diags))
      return Why();
    KernelPreview P;
    summarizePlan(KernelFns[K], Plan, P);
    P.HostLoops = unsigned(HP.EnclosingLoops[K].size());
    unsigned Inner = loopDepth({KernelFns[K].Body[K]});
    unsigned Loops = Inner + P.HostLoops;
    Sequential = std::max(Sequential, Loops > P.Dims ? Loops - P.Dims : 0u);
    Strided += P.Strided;
    bool Instance = P.Mappable && P.Dims == 0 && Inner == 0;
    if (Instance && Launched.size() > 1) {
      if (First)
        Lone = P;
      continue;
    }
    if (First ||
        std::make_tuple(P.Dims, -int(P.HostLoops), -int(P.Strided)) <
            std::make_tuple(Out.Dims, -int(Out.HostLoops), -int(Out.Strided)))
      Out = P;
    First = false;
  }
  if (First && Lone)
    Out = *Lone;
  Out.Sequential = Sequential;
  Out.Strided = Strided;
  return Out;
}


// --- printPlan --------------------------------------------------------------

namespace {

/// `e`, or `max(a, b)` / `min(a, b)` for a bound of several parts.
std::string boundText(const std::vector<IndexExpr> &Es, const char *Fn) {
  if (Es.size() == 1)
    return Es.front().str();
  std::string T = std::string(Fn) + "(";
  for (size_t I = 0; I < Es.size(); ++I)
    T += (I ? ", " : "") + Es[I].str();
  return T + ")";
}

std::string rangeText(const std::vector<IndexExpr> &Lower,
                      const std::vector<IndexExpr> &Upper) {
  return "[" + boundText(Lower, "max") + ", " + boundText(Upper, "min") + "]";
}

std::string accessText(const std::string &Array, ElemType T,
                       const std::vector<IndexExpr> &Subscripts) {
  return Expr::arrayRef(Array, T, Subscripts).str();
}

std::string yesNo(bool B) { return B ? "yes" : "no"; }

void printHost(const std::vector<HostNode> &Body,
               const std::vector<KernelPlan> &Kernels, const std::string &File,
               const std::string &Indent, std::string &R) {
  for (const HostNode &N : Body) {
    if (N.K == HostNode::Launch) {
      R += Indent + "launch " + Kernels[N.Kernel].Name + "\n";
      continue;
    }
    const HostLoop &L = N.L;
    R += Indent + "host loop " + L.Var + " in " + rangeText(L.Lower, L.Upper) +
         (L.Step == 1 ? "" : " step " + std::to_string(L.Step)) + " (" +
         File + ":" + std::to_string(L.Loc.Line) + "): " +
         (L.Reason.empty() ? "sequential" : L.Reason) + "\n";
    printHost(N.Body, Kernels, File, Indent + "  ", R);
  }
}

void printReduction(const ScalarReduction &SR, const std::string &Indent,
                    std::string &R) {
  R += Indent + "reduction into " + SR.Target.str() + " with " +
       reductionOpName(SR.Op) + " over " + elemTypeName(SR.AccType) +
       " (identity " + SR.Identity + "): " +
       (SR.Reorders ? "terms combined in another order than the C's"
                    : "the same result in any order") +
       "\n";
}

void printKernel(const ProgramPlan &P, size_t I, const std::string &File,
                 std::string &R) {
  const KernelPlan &K = P.Kernels[I];
  R += "  kernel " + K.Name + " (nest at " + File + ":" +
       std::to_string(K.Loc.Line) + "): " + kindName(K) + "\n";
  const std::vector<HostLoop> &Hosts = P.Host.EnclosingLoops[I];
  if (!Hosts.empty()) {
    std::string H;
    for (const HostLoop &L : Hosts)
      H += (H.empty() ? "" : ", ") + L.Var;
    R += "    launched per iteration of host loop" +
         std::string(Hosts.size() > 1 ? "s " : " ") + H + "\n";
  }
  for (const MappedLoop &M : K.Band)
    R += "    dimension " + std::to_string(M.Dim) + ": loop " + M.Var + " in " +
         rangeText(M.Lower, M.Upper) +
         (M.BoxLower != M.Lower || M.BoxUpper != M.Upper
              ? " (NDRange over its bounding box " +
                    rangeText(M.BoxLower, M.BoxUpper) + ")"
              : "") +
         (K.StripRows && M.Dim == 1
              ? ", " + K.tunable("RS") + " consecutive iterations per work-item"
              : "") +
         "\n";
  switch (K.K) {
  case KernelPlan::Block:
  case KernelPlan::Register:
    R += "    reduction loop: " + K.reductionLoop().Var + " (in steps of the "
         "tile)\n";
    R += "    tile: " + std::to_string(K.Tile) + " x " +
         std::to_string(K.Tile) + " work-items";
    // The outputs per work-item as the plan fitted them to local memory.
    if (K.K == KernelPlan::Register)
      R += ", " + std::to_string(K.tunableDefault("WPTM")) + " x " +
           std::to_string(K.tunableDefault("WPTN")) + " outputs each";
    R += "\n";
    for (const StagedAccess &S : K.Staged)
      R += "    staged: " + accessText(S.Array, S.Type, S.Subscripts) +
           " -> " + S.TileName + " (dimension " +
           std::to_string(K.Band[S.BandIndex].Dim) + ", " +
           (S.ReductionIsFast ? "along the reduction" : "across it") +
           (K.K == KernelPlan::Register && S.VectorFetch ? ", vector loads" : "") +
           (S.Scale ? ", times " + S.Scale->Name : "") + ")\n";
    if (K.K == KernelPlan::Register)
      R += "    warp tile: " +
           (K.WarpRows ? std::to_string(K.WarpRows) + " x " +
                             std::to_string(K.WarpCols) +
                             (K.WarpTileByDefault ? "" : " (offered)")
                       : std::string("none")) +
           "; interior loop: " +
           (K.InteriorLoop ? K.SplitByDefault ? "yes" : "offered" : "no") +
           "; tall preset: " + yesNo(K.TallPreset) + "\n";
    break;
  case KernelPlan::Transpose:
    R += "    staged: " +
         accessText(K.TransposeRead.Array, K.TransposeRead.Type,
                    K.TransposeRead.Subscripts) +
         " -> " + K.TransposeRead.TileName + " (tile " +
         std::to_string(K.Tile) + ")\n";
    R += "    vector path: " + yesNo(K.TransposeVector) + "\n";
    break;
  case KernelPlan::RowStaged:
    R += "    row loop: " + K.reductionLoop().Var + ", " +
         std::to_string(K.RowsPerGroup) + " rows per work-group, " +
         std::to_string(K.ChunkColumns) + " columns per chunk, " +
         std::to_string(K.RowLanes) + " lanes per row in the copies\n";
    for (const RowAccess &A : K.RowStagedAccesses)
      R += "    staged: " + accessText(A.Array, A.Type, A.Subscripts) +
           " -> " + A.TileName + (A.Write ? " (written)" : " (read)") + "\n";
    R += "    prefetch: " + yesNo(K.RowPrefetch) +
         "; vectors of four: " + yesNo(K.RowVector) + "\n";
    break;
  case KernelPlan::ReduceScalar:
    printReduction(K.Reduce, "    ", R);
    R += "    partials: " + K.Reduce.Partials + "[" +
         std::to_string(ScalarReduction::MaxGroups) + "], final kernel " +
         K.Reduce.FinalKernel + "\n";
    break;
  case KernelPlan::ReduceRows:
    R += std::string("    ") +
         (K.ColumnLanes ? "by columns: " + std::to_string(K.Lanes) +
                              " lanes per iteration\n"
                        : "a work-group per iteration\n");
    for (const RowSegment &S : K.Rows) {
      const Node &N = K.Body[S.Index];
      switch (S.K) {
      case RowSegment::Uniform:
        R += "    " + N.stmt().LHS.str() + " = ...: every work-item\n";
        break;
      case RowSegment::Single:
        R += "    " + N.stmt().LHS.str() + " = ...: work-item 0\n";
        break;
      case RowSegment::Spread:
        R += "    loop " + N.loop().Var + ": spread over the work-items\n";
        break;
      case RowSegment::Reduce:
        R += "    loop " + N.loop().Var + ":\n";
        printReduction(S.R, "      ", R);
        break;
      }
    }
    break;
  case KernelPlan::Naive:
  case KernelPlan::SingleWorkItem:
    break;
  }
  if (!K.Tunables.empty()) {
    std::string T;
    for (const Tunable &U : K.Tunables)
      T += (T.empty() ? "" : ", ") + U.Name + " = " + std::to_string(U.Default);
    R += "    tunables: " + T + "\n";
  }
  if (!K.Presets.empty()) {
    std::string T;
    for (const Preset &U : K.Presets)
      T += (T.empty() ? "" : ", ") + U.Name;
    R += "    presets: " + T + "\n";
  }
  if (K.InOrderReductions)
    R += "    launched from a host loop: a reduction whose order changes its "
         "result keeps the C's order\n";
  if (!K.Promoted.empty()) {
    std::string Regs;
    for (const auto &[Name, Type] : K.Promoted)
      Regs += (Regs.empty() ? "" : ", ") + Name;
    R += "    registers: " + Regs + "\n";
  }
  for (const std::string &Rem : K.Remarks)
    R += "    note: " + Rem + "\n";
}

} // namespace

std::string looptile::printPlan(const ProgramPlan &P, const std::string &File) {
  const MappingOptions &O = P.Options;
  std::string R = "plan of " + P.Whole.Name + " (" + File + ":" +
                  std::to_string(P.Whole.Loc.Line) + ")\n";
  std::string Kinds;
  if (O.SingleWorkItem)
    Kinds = "one work-item per nest (--single-work-item)";
  else if (O.Automatic)
    Kinds = "chosen by the mapping stage (tiles of " + std::to_string(O.Tile) +
            ", " + std::to_string(O.RegRows) + " x " +
            std::to_string(O.RegCols) + " outputs per work-item where a "
            "contraction reuses data)";
  else if (O.Tile)
    Kinds = "--tile " + std::to_string(O.Tile) +
            (O.RegRows ? " --register-tile " + std::to_string(O.RegRows) +
                             "x" + std::to_string(O.RegCols)
                       : "");
  else
    Kinds = "untiled";
  R += "  kernel kinds: " + Kinds + "; row reductions: " +
       yesNo(O.RowReductions) + "; rows staged: " + yesNo(O.StageRows) +
       "; contraction: " + (O.FastContract ? "fast" : "off") + "\n";
  for (const auto &[Old, New] : P.Names.renamed())
    R += "  renamed: " + Old + " -> " + New + "\n";
  for (const ArgumentInfo &A : P.Args) {
    R += "  argument " + A.Name + ": ";
    if (A.ArgKind == ArgumentInfo::Size)
      R += "size (" + A.Int.Spelling + ", " + A.KernelType + " in kernels)";
    else if (A.ArgKind == ArgumentInfo::Scalar)
      R += std::string("scalar ") + elemTypeName(A.Type);
    else {
      R += std::string("buffer ") + elemTypeName(A.Type);
      for (const IndexExpr &E : A.Shape)
        R += "[" + E.str() + "]";
      R += ", " + A.AccessMode + (A.Returned ? ", the return value" : "");
    }
    R += "\n";
  }
  for (const Variable &V : P.Temporaries) {
    R += std::string("  device buffer ") + V.Name + ": " + elemTypeName(V.Type);
    for (const std::optional<IndexExpr> &E : V.Extents)
      R += "[" + (E ? E->str() : std::string("?")) + "]";
    R += "\n";
  }
  R += "  host program:\n";
  printHost(P.Host.Body, P.Kernels, File, "    ", R);
  for (size_t I = 0; I < P.Kernels.size(); ++I)
    printKernel(P, I, File, R);
  return R;
}
