//===- DepTestUtil.h - compact views of analysis results for tests -*- C++ -*-===//
#ifndef LOOPTILE_UNITTESTS_ANALYSIS_DEPTESTUTIL_H
#define LOOPTILE_UNITTESTS_ANALYSIS_DEPTESTUTIL_H

#include "IRBuilder.h"
#include "looptile/Analysis/Dependence.h"

#include <string>
#include <vector>

namespace looptile {
namespace test {

/// Every dependence vector of N as "flow A S0->S1 (<, =)", with " assumed"
/// appended when assumed, in the analysis' order.
inline std::vector<std::string> depLines(const NestDependences &N) {
  std::vector<std::string> Out;
  for (const Dependence &D : N.Deps)
    for (const DirectionVector &V : D.Directions)
      Out.push_back(std::string(depKindName(D.DepKind)) + " " + D.Array + " " +
                    D.sourceName() + "->" + D.sinkName() + " " + V.str() +
                    (D.Assumed ? " assumed" : ""));
  return Out;
}

/// Analyses the single nest of F.
inline NestDependences analyzeOnly(const Function &F) {
  std::vector<Diagnostic> Diags;
  return analyzeNest(F, 0, Diags);
}

/// The verdict of the loop with variable Var.
inline LoopVerdict verdict(const NestDependences &N, const std::string &Var) {
  for (size_t I = 0; I < N.Loops.size(); ++I)
    if (N.Loops[I].Var == Var)
      return N.Verdicts[I];
  return {};
}

using Lines = std::vector<std::string>;

} // namespace test
} // namespace looptile

#endif // LOOPTILE_UNITTESTS_ANALYSIS_DEPTESTUTIL_H
