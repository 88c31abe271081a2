//===- NameTable.h - every identifier of a generated program ---*- C++ -*-===//
//
// Owns the identifiers looptile writes: the ones it keeps from the user's
// function (parameters, locals, loop variables) and the ones it invents
// (strip-mined and tiled loop variables, expanded arrays `A_x`, tiles
// `A_tile`, registers `C_reg`, `A_reg`, `A_next`, kernel names, the host
// glue's helpers, kernel-local temporaries). Every name it hands out is
// distinct from every other name of the program and from the names the
// output language reserves:
//
//  * C: the C11 keywords (with GNU's `asm`, `typeof`) and the macros of
//    <math.h>, which --emit=c includes when a statement calls a math
//    function;
//  * OpenCL: all of C's, plus the OpenCL C 1.2 keywords, type names
//    (`half`, `float4`, `size_t`, `image2d_t`, reserved ones such as
//    `quad`, `float4x4`), every built-in function (`dot`, `length`, `min`,
//    `clamp`, `get_global_id`, `barrier`, `convert_int_rte`, `vload4`,
//    ...) and macro (`FLT_MAX`, `M_PI`, `CLK_LOCAL_MEM_FENCE`), looptile's
//    own macros and tunables (`TS`, `WG0`, `MIN`, `LT_CAT`), the names the
//    manifest's formulas reserve (`round_up`, `ceil_div`), the C++ keywords
//    and the host glue's names (the glue is C++ and takes the kernels'
//    parameter names).
//
// A user identifier that is reserved in the target is renamed (`length`
// becomes `length_2` in the kernels, the manifest and the glue's parameter
// list); the function's own name is never renamed (the host glue is a
// drop-in replacement for it). Invented names avoid every target's
// reserved names, so a name looptile puts into the IR (`ii`, `A_x`) is
// valid in C and in OpenCL alike.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_SUPPORT_NAMETABLE_H
#define LOOPTILE_SUPPORT_NAMETABLE_H

#include "looptile/IR/LoopNest.h"

#include <map>
#include <set>
#include <string>

namespace looptile {

/// The language a program is written in.
enum class NameTarget { C, OpenCL };

/// True when Name may not be used for a variable, parameter or function that
/// looptile writes in Target.
bool isReservedName(const std::string &Name, NameTarget Target);

/// True when Name is a C++ keyword (the host glue is C++).
bool isCXXKeyword(const std::string &Name);

/// The external C names the host glue defines for the function Function,
/// besides Function itself (docs/runtime.md, "The host glue from C"):
/// the opaque session type's struct tag and its functions.
struct GlueNames {
  std::string SessionTag; ///< FN_session
  std::string Create, Upload, Run, Download,
      Destroy; ///< FN_session_create, ...
};
GlueNames glueNames(const std::string &Function);

class NameTable {
public:
  /// A table with no identifiers yet.
  NameTable() = default;
  /// A table of F's program in Target: every identifier of F (the function,
  /// its parameters, locals and loop variables) is taken; the parameters,
  /// locals and loop variables that Target reserves get new names. In
  /// OpenCL (whose table also names the host glue's identifiers), the
  /// glue's external names for F (glueNames) are taken as well, and a
  /// user identifier spelled like one is renamed.
  NameTable(const Function &F, NameTarget Target);

  /// The name F's identifier Name has in the output.
  std::string name(const std::string &Name) const;
  /// The user identifiers that Target reserves, with their new names.
  const std::map<std::string, std::string> &renamed() const { return Renamed; }

  /// A new identifier built from Base (Base itself, else Base_2, Base_3,
  /// ...), distinct from every identifier of the table and reserved in no
  /// target; it is taken from now on. Base must be an identifier.
  std::string fresh(const std::string &Base);

  /// True when Name is taken by the program (a kept or an invented name).
  bool isTaken(const std::string &Name) const { return Taken.count(Name); }

private:
  std::set<std::string> Taken;
  std::map<std::string, std::string> Renamed;
};

/// F with its parameters, locals and loop variables renamed as Names says
/// (every occurrence: declarations, loops, statements, subscripts, bounds,
/// extents). The function keeps its name.
Function withNames(const Function &F, const NameTable &Names);

} // namespace looptile

#endif // LOOPTILE_SUPPORT_NAMETABLE_H
