//===- Printer.cpp - textual form of the loop-nest IR ---------------------===//
//
// Prints the IR for `--print-ir`. The format is part of the tests' contract:
//
//   function f(int N, float A[N])
//     for i in [1, N - 1] step 1            // line 3
//       S0: A[i] = A[i - 1] + 1.0f          // line 4
//         read  A[i - 1]
//         write A[i]
//
// A guarded statement prints its guard first, `S1: if (i >= 1 && B[i] > 0)
// A[i] = 0`, and its write as `may-write` when the guard reads data.
//
//===----------------------------------------------------------------------===//
#include "looptile/IR/Printer.h"

using namespace looptile;

std::string looptile::boundStr(const std::vector<IndexExpr> &Bound,
                               bool IsLower) {
  if (Bound.size() == 1)
    return Bound[0].str();
  std::string Out = IsLower ? "max(" : "min(";
  for (size_t I = 0; I < Bound.size(); ++I)
    Out += (I ? ", " : "") + Bound[I].str();
  return Out + ")";
}

std::string looptile::loopHeaderStr(const Loop &L) {
  std::string Type = L.VarType.isPlainInt() ? "" : L.VarType.Spelling + " ";
  return "for " + Type + L.Var + " in [" + boundStr(L.Lower, true) + ", " +
         boundStr(L.Upper, false) + "] step " + std::to_string(L.Step);
}

std::string looptile::variableDeclStr(const Variable &V) {
  std::string Out = V.IsConst ? "const " : "";
  if (V.VarKind == Variable::SizeParam)
    return Out + V.Int.Spelling + " " + V.Name;
  Out += elemTypeName(V.Type);
  if (V.VarKind == Variable::PointerParam) {
    Out += " *";
    if (V.IsRestrict)
      Out += "restrict ";
    return Out + V.Name;
  }
  Out += " " + V.Name;
  for (const std::optional<IndexExpr> &E : V.Extents)
    Out += "[" + (E ? E->str() : std::string()) + "]";
  return Out;
}

static std::string lineSuffix(SourceLoc Loc) {
  return Loc.isValid() ? "  // line " + std::to_string(Loc.Line) : "";
}

static void printBody(const Function &F, const std::vector<Node> &Body,
                      unsigned Indent, std::string &Out) {
  std::string Pad(Indent, ' ');
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  for (const Node &N : Body) {
    if (N.isLoop()) {
      const Loop &L = N.loop();
      Out += Pad + loopHeaderStr(L) + lineSuffix(L.Loc) +
             (L.Copy.empty() ? "" : " (copy " + L.Copy + ")") + "\n";
      printBody(F, L.Body, Indent + 2, Out);
      continue;
    }
    const Stmt &S = N.stmt();
    std::string Guard = S.When.empty() ? "" : "if (" + S.When.str() + ") ";
    Out += Pad + S.name() + ": " + Guard + S.str() + lineSuffix(S.Loc) + "\n";
    for (const Access &A : S.accesses(NotMemory))
      Out += Pad + "  " +
             (!A.IsWrite      ? "read  "
              : A.Conditional ? "may-write "
                              : "write ") +
             A.str() + "\n";
  }
}

std::string looptile::printFunction(const Function &F) {
  std::string Out =
      "function " +
      (F.ReturnType ? std::string(elemTypeName(*F.ReturnType)) + " "
                    : std::string()) +
      F.Name + "(";
  bool First = true;
  for (const Variable &V : F.Params)
    if (!V.isDerived()) {
      Out += (First ? "" : ", ") + variableDeclStr(V);
      First = false;
    }
  Out += ")" + lineSuffix(F.Loc) + "\n";
  for (const Variable &V : F.Params)
    if (V.isDerived())
      Out += "  size " + variableDeclStr(V) + " = " + V.Definition->str() +
             "\n";
  for (const Variable &V : F.Locals) {
    Out += "  local " + variableDeclStr(V);
    Out += V.DeclaredIn.empty() ? " (function scope)"
                                : " (declared in loop " + V.DeclaredIn + ")";
    Out += "\n";
  }
  printBody(F, F.Body, 2, Out);
  if (F.ReturnValue) {
    Out += "  return " + F.ReturnValue->str() + "\n";
    std::vector<Access> Reads;
    Stmt Probe; // the reads of the returned value, as a statement's
    Probe.RHS = *F.ReturnValue;
    for (const Access &A : Probe.accesses(F.nonMemoryNames()))
      if (!A.IsWrite)
        Out += "    read  " + A.str() + "\n";
  }
  return Out;
}

std::string looptile::printProgram(const Program &P) {
  std::string Out;
  for (size_t I = 0; I < P.Functions.size(); ++I)
    Out += (I ? "\n" : "") + printFunction(P.Functions[I]);
  return Out;
}
