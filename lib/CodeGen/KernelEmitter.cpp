//===- KernelEmitter.cpp - OpenCL C text of a planned kernel --------------===//
//
// Prints the four kernel shapes of lecture 04/05:
//  * naive: one work-item per iteration of the mapped band, guards for the
//    partial work-groups at the edges;
//  * block-tiled (exercise 4): T x T work-groups; per step of the reduction
//    loop, every staged access is copied into a padded __local tile (one
//    element per work-item), a barrier, the reduction over the tile, and a
//    barrier before the tile is overwritten; partial tiles are zero-filled
//    and the reduction over a partial tile runs only over its valid part, so
//    the arithmetic is exactly the original's;
//  * register-tiled (exercise 5, lecture 05): each work-item computes a
//    WPTM x WPTN block of outputs kept in private arrays, over tiles of
//    TSM x TSK and TSK x TSN staged cooperatively in __local memory;
//  * transposition (exercise 1): read a tile coalesced, barrier, write it
//    transposed and coalesced, through a TS x (TS + 1) tile.
// Work-items outside the iteration space still take part in the copies
// and barriers; they only skip the statements.
//
//===----------------------------------------------------------------------===//
#include "KernelEmitter.h"

#include "OpenCLExpr.h"
#include "looptile/CodeGen/CEmitter.h"
#include "looptile/IR/Walk.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <functional>
#include <map>
#include <set>

using namespace looptile;

namespace {

std::string zeroOf(ElemType T) {
  return T == ElemType::Float ? "0.0f" : T == ElemType::Double ? "0.0" : "0";
}

std::string joinMacro(const char *Fn, const std::vector<std::string> &Parts) {
  std::string Out = Parts.back();
  for (size_t I = Parts.size() - 1; I-- > 0;)
    Out = std::string(Fn) + "(" + Parts[I] + ", " + Out + ")";
  return Out;
}

std::vector<std::string> strs(const std::vector<IndexExpr> &Es) {
  std::vector<std::string> Out;
  for (const IndexExpr &E : Es)
    Out.push_back(E.str());
  return Out;
}

/// Number of iterations of a loop with these bounds, as a formula that is
/// never negative: in the manifest's formula language (`max`, `min`), or
/// for the kernel text (InKernel), where it uses the kernels' MIN and MAX
/// (the C's conditional): OpenCL's overloaded min and max make a call
/// with a long and an int argument (`max(M - 2, 0)` for a long M)
/// ambiguous, and the program does not build.
std::string extentFormula(const std::vector<IndexExpr> &Lower,
                          const std::vector<IndexExpr> &Upper,
                          bool InKernel = false) {
  const char *Max = InKernel ? "MAX" : "max", *Min = InKernel ? "MIN" : "min";
  if (Lower.size() == 1 && Upper.size() == 1) {
    IndexExpr E = Upper[0] - Lower[0] + IndexExpr::constant(1);
    // A single product of sizes (M, M*N) is positive already.
    if (E.terms().size() == 1 && E.terms()[0].Coeff > 0)
      return E.str();
    return std::string(Max) + "(" + E.str() + ", 0)";
  }
  return std::string(Max) + "(" + joinMacro(Min, strs(Upper)) + " - " +
         joinMacro(Max, strs(Lower)) + " + 1, 0)";
}

/// Every variable Body reads or writes (Used) and every one it assigns
/// (Written, when given).
void namesUsed(const std::vector<Node> &Body, std::set<std::string> &Used,
               std::set<std::string> *Written) {
  std::function<void(const Expr &)> Walk = [&](const Expr &E) {
    if (E.K == Expr::ArrayRef || E.K == Expr::ScalarRef)
      Used.insert(E.Name);
    for (const Expr &Op : E.Operands)
      Walk(Op);
  };
  for (const Node &N : Body) {
    if (N.isLoop()) {
      namesUsed(N.loop().Body, Used, Written);
      continue;
    }
    for (const Expr *E : N.stmt().exprs())
      Walk(*E);
    if (Written)
      Written->insert(N.stmt().LHS.Name);
  }
}

class Emitter {
public:
  Emitter(const Function &F, const KernelPlan &Plan,
          KernelLaunch &Launch)
      : F(F), Plan(Plan), Launch(Launch), Names(Plan.Names) {
    Ctx.F = &F;
    IndexType = Plan.IndexType;
    if (IndexType != std::string("int")) {
      for (const Variable &V : F.Params)
        if (V.VarKind == Variable::SizeParam && V.Int.openCLName() != IndexType)
          Ctx.ValueCasts[V.Name] = V.Int.openCLName();
      // The kernel's own nest only: sibling nests may reuse a loop name
      // with another type (`for (long i ...)`, then `for (int i ...)`), and
      // `i % 8` must be computed in this nest's type of i (C's unsigned
      // division of a negative int gave 1073741822 for -8 / 4: fuzz seed
      // 21024).
      std::function<void(const std::vector<Node> &)> Casts =
          [&](const std::vector<Node> &B) {
            for (const Node &N : B)
              if (N.isLoop()) {
                if (N.loop().VarType.openCLName() != IndexType)
                  Ctx.ValueCasts[N.loop().Var] = N.loop().VarType.openCLName();
                else
                  Ctx.ValueCasts.erase(N.loop().Var);
                Casts(N.loop().Body);
              }
          };
      Casts({F.Body[Plan.NestIndex]});
    }
  }

  std::string run();
  /// A naive or single-work-item plan's work as one part of a host loop
  /// run in one work-group (emitWorkGroupLoop): the work-group's Size
  /// work-items (Lid the own) share its NDRange out, item w of the box
  /// taking positions w, w + Size, ...; text at indentation Indent.
  /// Terms: the local array of Size elements a ParallelTerms plan's
  /// terms go through.
  std::string workGroupPart(unsigned Indent, const std::string &Lid,
                            const std::string &Size,
                            const std::string &Terms = "");
  void parallelTerms(const std::string &Lid, const std::string &Size,
                     const std::string &Terms);
  /// The fused kernel's signature (the buffers Used, Written among them)
  /// and its opening brace; F is the kernel's merged function.
  std::string fusedSignature(const std::string &Attr, const std::string &Name,
                             const std::set<std::string> &Used,
                             const std::set<std::string> &Written) {
    signatureOf(Attr, Name, Used, Written, {}, Launch);
    return Out;
  }

private:
  /// The kernel's name for a role every part of it shares (the local ids
  /// `l0`, `tid`, ...): one fresh name per role.
  std::string role(const std::string &Base) {
    auto It = Roles.find(Base);
    if (It != Roles.end())
      return It->second;
    return Roles[Base] = Names.fresh(Base);
  }
  /// A new variable of the kernel (one per staged access, per loop, ...).
  std::string fresh(const std::string &Base) { return Names.fresh(Base); }

  void line(const std::string &S) { Out += std::string(2 * Indent, ' ') + S + "\n"; }
  void open(const std::string &S) {
    line(S.empty() ? "{" : S + " {");
    ++Indent;
  }
  void close() { --Indent; line("}"); }

  /// Where the statements after the tiles' loop hold a loop, a barrier
  /// first (every work-item reaches it: the kernel's top level, after a
  /// loop of uniform trip count). PoCL 3.1's CPU device otherwise runs such
  /// a loop's stores for work-items outside the guard around it, past the
  /// end of a buffer, on each of its work-group methods; with the barrier,
  /// and on oclgrind, the kernel is right
  /// (utils/fuzz/findings/pocl-block-tiled-post-loop.c).
  void barrierBeforeLoops(const std::vector<Node> &Post) {
    if (std::any_of(Post.begin(), Post.end(),
                    [](const Node &N) { return N.isLoop(); }))
      line("barrier(CLK_LOCAL_MEM_FENCE); // before the loops after the "
           "tiles' loop (PoCL 3.1)");
  }
  void signature(const std::string &Attr);
  void
  signatureOf(const std::string &Attr, const std::string &Name,
              const std::set<std::string> &Used,
              const std::set<std::string> &Written,
              const std::vector<std::pair<std::string, std::string>> &Extra,
              KernelLaunch &Launch);
  /// The tree over the work-group's values in Scratch, leaving their
  /// combination in Scratch[0] (ScalarReduction).
  void workGroupTree(const std::string &WG, const std::string &Lid) {
    workGroupTree(Plan.Reduce, WG, Lid);
  }
  /// Stride and Col (a column reduction): the values are Scratch[l *
  /// Stride + Col] for the lanes l of column Col.
  void workGroupTree(const ScalarReduction &R, const std::string &WG,
                     const std::string &Lid, const std::string &Stride = "",
                     const std::string &Col = "");
  void declarePrivates(const std::string &Suffix);
  void body(const std::vector<Node> &Nodes);
  /// Emits `const int Var = Value;` and then Inner, dropping the definition
  /// when the text Inner prints never uses Var.
  void defineIfUsed(const std::vector<std::pair<std::string, std::string>> &Defs,
                    const std::function<void()> &Inner) {
    std::string Saved;
    std::swap(Saved, Out);
    Inner();
    std::string Text;
    std::swap(Text, Out);
    Out = std::move(Saved);
    for (auto &[Var, Value] : Defs) {
      bool Used = false;
      for (size_t P = Text.find(Var); P != std::string::npos;
           P = Text.find(Var, P + 1)) {
        auto IsIdent = [](char C) {
          return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
        };
        bool Before = P > 0 && IsIdent(Text[P - 1]);
        bool After = P + Var.size() < Text.size() && IsIdent(Text[P + Var.size()]);
        if (!Before && !After) {
          Used = true;
          break;
        }
      }
      if (Used)
        line("const " + IndexType + " " + Var + " = " + Value + ";");
    }
    Out += Text;
  }
  /// X (an int of the kernel's own, a work-group number) as the kernel's
  /// index type, where that is wider than int.
  std::string widened(const std::string &X) const {
    return IndexType == std::string("int") ? X : "(" + IndexType + ")" + X;
  }
  /// X (an index-type value known to lie in [0, a tile size]) as int.
  std::string narrowed(const std::string &X) const {
    return IndexType == std::string("int") ? X : "(int)(" + X + ")";
  }
  std::string lowerOf(const MappedLoop &M) {
    return joinMacro("MAX", strs(M.Lower));
  }
  /// `lower + X`, or just `X` when the lower bound is 0.
  std::string plusLower(const std::vector<IndexExpr> &Lower,
                        const std::string &X) {
    if (Lower.size() == 1 && Lower[0].isConstant() &&
        Lower[0].constantPart() == 0)
      return X;
    return joinMacro("MAX", strs(Lower)) + " + " + X;
  }
  std::string plusLower(const MappedLoop &M, const std::string &X) {
    return plusLower(M.Lower, X);
  }
  /// `min(T, upper - base + 1)` with the arithmetic folded.
  std::string remaining(const std::string &T, const Loop &K,
                        const std::string &Base) {
    std::vector<std::string> Parts;
    for (const IndexExpr &U : K.Upper)
      Parts.push_back((U - IndexExpr::symbol(Base) + IndexExpr::constant(1)).str());
    Parts.insert(Parts.begin(), T);
    return joinMacro("MIN", Parts);
  }
  std::string inRange(const std::string &Value,
                      const std::vector<IndexExpr> &Upper) {
    std::vector<std::string> Parts;
    for (const IndexExpr &U : Upper)
      Parts.push_back(Value + " <= " + U.str());
    std::string S;
    for (size_t I = 0; I < Parts.size(); ++I)
      S += (I ? " && " : "") + Parts[I];
    return S;
  }

  /// A bound E of the tiled loop M that mentions the other tiled loop O, at
  /// the value O's block [OBase, OBase + OExtent - 1] makes loosest (Loose)
  /// or tightest: an upper bound at its largest (loosest) or smallest, a
  /// lower bound at its smallest (loosest) or largest.
  IndexExpr atBlockEnd(const IndexExpr &E, const MappedLoop &O,
                       const std::string &OBase, const std::string &OExtent,
                       bool Upper, bool Loose) {
    bool High = (E.coeffOf(O.Var) > 0) == (Upper == Loose);
    return E.substitute(
        O.Var, IndexExpr::symbol(OBase) +
                   (High ? IndexExpr::symbol(OExtent) - IndexExpr::constant(1)
                         : IndexExpr::constant(0)));
  }
  /// A triangular band's work-group test, from the group's bases (B0, B1)
  /// and extents (E0, E1) alone, so uniform across the work-group: Inside
  /// false gives "the whole block is outside the triangle" (empty when the
  /// band is rectangular), Inside true "the whole block is inside it" as
  /// far as the bounds that mention the other loop go (empty likewise).
  std::string blockTest(const MappedLoop &M0, const MappedLoop &M1,
                        const std::string &B0, const std::string &B1,
                        const std::string &E0, const std::string &E1,
                        bool Inside) {
    std::string Out;
    for (const MappedLoop *M : {&M0, &M1}) {
      bool Is0 = M == &M0;
      const MappedLoop &O = Is0 ? M1 : M0;
      std::string MB = Is0 ? B0 : B1, OB = Is0 ? B1 : B0;
      std::string ME = Is0 ? E0 : E1, OE = Is0 ? E1 : E0;
      std::string Join = Inside ? " && " : " || ";
      for (const IndexExpr &U : M->Upper)
        if (U.mentions(O.Var))
          Out += (Out.empty() ? "" : Join) +
                 (Inside ? MB + " + " + ME + " - 1 <= " +
                               atBlockEnd(U, O, OB, OE, true, false).str()
                         : MB + " > " +
                               atBlockEnd(U, O, OB, OE, true, true).str());
      for (const IndexExpr &Lo : M->Lower)
        if (Lo.mentions(O.Var))
          Out +=
              (Out.empty() ? "" : Join) +
              (Inside
                   ? MB + " >= " + atBlockEnd(Lo, O, OB, OE, false, false).str()
                   : MB + " + " + ME + " - 1 < " +
                         atBlockEnd(Lo, O, OB, OE, false, true).str());
    }
    return Out;
  }
  /// The range test of one work-item of a tiled kernel: the upper bounds,
  /// and the lower bounds that the bounding box widened.
  std::string activeTest(const MappedLoop &M0, const MappedLoop &M1) {
    std::string S =
        inRange(M0.Var, M0.Upper) + " && " + inRange(M1.Var, M1.Upper);
    for (const MappedLoop *M : {&M0, &M1})
      if (M->Lower != M->BoxLower)
        for (const IndexExpr &Lo : M->Lower)
          S += " && " + M->Var + " >= " + Lo.str();
    return S;
  }

  /// `box lower + X`: position X of M's bounding box (a naive kernel's
  /// NDRange covers the box).
  std::string fromBox(const MappedLoop &M, const std::string &X) {
    MappedLoop Box = M;
    Box.Lower = M.BoxLower;
    return plusLower(Box, X);
  }
  /// A naive kernel's test that its work-item is outside the band: above
  /// an upper bound, or below a lower bound that the bounding box widened.
  /// BoxTested: the work-items past the box have returned already, and
  /// an upper bound that is the box's own needs no test.
  std::string outsideBand(const MappedLoop *Except = nullptr,
                          bool BoxTested = false) const {
    std::string Guard;
    for (const MappedLoop &M : Plan.Band) {
      if (&M == Except)
        continue;
      if (!BoxTested || M.Upper != M.BoxUpper)
        for (const IndexExpr &U : M.Upper)
          Guard += (Guard.empty() ? "" : " || ") + M.Var + " > " + U.str();
      if (M.Lower != M.BoxLower)
        for (const IndexExpr &L : M.Lower)
          Guard += (Guard.empty() ? "" : " || ") + M.Var + " < " + L.str();
    }
    return Guard;
  }

  void naive();
  void singleWorkItem();
  void reduceScalar();
  void reduceRows();
  void block();
  void registerTiled();
  void transpose();
  enum class VectorPhase { Setup, Read, Write };
  void transposeVector(VectorPhase Phase, const std::string &B0,
                       const std::string &B1, const std::string &L0,
                       const std::string &L1);
  void rowStaged();
  /// The tiled kernels' batch (NDRange dimension 2, one index per
  /// work-group): its variable, and a work-group past its range returning
  /// as a whole, before any barrier.
  void batchIndex() {
    const MappedLoop *M2 = Plan.byDim(2);
    if (!M2)
      return;
    line("const " + IndexType + " " + M2->Var + " = " +
         plusLower(*M2, "(" + IndexType + ")get_group_id(2)") + ";");
    line("if (!(" + inRange(M2->Var, M2->Upper) + "))");
    line("  return;");
  }
  /// Its NDRange dimension: one work-item per batch index and work-group.
  void batchLaunch() {
    if (const MappedLoop *M2 = Plan.byDim(2)) {
      Launch.Global.push_back(extentFormula(M2->Lower, M2->Upper));
      Launch.Local.push_back("1");
    }
  }
  /// `(in range) ? S at (PBase + PCoord, KBase + KCoord) : 0`.
  std::string guardedLoad(const StagedAccess &S, const std::string &PBase,
                          const std::vector<IndexExpr> &PUpper, const Loop &K,
                          const std::string &KBase, const std::string &PCoord,
                          const std::string &KCoord);
  /// The block kernel's copy of S into its tile, one element per work-item.
  void stageCopy(const StagedAccess &S, const std::string &PBase,
                 const std::vector<IndexExpr> &PUpper, const Loop &K,
                 const std::string &KBase);
  /// The same access without the range check (the element is in range).
  std::string unguardedLoad(const StagedAccess &S, const std::string &PBase,
                            const Loop &K, const std::string &KBase,
                            const std::string &PCoord,
                            const std::string &KCoord);
  /// How the register kernel's copy of a tile goes through registers: a
  /// fetch from global memory with range checks (edge tiles), without them
  /// (interior tiles), as aligned vectors of four (interior tiles whose
  /// alignment the kernel checked), or the store of the registers into the
  /// local tile.
  enum class StageMode { FetchGuarded, FetchInterior, FetchVector, Store };
  /// The register kernel's cooperative copy of S, in two halves: a fetch
  /// loads this work-item's share of the C1 x C0 tile into the private
  /// array Regs, the store puts Regs into buffer Buf of the reduction-major
  /// tile.
  void stageThroughRegisters(const StagedAccess &S, const std::string &PBase,
                             const std::vector<IndexExpr> &PUpper,
                             const Loop &K, const std::string &KBase,
                             const std::string &C1, const std::string &C0,
                             const std::string &Regs, StageMode Mode,
                             const std::string &Buf);
  /// Elements per run of the register kernel's tile copy along a fast tile
  /// extent C0: 4 when C0 is a multiple of 4 (a run may then be one vector
  /// load), else 1; an integer constant expression of the tunables.
  static std::string fetchWidth(const std::string &C0) {
    return "LT_GV(" + C0 + ")";
  }

  const Function &F;
  const KernelPlan &Plan;
  KernelLaunch &Launch;
  CLPrintContext Ctx;
  /// The plan's names, and the ones this kernel's text adds.
  NameTable Names;
  std::map<std::string, std::string> Roles;
  /// The type of sizes and loop variables in the kernel (indexTypeName).
  std::string IndexType;
  std::string Out;
  unsigned Indent = 0;
};

void Emitter::signature(const std::string &Attr) {
  std::set<std::string> Used, Written;
  namesUsed(Plan.Body, Used, &Written);
  // A factor staged with its tile (StagedAccess::Scale) left the body.
  for (const StagedAccess &S : Plan.Staged)
    if (S.Scale)
      Used.insert(S.Scale->Name);
  signatureOf(Attr, Plan.Name, Used, Written, {}, Launch);
}

void Emitter::signatureOf(
    const std::string &Attr, const std::string &Name,
    const std::set<std::string> &Used, const std::set<std::string> &Written,
    const std::vector<std::pair<std::string, std::string>> &Extra,
    KernelLaunch &Launch) {
  // Arguments: the buffers the kernel touches, every size parameter, and
  // the scalar parameters it reads, in the function's parameter order;
  // then Extra (declaration, argument name).
  std::vector<std::string> Params;
  for (const Variable &V : F.Params) {
    bool IsBuffer = V.VarKind == Variable::ArrayParam ||
                    V.VarKind == Variable::PointerParam;
    if (IsBuffer && Used.count(V.Name)) {
      bool W = Written.count(V.Name);
      Params.push_back(std::string("__global ") + (W ? "" : "const ") +
                       elemTypeCLName(V.Type) + " *restrict " + V.Name);
      Launch.Args.push_back(V.Name);
    } else if (V.VarKind == Variable::SizeParam) {
      Params.push_back("const " + IndexType + " " + V.Name);
      Launch.Args.push_back(V.Name);
    } else if (V.VarKind == Variable::ScalarParam && Used.count(V.Name)) {
      Params.push_back(std::string("const ") + elemTypeCLName(V.Type) + " " +
                       V.Name);
      Launch.Args.push_back(V.Name);
    }
  }
  for (auto &[Decl, Arg] : Extra) {
    Params.push_back(Decl);
    Launch.Args.push_back(Arg);
  }
  std::string Sig = "__kernel " + Attr + "void " + Name + "(";
  for (size_t I = 0; I < Params.size(); ++I)
    Sig += (I ? ",\n    " : "") + Params[I];
  line(Sig + ") {");
  ++Indent;
}

// Private copies of the locals the body uses: scalars, promoted registers,
// and small local arrays. Suffix (e.g. "[WPTM][WPTN]") turns scalars into
// register arrays.
void Emitter::declarePrivates(const std::string &Suffix) {
  std::set<std::string> Used;
  namesUsed(Plan.Body, Used, nullptr);
  for (const Variable &V : F.Locals) {
    if (!Used.count(V.Name))
      continue;
    if (V.VarKind == Variable::LocalArray) {
      std::string Decl = std::string(elemTypeCLName(V.Type)) + " " + V.Name;
      for (const std::optional<IndexExpr> &E : V.Extents)
        Decl += "[" + (E ? E->str() : std::string("1")) + "]";
      line(Decl + ";");
      continue;
    }
    line(std::string(elemTypeCLName(V.Type)) + " " + V.Name + Suffix + ";");
    Ctx.ScalarRename[V.Name] = V.Name;
  }
  for (auto &[Name, T] : Plan.Promoted) {
    line(std::string(elemTypeCLName(T)) + " " + Name + Suffix + ";");
    Ctx.ScalarRename[Name] = Name;
  }
}

void Emitter::body(const std::vector<Node> &Nodes) {
  for (const Node &N : Nodes) {
    if (!N.isLoop()) {
      const Stmt &S = N.stmt();
      if (S.When.empty()) {
        line(clStmt(S, Ctx));
        continue;
      }
      line("if (" + clGuard(S.When, Ctx) + ")");
      line("  " + clStmt(S, Ctx));
      continue;
    }
    const Loop &L = N.loop();
    open("for (" + IndexType + " " + L.Var + " = " + loopStartC(L) + "; " +
         loopConditionC(L) + "; " + loopIncrementC(L) + ")");
    body(L.Body);
    close();
  }
}

void Emitter::naive() {
  // One tunable per dimension, this kernel's own (the plan chose the
  // defaults); any value is correct, so the runtime may also shrink them.
  Launch.Tunables = Plan.Tunables;
  unsigned Dims = unsigned(Plan.Band.size());
  assert(Plan.WorkGroup.size() == Dims && "the plan chose no work-group");
  std::vector<std::string> WG;
  for (unsigned D = 0; D < Dims; ++D) {
    WG.push_back(Plan.tunable("WG" + std::to_string(D)));
  }
  std::string Attr = "__attribute__((reqd_work_group_size(";
  for (unsigned D = 0; D < 3; ++D)
    Attr += (D ? ", " : "") + (D < Dims ? WG[D] : std::string("1"));
  signature(Attr + "))) ");
  // The NDRange covers each loop's bounding box (its range when the band is
  // rectangular), rounded up to whole work-groups. The work-items past the
  // box return first, tested on their global id in size_t: forming their
  // index (box lower + id) could pass the index type's largest value where
  // the box ends near it (`i` from n - 5 to n - 1 at n = INT_MAX), and a
  // wrapped index would pass any test on it. The indices formed after that
  // test lie in the box. A further test keeps the band's own range where
  // it is narrower than its box (a triangular band, `j <= i`). A strip
  // (KernelPlan::StripRows) gives each work-item RS consecutive positions
  // of dimension 1's box from row0 (below the box's extent), run in order,
  // each index tested against the box's upper bounds: it is at most RS - 1
  // past them, which the manifest's index_ends keeps from wrapping (the
  // test on the position, `r >= extent - row0`, ran 4.7% slower in a 3 x 3
  // convolution on an H200).
  const MappedLoop *Strip = Plan.StripRows ? Plan.byDim(1) : nullptr;
  std::string RS = Strip ? Plan.tunable("RS") : "", First;
  std::string PastBox;
  auto AsSize = [](const std::string &E) {
    return E.find_first_not_of("0123456789") == std::string::npos
               ? E
               : "(size_t)(" + E + ")";
  };
  for (unsigned D = 0; D < Dims; ++D) {
    const MappedLoop &M = *Plan.byDim(D);
    std::string Gid = "get_global_id(" + std::to_string(D) + ")";
    std::string Extent = extentFormula(M.BoxLower, M.BoxUpper);
    std::string KExtent = extentFormula(M.BoxLower, M.BoxUpper, true);
    if (&M == Strip) {
      PastBox += (PastBox.empty() ? "" : " || ") + Gid + " * " + RS +
                 " >= " + AsSize(KExtent);
      Extent = "ceil_div(" + Extent + ", " + RS + ")";
    } else {
      PastBox += (PastBox.empty() ? "" : " || ") + Gid + " >= " +
                 AsSize(KExtent);
    }
    Launch.Global.push_back("round_up(" + Extent + ", " + WG[D] + ")");
    Launch.Local.push_back(WG[D]);
  }
  line("if (" + PastBox + ")");
  line("  return;");
  for (unsigned D = 0; D < Dims; ++D) {
    const MappedLoop &M = *Plan.byDim(D);
    std::string Id =
        "(" + IndexType + ")get_global_id(" + std::to_string(D) + ")";
    if (&M == Strip) {
      First = role("row0");
      line("const " + IndexType + " " + First + " = " + Id + " * " + RS + ";");
    } else {
      line("const " + IndexType + " " + M.Var + " = " + fromBox(M, Id) + ";");
    }
  }
  std::string Outside = outsideBand(Strip, /*BoxTested=*/true);
  if (!Outside.empty()) {
    line("if (" + Outside + ")");
    line("  return;");
  }
  declarePrivates("");
  if (Strip) {
    Launch.OutputsPerItem = RS;
    std::string R = role("r");
    line("#pragma unroll");
    open("for (int " + R + " = 0; " + R + " < " + RS + "; " + R + "++)");
    line("const " + IndexType + " " + Strip->Var + " = " +
         fromBox(*Strip, First + " + " + R) + ";");
    std::string Past;
    for (const IndexExpr &U : Strip->Upper)
      Past += (Past.empty() ? "" : " || ") + Strip->Var + " > " + U.str();
    line("if (" + Past + ")");
    line("  return;");
  }
  body(Plan.Body);
  if (Strip)
    close();
  close();
}

void Emitter::singleWorkItem() {
  signature("");
  Launch.Global = {"1"};
  Launch.Local = {"1"};
  declarePrivates("");
  body(Plan.Body);
  close();
}

void Emitter::workGroupTree(const ScalarReduction &R, const std::string &WG,
                            const std::string &Lid, const std::string &Stride,
                            const std::string &Col) {
  auto At = [&](const std::string &L) {
    return R.Scratch + "[" +
           (Stride.empty() ? L : "(" + L + ") * " + Stride + " + " + Col) + "]";
  };
  // Halving with the odd one out kept: W values become ceil(W / 2), item l
  // < W - H taking item l + H, so any work-group size is reduced whole,
  // in an order fixed by the size alone.
  std::string W = role("w"), H = role("h");
  line("barrier(CLK_LOCAL_MEM_FENCE);");
  open("for (int " + W + " = " + WG + "; " + W + " > 1; " + W + " = (" + W +
       " + 1) / 2)");
  line("const int " + H + " = (" + W + " + 1) / 2;");
  line("if (" + Lid + " < " + W + " - " + H + ")");
  line("  " + At(Lid) + " = " +
       combineText(R.Op, R.AccType, At(Lid), At(Lid + " + " + H)) + ";");
  line("barrier(CLK_LOCAL_MEM_FENCE);");
  close();
}

void Emitter::reduceScalar() {
  // Kernel 1 (ScalarReduction): work-item g of the G launched takes the
  // iterations at positions g, g + G, ... of the loop's range (consecutive
  // work-items, consecutive iterations: coalesced), combining its terms
  // into a private value in that order; then the work-group's tree; one
  // partial per work-group.
  const ScalarReduction &R = Plan.Reduce;
  // The flattened loops, outermost first; position p of the rectangle is
  // (p / (e1 * ... ), ..., p % e_last).
  std::vector<const Loop *> Chain = {&Plan.Body.front().loop()};
  for (unsigned D = 1; D < R.Depth; ++D)
    Chain.push_back(&Chain.back()->Body.front().loop());
  const Loop &L = *Chain.back();
  std::string WG = Plan.tunable("WG0");
  Launch.Tunables = Plan.Tunables;
  std::string CL = elemTypeCLName(R.AccType);
  // Extent: the manifest's formula; KExtent: the kernel's, in long (a
  // product of sizes may not fit in an int).
  std::vector<std::string> KExtents;
  std::string Extent, KExtent;
  for (const Loop *C : Chain) {
    std::string E = extentFormula(C->Lower, C->Upper);
    KExtents.push_back(extentFormula(C->Lower, C->Upper, /*InKernel=*/true));
    bool One = Chain.size() == 1;
    Extent += (Extent.empty() ? "" : " * ") + (One ? E : "(" + E + ")");
    KExtent += (KExtent.empty() ? "" : " * ") +
               (One ? KExtents.back() : "(long)(" + KExtents.back() + ")");
  }
  std::string Groups = "max(min(ceil_div(" + Extent + ", " + WG + "), " +
                       std::to_string(ScalarReduction::MaxGroups) + "), 1)";
  std::string Attr = "__attribute__((reqd_work_group_size(" + WG + ", 1, 1))) ";
  std::string PartDecl = "__global " + CL + " *restrict " + R.Partials;
  std::set<std::string> Used, Written;
  namesUsed(Plan.Body, Used, &Written);
  // The target is written by the final kernel only; its array is read
  // here where a term reads other elements of it.
  if (!R.TermsReadTargetArray)
    Used.erase(R.Target.Name);
  Written.erase(R.Target.Name);
  signatureOf(Attr, Plan.Name, Used, Written, {{PartDecl, R.Partials}}, Launch);
  std::string Lid = role("lid"), P = role("p");
  line("__local " + CL + " " + R.Scratch + "[" + WG + "];");
  line("const int " + Lid + " = get_local_id(0);");
  line(CL + " " + R.Acc + " = " + R.Identity + ";");
  declarePrivates("");
  open("for (long " + P + " = get_global_id(0); " + P + " < " + KExtent + "; " +
       P + " += get_global_size(0))");
  // Innermost fastest: consecutive positions, consecutive innermost
  // iterations.
  std::string Rest = P;
  for (size_t C = Chain.size(); C-- > 0;) {
    MappedLoop Range;
    Range.Lower = Chain[C]->Lower;
    std::string Pos =
        C == 0 ? Rest : "(" + Rest + " % (long)(" + KExtents[C] + "))";
    line("const " + IndexType + " " + Chain[C]->Var + " = " +
         plusLower(Range, "(" + IndexType + ")" + Pos) + ";");
    Rest = "(" + Rest + " / (long)(" + KExtents[C] + "))";
  }
  Ctx.ArrayHook = [&](const Expr &E) -> std::optional<std::string> {
    if (E.Name == R.Target.Name && E.Subscripts == R.Target.Subscripts)
      return R.Acc;
    return std::nullopt;
  };
  body(L.Body);
  Ctx.ArrayHook = nullptr;
  close();
  line(R.Scratch + "[" + Lid + "] = " + R.Acc + ";");
  workGroupTree(WG, Lid);
  line("if (" + Lid + " == 0)");
  line("  " + R.Partials + "[get_group_id(0)] = " + R.Scratch + "[0];");
  close();
  Launch.Global = {Groups + " * " + WG};
  Launch.Local = {WG};
  Launch.LocalBytes = WG + "*" + std::to_string(elemTypeBytes(R.AccType));
  Launch.LocalBytesDefault = Plan.WorkGroup[0] * elemTypeBytes(R.AccType);
  Launch.OutputsPerItem = "1 (a partial per work-group)";

  // Kernel 2: one work-group combines the partials (item l takes l, l +
  // WG, ... in order), the tree, and the total into the target once.
  Out += "\n";
  KernelLaunch Final;
  Final.Name = R.FinalKernel;
  Final.Kind = "tree reduction (final stage)";
  std::set<std::string> TUsed = {R.Target.Name}, TWritten = {R.Target.Name};
  signatureOf(
      Attr, R.FinalKernel, TUsed, TWritten,
      {{"__global const " + CL + " *restrict " + R.Partials, R.Partials}},
      Final);
  std::string G = role("groups"), Q = role("g");
  line("__local " + CL + " " + R.Scratch + "[" + WG + "];");
  line("const int " + Lid + " = get_local_id(0);");
  // The kernel's own spelling of Groups (ceil_div is the manifest's).
  std::string E = "(long)(" + KExtent + ")";
  line("const long " + G + " = max(min((" + E + " + " + WG + " - 1) / " + WG +
       ", (long)" + std::to_string(ScalarReduction::MaxGroups) + "), 1L);");
  line(CL + " " + R.Acc + " = " + R.Identity + ";");
  line("for (long " + Q + " = " + Lid + "; " + Q + " < " + G + "; " + Q +
       " += " + WG + ")");
  line("  " + R.Acc + " = " +
       combineText(R.Op, R.AccType, R.Acc, R.Partials + "[" + Q + "]") + ";");
  line(R.Scratch + "[" + Lid + "] = " + R.Acc + ";");
  workGroupTree(WG, Lid);
  std::string T = clExpr(R.Target, Ctx);
  line("if (" + Lid + " == 0)");
  line("  " + T + " = " + finalText(R, T, R.Scratch + "[0]") + ";");
  close();
  Final.Global = {WG};
  Final.Local = {WG};
  Final.LocalBytes = Launch.LocalBytes;
  Final.LocalBytesDefault = Launch.LocalBytesDefault;
  Final.OutputsPerItem = "1";
  Launch.Followers.push_back(std::move(Final));
}

void Emitter::reduceRows() {
  // One work-group per row (ReduceRows): the row's segments in order, each
  // followed by a barrier where another work-item may read what it wrote
  // (global memory, or the tree's local memory before its next use).
  // By columns (ColumnLanes): WG0 consecutive iterations of the row loop
  // per work-group (dimension 0), each shared out over WG1 lanes
  // (dimension 1), the lanes of one iteration in the role the row's
  // work-items have; an iteration past the loop's range takes part in the
  // barriers and trees only (Active).
  const MappedLoop &M = Plan.Band.front();
  const bool Cols = Plan.ColumnLanes;
  std::string WG = Plan.tunable("WG0");
  std::string Lanes = Cols ? Plan.tunable("WG1") : WG;
  Launch.Tunables = Plan.Tunables;
  signature("__attribute__((reqd_work_group_size(" + WG + ", " +
            (Cols ? Lanes : std::string("1")) + ", 1))) ");
  std::string Lid = role("lid"), P = role("p");
  std::string Col = Cols ? role("col") : "", Active = Cols ? role("active") : "";
  int64_t Bytes = 0;
  std::string BytesF;
  for (const RowSegment &S : Plan.Rows)
    if (S.K == RowSegment::Reduce) {
      line("__local " + std::string(elemTypeCLName(S.R.AccType)) + " " +
           S.R.Scratch + "[" + (Cols ? WG + " * " + Lanes : WG) + "];");
      Bytes += Plan.WorkGroup[0] * (Cols ? Plan.Lanes : 1) *
               elemTypeBytes(S.R.AccType);
      BytesF += (BytesF.empty() ? "" : " + ") + WG +
                (Cols ? "*" + Lanes : std::string()) + "*" +
                std::to_string(elemTypeBytes(S.R.AccType));
    }
  if (Cols) {
    line("const int " + Col + " = get_local_id(0);");
    line("const int " + Lid + " = get_local_id(1);");
    line("const " + IndexType + " " + M.Var + " = " +
         plusLower(M, "(" + IndexType + ")get_group_id(0) * " + WG + " + " +
                          Col) +
         ";");
    line("const int " + Active + " = " + inRange(M.Var, M.Upper) + ";");
  } else {
    line("const int " + Lid + " = get_local_id(0);");
    // The NDRange has exactly one work-group per row (no guard: an early
    // return before the barriers, though uniform per work-group, is
    // miscompiled by PoCL 3.1's default work-group method, which then
    // corrupts the host's heap; cbs, loops and oclgrind run it right).
    line("const " + IndexType + " " + M.Var + " = " +
         plusLower(M, "(" + IndexType + ")get_group_id(0)") + ";");
  }
  declarePrivates("");
  // Where the iteration may be past the range (by columns), only what
  // reads or writes memory is guarded.
  auto Guarded = [&](const std::string &Extra, const std::function<void()> &Inner) {
    std::string C = Cols ? Active : "";
    if (!Extra.empty())
      C += (C.empty() ? "" : " && ") + Extra;
    if (C.empty()) {
      Inner();
      return;
    }
    open("if (" + C + ")");
    Inner();
    close();
  };
  // A loop's iterations spread over the work-items: item l takes the
  // positions l, l + WG, ... of the loop's range.
  auto Spread = [&](const Loop &L, const std::function<void()> &Inner) {
    MappedLoop Range;
    Range.Lower = L.Lower;
    Guarded("", [&] {
      open("for (long " + P + " = " + Lid + "; " + P + " < " +
           extentFormula(L.Lower, L.Upper, /*InKernel=*/true) + "; " + P +
           " += " + Lanes + ")");
      line("const " + IndexType + " " + L.Var + " = " +
           plusLower(Range, "(" + IndexType + ")" + P) + ";");
      Inner();
      close();
    });
  };
  for (const RowSegment &S : Plan.Rows) {
    const Node &N = Plan.Body[S.Index];
    // After the last segment nothing is read any more.
    bool Last = &S == &Plan.Rows.back();
    auto Barrier = [&](const std::string &Fence) {
      if (!Last)
        line("barrier(" + Fence + ");");
    };
    switch (S.K) {
    case RowSegment::Uniform: {
      Guarded("", [&] { body({N}); });
      // Every work-item reads what the statement reads; a later segment's
      // write (work-item 0's, or a spread loop's) must wait until all have
      // read, else one may see the new value where the C reads the old
      // (`t = image[i]; image[i] = 5;`: fuzz seed 732500).
      std::set<std::string> Read;
      std::function<void(const Expr &)> Visit = [&](const Expr &E) {
        if (E.K == Expr::ArrayRef)
          Read.insert(E.Name);
        for (const Expr &O : E.Operands)
          Visit(O);
      };
      forEachStmt(std::vector<Node>{N}, [&](const Stmt &St) {
        for (const Expr *E : St.exprs())
          Visit(*E);
      });
      bool WriteFollows = false;
      for (const RowSegment *X = &S + 1;
           X != Plan.Rows.data() + Plan.Rows.size(); ++X) {
        if (X->K == RowSegment::Reduce) {
          WriteFollows |= X->R.Target.K == Expr::ArrayRef &&
                          Read.count(X->R.Target.Name);
          continue;
        }
        if (X->K != RowSegment::Uniform)
          forEachStmt(std::vector<Node>{Plan.Body[X->Index]},
                      [&](const Stmt &St) {
                        WriteFollows |= St.LHS.K == Expr::ArrayRef &&
                                        Read.count(St.LHS.Name);
                      });
      }
      if (WriteFollows)
        Barrier("CLK_GLOBAL_MEM_FENCE");
      break;
    }
    case RowSegment::Single:
      Guarded(Lid + " == 0", [&] { body({N}); });
      Barrier("CLK_GLOBAL_MEM_FENCE");
      break;
    case RowSegment::Spread:
      Spread(N.loop(), [&] { body(N.loop().Body); });
      Barrier("CLK_GLOBAL_MEM_FENCE");
      break;
    case RowSegment::Reduce: {
      const ScalarReduction &R = S.R;
      std::string CL = elemTypeCLName(R.AccType);
      line(CL + " " + R.Acc + " = " + R.Identity + ";");
      bool ScalarTarget = R.Target.K == Expr::ScalarRef;
      std::string Saved;
      if (ScalarTarget) {
        Saved = Ctx.ScalarRename.count(R.Target.Name)
                    ? Ctx.ScalarRename[R.Target.Name]
                    : R.Target.Name;
        Ctx.ScalarRename[R.Target.Name] = R.Acc;
      } else {
        Ctx.ArrayHook = [&](const Expr &E) -> std::optional<std::string> {
          if (E.Name == R.Target.Name && E.Subscripts == R.Target.Subscripts)
            return R.Acc;
          return std::nullopt;
        };
      }
      Spread(N.loop(), [&] { body(N.loop().Body); });
      if (ScalarTarget)
        Ctx.ScalarRename[R.Target.Name] = Saved;
      Ctx.ArrayHook = nullptr;
      std::string Mine = Cols ? R.Scratch + "[" + Lid + " * " + WG + " + " +
                                    Col + "]"
                              : R.Scratch + "[" + Lid + "]";
      std::string Total = Cols ? R.Scratch + "[" + Col + "]"
                               : R.Scratch + "[0]";
      line(Mine + " = " + R.Acc + ";");
      if (Cols)
        workGroupTree(R, Lanes, Lid, WG, Col);
      else
        workGroupTree(R, WG, Lid);
      std::string T = clExpr(R.Target, Ctx);
      if (ScalarTarget) {
        // Every work-item's copy of the row's scalar takes the total, then
        // the tree's memory may be reused.
        Guarded("", [&] { line(T + " = " + finalText(R, T, Total) + ";"); });
        Barrier("CLK_LOCAL_MEM_FENCE");
      } else {
        if (Cols) {
          Guarded(Lid + " == 0", [&] {
            line(T + " = " + finalText(R, T, Total) + ";");
          });
        } else {
          line("if (" + Lid + " == 0)");
          line("  " + T + " = " + finalText(R, T, Total) + ";");
        }
        Barrier("CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE");
      }
      break;
    }
    }
  }
  close();
  if (Cols) {
    Launch.Global = {"round_up(" + extentFormula(M.Lower, M.Upper) + ", " +
                         WG + ")",
                     Lanes};
    Launch.Local = {WG, Lanes};
    Launch.OutputsPerItem = "1 iteration per " + Lanes + " work-items";
  } else {
    Launch.Global = {extentFormula(M.Lower, M.Upper) + " * " + WG};
    Launch.Local = {WG};
    Launch.OutputsPerItem = "1 row per work-group";
  }
  Launch.LocalBytes = BytesF;
  Launch.LocalBytesDefault = Bytes;
}

std::string Emitter::unguardedLoad(const StagedAccess &S,
                                   const std::string &PBase, const Loop &K,
                                   const std::string &KBase,
                                   const std::string &PCoord,
                                   const std::string &KCoord) {
  CLPrintContext C;
  C.F = &F;
  C.IndexSubst[Plan.Band[S.BandIndex].Var] =
      IndexExpr::symbol(PBase) + IndexExpr::symbol(PCoord);
  C.IndexSubst[K.Var] = IndexExpr::symbol(KBase) + IndexExpr::symbol(KCoord);
  return clExpr(Expr::arrayRef(S.Array, S.Type, S.Subscripts), C);
}

std::string Emitter::guardedLoad(const StagedAccess &S, const std::string &PBase,
                                 const std::vector<IndexExpr> &PUpper,
                                 const Loop &K, const std::string &KBase,
                                 const std::string &PCoord,
                                 const std::string &KCoord) {
  std::string Load = unguardedLoad(S, PBase, K, KBase, PCoord, KCoord);
  std::string Cond = inRange("(" + PBase + " + " + PCoord + ")", PUpper);
  std::string KCond = inRange("(" + KBase + " + " + KCoord + ")", K.Upper);
  return "(" + Cond + " && " + KCond + ") ? " + Load + " : " + zeroOf(S.Type);
}

void Emitter::stageCopy(const StagedAccess &S, const std::string &PBase,
                        const std::vector<IndexExpr> &PUpper, const Loop &K,
                        const std::string &KBase) {
  // Tile coordinates: a0 (fast) and a1, one element per work-item.
  std::string A0 = role("a0"), A1 = role("a1");
  std::string PCoord = S.ReductionIsFast ? A1 : A0;
  std::string KCoord = S.ReductionIsFast ? A0 : A1;
  open("");
  line("const int " + A0 + " = " + role("l0") + ", " + A1 + " = " + role("l1") +
       ";");
  line(S.TileName + "[" + A1 + "][" + A0 + "] = " +
       guardedLoad(S, PBase, PUpper, K, KBase, PCoord, KCoord) + ";");
  close();
}

void Emitter::stageThroughRegisters(const StagedAccess &S,
                                    const std::string &PBase,
                                    const std::vector<IndexExpr> &PUpper,
                                    const Loop &K, const std::string &KBase,
                                    const std::string &C1,
                                    const std::string &C0,
                                    const std::string &Regs, StageMode Mode,
                                    const std::string &Buf) {
  // The C1 x C0 copy (C0 fast) in runs of GV consecutive elements: run
  // e = tid + q * nthreads starts at (a1, av) = (e / (C0 / GV), e % (C0 /
  // GV) * GV) and goes through the vector register Regs[q] (components s0
  // to s{GV-1}), so that consecutive work-items touch consecutive global
  // addresses and, where the sizes allow it, a run is one aligned vector
  // load that stays one vector up to the local store.
  std::string A0 = role("a0"), A1 = role("a1"), AV = role("av"), E = role("e"),
              Q = role("q"), NT = role("nthreads");
  std::string GV = fetchWidth(C0);
  std::string PCoord = S.ReductionIsFast ? A1 : A0;
  std::string KCoord = S.ReductionIsFast ? A0 : A1;
  std::string Runs = "(" + C1 + ") * (" + C0 + ") / " + GV;
  line("#pragma unroll");
  open("for (int " + Q + " = 0; " + Q + " < (" + Runs + " + " + NT +
       " - 1) / " + NT + "; " + Q + "++)");
  line("const int " + E + " = " + role("tid") + " + " + Q + " * " + NT + ";");
  open("if (" + E + " < " + Runs + ")");
  line("const int " + A1 + " = " + E + " / ((" + C0 + ") / " + GV + "), " +
       AV + " = " + E + " % ((" + C0 + ") / " + GV + ") * " + GV + ";");
  if (Mode == StageMode::FetchVector) {
    // One aligned vector of four: the caller checked the alignment.
    CLPrintContext Cx;
    Cx.F = &F;
    Cx.IndexSubst[Plan.Band[S.BandIndex].Var] =
        IndexExpr::symbol(PBase) + IndexExpr::symbol(PCoord);
    Cx.IndexSubst[K.Var] = IndexExpr::symbol(KBase) + IndexExpr::symbol(KCoord);
    std::string Flat = clFlatIndex(F, S.Array, S.Subscripts, Cx);
    std::string Ty = elemTypeName(S.Type);
    line("const int " + A0 + " = " + AV + ";");
    line(Regs + "[" + Q + "] = *(__global const " + Ty + "4 *)(" + S.Array +
         " + " + Flat + ");");
    close();
    close();
    return;
  }
  // Component c of the run, c < GV: written out, components 1 to 3 only
  // when runs have four elements.
  for (int C = 0; C < 4; ++C) {
    if (C == 1)
      line("#if " + GV + " == 4");
    open("");
    line("const int " + A0 + " = " + AV + (C ? " + " + std::to_string(C) : "") +
         ";");
    std::string Reg = Regs + "[" + Q + "].s" + std::to_string(C);
    if (Mode == StageMode::FetchGuarded)
      line(Reg + " = " +
           guardedLoad(S, PBase, PUpper, K, KBase, PCoord, KCoord) + ";");
    else if (Mode == StageMode::FetchInterior)
      line(Reg + " = " + unguardedLoad(S, PBase, K, KBase, PCoord, KCoord) +
           ";");
    else
      line(S.TileName + "[" + Buf + "][" + KCoord + "][" + PCoord + "] = " +
           (S.Scale ? clExpr(*S.Scale, Ctx) + " * " : "") + Reg + ";");
    close();
  }
  line("#endif");
  close();
  close();
}

void Emitter::block() {
  const Loop &K = Plan.reductionLoop();
  const std::string TS = Plan.tunable("TS");
  Launch.Tunables = Plan.Tunables;
  signature("__attribute__((reqd_work_group_size(" + TS + ", " + TS +
            ", 1))) ");
  const MappedLoop &M0 = *Plan.byDim(0), &M1 = *Plan.byDim(1);
  // A triangular band tiles its bounding box: the work-group bases start at
  // the box's lower bounds, and the staged tiles are read over the box
  // (every element in it lies within the array's extents: see planKernel).
  MappedLoop Box0 = M0, Box1 = M1;
  Box0.Lower = M0.BoxLower;
  Box1.Lower = M1.BoxLower;
  std::string L0 = role("l0"), L1 = role("l1"), B0 = fresh(M0.Var + "0"),
              B1 = fresh(M1.Var + "0"), Active = role("active");
  line("const int " + L0 + " = (int)get_local_id(0), " + L1 +
       " = (int)get_local_id(1);");
  line("const " + IndexType + " " + B0 + " = " +
       plusLower(Box0, "(" + IndexType + ")get_group_id(0) * " + TS) + ";");
  line("const " + IndexType + " " + B1 + " = " +
       plusLower(Box1, "(" + IndexType + ")get_group_id(1) * " + TS) + ";");
  batchIndex();
  // A work-group whose whole box lies outside the triangle returns as a
  // whole, before any barrier: for a bound of one tiled loop that mentions
  // the other, the group's loosest value of it over its block of the other.
  std::string Outside = blockTest(M0, M1, B0, B1, TS, TS, false);
  if (!Outside.empty()) {
    line("if (" + Outside + ")");
    line("  return;");
  }
  line("const " + IndexType + " " + M0.Var + " = " + B0 + " + " + L0 + ";");
  line("const " + IndexType + " " + M1.Var + " = " + B1 + " + " + L1 + ";");
  line("const bool " + Active + " = " + activeTest(M0, M1) + ";");
  size_t LocalElems = 0;
  for (const StagedAccess &S : Plan.Staged) {
    line("__local " + std::string(elemTypeName(S.Type)) + " " + S.TileName +
         "[" + TS + "][" + TS + " + 1];");
    ++LocalElems;
  }
  declarePrivates("");
  std::vector<Node> Pre(Plan.Body.begin(), Plan.Body.begin() + Plan.ReductionIndex);
  std::vector<Node> Post(Plan.Body.begin() + Plan.ReductionIndex + 1, Plan.Body.end());
  if (!Pre.empty()) {
    open("if (" + Active + ")");
    body(Pre);
    close();
  }
  std::string KK = fresh(K.Var + K.Var), KL = fresh(K.Var + "l"),
              KN = fresh(K.Var + "n");
  open("for (" + IndexType + " " + KK + " = " + joinMacro("MAX", strs(K.Lower)) + "; " + KK +
       " <= " + joinMacro("MIN", strs(K.Upper)) + "; " + KK + " += " + TS +
       ")");
  line("// Stage the tiles this step reads (one element per work-item).");
  for (const StagedAccess &S : Plan.Staged) {
    const MappedLoop &P = Plan.Band[S.BandIndex];
    std::string PBase = P.Dim == 0 ? B0 : B1;
    stageCopy(S, PBase, P.BoxUpper, K, KK);
  }
  line("barrier(CLK_LOCAL_MEM_FENCE); // the tiles are complete");
  // Reduction over the tile: staged accesses read the tile.
  Ctx.ArrayHook = [&](const Expr &E) -> std::optional<std::string> {
    for (const StagedAccess &S : Plan.Staged) {
      if (S.Array != E.Name || S.Subscripts != E.Subscripts)
        continue;
      const MappedLoop &P = Plan.Band[S.BandIndex];
      std::string PLocal = P.Dim == 0 ? L0 : L1;
      return S.ReductionIsFast ? S.TileName + "[" + PLocal + "][" + KL + "]"
                               : S.TileName + "[" + KL + "][" + PLocal + "]";
    }
    return std::nullopt;
  };
  open("if (" + Active + ")");
  line("const int " + KN + " = " + narrowed(remaining(TS, K, KK)) + ";");
  auto Reduction = [&](const std::string &Bound, bool Unroll) {
    if (Unroll)
      line("#pragma unroll");
    open("for (int " + KL + " = 0; " + KL + " < " + Bound + "; " + KL + "++)");
    defineIfUsed({{K.Var, KK + " + " + KL}}, [&] { body(K.Body); });
    close();
  };
  open("if (" + KN + " == " + TS + ")");
  Reduction(TS, true);
  close();
  open("else");
  Reduction(KN, false);
  close();
  close();
  Ctx.ArrayHook = nullptr;
  line("barrier(CLK_LOCAL_MEM_FENCE); // done with the tiles");
  close();
  barrierBeforeLoops(Post);
  if (!Post.empty()) {
    open("if (" + Active + ")");
    body(Post);
    close();
  }
  close();
  Launch.Global = {
      "round_up(" + extentFormula(M0.BoxLower, M0.BoxUpper) + ", " + TS + ")",
      "round_up(" + extentFormula(M1.BoxLower, M1.BoxUpper) + ", " + TS + ")"};
  Launch.Local = {TS, TS};
  batchLaunch();
  std::string ElemBytes = Plan.Staged.empty()
                              ? "4"
                              : std::to_string(Plan.Staged[0].Type == ElemType::Double ? 8 : 4);
  Launch.LocalBytes =
      std::to_string(LocalElems) + "*" + TS + "*(" + TS + " + 1)*" + ElemBytes;
  Launch.LocalBytesDefault =
      int64_t(LocalElems) * Plan.Tile * (Plan.Tile + 1) * std::stoll(ElemBytes);
}

// The row-staged kernel (KernelPlan::RowStaged, lecture 04's fused
// program): a work-group holds WG0 rows and WG0 * LANES work-items; the
// row loop runs in chunks of CHUNK columns. Per chunk, all the work-items
// copy the read tiles in (consecutive work-items on consecutive elements of
// a row), work-item l < WG0 runs row l's part of the chunk from the tiles
// in the original order, and all copy the written tiles out the same way.
// Work-items past the last row, and the copy-only ones (l >= WG0), take
// part in the copies and the barriers but compute nothing. Tiles are
// [WG0][CHUNK + PAD]: an odd pitch spreads a work-item's walk along its row
// (a column of the tile across the work-group) over the banks.
//
// The copy in goes through registers: each work-item loads its share of
// the WG0 x CHUNK chunk into a private array (the fetch) and then stores
// it into the tile (the store). With PIPE = 1 (software pipelining) the
// fetch of chunk c + 1 is issued right after chunk c's store, before the
// barrier, so that its loads are in flight while chunk c is walked and
// copied out: a work-group's next chunk is always on its way (Little's
// law: a memory-bound kernel needs its bytes in flight). The registers are
// the second buffer; the local tiles need none, since
//  * chunk c + 1's store into the read tiles follows the barrier after
//    chunk c's walk (the last reader), and
//  * chunk c + 1's walk writes the written tiles after the barrier that
//    follows that store, so after every work-item's copy out of chunk c.
//
// A chunk is WG0 rows of CHUNK / G runs of G elements (G = 4 where VEC = 1
// and every staged row is aligned to four elements, a run-time test of the
// first row's flat index and the row stride, uniform across the
// work-group: a run is then one vector load or store; else G = 1). Run s of
// the chunk goes to work-item s % NT (NT = WG0 * LANES), as its run s / NT;
// where NT and the runs per row divide each other the row and column of a
// work-item's q-th run are its base plus constants, so that the unrolled
// copies address memory from one base (no per-element addresses held in
// registers across the chunk loop). Each G has its own chunk loop (the test
// is uniform), so only one layout's registers are live. Every element of
// the chunk is fetched (or copied out) by exactly one work-item, and the
// arithmetic is the naive kernel's in the same order.
void Emitter::rowStaged() {
  const Loop &J = Plan.reductionLoop();
  const MappedLoop &M = Plan.Band[0];
  const std::string WG = Plan.tunable("WG0"), LN = Plan.tunable("LANES"),
                    CH = Plan.tunable("CHUNK"), PAD = Plan.tunable("PAD"),
                    PIPE = Plan.tunable("PIPE"), VEC = Plan.tunable("VEC");
  const std::string NT = "(" + WG + " * " + LN + ")";
  int64_t Bytes = 0; // per element of a row, over the tiles
  for (const RowAccess &A : Plan.RowStagedAccesses)
    Bytes += elemTypeBytes(A.Type);
  std::string BytesFormula =
      WG + "*(" + CH + " + " + PAD + ")*" + std::to_string(Bytes);
  Launch.Tunables = Plan.Tunables;
  signature("__attribute__((reqd_work_group_size(" + WG + " * " + LN +
            ", 1, 1))) ");
  std::string L = role("l0"), B = fresh(M.Var + "0"), Active = role("active");
  line("const int " + L + " = (int)get_local_id(0);");
  line("const int " + B + " = " + plusLower(M, "(int)get_group_id(0) * " + WG) +
       ";");
  line("const int " + M.Var + " = " + B + " + " + L + ";");
  line("const bool " + Active + " = " + L + " < " + WG + " && " +
       inRange(M.Var, M.Upper) + ";");
  for (const RowAccess &A : Plan.RowStagedAccesses)
    line("__local " + std::string(elemTypeCLName(A.Type)) + " " + A.TileName +
         "[" + WG + "][" + CH + " + " + PAD + "];");
  declarePrivates("");
  std::vector<Node> Pre(Plan.Body.begin(),
                        Plan.Body.begin() + Plan.ReductionIndex);
  std::vector<Node> Post(Plan.Body.begin() + Plan.ReductionIndex + 1,
                         Plan.Body.end());
  if (!Pre.empty()) {
    open("if (" + Active + ")");
    body(Pre);
    close();
  }
  std::string JLo = joinMacro("MAX", strs(J.Lower));
  std::string JC = fresh(J.Var + "c"), JN = fresh(J.Var + "n"),
              JC2 = fresh(J.Var + "c_next"), JN2 = fresh(J.Var + "n_next"),
              Q = fresh("q"), R = fresh("r"), C = fresh("c"), E = fresh("e"),
              Ok = fresh("ok"), In = fresh("in"), TR = fresh("tr"),
              TC = fresh("tc"), Vec = fresh("vec");
  std::vector<std::string> Regs;
  for (const RowAccess &A : Plan.RowStagedAccesses)
    Regs.push_back(A.Write ? "" : fresh(A.Array + "_next"));
  bool AnyRead = false, AnyWrite = false;
  for (const RowAccess &A : Plan.RowStagedAccesses)
    (A.Write ? AnyWrite : AnyRead) = true;
  // The runs of G elements per row, and this work-item's runs per chunk.
  auto RunsPerRow = [&](int G) {
    return G > 1 ? "(" + CH + " / " + std::to_string(G) + ")" : CH;
  };
  auto ItemRuns = [&](int G) {
    return "((" + WG + " * " + RunsPerRow(G) + " + " + NT + " - 1) / " + NT +
           ")";
  };
  // This work-item's runs: run Q at row R, column C of the chunk, Ok when
  // the chunk has it.
  auto Runs = [&](int G, bool Rows, const std::function<void()> &Each) {
    std::string RR = RunsPerRow(G), GS = std::to_string(G);
    auto Col = [&](const std::string &X) {
      return G > 1 ? GS + " * (" + X + ")" : X;
    };
    line("#pragma unroll");
    open("for (int " + Q + " = 0; " + Q + " < " + ItemRuns(G) + "; " + Q +
         "++)");
    line("#if " + NT + " % " + RR + " == 0 && " + RR + " % " + LN + " == 0");
    line("const int " + R + " = " + TR + " + " + Q + " * (" + NT + " / " + RR +
         "), " + C + " = " + Col(TC) + ";");
    line("const bool " + Ok + " = true;");
    line("#elif " + RR + " % " + NT + " == 0");
    line("const int " + R + " = " + Q + " / (" + RR + " / " + NT + "), " + C +
         " = " + Col(L + " + " + Q + " % (" + RR + " / " + NT + ") * " + NT) +
         ";");
    line("const bool " + Ok + " = true;");
    line("#else");
    line("const int " + E + " = " + L + " + " + Q + " * " + NT + ";");
    line("const int " + R + " = " + E + " / " + RR + ", " + C + " = " +
         Col(E + " % " + RR) + ";");
    line("const bool " + Ok + " = " + R + " < " + WG + ";");
    line("#endif");
    if (Rows)
      line("const bool " + In + " = " + Ok + " && " +
           inRange("(" + B + " + " + R + ")", M.Upper) + ";");
    Each();
    close();
  };
  // The global element of A at row R, column C + Off of the chunk at Base
  // (its text and its flat index).
  auto Global = [&](const RowAccess &A, const std::string &Base, int Off) {
    CLPrintContext At;
    At.F = &F;
    At.IndexSubst[M.Var] = IndexExpr::symbol(B) + IndexExpr::symbol(R);
    At.IndexSubst[J.Var] = IndexExpr::symbol(Base) + IndexExpr::symbol(C) +
                           IndexExpr::constant(Off);
    return std::make_pair(
        clExpr(Expr::arrayRef(A.Array, A.Type, A.Subscripts), At),
        clFlatIndex(F, A.Array, A.Subscripts, At));
  };
  auto Reg = [&](size_t I, int G, int Off) {
    return Regs[I] + "[" + (G > 1 ? std::to_string(G) + " * " + Q : Q) +
           (Off ? " + " + std::to_string(Off) : "") + "]";
  };
  auto Tile = [&](const RowAccess &A, int Off) {
    return A.TileName + "[" + R + "][" + C +
           (Off ? " + " + std::to_string(Off) : "") + "]";
  };
  auto Plus = [](int Off) {
    return Off ? " + " + std::to_string(Off) : std::string();
  };
  // The fetch of the chunk at Base (N columns) into the registers.
  auto Fetch = [&](int G, const std::string &Base, const std::string &N) {
    Runs(G, true, [&] {
      if (G > 1) {
        open("if (" + In + " && " + C + Plus(G - 1) + " < " + N + ")");
        for (size_t I = 0; I < Plan.RowStagedAccesses.size(); ++I) {
          const RowAccess &A = Plan.RowStagedAccesses[I];
          if (A.Write)
            continue;
          std::string T = elemTypeCLName(A.Type), V = fresh("v");
          line("const " + T + "4 " + V + " = *(__global const " + T + "4 *)(" +
               A.Array + " + " + Global(A, Base, 0).second + ");");
          for (int O = 0; O < G; ++O)
            line(Reg(I, G, O) + " = " + V + ".s" + std::to_string(O) + ";");
        }
        close();
        open("else");
      }
      for (size_t I = 0; I < Plan.RowStagedAccesses.size(); ++I) {
        const RowAccess &A = Plan.RowStagedAccesses[I];
        if (A.Write)
          continue;
        for (int O = 0; O < G; ++O)
          line(Reg(I, G, O) + " = " + In + " && " + C + Plus(O) + " < " + N +
               " ? " + Global(A, Base, O).first + " : " + zeroOf(A.Type) + ";");
      }
      if (G > 1)
        close();
    });
  };
  // The store of the registers into the read tiles.
  auto Store = [&](int G) {
    Runs(G, false, [&] {
      open("if (" + Ok + ")");
      for (size_t I = 0; I < Plan.RowStagedAccesses.size(); ++I)
        if (!Plan.RowStagedAccesses[I].Write)
          for (int O = 0; O < G; ++O)
            line(Tile(Plan.RowStagedAccesses[I], O) + " = " + Reg(I, G, O) +
                 ";");
      close();
    });
  };
  // The copy of the written tiles out to the chunk at Base (N columns).
  auto CopyOut = [&](int G, const std::string &Base, const std::string &N) {
    Runs(G, true, [&] {
      if (G > 1) {
        open("if (" + In + " && " + C + Plus(G - 1) + " < " + N + ")");
        for (const RowAccess &A : Plan.RowStagedAccesses) {
          if (!A.Write)
            continue;
          std::string T = elemTypeCLName(A.Type), Parts;
          for (int O = 0; O < G; ++O)
            Parts += (O ? ", " : "") + Tile(A, O);
          line("*(__global " + T + "4 *)(" + A.Array + " + " +
               Global(A, Base, 0).second + ") = (" + T + "4)(" + Parts + ");");
        }
        close();
        open("else");
      }
      for (int O = 0; O < G; ++O) {
        open("if (" + In + " && " + C + Plus(O) + " < " + N + ")");
        for (const RowAccess &A : Plan.RowStagedAccesses)
          if (A.Write)
            line(Global(A, Base, O).first + " = " + Tile(A, O) + ";");
        close();
      }
      if (G > 1)
        close();
    });
  };
  // The walk of one chunk. A whole chunk has a constant trip count: its
  // read tiles' elements of this row are first loaded into registers
  // (unrolled, all in flight together), then the walk runs from them,
  // unrolled, its only local-memory accesses the stores into the written
  // tiles, so that no load waits behind the running value or a store. The
  // cut last chunk walks the tiles in a plain loop.
  std::vector<std::string> WalkRegs;
  for (const RowAccess &A : Plan.RowStagedAccesses)
    WalkRegs.push_back(A.Write ? "" : fresh(A.Array + "_w"));
  auto Walk = [&] {
    auto Loop = [&](const std::string &Bound, bool Whole) {
      Ctx.ArrayHook = [&](const Expr &X) -> std::optional<std::string> {
        for (size_t I = 0; I < Plan.RowStagedAccesses.size(); ++I) {
          const RowAccess &A = Plan.RowStagedAccesses[I];
          if (A.Array == X.Name && A.Subscripts == X.Subscripts)
            return Whole && !A.Write ? WalkRegs[I] + "[" + C + "]"
                                     : A.TileName + "[" + L + "][" + C + "]";
        }
        return std::nullopt;
      };
      if (Whole) {
        for (size_t I = 0; I < Plan.RowStagedAccesses.size(); ++I)
          if (!Plan.RowStagedAccesses[I].Write)
            line(std::string(elemTypeCLName(Plan.RowStagedAccesses[I].Type)) +
                 " " + WalkRegs[I] + "[" + CH + "];");
        line("#pragma unroll");
        open("for (int " + C + " = 0; " + C + " < " + CH + "; " + C + "++)");
        for (size_t I = 0; I < Plan.RowStagedAccesses.size(); ++I)
          if (!Plan.RowStagedAccesses[I].Write)
            line(WalkRegs[I] + "[" + C +
                 "] = " + Plan.RowStagedAccesses[I].TileName + "[" + L + "][" +
                 C + "];");
        close();
        line("#pragma unroll");
      }
      open("for (int " + C + " = 0; " + C + " < " + Bound + "; " + C + "++)");
      defineIfUsed({{J.Var, JC + " + " + C}}, [&] { body(J.Body); });
      close();
      Ctx.ArrayHook = nullptr;
    };
    open("if (" + Active + ")");
    open("if (" + JN + " == " + CH + ")");
    Loop(CH, true);
    close();
    open("else");
    Loop(JN, false);
    close();
    close();
  };
  // The chunk loop with runs of G elements.
  auto ChunkLoop = [&](int G) {
    std::string RR = RunsPerRow(G);
    line("const int " + TR + " = " + L + " / " + RR + ", " + TC + " = " + L +
         " % " + RR + ";");
    for (size_t I = 0; I < Plan.RowStagedAccesses.size(); ++I)
      if (!Plan.RowStagedAccesses[I].Write)
        line(std::string(elemTypeCLName(Plan.RowStagedAccesses[I].Type)) + " " +
             Regs[I] + "[" + (G > 1 ? std::to_string(G) + " * " : "") +
             ItemRuns(G) + "];");
    if (AnyRead) {
      line("#if " + PIPE);
      line("// The first chunk's loads.");
      open("");
      line("const int " + JC2 + " = " + JLo + ";");
      line("const int " + JN2 + " = " + remaining(CH, J, JC2) + ";");
      Fetch(G, JC2, JN2);
      close();
      line("#endif");
    }
    open("for (int " + JC + " = " + JLo + "; " + JC + " <= " +
         joinMacro("MIN", strs(J.Upper)) + "; " + JC + " += " + CH + ")");
    line("const int " + JN + " = " + remaining(CH, J, JC) + ";");
    if (AnyRead) {
      line("#if !" + PIPE);
      Fetch(G, JC, JN);
      line("#endif");
      line("// Into local memory: the previous chunk's walk is over "
           "(barrier).");
      Store(G);
      line("#if " + PIPE);
      line("// The next chunk's loads, in flight during this chunk's walk "
           "and copy out.");
      open("");
      line("const int " + JC2 + " = " + JC + " + " + CH + ";");
      line("const int " + JN2 + " = " + remaining(CH, J, JC2) + ";");
      Fetch(G, JC2, JN2);
      close();
      line("#endif");
    }
    line("barrier(CLK_LOCAL_MEM_FENCE); // the chunk is in local memory");
    Walk();
    line("barrier(CLK_LOCAL_MEM_FENCE); // the chunk is computed");
    if (AnyWrite) {
      line("// Copy the written chunk out the same way.");
      CopyOut(G, JC, JN);
    }
    close();
  };
  if (Plan.RowVector) {
    // Aligned rows: the first row's first staged element and the row
    // stride of every staged access are multiples of 4 (columns advance
    // by CHUNK, a multiple of 4 too).
    IndexExpr First = J.Lower.size() == 1 ? J.Lower[0] : IndexExpr();
    if (J.Lower.size() != 1) {
      std::string JL = fresh(J.Var + "lo");
      line("const int " + JL + " = " + JLo + ";");
      First = IndexExpr::symbol(JL);
    }
    std::vector<std::string> Terms;
    auto AddTerm = [&](const std::string &T) {
      if (std::find(Terms.begin(), Terms.end(), T) == Terms.end())
        Terms.push_back(T);
    };
    for (const RowAccess &A : Plan.RowStagedAccesses) {
      IndexExpr Flat = flatIndex(F, A.Array, A.Subscripts);
      IndexExpr Stride = Flat.substitute(M.Var, IndexExpr::symbol(M.Var) +
                                                    IndexExpr::constant(1)) -
                         Flat;
      CLPrintContext At;
      At.F = &F;
      At.IndexSubst[M.Var] = IndexExpr::symbol(B);
      At.IndexSubst[J.Var] = First;
      AddTerm("(" + substituted(Flat, At).str() + ")");
      AddTerm("(" + Stride.str() + ")");
    }
    std::string Test;
    for (const std::string &T : Terms)
      Test += (Test.empty() ? "" : " | ") + T;
    line("#if " + VEC + " && " + CH + " % 4 == 0");
    line("// Aligned rows: runs of four elements, vector loads and stores.");
    open("if (((" + Test + ") & 3) == 0)");
    ChunkLoop(4);
    close();
    line("else");
    line("#endif");
  }
  open("");
  ChunkLoop(1);
  close();
  barrierBeforeLoops(Post);
  if (!Post.empty()) {
    open("if (" + Active + ")");
    body(Post);
    close();
  }
  close();
  Launch.Global = {"ceil_div(" + extentFormula(M.Lower, M.Upper) + ", " + WG +
                   ")*" + WG + "*" + LN};
  Launch.Local = {WG + "*" + LN};
  Launch.LocalBytes = BytesFormula;
  Launch.LocalBytesDefault =
      Plan.RowsPerGroup * (Plan.ChunkColumns + Plan.RowPad) * Bytes;
}

// Register tiling (lecture 05, "2D register blocking"): a work-group computes
// a TSM x TSN tile of the output, each work-item WPTM x WPTN outputs. The
// outputs of a work-item come in groups of VW adjacent ones, the groups of
// neighbouring work-items adjacent (output (t, w) of a dimension with NT
// work-items sits at (w / VW) * VW * NT + t * VW + w % VW): the VW values a
// work-item reads from a tile per reduction step are one aligned vector read
// of local memory, and the vector reads of a warp hit consecutive banks.
// Tiles are stored reduction-major ([TSK][TS + pad]); a tile whose global
// copy is fast along the reduction is transposed on the way in and padded by
// VW elements so that the transposing stores spread over the banks.
//
// Global memory: the next step's tiles are fetched into registers while
// this step computes (software pipelining), in runs of four consecutive
// elements. A work-group whose tile and step lie wholly inside the
// iteration space (interior) fetches without range checks, each run as one
// aligned vector load where the plan allows it (StagedAccess::VectorFetch)
// and the sizes align it (checked per step from the sizes: a specialisation
// chosen at run time); edge work-groups and the last partial step keep the
// checked scalar loads. With NBUF = 2 the registers go into the other of
// two local tiles, so one barrier per step suffices.
void Emitter::registerTiled() {
  const Loop &K = Plan.reductionLoop();
  const RegisterTunables TN(Plan);
  const std::string &VW = TN.VW, &WPTM = TN.WPTM, &WPTN = TN.WPTN,
                    &TSM = TN.TSM, &TSN = TN.TSN, &TSK = TN.TSK,
                    &NBUF = TN.NBUF, &GM = TN.GM, &WTM = TN.WTM,
                    &WTN = TN.WTN, &SPLIT = TN.SPLIT;
  // The plan decided the tunables' defaults, ranges and presets
  // (planKernel, KernelPlan::Tunables).
  Launch.Tunables = Plan.Tunables;
  Launch.Presets = Plan.Presets;
  Launch.OutputsPerItem = WPTM + "*" + WPTN;
  const MappedLoop &M0 = *Plan.byDim(0), &M1 = *Plan.byDim(1);
  // Vector reads of local memory into a private array (VW == 1: scalar).
  // The macro reads this kernel's VW when it is defined, so each kernel of
  // a program has its own.
  auto vloadMacro = [&](const std::string &Ty) {
    return "LT_VLOAD_" + Ty + Plan.Suffix;
  };
  std::set<std::string> Types;
  for (const StagedAccess &S : Plan.Staged)
    Types.insert(elemTypeName(S.Type));
  line("#ifndef LT_CAT");
  line("#define LT_CAT_(a, b) a##b");
  line("#define LT_CAT(a, b) LT_CAT_(a, b)");
  line("#endif");
  line("#ifndef LT_GV");
  line("// Elements per run of a tile copy whose fast extent is n.");
  line("#define LT_GV(n) ((n) % 4 == 0 ? 4 : 1)");
  line("#endif");
  for (const std::string &Ty : Types) {
    std::string Macro = vloadMacro(Ty);
    line("#ifndef " + Macro);
    line("#if " + VW + " == 1");
    line("#define " + Macro + "(dst, src) (*(dst) = *(src))");
    line("#else");
    line("#define " + Macro + "(dst, src) LT_CAT(vstore, " + VW +
         ")(*(__local const LT_CAT(" + Ty + ", " + VW + ") *)(src), 0, (dst))");
    line("#endif");
    line("#endif");
  }
  signature("__attribute__((reqd_work_group_size(" + TSN + " / " + WPTN + ", " +
            TSM + " / " + WPTM + ", 1))) ");
  std::string TX = role("tx"), TY = role("ty"), B0 = fresh(M0.Var + "0"),
              B1 = fresh(M1.Var + "0"), WM = role("wm"), WN = role("wn"),
              WV = role("wv"), TID = role("tid"), NT = role("nthreads"),
              G0 = role("g0"), G1 = role("g1"), GID = role("gid"),
              GB = role("gband"), GR = role("grows"), Full = role("full"),
              Cur = role("cur"), PX = role("px"), PY = role("py"),
              LX = role("lx"), LY = role("ly"), Lane = role("lane"),
              Warp = role("warp");
  // Position in the work-group's tile of the work-item's output W along
  // dimension 0 (Dim0) or 1: its first output there (px, py), then pieces
  // of VW outputs, lx (ly) work-items' pieces apart.
  auto Pos = [&](const std::string &W, bool Dim0) {
    return "(" + W + " / " + VW + ") * (" + VW + " * " + (Dim0 ? LX : LY) +
           ") + " + (Dim0 ? PX : PY) + " + " + W + " % " + VW;
  };
  line("const int " + TX + " = (int)get_local_id(0), " + TY +
       " = (int)get_local_id(1);");
  line("const int " + TID + " = " + TY + " * (" + TSN + " / " + WPTN + ") + " +
       TX + ";");
  line("const int " + NT + " = (" + TSN + " / " + WPTN + ") * (" + TSM + " / " +
       WPTM + ");");
  // The work-items' outputs: one grid of (TSM/WPTM) x (TSN/WPTN) work-items
  // over the whole tile, or warp tiles of WTM x WTN consecutive work-items
  // (tid order), each a grid over a contiguous block of the tile, the
  // blocks in rows of (TSN/WPTN)/WTN. Either way a bijection between
  // (work-item, output) pairs and the tile's elements (VW divides WPTM and
  // WPTN), so every setting computes the same.
  std::string ItemsN = "(" + TSN + " / " + WPTN + ")",
              ItemsM = "(" + TSM + " / " + WPTM + ")";
  if (Plan.WarpRows && Plan.WarpCols) {
    line("#if " + WTM + " > 0 && " + WTN + " > 0 && " + ItemsM + " % (" + WTM +
         " > 0 ? " + WTM + " : 1) == 0 && " + ItemsN + " % (" + WTN +
         " > 0 ? " + WTN + " : 1) == 0");
    line("// Warp tiles: work-item lane of warp tile warp.");
    line("const int " + Lane + " = " + TID + " % (" + WTM + " * " + WTN +
         "), " + Warp + " = " + TID + " / (" + WTM + " * " + WTN + ");");
    line("const int " + LX + " = " + WTN + ", " + LY + " = " + WTM + ";");
    line("const int " + PX + " = " + Warp + " % (" + ItemsN + " / " + WTN +
         ") * (" + WTN + " * " + WPTN + ") + " + Lane + " % " + WTN + " * " +
         VW + ";");
    line("const int " + PY + " = " + Warp + " / (" + ItemsN + " / " + WTN +
         ") * (" + WTM + " * " + WPTM + ") + " + Lane + " / " + WTN + " * " +
         VW + ";");
    line("#else");
  }
  line("// One grid over the whole tile.");
  line("const int " + LX + " = " + ItemsN + ", " + LY + " = " + ItemsM + ";");
  line("const int " + PX + " = " + TX + " * " + VW + ", " + PY + " = " + TY +
       " * " + VW + ";");
  if (Plan.WarpRows && Plan.WarpCols)
    line("#endif");
  // Launch order: work-group number gid (dimension 0 fastest) is placed in
  // bands of GM rows, column by column: a bijection of the grid.
  line("// Work-group gid in launch order computes tile (g0, g1): bands of " +
       GM + " rows, column by column.");
  line("const int " + GID + " = (int)get_group_id(1) * (int)get_num_groups(0) "
       "+ (int)get_group_id(0);");
  line("const int " + GB + " = " + GID + " / (" + GM +
       " * (int)get_num_groups(0)) * " + GM + ";");
  line("const int " + GR + " = min((int)get_num_groups(1) - " + GB + ", " + GM +
       ");");
  line("const int " + G1 + " = " + GB + " + " + GID + " % (" + GM +
       " * (int)get_num_groups(0)) % " + GR + ";");
  line("const int " + G0 + " = " + GID + " % (" + GM +
       " * (int)get_num_groups(0)) / " + GR + ";");
  // A triangular band tiles its bounding box (as the block-tiled kernel).
  MappedLoop Box0 = M0, Box1 = M1;
  Box0.Lower = M0.BoxLower;
  Box1.Lower = M1.BoxLower;
  line("const " + IndexType + " " + B0 + " = " +
       plusLower(Box0, widened(G0) + " * " + TSN) + ";");
  line("const " + IndexType + " " + B1 + " = " +
       plusLower(Box1, widened(G1) + " * " + TSM) + ";");
  // A work-group whose block lies wholly outside the triangle returns as a
  // whole, before any barrier.
  std::string Outside = blockTest(M0, M1, B0, B1, TSN, TSM, false);
  if (!Outside.empty()) {
    line("if (" + Outside + ")");
    line("  return;");
  }
  batchIndex();
  line("// Interior: the work-group's whole tile is inside the iteration "
       "space.");
  // For a triangular band: the box's upper bounds, and the whole block
  // inside the triangle.
  std::string FullCond =
      inRange("(" + B0 + " + " + TSN + " - 1)", M0.BoxUpper) + " && " +
      inRange("(" + B1 + " + " + TSM + " - 1)", M1.BoxUpper);
  // A bound on a batch or outer variable (`j <= i` with i the batch) is
  // not the box's: the whole block must lie within it as well (before,
  // the box alone decided, and a block past `j <= i` stored every element;
  // found by the generator, seed 1421028).
  for (const MappedLoop *M : {&M0, &M1}) {
    const MappedLoop &O = M == &M0 ? M1 : M0;
    std::string Base = M == &M0 ? B0 : B1, Ext = M == &M0 ? TSN : TSM;
    for (const IndexExpr &U : M->Upper)
      if (!U.mentions(O.Var) &&
          std::find(M->BoxUpper.begin(), M->BoxUpper.end(), U) ==
              M->BoxUpper.end())
        FullCond += " && (" + Base + " + " + Ext + " - 1) <= " + U.str();
    for (const IndexExpr &Lo : M->Lower)
      if (!Lo.mentions(O.Var) &&
          std::find(M->BoxLower.begin(), M->BoxLower.end(), Lo) ==
              M->BoxLower.end())
        FullCond += " && " + Base + " >= " + Lo.str();
  }
  std::string Inside = blockTest(M0, M1, B0, B1, TSN, TSM, true);
  if (!Inside.empty())
    FullCond += " && " + Inside;
  line("const bool " + Full + " = " + FullCond + ";");
  std::vector<std::string> Regs;
  std::string LocalBytes;
  int64_t LocalDefault = 0;
  for (const StagedAccess &S : Plan.Staged) {
    const MappedLoop &P = Plan.Band[S.BandIndex];
    std::string Ty = elemTypeName(S.Type);
    std::string PExt = P.Dim == 0 ? TSN : TSM;
    std::string Row = S.ReductionIsFast ? PExt + " + " + VW : PExt;
    line("__local " + Ty + " " + S.TileName + "[" + NBUF + "][" + TSK + "][" +
         Row + "] __attribute__((aligned(" + VW + " * sizeof(" + Ty + "))));");
    std::string Reg = fresh(S.Array + "_reg");
    Regs.push_back(Reg);
    line(Ty + " " + Reg + (P.Dim == 0 ? "[" + WPTN + "];" : "[" + WPTM + "];"));
    std::string Size = S.Type == ElemType::Double ? "8" : "4";
    LocalBytes += (LocalBytes.empty() ? "" : " + ") + NBUF + "*" + TSK + "*(" +
                  Row + ")*" + Size;
    int64_t PDefault = Plan.tunableDefault(P.Dim == 0 ? "TSN" : "TSM");
    LocalDefault += Plan.tunableDefault("NBUF") * Plan.tunableDefault("TSK") *
                    (PDefault + (S.ReductionIsFast ? Plan.tunableDefault("VW")
                                                   : 0)) *
                    std::stoll(Size);
  }
  declarePrivates("[" + WPTM + "][" + WPTN + "]");
  // Private scalars become register arrays indexed by the output.
  for (auto &[Name, Renamed] : Ctx.ScalarRename)
    Renamed = Name + "[" + WM + "][" + WN + "]";
  auto ForEachOutputIn = [&](const std::function<void()> &Inner, bool Guard) {
    line("#pragma unroll");
    open("for (int " + WM + " = 0; " + WM + " < " + WPTM + "; " + WM + "++)");
    line("#pragma unroll");
    open("for (int " + WN + " = 0; " + WN + " < " + WPTN + "; " + WN + "++)");
    defineIfUsed({{M1.Var, B1 + " + " + Pos(WM, false)},
                  {M0.Var, B0 + " + " + Pos(WN, true)}},
                 [&] {
                   if (Guard) {
                     open("if (" + activeTest(M0, M1) + ")");
                     Inner();
                     close();
                   } else {
                     Inner();
                   }
                 });
    close();
    close();
  };
  // Statements outside the reduction: unchecked in interior work-groups.
  auto ForEachOutput = [&](const std::function<void()> &Inner) {
    open("if (" + Full + ")");
    ForEachOutputIn(Inner, false);
    close();
    open("else");
    ForEachOutputIn(Inner, true);
    close();
  };
  std::vector<Node> Pre(Plan.Body.begin(), Plan.Body.begin() + Plan.ReductionIndex);
  std::vector<Node> Post(Plan.Body.begin() + Plan.ReductionIndex + 1, Plan.Body.end());
  if (!Pre.empty())
    ForEachOutput([&] { body(Pre); });
  std::string KK = fresh(K.Var + K.Var), KL = fresh(K.Var + "l"),
              KN = fresh(K.Var + "n"), KX = fresh(K.Var + "x");
  // Software pipelining: the next step's tiles are loaded from global memory
  // into private registers while this step computes, and stored into local
  // memory after it.
  std::vector<std::string> Fetched;
  auto Extents = [&](const StagedAccess &S) {
    std::string PExt = Plan.Band[S.BandIndex].Dim == 0 ? TSN : TSM;
    return S.ReductionIsFast ? std::make_pair(PExt, std::string(TSK))
                             : std::make_pair(std::string(TSK), PExt);
  };
  for (const StagedAccess &S : Plan.Staged) {
    auto [C1, C0] = Extents(S);
    std::string GV = fetchWidth(C0);
    Fetched.push_back(fresh(S.Array + "_next"));
    std::string Items = "(" + TSN + " / " + WPTN + ") * (" + TSM + " / " +
                        WPTM + ")";
    line(std::string(elemTypeName(S.Type)) + "4 " + Fetched.back() + "[((" +
         C1 + ") * (" + C0 + ") / " + GV + " + " + Items + " - 1) / (" +
         Items + ")];");
  }
  std::string KUpper = joinMacro("MIN", strs(K.Upper));
  auto StageOne = [&](size_t I, const std::string &KBase, StageMode Mode) {
    const StagedAccess &S = Plan.Staged[I];
    const MappedLoop &P = Plan.Band[S.BandIndex];
    auto [C1, C0] = Extents(S);
    stageThroughRegisters(S, P.Dim == 0 ? B0 : B1, P.BoxUpper, K, KBase, C1, C0,
                          Fetched[I], Mode, Cur);
  };
  // The fetch of the step at KBase: unchecked (vector loads where aligned)
  // when the work-group and the whole step are interior, which the
  // interior loop knows (KnownInterior: no checked path).
  auto FetchAll = [&](const std::string &KBase, bool KnownInterior) {
    std::string Interior =
        KnownInterior
            ? "1"
            : Full + " && " +
                  inRange("(" + KBase + " + " + TSK + " - 1)", K.Upper);
    for (size_t I = 0; I < Plan.Staged.size(); ++I) {
      const StagedAccess &S = Plan.Staged[I];
      auto [C1, C0] = Extents(S);
      (void)C1;
      if (S.VectorFetch) {
        const MappedLoop &P = Plan.Band[S.BandIndex];
        std::string PBase = P.Dim == 0 ? B0 : B1;
        std::string Slow = S.ReductionIsFast ? P.Var : K.Var;
        IndexExpr Flat = flatIndex(F, S.Array, S.Subscripts);
        IndexExpr Stride =
            Flat.substitute(Slow, IndexExpr::symbol(Slow) +
                                      IndexExpr::constant(1)) -
            Flat;
        IndexExpr First = Flat.substitute(P.Var, IndexExpr::symbol(PBase))
                              .substitute(K.Var, IndexExpr::symbol(KBase));
        line("#if (" + C0 + ") % 4 == 0");
        line("// Interior and aligned: every run of four is one vector load.");
        open("if (" + (KnownInterior ? "" : Interior + " && ") + "(((" +
             First.str() + ") | (" + Stride.str() + ")) & 3) == 0)");
        StageOne(I, KBase, StageMode::FetchVector);
        close();
        line("else");
        line("#endif");
      }
      if (KnownInterior) {
        open("");
        StageOne(I, KBase, StageMode::FetchInterior);
        close();
        continue;
      }
      open("if (" + Interior + ")");
      StageOne(I, KBase, StageMode::FetchInterior);
      close();
      open("else");
      StageOne(I, KBase, StageMode::FetchGuarded);
      close();
    }
  };
  auto StoreAll = [&] {
    for (size_t I = 0; I < Plan.Staged.size(); ++I)
      StageOne(I, "", StageMode::Store);
  };
  std::string KLower = joinMacro("MAX", strs(K.Lower));
  line("int " + Cur + " = 0; // the local tiles this step reads");
  open("if (" + KLower + " <= " + KUpper + ")");
  line("const " + IndexType + " " + KK + " = " + KLower +
       "; // the first step's tiles");
  FetchAll(KK, false);
  StoreAll();
  close();
  line("barrier(CLK_LOCAL_MEM_FENCE); // the tiles are complete");
  // In the reduction, a staged access reads the work-item's register copy.
  Ctx.ArrayHook = [&](const Expr &E) -> std::optional<std::string> {
    for (size_t I = 0; I < Plan.Staged.size(); ++I) {
      const StagedAccess &S = Plan.Staged[I];
      if (S.Array != E.Name || S.Subscripts != E.Subscripts)
        continue;
      bool Dim0 = Plan.Band[S.BandIndex].Dim == 0;
      return Regs[I] + "[" + (Dim0 ? WN : WM) + "]";
    }
    return std::nullopt;
  };
  auto Reduction = [&](const std::string &Bound, bool Unroll) {
    if (Unroll)
      line("#pragma unroll");
    open("for (int " + KL + " = 0; " + KL + " < " + Bound + "; " + KL + "++)");
    for (size_t I = 0; I < Plan.Staged.size(); ++I) {
      const StagedAccess &S = Plan.Staged[I];
      bool Dim0 = Plan.Band[S.BandIndex].Dim == 0;
      std::string W = Dim0 ? WPTN : WPTM;
      line("#pragma unroll");
      open("for (int " + WV + " = 0; " + WV + " < " + W + "; " + WV +
           " += " + VW + ")");
      line(vloadMacro(elemTypeName(S.Type)) + "(&" + Regs[I] + "[" + WV +
           "], &" + S.TileName + "[" + Cur + "][" + KL + "][" + Pos(WV, Dim0) +
           "]);");
      close();
    }
    defineIfUsed({{K.Var, KK + " + " + KL}},
                 [&] { ForEachOutputIn([&] { body(K.Body); }, false); });
    close();
  };
  // After a step: the fetched registers into the other tiles.
  auto StoreNext = [&] {
    line("#if " + NBUF + " == 1");
    line("barrier(CLK_LOCAL_MEM_FENCE); // done with the only tiles");
    line("#endif");
    line(Cur + " = (" + Cur + " + 1) % " + NBUF + ";");
    line("// Store the fetched tiles: consecutive work-items copied "
         "consecutive elements.");
    StoreAll();
    line("barrier(CLK_LOCAL_MEM_FENCE); // the next step's tiles are complete");
  };
  // The interior loop (KernelPlan::InteriorLoop): in an interior
  // work-group, the steps at ks while ks's step and the next are whole;
  // the general loop goes on from ks. A work-group's branch and bounds are
  // uniform, so every work-item meets the same barriers.
  std::string KS = KLower;
  if (Plan.InteriorLoop) {
    KS = fresh(K.Var + "s");
    line("#if " + SPLIT + " == 1");
    line(IndexType + " " + KS + " = " + KLower + ";");
    open("if (" + Full + ")");
    line("// Interior: this step and the next are whole; fetches unchecked.");
    open("for (; " + inRange("(" + KS + " + 2 * " + TSK + " - 1)", K.Upper) +
         "; " + KS + " += " + TSK + ")");
    line("const " + IndexType + " " + KK + " = " + KS + ", " + KX + " = " + KS +
         " + " + TSK + ";");
    FetchAll(KX, true);
    Reduction(TSK, true);
    StoreNext();
    close();
    close();
    line("#else");
    line("const " + IndexType + " " + KS + " = " + KLower + ";");
    line("#endif");
  }
  open("for (" + IndexType + " " + KK + " = " + KS + "; " + KK + " <= " + KUpper +
       "; " + KK + " += " + TSK + ")");
  line("const " + IndexType + " " + KX + " = " + KK + " + " + TSK + ";");
  open("if (" + KX + " <= " + KUpper + ")");
  FetchAll(KX, false);
  close();
  line("const int " + KN + " = " + narrowed(remaining(TSK, K, KK)) + ";");
  open("if (" + KN + " == " + TSK + ")");
  Reduction(TSK, true);
  close();
  open("else");
  Reduction(KN, false);
  close();
  open("if (" + KX + " <= " + KUpper + ")");
  StoreNext();
  close();
  close();
  Ctx.ArrayHook = nullptr;
  barrierBeforeLoops(Post);
  if (!Post.empty())
    ForEachOutput([&] { body(Post); });
  close();
  Launch.Global = {"ceil_div(" + extentFormula(M0.BoxLower, M0.BoxUpper) +
                       ", " + TSN + ") * (" + TSN + " / " + WPTN + ")",
                   "ceil_div(" + extentFormula(M1.BoxLower, M1.BoxUpper) +
                       ", " + TSM + ") * (" + TSM + " / " + WPTM + ")"};
  Launch.Local = {TSN + " / " + WPTN, TSM + " / " + WPTM};
  batchLaunch();
  Launch.LocalBytes = LocalBytes;
  Launch.LocalBytesDefault = LocalDefault;
}

// Transposition through a TS x TS tile of local memory, padded by one
// column so that the transposed read touches TS different banks. The
// work-group is TS x TSR work-items; each copies TS / TSR rows of the tile.
// With KernelPlan::TransposeVector, tiles inside the arrays and aligned for
// the vector type take a vector path (TVW = 2 or 4) that moves TVW
// elements per global load and store. A work-group transposes TPW
// consecutive tiles along dimension 1, one after the other.
void Emitter::transpose() {
  const std::string TS = Plan.tunable("TS"), TSR = Plan.tunable("TSR"),
                    TVW = Plan.tunable("TVW"), TPW = Plan.tunable("TPW");
  Launch.Tunables = Plan.Tunables;
  if (Plan.TransposeVector) {
    line("#ifndef LT_CAT");
    line("#define LT_CAT_(a, b) a##b");
    line("#define LT_CAT(a, b) LT_CAT_(a, b)");
    line("#endif");
  }
  signature("__attribute__((reqd_work_group_size(" + TS + ", " + TSR +
            ", 1))) ");
  const MappedLoop &M0 = *Plan.byDim(0), &M1 = *Plan.byDim(1);
  const StagedAccess &R = Plan.TransposeRead;
  std::string L0 = role("l0"), L1 = role("l1"), B0 = fresh(M0.Var + "0"),
              B1 = fresh(M1.Var + "0"), Row = role("r"), TT = role("t");
  const std::string &Tile = R.TileName;
  line("__local " + std::string(elemTypeName(R.Type)) + " " + Tile + "[" + TS +
       "][" + TS + " + 1]; // +1: no bank conflicts on the transposed read");
  line("const int " + L0 + " = (int)get_local_id(0), " + L1 +
       " = (int)get_local_id(1);");
  line("const " + IndexType + " " + B0 + " = " +
       plusLower(M0, "(" + IndexType + ")get_group_id(0) * " + TS) + ";");
  declarePrivates("");
  // The work-group's tiles. Every barrier is outside the branches (PoCL 3.1
  // computed a loop with barriers inside its branches wrong, or hung, where
  // oclgrind computed it right); a tile past the array is all out of
  // bounds, so no work-item touches memory for it.
  open("for (int " + TT + " = 0; " + TT + " < " + TPW + "; ++" + TT + ")");
  line("const " + IndexType + " " + B1 + " = " +
       plusLower(M1, "((" + IndexType + ")get_group_id(1) * " + TPW + " + " +
                         TT + ") * " + TS) +
       ";");
  if (Plan.TransposeVector)
    transposeVector(VectorPhase::Setup, B0, B1, L0, L1);
  // Read: work-item (l0, l1) reads the elements (v0 = b0 + l0, v1 = b1 +
  // l1 + r), coalesced because the read is stride-1 in v0.
  if (Plan.TransposeVector)
    transposeVector(VectorPhase::Read, B0, B1, L0, L1);
  open("");
  line("#pragma unroll");
  open("for (int " + Row + " = 0; " + Row + " < " + TS + "; " + Row +
       " += " + TSR + ")");
  line("const " + IndexType + " " + M0.Var + " = " + B0 + " + " + L0 + ", " +
       M1.Var + " = " + B1 + " + " + L1 + " + " + Row + ";");
  open("if (" + inRange(M0.Var, M0.Upper) + " && " + inRange(M1.Var, M1.Upper) +
       ")");
  line(Tile + "[" + L1 + " + " + Row + "][" + L0 + "] = " +
       clExpr(Expr::arrayRef(R.Array, R.Type, R.Subscripts), Ctx) + ";");
  close();
  close();
  close();
  line("barrier(CLK_LOCAL_MEM_FENCE);");
  // Write: work-item (l0, l1) writes the elements (v0 = b0 + l1 + r, v1 =
  // b1 + l0), coalesced because the write is stride-1 in v1; the value was
  // read into tile[l0][l1 + r].
  if (Plan.TransposeVector)
    transposeVector(VectorPhase::Write, B0, B1, L0, L1);
  open("");
  line("#pragma unroll");
  open("for (int " + Row + " = 0; " + Row + " < " + TS + "; " + Row +
       " += " + TSR + ")");
  line("const " + IndexType + " " + M0.Var + " = " + B0 + " + " + L1 + " + " +
       Row + ", " + M1.Var + " = " + B1 + " + " + L0 + ";");
  open("if (" + inRange(M0.Var, M0.Upper) + " && " + inRange(M1.Var, M1.Upper) +
       ")");
  Ctx.ArrayHook = [&](const Expr &E) -> std::optional<std::string> {
    if (E.Name == R.Array && E.Subscripts == R.Subscripts)
      return Tile + "[" + L0 + "][" + L1 + " + " + Row + "]";
    return std::nullopt;
  };
  body(Plan.Body);
  Ctx.ArrayHook = nullptr;
  close();
  close();
  close();
  line("#if " + TPW + " > 1");
  line("barrier(CLK_LOCAL_MEM_FENCE); // the tile is free for the next one");
  line("#endif");
  close();
  close();
  Launch.Global = {"round_up(" + extentFormula(M0.Lower, M0.Upper) + ", " + TS +
                       ")",
                   "ceil_div(" + extentFormula(M1.Lower, M1.Upper) + ", " + TS +
                       " * " + TPW + ") * " + TSR};
  Launch.Local = {TS, TSR};
  Launch.OutputsPerItem = TS + " / " + TSR + " * " + TPW;
  Launch.LocalBytes = TS + "*(" + TS + " + 1)*" +
                      std::to_string(R.Type == ElemType::Double ? 8 : 4);
  Launch.LocalBytesDefault = Plan.Tile * (Plan.Tile + 1) * (R.Type == ElemType::Double ? 8 : 4);
}

// The transposition's vector path (KernelPlan::TransposeVector), compiled
// when TVW is 2 or 4 and TSR*TVW divides TS, taken for a tile that is inside
// the loop bounds and whose first elements and row strides in both arrays
// are multiples of TVW (then every vector is aligned: the flat index is
// b + c + l * stride along the fast coordinate c, a multiple of TVW, and
// the line l). Setup prints the test (uniform over the work-group), Read
// and Write each phase as `if (vec) { ... } else`, the scalar phase's block
// following.
//
// The tile is cut into pieces of pw = 32 elements of a line (pw = TS when
// 32 does not divide TS), each moved by lanes = pw / TVW consecutive
// work-items, TVW elements each; consecutive pieces are consecutive lines
// (rows of the tile on the read, columns on the write), so a warp of 32
// work-items moves the same segment of TVW lines: per line pw contiguous
// elements of the array (128 bytes of floats), whole 32-byte sectors.
// Banks (32 banks of 4 bytes, 4-byte elements): work-item (line l0 + t,
// lane g) touches component k at word (l0 + t) * (TS + 1) + seg * pw +
// g * TVW + k on the read (vstore's scalar stores into the padded tile)
// and (seg * pw + g * TVW + k) * (TS + 1) + l0 + t on the write. When 32
// divides TS, TS + 1 is 1 modulo 32 and both are t + g * TVW + k + const
// modulo 32 with t < TVW and g < 32 / TVW: 32 distinct banks, no
// conflict. Other TS (8, 16: tiles for small arrays) have at most 2-way
// conflicts (checked by enumerating every setting).
void Emitter::transposeVector(VectorPhase Phase, const std::string &B0,
                              const std::string &B1, const std::string &L0,
                              const std::string &L1) {
  const std::string TS = Plan.tunable("TS"), TSR = Plan.tunable("TSR"),
                    TVW = Plan.tunable("TVW");
  const MappedLoop &M0 = *Plan.byDim(0), &M1 = *Plan.byDim(1);
  const StagedAccess &R = Plan.TransposeRead;
  const Stmt &S = Plan.Body[0].stmt();
  const Variable *WV = F.lookup(S.LHS.Name);
  assert(WV && "the transposition writes an array of the function");
  std::string RTy = elemTypeCLName(R.Type), WTy = elemTypeCLName(WV->Type);
  const std::string &Tile = R.TileName;
  std::string Vec = role("vec"), Q = role("q"), PW = role("pw"),
              Lanes = role("lanes"), Pass = role("p"), Piece = role("s"),
              Line = role("l"), Col = role("c"), K = role("k");
  line("#if (" + TVW + " == 2 || " + TVW + " == 4) && " + TS + " % (" + TSR +
       " * " + TVW + ") == 0");
  if (Phase == VectorPhase::Setup) {
    // First flat index (at b0, b1) and stride along the slow coordinate.
    auto Align = [&](const std::string &Array,
                     const std::vector<IndexExpr> &Subs,
                     const std::string &Slow) {
      IndexExpr Flat = flatIndex(F, Array, Subs);
      IndexExpr Stride = Flat.substitute(Slow, IndexExpr::symbol(Slow) +
                                                   IndexExpr::constant(1)) -
                         Flat;
      IndexExpr First = Flat.substitute(M0.Var, IndexExpr::symbol(B0))
                            .substitute(M1.Var, IndexExpr::symbol(B1));
      return "(" + First.str() + ") | (" + Stride.str() + ")";
    };
    line("// Interior and aligned: TVW elements per vector load and store.");
    line("const bool " + Vec + " = " +
         inRange("(" + B0 + " + " + TS + " - 1)", M0.Upper) + " && " +
         inRange("(" + B1 + " + " + TS + " - 1)", M1.Upper) + " && ((" +
         Align(R.Array, R.Subscripts, M1.Var) + " | " +
         Align(S.LHS.Name, S.LHS.Subscripts, M0.Var) + ") & (" + TVW +
         " - 1)) == 0;");
    line("const int " + Q + " = " + L0 + " + " + TS + " * " + L1 + ", " + PW +
         " = " + TS + " % 32 == 0 ? 32 : " + TS + ", " + Lanes + " = " + PW +
         " / " + TVW + ";");
    line("#endif");
    return;
  }
  open("if (" + Vec + ")");
  // TS / (TSR * TVW) passes of TS * TSR / lanes pieces each cover the
  // TS * TS / pw pieces of the tile. Piece s: line s % TS, segment s / TS;
  // this work-item's elements in it start at c.
  line("#pragma unroll");
  open("for (int " + Pass + " = 0; " + Pass + " < " + TS + " / (" + TSR +
       " * " + TVW + "); ++" + Pass + ")");
  line("const int " + Piece + " = " + Pass + " * (" + TS + " * " + TSR + " / " +
       Lanes + ") + " + Q + " / " + Lanes + ";");
  line("const int " + Line + " = " + Piece + " % " + TS + ", " + Col + " = " +
       Piece + " / " + TS + " * " + PW + " + " + Q + " % " + Lanes + " * " +
       TVW + ";");
  if (Phase == VectorPhase::Read) {
    // Row Line of the tile, elements (v0 = b0 + c + k, v1 = b1 + l).
    line("const " + IndexType + " " + M0.Var + " = " + B0 + " + " + Col + ", " +
         M1.Var + " = " + B1 + " + " + Line + ";");
    line("LT_CAT(vstore, " + TVW + ")(*(__global const LT_CAT(" + RTy + ", " +
         TVW + ") *)&" +
         clExpr(Expr::arrayRef(R.Array, R.Type, R.Subscripts), Ctx) + ", 0, &" +
         Tile + "[" + Line + "][" + Col + "]);");
  } else {
    // Column Line of the tile, elements (v0 = b0 + l, v1 = b1 + c + k), the
    // value of element k read from tile[c + k][l].
    std::string Outs = fresh("o");
    line(WTy + " " + Outs + "[" + TVW + "];");
    line("#pragma unroll");
    open("for (int " + K + " = 0; " + K + " < " + TVW + "; ++" + K + ")");
    Ctx.ArrayHook = [&](const Expr &E) -> std::optional<std::string> {
      if (E.Name == R.Array && E.Subscripts == R.Subscripts)
        return Tile + "[" + Col + " + " + K + "][" + Line + "]";
      return std::nullopt;
    };
    defineIfUsed(
        {{M0.Var, B0 + " + " + Line}, {M1.Var, B1 + " + " + Col + " + " + K}},
        [&] { line(Outs + "[" + K + "] = " + clExpr(S.RHS, Ctx) + ";"); });
    Ctx.ArrayHook = nullptr;
    close();
    line("const " + IndexType + " " + M0.Var + " = " + B0 + " + " + Line + ", " +
         M1.Var + " = " + B1 + " + " + Col + ";");
    // The vector is built from its components (PoCL 3.1 miscompiled vload2
    // from the private array at TS=8, TSR=4).
    std::string Store = "*(__global LT_CAT(" + WTy + ", " + TVW + ") *)&" +
                        clExpr(S.LHS, Ctx) + " = (LT_CAT(" + WTy + ", " + TVW +
                        "))(";
    line("#if " + TVW + " == 2");
    line(Store + Outs + "[0], " + Outs + "[1]);");
    line("#else");
    line(Store + Outs + "[0], " + Outs + "[1], " + Outs + "[2], " + Outs +
         "[3]);");
    line("#endif");
  }
  close();
  close();
  line("else");
  line("#endif");
}

std::string Emitter::run() {
  Launch.Name = Plan.Name;
  switch (Plan.K) {
  case KernelPlan::Naive:
    naive();
    break;
  case KernelPlan::SingleWorkItem:
    singleWorkItem();
    break;
  case KernelPlan::Block:
    block();
    break;
  case KernelPlan::Register:
    registerTiled();
    break;
  case KernelPlan::Transpose:
    transpose();
    break;
  case KernelPlan::RowStaged:
    rowStaged();
    break;
  case KernelPlan::ReduceScalar:
    reduceScalar();
    break;
  case KernelPlan::ReduceRows:
    reduceRows();
    break;
  }
  return Out;
}

// KernelPlan::ParallelTerms in a host loop's kernel of one work-group:
//   work-item 0: acc = target;
//   for each chunk of Size iterations, in order:
//     work-item l computes iteration (chunk + l)'s term into Terms[l];
//     barrier; work-item 0 combines Terms[0 .. n - 1] into acc in order;
//     barrier;
//   work-item 0: target = acc;
// Every work-item reaches the barriers: the chunks depend on the host
// loops and the sizes only.
void Emitter::parallelTerms(const std::string &Lid, const std::string &Size,
                            const std::string &Terms) {
  const Loop &L = Plan.Body.front().loop();
  const Stmt &S = L.Body.front().stmt();
  std::string T = elemTypeCLName(S.LHS.Type);
  std::string Acc = fresh("lt_acc"), C = fresh("lt_c"), N = fresh("lt_n"),
              Q = fresh("lt_q"), Extent = fresh("lt_e");
  declarePrivates("");
  line("const long " + Extent + " = " + extentFormula(L.Lower, L.Upper, true) +
       ";");
  // Only work-item 0 reads the target: the others read it after work-item
  // 0 has written it, and a value they had read before would be theirs to
  // keep (the buffers are restrict: the OpenCL compiler may forward an
  // earlier load across the barrier; sub_steps in
  // test/Mapping/parallel-terms.test failed on PoCL and oclgrind so).
  line(T + " " + Acc + " = 0;");
  line("if (" + Lid + " == 0)");
  line("  " + Acc + " = " + clExpr(S.LHS, Ctx) + ";");
  open("for (long " + C + " = 0; " + C + " < " + Extent + "; " + C +
       " += " + Size + ")");
  line("const long " + N + " = MIN((long)" + Size + ", " + Extent + " - " +
       C + ");");
  open("if (" + Lid + " < " + N + ")");
  line("const " + IndexType + " " + L.Var + " = " +
       plusLower(L.Lower, "(" + IndexType + ")(" + C + " + " + Lid + ")") +
       ";");
  line(Terms + "[" + Lid + "] = " + clExpr(S.RHS, Ctx) + ";");
  close();
  line("barrier(CLK_LOCAL_MEM_FENCE);");
  // The combination, in order, is the critical path (Durbin: one chain
  // of dependent adds); unrolled by 8, its loads of the terms are issued
  // ahead of the adds (a hand variant on an H200: Durbin 17.5 -> 14.3 ms
  // at n = 2000). A chunk has at most the work-group's size of terms.
  open("if (" + Lid + " == 0)");
  line("#pragma unroll 8");
  line("for (int " + Q + " = 0; " + Q + " < (int)" + N + "; " + Q + "++)");
  line("  " + Acc + " " + assignOpSpelling(S.Op) + " " + Terms + "[" + Q +
       "];");
  close();
  line("barrier(CLK_LOCAL_MEM_FENCE);");
  close();
  line("if (" + Lid + " == 0)");
  line("  " + clExpr(S.LHS, Ctx) + " = " + Acc + ";");
}

std::string Emitter::workGroupPart(unsigned In, const std::string &Lid,
                                   const std::string &Size,
                                   const std::string &Terms) {
  Indent = In;
  open("");
  if (Plan.K == KernelPlan::SingleWorkItem && !Terms.empty()) {
    parallelTerms(Lid, Size, Terms);
    close();
    return Out;
  }
  if (Plan.K == KernelPlan::SingleWorkItem) {
    line("if (" + Lid + " == 0) {");
    ++Indent;
    declarePrivates("");
    body(Plan.Body);
    close();
    close();
    return Out;
  }
  assert(Plan.K == KernelPlan::Naive && "only naive kernels share out");
  // The extents of the bounding box (as the NDRange of the kernel's own
  // launch, without the rounding up), at this iteration of the host loops.
  unsigned Dims = unsigned(Plan.Band.size());
  std::vector<std::string> Ext;
  std::string Total;
  for (unsigned D = 0; D < Dims; ++D) {
    const MappedLoop &M = *Plan.byDim(D);
    Ext.push_back(fresh("lt_e" + std::to_string(D)));
    line("const long " + Ext[D] + " = " +
         extentFormula(M.BoxLower, M.BoxUpper, true) + ";");
    Total += (D ? " * " : "") + Ext[D];
  }
  std::string W = fresh("lt_w");
  open("for (long " + W + " = " + Lid + "; " + W + " < " + Total + "; " + W +
       " += " + Size + ")");
  for (unsigned D = 0; D < Dims; ++D) {
    const MappedLoop &M = *Plan.byDim(D);
    std::string Coord = D == 0 ? (Dims == 1 ? W : W + " % " + Ext[0])
                        : D == 1 ? W + " / " + Ext[0] +
                                       (Dims > 2 ? " % " + Ext[1] : "")
                                 : W + " / (" + Ext[0] + " * " + Ext[1] + ")";
    line("const " + IndexType + " " + M.Var + " = " +
         fromBox(M, "(" + IndexType + ")(" + Coord + ")") + ";");
  }
  line("if (" + outsideBand() + ")");
  line("  continue;");
  declarePrivates("");
  body(Plan.Body);
  close();
  close();
  return Out;
}

} // namespace

bool looptile::fitsWorkGroupLoop(const KernelPlan &P, const KernelLaunch &L,
                                 std::string &Why) {
  if (P.K != KernelPlan::Naive && P.K != KernelPlan::SingleWorkItem)
    Why = "only naive and single work-item kernels run as parts of one "
          "work-group";
  else if (!L.Followers.empty() || !L.LocalBytes.empty())
    Why = "it launches a second kernel or uses local memory";
  else if (P.K == KernelPlan::Naive &&
           std::any_of(P.Body.begin(), P.Body.end(),
                       [](const Node &N) { return N.isLoop(); }))
    // A work-item that runs a loop has work enough that the launch's
    // parallelism outweighs its cost: nussinov's wavefronts at n = 2500
    // ran 3.5x slower in one work-group than launched (bench/RESULTS.md,
    // 2026-11-27).
    Why = "a work-item of it runs a loop, work that needs the whole device "
          "more than it saves a launch";
  return Why.empty();
}

std::string looptile::emitWorkGroupLoop(const HostNode &Loop,
                                        const std::vector<Function> &KernelFns,
                                        const std::vector<KernelPlan> &Plans,
                                        const std::string &Name,
                                        const std::string &Suffix,
                                        KernelLaunch &Launch) {
  std::vector<unsigned> Ks;
  launchedKernels(Loop, Ks);
  assert(!Ks.empty() && "a host loop launches kernels");
  // The host loop variables become the kernel's own loops.
  std::set<std::string> HostVars;
  std::function<void(const HostNode &)> Vars = [&](const HostNode &N) {
    if (N.K != HostNode::Loop)
      return;
    HostVars.insert(N.L.Var);
    for (const HostNode &C : N.Body)
      Vars(C);
  };
  Vars(Loop);
  // The parameters: every kernel's, once each, in launch order; the
  // buffers any part uses, const where no part writes them.
  Function Merged = KernelFns[Ks.front()];
  Merged.Params.clear();
  std::set<std::string> Seen, Used, Written;
  for (unsigned K : Ks) {
    for (const Variable &V : KernelFns[K].Params)
      if (!HostVars.count(V.Name) && Seen.insert(V.Name).second)
        Merged.Params.push_back(V);
    namesUsed(Plans[K].Body, Used, &Written);
  }
  Launch.Name = Name;
  const KernelPlan &First = Plans[Ks.front()];
  std::string WG = "WG0" + Suffix;
  Launch.Tunables.push_back(
      {WG, MaxDefaultWorkGroup, 1, 1024,
       "work-group size of kernel " + Name +
           ", which runs the host loop '" + Loop.L.Var +
           "' and every launch in it in one work-group; at most the "
           "device's and the kernel's maximum work-group size",
       "",
       {64, 128, 256, 512, 1024}});
  Launch.Global = {WG};
  Launch.Local = {WG};
  Emitter Sig(Merged, First, Launch);
  std::string Out = Sig.fusedSignature(
      "__attribute__((reqd_work_group_size(" + WG + ", 1, 1))) ", Name, Used,
      Written);
  NameTable Names = First.Names;
  for (unsigned K : Ks)
    for (const auto &[N, T] : Plans[K].Promoted)
      Names.fresh(N);
  std::string Lid = Names.fresh("lt_lid");
  const std::string IT = First.IndexType;
  Out += "  const long " + Lid + " = (long)get_local_id(0);\n";
  // A local array of WG elements per type of the terms that the
  // work-items share out (KernelPlan::ParallelTerms), declared at the
  // kernel's scope as OpenCL requires; the parts that use one run one
  // after the other, barriers between them, so they share it.
  std::map<unsigned, std::string> Terms;
  std::map<std::string, std::string> TermsOfType;
  for (unsigned K : Ks)
    if (Plans[K].ParallelTerms && !Terms.count(K)) {
      const Stmt &S = Plans[K].Body.front().loop().Body.front().stmt();
      std::string T = elemTypeCLName(S.LHS.Type);
      if (!TermsOfType.count(T)) {
        TermsOfType[T] = Names.fresh("lt_terms");
        Out += "  __local " + T + " " + TermsOfType[T] + "[" + WG + "];\n";
      }
      Terms[K] = TermsOfType[T];
    }
  std::function<void(const HostNode &, unsigned)> Emit =
      [&](const HostNode &N, unsigned Indent) {
        std::string Pad(2 * Indent, ' ');
        if (N.K == HostNode::Launch) {
          KernelLaunch Part;
          Emitter E(KernelFns[N.Kernel], Plans[N.Kernel], Part);
          Out += E.workGroupPart(Indent, Lid, WG,
                                 Terms.count(N.Kernel) ? Terms[N.Kernel] : "");
          // The next part (or the next iteration) starts after every
          // work-item has finished this one, and sees its writes to global
          // memory, as the next launch of an in-order queue would.
          Out += Pad + "barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);\n";
          return;
        }
        looptile::Loop L;
        L.Var = N.L.Var;
        L.Lower = N.L.Lower;
        L.Upper = N.L.Upper;
        L.Step = N.L.Step;
        L.VarType = N.L.VarType;
        Out += Pad + "for (" + IT + " " + L.Var + " = " + loopStartC(L) + "; " +
               loopConditionC(L) + "; " + loopIncrementC(L) + ") {\n";
        for (const HostNode &C : N.Body)
          Emit(C, Indent + 1);
        Out += Pad + "}\n";
      };
  Emit(Loop, 1);
  Out += "}\n";
  return Out;
}

std::string looptile::emitKernel(const Function &F, const KernelPlan &Plan,
                                 KernelLaunch &Launch) {
  Emitter E(F, Plan, Launch);
  return E.run();
}
