//===- KernelPlan.h - how a nest becomes an OpenCL kernel ------*- C++ -*-===//
//
// Part of the mapping stage's plan (Mapping/ProgramPlan.h). A KernelPlan
// records the decisions for one nest:
// which parallel loops become NDRange dimensions (and which dimension each),
// the per-work-item body, and for the tiled kernels the reduction loop and
// the accesses staged in local memory. planKernel makes these decisions from
// the dependence analysis and refuses (with the dependence) what it cannot
// map soundly.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_MAPPING_KERNELPLAN_H
#define LOOPTILE_MAPPING_KERNELPLAN_H

#include "looptile/Analysis/Dependence.h"
#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/Mapping/MappingOptions.h"
#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"
#include "looptile/Support/NameTable.h"

#include <optional>
#include <string>
#include <vector>

namespace looptile {

/// A macro of the kernel that the runtime may set (the manifest's
/// `tunables`): its default, range and the candidates of --tune.
struct Tunable {
  std::string Name;
  int64_t Default = 0;
  int64_t Min = 1, Max = 1024;
  std::string Constraint;
  std::string MultipleOf;
  /// Candidate values for `looptile-run --tune` (empty: the runtime's
  /// powers of two in [Min, Max]).
  std::vector<int64_t> Values;
  /// A row reduction's work-items per row: the length of the rows, a
  /// formula of the sizes (the manifest's `row_length`; empty: none).
  std::optional<IndexExpr> RowLength;
};

/// A named set of tunable values the runtime may pick by shape
/// (docs/manifest.md, "presets"): listed from the largest work-group tile
/// to the smallest.
struct Preset {
  std::string Name;
  std::vector<std::pair<std::string, int64_t>> Values;
};

/// A parallel loop mapped to NDRange dimension Dim.
struct MappedLoop {
  std::string Var;
  std::vector<IndexExpr> Lower, Upper;
  /// The bounding box of the loop's range over the mapped loops outside
  /// it: the NDRange covers [max(BoxLower), min(BoxUpper)], and a work-item
  /// outside [max(Lower), min(Upper)] returns at once. Equal to Lower and
  /// Upper unless the band is triangular (bounds that mention an outer
  /// mapped loop, syrk's `j <= i`).
  std::vector<IndexExpr> BoxLower, BoxUpper;
  unsigned Dim = 0;
  SourceLoc Loc;
};

/// A read-only access of the reduction loop's body that depends on the
/// reduction variable and on exactly one mapped loop: it is staged in a
/// local-memory tile, one tile per reduction step.
struct StagedAccess {
  std::string Array;
  std::vector<IndexExpr> Subscripts;
  ElemType Type = ElemType::Float;
  unsigned BandIndex = 0; ///< the mapped loop it depends on
  /// True when the reduction variable is the access's stride-1 coordinate;
  /// the tile is then laid out [parallel][reduction], else the other way.
  bool ReductionIsFast = true;
  /// Register-tiled kernel: the access's coordinate that is fast in the
  /// tile (the reduction when ReductionIsFast, else the mapped loop) has
  /// flat-index coefficient +1 and the other coordinate a stride free of
  /// loop variables, so that four consecutive tile elements are four
  /// consecutive array elements, loadable as one aligned vector wherever
  /// the first one's flat index and that stride are multiples of 4 (a
  /// condition the kernel checks at run time from the sizes).
  bool VectorFetch = false;
  /// Register-tiled kernel: every use of the access in the reduction body
  /// was `Scale * access` (or `access * Scale`) with Scale a read-only
  /// scalar parameter of the access's type; the tile then holds the
  /// products, computed once per element on the way in, and the body reads
  /// the tile where it had the product (the same rounded value: gemm's
  /// alpha * A[i][k] * B[k][j] parses as (alpha * A[i][k]) * B[k][j]).
  std::optional<Expr> Scale;
  std::string TileName;
};

/// The most work-items a default work-group may have: 256 is what every GPU
/// runs for any kernel (NVIDIA allows 1024, but fewer for register-heavy
/// kernels; AMD's default is 256). Larger groups come only from an explicit
/// --tile and are shrunk by the runtime where the device refuses them.
constexpr int64_t MaxDefaultWorkGroup = 256;
/// A column reduction's work-group (KernelPlan::ColumnLanes): 32
/// consecutive columns (a warp's coalesced reads of a row) by 8 lanes
/// over the rows, MaxDefaultWorkGroup work-items.
constexpr int64_t ColumnsPerGroup = 32, LanesPerColumn = 8;

/// An access of a row-staged kernel's row loop (KernelPlan::RowStaged) that
/// moves by one element along the row and by a row between work-items: it
/// goes through a local-memory tile, one chunk of the row at a time.
struct RowAccess {
  std::string Array;
  std::vector<IndexExpr> Subscripts;
  ElemType Type = ElemType::Float;
  /// Written (stored from the tile after each chunk) or read (loaded into
  /// the tile before it).
  bool Write = false;
  std::string TileName;
  /// The flat index has coefficient +1 along the row and a row stride free
  /// of the kernel's loop variables: four consecutive elements of a row
  /// are one aligned vector wherever the first one's flat index and the
  /// row stride are multiples of 4 (checked at run time from the sizes).
  bool VectorFetch = false;
};

/// A whole-nest reduction to one element (ReduceScalar): the nest's root
/// loop only combines terms into Target with one associative and
/// commutative operator (the analysis' "reduction" verdict). Two kernels:
/// the first gives each of at most MaxGroups work-groups of WG0 work-items
/// a strided share of the iterations (work-item g takes g, g + G, g + 2G,
/// ... of the G work-items launched, so consecutive work-items read
/// consecutive iterations), each work-item combining its terms in
/// iteration order, then a tree in local memory (step h = WG0/2, ..., 1:
/// item l combines item l + h into itself) writing one partial per
/// work-group; the second, one work-group, combines the partials the same
/// way and then the tree's total into Target once, as the C's update
/// does. For a given size and WG0 every combination happens in one fixed
/// order, so runs repeat bit for bit.
struct ScalarReduction {
  ReductionOp Op = ReductionOp::Sum;
  /// The accumulator as the nest writes it (`s[0]`, `out[0]`).
  Expr Target;
  /// OpenCL type of the partial results: the target's, except for integer
  /// sums and products, which are combined in the unsigned type of the
  /// same width (wrap-around arithmetic: the result modulo 2^N does not
  /// depend on the order, and it is the C's whenever the C's has no
  /// overflow) and converted back bit for bit (as_int).
  ElemType AccType = ElemType::Float;
  /// The identity of Op in AccType (-0.0f for a float sum, NAN for
  /// fmin/fmax, which return the other operand of a NaN, INT_MAX for an
  /// int min, ...), the start of every work-item's and work-group's value.
  std::string Identity;
  /// Min/max written as a comparison (`m = e > m ? e : m`, `if (e > m) m =
  /// e;`) rather than fmin/fmax: a NaN term is skipped by the comparison,
  /// so the floating-point identity is the infinity (a NaN start would
  /// stay), and the total goes into Target through the same comparison.
  bool ComparisonForm = false;
  /// Floating-point + or *: the order differs from the C's, so results
  /// are validated with the reordered-reduction tolerance.
  bool Reorders = false;
  /// A term reads other elements of Target's array (lu's `A[i][j] -=
  /// A[i][k] * A[k][j]`, which the analysis proved never reach Target):
  /// the first kernel takes the array, read-only.
  bool TermsReadTargetArray = false;
  /// Names: the second kernel, the partials' buffer (a manifest
  /// temporary of MaxGroups elements), the private and local values.
  std::string FinalKernel, Partials, Acc, Scratch;
  static constexpr int64_t MaxGroups = 1024;
  /// The loops flattened into one iteration space: the root loop and the
  /// Depth - 1 loops perfectly nested in it (a rectangle), innermost
  /// fastest (consecutive work-items, consecutive innermost iterations).
  unsigned Depth = 1;
  /// Why the planner chose it (--print-mapping).
  std::string Reason;
};

/// True when Root (a whole nest whose verdict is V) has the shape of a
/// work-group tree reduction (ScalarReduction) before the kernels' view
/// makes its accumulator a one-element temporary: the host program then
/// launches it as one kernel instead of running its loops on the host.
bool isWholeNestReduction(const Function &F, const Loop &Root,
                          const LoopVerdict &V, std::string *WhyNot = nullptr);

/// The text of Op combining two values A and B of type T, as the
/// reduction's kernels print it.
std::string combineText(ReductionOp Op, ElemType T, const std::string &A,
                        const std::string &B);

/// The value Target takes from its old value (text Old) and the total of
/// the terms (text Total, of type R.AccType): Old combined with Total once,
/// in the target's type (`Old + Total`; `as_int(as_uint(Old) + Total)` for
/// an int sum).
std::string finalText(const ScalarReduction &R, const std::string &Old,
                      const std::string &Total);

/// One top-level node of a row's body (ReduceRows), run in order by the
/// row's work-group, with a barrier after each that other work-items may
/// depend on.
struct RowSegment {
  enum Kind {
    /// A statement writing a scalar of the row: every work-item runs it
    /// (the same values from the same data: each keeps its copy).
    Uniform,
    /// A statement writing global memory: work-item 0 runs it.
    Single,
    /// A reduction loop: a strided share per work-item, the tree, then
    /// every work-item's copy of a scalar target takes the total (work-item
    /// 0 for an array element).
    Reduce,
    /// A parallel loop: its iterations spread over the work-items.
    Spread
  };
  Kind K = Uniform;
  size_t Index = 0;  ///< the node of KernelPlan::Body
  ScalarReduction R; ///< Reduce
};

struct KernelPlan {
  enum Kind {
    Naive,
    Block,
    Transpose,
    Register,
    SingleWorkItem,
    ReduceScalar,
    ReduceRows,
    RowStaged
  };
  Kind K = Naive;
  std::string Name;
  /// What makes this kernel's names its own: "" in a program of one kernel,
  /// "_kN" for kernel N of several. The kernel is named function + Suffix,
  /// and so are its tunables (TS_k1, WG0_k1), so that no two kernels of a
  /// program share a work-group size.
  std::string Suffix;
  /// The name of this kernel's tunable Base ("TS", "WG0", ...).
  std::string tunable(const std::string &Base) const { return Base + Suffix; }
  /// Naive: the default work-group size per NDRange dimension (dimension 0
  /// first), at most MaxDefaultWorkGroup work-items in all.
  std::vector<int64_t> WorkGroup;
  unsigned NestIndex = 0;
  /// The OpenCL type of sizes and loop variables in the kernel: the
  /// function's (indexTypeName of the function the caller calls), the same
  /// in every kernel of it, as the manifest's kernel_type of each size
  /// says. A kernel of int loops in a function with a long host loop
  /// takes its sizes as long too (else the runtime passes 8 bytes to an int
  /// argument: CL_INVALID_ARG_SIZE, fuzz seeds 40398 and 40766).
  std::string IndexType = "int";
  /// The kernel's reductions keep the C's order (a whole-nest reduction
  /// runs in one work-item, no reduction per row), because it is launched
  /// from a host loop, a recurrence that can amplify the rounding
  /// differences of another order beyond the reordered-reduction
  /// tolerance (docs/runtime.md). Decided by the host program
  /// (HostProgram::InOrder).
  bool InOrderReductions = false;
  /// SingleWorkItem, a loop whose one statement reduces into one element
  /// in the C's order (`sum += r[k - i - 1] * y[i]`): where the kernel
  /// runs in a host loop's kernel of one work-group, the work-items compute
  /// the terms of a chunk of iterations at once into local memory and
  /// work-item 0 combines them in the C's order, each term rounded as the
  /// C rounds it.
  bool ParallelTerms = false;
  /// Block, Register, Transpose: the tile T (the default of TS, T x T
  /// work-items) and, Register, the outputs per work-item RegRows x
  /// RegCols before the emitter fits them to local memory: --tile and
  /// --register-tile, or the mapping stage's choice (16 and 8 x 8).
  int64_t Tile = 0, RegRows = 0, RegCols = 0;
  SourceLoc Loc;
  /// Mapped loops, outermost first.
  std::vector<MappedLoop> Band;
  /// Some mapped loop's bounds mention an outer mapped loop (naive kernels
  /// only: the NDRange is the bounding box, the guard cuts the triangle).
  bool Triangular = false;
  /// Naive: a work-item runs StripRows consecutive iterations of the loop
  /// mapped to NDRange dimension 1, in order (tunable RS; 0: one
  /// iteration, no tunable). Chosen for a stencil, whose reads of one
  /// iteration overlap those of the next (Jacobi's A[i + 1][j] is the next
  /// row's A[i][j]): the OpenCL compiler then loads each shared element
  /// once per work-item instead of once per row (planRowStrips).
  int64_t StripRows = 0;
  /// The work of one work-item: the body of the innermost mapped loop (the
  /// whole nest for SingleWorkItem), after register promotion.
  std::vector<Node> Body;
  /// Private scalars introduced by register promotion (name, type).
  std::vector<std::pair<std::string, ElemType>> Promoted;
  /// Block/Register: position of the reduction loop in Body; RowStaged:
  /// position of the row loop.
  size_t ReductionIndex = 0;
  /// RowStaged: the accesses staged per chunk, and the defaults of the
  /// kernel's tunables: rows per work-group (WG0), columns per chunk
  /// (CHUNK), the tiles' padding in columns (PAD), whether the next
  /// chunk's global loads are issued into registers before the current
  /// chunk is walked (PIPE, software pipelining), and whether aligned rows
  /// move as vectors of four (VEC; RowVector false: some staged access
  /// cannot, and the kernel has no vector path).
  std::vector<RowAccess> RowStagedAccesses;
  int64_t RowsPerGroup = 0, ChunkColumns = 0, RowPad = 1;
  /// RowStaged: work-items per row in the copies (LANES): a work-group is
  /// RowsPerGroup * RowLanes work-items, the first RowsPerGroup of which
  /// walk the rows.
  int64_t RowLanes = 1;
  bool RowPrefetch = true, RowVector = false;
  std::vector<StagedAccess> Staged;
  /// Register: the warp tile, WarpRows x WarpCols consecutive work-items
  /// (dimension 1 x dimension 0; tunables WTM and WTN) that compute one
  /// contiguous (WarpRows*WPTM) x (WarpCols*WPTN) block of the work-group's
  /// tile, each work-item its pieces of VW x VW outputs strided by VW*WTM
  /// rows and VW*WTN columns inside it. 0 x 0: no warp tile (the pieces
  /// strided across the whole tile). WarpTileByDefault: the tunables'
  /// defaults are WarpRows x WarpCols, else 0 x 0 with WarpRows x WarpCols
  /// offered to --set and --tune.
  int64_t WarpRows = 0, WarpCols = 0;
  bool WarpTileByDefault = false;
  /// Register: the kernel has a loop of its own for interior work-groups'
  /// whole steps (tunable SPLIT, 1 selects it): unchecked fetches only,
  /// vector loads where aligned, no partial step; the general loop then
  /// runs what is left (edge work-groups, the last one or two steps).
  /// SplitByDefault: SPLIT defaults to 1, else 0.
  bool InteriorLoop = false, SplitByDefault = false;
  /// Register: the shape presets start with a tall tile of twice the rows
  /// per work-item (2*T*RegRows x T*RegCols, one local tile per operand,
  /// warp tiles, the interior loop, bands of 8 work-groups): a single float
  /// contraction of 8 x 8 outputs per work-item on 16 x 16 work-items.
  bool TallPreset = false;
  /// Transpose: the single statement's one read, staged through a tile.
  StagedAccess TransposeRead;
  /// Transpose: the kernel has a vector path (tunable TVW, 1 = scalar by
  /// default): the read has flat-index coefficient +1 in dimension 0 and
  /// the write +1 in dimension 1, their other strides are free of the
  /// mapped loops, the bounds are rectangular, the statement unguarded and
  /// both element types have OpenCL vector types. TVW consecutive elements
  /// of a row of the read (of a column of the tile for the write) are then
  /// consecutive in memory, one aligned vector wherever the work-group's
  /// first flat index and the stride are multiples of TVW, which the
  /// kernel checks at run time from the sizes.
  bool TransposeVector = false;
  /// ReduceScalar: the reduction (Body is the whole nest).
  ScalarReduction Reduce;
  /// ReduceRows: Band is the row loop (one work-group per iteration, group
  /// id 0), Body its body, one segment per node of Body.
  std::vector<RowSegment> Rows;
  /// ReduceRows by columns: the reductions read along the row loop instead
  /// (`s += A[i][j]` for the columns j), so a work-group takes WG0
  /// consecutive iterations of it (NDRange dimension 0, coalesced) and its
  /// WG1 lanes (dimension 1) share out each iteration's loops: a column
  /// mean of 8192 columns has 8 times the work-items of one per column.
  bool ColumnLanes = false;
  /// ReduceRows by columns: the default lanes per iteration (WG1).
  int64_t Lanes = 0;
  /// Register: the kernel's tunables and shape presets, decided by the
  /// plan (planKernel): the outputs per work-item asked for, halved until
  /// the default tiles fit in local memory, the vector width, the
  /// reduction step, and the presets from the largest tile to the
  /// smallest. The other kinds' emitters still state their own.
  std::vector<Tunable> Tunables;
  std::vector<Preset> Presets;
  /// The default of this kernel's tunable Base (0 if the plan has none).
  int64_t tunableDefault(const std::string &Base) const {
    for (const Tunable &T : Tunables)
      if (T.Name == tunable(Base))
        return T.Default;
    return 0;
  }
  /// Notes for --print-mapping (why a tiling request fell back, ...).
  std::vector<std::string> Remarks;
  /// Every identifier of the program and the ones this kernel invents
  /// (registers, tiles); the emitter takes its further names from it.
  NameTable Names;

  const MappedLoop *byDim(unsigned D) const {
    for (const MappedLoop &M : Band)
      if (M.Dim == D)
        return &M;
    return nullptr;
  }
  const Loop &reductionLoop() const { return Body[ReductionIndex].loop(); }
};

/// What the kernel planner would make of one nest under Opts, for the
/// mapping stage's cost model (Mapping/AutoSchedule.h). The nest is planned
/// exactly as generateOpenCL plans it (the same renaming, temporaries and
/// planner), so the preview is the kernel that would be generated.
struct KernelPreview {
  /// False when no kernel can be planned (no parallel loop to map); Why
  /// then holds the planner's reason.
  bool Mappable = false;
  std::string Why;
  /// "naive", "block-tiled", "register-tiled", "transpose".
  std::string Kind;
  /// NDRange dimensions (mapped parallel loops).
  unsigned Dims = 0;
  /// The mapped loop of dimension 0 (consecutive work-items).
  std::string Dim0;
  /// Global accesses of a work-item's body whose address moves by one
  /// element between consecutive work-items of dimension 0 (coalesced),
  /// and those that move by more (strided, uncoalesced). Accesses staged in
  /// local memory by a tiled kernel are read coalesced and count as such.
  unsigned Coalesced = 0, Strided = 0;
  /// A tiled kernel: reads staged in local memory and reused by a tile of
  /// work-items (lecture 01).
  bool Reuse = false;
  /// The mapped band is triangular (a guard keeps the bounding box's extra
  /// work-items idle).
  bool Triangular = false;
  /// The host loops the kernel is launched from (the nest became a host
  /// program: one launch per host iteration).
  unsigned HostLoops = 0;
  /// The loops a work-item runs one iteration after the other, host loops
  /// included: the deepest nesting of the kernel's loops plus HostLoops,
  /// less Dims (the exponent of a work-item's share of the work). For a
  /// nest that launches several kernels, the largest.
  unsigned Sequential = 0;
  /// A naive kernel: why the planner did not tile it ("" when it did not
  /// try, or had no reason to give).
  std::string Note;
};

/// The names of a register-tiled kernel's tunables (KernelPlan::tunable).
struct RegisterTunables {
  std::string VW, WPTM, WPTN, TSM, TSN, TSK, NBUF, GM, WTM, WTN, SPLIT;
  explicit RegisterTunables(const KernelPlan &P)
      : VW(P.tunable("VW")), WPTM(P.tunable("WPTM")), WPTN(P.tunable("WPTN")),
        TSM(P.tunable("TSM")), TSN(P.tunable("TSN")), TSK(P.tunable("TSK")),
        NBUF(P.tunable("NBUF")), GM(P.tunable("GM")), WTM(P.tunable("WTM")),
        WTN(P.tunable("WTN")), SPLIT(P.tunable("SPLIT")) {}
};

/// Plans the kernel for nest NestIndex of F, named Name, with the program's
/// Names; IndexType is the function's (KernelPlan::IndexType), and
/// InOrderReductions whether its reductions keep the C's order
/// (KernelPlan::InOrderReductions). Returns false (with an error in Diags)
/// when the nest cannot be mapped soundly.
bool planKernel(const Function &F, unsigned NestIndex, const std::string &Name,
                const NameTable &Names, const MappingOptions &Opts,
                const std::string &IndexType, bool InOrderReductions,
                KernelPlan &Plan, std::vector<Diagnostic> &Diags);

/// The kind of kernel K as the manifest's `kind` and the reports name it
/// ("register-tiled", "transpose (local-memory tile)", ...); a plan's
/// column reductions have their own name.
const char *kindName(KernelPlan::Kind K);
const char *kindName(const KernelPlan &P);

/// What Plan (planned for nest F, the function as its kernel sees it) means
/// for the mapping stage's cost model (KernelPreview).
void summarizePlan(const Function &F, const KernelPlan &Plan,
                   KernelPreview &Out);

/// True when the flat index of the access moves by one element when Var
/// moves by one (and Var occurs nowhere else in it).
bool isStrideOne(const Function &F, const std::string &Array,
                 const std::vector<IndexExpr> &Subscripts,
                 const std::string &Var);
/// The stride in elements of the access Array[Subscripts] along loop
/// variable Var where it is a constant from 1 to 8 (the flat index's
/// coefficient of Var, with no product of Var and a size); 0 otherwise.
int64_t shortStride(const Function &F, const std::string &Array,
                    const std::vector<IndexExpr> &Subscripts,
                    const std::string &Var);

} // namespace looptile

#endif // LOOPTILE_MAPPING_KERNELPLAN_H
