//===- Signature.cpp - what a function's parameters are -------------------===//
#include "looptile/CodeGen/Signature.h"
#include "looptile/Analysis/Footprint.h"
#include "looptile/Support/JSON.h"

#include <algorithm>
#include <functional>
#include <map>

using namespace looptile;

namespace {

struct LoopRange {
  const Loop *L;
};

// Walks the function, calling Visit for each access with the loops that
// enclose it (outermost first).
void walkAccesses(
    const Function &F, const std::vector<Node> &Body,
    std::vector<const Loop *> &Stack,
    const std::function<void(const Access &, const std::vector<const Loop *> &)>
        &Visit) {
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  for (const Node &N : Body) {
    if (N.isLoop()) {
      Stack.push_back(&N.loop());
      walkAccesses(F, N.loop().Body, Stack, Visit);
      Stack.pop_back();
      continue;
    }
    for (const Access &A : N.stmt().accesses(NotMemory))
      Visit(A, Stack);
  }
}

// The largest value E takes over the loops (innermost substituted first),
// when each loop variable occurs in E only with non-negative coefficients
// (size parameters are positive) and each loop has a single upper bound.
std::optional<IndexExpr> maxOver(IndexExpr E,
                                 const std::vector<const Loop *> &Loops) {
  for (size_t I = Loops.size(); I-- > 0;) {
    const Loop *L = Loops[I];
    if (!E.mentions(L->Var))
      continue;
    for (const Term &T : E.terms())
      for (const std::string &S : T.Symbols)
        if (S == L->Var && T.Coeff < 0)
          return std::nullopt;
    if (L->Upper.size() != 1)
      return std::nullopt;
    E = E.substitute(L->Var, L->Upper[0]);
  }
  return E;
}

} // namespace

std::optional<std::string>
looptile::describeArguments(const Function &F, std::vector<ArgumentInfo> &Out) {
  Out.clear();
  std::map<std::string, bool> Read, Written;
  std::map<std::string, std::optional<IndexExpr>> Extent; // pointers
  std::map<std::string, bool> ExtentUnknown;
  std::vector<const Loop *> Stack;
  walkAccesses(F, F.Body, Stack,
               [&](const Access &A, const std::vector<const Loop *> &Loops) {
                 (A.IsWrite ? Written : Read)[A.Name] = true;
                 const Variable *V = F.lookup(A.Name);
                 if (!V || V->VarKind != Variable::PointerParam ||
                     A.Subscripts.size() != 1)
                   return;
                 std::optional<IndexExpr> M = maxOver(A.Subscripts[0], Loops);
                 if (!M) {
                   ExtentUnknown[A.Name] = true;
                   return;
                 }
                 IndexExpr Candidate = *M + IndexExpr::constant(1);
                 auto &Cur = Extent[A.Name];
                 if (!Cur)
                   Cur = Candidate;
                 else if (*Cur != Candidate) {
                   // Keep the larger when they differ by a constant.
                   IndexExpr Diff = Candidate - *Cur;
                   if (!Diff.isConstant())
                     ExtentUnknown[A.Name] = true;
                   else if (Diff.constantPart() > 0)
                     Cur = Candidate;
                 }
               });
  for (const Variable &V : F.Params) {
    ArgumentInfo A;
    A.Name = V.Name;
    A.Type = V.Type;
    if (V.VarKind == Variable::SizeParam) {
      A.ArgKind = ArgumentInfo::Size;
    } else if (V.VarKind == Variable::ScalarParam) {
      A.ArgKind = ArgumentInfo::Scalar;
    } else {
      A.ArgKind = ArgumentInfo::Buffer;
      A.Reads = Read[V.Name];
      A.Writes = Written[V.Name];
      if (V.VarKind == Variable::PointerParam) {
        // The host copies exactly the elements from 0 to the largest flat
        // index the function touches: no more, or it would read and write
        // past the caller's array.
        PointerExtent PE = analyzePointerExtent(F, V.Name);
        std::string Declare = "; declare it as an array parameter (e.g. "
                              "float " +
                              V.Name + "[M][K])";
        if (PE.Verdict == PointerExtent::Unknown)
          return "cannot determine the extent of pointer parameter '" + V.Name +
                 "' exactly (" + PE.Why + ")" + Declare;
        if (PE.Verdict == PointerExtent::Exact) {
          A.Shape = {PE.Poly};
        } else {
          if (ExtentUnknown[V.Name] || !Extent[V.Name])
            return "cannot bound the extent of pointer parameter '" + V.Name +
                   "' by one polynomial" + Declare;
          A.Shape = {*Extent[V.Name]};
          A.ExtentFormula = PE.Formula;
        }
      } else {
        for (size_t D = 0; D < V.Extents.size(); ++D) {
          if (V.Extents[D]) {
            A.Shape.push_back(*V.Extents[D]);
            continue;
          }
          return "the outer dimension of array parameter '" + V.Name +
                 "' is not declared; write it (e.g. float " + V.Name +
                 "[M][K])";
        }
      }
      // Written and never read: `out` only when every element is written,
      // else the elements the function leaves alone must keep the caller's
      // values (the host uploads them).
      A.AccessMode = !A.Writes ? "in" : A.Reads ? "inout" : "out";
      if (A.AccessMode == "out" &&
          analyzeWriteCoverage(F, V.Name, A.Shape).Verdict !=
              WriteCoverage::Covered)
        A.AccessMode = "inout";
    }
    Out.push_back(A);
  }
  return std::nullopt;
}

std::vector<std::string> ArgumentInfo::shapeFormulas() const {
  if (!ExtentFormula.empty())
    return {ExtentFormula};
  std::vector<std::string> Out;
  for (const IndexExpr &E : Shape) {
    // Sizes are positive: a polynomial with non-negative coefficients is
    // never negative.
    bool NonNegative = std::all_of(E.terms().begin(), E.terms().end(),
                                   [](const Term &T) { return T.Coeff > 0; });
    Out.push_back(NonNegative ? E.str() : "max(" + E.str() + ", 0)");
  }
  return Out;
}

std::string looptile::argumentJSON(const ArgumentInfo &A) {
  static const char *Kinds[] = {"size", "scalar", "buffer"};
  std::string Out = "{\"name\": " + jsonString(A.Name) + ", \"kind\": \"" +
                    Kinds[A.ArgKind] + "\"";
  if (A.ArgKind != ArgumentInfo::Size)
    Out += std::string(", \"type\": \"") + elemTypeName(A.Type) + "\"";
  if (A.ArgKind == ArgumentInfo::Buffer) {
    Out += ", \"access\": \"" + A.AccessMode + "\", \"shape\": [";
    std::vector<std::string> Shape = A.shapeFormulas();
    for (size_t I = 0; I < Shape.size(); ++I)
      Out += (I ? ", " : "") + jsonString(Shape[I]);
    Out += "]";
  }
  return Out + "}";
}

std::string looptile::signatureJSON(const std::string &File, const Function &F,
                                    const std::vector<ArgumentInfo> &Args) {
  std::string Out = "{\"function\": " + jsonString(F.Name) +
                    ", \"file\": " + jsonString(File) + ", \"arguments\": [";
  for (size_t I = 0; I < Args.size(); ++I)
    Out += std::string(I ? ",\n  " : "\n  ") + argumentJSON(Args[I]);
  return Out + "\n]}\n";
}
