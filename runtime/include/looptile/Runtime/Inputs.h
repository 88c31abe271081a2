//===- Inputs.h - The user's choice of validation inputs --------*- C++ -*-===//
//
// Owns what looptile-run's --range, --scalar and --init say about the
// inputs (docs/runtime.md, "Inputs and sentinels"), checked against the
// manifest before anything runs:
//
//  * a range [Lo, Hi) per array or scalar argument: floating-point values
//    uniform in it, integers uniform among the integers of it (instead of
//    the default [-1, 1), [-8, 8) and [0.5, 1.5));
//  * an exact value per scalar argument;
//  * an initializer: a function of the C source file, called by the
//    reference shim with manifest arguments by name, after the seeded fill,
//    on the host arrays that the kernels and the reference then both start
//    from. Its argument list is given (FUNCTION(n, A, &alpha)) or, with the
//    name alone, the function's own parameter list (the manifest's
//    arguments in order). The C compiler checks the call (Reference.h).
//
// Every problem is an Error(Usage) naming the option and the argument.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_INPUTS_H
#define LOOPTILE_RUNTIME_INPUTS_H

#include "looptile/Runtime/HostData.h"
#include "looptile/Runtime/Manifest.h"

#include <map>
#include <string>
#include <vector>

namespace looptile::rt {

/// An initializer call. Args[i] is the manifest argument (its index) passed
/// as the call's argument i, by address when ByAddress[i] (a pointer to a
/// scalar, as PolyBench passes DATA_TYPE *alpha).
struct InitCall {
  std::string Function;
  std::vector<size_t> Args;
  std::vector<bool> ByAddress;
  /// "init_array(n, L, x, b)": what the shim calls (and records).
  std::string text(const Manifest &M) const;
  bool empty() const { return Function.empty(); }
};

struct InputSpec {
  std::map<std::string, InputRange> Ranges;  ///< by argument name
  std::map<std::string, ScalarValue> Scalars; ///< exact values
  std::map<std::string, std::string> ScalarTexts; ///< as given
  InitCall Init;
  bool empty() const {
    return Ranges.empty() && Scalars.empty() && Init.empty();
  }
};

/// Adds "NAME=LO:HI[,NAME=LO:HI...]" (one --range) to S, checked against
/// M: NAME an array or scalar argument, LO < HI, bounds of the type
/// (integers for an integer type, within its range; finite and within
/// float's range for float).
void addRanges(InputSpec &S, const Manifest &M, const std::string &List);

/// Adds "NAME=VALUE[,...]" (one --scalar) to S: NAME a scalar argument,
/// VALUE a number of its type (an integer in range for integer types,
/// finite and within float's range for float).
void addScalars(InputSpec &S, const Manifest &M, const std::string &List);

/// Sets S.Init from "FUNCTION" or "FUNCTION(ARG, &ARG, ...)": FUNCTION a C
/// identifier, each ARG a manifest argument (a size, scalar or array; &
/// only before a scalar); with no list, the manifest's arguments in order.
/// Names the manifest does not know are an error that lists them.
void setInit(InputSpec &S, const Manifest &M, const std::string &Text);

/// The checks that need all of S: a scalar given by --scalar is not also
/// passed by address to the initializer (which would overwrite it).
void checkInputs(const InputSpec &S, const Manifest &M);

/// "A in [0, 1), alpha = 1.5, init_array(n, A)": for reports ("" if none).
std::string describeInputs(const InputSpec &S, const Manifest &M);

} // namespace looptile::rt

#endif
