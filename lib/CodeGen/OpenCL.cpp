//===- OpenCL.cpp - OpenCL kernels, host glue and manifest ----------------===//
//
// Drives the OpenCL back end for one function: one kernel per nest (launched
// in source order), the manifest (docs/manifest.md) and the host glue.
//
//===----------------------------------------------------------------------===//
#include "looptile/CodeGen/OpenCL.h"

#include "HostProgram.h"
#include "KernelEmitter.h"
#include "KernelPlan.h"
#include "OpenCLExpr.h"
#include "looptile/Analysis/Footprint.h"
#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/CodeGen/Signature.h"
#include "looptile/Support/NameTable.h"
#include "looptile/Transforms/LoopUtils.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace looptile;

namespace {

// --- counts for the manifest ---------------------------------------------

unsigned floatOps(const Expr &E) {
  unsigned N = 0;
  if ((E.K == Expr::Binary || E.K == Expr::Unary || E.K == Expr::Call) &&
      isFloatingType(E.Type))
    N = 1;
  for (const Expr &Op : E.Operands)
    N += floatOps(Op);
  return N;
}

bool usesDouble(const Expr &E) {
  if (E.Type == ElemType::Double)
    return true;
  return std::any_of(E.Operands.begin(), E.Operands.end(),
                     [](const Expr &Op) { return usesDouble(Op); });
}

bool usesDouble(const std::vector<Node> &Body) {
  return std::any_of(Body.begin(), Body.end(), [](const Node &N) {
    return N.isLoop() ? usesDouble(N.loop().Body)
                      : usesDouble(N.stmt().LHS) || usesDouble(N.stmt().RHS);
  });
}

// E with the variable Var replaced by the end of [Lower, Upper] that makes
// E largest (a triangular trip count at its longest).
IndexExpr atLargest(const IndexExpr &E, const std::string &Var,
                    const std::vector<IndexExpr> &Lower,
                    const std::vector<IndexExpr> &Upper) {
  if (!E.mentions(Var))
    return E;
  return E.substitute(Var, E.coeffOf(Var) < 0 ? Lower.front() : Upper.front());
}

IndexExpr tripCount(const Loop &L, const std::vector<const Loop *> &Outer) {
  IndexExpr E = L.Upper.front() - L.Lower.front() + IndexExpr::constant(1);
  // Bounds that depend on outer loops are taken where the count is largest:
  // the count is then an upper bound (triangular nests).
  for (size_t I = Outer.size(); I-- > 0;)
    E = atLargest(E, Outer[I]->Var, Outer[I]->Lower, Outer[I]->Upper);
  // For a strided loop this counts the values in its range, not the ones it
  // visits: the manifest's flop count is then an upper bound too.
  return E;
}

void countFlops(const std::vector<Node> &Body, std::vector<const Loop *> &Outer,
                IndexExpr Iterations, IndexExpr &Flops) {
  for (const Node &N : Body) {
    if (N.isLoop()) {
      Outer.push_back(&N.loop());
      countFlops(N.loop().Body, Outer, Iterations * tripCount(N.loop(), Outer),
                 Flops);
      Outer.pop_back();
      continue;
    }
    const Stmt &S = N.stmt();
    unsigned Ops = floatOps(S.RHS);
    if (S.Op != AssignOp::Assign && isFloatingType(S.LHS.Type))
      ++Ops;
    Flops = Flops + Iterations.scaled(Ops);
  }
}

// The longest chain of sequential iterations inside one work-item: the
// product of the trip counts of the loops below the mapped band.
IndexExpr sequentialLength(const std::vector<Node> &Body,
                           std::vector<const Loop *> &Outer) {
  IndexExpr Best = IndexExpr::constant(1);
  for (const Node &N : Body) {
    if (!N.isLoop())
      continue;
    Outer.push_back(&N.loop());
    IndexExpr Inner = sequentialLength(N.loop().Body, Outer);
    Outer.pop_back();
    IndexExpr Total = tripCount(N.loop(), Outer) * Inner;
    if (Best.isConstant() && Best.constantPart() == 1)
      Best = Total;
  }
  return Best;
}

// --- floating point: how the kernels' results compare with the C's -------

// Math functions whose OpenCL versions round exactly as the C library's do
// (exact operations, and sqrt and fma, which both standards round
// correctly; float sqrt with -cl-fp32-correctly-rounded-divide-sqrt).
bool correctlyRounded(const std::string &CName) {
  static const std::set<std::string> Names = {
      "sqrt",  "sqrtf", "fabs",   "fabsf", "fmin",  "fminf", "fmax",
      "fmaxf", "floor", "floorf", "ceil",  "ceilf", "fma",   "fmaf"};
  return Names.count(CName) != 0;
}

// What decides whether the kernels' floating-point results equal the C's
// bit for bit (docs/runtime.md, "Validation").
struct FloatingPoint {
  /// Functions called whose OpenCL result may differ from the C library's
  /// by a few ulp (exp, sin, pow, ...).
  std::set<std::string> Inexact;
  /// A float division or square root: OpenCL rounds them correctly only
  /// with -cl-fp32-correctly-rounded-divide-sqrt (the runtime passes it
  /// where the device supports it).
  bool FloatDivideSqrt = false;
};

void scanFloatingPoint(const Expr &E, FloatingPoint &FP) {
  if (E.K == Expr::Call) {
    if (!correctlyRounded(E.Name))
      FP.Inexact.insert(E.Name);
    else if ((E.Name == "sqrtf" || E.Name == "sqrt") &&
             E.Type == ElemType::Float)
      FP.FloatDivideSqrt = true;
  }
  if (E.K == Expr::Binary && E.Op == '/' && E.Type == ElemType::Float)
    FP.FloatDivideSqrt = true;
  for (const Expr &Op : E.Operands)
    scanFloatingPoint(Op, FP);
}

void scanFloatingPoint(const std::vector<Node> &Body, FloatingPoint &FP) {
  for (const Node &N : Body) {
    if (N.isLoop()) {
      scanFloatingPoint(N.loop().Body, FP);
      continue;
    }
    const Stmt &S = N.stmt();
    scanFloatingPoint(S.RHS, FP);
    if (S.Op == AssignOp::DivAssign && S.LHS.Type == ElemType::Float)
      FP.FloatDivideSqrt = true;
  }
}

// The manifest's "floating_point" object. The comparison is "exact" when
// the kernels round every operation as the C does: no contraction into
// fused multiply-adds (#pragma OPENCL FP_CONTRACT OFF, the reference built
// with -ffp-contract=off), only correctly rounded operations, and the C's
// order of operations for every result, which every kernel looptile
// generates keeps (the transformations and the mapping preserve every
// dependence, so the updates of each element, reductions included, run in
// the original order; tiled reductions sum their tiles in that order too).
std::string floatingPointJSON(const FloatingPoint &FP,
                              const OpenCLOptions &Opts) {
  std::string Reason;
  if (Opts.FastContract)
    Reason = "built with --fp-contract=fast: the OpenCL compiler may fuse "
             "a * b + c into one rounding where the C rounds twice";
  else if (!FP.Inexact.empty()) {
    std::string Names;
    for (const std::string &N : FP.Inexact)
      Names += (Names.empty() ? "" : ", ") + N;
    Reason = "the kernels call " + Names +
             ", which OpenCL computes within a few ulp, not as the C "
             "library does";
  }
  std::string J =
      std::string("{\"contract\": \"") + (Opts.FastContract ? "fast" : "off") +
      "\", \"comparison\": \"" + (Reason.empty() ? "exact" : "tolerance") +
      "\", \"float_divide_sqrt\": " + (FP.FloatDivideSqrt ? "true" : "false");
  if (!Reason.empty())
    J += ", \"reason\": " + jsonString(Reason);
  return J + "}";
}

std::string formulaList(const std::vector<std::string> &Fs) {
  std::string Out = "[";
  for (size_t I = 0; I < Fs.size(); ++I)
    Out += (I ? ", " : "") + jsonString(Fs[I]);
  return Out + "]";
}

const char *kindName(KernelPlan::Kind K) {
  switch (K) {
  case KernelPlan::Naive:
    return "naive";
  case KernelPlan::Block:
    return "block-tiled";
  case KernelPlan::Transpose:
    return "transpose (local-memory tile)";
  case KernelPlan::Register:
    return "register-tiled";
  case KernelPlan::SingleWorkItem:
    return "single work-item";
  }
  return "?";
}

// True when a statement of N accesses the variable Name.
bool mentionsVariable(const Node &N, const std::string &Name,
                      const std::vector<std::string> &NotMemory) {
  if (N.isLoop())
    return std::any_of(
        N.loop().Body.begin(), N.loop().Body.end(),
        [&](const Node &C) { return mentionsVariable(C, Name, NotMemory); });
  for (const Access &A : N.stmt().accesses(NotMemory))
    if (A.Name == Name)
      return true;
  return false;
}

// True when a statement of N reads (Write false) or writes (Write true) the
// variable Name.
bool accessesVariable(const Node &N, const std::string &Name,
                      const std::vector<std::string> &NotMemory, bool Write) {
  if (N.isLoop())
    return std::any_of(N.loop().Body.begin(), N.loop().Body.end(),
                       [&](const Node &C) {
                         return accessesVariable(C, Name, NotMemory, Write);
                       });
  for (const Access &A : N.stmt().accesses(NotMemory))
    if (A.Name == Name && A.IsWrite == Write)
      return true;
  return false;
}

bool readsVariable(const Node &N, const std::string &Name,
                   const std::vector<std::string> &NotMemory) {
  return accessesVariable(N, Name, NotMemory, false);
}

bool writesVariable(const Node &N, const std::string &Name,
                    const std::vector<std::string> &NotMemory) {
  return accessesVariable(N, Name, NotMemory, true);
}

/// One entry of the manifest's size_checks.
struct SizeCheck {
  std::string InvalidWhen, Reason;
};

// The sizes for which an access of F leaves the extents of an array (a
// buffer argument, whose declared extents the runtime allocates, or a
// local array, which the C function itself would overrun): the runtime and
// the host glue refuse them (docs/manifest.md, "size_checks").
void sizeChecks(const Function &F, const std::vector<ArgumentInfo> &Args,
                std::vector<SizeCheck> &Out, std::vector<Diagnostic> &Diags) {
  auto Check = [&](const Variable &V, const std::vector<IndexExpr> &Extents,
                   bool Declared) {
    bool Param = V.isParam();
    BoundsCondition B = analyzeBounds(F, V.Name, Extents, Declared && Param);
    std::string What =
        (Param ? "array parameter '" : "local array '") + V.Name + "'";
    if (B.Verdict == BoundsCondition::Unknown) {
      if (Declared)
        Diags.push_back({Diagnostic::Warning, V.Loc,
                         "cannot decide for which sizes the accesses to " +
                             What + " stay inside its extents (" + B.Why +
                             "); the runtime cannot check the sizes for it"});
      return;
    }
    if (B.Verdict == BoundsCondition::Never)
      return;
    std::string Box;
    for (const IndexExpr &E : Extents)
      Box += "[" + E.str() + "]";
    std::string Reason =
        B.Culprit ? "it would access '" + B.Culprit->str() + "' (line " +
                        std::to_string(B.Culprit->Loc.Line) +
                        ") outside the extents " + Box + " of " + What
                  : "an extent of " + What + " (" + Box + ") would be negative";
    if (B.Approximate)
      Reason += " (a conservative check: it may also reject some sizes "
                "where it would not)";
    if (B.Always)
      Diags.push_back(
          {Diagnostic::Warning, B.Culprit ? B.Culprit->Loc : V.Loc,
           (B.Culprit ? "'" + B.Culprit->str() + "' accesses " + What +
                            " outside its extents " + Box
                      : "an extent of " + What + " is negative") +
               " for every value of the sizes; looptile-run and the host "
               "glue will refuse every call"});
    Out.push_back({B.Formula, Reason});
  };
  for (const ArgumentInfo &A : Args) {
    const Variable *V = F.lookup(A.Name);
    if (A.ArgKind == ArgumentInfo::Buffer && V)
      Check(*V, A.Shape, V->VarKind == Variable::ArrayParam);
  }
  for (const Variable &V : F.Locals) {
    if (V.VarKind != Variable::LocalArray ||
        std::any_of(V.Extents.begin(), V.Extents.end(),
                    [](const std::optional<IndexExpr> &E) { return !E; }))
      continue;
    std::vector<IndexExpr> Extents;
    for (const std::optional<IndexExpr> &E : V.Extents)
      Extents.push_back(*E);
    Check(V, Extents, true);
  }
}

// F with its return value, if any, written by a last statement `R[0] = e;`
// into a new one-element pointer parameter R (named in Result; the manifest
// marks it "returned"), so that the kernels leave it in a buffer and the
// host glue returns it.
Function withResultBuffer(Function F, NameTable &Names, std::string &Result) {
  if (!F.ReturnValue)
    return F;
  Variable R;
  R.Name = Result = Names.fresh("result");
  R.VarKind = Variable::PointerParam;
  R.Type = *F.ReturnType;
  R.Extents.push_back(std::nullopt);
  R.IsRestrict = true;
  R.Loc = F.ReturnValue->Loc;
  F.Params.push_back(R);
  Stmt S;
  S.Id = nextStmtId(F);
  S.Op = AssignOp::Assign;
  S.LHS = Expr::arrayRef(R.Name, R.Type, {IndexExpr::constant(0)});
  S.LHS.Loc = R.Loc;
  S.RHS = std::move(*F.ReturnValue);
  S.Loc = R.Loc;
  F.Body.push_back(Node{std::move(S)});
  F.ReturnValue.reset();
  F.ReturnType.reset();
  return F;
}

// F with each run of statements outside any loop (`s = 0.0f;` before a
// reduction, `*out = s;` or the return value's statement after it) inside
// a loop of one iteration over a new variable: a kernel of one work-item,
// which computes them where C does, between the kernels of the nests
// around them. A declaration at function scope becomes an assignment (the
// variable is declared for the whole function, which it already is).
Function withStatementsInLoops(Function F, NameTable &Names) {
  std::vector<Node> Body;
  bool InOnce = false;
  for (Node &N : F.Body) {
    if (N.isLoop()) {
      Body.push_back(std::move(N));
      InOnce = false;
      continue;
    }
    if (!InOnce) {
      Loop Once;
      Once.Var = Names.fresh("once");
      Once.Lower = {IndexExpr::constant(0)};
      Once.Upper = {IndexExpr::constant(0)};
      Once.Loc = N.stmt().Loc;
      Body.push_back(Node{std::move(Once)});
      InOnce = true;
    }
    N.stmt().DeclType.reset();
    Body.back().loop().Body.push_back(std::move(N));
  }
  F.Body = std::move(Body);
  return F;
}

// The function as the kernels compute it: OpenCL's names, the return value
// in a one-element buffer (Result names it), each run of statements outside
// loops in a loop of one iteration. generateOpenCL and previewKernel both
// plan this view.
Function kernelView(const Function &Original, NameTable &Names,
                    std::string &Result) {
  return withStatementsInLoops(
      withResultBuffer(withNames(Original, Names), Names, Result), Names);
}

// The index in kernelView(Original) of the loop at Original.Body[I]: each
// run of statements before it became one loop.
unsigned viewIndex(const Function &Original, unsigned I) {
  unsigned Index = 0;
  for (unsigned J = 0; J < I; ++J)
    if (Original.Body[J].isLoop() || Original.Body[J + 1].isLoop())
      ++Index;
  return Index;
}

// The glue's parameters are the kernels' names of F's parameters (Names
// keeps them clear of C++ keywords and of the glue's own names).
std::string hostGlue(const Function &F, const std::vector<ArgumentInfo> &Args,
                     const std::string &SourceFile, const std::string &Manifest,
                     const std::string &Kernels, NameTable Names) {
  std::string ManifestVar = Names.fresh("LooptileManifest"),
              ProgramVar = Names.fresh("LooptileProgram"),
              Session = Names.fresh("S");
  auto Raw = [](const std::string &S) {
    std::string Delim = "looptile";
    while (S.find(")" + Delim + "\"") != std::string::npos)
      Delim += "_";
    return "R\"" + Delim + "(" + S + ")" + Delim + "\"";
  };
  std::string Out =
      "// Generated by looptile from " + SourceFile +
      ".\n"
      "// A drop-in replacement for the C function " +
      F.Name +
      "(): same name, same parameters\n"
      "// (array parameters are passed as pointers, which is how C passes "
      "them).\n"
      "// It builds the OpenCL program once, copies the inputs to the "
      "device, runs\n"
      "// the kernels and copies the results back. Link it with "
      "liblooptile-runtime\n"
      "// and the OpenCL ICD loader (-lOpenCL) instead of the original "
      "function.\n"
      "#include \"looptile/Runtime/Session.h\"\n\n" +
      std::string(F.hasNonIntIndices() ? "#include <cstddef>\n#include "
                                         "<cstdint>\n\n"
                                       : "") +
      "namespace {\n"
      "const char " +
      ManifestVar + "[] = " + Raw(Manifest) + ";\n\nconst char " + ProgramVar +
      "[] = " + Raw(Kernels) + ";\n} // namespace\n\nextern \"C\" ";
  // The return value comes back in a one-element buffer the glue returns.
  const ArgumentInfo *Returned = nullptr;
  for (const ArgumentInfo &A : Args)
    if (A.Returned)
      Returned = &A;
  Out += std::string(Returned ? elemTypeName(Returned->Type) : "void") + " " +
         F.Name + "(";
  std::string Call, Decls;
  for (size_t I = 0; I < Args.size(); ++I) {
    const ArgumentInfo &A = Args[I];
    if (A.Returned) {
      Call += (I ? ",\n         " : "") +
              std::string("looptile::rt::HostArg::out(&") + A.Name + ")";
      continue;
    }
    const Variable *V = F.lookup(A.Name);
    std::string Type = elemTypeName(A.Type);
    std::string Decl, Arg;
    switch (A.ArgKind) {
    case ArgumentInfo::Size:
      Decl = A.Int.Spelling + " " + A.Name;
      Arg = "looptile::rt::HostArg::size(" + A.Name + ")";
      break;
    case ArgumentInfo::Scalar:
      Decl = Type + " " + A.Name;
      // Integer scalars other than int go through int64_t (one overload).
      Arg = "looptile::rt::HostArg::scalar(" +
            (isFloatingType(A.Type) || A.Type == ElemType::Int
                 ? A.Name
                 : "(int64_t)" + A.Name) +
            ")";
      break;
    case ArgumentInfo::Buffer:
      Decl = (V && V->IsConst ? "const " : "") + Type + " *" + A.Name;
      Arg = "looptile::rt::HostArg::" + A.AccessMode + "(" + A.Name + ")";
      break;
    }
    Decls += (Decls.empty() ? "" : ", ") + Decl;
    Call += (I ? ",\n         " : "") + Arg;
  }
  Out += Decls + ") {\n  static looptile::rt::Session " + Session + "(" +
         ManifestVar + ", " + ProgramVar + ");\n";
  if (Returned)
    Out += "  " + std::string(elemTypeName(Returned->Type)) + " " +
           Returned->Name + ";\n";
  Out += "  " + Session + ".run({" + Call + "});\n";
  if (Returned)
    Out += "  return " + Returned->Name + ";\n";
  return Out + "}\n";
}

// A bound of a host loop as one formula: max(...) of Lower, min(...) of
// Upper.
std::string boundFormula(const std::vector<IndexExpr> &Es, const char *Fn) {
  std::string F = Es.front().str();
  for (size_t I = 1; I < Es.size(); ++I)
    F = std::string(Fn) + "(" + F + ", " + Es[I].str() + ")";
  return F;
}

// The manifest's host_program (docs/manifest.md, "host_program").
std::string hostProgramJSON(const std::vector<HostNode> &Body,
                            const std::vector<KernelLaunch> &Launches,
                            const char *IndexType, const std::string &Indent) {
  std::string J = "[";
  for (size_t I = 0; I < Body.size(); ++I) {
    const HostNode &N = Body[I];
    J += std::string(I ? ",\n" : "\n") + Indent + "  ";
    if (N.K == HostNode::Launch) {
      J += "{\"launch\": " + jsonString(Launches[N.Kernel].Name) + "}";
      continue;
    }
    J += "{\"loop\": " + jsonString(N.L.Var) + ", \"kernel_type\": \"" +
         IndexType +
         "\", \"from\": " + jsonString(boundFormula(N.L.Lower, "max")) +
         ", \"to\": " + jsonString(boundFormula(N.L.Upper, "min")) +
         ", \"step\": " + std::to_string(N.L.Step) + ",\n" + Indent +
         "   \"body\": " +
         hostProgramJSON(N.Body, Launches, IndexType, Indent + "  ") + "}";
  }
  return J + (Body.empty() ? "" : "\n" + Indent) + "]";
}

// The --print-mapping lines of the host program.
std::string hostProgramMapping(const std::vector<HostNode> &Body,
                               const std::vector<KernelLaunch> &Launches,
                               const std::string &File,
                               const std::string &Indent) {
  std::string R;
  for (const HostNode &N : Body) {
    if (N.K == HostNode::Launch) {
      R += Indent + "launch kernel " + Launches[N.Kernel].Name + "\n";
      continue;
    }
    auto Range = [](const std::vector<IndexExpr> &Es, const char *Fn) {
      std::string S;
      for (const IndexExpr &E : Es)
        S += (S.empty() ? "" : ", ") + E.str();
      return Es.size() == 1 ? S : std::string(Fn) + "(" + S + ")";
    };
    R += Indent + "loop " + N.L.Var + " in [" + Range(N.L.Lower, "max") + ", " +
         Range(N.L.Upper, "min") + "] step " + std::to_string(N.L.Step) +
         " -> on the host, one iteration after " + "the other  // " + File +
         ":" + std::to_string(N.L.Loc.Line) + "\n";
    R += Indent + "  (" + N.L.Reason + ")\n";
    R += hostProgramMapping(N.Body, Launches, File, Indent + "  ");
  }
  return R;
}

// The manifest's source.compile object (docs/manifest.md).
std::string compileJSON(const CompileFlags &C) {
  return "{\"directory\": " + jsonString(C.Directory) +
         ", \"flags\": " + formulaList(C.Flags) +
         ", \"std\": " + jsonString(C.Standard) + "}";
}

// The function as each kernel sees it (KernelFns[I] for nest I) and the
// temporaries that become device buffers (pointers into F.Locals and
// ScalarTemporaries): the one view generateOpenCL and previewKernel plan.
// F is the function after withNames.
bool kernelFunctions(const Function &F, const OpenCLOptions &Opts,
                     std::vector<Function> &KernelFns,
                     std::vector<const Variable *> &Temporaries,
                     std::vector<Variable> &ScalarTemporaries,
                     std::vector<Diagnostic> &Diags) {
  // A local array declared at function scope is one array shared by every
  // iteration and every nest, as in C: it becomes a device buffer (a
  // manifest temporary) that the kernels take like an array parameter,
  // whether its size is variable (the arrays expansion creates, `float
  // A_x[N][M]`) or constant (`float t[64]`). The parallel loops were found
  // with its dependences, so sharing it is sound. Only an array whose whole
  // live range is inside one work-item may stay a private array of the
  // kernel: one used by a single nest run in one work-item
  // (--single-work-item), or one declared inside a loop (a fresh array in
  // every iteration of that loop, which needs a constant size). K is the
  // function as the kernels see it.
  Function K = F;
  std::vector<std::string> NotMemory = F.nonMemoryNames();
  for (const Variable &V : F.Locals) {
    if (V.VarKind != Variable::LocalArray)
      continue;
    bool Constant = std::all_of(
        V.Extents.begin(), V.Extents.end(),
        [](const std::optional<IndexExpr> &E) { return E && E->isConstant(); });
    bool Known = std::all_of(
        V.Extents.begin(), V.Extents.end(),
        [](const std::optional<IndexExpr> &E) { return E.has_value(); });
    if (!V.DeclaredIn.empty() && Constant)
      continue;
    if (!V.DeclaredIn.empty() || !Known) {
      std::string Where = Known
                              ? "is declared inside loop '" + V.DeclaredIn + "'"
                              : "has an undeclared extent";
      Diags.push_back({Diagnostic::Error, V.Loc,
                       "local array '" + V.Name +
                           "' has a size that is not a constant and " + Where +
                           "; a work-item's private array needs a constant "
                           "size"});
      return false;
    }
    unsigned Users = 0;
    for (const Node &N : F.Body)
      Users += mentionsVariable(N, V.Name, NotMemory);
    if (Users == 0 || (Users == 1 && Constant && Opts.SingleWorkItem))
      continue;
    Temporaries.push_back(&V);
  }
  for (const Variable *V : Temporaries) {
    K.Locals.erase(
        std::find_if(K.Locals.begin(), K.Locals.end(),
                     [&](const Variable &X) { return X.Name == V->Name; }));
    Variable P = *V;
    P.VarKind = Variable::ArrayParam;
    K.Params.push_back(P);
  }
  // A function-scope scalar is one variable too: where its value flows
  // between kernels (a nest reads a value that may come from before the
  // nest, or leaves a value that a later nest may read), it is a
  // one-element temporary `s[0]` in that nest's kernel. Elsewhere each
  // work-item keeps a private copy (the nest writes it before every read and
  // nothing after reads what it leaves). The dependence analysis decided
  // parallelism with the same view: a scalar is privatized in a loop only
  // when its value is not live after that loop, so a parallel loop never
  // leaves a value that a later kernel reads unless at most one iteration
  // writes it (no output dependence), which then is the last write of C.
  // KernelFns[I] is the function as kernel I sees it.
  KernelFns.assign(F.Body.size(), K);
  for (const Variable &V : F.Locals) {
    if (V.VarKind != Variable::LocalScalar || !V.DeclaredIn.empty())
      continue;
    bool Shared = false;
    for (unsigned I = 0; I < F.Body.size(); ++I) {
      const Node &N = F.Body[I];
      if (!mentionsVariable(N, V.Name, NotMemory))
        continue;
      const Loop &L = N.loop();
      bool FlowsIn = readsVariable(N, V.Name, NotMemory) &&
                     !isWrittenBeforeRead(F, L, V.Name);
      bool FlowsOut =
          writesVariable(N, V.Name, NotMemory) && isLiveAfter(F, L, V.Name);
      if (!FlowsIn && !FlowsOut)
        continue;
      Shared = true;
      Function &KI = KernelFns[I];
      KI.Locals.erase(
          std::find_if(KI.Locals.begin(), KI.Locals.end(),
                       [&](const Variable &X) { return X.Name == V.Name; }));
      Variable P = V;
      P.VarKind = Variable::ArrayParam;
      P.Extents = {IndexExpr::constant(1)};
      KI.Params.push_back(P);
      scalarToElement(KI.Body, V.Name, V.Name, {IndexExpr::constant(0)});
    }
    if (Shared) {
      ScalarTemporaries.push_back(V);
      ScalarTemporaries.back().Extents = {IndexExpr::constant(1)};
    }
  }
  for (const Variable &V : ScalarTemporaries)
    Temporaries.push_back(&V);

  return true;
}

// The host program of View (kernelView's function) and the function as
// each of its kernels sees it: kernelFunctions on the kernels' nests in
// launch order (HP.Kernels, which Temporaries then point into), each
// kernel taking the host loop variables around its launch and no others.
// generateOpenCL and previewKernel both plan this (the preview with
// Refusals: planHostProgram's refusal of one nest is that nest's, not the
// others').
bool hostKernelFunctions(const Function &View, const OpenCLOptions &Opts,
                         HostProgram &HP, std::vector<Function> &KernelFns,
                         std::vector<const Variable *> &Temporaries,
                         std::vector<Variable> &ScalarTemporaries,
                         std::vector<Diagnostic> &Diags,
                         std::vector<std::string> *Refusals = nullptr) {
  if (!planHostProgram(View, Opts, HP, Diags, Refusals) ||
      !kernelFunctions(HP.Kernels, Opts, KernelFns, Temporaries,
                       ScalarTemporaries, Diags))
    return false;
  for (unsigned I = 0; I < KernelFns.size(); ++I) {
    const std::vector<std::string> &Hosts = HP.Enclosing[I];
    std::vector<Variable> &Ps = KernelFns[I].Params;
    Ps.erase(std::remove_if(Ps.begin(), Ps.end(),
                            [&](const Variable &V) {
                              return !View.lookup(V.Name) &&
                                     std::find(Hosts.begin(), Hosts.end(),
                                               V.Name) == Hosts.end();
                            }),
             Ps.end());
  }
  return true;
}

// Appends the kernels that N launches, in launch order.
void launchedKernels(const HostNode &N, std::vector<unsigned> &Out) {
  if (N.K == HostNode::Launch) {
    Out.push_back(N.Kernel);
    return;
  }
  for (const HostNode &C : N.Body)
    launchedKernels(C, Out);
}

} // namespace

bool looptile::generateOpenCL(const Function &Original,
                              const std::string &ProgramFile,
                              const OpenCLSource &Source,
                              const OpenCLOptions &Opts, OpenCLOutput &Out,
                              std::vector<Diagnostic> &Diags) {
  const std::string &SourceFile = Source.Path;
  // The host glue defines the function itself, in C++.
  if (isCXXKeyword(Original.Name) ||
      isReservedName(Original.Name, NameTarget::C) ||
      Original.Name == "looptile") {
    Diags.push_back({Diagnostic::Error, Original.Loc,
                     "function '" + Original.Name +
                         "' cannot be replaced by the C++ host glue: its "
                         "name is reserved in C++ or by the glue; rename the "
                         "function"});
    return false;
  }
  // Every identifier as the kernels, the manifest and the glue see it: a
  // parameter, local or loop variable whose name OpenCL C reserves (`length`,
  // `min`, `half`) gets a new one; the function keeps its name.
  NameTable Names(Original, NameTarget::OpenCL);
  std::string Result;
  const Function Whole = kernelView(Original, Names, Result);
  std::vector<ArgumentInfo> Args;
  if (std::optional<std::string> Err = describeArguments(Whole, Args)) {
    Diags.push_back({Diagnostic::Error, Whole.Loc, *Err});
    return false;
  }
  for (ArgumentInfo &A : Args) {
    if (A.ArgKind == ArgumentInfo::Size)
      A.KernelType = indexTypeName(Whole);
    A.Returned = A.Name == Result;
  }
  // The host program: sequential loops that run on the host, and the nests
  // they launch. F is the function as the kernels see it (its Body the
  // kernels' nests, the host loop variables size parameters); Whole stays
  // the function the caller calls (arguments, size checks, counts).
  HostProgram HP;
  std::vector<Function> KernelFns;
  std::vector<const Variable *> Temporaries;
  std::vector<Variable> ScalarTemporaries;
  if (!hostKernelFunctions(Whole, Opts, HP, KernelFns, Temporaries,
                           ScalarTemporaries, Diags))
    return false;
  const Function &F = HP.Kernels;

  std::vector<KernelPlan> Plans;
  std::vector<KernelLaunch> Launches;
  std::string Kernels;
  // The kernels are named after the function (`mmm`, `mmm_k0`, ...), unless
  // OpenCL reserves that name (a function `dot`); the names are taken before
  // any kernel invents its own.
  std::vector<std::string> KernelNames;
  for (unsigned I = 0; I < F.Body.size(); ++I) {
    if (F.Body.size() == 1 && !isReservedName(F.Name, NameTarget::OpenCL))
      KernelNames.push_back(F.Name);
    else
      KernelNames.push_back(Names.fresh(
          F.Name + (F.Body.size() > 1 ? "_k" + std::to_string(I) : "")));
  }
  for (unsigned I = 0; I < F.Body.size(); ++I) {
    KernelPlan Plan;
    if (!planKernel(KernelFns[I], I, KernelNames[I], Names, Opts, Plan, Diags))
      return false;
    Plan.Suffix = F.Body.size() > 1 ? "_k" + std::to_string(I) : "";
    KernelLaunch Launch;
    Kernels += emitKernel(KernelFns[I], Plan, Opts, Launch) + "\n";
    Plans.push_back(std::move(Plan));
    Launches.push_back(std::move(Launch));
  }

  // Every kernel's own tunables (KernelPlan::tunable), in kernel order,
  // with the kernel that owns each.
  std::vector<Tunable> Tunables;
  std::vector<std::string> Owners;
  for (const KernelLaunch &L : Launches)
    for (const Tunable &T : L.Tunables) {
      Tunables.push_back(T);
      Owners.push_back(L.Name);
    }
  // A tunable is a macro of the whole file: it would replace an identifier
  // of the same name, so its name must be one the name table reserves.
  for (const Tunable &T : Tunables)
    if (!isReservedName(T.Name, NameTarget::OpenCL)) {
      Diags.push_back({Diagnostic::Error, F.Loc,
                       "internal error: tunable '" + T.Name +
                           "' is not a reserved name (add it to "
                           "lib/Support/NameTable.cpp)"});
      return false;
    }

  // Double buffers, locals, and double arithmetic of a float program (a
  // double constant, a cast to double) all need the extension.
  bool UsesDouble = usesDouble(F.Body);
  for (const ArgumentInfo &A : Args)
    UsesDouble |= A.Type == ElemType::Double;
  for (const Variable &V : F.Locals)
    UsesDouble |= V.Type == ElemType::Double;
  std::string Preamble = "// Generated by looptile from " + SourceFile +
                         ", function " + F.Name + ".\n";
  if (UsesDouble)
    Preamble += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  // C rounds a * b + c twice; OpenCL C may contract it into one fused
  // multiply-add unless told not to (its FP_CONTRACT defaults to ON).
  Preamble += Opts.FastContract ? "#pragma OPENCL FP_CONTRACT ON\n"
                                : "#pragma OPENCL FP_CONTRACT OFF\n";
  for (const Tunable &T : Tunables)
    Preamble += "#ifndef " + T.Name + "\n#define " + T.Name + " " +
                std::to_string(T.Default) + "\n#endif\n";
  Preamble += "#define MIN(a, b) min(a, b)\n#define MAX(a, b) max(a, b)\n\n";
  Out.KernelSource = Preamble + Kernels;

  // Manifest.
  FloatingPoint FP;
  scanFloatingPoint(F.Body, FP);
  IndexExpr Flops, Bytes;
  std::vector<const Loop *> Outer;
  countFlops(Whole.Body, Outer, IndexExpr::constant(1), Flops);
  for (const ArgumentInfo &A : Args) {
    if (A.ArgKind != ArgumentInfo::Buffer)
      continue;
    IndexExpr Elems = IndexExpr::constant(1);
    for (const IndexExpr &E : A.Shape)
      Elems = Elems * E;
    int64_t Size = elemTypeBytes(A.Type);
    Bytes = Bytes + Elems.scaled(Size * (int64_t(A.Reads) + A.Writes));
  }
  IndexExpr Reduction = IndexExpr::constant(1);
  for (size_t I = 0; I < Plans.size(); ++I) {
    const KernelPlan &P = Plans[I];
    std::vector<const Loop *> O;
    IndexExpr L = sequentialLength(P.Body, O);
    // Loops below the band may depend on the mapped loops (triangular),
    // and on the host loops around the launch (a size of the manifest only).
    for (size_t B = P.Band.size(); B-- > 0;)
      L = atLargest(L, P.Band[B].Var, P.Band[B].Lower, P.Band[B].Upper);
    const std::vector<HostLoop> &Hosts = HP.EnclosingLoops[I];
    for (size_t H = Hosts.size(); H-- > 0;)
      L = atLargest(L, Hosts[H].Var, Hosts[H].Lower, Hosts[H].Upper);
    if (Reduction.isConstant() && Reduction.constantPart() == 1)
      Reduction = L;
  }
  std::string M =
      "{\n  \"looptile_manifest\": 2,\n  \"source\": {\"file\": " +
      jsonString(SourceFile) + ", \"function\": " + jsonString(F.Name) +
      ",\n             \"compile\": " + compileJSON(Source.Compile) +
      "},\n  \"program\": " + jsonString(ProgramFile) + ",\n  \"arguments\": [";
  for (size_t I = 0; I < Args.size(); ++I)
    M += std::string(I ? ",\n    " : "\n    ") + argumentJSON(Args[I]);
  M += "\n  ],\n  \"temporaries\": [";
  for (size_t I = 0; I < Temporaries.size(); ++I) {
    const Variable &V = *Temporaries[I];
    std::vector<std::string> Shape;
    for (const std::optional<IndexExpr> &E : V.Extents)
      Shape.push_back(E->isConstant() ? E->str() : "max(" + E->str() + ", 1)");
    M += std::string(I ? ",\n    " : "\n    ") +
         "{\"name\": " + jsonString(V.Name) + ", \"type\": \"" +
         elemTypeName(V.Type) + "\", \"shape\": " + formulaList(Shape) + "}";
  }
  M += std::string(Temporaries.empty() ? "" : "\n  ") +
       "],\n  \"size_checks\": [";
  std::vector<SizeCheck> Checks;
  sizeChecks(Whole, Args, Checks, Diags);
  for (size_t I = 0; I < Checks.size(); ++I)
    M += std::string(I ? ",\n    " : "\n    ") +
         "{\"invalid_when\": " + jsonString(Checks[I].InvalidWhen) +
         ", \"reason\": " + jsonString(Checks[I].Reason) + "}";
  M += std::string(Checks.empty() ? "" : "\n  ") + "],\n  \"tunables\": [";
  for (size_t I = 0; I < Tunables.size(); ++I) {
    const Tunable &T = Tunables[I];
    M += std::string(I ? ",\n    " : "\n    ") +
         "{\"name\": " + jsonString(T.Name) +
         ", \"default\": " + std::to_string(T.Default) +
         ", \"min\": " + std::to_string(T.Min) +
         ", \"max\": " + std::to_string(T.Max) +
         (T.MultipleOf.empty()
              ? std::string()
              : ", \"multiple_of\": " + jsonString(T.MultipleOf));
    if (!T.Values.empty()) {
      M += ", \"values\": [";
      for (size_t V = 0; V < T.Values.size(); ++V)
        M += (V ? ", " : "") + std::to_string(T.Values[V]);
      M += "]";
    }
    M += ", \"constraint\": " + jsonString(T.Constraint) +
         ", \"kernel\": " + jsonString(Owners[I]) + "}";
  }
  M += "\n  ],\n  \"presets\": [";
  // The presets of the first kernel that has any (the runtime ranks them by
  // the work-groups of the kernel whose tunables they set).
  for (const KernelLaunch &L : Launches) {
    if (L.Presets.empty())
      continue;
    for (size_t P = 0; P < L.Presets.size(); ++P) {
      M += std::string(P ? ",\n    " : "\n    ") +
           "{\"name\": " + jsonString(L.Presets[P].Name) + ", \"set\": {";
      for (size_t V = 0; V < L.Presets[P].Values.size(); ++V)
        M += (V ? ", " : "") + jsonString(L.Presets[P].Values[V].first) + ": " +
             std::to_string(L.Presets[P].Values[V].second);
      M += "}}";
    }
    break;
  }
  M += "\n  ],\n  \"kernels\": [";
  for (size_t I = 0; I < Launches.size(); ++I) {
    const KernelLaunch &L = Launches[I];
    M += std::string(I ? ",\n    " : "\n    ") +
         "{\"name\": " + jsonString(L.Name) +
         ", \"kind\": " + jsonString(kindName(Plans[I].K)) +
         ", \"args\": " + formulaList(L.Args) +
         ", \"global\": " + formulaList(L.Global) +
         ", \"local\": " + formulaList(L.Local) +
         (L.LocalBytes.empty()
              ? std::string()
              : ", \"local_memory_bytes\": " + jsonString(L.LocalBytes)) +
         "}";
  }
  M += "\n  ],\n  \"host_program\": " +
       hostProgramJSON(HP.Body, Launches, indexTypeName(Whole), "  ");
  M += ",\n  \"reduction_length\": " + jsonString(Reduction.str()) +
       ",\n  \"flops\": " + jsonString(Flops.str()) +
       ",\n  \"bytes\": " + jsonString(Bytes.str()) +
       ",\n  \"floating_point\": " + floatingPointJSON(FP, Opts) + "\n}\n";
  Out.Manifest = M;
  Out.HostGlue =
      hostGlue(Whole, Args, SourceFile, Out.Manifest, Out.KernelSource, Names);

  // --print-mapping. Each loop line ends in its location, so nests with
  // the same loop names tell apart.
  auto At = [&](SourceLoc L) {
    return "  // " + Source.Spelling + ":" + std::to_string(L.Line);
  };
  std::string R;
  for (auto &[Old, New] : Names.renamed())
    R += "note: '" + Old + "' is named '" + New +
         "' in the kernels, the manifest and the host glue ('" + Old +
         "' is reserved in OpenCL C or by looptile)\n";
  // The host program, where some loop runs on the host.
  if (HP.hasHostLoops()) {
    R += "host program of " + F.Name +
         ": arrays stay on the device from the first launch to the last\n";
    std::string Up, Down;
    for (const ArgumentInfo &A : Args) {
      if (A.ArgKind != ArgumentInfo::Buffer)
        continue;
      if (A.AccessMode != "out")
        Up += (Up.empty() ? "" : ", ") + A.Name;
      if (A.AccessMode != "in")
        Down += (Down.empty() ? "" : ", ") + A.Name;
    }
    R += "  upload once: " + (Up.empty() ? "nothing" : Up) + "\n";
    R += hostProgramMapping(HP.Body, Launches, Source.Spelling, "  ");
    R += "  download once: " + (Down.empty() ? "nothing" : Down) + "\n";
  }
  for (size_t I = 0; I < Plans.size(); ++I) {
    const KernelPlan &P = Plans[I];
    const KernelLaunch &L = Launches[I];
    R += "kernel " + P.Name + ": " + kindName(P.K) + ", nest at " +
         Source.Spelling + ":" + std::to_string(P.Loc.Line) + "\n";
    for (const MappedLoop &ML : P.Band) {
      std::string D = std::to_string(ML.Dim);
      bool Batch = ML.Dim == 2 && P.K != KernelPlan::Naive &&
                   P.K != KernelPlan::SingleWorkItem;
      R += "  loop " + ML.Var + " -> dimension " + D + " (group id " + D +
           (Batch ? ": a batch, one index per work-group)"
                  : ", local id " + D + ")") +
           At(ML.Loc) + "\n";
    }
    if (P.K == KernelPlan::Block || P.K == KernelPlan::Register) {
      R += "  loop " + P.reductionLoop().Var +
           " -> sequential in each work-item, in steps of " +
           P.tunable(P.K == KernelPlan::Block ? "TS" : "TSK") +
           At(P.reductionLoop().Loc) + "\n";
      for (const StagedAccess &S : P.Staged)
        R += "  staged in local memory: " +
             Expr::arrayRef(S.Array, S.Type, S.Subscripts).str() + " -> " +
             S.TileName +
             (P.K == KernelPlan::Register && S.VectorFetch
                  ? " (interior tiles: vector loads of 4 where the sizes "
                    "align them)"
                  : "") +
             "\n";
    }
    if (P.K == KernelPlan::Transpose)
      R += "  staged in local memory: " +
           Expr::arrayRef(P.TransposeRead.Array, P.TransposeRead.Type,
                          P.TransposeRead.Subscripts)
               .str() +
           " -> " + P.TransposeRead.TileName + "[" + P.tunable("TS") + "][" +
           P.tunable("TS") + " + 1]\n";
    std::string WG;
    for (size_t D = 0; D < L.Local.size(); ++D)
      WG += (D ? " x " : "") + L.Local[D];
    std::map<std::string, int64_t> Defaults;
    for (const Tunable &T : L.Tunables)
      Defaults[T.Name] = T.Default;
    R += "  work-group: " + WG;
    if (!L.Tunables.empty()) {
      R += " (";
      for (size_t T = 0; T < L.Tunables.size(); ++T)
        R += (T ? ", " : "") + L.Tunables[T].Name + " = " +
             std::to_string(L.Tunables[T].Default);
      R += ")";
    }
    R += "\n  local memory per work-group: " +
         (L.LocalBytes.empty()
              ? std::string("0 bytes")
              : L.LocalBytes + " = " + std::to_string(L.LocalBytesDefault) +
                    " bytes") +
         "\n";
    R += "  outputs per work-item: " + L.OutputsPerItem + "\n";
    for (const std::string &Rem : P.Remarks)
      R += "  note: " + Rem + "\n";
  }
  Out.Mapping = R;
  return true;
}

KernelPreview looptile::previewKernel(const Function &Original,
                                      unsigned NestIndex,
                                      const OpenCLOptions &Opts) {
  KernelPreview Out;
  std::vector<Diagnostic> Diags;
  NameTable Names(Original, NameTarget::OpenCL);
  std::string Result;
  const Function Whole = kernelView(Original, Names, Result);
  HostProgram HP;
  std::vector<Function> KernelFns;
  std::vector<const Variable *> Temporaries;
  std::vector<Variable> ScalarTemporaries;
  auto Why = [&] {
    Out.Why = "no kernel";
    for (const Diagnostic &D : Diags)
      if (D.Level == Diagnostic::Error) {
        Out.Why = D.Message;
        break;
      }
    return Out;
  };
  std::vector<std::string> Refusals;
  if (!hostKernelFunctions(Whole, Opts, HP, KernelFns, Temporaries,
                           ScalarTemporaries, Diags, &Refusals))
    return Why();
  unsigned Nest = viewIndex(Original, NestIndex);
  if (!Refusals[Nest].empty()) {
    Out.Why = Refusals[Nest];
    return Out;
  }
  // The kernels that the nest launches, as generateOpenCL plans them: one,
  // or those of the host loops that the nest became. A nest is as good as
  // its weakest kernel (no kernel, then fewest NDRange dimensions, then
  // most host loops around its launch, then most strided accesses).
  std::vector<unsigned> Launched;
  launchedKernels(HP.Body[Nest], Launched);
  bool First = true;
  unsigned Sequential = 0;
  std::function<unsigned(const std::vector<Node> &)> Depth =
      [&](const std::vector<Node> &Body) {
        unsigned D = 0;
        for (const Node &N : Body)
          if (N.isLoop())
            D = std::max(D, 1 + Depth(N.loop().Body));
        return D;
      };
  for (unsigned K : Launched) {
    KernelPlan Plan;
    if (!planKernel(KernelFns[K], K, Whole.Name, Names, Opts, Plan, Diags))
      return Why();
    KernelPreview P;
    summarizePlan(KernelFns[K], Plan, P);
    P.HostLoops = unsigned(HP.EnclosingLoops[K].size());
    unsigned Loops = Depth({KernelFns[K].Body[K]}) + P.HostLoops;
    Sequential = std::max(Sequential, Loops > P.Dims ? Loops - P.Dims : 0u);
    if (First ||
        std::make_tuple(P.Dims, -int(P.HostLoops), -int(P.Strided)) <
            std::make_tuple(Out.Dims, -int(Out.HostLoops), -int(Out.Strided)))
      Out = P;
    First = false;
  }
  Out.Sequential = Sequential;
  return Out;
}
