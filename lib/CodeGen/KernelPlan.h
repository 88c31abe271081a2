//===- KernelPlan.h - how a nest becomes an OpenCL kernel ------*- C++ -*-===//
//
// Internal to lib/CodeGen. A KernelPlan records the decisions for one nest:
// which parallel loops become NDRange dimensions (and which dimension each),
// the per-work-item body, and for the tiled kernels the reduction loop and
// the accesses staged in local memory. planKernel makes these decisions from
// the dependence analysis and refuses (with the dependence) what it cannot
// map soundly.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_LIB_CODEGEN_KERNELPLAN_H
#define LOOPTILE_LIB_CODEGEN_KERNELPLAN_H

#include "looptile/CodeGen/OpenCL.h"
#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"
#include "looptile/Support/NameTable.h"

#include <string>
#include <vector>

namespace looptile {

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
  std::string TileName;
};

/// The most work-items a default work-group may have: 256 is what every GPU
/// runs for any kernel (NVIDIA allows 1024, but fewer for register-heavy
/// kernels; AMD's default is 256). Larger groups come only from an explicit
/// --tile and are shrunk by the runtime where the device refuses them.
constexpr int64_t MaxDefaultWorkGroup = 256;

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
};

struct KernelPlan {
  enum Kind { Naive, Block, Transpose, Register, SingleWorkItem, RowStaged };
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
  SourceLoc Loc;
  /// Mapped loops, outermost first.
  std::vector<MappedLoop> Band;
  /// Some mapped loop's bounds mention an outer mapped loop (naive kernels
  /// only: the NDRange is the bounding box, the guard cuts the triangle).
  bool Triangular = false;
  /// The work of one work-item: the body of the innermost mapped loop (the
  /// whole nest for SingleWorkItem), after register promotion.
  std::vector<Node> Body;
  /// Private scalars introduced by register promotion (name, type).
  std::vector<std::pair<std::string, ElemType>> Promoted;
  /// Block/Register: position of the reduction loop in Body; RowStaged:
  /// position of the row loop.
  size_t ReductionIndex = 0;
  /// RowStaged: the accesses staged per chunk, and the default rows per
  /// work-group and columns per chunk.
  std::vector<RowAccess> RowStagedAccesses;
  int64_t RowsPerGroup = 0, ChunkColumns = 0;
  std::vector<StagedAccess> Staged;
  /// Transpose: the single statement's one read, staged through a tile.
  StagedAccess TransposeRead;
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

/// Plans the kernel for nest NestIndex of F, named Name, with the program's
/// Names. Returns false (with an error in Diags) when the nest cannot be
/// mapped soundly.
bool planKernel(const Function &F, unsigned NestIndex, const std::string &Name,
                const NameTable &Names, const OpenCLOptions &Opts,
                KernelPlan &Plan, std::vector<Diagnostic> &Diags);

/// What Plan (planned for nest F, the function as its kernel sees it) means
/// for the mapping stage's cost model (CodeGen/OpenCL.h, KernelPreview).
void summarizePlan(const Function &F, const KernelPlan &Plan,
                   KernelPreview &Out);

/// True when the flat index of the access moves by one element when Var
/// moves by one (and Var occurs nowhere else in it).
bool isStrideOne(const Function &F, const std::string &Array,
                 const std::vector<IndexExpr> &Subscripts,
                 const std::string &Var);

} // namespace looptile

#endif // LOOPTILE_LIB_CODEGEN_KERNELPLAN_H
