//===- CEmitter.h - loop-nest IR back to C ---------------------*- C++ -*-===//
//
// Owns `--emit=c`: prints a (transformed) Function as a compilable C function
// with the same name and parameters, in the lecture's style (`for (int i =
// 0; i < N; i++)`, `MIN`/`MAX` for partial tiles).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_CODEGEN_CEMITTER_H
#define LOOPTILE_CODEGEN_CEMITTER_H

#include "looptile/IR/LoopNest.h"

#include <string>

namespace looptile {

/// The C source of F (with a MIN/MAX macro preamble when it needs one).
std::string emitC(const Function &F);

/// The C source of every function of P, one translation unit.
std::string emitC(const Program &P);

/// `i < MIN(ii + 16, N)` style condition for the upper side of L, or the
/// lower side for a downward loop; used by the C and OpenCL emitters.
std::string loopConditionC(const Loop &L);
/// The same, but a single bound is printed without subtraction (`i + 1 <
/// n` for `i < n - 1`), as unsigned index types need (IntegerWrap.h).
std::string loopConditionAdditiveC(const Loop &L);
/// The start value of L (`MAX(a, b)` for several lower bounds).
std::string loopStartC(const Loop &L);
/// `i++`, `i--`, `i += 4`.
std::string loopIncrementC(const Loop &L);

} // namespace looptile

#endif // LOOPTILE_CODEGEN_CEMITTER_H
