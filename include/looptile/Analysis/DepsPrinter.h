//===- DepsPrinter.h - text, JSON and Graphviz forms of deps ---*- C++ -*-===//
//
// Owns the three printed forms of a ProgramDependences, as returned to the
// driver for `looptile FILE --print-deps[=text|json|dot]`. All three are
// stable (tests and other tools read them).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_DEPSPRINTER_H
#define LOOPTILE_ANALYSIS_DEPSPRINTER_H

#include "looptile/Analysis/Dependence.h"

#include <string>

namespace looptile {

/// Per nest: loops, statements, every dependence (one line per direction
/// vector), the direction matrix, scalar classes and loop verdicts.
std::string printDepsText(const Program &P, const ProgramDependences &Deps);
/// `{"nests":[{"function":..., "line":..., "loops":[...],
/// "statements":[...], "dependences":[...], "scalars":[...]}]}`, one
/// dependence entry per direction vector.
std::string printDepsJSON(const Program &P, const ProgramDependences &Deps);
/// A Graphviz digraph: one cluster per nest, statements as nodes, one edge
/// per dependence labelled with its kind, variable and vectors.
std::string printDepsDot(const Program &P, const ProgramDependences &Deps);

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_DEPSPRINTER_H
