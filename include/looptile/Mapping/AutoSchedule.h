//===- AutoSchedule.h - the compiler chooses the schedule ------*- C++ -*-===//
//
// The mapping stage that runs when the user gave no transformation: for each
// nest it tries loop distribution (lecture 04, "Th. Loop Distribution") and
// every order of each resulting nest's perfectly nested band that the
// interchange theorem allows, asks the kernel planner what each candidate
// becomes (CodeGen/OpenCL.h, previewKernel), ranks the candidates by a
// stated cost model and keeps the best. Every rewrite goes through the
// transforms' legality checks (Transforms/Distribute.h,
// Transforms/Legality.h); a candidate that is not proved legal is never
// built. Ties keep the written order.
//
// Cost model, per kernel: is it mappable at all, how many NDRange dimensions
// (parallel work-items: N^d for d mapped loops), does it reuse data through
// local memory (a tiled kernel), and how many of a work-item's global
// accesses are strided along dimension 0 (uncoalesced). A schedule is
// ranked, in this order, by: fewest nests without a kernel; most dimensions
// in its weakest kernel; fewest kernels (each is a pass over memory, so a
// distribution must buy parallelism); fewest strided accesses; most kernels
// with reuse; fewest loop moves (the written order wins ties). The order of
// one nest's loops is ranked per kernel: mappable, dimensions, fewest
// strided accesses, reuse.
//
// The kernel kind follows: where the chosen schedule has a reduction loop
// reading data invariant to a parallel loop (a matmul-like contraction),
// the kernels are register-tiled in local-memory tiles (--tile 16
// --register-tile 8, lecture 05), unless the user chose kernel options.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_MAPPING_AUTOSCHEDULE_H
#define LOOPTILE_MAPPING_AUTOSCHEDULE_H

#include "looptile/CodeGen/OpenCL.h"
#include "looptile/IR/LoopNest.h"

#include <string>

namespace looptile {

/// Rewrites F into the schedule the cost model prefers and sets Opts'
/// tiling options where the user gave none (Opts.Tile == 0) and a kernel
/// gains from them (Opts.Automatic is then set). SourceName names the file
/// in the report; Rewrote says whether F or Opts changed. Returns the
/// decision and its reasons, for --print-mapping.
/// Candidate >= 0 (`--schedule=candidate:K`, for the mapping benchmark,
/// bench/mapping.sh): each nest takes its candidate of that index (in the
/// report's order) instead of the best, where it has one.
std::string autoSchedule(Function &F, MappingOptions &Opts,
                         const std::string &SourceName, bool &Rewrote,
                         int Candidate = -1);

} // namespace looptile

#endif // LOOPTILE_MAPPING_AUTOSCHEDULE_H
