//===- CEmitter.cpp - loop-nest IR back to C ------------------------------===//
//
// Prints the IR as C. Bounds are printed back in the form people write:
// an inclusive upper bound `N - 1` becomes `i < N`, several upper bounds
// become `i < MIN(ii + 16, N)`, several lower bounds `MAX(a, b)`.
//
//===----------------------------------------------------------------------===//
#include "looptile/IR/Walk.h"
#include "looptile/CodeGen/CEmitter.h"

#include "looptile/IR/Printer.h"
#include "looptile/Support/NameTable.h"

#include <algorithm>
#include <set>

using namespace looptile;

// Folds several expressions with a two-argument macro: MIN(a, MIN(b, c)).
static std::string foldMacro(const char *Macro,
                             const std::vector<std::string> &Parts) {
  std::string Out = Parts.back();
  for (size_t I = Parts.size() - 1; I-- > 0;)
    Out = std::string(Macro) + "(" + Parts[I] + ", " + Out + ")";
  return Out;
}

std::string looptile::loopStartC(const Loop &L) {
  const std::vector<IndexExpr> &Start = L.Step > 0 ? L.Lower : L.Upper;
  std::vector<std::string> Parts;
  for (const IndexExpr &E : Start)
    Parts.push_back(E.str());
  return foldMacro(L.Step > 0 ? "MAX" : "MIN", Parts);
}

std::string looptile::loopConditionC(const Loop &L) {
  std::vector<std::string> Parts;
  if (L.Step > 0) {
    // i <= U  is printed  i < U + 1, which is `i < N` for U = N - 1.
    for (const IndexExpr &E : L.Upper)
      Parts.push_back((E + IndexExpr::constant(1)).str());
    return L.Var + " < " + foldMacro("MIN", Parts);
  }
  for (const IndexExpr &E : L.Lower)
    Parts.push_back(E.str());
  return L.Var + " >= " + foldMacro("MAX", Parts);
}

std::string looptile::loopConditionAdditiveC(const Loop &L) {
  const std::vector<IndexExpr> &Ends = L.Step > 0 ? L.Upper : L.Lower;
  if (Ends.size() != 1)
    return loopConditionC(L);
  // i < E (upward, E = U + 1) or i >= E: the negative terms of E move to
  // the loop variable's side.
  IndexExpr E = L.Step > 0 ? Ends[0] + IndexExpr::constant(1) : Ends[0];
  IndexExpr Pos, Neg;
  for (const Term &T : E.terms()) {
    IndexExpr Mono = IndexExpr::constant(1);
    for (const std::string &S : T.Symbols)
      Mono = Mono * IndexExpr::symbol(S);
    if (T.Coeff > 0)
      Pos = Pos + Mono.scaled(T.Coeff);
    else
      Neg = Neg + Mono.scaled(-T.Coeff);
  }
  std::string Left = L.Var + (Neg.terms().empty() ? "" : " + " + Neg.str());
  return Left + (L.Step > 0 ? " < " : " >= ") + Pos.str();
}

std::string looptile::loopIncrementC(const Loop &L) {
  if (L.Step == 1)
    return L.Var + "++";
  if (L.Step == -1)
    return L.Var + "--";
  if (L.Step > 0)
    return L.Var + " += " + std::to_string(L.Step);
  return L.Var + " -= " + std::to_string(-L.Step);
}

namespace {

class CPrinter {
public:
  explicit CPrinter(const Function &F) : F(F) {
    for (const Node &N : F.Body)
      collectDeclaredByStmt(N);
  }

  std::string run() {
    std::string Sig =
        std::string(F.ReturnType ? elemTypeName(*F.ReturnType) : "void") + " " +
        F.Name + "(";
    bool First = true;
    for (const Variable &V : F.Params)
      if (!V.isDerived()) {
        Sig += (First ? "" : ", ") + variableDeclStr(V);
        First = false;
      }
    Body += Sig + ") {\n";
    // The sizes the function computes, before anything uses them.
    for (const Variable &V : F.Params)
      if (V.isDerived())
        Body += "  " + variableDeclStr(V) + " = " + V.Definition->str() +
                ";\n";
    declareLocals("", 1);
    emitBody(F.Body, 1);
    freeHeapArrays("", 1);
    if (F.ReturnValue)
      Body += "  return " + F.ReturnValue->str() + ";\n";
    Body += "}\n";
    return Body;
  }

  bool usesMinMax() const { return Body.find("MIN(") != std::string::npos ||
                                   Body.find("MAX(") != std::string::npos; }

private:
  void collectDeclaredByStmt(const Node &N) {
    if (N.isLoop()) {
      for (const Node &C : N.loop().Body)
        collectDeclaredByStmt(C);
      return;
    }
    // A guarded declaration is printed as an assignment, its variable
    // declared at the start of the scope (the guard's block would end the
    // variable's scope before the statements that use it).
    if (N.stmt().DeclType && N.stmt().When.empty())
      DeclaredByStmt.insert(N.stmt().LHS.Name);
  }

  // Locals declared in the scope of loop Var (or the function when empty)
  // that no declaration statement introduces.
  // A variable-length local array gets at least one element: C leaves a
  // VLA of size <= 0 undefined, while the loops that use it simply do not
  // run for such sizes.
  //
  // A local array with a variable extent, or of more than HeapBytes, is
  // allocated on the heap (`float (*T)[MAX(N, 1)] = __builtin_malloc(...)`),
  // freed at the end of its scope (the loop's body, or before the function
  // returns): array expansion multiplies an array by the trip counts of
  // loops (`--expand T:i,j` makes T[N][N] into N*N copies, and a 39 x 38
  // array expanded along its own loops is 8.8 MB), which overflows the
  // stack long before the heap (campaign seeds 60180, 60359). The elements are indexed as
  // before; like a VLA's, they start uninitialised. GNU C's
  // __builtin_malloc and __builtin_free need no header, so no name of the
  // program can clash with them (a parameter named `size_t`, `free` or
  // `NULL`); the size is computed from sizeof onwards, in size_t. An array the return
  // value reads stays a VLA (it must outlive the free).
  void declareLocals(const std::string &Var, unsigned Indent) {
    for (const Variable &V : F.Locals) {
      if (V.DeclaredIn != Var || DeclaredByStmt.count(V.Name))
        continue;
      std::string Decl = variableDeclStr(V);
      bool VarSize = std::any_of(
          V.Extents.begin(), V.Extents.end(),
          [](const std::optional<IndexExpr> &E) { return E && !E->isConstant(); });
      bool Known = std::all_of(
          V.Extents.begin(), V.Extents.end(),
          [](const std::optional<IndexExpr> &E) { return E.has_value(); });
      bool Large = false;
      if (Known && !VarSize) {
        uint64_t Bytes = elemTypeBytes(V.Type);
        for (const std::optional<IndexExpr> &E : V.Extents)
          Bytes = E->constantPart() > 0 &&
                          Bytes <= HeapBytes / uint64_t(E->constantPart())
                      ? Bytes * uint64_t(E->constantPart())
                      : HeapBytes + 1;
        Large = Bytes > HeapBytes;
      }
      if (V.VarKind == Variable::LocalArray && (VarSize || Large) && Known &&
          !(F.ReturnValue && mentions(*F.ReturnValue, V.Name))) {
        auto Extent = [](const IndexExpr &E) {
          return E.isConstant() ? E.str() : "MAX(" + E.str() + ", 1)";
        };
        std::string Type = elemTypeName(V.Type);
        std::string Rows, Size = "sizeof(" + Type + ")";
        for (size_t I = 0; I < V.Extents.size(); ++I) {
          if (I)
            Rows += "[" + Extent(*V.Extents[I]) + "]";
          Size += " * " + Extent(*V.Extents[I]);
        }
        Decl = Type + " (*" + V.Name + ")" + Rows + " = __builtin_malloc(" +
               Size + ")";
        HeapArrays.push_back({Var, V.Name});
      } else if (V.VarKind == Variable::LocalArray) {
        Decl = std::string(elemTypeName(V.Type)) + " " + V.Name;
        for (const std::optional<IndexExpr> &E : V.Extents)
          Decl += "[" +
                  (!E ? std::string()
                   : E->isConstant() ? E->str()
                                     : "MAX(" + E->str() + ", 1)") +
                  "]";
      }
      Body += std::string(2 * Indent, ' ') + Decl + ";\n";
    }
  }

  void emitBody(const std::vector<Node> &Nodes, unsigned Indent) {
    for (size_t I = 0; I < Nodes.size(); ++I) {
      if (Nodes[I].isLoop() || Nodes[I].stmt().When.empty()) {
        emit(Nodes[I], Indent);
        continue;
      }
      // Consecutive statements under the same guard share one `if`.
      const Guard &G = Nodes[I].stmt().When;
      std::string Pad(2 * Indent, ' ');
      // Unsigned index types: constraints without subtractions, which
      // cannot wrap (Analysis/IntegerWrap.h).
      Body += Pad + "if (" + G.print(nullptr, F.hasNonIntIndices()) + ") {\n";
      size_t J = I;
      for (; J < Nodes.size() && !Nodes[J].isLoop(); ++J) {
        const Guard &H = Nodes[J].stmt().When;
        if (!G.isImpliedBy(H) || !H.isImpliedBy(G))
          break;
        emitStmt(Nodes[J].stmt(), Indent + 1);
      }
      Body += Pad + "}\n";
      I = J - 1;
    }
  }

  void emitStmt(const Stmt &S, unsigned Indent) {
    std::string Pad(2 * Indent, ' ');
    if (S.DeclType && !S.When.empty()) {
      Stmt Assign = S; // declared at the start of the scope
      Assign.DeclType.reset();
      Body += Pad + Assign.str() + ";\n";
      return;
    }
    Body += Pad + S.str() + ";\n";
  }

  void emit(const Node &N, unsigned Indent) {
    std::string Pad(2 * Indent, ' ');
    if (!N.isLoop()) {
      emitStmt(N.stmt(), Indent);
      return;
    }
    const Loop &L = N.loop();
    Body +=
        Pad + "for (" + L.VarType.Spelling + " " + L.Var + " = " +
        loopStartC(L) + "; " +
        (F.hasNonIntIndices() ? loopConditionAdditiveC(L) : loopConditionC(L)) +
        "; " + loopIncrementC(L) + ") {\n";
    declareLocals(L.Var, Indent + 1);
    emitBody(L.Body, Indent + 1);
    freeHeapArrays(L.Var, Indent + 1);
    Body += Pad + "}\n";
  }

  // Frees the heap arrays of the scope of loop Var (the function's when
  // empty), in the reverse order of their allocation.
  void freeHeapArrays(const std::string &Var, unsigned Indent) {
    for (auto It = HeapArrays.rbegin(); It != HeapArrays.rend(); ++It)
      if (It->first == Var)
        Body += std::string(2 * Indent, ' ') + "__builtin_free(" + It->second +
                ");\n";
    HeapArrays.erase(std::remove_if(HeapArrays.begin(), HeapArrays.end(),
                                    [&](const auto &A) { return A.first == Var; }),
                     HeapArrays.end());
  }

  static bool mentions(const Expr &E, const std::string &Name) {
    return E.Name == Name ||
           std::any_of(E.Operands.begin(), E.Operands.end(),
                       [&](const Expr &O) { return mentions(O, Name); });
  }

  const Function &F;
  std::set<std::string> DeclaredByStmt;
  /// Arrays allocated on the heap: the loop variable of their scope (empty
  /// for the function's) and their name, freed at the end of that scope.
  std::vector<std::pair<std::string, std::string>> HeapArrays;
  /// Constant-size local arrays larger than this go on the heap too.
  static constexpr uint64_t HeapBytes = 64 * 1024;
  std::string Body;
};

const char *MinMaxPreamble = "#ifndef MIN\n#define MIN(a, b) ((a) < (b) ? (a) : (b))\n#endif\n"
                             "#ifndef MAX\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#endif\n";

bool needsMath(const Expr &E) {
  if (E.K == Expr::Call)
    return true;
  for (const Expr &Op : E.Operands)
    if (needsMath(Op))
      return true;
  return false;
}

bool needsMath(const std::vector<Node> &Body) {
  return findStmt(Body, [](const Stmt &S) {
           for (const Expr *E : S.exprs())
             if (needsMath(*E))
               return true;
           return false;
         }) != nullptr;
}

} // namespace

std::string looptile::emitC(const Function &Original) {
  // The identifiers as C sees them (the function's parameters and locals
  // keep their names unless <math.h> or looptile's preamble defines them).
  Function F = withNames(Original, NameTable(Original, NameTarget::C));
  CPrinter P(F);
  std::string Code = P.run();
  std::string Pre;
  if (needsMath(F.Body))
    Pre += "#include <math.h>\n";
  // size_t, ptrdiff_t, int64_t, ... in the signature or the loops.
  if (F.hasNonIntIndices())
    Pre += "#include <stddef.h>\n#include <stdint.h>\n";
  if (P.usesMinMax())
    Pre += MinMaxPreamble;
  return Pre.empty() ? Code : Pre + "\n" + Code;
}

std::string looptile::emitC(const Program &P) {
  std::string Out;
  for (size_t I = 0; I < P.Functions.size(); ++I)
    Out += (I ? "\n" : "") + emitC(P.Functions[I]);
  return Out;
}
