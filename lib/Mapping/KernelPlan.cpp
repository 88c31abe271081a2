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
#include "looptile/Mapping/KernelPlan.h"

#include "looptile/IR/Walk.h"
#include "looptile/Analysis/Dependence.h"
#include "looptile/Support/Statistic.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace looptile;

LOOPTILE_STATISTIC(KernelPlans, "mapping", "kernels planned");

bool looptile::isStrideOne(const Function &F, const std::string &Array,
                           const std::vector<IndexExpr> &Subscripts,
                           const std::string &Var) {
  return shortStride(F, Array, Subscripts, Var) == 1;
}

int64_t looptile::shortStride(const Function &F, const std::string &Array,
                              const std::vector<IndexExpr> &Subscripts,
                              const std::string &Var) {
  constexpr int64_t MaxShortStride = 8;
  IndexExpr Flat = flatIndex(F, Array, Subscripts);
  int64_t C = Flat.coeffOf(Var);
  for (const Term &T : Flat.terms())
    if (T.Symbols.size() > 1 &&
        std::find(T.Symbols.begin(), T.Symbols.end(), Var) != T.Symbols.end())
      return 0;
  C = C < 0 ? -C : C;
  return C <= MaxShortStride ? C : 0;
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

// Pre-order over E and its operands: where Replace rewrites a node (returns
// true), its new operands are not visited.
void rewriteExprs(Expr &E, const std::function<bool(Expr &)> &Replace) {
  if (Replace(E))
    return;
  for (Expr &Op : E.Operands)
    rewriteExprs(Op, Replace);
}

// The first statement of Body that has a guard, a conditional expression
// whose arms read an array, or a gather (an element that data selects,
// which no staging or promotion by subscripts may move), described for a
// report ("" when none).
std::string conditionalAccess(const std::vector<Node> &Body) {
  std::function<const Expr *(const Expr &)> Gather =
      [&](const Expr &E) -> const Expr * {
    if (E.isGather())
      return &E;
    for (const Expr &Op : E.Operands)
      if (const Expr *G = Gather(Op))
        return G;
    return nullptr;
  };
  std::function<bool(const Expr &)> ReadsArray = [&](const Expr &E) {
    return E.K == Expr::ArrayRef ||
           std::any_of(E.Operands.begin(), E.Operands.end(), ReadsArray);
  };
  // A conditional expression whose arms read no array (a ReLU's `acc > 0
  // ? acc : 0`) selects between values every rewrite keeps as they are: it
  // guards no access. Its condition runs in every iteration, as in the C.
  std::function<bool(const Expr &)> HasSelect = [&](const Expr &E) {
    if (E.K == Expr::Select &&
        (ReadsArray(E.Operands[1]) || ReadsArray(E.Operands[2])))
      return true;
    return std::any_of(E.Operands.begin(), E.Operands.end(), HasSelect);
  };
  for (const Node &N : Body) {
    if (N.isLoop()) {
      std::string Inner = conditionalAccess(N.loop().Body);
      if (!Inner.empty())
        return Inner;
      continue;
    }
    const Stmt &S = N.stmt();
    std::string Line = " at line " + std::to_string(S.Loc.Line);
    for (const Expr *E : S.exprs())
      if (const Expr *G = Gather(*E))
        return "'" + G->str() + "'" + Line +
               " reads an element that data selects (a gather)";
    if (!S.When.empty())
      return "the statement" + Line + " runs under a condition";
    if (HasSelect(S.RHS))
      return "a conditional expression" + Line + " reads an array in one arm";
  }
  return "";
}

bool hasConditionalCode(const std::vector<Node> &Body) {
  return !conditionalAccess(Body).empty();
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
    auto ToRegister = [&](Expr &E) {
      if (E.K != Expr::ArrayRef || E.Name != Name)
        return false;
      E = RegRef;
      return true;
    };
    for (Node &N : K.Body) {
      rewriteExprs(N.stmt().LHS, ToRegister);
      rewriteExprs(N.stmt().RHS, ToRegister);
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
  for (const std::string &V : loopVarsOf(WholeNest))
    LoopVars.insert(V);
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

// Register-tiled kernels: a staged access whose every use in the reduction
// body is multiplied by one read-only scalar parameter of its type (gemm's
// alpha * A[i][k] * B[k][j], which C evaluates as (alpha * A[i][k]) *
// B[k][j]) is staged as the product: the tile holds fl(alpha * A[i][k]),
// computed once per element instead of once per output, and the body
// reads it where it had the product. Each output still uses exactly the
// rounded product C computes, so the result is bit-identical. Any other
// use of the access (alone, under a different factor, scaled by a value
// written in the function or of another type) keeps it unscaled.
void hoistStagedScales(const Function &F, KernelPlan &Plan) {
  Loop &K = Plan.Body[Plan.ReductionIndex].loop();
  for (StagedAccess &S : Plan.Staged) {
    auto IsAccess = [&](const Expr &E) {
      return E.K == Expr::ArrayRef && E.Name == S.Array &&
             E.Subscripts == S.Subscripts;
    };
    auto FactorOf = [&](const Expr &E) -> const Expr * {
      if (E.K != Expr::Binary || E.Op != '*' || E.Type != S.Type)
        return nullptr;
      for (int Side = 0; Side < 2; ++Side) {
        const Expr &X = E.Operands[Side], &Other = E.Operands[1 - Side];
        const Variable *V = X.K == Expr::ScalarRef ? F.lookup(X.Name) : nullptr;
        if (IsAccess(Other) && V && V->VarKind == Variable::ScalarParam &&
            X.Type == S.Type && !writesArray(F.Body, X.Name))
          return &X;
      }
      return nullptr;
    };
    // Every occurrence must sit under the same factor.
    std::optional<Expr> Scale;
    bool Ok = true;
    std::function<void(const Expr &, const Expr *)> Check =
        [&](const Expr &E, const Expr *Parent) {
          if (IsAccess(E)) {
            const Expr *X = Parent ? FactorOf(*Parent) : nullptr;
            if (!X || (Scale && Scale->Name != X->Name))
              Ok = false;
            else
              Scale = *X;
            return;
          }
          for (const Expr &Op : E.Operands)
            Check(Op, &E);
        };
    for (const Node &N : K.Body) {
      const Stmt &St = N.stmt();
      for (const Expr &C : St.When.Data)
        Check(C, nullptr);
      Check(St.RHS, nullptr);
      Check(St.LHS, nullptr);
    }
    if (!Ok || !Scale)
      continue;
    auto ToAccess = [&](Expr &E) {
      if (!FactorOf(E))
        return false;
      E = Expr(E.Operands[IsAccess(E.Operands[0]) ? 0 : 1]);
      return true;
    };
    // Every use the check above accepted, guards included (the
    // register-tiled kernel refuses guarded statements today).
    for (Node &N : K.Body) {
      for (Expr &C : N.stmt().When.Data)
        rewriteExprs(C, ToAccess);
      rewriteExprs(N.stmt().RHS, ToAccess);
    }
    S.Scale = Scale;
    Plan.Remarks.push_back("'" + Scale->Name + " * " +
                           Expr::arrayRef(S.Array, S.Type, S.Subscripts).str() +
                           "' is computed once per element as it enters '" +
                           S.TileName + "' (the same rounded product)");
  }
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
  // The vector path (KernelPlan::TransposeVector).
  auto Vectorizable = [&](const std::string &Array,
                          const std::vector<IndexExpr> &Subs,
                          const std::string &Fast, const std::string &Slow) {
    const Variable *V = F.lookup(Array);
    if (!V)
      return false;
    static const std::set<std::string> VectorTypes = {
        "char", "uchar", "short", "ushort", "int",
        "uint", "long",  "ulong", "float", "double"};
    if (!VectorTypes.count(elemTypeCLName(V->Type)))
      return false;
    IndexExpr Flat = flatIndex(F, Array, Subs);
    auto Step = [&](const std::string &Var) {
      return Flat.substitute(Var, IndexExpr::symbol(Var) +
                                      IndexExpr::constant(1)) -
             Flat;
    };
    IndexExpr FastStep = Step(Fast), SlowStep = Step(Slow);
    if (!FastStep.isConstant() || FastStep.constantPart() != 1)
      return false;
    return !SlowStep.mentions(V0) && !SlowStep.mentions(V1);
  };
  bool Rectangular = true;
  for (const MappedLoop &M : Plan.Band)
    for (const std::vector<IndexExpr> *Bounds : {&M.Lower, &M.Upper})
      for (const IndexExpr &B : *Bounds)
        Rectangular &= !B.mentions(V0) && !B.mentions(V1);
  Plan.TransposeVector =
      Rectangular && S.When.empty() &&
      Vectorizable(Reads[0]->Name, Reads[0]->Subscripts, V0, V1) &&
      Vectorizable(S.LHS.Name, S.LHS.Subscripts, V1, V0);
  return true;
}

// An option the user gave that this nest cannot honour: a warning at the
// nest (the user asked for it) and the same words in --print-mapping.
// Options the mapping stage chose (MappingOptions::Automatic) were not
// asked for: only the remark.
void notApplied(KernelPlan &Plan, std::vector<Diagnostic> &Diags,
                const MappingOptions &Opts, const std::string &Flag,
                const std::string &Why) {
  if (Opts.Automatic) {
    Plan.Remarks.push_back("automatic mapping: " + Why);
    return;
  }
  Plan.Remarks.push_back(Flag + ": " + Why);
  Diags.push_back({Diagnostic::Warning, Plan.Loc, Flag + ": " + Why});
}

std::string tileFlag(const MappingOptions &Opts) {
  return "--tile " + std::to_string(Opts.Tile);
}

std::string registerTileFlag(const MappingOptions &Opts) {
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
                   const MappingOptions &Opts, const std::string &Why) {
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

// The unsigned type of an integer reduction's partial results (see
// ScalarReduction::AccType), or nullopt for a type the reduction does not
// take (the types narrower than int are promoted and converted back at
// every step).
std::optional<ElemType> unsignedPartner(ElemType T) {
  switch (T) {
  case ElemType::Int:
  case ElemType::UInt:
    return ElemType::UInt;
  case ElemType::Long:
  case ElemType::ULong:
    return ElemType::ULong;
  case ElemType::LongLong:
  case ElemType::ULongLong:
    return ElemType::ULongLong;
  default:
    return std::nullopt;
  }
}

// The term an update statement combines into its accumulator: the
// right-hand side of `s += e` (`s -= e`, `s *= e`), the operand of `s = s
// + e` (`s = e * s`, `s = fminf(s, e)`) that is not the accumulator.
// True when a data condition of S's guard reads the variable S assigns
// (`if (e > m) m = e;`).
bool guardReadsTarget(const Stmt &S) {
  std::function<bool(const Expr &)> Reads = [&](const Expr &E) {
    if ((E.K == Expr::ScalarRef || E.K == Expr::ArrayRef) &&
        E.Name == S.LHS.Name)
      return true;
    return std::any_of(E.Operands.begin(), E.Operands.end(), Reads);
  };
  return std::any_of(S.When.Data.begin(), S.When.Data.end(), Reads);
}

const Expr &reductionTerm(const Stmt &S) {
  if (S.Op != AssignOp::Assign || guardReadsTarget(S))
    return S.RHS; // `s += e`, or `if (e > m) m = e;`
  if (S.RHS.K == Expr::Select) {
    const Expr &X = S.RHS.Operands[1];
    bool AccThen = X.K == S.LHS.K && X.Name == S.LHS.Name &&
                   X.Subscripts == S.LHS.Subscripts;
    return S.RHS.Operands[AccThen ? 2 : 1];
  }
  const Expr &A = S.RHS.Operands[0];
  bool AccLeft = A.K == S.LHS.K && A.Name == S.LHS.Name &&
                 A.Subscripts == S.LHS.Subscripts;
  return S.RHS.Operands[AccLeft ? 1 : 0];
}

// A reduction loop (ScalarReduction): Root, whose verdict V is a
// reduction, holds only statements, each an update of one value Target
// with one operator (reductionUpdate) or a write of a private scalar.
// Whole: the loop is a whole nest, Target an element of a buffer (the
// kernels' view makes a function-scope accumulator a one-element
// temporary); else (a row's loop, RowReduction) Target may also be a
// scalar of the row. Fills R (names from Names) and returns true, or
// returns false with the reason in WhyNot.
bool matchReduction(const Function &F, const Loop &Root, const LoopVerdict &V,
                    bool Whole, NameTable &Names, ScalarReduction &R,
                    std::string &WhyNot, bool ScalarTargetOK = false) {
  if (!V.Reduction)
    return false;
  if (Root.Step != 1 && Root.Step != -1) {
    WhyNot = "it has step " + std::to_string(Root.Step);
    return false;
  }
  // A whole nest: loops perfectly nested in Root with unit steps and
  // bounds free of the outer ones (a rectangle) are flattened into one
  // iteration space (`for i for j s += A[i][j]`).
  const Loop *Inner = &Root;
  std::vector<std::string> Vars = {Root.Var};
  R.Depth = 1;
  while (Whole && Inner->Body.size() == 1 && Inner->Body[0].isLoop()) {
    const Loop &L = Inner->Body[0].loop();
    bool Rect = L.Step == 1 || L.Step == -1;
    for (const std::string &Var : Vars)
      Rect &= !boundsMention(L, Var);
    if (!Rect) {
      WhyNot = "loop '" + L.Var +
               "' inside it has a step other than 1 or "
               "bounds that depend on an outer loop";
      return false;
    }
    Vars.push_back(L.Var);
    Inner = &L;
    ++R.Depth;
  }
  std::optional<Expr> Target;
  std::optional<ReductionOp> Op;
  for (const Node &N : Inner->Body) {
    if (N.isLoop()) {
      WhyNot = "the loop has a loop inside that is not perfectly nested "
               "(only statements, in one loop or a perfect rectangular "
               "nest, become a work-group tree reduction)";
      return false;
    }
    const Stmt &S = N.stmt();
    const Variable *LV = F.lookup(S.LHS.Name);
    bool Scalar = S.LHS.K == Expr::ScalarRef && LV &&
                  LV->VarKind == Variable::LocalScalar;
    if (Scalar && classifyScalar(F, *Inner, S.LHS.Name) == VarClass::Private)
      continue; // a private scalar of the iteration
    // An element's term may read other elements of its array: V, the
    // analysis' verdict, proved that they never reach the target
    // (findElementReduction).
    std::optional<ReductionOp> This = S.LHS.K == Expr::ArrayRef
                                          ? elementUpdate(S, S.LHS)
                                          : reductionUpdate(S, S.LHS.Name);
    if ((S.LHS.K != Expr::ArrayRef &&
         ((Whole && !ScalarTargetOK) || !Scalar)) ||
        !This) {
      WhyNot = "statement '" + S.LHS.str() +
               " ...' is neither a reduction update nor a private scalar";
      return false;
    }
    if (Target && (Target->Name != S.LHS.Name ||
                   Target->Subscripts != S.LHS.Subscripts || *Op != *This)) {
      WhyNot = "it updates more than one element or with more than one "
               "operator";
      return false;
    }
    for (const IndexExpr &Sub : S.LHS.Subscripts)
      for (const std::string &Var : Vars)
        if (Sub.mentions(Var)) {
          WhyNot = "the updated element depends on loop '" + Var + "'";
          return false;
        }
    Target = S.LHS;
    Op = This;
    R.ComparisonForm |=
        (*This == ReductionOp::Min || *This == ReductionOp::Max) &&
        (S.RHS.K == Expr::Select || guardReadsTarget(S));
    const Expr &Term = reductionTerm(S);
    ElemType T = S.LHS.Type;
    bool Float = isFloatingType(T);
    bool Ok =
        Float ? Term.Type == T
              : unsignedPartner(T) &&
                    (*This == ReductionOp::Sum || *This == ReductionOp::Product
                         ? !isFloatingType(Term.Type)
                         : Term.Type == T);
    if (!Ok) {
      WhyNot = std::string("the accumulator '") + S.LHS.str() + "' has type " +
               elemTypeName(T) + " and its term type " +
               elemTypeName(Term.Type) +
               " (a work-group tree reduction needs terms of the "
               "accumulator's type: float, double, int, unsigned or long)";
      return false;
    }
  }
  const Variable *TV = Target ? F.lookup(Target->Name) : nullptr;
  if (!TV || (Whole && !ScalarTargetOK && !TV->isParam())) {
    WhyNot = "no array element is updated";
    return false;
  }
  R.Op = *Op;
  R.Target = *Target;
  visitExprs(Inner->Body, [&](const Expr &E, bool) {
    R.TermsReadTargetArray |= E.K == Expr::ArrayRef && E.Name == Target->Name &&
                              E.Subscripts != Target->Subscripts;
  });
  ElemType T = Target->Type;
  bool Float = isFloatingType(T);
  bool Wraps =
      !Float && (R.Op == ReductionOp::Sum || R.Op == ReductionOp::Product);
  R.AccType = Wraps ? *unsignedPartner(T) : T;
  std::string CL = elemTypeCLName(R.AccType);
  bool Signed =
      T == ElemType::Int || T == ElemType::Long || T == ElemType::LongLong;
  bool Wide = elemTypeBytes(T) == 8;
  switch (R.Op) {
  case ReductionOp::Sum:
    R.Identity = T == ElemType::Float    ? "-0.0f"
                 : T == ElemType::Double ? "-0.0"
                                         : "(" + CL + ")0";
    break;
  case ReductionOp::Product:
    R.Identity = T == ElemType::Float    ? "1.0f"
                 : T == ElemType::Double ? "1.0"
                                         : "(" + CL + ")1";
    break;
  case ReductionOp::Min:
  case ReductionOp::Max: {
    bool Min = R.Op == ReductionOp::Min;
    if (Float && R.ComparisonForm)
      R.Identity = std::string(T == ElemType::Float ? "" : "(double)") +
                   (Min ? "INFINITY" : "-INFINITY");
    else if (Float)
      R.Identity = T == ElemType::Float ? "NAN" : "(double)NAN";
    else if (Signed)
      R.Identity = Wide ? (Min ? "LONG_MAX" : "LONG_MIN")
                        : (Min ? "INT_MAX" : "INT_MIN");
    else
      R.Identity = Min ? (Wide ? "ULONG_MAX" : "UINT_MAX") : "(" + CL + ")0";
    break;
  }
  }
  R.Reorders =
      Float && (R.Op == ReductionOp::Sum || R.Op == ReductionOp::Product);
  R.Acc = Names.fresh(Target->Name + "_acc");
  R.Scratch = Names.fresh(Target->Name + "_loc");
  R.Reason = std::string(R.Reorders ? "reassociated (validated with the "
                                      "reordered-reduction tolerance)"
                         : Float    ? "min/max (exact in any order)"
                                    : "integer (exact in any order)");
  return true;
}

bool planScalarReduction(const Function &F, const Loop &Root,
                         const LoopVerdict &V, KernelPlan &Plan,
                         std::string &WhyNot) {
  ScalarReduction &R = Plan.Reduce;
  if (!matchReduction(F, Root, V, true, Plan.Names, R, WhyNot))
    return false;
  R.Partials = Plan.Names.fresh(R.Target.Name + "_part");
  R.FinalKernel = Plan.Names.fresh(Plan.Name + "_final");
  R.Reason = "loop '" + Root.Var + "' is a " + V.Reason +
             " and has no parallel loop: a work-group tree reduction, " +
             R.Reason;
  return true;
}
// True when the access's address moves by one element when Var does and
// by more (or by a variable amount) when Row does: read by one work-item
// per row, consecutive work-items are a row apart (uncoalesced); read with
// Var across the work-items, coalesced.
bool alongRows(const Function &F, const Expr &E, const std::string &Var,
               const std::string &Row) {
  if (E.K != Expr::ArrayRef || !isStrideOne(F, E.Name, E.Subscripts, Var))
    return false;
  IndexExpr Flat = flatIndex(F, E.Name, E.Subscripts);
  return Flat.mentions(Row) && !isStrideOne(F, E.Name, E.Subscripts, Row);
}

// Per-row reductions (ReduceRows): the band is one parallel loop (the
// rows), its body statements, reduction loops and parallel loops of
// statements, and some reduction's reads go along the rows. Fills
// Plan.Rows and returns true; false keeps the naive kernel.
bool planRowReduction(const Function &F, const Loop &Row,
                      const NestDependences &ND,
                      const std::map<const Loop *, unsigned> &Ids,
                      KernelPlan &Plan) {
  NameTable Names = Plan.Names;
  std::vector<RowSegment> Segs;
  std::string Strided, Across;
  bool AnyReduce = false;
  for (size_t I = 0; I < Row.Body.size(); ++I) {
    const Node &N = Row.Body[I];
    RowSegment S;
    S.Index = I;
    if (!N.isLoop()) {
      const Stmt &St = N.stmt();
      const Variable *V = F.lookup(St.LHS.Name);
      if (!V)
        return false;
      if (St.LHS.K == Expr::ScalarRef && V->VarKind == Variable::LocalScalar)
        S.K = RowSegment::Uniform;
      else if (V->isParam())
        S.K = RowSegment::Single;
      else
        return false; // a local array element: no copy per work-item
      Segs.push_back(S);
      continue;
    }
    const Loop &L = N.loop();
    auto It = Ids.find(&L);
    if (It == Ids.end() || (L.Step != 1 && L.Step != -1) ||
        std::any_of(L.Body.begin(), L.Body.end(),
                    [](const Node &C) { return C.isLoop(); }))
      return false;
    const LoopVerdict &V = ND.Verdicts[It->second];
    std::string WhyNot;
    if (V.Parallel) {
      // Its iterations go to different work-items: what they write must be
      // memory that all of them see (a parameter array), not a work-item's
      // own local (`w[q]` spread over the lanes, then `w[1]` read by lane 0
      // alone: fuzz seed 1601018).
      bool Shared = true;
      forEachStmt(L.Body, [&](const Stmt &St, const std::vector<const Loop *> &) {
        const Variable *W = F.lookup(St.LHS.Name);
        Shared &= W && W->isParam();
      });
      if (!Shared)
        return false;
      S.K = RowSegment::Spread;
    } else if (matchReduction(F, L, V, false, Names, S.R, WhyNot)) {
      S.K = RowSegment::Reduce;
      AnyReduce = true;
      visitExprs(L.Body, [&](const Expr &E, bool IsWrite) {
        if (!IsWrite && Strided.empty() && alongRows(F, E, L.Var, Row.Var))
          Strided = E.str();
        // Read along the row loop, moving with the reduction: a column.
        if (!IsWrite && Across.empty() && E.K == Expr::ArrayRef &&
            isStrideOne(F, E.Name, E.Subscripts, Row.Var) &&
            flatIndex(F, E.Name, E.Subscripts).mentions(L.Var))
          Across = E.str();
      });
    } else {
      return false;
    }
    Segs.push_back(S);
  }
  if (!AnyReduce || (Strided.empty() && Across.empty()))
    return false;
  Plan.Rows = std::move(Segs);
  Plan.Names = Names;
  if (Strided.empty()) {
    Plan.ColumnLanes = true;
    Plan.Remarks.push_back(
        "automatic mapping: " + std::to_string(ColumnsPerGroup) +
        " consecutive iterations of loop '" + Row.Var +
        "' per work-group, each with " + std::to_string(LanesPerColumn) +
        " work-items: its reduction reads " + Across +
        " along the loop (coalesced across the work-group), and one "
        "work-item per iteration would leave the device idle where the "
        "iterations are few; the lanes combine their shares in a tree in "
        "local memory");
    return true;
  }
  Plan.Remarks.push_back(
      "automatic mapping: one work-group per iteration of loop '" + Row.Var +
      "': its reduction reads " + Strided +
      " along the row, so one work-item per row would read strided along "
      "dimension 0 (uncoalesced); the row's work-items take consecutive "
      "elements instead (coalesced) and combine them in a tree in local "
      "memory");
  return true;
}

} // namespace

bool looptile::isWholeNestReduction(const Function &F, const Loop &Root,
                                    const LoopVerdict &V, std::string *WhyNot) {
  NameTable Names;
  ScalarReduction R;
  std::string Why;
  bool OK = matchReduction(F, Root, V, true, Names, R, Why, true);
  if (WhyNot)
    *WhyNot = Why;
  return OK;
}

std::string looptile::combineText(ReductionOp Op, ElemType T,
                                  const std::string &A, const std::string &B) {
  bool Float = isFloatingType(T);
  switch (Op) {
  case ReductionOp::Sum:
    return A + " + " + B;
  case ReductionOp::Product:
    return A + " * " + B;
  case ReductionOp::Min:
    return std::string(Float ? "fmin(" : "min(") + A + ", " + B + ")";
  case ReductionOp::Max:
    return std::string(Float ? "fmax(" : "max(") + A + ", " + B + ")";
  }
  return A;
}

std::string looptile::finalText(const ScalarReduction &R,
                                const std::string &Old,
                                const std::string &Total) {
  ElemType T = R.Target.Type;
  if (R.ComparisonForm)
    return "(" + Total + (R.Op == ReductionOp::Max ? " > " : " < ") + Old +
           ") ? " + Total + " : " + Old;
  if (T == R.AccType || isFloatingType(T))
    return combineText(R.Op, T, Old, Total);
  // An integer sum or product of a signed target: combined in the
  // unsigned type, then reinterpreted (two's complement, bit for bit).
  std::string S = elemTypeCLName(T), U = elemTypeCLName(R.AccType);
  return "as_" + S + "(" +
         combineText(R.Op, R.AccType, "as_" + U + "(" + Old + ")", Total) + ")";
}

namespace {

// An in-order reduction `acc op= term` (KernelPlan::ParallelTerms): the
// loop's one statement, unconditional, of step 1, updating with +, - or *
// one element that does not move with the loop, a term of the element's
// type that reads nothing of the element's array. The loop writes nothing
// else, so every term reads what it reads in the C, whenever it is
// computed; combined in the C's order from terms of the element's type,
// the result is the C's bit for bit. On an H200 at n = 2000 (bench/
// RESULTS.md, 2026-11-28): Durbin 19.4 -> 17.5 ms, ludcmp 139.9 -> 69.5.
void planParallelTerms(const Loop &Root, KernelPlan &Plan) {
  if (Root.Step != 1 || Root.Body.size() != 1 || Root.Body[0].isLoop())
    return;
  const Stmt &S = Root.Body[0].stmt();
  if (!S.When.empty() || S.DeclType ||
      (S.Op != AssignOp::AddAssign && S.Op != AssignOp::SubAssign &&
       S.Op != AssignOp::MulAssign) ||
      S.LHS.K != Expr::ArrayRef || S.RHS.Type != S.LHS.Type ||
      (S.LHS.Type != ElemType::Float && S.LHS.Type != ElemType::Double))
    return;
  for (const IndexExpr &E : S.LHS.Subscripts)
    if (E.mentions(Root.Var))
      return;
  bool ReadsTarget = false;
  std::function<void(const Expr &)> Walk = [&](const Expr &E) {
    ReadsTarget |= E.Name == S.LHS.Name;
    for (const Expr &O : E.Operands)
      Walk(O);
  };
  Walk(S.RHS);
  if (ReadsTarget)
    return;
  Plan.ParallelTerms = true;
  Plan.Remarks.push_back(
      "in a host loop's kernel of one work-group, the work-items compute "
      "the terms of loop '" + Root.Var + "' a chunk at a time into local "
      "memory, and work-item 0 combines them in the C's order");
}

// A naive kernel of two or more mapped loops whose reads overlap from one
// iteration of the loop mapped to dimension 1 to the next (a stencil:
// Jacobi's A[i + 1][j] is the next row's A[i][j]) gives each work-item
// StripRows consecutive iterations of that loop, run in order. Every
// mapped loop is parallel (the plan's band), so any assignment of its
// iterations to work-items computes what the C computes (lecture 02, the
// parallel-loop theorem); the strip only lets the OpenCL compiler load an
// element shared by two of a work-item's rows once. Measured on an H200
// (bench/RESULTS.md, 2026-11-28): a float Jacobi sweep of 8192^2 from 1.97
// to 1.22 times a copy of the grid with 4 rows on 32 x 4 work-items, a
// 3 x 3 convolution from 2.39 to 1.34. Only
// with the default work-group (no --tile: a tile asked for is kept as
// asked), a rectangular band, and a body of statements (a body that runs a
// loop is not a stencil's).
void planRowStrips(const Function &F, KernelPlan &Plan) {
  constexpr int64_t Rows = 4;
  const MappedLoop *M1 = Plan.byDim(1);
  if (Plan.K != KernelPlan::Naive || !M1 || Plan.Triangular ||
      std::any_of(Plan.Body.begin(), Plan.Body.end(),
                  [](const Node &N) { return N.isLoop(); }))
    return;
  // The flat indices each array is read at.
  std::map<std::string, std::vector<IndexExpr>> Reads;
  visitExprs(Plan.Body, [&](const Expr &E, bool IsWrite) {
    const Variable *V = E.K == Expr::ArrayRef ? F.lookup(E.Name) : nullptr;
    if (!IsWrite && V && V->VarKind != Variable::LocalArray)
      Reads[E.Name].push_back(flatIndex(F, E.Name, E.Subscripts));
  });
  // Two reads of an array a few iterations of M1 apart.
  auto Overlap = [&](const IndexExpr &A, const IndexExpr &B) {
    if (!A.mentions(M1->Var))
      return false;
    for (int64_t C = 1; C < Rows; ++C) {
      IndexExpr Next =
          A.substitute(M1->Var, IndexExpr::symbol(M1->Var) +
                                    IndexExpr::constant(C));
      IndexExpr D = Next - B;
      if (D.isConstant() && D.constantPart() == 0)
        return true;
    }
    return false;
  };
  // The reads a strip saves: those that are another read of the same
  // array a few rows on. One is not worth it (fdtd-2d's `hz[i][j] -
  // hz[i - 1][j]` ran 3% slower in strips); two or more are (Jacobi's
  // three rows of a column, a 3 x 3 convolution's six).
  unsigned Saved = 0;
  std::string Arrays;
  for (const auto &[Array, Flats] : Reads) {
    unsigned Before = Saved;
    for (size_t B = 0; B < Flats.size(); ++B)
      for (size_t A = 0; A < Flats.size(); ++A)
        if (A != B && Overlap(Flats[A], Flats[B])) {
          ++Saved;
          break;
        }
    if (Saved != Before)
      Arrays += (Arrays.empty() ? "'" : ", '") + Array + "'";
  }
  if (Saved < 2)
    return;
  Plan.StripRows = Rows;
  // 32 consecutive work-items along a row (a warp's coalesced reads) by 4
  // strips (by 2 planes in 3-D): the measured best of 16 x 16, 32 x 8 and
  // 32 x 4, and of 16 x 4 x 4 (slower than one row per work-item),
  // 32 x 4 x 2, 32 x 2 x 2 and 64 x 2 x 2.
  if (Plan.WorkGroup.size() == 2)
    Plan.WorkGroup = {32, 4};
  else if (Plan.WorkGroup.size() == 3)
    Plan.WorkGroup = {32, 4, 2};
  Plan.Remarks.push_back(
      "a work-item runs " + Plan.tunable("RS") + " = " + std::to_string(Rows) +
      " consecutive iterations of loop '" + M1->Var +
      "' (dimension 1): " + std::to_string(Saved) + " reads of " + Arrays +
      " are another's a few iterations on, loaded once");
}

// The lecture's "fully fused program" (lecture 04, "Exercise 3: Fused
// Program With Coalesced Accesses"): a naive kernel of one mapped loop
// whose body walks a row sequentially (`for i parallel { accum = 0; for j
// sequential { .. A[i][j] ..; B[i][j] = ..; } }`) reads and writes with a
// stride of a row between consecutive work-items. Its work-group instead
// copies a chunk of its rows into local memory with consecutive work-items
// on consecutive elements (coalesced), each work-item runs its row's part
// of the chunk from the tile, in the original order, and the work-group
// copies the written chunk back the same way. Nothing is reordered within
// a work-item, and the mapped loop is parallel, so the result is the
// naive kernel's. Staged: a read whose array the nest does not write, and a
// write (a plain assignment in every iteration) whose array the nest does
// not read and writes nowhere else; every iteration performs both, so the
// copies touch exactly the elements the C touches. Returns false (Plan
// unchanged) where the nest does not have this form.
bool planRowStaged(const Function &F, KernelPlan &Plan) {
  if (Plan.K != KernelPlan::Naive || Plan.Band.size() != 1 ||
      Plan.Triangular || Plan.IndexType != "int")
    return false;
  const std::string &I = Plan.Band[0].Var;
  size_t RowIndex = Plan.Body.size();
  for (size_t N = 0; N < Plan.Body.size(); ++N)
    if (Plan.Body[N].isLoop()) {
      if (RowIndex != Plan.Body.size())
        return false; // one row loop
      RowIndex = N;
    }
  if (RowIndex == Plan.Body.size())
    return false;
  const Loop &J = Plan.Body[RowIndex].loop();
  if (J.Step != 1 || boundsMention(J, I) || hasConditionalCode({Plan.Body[RowIndex]}) ||
      std::any_of(J.Body.begin(), J.Body.end(),
                  [](const Node &N) { return N.isLoop(); }))
    return false;
  std::set<std::string> Read, Written;
  visitExprs(Plan.Body, [&](const Expr &E, bool IsWrite) {
    if (E.K == Expr::ArrayRef)
      (IsWrite ? Written : Read).insert(E.Name);
  });
  // Along the row (stride one in j) and a row apart between work-items.
  auto AlongRow = [&](const Expr &E) {
    const Variable *V = F.lookup(E.Name);
    return V && V->VarKind != Variable::LocalArray &&
           isStrideOne(F, E.Name, E.Subscripts, J.Var) &&
           flatIndex(F, E.Name, E.Subscripts).mentions(I) &&
           !isStrideOne(F, E.Name, E.Subscripts, I);
  };
  std::vector<RowAccess> Staged;
  auto Add = [&](const Expr &E, bool Write) {
    for (const RowAccess &A : Staged)
      if (A.Array == E.Name && A.Subscripts == E.Subscripts)
        return;
    Staged.push_back({E.Name, E.Subscripts, E.Type, Write, ""});
  };
  bool Refused = false;
  for (const Node &N : J.Body) {
    const Stmt &S = N.stmt();
    visitExprs({N}, [&](const Expr &E, bool IsWrite) {
      if (E.K != Expr::ArrayRef || IsWrite || !AlongRow(E) ||
          Written.count(E.Name))
        return;
      Add(E, false);
    });
    if (S.LHS.K == Expr::ArrayRef && AlongRow(S.LHS) &&
        !Read.count(S.LHS.Name)) {
      if (S.Op != AssignOp::Assign)
        continue;
      Add(S.LHS, true);
    }
  }
  // A staged write's array is written only there, with those subscripts.
  visitExprs(Plan.Body, [&](const Expr &E, bool IsWrite) {
    if (!IsWrite || E.K != Expr::ArrayRef)
      return;
    for (const RowAccess &A : Staged)
      Refused |= A.Write && A.Array == E.Name && A.Subscripts != E.Subscripts;
  });
  for (const Node &N : Plan.Body)
    if (!N.isLoop())
      for (const RowAccess &A : Staged)
        Refused |= A.Write && N.stmt().LHS.Name == A.Array;
  if (Refused || Staged.empty())
    return false;
  // The defaults. Rows per work-group: 32, one warp of NVIDIA's, so that
  // a typical row count gives several work-groups per compute unit (8192
  // rows are 256 work-groups over an H100's 132). Work-items per row in the
  // copies: 4 (128 work-items, four warps to issue the copies, a quarter of
  // a chunk's elements each in registers). Columns per chunk: the widest of
  // 128, 64, 32, 16 or 8 whose tiles fit in 40 KiB of local memory (under
  // the 48 KiB every GPU has, leaving room for a second work-group on
  // devices with more) and whose prefetch registers (a work-item's share of
  // the next chunk's read elements) take at most 64 32-bit registers; 128
  // moved lecture 04's coalescing program at the copy bandwidth on an H100
  // (1.00 of it at 8192^2, 0.92 with 64: bench/RESULTS.md). One
  // column of padding: a work-item's walk along its row reads a column of
  // the tile across the work-group, and an odd row pitch spreads that
  // column over the banks.
  int64_t RowBytes = 0, ReadWords = 0;
  for (const RowAccess &A : Staged) {
    RowBytes += elemTypeBytes(A.Type);
    if (!A.Write)
      ReadWords += (elemTypeBytes(A.Type) + 3) / 4;
  }
  int64_t Rows = 32, Lanes = 4, Chunk = 128, Pad = 1;
  auto Fits = [&] {
    return Rows * (Chunk + Pad) * RowBytes <= 40960 &&
           Chunk * ReadWords <= 64 * Lanes;
  };
  while (Chunk > 8 && !Fits())
    Chunk /= 2;
  if (!Fits())
    return false;
  // Vectors of four: every staged access's flat index moves by one along
  // the row and by a stride free of the loop variables between rows.
  bool Vector = true;
  for (RowAccess &A : Staged) {
    IndexExpr Flat = flatIndex(F, A.Array, A.Subscripts);
    IndexExpr Stride =
        Flat.substitute(I, IndexExpr::symbol(I) + IndexExpr::constant(1)) -
        Flat;
    A.VectorFetch = Flat.coeffOf(J.Var) == 1 && !Stride.mentions(I) &&
                    !Stride.mentions(J.Var);
    Vector &= A.VectorFetch;
  }
  // Two accesses of one array a constant apart that is not a multiple of 4
  // (X[i][j + 1] and X[i][j]) are never aligned together: no vector path.
  for (size_t A = 0; A < Staged.size(); ++A)
    for (size_t O = A + 1; O < Staged.size(); ++O) {
      IndexExpr D = flatIndex(F, Staged[A].Array, Staged[A].Subscripts) -
                    flatIndex(F, Staged[O].Array, Staged[O].Subscripts);
      if (Staged[A].Array == Staged[O].Array && D.isConstant() &&
          D.constantPart() % 4 != 0)
        Vector = false;
    }
  for (RowAccess &A : Staged)
    A.TileName = Plan.Names.fresh(A.Array + "_row");
  Plan.K = KernelPlan::RowStaged;
  Plan.ReductionIndex = RowIndex;
  Plan.RowStagedAccesses = std::move(Staged);
  Plan.RowsPerGroup = Rows;
  Plan.ChunkColumns = Chunk;
  Plan.RowPad = Pad;
  Plan.RowLanes = Lanes;
  Plan.RowPrefetch = true;
  Plan.RowVector = Vector;
  Plan.WorkGroup = {Rows};
  // The automatic mapping's note that the nest gets the naive kernel no
  // longer holds.
  Plan.Remarks.erase(
      std::remove_if(Plan.Remarks.begin(), Plan.Remarks.end(),
                     [](const std::string &R) {
                       return R.find("generating the naive kernel") !=
                              std::string::npos;
                     }),
      Plan.Remarks.end());
  Plan.Remarks.push_back(
      "loop '" + J.Var +
      "' walks each work-item's row, stored along it: "
      "chunks of the work-group's rows are staged in local memory with "
      "coalesced copies (the lecture's fused program), the next chunk's "
      "loads in flight while the current one is walked" +
      std::string(Vector ? ", as vectors of four where the rows align" : ""));
  return true;
}

// planKernel without the row staging.
bool planMapping(const Function &F, unsigned NestIndex,
                 const std::string &Name, const NameTable &Names,
                 const MappingOptions &Opts, KernelPlan &Plan,
                 std::vector<Diagnostic> &Diags) {
  const Loop &Root = F.Body[NestIndex].loop();
  Plan.Name = Name;
  Plan.Names = Names;
  Plan.NestIndex = NestIndex;
  Plan.Loc = Root.Loc;
  Plan.Tile = Opts.Tile;
  Plan.RegRows = Opts.RegRows;
  Plan.RegCols = Opts.RegCols;

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
    std::string WhyNot;
    if (Plan.InOrderReductions && V.Reduction) {
      Plan.K = KernelPlan::SingleWorkItem;
      Plan.Body = {F.Body[NestIndex]};
      Plan.Remarks.push_back(
          "loop '" + Root.Var + "' is a reduction run in one work-item in the "
          "C's order: a host loop's recurrence could amplify the rounding of "
          "another order (it is launched from a host loop, or a host loop "
          "carries its result)");
      planParallelTerms(Root, Plan);
      return true;
    }
    if (planScalarReduction(F, Root, V, Plan, WhyNot)) {
      Plan.K = KernelPlan::ReduceScalar;
      Plan.Body = {F.Body[NestIndex]};
      Plan.WorkGroup = {MaxDefaultWorkGroup};
      Plan.Remarks.push_back(Plan.Reduce.Reason);
      return true;
    }
    std::string Why = Root.Step != 1 && Root.Step != -1
                          ? "it has step " + std::to_string(Root.Step)
                          : V.Reason;
    Diags.push_back({Diagnostic::Error, Root.Loc,
                     "cannot map loop '" + Root.Var +
                         "' to OpenCL work-items: " + Why});
    if (!WhyNot.empty())
      Diags.push_back({Diagnostic::Note, Root.Loc,
                       "no work-group tree reduction either: " + WhyNot});
    Diags.push_back({Diagnostic::Note, Root.Loc,
                     "looptile maps the outermost parallel loops to the "
                     "NDRange; pass --single-work-item to run this nest in "
                     "one work-item"});
    return false;
  }
  // A band whose loops each run exactly once (the loop of one iteration
  // that holds statements outside any loop, OpenCL.cpp's
  // withStatementsInLoops, or a user's `for (i = 0; i < 1; i++)`) has one
  // iteration to map: one work-item runs the nest, instead of a
  // work-group of which all but one work-item would return at once.
  auto RunsOnce = [](const Loop *L) {
    return L->Lower.size() == 1 && L->Upper.size() == 1 &&
           L->Lower.front().isConstant() && L->Upper.front().isConstant() &&
           L->Lower.front().constantPart() == L->Upper.front().constantPart();
  };
  if (std::all_of(Band.begin(), Band.end(), RunsOnce)) {
    Plan.K = KernelPlan::SingleWorkItem;
    Plan.Body = {F.Body[NestIndex]};
    Plan.Remarks.push_back("every loop of the band runs once: one "
                           "work-item runs the nest");
    return true;
  }
  Plan.Body = Band.back()->Body;

  // Dimension 0: the loop with the most stride-1 accesses, innermost on
  // ties. Where no loop has one, the loop with the most accesses of a short
  // constant stride (2 to 8 elements: a wavefront's A[i][c - 4*t - 2*i],
  // whose t moves 4 elements and i a row), so that a warp's accesses share
  // cache lines.
  std::vector<unsigned> Score(Band.size(), 0), Short(Band.size(), 0);
  visitExprs(Plan.Body, [&](const Expr &E, bool) {
    if (E.K != Expr::ArrayRef)
      return;
    for (unsigned B = 0; B < Band.size(); ++B) {
      Score[B] += isStrideOne(F, E.Name, E.Subscripts, Band[B]->Var);
      Short[B] += shortStride(F, E.Name, E.Subscripts, Band[B]->Var) > 1;
    }
  });
  if (*std::max_element(Score.begin(), Score.end()) == 0)
    Score = Short;
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

  // A kernel launched from a host loop keeps the C's order of a reduction
  // whose order changes its result (a float sum: the host loop's recurrence
  // can amplify the difference, docs/runtime.md); one exact in any order
  // (min, max, integer arithmetic: nussinov's max over k) is shared out
  // over a work-group as anywhere else.
  if (Opts.RowReductions && Plan.Band.size() == 1 && !Plan.Triangular &&
      (!Opts.Tile || Opts.Automatic)) {
    KernelPlan ByRows = Plan;
    if (planRowReduction(F, *Band.back(), ND, Ids, ByRows) &&
        (!ByRows.InOrderReductions ||
         std::none_of(ByRows.Rows.begin(), ByRows.Rows.end(),
                      [](const RowSegment &S) {
                        return S.K == RowSegment::Reduce && S.R.Reorders;
                      }))) {
      Plan = std::move(ByRows);
      Plan.K = KernelPlan::ReduceRows;
      Plan.WorkGroup = {Plan.ColumnLanes ? ColumnsPerGroup
                                         : MaxDefaultWorkGroup};
      Plan.Lanes = Plan.ColumnLanes ? LanesPerColumn : 0;
      return true;
    }
  }
  if (!Opts.Tile) {
    chooseNaiveWorkGroup(Plan, 0);
    return true;
  }

  bool RegisterTile = Opts.RegRows && Opts.RegCols;
  // The tiled kernels stage float, double or int data, and compute their
  // indices in the kernel's index type (int, or long where a size or loop
  // variable is not int, as the naive kernel does: the same values as the
  // C's, IntegerWrap.h); staging, register promotion and the transposition
  // pattern rewrite accesses without regard to when they run, so
  // conditional code that guards an access keeps the plain kernel.
  std::string NoTiling;
  std::string OtherType;
  for (const std::vector<Variable> *Vars : {&F.Params, &F.Locals})
    for (const Variable &V : *Vars)
      if (V.VarKind != Variable::SizeParam && OtherType.empty() &&
          !isFloatingType(V.Type) && V.Type != ElemType::Int)
        OtherType = V.Name;
  if (!OtherType.empty())
    NoTiling = " ('" + OtherType +
               "' is not of type float, double or int, the data types the "
               "tiles stage)";
  else if (std::string C = conditionalAccess({F.Body[NestIndex]});
           !C.empty())
    NoTiling = " (" + C + ")";
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
  if (Plan.K == KernelPlan::Register)
    hoistStagedScales(F, Plan);
  // The warp tile (KernelPlan::WarpRows): 32 work-items (an NVIDIA warp),
  // 4 rows of 8, where the work-group's sides (T x T work-items in every
  // preset) divide into them. A warp then reads per reduction step 4
  // distinct vectors of the dimension-1 tile and 8 of the dimension-0 tile
  // (64 and 128 bytes: each one pass of the banks, the other work-items'
  // reads broadcasts), where one grid over a 16 x 16 work-group reads 2
  // and 16 (256 bytes, two passes); a warp's rows of outputs are 8 pieces
  // of VW adjacent elements, contiguous. Offered, not the default, until a
  // GPU measures it faster (bench/raw/2026-11-23-h100-warp-tile-variants.list
  // is the experiment).
  if (Plan.K == KernelPlan::Register && Opts.Tile % 8 == 0) {
    Plan.WarpRows = 4;
    Plan.WarpCols = 8;
    Plan.WarpTileByDefault = false;
  }
  // The interior loop (KernelPlan::InteriorLoop): offered to every
  // register-tiled kernel, not the default until a GPU measures it faster.
  if (Plan.K == KernelPlan::Register) {
    Plan.InteriorLoop = true;
    Plan.SplitByDefault = false;
  }
  // The tall preset (KernelPlan::TallPreset): 256 x 128 outputs per
  // work-group, 16 x 8 per work-item, is what cuBLAS's fastest FP32 kernel
  // on an H100 computes per block (tile 256x128x8, 256 threads, 254
  // registers; bench/RESULTS.md, the Nsight Compute profile of 2026-11-24).
  // Measured there with one local tile per operand (NBUF = 1: 24.8 KB of
  // local memory), reduction step 16, warp tiles, the interior loop and
  // bands of 8: 2.91 ms at 4096^3 against 3.38 for the 128 x 128 preset,
  // and 0.93 of cuBLAS. Its 128 accumulators take 255 registers: only a
  // single statement on two float operands, with the 8 x 8 block of 16 x 16
  // work-items it doubles, is given it (two accumulators, or double, would
  // spill), and only where the operand of the rows (NDRange dimension 1) is
  // read along the reduction (A[i][k]: mmm.c, A*B^T), the forms measured.
  // With it read across (A[k][i]) PoCL 3.1's default work-group method
  // crashes on the kernel (oclgrind and PoCL's other methods validate it;
  // utils/fuzz/findings/pocl-tall-preset-segfault.c).
  auto RowsReadAlongReduction = [&] {
    for (const StagedAccess &S : Plan.Staged)
      if (Plan.Band[S.BandIndex].Dim == 1 && !S.ReductionIsFast)
        return false;
    return true;
  };
  if (Plan.K == KernelPlan::Register && Opts.Tile == 16 && Opts.RegRows == 8 &&
      Opts.RegCols == 8 && Plan.WarpRows && Plan.InteriorLoop &&
      Plan.Staged.size() == 2 && RowsReadAlongReduction() &&
      std::all_of(
          Plan.Staged.begin(), Plan.Staged.end(),
          [](const StagedAccess &S) { return S.Type == ElemType::Float; }) &&
      Plan.reductionLoop().Body.size() == 1)
    Plan.TallPreset = true;
  if (Plan.K == KernelPlan::Naive) {
    // A triangular band (`j <= i`) stays naive: the transpose kernel covers
    // each loop's own range, which then names the other loop (fuzz seed
    // 63900: a launch formula over 'i').
    if (!Plan.Triangular && matchTranspose(F, {F.Body[NestIndex]}, Plan)) {
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

// A register-tiled kernel's tunables and shape presets
// (KernelPlan::Tunables, Presets), named with the plan's suffix.
void planRegisterTunables(KernelPlan &Plan) {
  const RegisterTunables TN(Plan);
  const std::string &VW = TN.VW, &WPTM = TN.WPTM, &WPTN = TN.WPTN,
                    &TSM = TN.TSM, &TSN = TN.TSN, &TSK = TN.TSK,
                    &NBUF = TN.NBUF, &GM = TN.GM, &WTM = TN.WTM,
                    &WTN = TN.WTN, &SPLIT = TN.SPLIT;
  int64_t T = Plan.Tile;
  // The reduction step: each work-item holds its share of the next step's
  // tiles, TSM*TSK/(work-items) values per operand, in registers besides its
  // WPTM*WPTN accumulators; 8 measured fastest for 8x8 outputs on an H100
  // (bench/RESULTS.md). Smaller presets keep T, which costs fewer barriers.
  int64_t TSKDefault = std::min<int64_t>(T, 8);
  int64_t NBUFDefault = 2, GMDefault = 1;
  // The outputs per work-item asked for (R x C), halved until the default
  // double-buffered tiles fit in 48 KiB of local memory (NVIDIA's limit per
  // work-group): a contraction with several staged operands in double
  // (syr2k: four) would not launch on a GPU otherwise.
  auto VWFor = [](int64_t R, int64_t C) -> int64_t {
    return (R % 4 == 0 && C % 4 == 0) ? 4 : (R % 2 == 0 && C % 2 == 0) ? 2 : 1;
  };
  auto TileBytes = [&](int64_t R, int64_t C, int64_t Step) {
    int64_t Bytes = 0;
    for (const StagedAccess &S : Plan.Staged) {
      int64_t P = T * (Plan.Band[S.BandIndex].Dim == 0 ? C : R);
      Bytes += NBUFDefault * Step *
               (P + (S.ReductionIsFast ? VWFor(R, C) : 0)) *
               (S.Type == ElemType::Double ? 8 : 4);
    }
    return Bytes;
  };
  int64_t RegRows = Plan.RegRows, RegCols = Plan.RegCols;
  while (TileBytes(RegRows, RegCols, TSKDefault) > 48 * 1024 &&
         RegRows % 2 == 0 && RegCols % 2 == 0)
    RegRows /= 2, RegCols /= 2;
  int64_t VWDefault = VWFor(RegRows, RegCols);
  Plan.Tunables = {
      {VW,
       VWDefault,
       1,
       4,
       "vector width of the local-memory reads: 1, 2 or 4, dividing " + WPTM +
           " and " + WPTN,
       "",
       {1, 2, 4}},
      {WPTM,
       RegRows,
       1,
       16,
       "outputs per work-item along dimension 1",
       VW,
       {1, 2, 4, 8}},
      {WPTN,
       RegCols,
       1,
       16,
       "outputs per work-item along dimension 0",
       VW,
       {1, 2, 4, 8}},
      {TSM,
       T * RegRows,
       1,
       256,
       "rows of a work-group's tile; (" + TSM + "/" + WPTM + ")*(" + TSN + "/" +
           WPTN + ") work-items",
       WPTM,
       {16, 32, 64, 128}},
      {TSN,
       T * RegCols,
       1,
       256,
       "columns of a work-group's tile",
       WPTN,
       {16, 32, 64, 128}},
      {TSK,
       TSKDefault,
       1,
       64,
       "reduction step of the local-memory tiles",
       "",
       {8, 16, 32}},
      {NBUF,
       NBUFDefault,
       1,
       2,
       "local tiles per staged operand: 2 double-buffers them (one barrier "
       "per reduction step), 1 reuses one (two barriers)",
       "",
       {1, 2}},
      {GM,
       GMDefault,
       1,
       64,
       "work-groups are numbered in bands of " + GM +
           " rows of work-groups (dimension 1), column by column within a "
           "band, so that neighbours in launch order share tiles in the L2 "
           "cache; every value computes the same",
       "",
       {1, 8}}};
  // Warp tiles (KernelPlan::WarpRows), offered where the plan has one. For
  // --tune, WTM takes 0 or the plan's rows and WTN only the plan's columns:
  // 0 x WTN is one grid over the tile as 0 x 0 is, so the two candidates
  // are the grid and the warp tiles.
  if (Plan.WarpRows && Plan.WarpCols) {
    std::string Common =
        ": " + WTM + " x " + WTN +
        " consecutive work-items compute a contiguous block of the tile "
        "(0, or not dividing the work-group's sides: the whole tile); every "
        "value computes the same";
    Plan.Tunables.push_back(
        {WTM,
         Plan.WarpTileByDefault ? Plan.WarpRows : 0,
         0,
         64,
         "work-items of a warp tile along dimension 1" + Common,
         "",
         {0, Plan.WarpRows}});
    Plan.Tunables.push_back(
        {WTN,
         Plan.WarpTileByDefault ? Plan.WarpCols : 0,
         0,
         64,
         "work-items of a warp tile along dimension 0" + Common,
         "",
         {Plan.WarpCols}});
  }
  if (Plan.InteriorLoop)
    Plan.Tunables.push_back(
        {SPLIT,
         Plan.SplitByDefault ? 1 : 0,
         0,
         1,
         "1: interior work-groups run their whole steps in a loop of their "
         "own (unchecked fetches, vector loads where aligned), the general "
         "loop the rest; 0: the general loop only; both compute the same",
         "",
         {0, 1}});
  // Shape presets: the generated tile first, then (when it has 8 or more
  // outputs per row) one with half its columns, then smaller ones with the
  // same work-group shape (T x T work-items) and fewer outputs each, down
  // to one output per work-item. A preset's reduction step TSK is T (for
  // 8x8 outputs, 16 measured 3.38 ms against 3.78 ms for 8 at 4096^3 on an
  // H100, bench/RESULTS.md) when its double-buffered tiles fit in 48 KiB
  // of local memory (NVIDIA's limit per work-group), else TSKDefault. A device with less local memory skips the presets that do
  // not fit (docs/runtime.md).
  auto AddPreset = [&](int64_t R, int64_t C) {
    int64_t V = VWFor(R, C);
    int64_t Step = std::max<int64_t>(T, TSKDefault);
    if (TileBytes(R, C, Step) > 48 * 1024)
      Step = TSKDefault;
    Plan.Presets.push_back({std::to_string(T * R) + "x" + std::to_string(T * C),
                              {{VW, V},
                               {WPTM, R},
                               {WPTN, C},
                               {TSM, T * R},
                               {TSN, T * C},
                               {TSK, Step}}});
  };
  // KernelPlan::TallPreset first: twice the rows of the generated block,
  // one local tile per operand (its bytes are TileBytes / NBUFDefault).
  if (Plan.TallPreset && RegRows == Plan.RegRows && RegCols == Plan.RegCols &&
      TileBytes(2 * RegRows, RegCols, T) / NBUFDefault <= 48 * 1024)
    Plan.Presets.push_back(
        {std::to_string(2 * T * RegRows) + "x" + std::to_string(T * RegCols),
         {{VW, VWFor(2 * RegRows, RegCols)},
          {WPTM, 2 * RegRows},
          {WPTN, RegCols},
          {TSM, 2 * T * RegRows},
          {TSN, T * RegCols},
          {TSK, T},
          {NBUF, 1},
          {GM, 8},
          {WTM, Plan.WarpRows},
          {WTN, Plan.WarpCols},
          {SPLIT, 1}}});
  for (int64_t R = RegRows, C = RegCols; R >= 1 && C >= 1; R /= 2, C /= 2) {
    AddPreset(R, C);
    if (R == RegRows && C >= 8 && C % 2 == 0 &&
        TileBytes(R, C / 2, TSKDefault) <= 48 * 1024)
      AddPreset(R, C / 2);
    if (R % 2 || C % 2)
      break;
  }
}

// The tunables of a kernel of kind Plan.K (KernelPlan::Tunables), named
// with the plan's suffix: each kind's work-group sizes and tiles with their
// defaults, ranges and --tune candidates.
void planTunables(KernelPlan &Plan) {
  switch (Plan.K) {
  case KernelPlan::Naive:
    // One per dimension; any value is correct, so the runtime may also
    // shrink them.
    for (unsigned D = 0; D < Plan.Band.size() && D < Plan.WorkGroup.size();
         ++D)
      Plan.Tunables.push_back(
          {Plan.tunable("WG" + std::to_string(D)), Plan.WorkGroup[D], 1, 1024,
           "work-group size in dimension " + std::to_string(D) +
               " of kernel " + Plan.Name +
               "; the product over the dimensions must not exceed the "
               "device's and the kernel's maximum work-group size",
           ""});
    if (Plan.StripRows)
      Plan.Tunables.push_back(
          {Plan.tunable("RS"), Plan.StripRows, 1, 64,
           "consecutive iterations of loop '" + Plan.byDim(1)->Var +
               "' (NDRange dimension 1) per work-item of kernel " +
               Plan.Name + " (any value)",
           "",
           {1, 2, 4, 8}});
    return;
  case KernelPlan::SingleWorkItem:
    return;
  case KernelPlan::Register:
    planRegisterTunables(Plan);
    return;
  case KernelPlan::ReduceScalar: {
    const ScalarReduction &R = Plan.Reduce;
    std::string WG = Plan.tunable("WG0");
    Plan.Tunables.push_back(
        {WG,
         Plan.WorkGroup[0],
         1,
         1024,
         "work-group size of kernels " + Plan.Name + " and " + R.FinalKernel +
             " (any size; the tree halves it); must not exceed the device's "
             "and the kernels' maximum work-group size",
         "",
         {32, 64, 128, 256, 512, 1024}});
    return;
  }
  case KernelPlan::ReduceRows: {
    const MappedLoop &M = Plan.Band.front();
    const bool Cols = Plan.ColumnLanes;
    std::string WG = Plan.tunable("WG0");
    std::string Lanes = Cols ? Plan.tunable("WG1") : WG;
    Plan.Tunables.push_back(
        {WG,
         Plan.WorkGroup[0],
         1,
         1024,
         Cols ? "iterations of loop '" + M.Var + "' per work-group of kernel " +
                    Plan.Name + " (NDRange dimension 0); " + WG + "*" + Lanes +
                    " must not exceed the device's and the kernel's maximum "
                    "work-group size"
              : "work-group size of kernel " + Plan.Name +
                    " (the work-items of one row; any size, the tree halves "
                    "it); must not exceed the device's and the kernel's "
                    "maximum work-group size",
         "",
         Cols ? std::vector<int64_t>{8, 16, 32, 64}
              : std::vector<int64_t>{32, 64, 128, 256, 512, 1024}});
    // The work-items of a row share its loops' iterations: where every loop
    // of the row runs the same number of iterations whatever the row, the
    // runtime gives a short row no more work-items than it has terms
    // (`row_length`; a work-group of 256 on rows of 32 left 7 in 8 idle:
    // bench/RESULTS.md, the ELL sparse product).
    if (!Cols) {
      std::optional<IndexExpr> Row;
      bool Same = true;
      for (const RowSegment &S : Plan.Rows) {
        if (S.K != RowSegment::Reduce && S.K != RowSegment::Spread)
          continue;
        const Loop &L = Plan.Body[S.Index].loop();
        if (L.Step != 1 || L.Lower.size() != 1 || L.Upper.size() != 1) {
          Same = false;
          break;
        }
        IndexExpr Trip = L.Upper[0] - L.Lower[0] + IndexExpr::constant(1);
        if (Trip.mentions(M.Var) || (Row && *Row != Trip)) {
          Same = false;
          break;
        }
        Row = Trip;
      }
      if (Same && Row)
        Plan.Tunables.back().RowLength = Row;
    }
    if (Cols)
      Plan.Tunables.push_back(
          {Lanes,
           Plan.Lanes,
           1,
           1024,
           "work-items sharing out each iteration of loop '" + M.Var +
               "' in kernel " + Plan.Name + " (NDRange dimension 1; any "
               "number, the tree halves it)",
           "",
           {1, 2, 4, 8, 16, 32}});
    return;
  }
  case KernelPlan::Block: {
    const std::string TS = Plan.tunable("TS");
    Plan.Tunables.push_back({TS, Plan.Tile, 1, 64,
                               TS + "*" + TS + " work-items per work-group; " +
                                   std::to_string(Plan.Staged.size()) + "*" + TS +
                                   "*(" + TS + "+1) elements of local memory",
                               ""});
    return;
  }
  case KernelPlan::RowStaged: {
    const std::string WG = Plan.tunable("WG0"), LN = Plan.tunable("LANES"),
                      CH = Plan.tunable("CHUNK"), PAD = Plan.tunable("PAD"),
                      VEC = Plan.tunable("VEC"), PIPE = Plan.tunable("PIPE");
    int64_t Bytes = 0; // per element of a row, over the tiles
    for (const RowAccess &A : Plan.RowStagedAccesses)
      Bytes += elemTypeBytes(A.Type);
    std::string BytesFormula =
        WG + "*(" + CH + " + " + PAD + ")*" + std::to_string(Bytes);
    Plan.Tunables.push_back(
        {WG,
         Plan.RowsPerGroup,
         1,
         1024,
         "rows per work-group of kernel " + Plan.Name + "; with " + CH + " and " +
             PAD + ", " + BytesFormula +
             " bytes of local memory, at most the device's; " + WG + "*" + LN +
             " work-items, at most the device's work-group size",
         "",
         {8, 16, 32, 64, 128}});
    Plan.Tunables.push_back({LN,
                               Plan.RowLanes,
                               1,
                               32,
                               "work-items per row of kernel " + Plan.Name +
                                   " in the copies (the walk takes one per row)",
                               "",
                               {1, 2, 4, 8}});
    Plan.Tunables.push_back({CH,
                               Plan.ChunkColumns,
                               1,
                               256,
                               "columns of a row per chunk of kernel " +
                                   Plan.Name + " (see " + WG +
                                   "); each work-item holds " + CH + "/" + LN +
                                   " fetched elements per read tile in registers",
                               "",
                               {16, 32, 64, 128}});
    Plan.Tunables.push_back({PAD,
                               Plan.RowPad,
                               0,
                               8,
                               "columns of padding of kernel " + Plan.Name +
                                   "'s tiles (local-memory bank conflicts)",
                               "",
                               {0, 1, 2, 4}});
    Plan.Tunables.push_back(
        {PIPE,
         Plan.RowPrefetch ? 1 : 0,
         0,
         1,
         "1: kernel " + Plan.Name +
             " fetches the next chunk while it walks the current one "
             "(software pipelining); 0: chunk after chunk",
         "",
         {0, 1}});
    if (Plan.RowVector)
      Plan.Tunables.push_back(
          {VEC,
           1,
           0,
           1,
           "1: kernel " + Plan.Name +
               " copies aligned rows as vectors of four (when " + CH +
               " is a multiple of 4); 0: element by element",
           "",
           {0, 1}});
    return;
  }
  case KernelPlan::Transpose: {
    const std::string TS = Plan.tunable("TS"), TSR = Plan.tunable("TSR"),
                      TVW = Plan.tunable("TVW"), TPW = Plan.tunable("TPW");
    int64_t T = Plan.Tile, Rows = std::min<int64_t>(Plan.Tile, 8);
    Plan.Tunables.push_back(
        {TSR,
         Rows,
         1,
         64,
         "rows of the " + TS + " x " + TSR + " work-group; divides " + TS,
         "",
         {1, 2, 4, 8, 16, 32}});
    Plan.Tunables.push_back(
        {TS,
         T,
         1,
         64,
         "edge of the tile: " + TS + "*" + TSR +
             " work-items per "
             "work-group, " +
             TS + "*(" + TS + "+1) elements of local memory" +
             (Plan.TransposeVector ? "; a multiple of " + TSR + "*" + TVW : ""),
         Plan.TransposeVector ? TSR + "*" + TVW : TSR,
         {8, 16, 32, 64}});
    if (Plan.TransposeVector)
      Plan.Tunables.push_back(
          {TVW,
           1,
           1,
           4,
           "elements per vector load and store in the work-groups whose tile "
           "is inside the arrays and aligned for the vector type (2 or 4; 1 "
           "and 3: scalar only); every value computes the same",
           "",
           {1, 2, 4}});
    Plan.Tunables.push_back(
        {TPW,
         1,
         1,
         64,
         "tiles per work-group: a work-group transposes " + TPW +
             " consecutive tiles along dimension 1, one after the other; every "
             "value computes the same",
         "",
         {1, 2, 4}});
    return;
  }
  }
}

} // namespace

bool looptile::planKernel(const Function &F, unsigned NestIndex,
                          const std::string &Name, const NameTable &Names,
                          const MappingOptions &Opts,
                          const std::string &IndexType,
                          bool InOrderReductions, KernelPlan &Plan,
                          std::vector<Diagnostic> &Diags) {
  ++KernelPlans;
  Plan.InOrderReductions = InOrderReductions;
  if (!planMapping(F, NestIndex, Name, Names, Opts, Plan, Diags))
    return false;
  Plan.IndexType = IndexType;
  if (Opts.StageRows || Opts.Automatic)
    planRowStaged(F, Plan);
  if (Opts.Automatic || !Opts.Tile)
    planRowStrips(F, Plan);
  planTunables(Plan);
  return true;
}

const char *looptile::kindName(KernelPlan::Kind K) {
  switch (K) {
  case KernelPlan::Naive:
    return "naive";
  case KernelPlan::Block:
    return "block-tiled";
  case KernelPlan::Transpose:
    return "transpose (local-memory tile)";
  case KernelPlan::Register:
    return "register-tiled";
  case KernelPlan::SingleWorkItem:
    return "single work-item";
  case KernelPlan::RowStaged:
    return "row-staged (rows through local memory)";
  case KernelPlan::ReduceScalar:
    return "tree reduction (work-group partials)";
  case KernelPlan::ReduceRows:
    return "row reduction (a work-group per row)";
  }
  return "?";
}
const char *looptile::kindName(const KernelPlan &P) {
  return P.ColumnLanes ? "column reduction (columns per work-group, lanes "
                         "over each column)"
                       : kindName(P.K);
}

void looptile::summarizePlan(const Function &F, const KernelPlan &Plan,
                             KernelPreview &Out) {
  Out.Mappable = true;
  Out.Dims = unsigned(Plan.Band.size());
  Out.Triangular = Plan.Triangular;
  // The kind's name without its explanation ("transpose (local-memory
  // tile)" is "transpose").
  Out.Kind = kindName(Plan);
  Out.Kind = Out.Kind.substr(0, Out.Kind.find(" ("));
  // Why a kernel stays naive, where the planner said so.
  static const std::string Auto = "automatic mapping: ";
  // Only where a work-item runs a loop (a reduction that tiles could share)
  // and two loops are mapped (what the tiles take).
  bool RunsLoop = std::any_of(Plan.Body.begin(), Plan.Body.end(),
                              [](const Node &N) { return N.isLoop(); });
  if (Plan.K == KernelPlan::Naive && RunsLoop && Plan.Band.size() >= 2 &&
      !Plan.Remarks.empty()) {
    Out.Note = Plan.Remarks.back();
    if (Out.Note.compare(0, Auto.size(), Auto) == 0)
      Out.Note.erase(0, Auto.size());
  }
  Out.Reuse = Plan.K == KernelPlan::Block || Plan.K == KernelPlan::Register ||
              Plan.K == KernelPlan::Transpose;
  // A row-staged kernel's staged accesses are copied coalesced.
  auto StagedRow = [&](const Expr &E) {
    return std::any_of(Plan.RowStagedAccesses.begin(),
                       Plan.RowStagedAccesses.end(), [&](const RowAccess &A) {
                         return A.Array == E.Name &&
                                A.Subscripts == E.Subscripts;
                       });
  };
  const MappedLoop *D0 = Plan.byDim(0);
  std::string Var;
  if (Plan.K == KernelPlan::ReduceScalar) {
    // One dimension: consecutive work-items take consecutive iterations.
    Out.Dims = 1;
    const Loop *L = &Plan.Body.front().loop();
    for (unsigned D = 1; D < Plan.Reduce.Depth; ++D)
      L = &L->Body.front().loop();
    Var = L->Var;
  } else if (Plan.K == KernelPlan::ReduceRows && Plan.ColumnLanes) {
    // By columns: dimension 0 is the row loop, as a naive kernel's, and
    // the lanes a second dimension.
    Out.Dims = 2;
    Var = Plan.Band.front().Var;
  } else if (Plan.K == KernelPlan::ReduceRows) {
    // A row's loops spread over the work-items; its statements are the
    // same address for all of them.
    Out.Dims = 1;
    for (const RowSegment &S : Plan.Rows) {
      if (S.K != RowSegment::Reduce && S.K != RowSegment::Spread)
        continue;
      const Loop &L = Plan.Body[S.Index].loop();
      if (Out.Dim0.empty())
        Out.Dim0 = L.Var;
      visitExprs(L.Body, [&](const Expr &E, bool) {
        if (E.K != Expr::ArrayRef || !F.lookup(E.Name) ||
            F.lookup(E.Name)->VarKind == Variable::LocalArray ||
            !flatIndex(F, E.Name, E.Subscripts).mentions(L.Var))
          return;
        if (isStrideOne(F, E.Name, E.Subscripts, L.Var))
          ++Out.Coalesced;
        else
          ++Out.Strided;
      });
    }
    return;
  } else if (D0) {
    Var = D0->Var;
  } else {
    return;
  }
  Out.Dim0 = Var;
  visitExprs(Plan.Body, [&](const Expr &E, bool) {
    if (E.K != Expr::ArrayRef || !F.lookup(E.Name) ||
        F.lookup(E.Name)->VarKind == Variable::LocalArray)
      return;
    IndexExpr Flat = flatIndex(F, E.Name, E.Subscripts);
    if (!Flat.mentions(Var))
      return; // the same address for the whole warp: one transaction
    if (Out.Reuse || StagedRow(E) || isStrideOne(F, E.Name, E.Subscripts, Var))
      ++Out.Coalesced;
    else
      ++Out.Strided;
  });
}
