//===- DepsPrinter.cpp - text, JSON and Graphviz forms of deps ------------===//
//
// Prints a ProgramDependences. The text form, part of the tests' contract:
//
//   nest f:3 (function f, line 3)
//     loops:
//       i  // line 3, step 1
//         j  // line 4, step 1
//     statements:
//       S0: A[i][j] = A[i - 1][j + 1]  // line 5, in (i, j)
//     dependences:
//       flow A: S0 -> S0 (<, >)  A[i][j] -> A[i - 1][j + 1]
//     direction matrix (i, j):
//       S0 -> S0 flow A  [<, >]
//     scalars:
//       t: private (i: private)
//     verdicts:
//       loop i: sequential: flow dependence S0 -> S0 on A, direction (<, >)
//               // f.c:3
//       loop j: parallel (every dependence is '=' at j or carried by an
//               outer loop)  // f.c:4
//
//===----------------------------------------------------------------------===//
#include "looptile/Analysis/DepsPrinter.h"
#include "looptile/Support/JSON.h"

#include <cstdio>

using namespace looptile;

static std::string lineOf(SourceLoc Loc) { return std::to_string(Loc.Line); }

static std::string nestName(const NestDependences &N) {
  return N.Function + ":" + lineOf(N.Loops[0].Loc);
}

// The row of D's vector V in the nest's full matrix: '.' for loops the two
// statements do not share.
static std::string matrixRow(const NestDependences &N, const Dependence &D,
                             const DirectionVector &V) {
  std::string Out = "[";
  for (unsigned L = 0; L < N.Loops.size(); ++L) {
    char C = '.';
    for (size_t K = 0; K < D.CommonLoops.size(); ++K)
      if (D.CommonLoops[K] == L)
        C = dirChar(V[K]);
    Out += (L ? ", " : "") + std::string(1, C);
  }
  return Out + "]";
}

static std::string scalarDetail(const NestDependences &N, const ScalarInfo &S) {
  std::string Out = varClassName(S.Class);
  Out += " (";
  for (size_t I = 0; I < S.PerLoop.size(); ++I)
    Out += (I ? ", " : "") + N.Loops[S.PerLoop[I].first].Var + ": " +
           varClassName(S.PerLoop[I].second);
  Out += ")";
  if (S.LiveOut)
    Out += ", live after its loop";
  return Out;
}

static void printNestText(const std::string &File, const NestDependences &N,
                          std::string &Out) {
  Out += "nest " + nestName(N) + " (function " + N.Function + ", line " +
         lineOf(N.Loops[0].Loc) + ")\n";
  Out += "  loops:\n";
  for (const LoopInfo &L : N.Loops)
    Out += std::string(4 + 2 * L.Depth, ' ') + L.Var + "  // line " +
           lineOf(L.Loc) + ", step " + std::to_string(L.Step) + "\n";
  Out += "  statements:\n";
  for (const StmtInfo &S : N.Stmts) {
    Out += "    " + S.name() + ": " + S.Text + "  // line " + lineOf(S.Loc) +
           ", in (";
    for (size_t I = 0; I < S.Loops.size(); ++I)
      Out += (I ? ", " : "") + N.Loops[S.Loops[I]].Var;
    Out += ")\n";
  }
  Out += "  dependences:\n";
  if (N.Deps.empty())
    Out += "    none\n";
  for (const Dependence &D : N.Deps)
    for (const DirectionVector &V : D.Directions)
      Out += std::string("    ") + depKindName(D.DepKind) + " " + D.Array +
             ": " + D.sourceName() + " -> " + D.sinkName() + " " + V.str() +
             (D.Assumed ? " assumed" : "") + "  " + D.SourceAccess.str() +
             " -> " + D.SinkAccess.str() + "\n";
  Out += "  direction matrix (";
  for (size_t L = 0; L < N.Loops.size(); ++L)
    Out += (L ? ", " : "") + N.Loops[L].Var;
  Out += "):\n";
  for (const Dependence &D : N.Deps)
    for (const DirectionVector &V : D.Directions)
      Out += "    " + D.sourceName() + " -> " + D.sinkName() + " " +
             depKindName(D.DepKind) + " " + D.Array + "  " +
             matrixRow(N, D, V) + "\n";
  if (!N.Scalars.empty()) {
    Out += "  scalars:\n";
    for (const ScalarInfo &S : N.Scalars)
      Out += "    " + S.Name + ": " + scalarDetail(N, S) + "\n";
  }
  Out += "  verdicts:\n";
  // Each verdict ends in its loop's location, so that verdicts of nests
  // with the same loop names tell apart (e.g. in grep's output).
  for (size_t L = 0; L < N.Loops.size(); ++L)
    Out += "    loop " + N.Loops[L].Var + ": " + N.Verdicts[L].Reason +
           "  // " + (File.empty() ? "line " : File + ":") +
           lineOf(N.Loops[L].Loc) + "\n";
}

std::string looptile::printDepsText(const Program &P,
                                    const ProgramDependences &Deps) {
  std::string Out;
  for (size_t I = 0; I < Deps.Nests.size(); ++I) {
    if (I)
      Out += "\n";
    printNestText(P.File, Deps.Nests[I], Out);
  }
  return Out;
}

static std::string jsonBool(bool B) { return B ? "true" : "false"; }

static void printNestJSON(const NestDependences &N, std::string &Out) {
  Out += "{\"function\":" + jsonString(N.Function) +
         ",\"line\":" + lineOf(N.Loops[0].Loc) + ",\"loops\":[";
  for (size_t L = 0; L < N.Loops.size(); ++L) {
    const LoopVerdict &V = N.Verdicts[L];
    Out += std::string(L ? "," : "") + "{\"var\":" + jsonString(N.Loops[L].Var) +
           ",\"line\":" + lineOf(N.Loops[L].Loc) +
           ",\"depth\":" + std::to_string(N.Loops[L].Depth) +
           ",\"parallel\":" + jsonBool(V.Parallel) +
           ",\"reduction\":" + jsonBool(V.Reduction) +
           ",\"verdict\":" + jsonString(V.Reason) + "}";
  }
  Out += "],\"statements\":[";
  for (size_t S = 0; S < N.Stmts.size(); ++S)
    Out += std::string(S ? "," : "") + "{\"id\":" + jsonString(N.Stmts[S].name()) +
           ",\"line\":" + lineOf(N.Stmts[S].Loc) +
           ",\"text\":" + jsonString(N.Stmts[S].Text) + "}";
  Out += "],\"dependences\":[";
  bool First = true;
  for (const Dependence &D : N.Deps)
    for (const DirectionVector &V : D.Directions) {
      Out += std::string(First ? "" : ",") +
             "{\"kind\":" + jsonString(depKindName(D.DepKind)) +
             ",\"array\":" + jsonString(D.Array) +
             ",\"source\":" + jsonString(D.sourceName()) +
             ",\"sink\":" + jsonString(D.sinkName()) + ",\"loops\":[";
      for (size_t K = 0; K < D.CommonLoops.size(); ++K)
        Out += std::string(K ? "," : "") + jsonString(N.loopOf(D, K).Var);
      Out += "],\"direction\":[";
      for (size_t K = 0; K < V.size(); ++K)
        Out += std::string(K ? "," : "") + jsonString(std::string(1, dirChar(V[K])));
      Out += "],\"assumed\":" + jsonBool(D.Assumed) +
             ",\"source_access\":" + jsonString(D.SourceAccess.str()) +
             ",\"sink_access\":" + jsonString(D.SinkAccess.str()) + "}";
      First = false;
    }
  Out += "],\"scalars\":[";
  for (size_t S = 0; S < N.Scalars.size(); ++S) {
    const ScalarInfo &I = N.Scalars[S];
    Out += std::string(S ? "," : "") + "{\"name\":" + jsonString(I.Name) +
           ",\"class\":" + jsonString(varClassName(I.Class)) + ",\"loops\":[";
    for (size_t K = 0; K < I.PerLoop.size(); ++K)
      Out += std::string(K ? "," : "") +
             "{\"var\":" + jsonString(N.Loops[I.PerLoop[K].first].Var) +
             ",\"class\":" + jsonString(varClassName(I.PerLoop[K].second)) + "}";
    Out += "],\"live_out\":" + jsonBool(I.LiveOut) + "}";
  }
  Out += "]}";
}

std::string looptile::printDepsJSON(const Program &,
                                    const ProgramDependences &Deps) {
  std::string Out = "{\"nests\":[";
  for (size_t I = 0; I < Deps.Nests.size(); ++I) {
    if (I)
      Out += ",";
    printNestJSON(Deps.Nests[I], Out);
  }
  return Out + "]}\n";
}

// A Graphviz quoted string.
static std::string dotStr(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C == '\n' ? ' ' : C;
  }
  return Out + "\"";
}

std::string looptile::printDepsDot(const Program &,
                                   const ProgramDependences &Deps) {
  std::string Out = "digraph deps {\n  node [shape=box];\n";
  for (size_t I = 0; I < Deps.Nests.size(); ++I) {
    const NestDependences &N = Deps.Nests[I];
    std::string Prefix = "n" + std::to_string(I) + "_";
    Out += "  subgraph cluster_" + std::to_string(I) + " {\n";
    Out += "    label=" + dotStr("nest " + nestName(N)) + ";\n";
    for (const StmtInfo &S : N.Stmts)
      Out += "    " + Prefix + S.name() +
             " [label=" + dotStr(S.name() + ": " + S.Text) + "];\n";
    for (const Dependence &D : N.Deps) {
      std::string Label = std::string(depKindName(D.DepKind)) + " " + D.Array;
      for (const DirectionVector &V : D.Directions)
        Label += " " + V.str();
      if (D.Assumed)
        Label += " assumed";
      Out += "    " + Prefix + D.sourceName() + " -> " + Prefix +
             D.sinkName() + " [label=" + dotStr(Label) +
             (D.Assumed ? ", style=dashed" : "") + "];\n";
    }
    Out += "  }\n";
  }
  return Out + "}\n";
}
