//===- Manifest.h - The kernel manifest, parsed and checked -----*- C++ -*-===//
//
// Owns the in-memory form of the manifest (docs/manifest.md) and its
// loading: JSON to these structs, with every cross-reference checked
// (kernel args name arguments or temporaries, formulas use only sizes and
// tunables) so later stages can trust it.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_MANIFEST_H
#define LOOPTILE_RUNTIME_MANIFEST_H

#include "looptile/Runtime/Formula.h"

#include <cstddef>
#include <map>
#include <set>
#include <optional>
#include <functional>
#include <string>
#include <vector>

namespace looptile::rt {

enum class ElemType {
  Float,
  Double,
  Int,
  Char,
  SChar,
  UChar,
  Short,
  UShort,
  UInt,
  Long,
  ULong,
  LongLong,
  ULongLong,
};
size_t elemSize(ElemType T);
/// The C spelling, as the manifest's "type" writes it (`unsigned char`).
const char *elemTypeName(ElemType T);
bool isIntegerType(ElemType T);
bool isSignedType(ElemType T);

enum class Access { In, Out, InOut };
const char *accessName(Access A);

struct Argument {
  enum Kind { Size, Buffer, Scalar };
  std::string Name;
  Kind K = Size;
  Access Acc = Access::In;        // buffers
  ElemType Ty = ElemType::Float;  // buffers and scalars
  std::vector<Formula> Shape;     // buffers
  /// Buffers of indices (a gather's `col` in `x[col[i]]`): the extents of
  /// the dimensions their values select. Generated inputs lie in [0, the
  /// smallest), so that the reference and the kernels read inside them.
  std::vector<Formula> IndexOf;
  std::optional<Formula> Tile;    // sizes: the --sweep granularity
  bool KernelLong = false;        // sizes: the kernels take it as long
  /// Buffers: the C function's return value, which the kernels leave in
  /// this one-element buffer; not a parameter of the C function.
  bool Returned = false;
};

struct Temporary {
  std::string Name;
  ElemType Ty = ElemType::Float;
  std::vector<Formula> Shape;
};

struct Tunable {
  std::string Name;
  int64_t Default = 0;
  std::optional<int64_t> Min, Max;
  std::string Constraint;
  /// A tunable's name, or names joined by '*': the value must be a
  /// multiple of their product ("" when absent).
  std::string MultipleOf;
  /// Candidate values for --tune (empty: powers of two in [Min, Max]).
  std::vector<int64_t> Values;
  /// The length of the rows whose terms this many work-items share (a row
  /// reduction's work-group): the default value is at most the smallest
  /// of Values not shorter than the row (Setting.h).
  std::optional<Formula> RowLength;
};

/// A named setting of some tunables (the others keep their defaults),
/// chosen by shape (docs/runtime.md, "Presets").
struct Preset {
  std::string Name;
  Env Set;
};

/// Sizes the C function does not support: for them some access of it
/// leaves an array's extents (docs/manifest.md, "size_checks").
struct SizeCheck {
  Formula InvalidWhen; ///< non-zero: invalid sizes
  std::string Reason;  ///< what would go wrong, for the error message
};

/// How far past a loop's last index the work-items of a tiled kernel's
/// last work-groups may form indices: more than any tile or work-group
/// span the compiler emits (a work-group covers at most 1024 work-items
/// times a register tile's outputs per work-item along one dimension).
constexpr int64_t IndexEndMargin = 65536;

struct KernelLaunch {
  std::string Name;
  std::vector<std::string> Args;
  std::vector<Formula> Global;
  std::optional<std::vector<Formula>> Local; // nullopt: implementation's choice
  std::optional<Formula> LocalMemoryBytes;   // __local bytes per work-group
  /// "index_ends" (docs/manifest.md): a kernel that computes its indices
  /// in int and whose last work-groups form indices past its loops' last
  /// ones (tiles) lists each mapped loop's last index; a launch where one
  /// is within IndexEndMargin of INT_MAX is refused (the indices past it
  /// would wrap).
  std::vector<Formula> IndexEnds;
  /// How the NDRange splits over several devices (manifest version 3,
  /// docs/manifest.md "split"); nullopt: it runs on one device, for the
  /// reason in NoSplit (empty for a manifest before version 3).
  struct Hull {
    bool Whole = true; ///< the whole array; else [Lo, Hi] along Dim
    Formula Lo, Hi;
  };
  struct Footprint {
    std::string Array;
    int Dim = -1;
    std::optional<Hull> Read, Write;
  };
  struct SplitInfo {
    unsigned Dimension = 0;
    std::string Loop;
    Formula First, Last, PerGroup;
    /// Parts start at multiples of this many work-groups (default 1).
    std::optional<Formula> Granule;
    std::vector<Footprint> Footprints;
  };
  std::optional<SplitInfo> Split;
  std::string NoSplit;
};

/// One step of the manifest's host_program (docs/manifest.md): a loop the
/// host runs, one iteration after the other, or the launch of a kernel.
struct HostStep {
  enum Kind { Loop, Launch };
  Kind K = Launch;
  /// Loop: the variable, its first value ("from") and last ("to", inclusive)
  /// as formulas over the sizes and the enclosing loops' variables, and
  /// the step (non-zero; negative counts down from "to" to "from").
  std::string Var;
  Formula From, To;
  int64_t Step = 1;
  bool VarLong = false; ///< the kernels take the variable as long
  std::vector<HostStep> Body;
  /// Launch: the index of the kernel in Manifest::Kernels.
  size_t Kernel = 0;
  /// Loop ("one_work_group"): the kernel that runs the whole loop in one
  /// work-group, and the most work-items a launch in the loop may have
  /// for the runtime to launch that kernel instead (hostLoopInOneGroup).
  std::optional<size_t> WorkGroupKernel;
  Formula WorkGroupItems;
};

struct Manifest;

/// Runs the host program Steps: each loop over its values in its order,
/// with its variable set in E while its body runs (and erased after), and
/// Launch(kernel index, E) at each launch, in program order. A loop with
/// a kernel of one work-group for which InOneGroup (when given) says yes
/// is instead Launch(that kernel, E), once.
void runHostProgram(
    const std::vector<HostStep> &Steps, Env &E,
    const std::function<void(size_t, const Env &)> &Launch,
    const std::function<bool(const HostStep &, const Env &)> &InOneGroup =
        nullptr);

/// How host loops that have a kernel of one work-group run
/// (LOOPTILE_HOST_LOOPS, looptile-run --host-loops; docs/runtime.md, "Host
/// loops in one work-group").
enum class HostLoops { Auto, Launches, OneWorkGroup };
/// The policy of LOOPTILE_HOST_LOOPS (Auto when unset); a value other than
/// auto, launches or one-work-group is Error(ErrorKind::Usage).
HostLoops hostLoopsPolicy();
/// Whether the loop S (with a kernel of one work-group), at the values E
/// of the sizes, tunables and enclosing loops, runs as that kernel under
/// Policy. Auto: when it runs at least two iterations and no launch in it
/// has more work-items (the product of its global sizes) than S's
/// max_items, at the first and the last iteration of each loop.
bool hostLoopInOneGroup(const Manifest &M, const HostStep &S, const Env &E,
                        HostLoops Policy);

/// The manifest's "floating_point" (docs/manifest.md): how the kernels'
/// floating-point arithmetic relates to the C function's.
struct FloatingPoint {
  /// The manifest has the object (looptile writes it; hand-written
  /// manifests may not, and are then compared with the tolerance).
  bool Declared = false;
  /// "contract": "fast": the kernels may fuse a * b + c (--fp-contract=fast);
  /// the reference is then built with -ffp-contract=fast as well.
  bool FastContract = false;
  /// "comparison": "exact": the kernels round every operation as the C
  /// does, in the C's order, so results must be equal bit for bit.
  bool Exact = false;
  /// "float_divide_sqrt": the kernels divide or take square roots in float,
  /// which OpenCL rounds correctly only with
  /// -cl-fp32-correctly-rounded-divide-sqrt.
  bool FloatDivideSqrt = false;
  /// Why the comparison is "tolerance" (for the report).
  std::string Reason;
  /// "reordered": true: a kernel combines the terms of a floating-point
  /// sum or product in another order than the C (a work-group tree
  /// reduction); the tolerance then also allows the reordering's bound
  /// (Validate.h).
  bool Reordered = false;
};

struct Manifest {
  std::string Path;           // the manifest file ("<embedded>" for glue)
  std::string Dir;            // its folder, for relative paths
  std::string SourceFile;     // resolved against Dir
  std::string SourceFunction;
  /// source.compile: how the source reads (validation compiles it so).
  std::string CompileDirectory;          // where the flags' paths resolve
  std::vector<std::string> CompileFlags; // -D, -I, ... in order
  std::string CompileStandard;           // -std= value; "" when absent
  std::string Program;        // resolved against Dir
  std::vector<Argument> Arguments;
  /// Sizes the function computes from its size arguments (`int out_h = h /
  /// 2;`), in order: checkSizes evaluates each into the sizes' Env (0
  /// where its When, if any, does not hold), and the kernels take them as
  /// sizes (DerivedLong: as long).
  struct DerivedSize {
    std::string Name;
    Formula Value;
    std::optional<Formula> When;
    /// Named by the kernels only as a value (manifest "value_only"): of
    /// any sign; a size is refused where it is negative.
    bool ValueOnly = false;
  };
  std::vector<DerivedSize> Derived;
  std::map<std::string, bool> DerivedLong;
  std::vector<Temporary> Temporaries;
  std::vector<Tunable> Tunables;
  /// Ordered from the largest work-group tile to the smallest.
  std::vector<Preset> Presets;
  std::vector<KernelLaunch> Kernels;
  /// The host program; without "host_program" in the manifest (version 1),
  /// every kernel once, in order.
  std::vector<HostStep> Host;
  /// Every host loop variable of Host, with whether kernels take it as long.
  std::map<std::string, bool> HostVars;
  /// The tunables that only the NDRange of host loops' kernels of one work-
  /// group uses (their work-group size): not the granularity of any size,
  /// which the sweep and the tuner's validation sizes take from the others.
  std::set<std::string> WorkGroupLoopTunables;
  /// The kernels that run host loops in one work-group (Kernels indices).
  std::set<size_t> WorkGroupLoopKernels;
  std::vector<SizeCheck> SizeChecks;
  Formula ReductionLength, Flops, Bytes;
  FloatingPoint Fp;

  /// Parses and checks manifest text; Origin names it in errors, relative
  /// paths are resolved against Dir. Throws Error(ErrorKind::Manifest).
  static Manifest parse(const std::string &Text, const std::string &Origin,
                        const std::string &Dir);
  /// Reads Path; a missing file is Error(ErrorKind::Manifest).
  static Manifest load(const std::string &Path);
  /// The manifest path for a kernel file: same folder and stem, ".json".
  static std::string pathForProgram(const std::string &ClPath);
  /// In a file of several functions (looptile -o on a file with several):
  /// the manifest of Function, same folder and stem, ".FUNCTION.json".
  static std::string pathForFunction(const std::string &ClPath,
                                     const std::string &Function);
  /// The functions with a manifest STEM.FUNCTION.json next to ClPath
  /// (sorted), empty for a file of one function.
  static std::vector<std::string> functionsOfProgram(const std::string &ClPath);

  const Argument *findArgument(const std::string &Name) const;
  const Temporary *findTemporary(const std::string &Name) const;
  const Tunable *findTunable(const std::string &Name) const;
  const Preset *findPreset(const std::string &Name) const;
  std::vector<std::string> sizeNames() const;
};

/// The tunables' defaults.
Env defaultTunables(const Manifest &M);

/// The tunables a tunable's multiple_of names (none when it has none).
std::vector<std::string> multipleOfFactors(const Tunable &Tn);

/// Why the tunable values T (every tunable of M) break a manifest rule
/// (min, max, multiple_of), or "" when they do not.
std::string tunableProblem(const Manifest &M, const Env &T);

/// True when Path names an existing file.
bool fileExists(const std::string &Path);

/// Reads a whole file; throws Error(Kind) naming What if it cannot.
std::string readFile(const std::string &Path, const char *What);

} // namespace looptile::rt

#endif
