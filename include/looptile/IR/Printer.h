//===- Printer.h - textual form of the loop-nest IR ------------*- C++ -*-===//
//
// Owns the stable, FileCheck-able text of the IR printed by `--print-ir`.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_IR_PRINTER_H
#define LOOPTILE_IR_PRINTER_H

#include "looptile/IR/LoopNest.h"

#include <string>

namespace looptile {

/// `max(a, b)` / `min(a, b)` / `a` for a bound list.
std::string boundStr(const std::vector<IndexExpr> &Bound, bool IsLower);
/// `for i in [0, N - 1] step 1`
std::string loopHeaderStr(const Loop &L);
/// A parameter's or local's C declaration, e.g. `float A[M][K]`.
std::string variableDeclStr(const Variable &V);
/// The whole function: signature, locals, loops with bounds and statements
/// with their reads and writes.
std::string printFunction(const Function &F);
/// Every function of the program, separated by blank lines.
std::string printProgram(const Program &P);

} // namespace looptile

#endif // LOOPTILE_IR_PRINTER_H
