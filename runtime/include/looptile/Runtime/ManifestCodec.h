//===- ManifestCodec.h - The manifest's one writer and reader ---*- C++ -*-===//
//
// Owns the manifest's text format (docs/manifest.md): a data model that
// holds every field as the file spells it (formulas as text), the writer
// looptile uses, and the reader the runtime uses. Both the compiler and the
// runtime link this code (it needs neither LLVM nor OpenCL), so the format
// has one codec: write(read(T)) reproduces what write wrote, and
// read(write(D)) == D (unittests, ManifestCodecTest).
//
// The reader checks the structure: every required field present with its
// JSON type, the enumerations (kinds, access, kernel types, floating-point
// contract and comparison), integers where the format says so. What the
// fields mean together (names declared once, formulas that parse and use
// only known names, every kernel launched once) is the runtime's check
// (Manifest.h), which builds on the Document.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_MANIFESTCODEC_H
#define LOOPTILE_RUNTIME_MANIFESTCODEC_H

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace looptile::manifest {

/// source.compile: how looptile read the source.
struct Compile {
  std::string Directory;
  std::vector<std::string> Flags;
  std::string Std; ///< "" when absent
  bool operator==(const Compile &O) const {
    return Directory == O.Directory && Flags == O.Flags && Std == O.Std;
  }
};

struct Source {
  std::string File, Function;
  std::optional<Compile> CompileFlags;
  bool operator==(const Source &O) const {
    return File == O.File && Function == O.Function &&
           CompileFlags == O.CompileFlags;
  }
};

/// One entry of "arguments"; an optional field is "" (or false) when absent.
struct Argument {
  std::string Name;
  std::string Kind;               ///< "size", "buffer" or "scalar"
  std::string Type;               ///< the C type; sizes: "" for int
  std::string KernelType;         ///< sizes: "int" or "long", or ""
  std::string Tile;               ///< sizes: a formula, or ""
  std::string Access;             ///< buffers: "in", "out" or "inout"
  std::vector<std::string> Shape; ///< buffers: formulas
  bool Returned = false;          ///< buffers
  /// Buffers of indices: the extents their values select (formulas).
  std::vector<std::string> IndexOf;
  bool operator==(const Argument &O) const {
    return Name == O.Name && Kind == O.Kind && Type == O.Type &&
           KernelType == O.KernelType && Tile == O.Tile && Access == O.Access &&
           Shape == O.Shape && Returned == O.Returned && IndexOf == O.IndexOf;
  }
};

struct Temporary {
  std::string Name, Type;
  std::vector<std::string> Shape;
  bool operator==(const Temporary &O) const {
    return Name == O.Name && Type == O.Type && Shape == O.Shape;
  }
};

/// A size the function computes from its size parameters before its loops
/// (`int out_h = h / 2;`): the runtime evaluates Value, in order, from the
/// sizes given, where When holds ("" for always; 0 elsewhere, where the C
/// never computes it); the kernels take it as a size (KernelType "int" or
/// "long").
struct DerivedSize {
  std::string Name, Value, When, KernelType;
  /// "value_only": named only as a value in the kernels (no bound,
  /// subscript or condition), so it may be negative.
  bool ValueOnly = false;
  bool operator==(const DerivedSize &O) const {
    return Name == O.Name && Value == O.Value && When == O.When &&
           KernelType == O.KernelType && ValueOnly == O.ValueOnly;
  }
};

struct SizeCheck {
  std::string InvalidWhen, Reason;
  bool operator==(const SizeCheck &O) const {
    return InvalidWhen == O.InvalidWhen && Reason == O.Reason;
  }
};

struct Tunable {
  std::string Name;
  int64_t Default = 0;
  std::optional<int64_t> Min, Max;
  std::string MultipleOf; ///< "" when absent
  std::vector<int64_t> Values;
  std::string Constraint; ///< "" when absent
  std::string Kernel;     ///< "" when absent
  /// A formula of the sizes: the work-items this value puts on one row
  /// share its terms, so the default is at most the smallest of Values at
  /// least that long ("" when absent).
  std::string RowLength;
  bool operator==(const Tunable &O) const {
    return Name == O.Name && Default == O.Default && Min == O.Min &&
           Max == O.Max && MultipleOf == O.MultipleOf && Values == O.Values &&
           Constraint == O.Constraint && Kernel == O.Kernel &&
           RowLength == O.RowLength;
  }
};

struct Preset {
  std::string Name;
  std::vector<std::pair<std::string, int64_t>> Set; ///< in file order
  bool operator==(const Preset &O) const {
    return Name == O.Name && Set == O.Set;
  }
};

/// One array's accesses by a part of a split kernel (version 3): along
/// dimension Dim, the interval [lo, hi] (two formulas over the sizes, the
/// host loop variables and SPLIT_LO, SPLIT_HI); an empty list is "all",
/// the whole array; nullopt: not read (written).
struct Footprint {
  std::string Array;
  int64_t Dim = -1; ///< -1 when absent
  std::optional<std::vector<std::string>> Read, Write;
  bool operator==(const Footprint &O) const {
    return Array == O.Array && Dim == O.Dim && Read == O.Read &&
           Write == O.Write;
  }
};

/// How a kernel's NDRange splits over several devices (version 3): along
/// NDRange dimension Dimension, whose work-group g runs the values
/// First + g*PerGroup ... First + (g+1)*PerGroup - 1 (at most Last) of
/// loop Loop.
struct Split {
  int64_t Dimension = 0;
  std::string Loop, First, Last, PerGroup;
  /// Parts start at multiples of this many work-groups; "" when absent (1).
  std::string Granule;
  std::vector<Footprint> Footprints;
  bool operator==(const Split &O) const {
    return Dimension == O.Dimension && Loop == O.Loop && First == O.First &&
           Last == O.Last && PerGroup == O.PerGroup &&
           Granule == O.Granule && Footprints == O.Footprints;
  }
};

struct Kernel {
  std::string Name;
  std::string Kind; ///< informational; "" when absent
  std::vector<std::string> Args, Global;
  std::optional<std::vector<std::string>> Local; ///< nullopt: null or absent
  std::string LocalMemoryBytes;                  ///< "" when absent
  std::optional<manifest::Split> Split;          ///< version 3
  std::string NoSplit; ///< version 3: why it runs on one device; "" absent
  std::vector<std::string> IndexEnds; ///< "index_ends"; empty when absent
  bool operator==(const Kernel &O) const {
    return Name == O.Name && Kind == O.Kind && Args == O.Args &&
           Global == O.Global && Local == O.Local &&
           LocalMemoryBytes == O.LocalMemoryBytes && Split == O.Split &&
           NoSplit == O.NoSplit && IndexEnds == O.IndexEnds;
  }
};

/// One step of "host_program": a launch, or a loop with its body.
struct HostStep {
  bool IsLoop = false;
  std::string Launch;                    ///< the kernel a launch enqueues
  std::string Var, KernelType, From, To; ///< loops (KernelType "" if absent)
  int64_t Step = 1;
  std::vector<HostStep> Body;
  /// A loop's "one_work_group" (empty when absent): the kernel that runs
  /// the loop, its body included, as one work-group, and the formula of
  /// the most work-items a launch in the loop may have for the runtime to
  /// take it.
  std::string WorkGroupLoop, WorkGroupItems;
  bool operator==(const HostStep &O) const {
    return IsLoop == O.IsLoop && Launch == O.Launch && Var == O.Var &&
           KernelType == O.KernelType && From == O.From && To == O.To &&
           Step == O.Step && Body == O.Body &&
           WorkGroupLoop == O.WorkGroupLoop &&
           WorkGroupItems == O.WorkGroupItems;
  }
};

struct FloatingPoint {
  std::string Contract, Comparison;
  std::optional<bool> FloatDivideSqrt;
  std::string Reason; ///< "" when absent
  /// A kernel reorders a floating-point reduction (a work-group tree):
  /// validation adds the reordered-reduction bound (docs/runtime.md).
  bool Reordered = false;
  bool operator==(const FloatingPoint &O) const {
    return Contract == O.Contract && Comparison == O.Comparison &&
           FloatDivideSqrt == O.FloatDivideSqrt && Reason == O.Reason &&
           Reordered == O.Reordered;
  }
};

/// A whole manifest, field by field.
struct Document {
  int64_t Version = 2;
  Source Src;
  std::string Program;
  std::vector<Argument> Arguments;
  /// Empty when the function computes no size ("derived_sizes" absent).
  std::vector<DerivedSize> DerivedSizes;
  std::vector<Temporary> Temporaries;
  std::vector<SizeCheck> SizeChecks;
  std::vector<Tunable> Tunables;
  std::vector<Preset> Presets;
  std::vector<Kernel> Kernels;
  /// nullopt: no "host_program" (version 1: every kernel once, in order).
  std::optional<std::vector<HostStep>> HostProgram;
  std::string ReductionLength, Flops, Bytes; ///< "" when absent
  std::optional<FloatingPoint> Fp;
  bool operator==(const Document &O) const {
    return Version == O.Version && Src == O.Src && Program == O.Program &&
           Arguments == O.Arguments && DerivedSizes == O.DerivedSizes &&
           Temporaries == O.Temporaries &&
           SizeChecks == O.SizeChecks && Tunables == O.Tunables &&
           Presets == O.Presets && Kernels == O.Kernels &&
           HostProgram == O.HostProgram &&
           ReductionLength == O.ReductionLength && Flops == O.Flops &&
           Bytes == O.Bytes && Fp == O.Fp;
  }
};

/// The manifest text of D: one field per line at the top level, one entry
/// per line in its lists, a host loop's body indented under it.
std::string write(const Document &D);

/// One "arguments" entry as inline JSON (also --print-signature's).
std::string writeArgument(const Argument &A);

/// Parses manifest text; Origin names it in errors. Throws
/// looptile::rt::Error (ErrorKind::Manifest) naming Origin and the field:
/// "mmm.json: kernels[0].global: expected an array of formulas". A formula
/// may be written as a string or an integer (kept as its decimal text);
/// unknown fields are ignored.
Document read(const std::string &Text, const std::string &Origin);

} // namespace looptile::manifest

#endif
