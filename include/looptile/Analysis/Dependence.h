//===- Dependence.h - exact dependence analysis of loop nests --*- C++ -*-===//
//
// Owns the results of the dependence analysis and its entry points. For each
// nest (a top-level Loop of a Function's Body) it lists the loops and
// statements, every dependence between two accesses to the same array or
// scalar (at least one a write) with its direction vectors over the loops
// the two statements share, the class of each scalar written in the nest,
// and per loop a verdict (parallel, reduction or sequential) with its reason.
// Results are plain data copied out of the IR (no pointers into it), so they
// stay valid while the IR is transformed. See DependenceAnalysis.cpp for the
// method and the aliasing policy.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_DEPENDENCE_H
#define LOOPTILE_ANALYSIS_DEPENDENCE_H

#include "looptile/Analysis/DirectionVector.h"
#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/IR/LoopNest.h"
#include "looptile/Support/Diagnostic.h"

#include <string>
#include <vector>

namespace looptile {

/// One loop of a nest; loops are listed in preorder (textual order).
struct LoopInfo {
  std::string Var;
  SourceLoc Loc;
  int64_t Step = 1;
  unsigned Depth = 0; ///< 0 for the nest's outermost loop
  int Parent = -1;    ///< index of the enclosing loop, -1 for the root
};

/// One statement of a nest.
struct StmtInfo {
  unsigned Id = 0;  ///< the IR's statement id (S<Id>)
  SourceLoc Loc;
  std::string Text; ///< C syntax of the statement
  std::vector<unsigned> Loops; ///< enclosing loops, outermost first
  std::string name() const { return "S" + std::to_string(Id); }
};

struct Dependence {
  enum Kind { Flow, Anti, Output };
  Kind DepKind = Flow;
  std::string Array;     ///< array or scalar name
  unsigned Source = 0;   ///< statement id of the source (runs first)
  unsigned Sink = 0;     ///< statement id of the sink
  Access SourceAccess;   ///< the two accesses, with their locations
  Access SinkAccess;
  /// The loops the two statements share, outermost first (indices into
  /// NestDependences::Loops); every direction vector has one entry each.
  std::vector<unsigned> CommonLoops;
  /// The exact, '*'-free direction vectors, sorted; a single all-'*' vector
  /// when Assumed.
  std::vector<DirectionVector> Directions;
  /// True when the analysis could not decide (non-affine subscript or
  /// bound) and reports a dependence it could not rule out.
  bool Assumed = false;

  std::string sourceName() const { return "S" + std::to_string(Source); }
  std::string sinkName() const { return "S" + std::to_string(Sink); }
};

/// "flow", "anti" or "output".
const char *depKindName(Dependence::Kind K);

/// The class of one scalar written in the nest, per loop that writes it.
struct ScalarInfo {
  std::string Name;
  /// The most constraining class over its loops (carried > reduction >
  /// private).
  VarClass Class = VarClass::Private;
  /// (loop index, class) for every loop of the nest that writes it.
  std::vector<std::pair<unsigned, VarClass>> PerLoop;
  /// Private somewhere but read after that loop: its last value is live.
  bool LiveOut = false;
};

/// The verdict on one loop, with the reason a user reads.
struct LoopVerdict {
  bool Parallel = false;
  bool Reduction = false;
  /// e.g. "parallel (every dependence is '=' at j or carried by an outer
  /// loop)" or "sequential: flow dependence S0 -> S0 on A, direction (<, =)".
  std::string Reason;
};

struct NestDependences {
  std::string Function; ///< name of the enclosing function
  SourceLoc FunctionLoc;
  unsigned NestIndex = 0; ///< position of the root loop in Function::Body
  std::vector<LoopInfo> Loops;
  std::vector<StmtInfo> Stmts;
  std::vector<Dependence> Deps;
  std::vector<ScalarInfo> Scalars;
  std::vector<LoopVerdict> Verdicts; ///< parallel to Loops
  /// The direction vector's loop for column K of Deps[D]'s vectors.
  const LoopInfo &loopOf(const Dependence &D, size_t K) const {
    return Loops[D.CommonLoops[K]];
  }
};

struct ProgramDependences {
  std::vector<NestDependences> Nests;
};

/// Analyses one nest: Root must be a top-level loop of F's Body at position
/// NestIndex. Warnings about undecidable accesses go to Diags.
NestDependences analyzeNest(const Function &F, unsigned NestIndex,
                            std::vector<Diagnostic> &Diags);

/// Analyses every nest of every function of P, and reports the aliasing
/// policy (a note once; a warning per non-restrict pointer parameter that
/// could alias another accessed array parameter) to Diags.
/// The aliasing policy's note and warnings (DependenceAnalysis.cpp's file
/// comment): distinct array parameters are assumed not to overlap; a
/// pointer parameter without restrict in a nest that writes an array
/// parameter is named. analyzeProgram reports them too.
void reportAliasing(const Program &P, std::vector<Diagnostic> &Diags);

ProgramDependences analyzeProgram(const Program &P,
                                  std::vector<Diagnostic> &Diags);

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_DEPENDENCE_H
