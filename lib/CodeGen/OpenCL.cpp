//===- OpenCL.cpp - OpenCL kernels, host glue and manifest ----------------===//
//
// Drives the OpenCL back end for one function: one kernel per nest (launched
// in source order), the manifest (docs/manifest.md) and the host glue.
//
//===----------------------------------------------------------------------===//
#include "looptile/IR/Walk.h"
#include "looptile/CodeGen/OpenCL.h"

#include "looptile/Mapping/HostProgram.h"
#include "KernelEmitter.h"
#include "looptile/Mapping/KernelPlan.h"
#include "OpenCLExpr.h"
#include "looptile/Analysis/Footprint.h"
#include "looptile/Analysis/ScalarClassification.h"
#include "looptile/Mapping/Signature.h"
#include "looptile/Support/NameTable.h"
#include "looptile/Support/Statistic.h"
#include "looptile/Transforms/LoopUtils.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace looptile;

LOOPTILE_STATISTIC(Generated, "codegen", "functions generated as OpenCL");

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
// (exact operations and classifications, and sqrt and fma, which both
// standards round correctly; float sqrt with
// -cl-fp32-correctly-rounded-divide-sqrt).
bool correctlyRounded(const std::string &CName) {
  static const std::set<std::string> Names = {
      "sqrt",  "sqrtf", "fabs",   "fabsf", "fmin",  "fminf", "fmax",
      "fmaxf", "floor", "floorf", "ceil",  "ceilf", "fma",   "fmaf",
      "isnan", "isinf", "isfinite", "isnormal"};
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
  forEachStmt(Body, [&](const Stmt &S) {
    scanFloatingPoint(S.RHS, FP);
    if (S.Op == AssignOp::DivAssign && S.LHS.Type == ElemType::Float)
      FP.FloatDivideSqrt = true;
  });
}

// The manifest's "floating_point" object. The comparison is "exact" when
// the kernels round every operation as the C does: no contraction into
// fused multiply-adds (#pragma OPENCL FP_CONTRACT OFF, the reference built
// with -ffp-contract=off), only correctly rounded operations, and the C's
// order of operations for every result, which every kernel looptile
// generates keeps (the transformations and the mapping preserve every
// dependence, so the updates of each element, reductions included, run in
// the original order; tiled reductions sum their tiles in that order too).
manifest::FloatingPoint floatingPointEntry(const FloatingPoint &FP,
                                           const MappingOptions &Opts,
                                           bool Reorders) {
  manifest::FloatingPoint J;
  if (Opts.FastContract)
    J.Reason = "built with --fp-contract=fast: the OpenCL compiler may fuse "
               "a * b + c into one rounding where the C rounds twice";
  else if (!FP.Inexact.empty()) {
    std::string Names;
    for (const std::string &N : FP.Inexact)
      Names += (Names.empty() ? "" : ", ") + N;
    J.Reason = "the kernels call " + Names +
               ", which OpenCL computes within a few ulp, not as the C "
               "library does";
  }
  if (Reorders)
    J.Reason = "reordered reduction: a work-group tree reduction adds or "
               "multiplies the terms in another order than the C (docs/"
               "runtime.md, \"Validation\")" +
               (J.Reason.empty() ? "" : "; " + J.Reason);
  J.Contract = Opts.FastContract ? "fast" : "off";
  J.Comparison = J.Reason.empty() ? "exact" : "tolerance";
  J.FloatDivideSqrt = FP.FloatDivideSqrt;
  J.Reordered = Reorders;
  return J;
}

/// A top-level host node's kernel of one work-group (docs/kernels.md, "Host
/// loops in one work-group"): its name and the manifest's max_items, or
/// why it has none (empty both: not a host loop).
struct WorkGroupLoop {
  std::string Kernel, MaxItems, WhyNot;
};

/// One entry of the manifest's size_checks.
struct SizeCheck {
  std::string InvalidWhen, Reason;
};

// The sizes for which C's arithmetic computing a derived size leaves its
// type (signed overflow, or an unsigned value that wraps): the formulas
// compute exactly, so those calls are refused. Each sum, difference and
// product of the definition is checked in its C type (a division or
// remainder stays within its operands).
void derivedSizeChecks(const Variable &V, std::vector<SizeCheck> &Out) {
  const Expr &Def = *V.Definition;
  const Expr &Value = Def.K == Expr::Select ? Def.Operands[1] : Def;
  std::optional<std::string> When =
      Def.K == Expr::Select ? formulaOf(Def.Operands[0]) : std::nullopt;
  std::function<void(const Expr &)> Walk = [&](const Expr &E) {
    for (const Expr &Op : E.Operands)
      Walk(Op);
    if (E.K != Expr::Binary && E.K != Expr::Unary)
      return;
    if (E.K == Expr::Binary && E.Op != '+' && E.Op != '-' && E.Op != '*')
      return;
    unsigned Bytes = elemTypeBytes(E.Type);
    bool Signed = E.Type == ElemType::Int || E.Type == ElemType::Long ||
                  E.Type == ElemType::LongLong || E.Type == ElemType::Short ||
                  E.Type == ElemType::SChar || E.Type == ElemType::Char;
    if (Bytes >= 8)
      return; // the formulas' own 64-bit arithmetic refuses an overflow
    int64_t Max = Signed ? (int64_t(1) << (8 * Bytes - 1)) - 1
                         : (int64_t(1) << (8 * Bytes)) - 1;
    int64_t Min = Signed ? -Max - 1 : 0;
    std::optional<std::string> F = formulaOf(E);
    if (!F)
      return;
    std::string Bad = *F + " > " + std::to_string(Max) + " || " + *F + " < " +
                      (Min < 0 ? "(0 - " + std::to_string(-Min) + ")"
                               : std::to_string(Min));
    Out.push_back({When ? *When + " && (" + Bad + ")" : Bad,
                   "computing the size '" + V.Name + " = " + Value.str() +
                       "' (line " + std::to_string(V.Loc.Line) + "), '" +
                       E.str() + "' would leave its type '" +
                       elemTypeName(E.Type) + "'"});
  };
  Walk(Value);
}

// The sizes for which an access of F leaves the extents of an array (a
// buffer argument, whose declared extents the runtime allocates, or a
// local array, which the C function itself would overrun): the runtime and
// the host glue refuse them (docs/manifest.md, "size_checks").
//
// An access outside its array for every value of the sizes makes an output
// that no call can run: an error, and false (nothing is generated).
bool sizeChecks(const Function &F, const std::vector<ArgumentInfo> &Args,
                std::vector<SizeCheck> &Out, std::vector<Diagnostic> &Diags) {
  bool Runnable = true;
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
    if (B.FewValid)
      Diags.push_back(
          {Diagnostic::Warning, B.Culprit ? B.Culprit->Loc : V.Loc,
           "the size check for " + What + " refuses every call but finitely "
           "many small sizes (invalid when " + B.Formula + "): " + Reason +
               (B.Culprit ? "; where a condition keeps this access inside "
                            "the array, looptile cannot read that condition "
                            "exactly (write it in the loop variables' own "
                            "signed types)"
                          : "")});
    if (B.Always) {
      Diags.push_back(
          {Diagnostic::Error, B.Culprit ? B.Culprit->Loc : V.Loc,
           (B.Culprit ? "'" + B.Culprit->str() + "' accesses " + What +
                            " outside its extents " + Box
                      : "an extent of " + What + " is negative") +
               " for every value of the sizes: no call of the generated "
               "code could run"});
      Runnable = false;
    }
    Out.push_back({B.Formula, Reason});
  };
  for (const ArgumentInfo &A : Args) {
    const Variable *V = F.lookup(A.Name);
    // A pointer whose extent is a piecewise formula (max(N, 1) for B[i],
    // i < N, and B[0]) gets that many elements from the runtime and the
    // glue: the formula is the largest flat index its accesses reach, plus
    // one, so no access leaves it. Its Shape is only a polynomial bound of
    // the formula for the manifest's arithmetic (N there), which a check of
    // the accesses against it would take for the extent and refuse valid
    // calls (N = 0).
    if (A.ArgKind == ArgumentInfo::Buffer && V && A.ExtentFormula.empty())
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
  // A loop bound with a product of sizes (`i < w * h`) is computed in the
  // loop variable's type, in C and in the kernels, and its value need not
  // index any array: where the product leaves that type (signed overflow
  // in C, a wrapped bound), the call is refused.
  std::set<std::string> Seen;
  forEachLoop(F.Body, [&](const Loop &L) {
    if (L.VarType.Bits >= 64)
      return;
    int64_t Max = L.VarType.Signed ? (int64_t(1) << (L.VarType.Bits - 1)) - 1
                                   : (int64_t(1) << L.VarType.Bits) - 1;
    auto Guard = [&](const IndexExpr &E) {
      std::string Text = E.str();
      std::string Invalid = Text + " >= " + std::to_string(Max + 1);
      // One check per bound and type's limit (an unsigned loop's does not
      // stand for an int loop's).
      if (!Seen.insert(Invalid).second)
        return;
      Out.push_back({Invalid,
                     "the loop bound '" + Text + "' of loop '" + L.Var +
                         "' (line " + std::to_string(L.Loc.Line) +
                         ") would exceed " + std::to_string(Max) +
                         ", the largest value of its type '" +
                         L.VarType.Spelling + "'"});
    };
    for (const std::vector<IndexExpr> *Bounds : {&L.Lower, &L.Upper})
      for (const IndexExpr &E : *Bounds) {
        if (E.isAffine())
          continue;
        for (const Term &T : E.terms())
          if (T.Symbols.size() > 1)
            Guard(IndexExpr::term(T.Coeff < 0 ? -T.Coeff : T.Coeff,
                                  T.Symbols));
        // The sum, where it can be larger than its one product (`w*h - 1`,
        // the bound of `i < w*h`, is not).
        size_t Varying = 0;
        for (const Term &T : E.terms())
          Varying += !T.Symbols.empty();
        if (Varying > 1 || E.constantPart() > 0)
          Guard(E);
      }
  });
  return Runnable;
}

// A C++ raw string literal of S.
// A path as it may stand in a `//` comment of generated code: a line
// terminator would end the comment and make the rest of the name code, and
// a backslash before one would continue it. Control characters, bytes
// outside ASCII and backslashes are written as escapes (`\n`, `\x0b`,
// `\\`), so the comment names the file unambiguously and stays one line.
std::string commentSafe(const std::string &Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (C == '\\')
      Out += "\\\\";
    else if (C == '\n')
      Out += "\\n";
    else if (C < 0x20 || C >= 0x7f) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\x%02x", C);
      Out += Buf;
    } else
      Out += char(C);
  }
  return Out;
}

std::string rawString(const std::string &S) {
  std::string Delim = "looptile";
  while (S.find(")" + Delim + "\"") != std::string::npos)
    Delim += "_";
  return "R\"" + Delim + "(" + S + ")" + Delim + "\"";
}

} // namespace

/// What the host glue of one function needs (OpenCLOutput::Glue).
struct looptile::GlueInput {
  Function F; ///< the function as the caller calls it (kernelView's)
  std::vector<ArgumentInfo> Args;
  NameTable Names; ///< its identifiers (the glue's invented ones come from it)
  std::string Manifest;
};

namespace {

/// One function's part of the host glue: the C declarations for the
/// header comment, its embedded manifest, and its extern "C" functions.
struct GlueSection {
  std::string Function, Declarations, Constants, Code;
  /// The C declarations of what the section defines (for FILE.h).
  std::vector<std::string> Prototypes;
  bool NonIntIndices = false;
};

// The glue's parameters are the kernels' names of F's parameters (Names
// keeps them clear of C++ keywords and of the glue's own names). Every
// extern "C" function runs its body through looptile::rt::callFromC, so no
// exception crosses into C: the error is recorded for the calling thread
// (looptile/Runtime/Glue.h, docs/runtime.md "The host glue from C").
// ProgramVar names the embedded program; the manifest's variable is the
// first name from ManifestBase free in the function's table and not in
// Globals (the other sections' names), which it joins.
GlueSection glueSection(const GlueInput &In, const std::string &ProgramVar,
                        const std::string &ManifestBase,
                        std::set<std::string> &Globals) {
  const Function &F = In.F;
  const std::vector<ArgumentInfo> &Args = In.Args;
  NameTable Names = In.Names;
  std::string ManifestVar = Names.fresh(ManifestBase);
  while (Globals.count(ManifestVar))
    ManifestVar = Names.fresh(ManifestBase);
  Globals.insert(ManifestVar);
  std::string Session = Names.fresh("S"), Handle = Names.fresh("session"),
              Times = Names.fresh("times"), Value = Names.fresh("value");
  const GlueNames G = glueNames(F.Name);
  // The return value comes back in a one-element buffer the glue returns.
  const ArgumentInfo *Returned = nullptr;
  for (const ArgumentInfo &A : Args)
    if (A.Returned)
      Returned = &A;
  const std::string Result =
      Returned ? elemTypeName(Returned->Type) : std::string("void");
  // The parameter list and the Session arguments of the drop-in function
  // (DropIn) and of FN_session_upload (Upload: the returned value's buffer
  // is given to download instead).
  std::string Decls;
  std::vector<std::string> DropIn, Upload;
  for (size_t I = 0; I < Args.size(); ++I) {
    const ArgumentInfo &A = Args[I];
    if (A.Returned) {
      DropIn.push_back("looptile::rt::HostArg::out(&" + A.Name + ")");
      Upload.push_back("looptile::rt::HostArg::out(nullptr)");
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
    DropIn.push_back(Arg);
    Upload.push_back(Arg);
  }
  auto Join = [](const std::vector<std::string> &Xs, const std::string &Sep) {
    std::string J;
    for (size_t I = 0; I < Xs.size(); ++I)
      J += (I ? Sep : "") + Xs[I];
    return J;
  };
  const std::string HandleDecl = "struct " + G.SessionTag + " *" + Handle;
  const std::string ResultDecl = Returned ? ", " + Result + " *" + Value : "";
  // The C declarations, for the header comment.
  const std::string DropInProto =
      Result + " " + F.Name + "(" + (Decls.empty() ? "void" : Decls) + ")";
  const std::string UploadProto = "int " + G.Upload + "(" + HandleDecl +
                                  (Decls.empty() ? "" : ", " + Decls) + ")";
  const std::string RunProto =
      "int " + G.Run + "(" + HandleDecl + ", int " + Times + ")";
  const std::string DownloadProto =
      "int " + G.Download + "(" + HandleDecl + ResultDecl + ")";
  const std::string DestroyProto = "void " + G.Destroy + "(" + HandleDecl + ")";
  const std::string CreateProto =
      "struct " + G.SessionTag + " *" + G.Create + "(void)";
  std::string Declarations;
  GlueSection Sec;
  for (const std::string &D :
       {DropInProto, "struct " + G.SessionTag, CreateProto, UploadProto,
        RunProto, DownloadProto, DestroyProto}) {
    Declarations += "//   " + D + ";\n";
    Sec.Prototypes.push_back(D + ";");
  }

  Sec.Function = F.Name;
  Sec.Declarations = Declarations;
  Sec.NonIntIndices = F.hasNonIntIndices();
  Sec.Constants =
      "const char " + ManifestVar + "[] = " + rawString(In.Manifest) + ";\n";
  std::string Out;
  // The drop-in replacement: on error, the recorded code and message, and
  // the arrays unchanged (every error but a failed copy back comes before
  // the first copy back); a returned value is then 0.
  // The drop-in is the C symbol F.Name, defined under a C++ name of the
  // glue's own (an asm label): the C library's headers, which the glue
  // includes through the runtime's, declare functions such as select and
  // random, and a second declaration with other parameters did not
  // compile (utils/fuzz/findings/glue-function-named-select.c).
  const std::string Defined = Result + " looptile_dropin_" + F.Name + "(" +
                              (Decls.empty() ? "void" : Decls) + ")";
  Out += "extern \"C\" " + Defined + " __asm__(\"" + F.Name + "\");\n";
  Out += "extern \"C\" " + Defined + " {\n";
  if (Returned)
    Out += "  " + Result + " " + Returned->Name + " = 0;\n  if (";
  else
    Out += "  ";
  Out += "looptile::rt::callFromC([&] {\n    static looptile::rt::Session " +
         Session + "(" + ManifestVar + ", " + ProgramVar + ");\n    " +
         Session + ".run({" + Join(DropIn, ",\n           ") + "});\n  })";
  if (Returned)
    Out += " != LOOPTILE_OK)\n    return 0;\n  return " + Returned->Name +
           ";\n}\n\n";
  else
    Out += ";\n}\n\n";
  // The session API: a looptile::rt::Session behind an opaque pointer.
  auto Body = [&](const std::string &Call) {
    return "  return looptile::rt::callFromC([&] {\n    looptile::rt::"
           "sessionFromC(" +
           Handle + ", \"" + F.Name + "\")." + Call + ";\n  });\n}\n\n";
  };
  Out += "struct " + G.SessionTag + "; // opaque: a looptile::rt::Session\n\n";
  Out += "extern \"C\" " + CreateProto + " {\n  looptile::rt::Session *" +
         Session + " = nullptr;\n  looptile::rt::callFromC([&] {\n    " +
         Session + " = new looptile::rt::Session(" + ManifestVar + ", " +
         ProgramVar + ");\n  });\n  return reinterpret_cast<struct " +
         G.SessionTag + " *>(" + Session + ");\n}\n\n";
  Out += "extern \"C\" " + UploadProto + " {\n" +
         Body("upload(\n        {" + Join(Upload, ",\n         ") + "})");
  Out +=
      "extern \"C\" " + RunProto + " {\n" + Body("runUploaded(" + Times + ")");
  Out += "extern \"C\" " + DownloadProto + " {\n" +
         Body(std::string("download(") + (Returned ? Value : "") + ")");
  Out += "extern \"C\" " + DestroyProto +
         " {\n  looptile::rt::callFromC([&] "
         "{\n    delete reinterpret_cast<looptile::rt::Session *>(" +
         Handle + ");\n  });\n}\n";
  Sec.Code = Out;
  return Sec;
}

// The host glue file of Inputs' functions, sharing one program (Program,
// the .cl text): the header comment, the includes, the embedded manifests
// and program, then each function's extern "C" functions.
std::string hostGlueFile(const std::vector<const GlueInput *> &Inputs,
                         const std::string &SourceFile,
                         const std::string &Program, std::string &Header) {
  // The program's variable: free in every function's table.
  std::string ProgramVar = "LooptileProgram";
  for (unsigned I = 2; std::any_of(
           Inputs.begin(), Inputs.end(),
           [&](const GlueInput *G) { return G->Names.isTaken(ProgramVar); });
       ++I)
    ProgramVar = "LooptileProgram_" + std::to_string(I);
  std::set<std::string> Globals = {ProgramVar};
  std::vector<GlueSection> Sections;
  for (const GlueInput *G : Inputs)
    Sections.push_back(glueSection(*G, ProgramVar,
                                   Inputs.size() == 1
                                       ? "LooptileManifest"
                                       : "LooptileManifest_" + G->F.Name,
                                   Globals));
  std::string Names, Declarations, Constants, Code;
  bool NonInt = false;
  for (size_t I = 0; I < Sections.size(); ++I) {
    Names += std::string(I == 0                     ? ""
                         : I + 1 == Sections.size() ? " and "
                                                    : ", ") +
             Sections[I].Function + "()";
    Declarations += Sections[I].Declarations;
    Constants += Sections[I].Constants + "\n";
    Code += (I ? "\n" : "") + Sections[I].Code;
    NonInt |= Sections[I].NonIntIndices;
  }
  bool One = Sections.size() == 1;
  // FILE.h: the same declarations for C and C++ callers, with the error
  // reporting of Glue.h; the include guard is made of the functions' names.
  std::string Guard = "LOOPTILE_GLUE_";
  std::string Prototypes;
  for (const GlueSection &Sec : Sections) {
    for (char C : Sec.Function)
      Guard += C == '_' || std::isalnum((unsigned char)C)
                   ? char(std::toupper((unsigned char)C))
                   : '_';
    Guard += "_";
    Prototypes += "\n/* " + Sec.Function + "(): the drop-in replacement and "
                  "its session functions. */\n";
    for (const std::string &P : Sec.Prototypes)
      Prototypes += P + "\n";
  }
  Guard += "H";
  // A block comment: "*/" in the file's name must not end it.
  std::string BlockSafe = commentSafe(SourceFile);
  for (size_t At; (At = BlockSafe.find("*/")) != std::string::npos;)
    BlockSafe.replace(At, 2, "*\\/");
  Header = "/* Generated by looptile from " + BlockSafe +
           ".\n"
           "   The C declarations of what the host glue (the .host.cpp file "
           "of the same\n"
           "   name) defines: " +
           (One ? "the drop-in replacement " : "the drop-in replacements ") +
           Names +
           " and the session API\n"
           "   (docs/runtime.md, \"The host glue from C\"). Include it "
           "instead of declaring\n"
           "   them by hand; link the glue, liblooptile-runtime and the "
           "OpenCL ICD loader. */\n"
           "#ifndef " +
           Guard + "\n#define " + Guard +
           "\n\n"
           "#include <stddef.h>\n"
           "#include \"looptile/Runtime/Glue.h\"\n\n"
           "#ifdef __cplusplus\nextern \"C\" {\n#endif\n" +
           Prototypes +
           "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " + Guard +
           " */\n";
  return "// Generated by looptile from " + commentSafe(SourceFile) +
         ".\n"
         "// " +
         (One ? "A drop-in replacement for the C function " + Names +
                    ": same name, same parameters\n"
              : "Drop-in replacements for the C functions " + Names +
                    ":\n// same names, same parameters\n") +
         "// (array parameters are passed as pointers, which is how C passes "
         "them).\n"
         "// It builds the OpenCL program once, copies the inputs to the "
         "device, runs\n"
         "// the kernels and copies the results back. Link it with "
         "liblooptile-runtime\n"
         "// and the OpenCL ICD loader (-lOpenCL) instead of the original " +
         (One ? "function.\n" : "functions.\n") + "// For callers that run " +
         (One ? "the function" : "a function") +
         " several times on data that stays on the\n"
         "// device, it also defines a session API. From C, include "
         "\"looptile/Runtime/Glue.h\"\n"
         "// (error codes: looptile_last_error(), "
         "looptile_last_error_message()) and declare\n" +
         Declarations +
         "// (docs/runtime.md, \"The host glue from C\").\n"
         "#include \"looptile/Runtime/Glue.h\"\n"
         "#include \"looptile/Runtime/Session.h\"\n\n" +
         std::string(NonInt ? "#include <cstddef>\n#include <cstdint>\n\n"
                            : "") +
         "namespace {\n" + Constants + "const char " + ProgramVar +
         "[] = " + rawString(Program) + ";\n} // namespace\n\n" + Code;
}

// The .cl file of the functions Outs: the header, the pragmas (double
// precision if any function needs it; FP_CONTRACT as Opts says, the same
// for every function), every function's tunable defaults, looptile's
// macros, then the kernels in order.
std::string programText(const std::string &SourceFile,
                        const std::vector<const OpenCLOutput *> &Outs,
                        const MappingOptions &Opts) {
  std::string Functions;
  bool UsesDouble = false;
  for (size_t I = 0; I < Outs.size(); ++I) {
    Functions += (I ? ", " : "") + Outs[I]->Function;
    UsesDouble |= Outs[I]->UsesDouble;
  }
  std::string Text = "// Generated by looptile from " + commentSafe(SourceFile) +
                     (Outs.size() == 1 ? ", function " : ", functions ") +
                     Functions + ".\n";
  if (UsesDouble)
    Text += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  // C rounds a * b + c twice; OpenCL C may contract it into one fused
  // multiply-add unless told not to (its FP_CONTRACT defaults to ON).
  Text += Opts.FastContract ? "#pragma OPENCL FP_CONTRACT ON\n"
                            : "#pragma OPENCL FP_CONTRACT OFF\n";
  for (const OpenCLOutput *O : Outs)
    Text += O->Defines;
  // The C's definitions, not OpenCL's min/max: those are overloaded per
  // type, and a bound mixing a long loop variable with an int constant
  // (`MAX(i - 1, 0)`) is an ambiguous call that does not build. The
  // conditional converts both arms as C does.
  Text += "#define MIN(a, b) ((a) < (b) ? (a) : (b))\n"
          "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n\n";
  for (const OpenCLOutput *O : Outs)
    Text += O->Kernels;
  return Text;
}

// A bound of a host loop as one formula: max(...) of Lower, min(...) of
// Upper.
std::string boundFormula(const std::vector<IndexExpr> &Es, const char *Fn) {
  std::string F = Es.front().str();
  for (size_t I = 1; I < Es.size(); ++I)
    F = std::string(Fn) + "(" + F + ", " + Es[I].str() + ")";
  return F;
}

// The manifest's "index_ends" of a kernel (docs/manifest.md): the last
// index of each mapped loop, for a kernel that computes its indices in int
// and whose last work-groups' work-items form indices past them (a tile's
// base plus the work-item's offset in it) before they are tested. A
// naive kernel tests its work-items' global ids against the box first
// (KernelEmitter's naive()), except along a strip's rows, whose last
// strip runs up to RS - 1 past the box's end; a tree reduction and a
// kernel of one work-group walk positions in long.
std::vector<std::string> indexEnds(const KernelPlan &P) {
  if (P.K == KernelPlan::Naive && P.StripRows && P.IndexType == "int")
    return {boundFormula(P.byDim(1)->BoxUpper, "min")};
  switch (P.K) {
  case KernelPlan::Block:
  case KernelPlan::Transpose:
  case KernelPlan::Register:
  case KernelPlan::ReduceRows:
  case KernelPlan::RowStaged:
    break;
  default:
    return {};
  }
  if (P.IndexType != "int")
    return {};
  std::vector<std::string> Ends;
  for (const MappedLoop &ML : P.Band)
    Ends.push_back(boundFormula(ML.BoxUpper, "min"));
  return Ends;
}

// How kernel Nest's NDRange splits over several devices (manifest version
// 3, docs/manifest.md "split"), or why it runs on one (NoSplit). The split
// is along the dimension of the band's outermost loop, at work-group
// boundaries; the footprints say which elements of each buffer a part
// reads and writes (Footprint.h), so that the runtime moves what a part
// needs and lets each part write back only its own.
void splitEntry(const Function &KF, unsigned Nest, const KernelPlan &P,
                const KernelLaunch &L, const std::vector<HostLoop> &Hosts,
                const std::map<std::string, size_t> &Ranks,
                manifest::Kernel &K) {
  std::string Why;
  switch (P.K) {
  case KernelPlan::Naive:
  case KernelPlan::Block:
  case KernelPlan::Transpose:
    break;
  case KernelPlan::Register:
    // Work-groups run tiles in bands of GM rows (dimension 1): a part of
    // whole bands of rows runs the same tiles as in the whole launch.
    if (P.Band.empty() || P.Band[0].Dim != 1)
      Why = "a register-tiled kernel splits only along its rows (NDRange "
            "dimension 1), which its outermost loop is not mapped to";
    break;
  case KernelPlan::SingleWorkItem:
    Why = "one work-item runs the whole nest";
    break;
  case KernelPlan::ReduceScalar:
    Why = "a work-group tree reduction combines the terms of every "
          "work-group";
    break;
  case KernelPlan::ReduceRows:
    Why = P.ColumnLanes
              ? "a column reduction's work-groups are not described as loop "
                "ranges yet"
              : "a row's work-group reduces along the row";
    break;
  default:
    Why = std::string("the work of a ") + kindName(P) +
          " kernel's work-groups is not described as loop ranges yet";
  }
  if (Why.empty() && (P.Band.empty() || L.Local.size() <= P.Band[0].Dim))
    Why = "no loop is mapped to an NDRange dimension with a fixed "
          "work-group size";
  if (Why.empty() && !L.Followers.empty())
    Why = "a second kernel combines its results";
  if (!Why.empty()) {
    K.NoSplit = Why;
    return;
  }
  const MappedLoop &ML = P.Band[0];
  manifest::Split S;
  S.Dimension = ML.Dim;
  S.Loop = ML.Var;
  S.First = boundFormula(ML.BoxLower, "max");
  S.Last = boundFormula(ML.BoxUpper, "min");
  if (P.K == KernelPlan::Transpose)
    S.PerGroup = ML.Dim == 0 ? P.tunable("TS")
                             : P.tunable("TPW") + "*" + P.tunable("TS");
  else if (P.K == KernelPlan::Register) {
    S.PerGroup = P.tunable("TSM");
    S.Granule = P.tunable("GM");
  } else if (P.StripRows && ML.Dim == 1)
    S.PerGroup = L.Local[ML.Dim] + "*" + P.tunable("RS");
  else
    S.PerGroup = L.Local[ML.Dim];
  std::vector<std::pair<std::string, size_t>> Buffers;
  for (const std::string &A : L.Args)
    if (auto It = Ranks.find(A); It != Ranks.end())
      Buffers.push_back(*It);
  SplitQuestion Q{ML.Var, ML.BoxLower, ML.BoxUpper, {}};
  for (const HostLoop &H : Hosts)
    Q.Hosts.push_back({H.Var, H.Lower, H.Upper});
  for (size_t B = 1; B < P.Band.size(); ++B)
    for (const IndexExpr &Lo : P.Band[B].BoxLower)
      for (const IndexExpr &Hi : P.Band[B].BoxUpper)
        Q.NotEmpty.push_back({Lo, Hi});
  for (const SplitFootprint &F : analyzeSplitFootprints(KF, Nest, Q, Buffers)) {
    // Parts that may each write all of an array cannot write back their
    // own share: the kernel runs on one device.
    if (F.Write && F.Write->Whole) {
      K.NoSplit = "the elements of '" + F.Array +
                  "' that a part writes are not known by rows: " +
                  F.Write->Why;
      return;
    }
    manifest::Footprint MF;
    MF.Array = F.Array;
    MF.Dim = F.Dim;
    auto Hull = [](const std::optional<SplitHull> &H)
        -> std::optional<std::vector<std::string>> {
      if (!H)
        return std::nullopt;
      if (H->Whole)
        return std::vector<std::string>{};
      return std::vector<std::string>{H->Lo, H->Hi};
    };
    MF.Read = Hull(F.Read);
    MF.Write = Hull(F.Write);
    S.Footprints.push_back(std::move(MF));
  }
  K.Split = std::move(S);
}

// The manifest's host_program (docs/manifest.md, "host_program").
std::vector<manifest::HostStep>
hostProgramSteps(const std::vector<HostNode> &Body,
                 const std::vector<KernelLaunch> &Launches,
                 const char *IndexType,
                 const std::vector<WorkGroupLoop> *InOneGroup = nullptr) {
  std::vector<manifest::HostStep> Steps;
  for (size_t I = 0; I < Body.size(); ++I) {
    const HostNode &N = Body[I];
    manifest::HostStep S;
    if (InOneGroup) {
      S.WorkGroupLoop = (*InOneGroup)[I].Kernel;
      S.WorkGroupItems = (*InOneGroup)[I].MaxItems;
    }
    if (N.K == HostNode::Launch) {
      S.Launch = Launches[N.Kernel].Name;
      Steps.push_back(std::move(S));
      for (const KernelLaunch &F : Launches[N.Kernel].Followers) {
        manifest::HostStep FS;
        FS.Launch = F.Name;
        Steps.push_back(std::move(FS));
      }
      continue;
    } else {
      S.IsLoop = true;
      S.Var = N.L.Var;
      S.KernelType = IndexType;
      S.From = boundFormula(N.L.Lower, "max");
      S.To = boundFormula(N.L.Upper, "min");
      S.Step = N.L.Step;
      S.Body = hostProgramSteps(N.Body, Launches, IndexType);
    }
    Steps.push_back(std::move(S));
  }
  return Steps;
}

// The --print-mapping lines of the host program.
std::string hostProgramMapping(const std::vector<HostNode> &Body,
                               const std::vector<KernelLaunch> &Launches,
                               const std::string &File,
                               const std::string &Indent,
                               const std::vector<WorkGroupLoop> *InOneGroup =
                                   nullptr) {
  std::string R;
  for (size_t I = 0; I < Body.size(); ++I) {
    const HostNode &N = Body[I];
    if (N.K == HostNode::Launch) {
      R += Indent + "launch kernel " + Launches[N.Kernel].Name + "\n";
      for (const KernelLaunch &F : Launches[N.Kernel].Followers)
        R += Indent + "launch kernel " + F.Name + "\n";
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
    if (InOneGroup && !(*InOneGroup)[I].Kernel.empty())
      R += Indent + "  or, where no launch in it has more than " +
           (*InOneGroup)[I].MaxItems +
           " work-items, the whole loop as kernel " + (*InOneGroup)[I].Kernel +
           ": one work-group, its work-items sharing each launch's "
           "iterations, a barrier between launches (one launch instead of "
           "one per iteration; looptile-run --host-loops)\n";
    else if (InOneGroup && !(*InOneGroup)[I].WhyNot.empty())
      R += Indent + "  (not as one work-group: " + (*InOneGroup)[I].WhyNot +
           ")\n";
    R += hostProgramMapping(N.Body, Launches, File, Indent + "  ");
  }
  return R;
}

} // namespace

namespace {

/// Prints one function's ProgramPlan (generateOpenCL): each step below is
/// one output or check, in the order generateOpenCL runs them.
class ProgramPrinter {
public:
  ProgramPrinter(const ProgramPlan &PP, const std::string &ProgramFile,
                 const OpenCLSource &Source, OpenCLOutput &Out,
                 std::vector<Diagnostic> &Diags)
      : PP(PP), ProgramFile(ProgramFile), Source(Source), Out(Out),
        Diags(Diags), SourceFile(Source.Path), Opts(PP.Options),
        Names(PP.Names), Whole(PP.Whole), Args(PP.Args), HP(PP.Host),
        KernelFns(PP.KernelFns), Plans(PP.Kernels), F(PP.Host.Kernels) {}

  /// Each kernel's text and launch, in launch order.
  void emitKernels();
  /// The host loops that also run as one kernel of one work-group.
  void emitWorkGroupLoops();
  /// A warning per group of kernels launched O(n^2) times, or one
  /// work-item per launch, from host loops.
  void warnCostlyLaunches();
  /// Every kernel's tunables, named as the name table reserves and with
  /// defaults in their ranges (false: refused, with the error).
  bool checkTunables();
  /// The .cl file.
  void writeKernelSource();
  /// The manifest (false: refused, with the error).
  bool writeManifest();
  /// The host glue and its header.
  void writeGlue();
  /// The --print-mapping report.
  std::string mappingReport();

private:
  const ProgramPlan &PP;
  const std::string &ProgramFile;
  const OpenCLSource &Source;
  OpenCLOutput &Out;
  std::vector<Diagnostic> &Diags;
  const std::string &SourceFile;
  const MappingOptions &Opts;
  // The names of the whole program: the plan's, and those the host loops'
  // kernels of one work-group take.
  NameTable Names;
  const Function &Whole;
  const std::vector<ArgumentInfo> &Args;
  const HostProgram &HP;
  const std::vector<Function> &KernelFns;
  const std::vector<KernelPlan> &Plans;
  const Function &F;

  std::vector<KernelLaunch> Launches;
  std::string Kernels;
  struct CostlyLaunches {
    std::string Key, Loops;
    unsigned Depth = 0;
    bool OneItem = false;
    SourceLoc Loc;
    std::vector<std::string> Kernels;
    /// OneItem kernels that each run one statement instance (no loop).
    bool Instances = true;
  };
  std::vector<CostlyLaunches> Costly;
  /// Host loops (as CostlyLaunches::Loops) that launch a kernel of more
  /// than one work-item.
  std::set<std::string> ParallelUnder;
  std::vector<WorkGroupLoop> InOneGroup;
  std::vector<KernelLaunch> LoopLaunches;
  std::map<std::string, std::string> InWorkGroupLoop;
  /// Every kernel's own tunables (KernelPlan::tunable), in kernel order,
  /// with the kernel that owns each.
  std::vector<Tunable> Tunables;
  std::vector<std::string> Owners;
  manifest::Document M;
  /// The rank of each device buffer's shape, for the split footprints.
  std::map<std::string, size_t> Ranks;
};

void ProgramPrinter::emitKernels() {
  for (unsigned I = 0; I < F.Body.size(); ++I) {
    const KernelPlan &Plan = Plans[I];
    // A plan whose launches grow faster than n, or that launches one
    // work-item from host loops, is slower than its C at any size worth a
    // GPU: say so, with the count (issue 24's "no cliffs"), once per group
    // of kernels under the same host loops.
    {
      const std::vector<HostLoop> &Around = HP.EnclosingLoops[I];
      bool OneItem = Plan.K == KernelPlan::SingleWorkItem;
      std::string Loops;
      for (const HostLoop &L : Around)
        Loops += (Loops.empty() ? "'" : ", '") + L.Var + "'";
      if (!OneItem)
        ParallelUnder.insert(Loops);
      if (Around.size() >= 2 || (OneItem && !Around.empty())) {
        std::string Key = Loops + (OneItem ? " one" : " many");
        size_t At = 0;
        while (At < Costly.size() && Costly[At].Key != Key)
          ++At;
        if (At == Costly.size())
          Costly.push_back({Key, Loops, unsigned(Around.size()), OneItem,
                            Plan.Loc, {}});
        Costly[At].Kernels.push_back(Plan.Name);
        Costly[At].Instances &= loopDepth({KernelFns[I].Body[I]}) == 0;
      }
    }
    KernelLaunch Launch;
    Kernels += emitKernel(KernelFns[I], Plan, Launch) + "\n";
    Launches.push_back(std::move(Launch));
  }
}

void ProgramPrinter::emitWorkGroupLoops() {
  // Host loops run in one work-group: each top-level host loop whose
  // launches all fit (fitsWorkGroupLoop) is also one kernel of one
  // work-group, which the runtime launches instead of the loop where the
  // loop's launches are small (docs/kernels.md, "Host loops in one
  // work-group"). Its tunable is named as a kernel after the nests' ones;
  // the runtime launches it instead of the loop where no launch in the
  // loop has more than WorkGroupLoopItems times its work-group.
  InOneGroup.assign(HP.Body.size(), WorkGroupLoop());
  for (size_t N = 0; N < HP.Body.size(); ++N) {
    const HostNode &H = HP.Body[N];
    if (H.K != HostNode::Loop)
      continue;
    std::vector<unsigned> Ks;
    launchedKernels(H, Ks);
    for (unsigned K : Ks) {
      std::string Why;
      if (InOneGroup[N].WhyNot.empty() &&
          !fitsWorkGroupLoop(Plans[K], Launches[K], Why))
        InOneGroup[N].WhyNot = "kernel " + Plans[K].Name + " is " +
                               kindName(Plans[K]) + " (" + Why + ")";
    }
    if (!InOneGroup[N].WhyNot.empty())
      continue;
    std::string Name =
        Names.fresh(F.Name + "_wg" + std::to_string(LoopLaunches.size()));
    unsigned Index = PP.KernelIndexBase + unsigned(F.Body.size()) +
                     unsigned(LoopLaunches.size());
    KernelLaunch L;
    Kernels += emitWorkGroupLoop(H, KernelFns, Plans, Name,
                                 "_k" + std::to_string(Index), L) +
               "\n";
    InOneGroup[N] = {Name,
                     std::to_string(WorkGroupLoopItems) + "*" +
                         L.Tunables.front().Name,
                     ""};
    LoopLaunches.push_back(std::move(L));
    for (unsigned K : Ks)
      InWorkGroupLoop[Plans[K].Name] = Name;
  }
}

void ProgramPrinter::warnCostlyLaunches() {
  for (const CostlyLaunches &C : Costly) {
    // One statement instance per launch beside kernels of parallel work
    // under the same host loops (a pivot, a split index set's corner): the
    // launches are the nest's own, as many as its other kernels'.
    if (C.OneItem && C.Depth == 1 && C.Instances &&
        ParallelUnder.count(C.Loops))
      continue;
    std::string Names;
    for (size_t K = 0; K < C.Kernels.size(); ++K)
      Names += (K ? (K + 1 == C.Kernels.size() ? " and " : ", ") : "") +
               C.Kernels[K];
    bool Several = C.Kernels.size() > 1;
    Diags.push_back(
        {Diagnostic::Warning, C.Loc,
         std::string(Several ? "kernels " : "kernel ") + Names +
             (C.OneItem ? (Several ? " run" : " runs") +
                              std::string(" one work-item per launch and")
                        : "") +
             (Several ? " are" : " is") +
             " launched once per iteration of host loop" +
             (C.Depth > 1 ? "s " : " ") + C.Loops + " (" +
             (C.Depth > 1 ? "O(n^" + std::to_string(C.Depth) + ") launches"
                          : "O(n) launches") +
             (C.OneItem ? ", no parallel work" : "") +
             "; a launch costs microseconds, so such a plan can run slower "
             "than the C on one CPU core)" +
             (InWorkGroupLoop.count(C.Kernels.front())
                  ? "; where those launches are small, the runtime runs the "
                    "loop as one kernel of one work-group instead (" +
                        InWorkGroupLoop[C.Kernels.front()] + ")"
                  : std::string()) +
             "; --print-mapping says which schedules were tried"});
  }

}

bool ProgramPrinter::checkTunables() {
  // Every kernel's own tunables (KernelPlan::tunable), in kernel order,
  // with the kernel that owns each.
  for (const std::vector<KernelLaunch> *Ls : {&Launches, &LoopLaunches})
    for (const KernelLaunch &L : *Ls)
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
  // A default outside the tunable's own range is a manifest that every run
  // refuses (the runtime checks the range): refused here instead, with the
  // range. Defaults come from --tile and --register-tile, or the plan.
  for (size_t I = 0; I < Tunables.size(); ++I) {
    const Tunable &T = Tunables[I];
    if (T.Default >= T.Min && T.Default <= T.Max)
      continue;
    Diags.push_back(
        {Diagnostic::Error, F.Loc,
         "kernel '" + Owners[I] + "' cannot run with " + T.Name + " = " +
             std::to_string(T.Default) + ": it takes values from " +
             std::to_string(T.Min) + " to " + std::to_string(T.Max) +
             (T.Constraint.empty() ? "" : " (" + T.Constraint + ")") +
             (Opts.Tile ? "; choose a --tile in that range" : "")});
    return false;
  }

  return true;
}

void ProgramPrinter::writeKernelSource() {
  // Double buffers, locals, and double arithmetic of a float program (a
  // double constant, a cast to double) all need the extension.
  bool UsesDouble = usesDouble(F.Body);
  for (const ArgumentInfo &A : Args)
    UsesDouble |= A.Type == ElemType::Double;
  for (const Variable &V : F.Locals)
    UsesDouble |= V.Type == ElemType::Double;
  Out.Function = F.Name;
  Out.Kernels = Kernels;
  Out.KernelCount = unsigned(Launches.size() + LoopLaunches.size());
  for (const KernelLaunch &L : Launches)
    Out.KernelNames.push_back(L.Name);
  for (const KernelLaunch &L : LoopLaunches)
    Out.KernelNames.push_back(L.Name);
  Out.UsesDouble = UsesDouble;
  for (const Tunable &T : Tunables)
    Out.Defines += "#ifndef " + T.Name + "\n#define " + T.Name + " " +
                   std::to_string(T.Default) + "\n#endif\n";
  Out.KernelSource = programText(SourceFile, {&Out}, Opts);

}

bool ProgramPrinter::writeManifest() {
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
  M.Src.File = SourceFile;
  M.Src.Function = F.Name;
  M.Src.CompileFlags = manifest::Compile{
      Source.Compile.Directory, Source.Compile.Flags, Source.Compile.Standard};
  M.Program = ProgramFile;
  for (const ArgumentInfo &A : Args)
    M.Arguments.push_back(manifestArgument(A));
  std::optional<std::vector<manifest::DerivedSize>> Derived =
      derivedSizes(Whole, indexTypeName(Whole));
  if (!Derived) {
    Diags.push_back({Diagnostic::Error, Whole.Loc,
                     "internal error: a derived size has no manifest formula"});
    return false;
  }
  M.DerivedSizes = std::move(*Derived);
  for (const Variable &V : PP.Temporaries) {
    manifest::Temporary T;
    T.Name = V.Name;
    T.Type = elemTypeName(V.Type);
    for (const std::optional<IndexExpr> &E : V.Extents)
      T.Shape.push_back(E->isConstant() ? E->str()
                                        : "max(" + E->str() + ", 1)");
    M.Temporaries.push_back(std::move(T));
  }
  std::vector<SizeCheck> Checks;
  if (!sizeChecks(Whole, Args, Checks, Diags))
    return false;
  for (const Variable &V : Whole.Params)
    if (V.isDerived())
      derivedSizeChecks(V, Checks);
  for (const SizeCheck &C : Checks)
    M.SizeChecks.push_back({C.InvalidWhen, C.Reason});
  for (size_t I = 0; I < Tunables.size(); ++I) {
    const Tunable &T = Tunables[I];
    manifest::Tunable MT;
    MT.Name = T.Name;
    MT.Default = T.Default;
    MT.Min = T.Min;
    MT.Max = T.Max;
    MT.MultipleOf = T.MultipleOf;
    MT.Values = T.Values;
    MT.Constraint = T.Constraint;
    MT.Kernel = Owners[I];
    // Only a formula of the manifest's sizes (a host loop's variable
    // differs from launch to launch).
    if (T.RowLength) {
      bool Sizes = true;
      for (const std::string &Sym : T.RowLength->symbols())
        Sizes &= std::any_of(Args.begin(), Args.end(), [&](const ArgumentInfo &A) {
          return A.ArgKind == ArgumentInfo::Size && A.Name == Sym;
        });
      if (Sizes)
        MT.RowLength = T.RowLength->str();
    }
    M.Tunables.push_back(std::move(MT));
  }
  // The presets of the first kernel that has any (the runtime ranks them by
  // the work-groups of the kernel whose tunables they set).
  for (const KernelLaunch &L : Launches) {
    if (L.Presets.empty())
      continue;
    for (const auto &P : L.Presets)
      M.Presets.push_back({P.Name, {P.Values.begin(), P.Values.end()}});
    break;
  }
  // The rank of each device buffer's shape, for the split footprints.
  for (const ArgumentInfo &A : Args)
    if (A.ArgKind == ArgumentInfo::Buffer)
      Ranks[A.Name] = A.Shape.size();
  for (const Variable &V : PP.Temporaries)
    Ranks[V.Name] = V.Extents.size();
  auto AddKernel = [&](const KernelLaunch &L, const char *Kind) {
    manifest::Kernel K;
    K.Name = L.Name;
    K.Kind = Kind;
    K.Args = L.Args;
    K.Global = L.Global;
    K.Local = L.Local;
    K.LocalMemoryBytes = L.LocalBytes;
    M.Kernels.push_back(std::move(K));
  };
  for (size_t I = 0; I < Launches.size(); ++I) {
    AddKernel(Launches[I], kindName(Plans[I]));
    splitEntry(KernelFns[I], unsigned(I), Plans[I], Launches[I],
               HP.EnclosingLoops[I], Ranks, M.Kernels.back());
    M.Kernels.back().IndexEnds = indexEnds(Plans[I]);
    for (const KernelLaunch &F : Launches[I].Followers) {
      AddKernel(F, F.Kind.c_str());
      M.Kernels.back().NoSplit = "the second stage of a tree reduction";
    }
  }
  for (const KernelLaunch &L : LoopLaunches) {
    AddKernel(L, "work-group loop");
    M.Kernels.back().NoSplit =
        "a host loop run in one work-group (its launches are too small to "
        "divide)";
  }
  M.Version = 3;
  M.HostProgram =
      hostProgramSteps(HP.Body, Launches, indexTypeName(Whole), &InOneGroup);
  M.ReductionLength = Reduction.str();
  M.Flops = Flops.str();
  M.Bytes = Bytes.str();
  M.Fp = floatingPointEntry(FP, Opts, PP.Reorders);
  Out.Manifest = manifest::write(M);
  return true;
}

void ProgramPrinter::writeGlue() {
  auto Glue = std::make_shared<GlueInput>();
  Glue->F = Whole;
  Glue->Args = Args;
  Glue->Names = Names;
  Glue->Manifest = Out.Manifest;
  Out.Glue = Glue;
  Out.HostGlue =
      hostGlueFile({Glue.get()}, SourceFile, Out.KernelSource, Out.GlueHeader);

}

std::string ProgramPrinter::mappingReport() {
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
    R += hostProgramMapping(HP.Body, Launches, Source.Spelling, "  ",
                            &InOneGroup);
    R += "  download once: " + (Down.empty() ? "nothing" : Down) + "\n";
  }
  for (size_t I = 0; I < Plans.size(); ++I) {
    const KernelPlan &P = Plans[I];
    const KernelLaunch &L = Launches[I];
    R += "kernel " + P.Name + ": " + kindName(P) + ", nest at " +
         Source.Spelling + ":" + std::to_string(P.Loc.Line) + "\n";
    // A row reduction's band line says what a row does (below).
    for (const MappedLoop &ML : P.Band) {
      if (P.K == KernelPlan::ReduceRows)
        break;
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
             (S.Scale ? " (stored multiplied by " + S.Scale->Name + ")" : "") +
             "\n";
      if (P.K == KernelPlan::Register && P.WarpRows && P.WarpCols)
        R += "  warp tiles: " + std::to_string(P.WarpRows) + " x " +
             std::to_string(P.WarpCols) + " work-items (" + P.tunable("WTM") +
             " x " + P.tunable("WTN") + ")" +
             (P.WarpTileByDefault
                  ? ""
                  : ", offered; the default 0 x 0 is one grid over the tile") +
             "\n";
      if (P.K == KernelPlan::Register && P.InteriorLoop)
        R += "  interior loop: " + P.tunable("SPLIT") +
             (P.SplitByDefault
                  ? " = 1"
                  : ", offered; the default 0 is the general loop only") +
             "\n";
    }
    if (P.K == KernelPlan::RowStaged) {
      R += "  loop " + P.reductionLoop().Var +
           " -> sequential in each work-item, in chunks of " +
           P.tunable("CHUNK") + At(P.reductionLoop().Loc) + "\n";
      for (const RowAccess &A : P.RowStagedAccesses)
        R += "  staged in local memory: " +
             Expr::arrayRef(A.Array, A.Type, A.Subscripts).str() + " -> " +
             A.TileName + (A.Write ? " (written, copied out)" : " (read)") +
             "\n";
      R += "  copies: through registers, the next chunk's loads issued "
           "before this chunk's walk when " +
           P.tunable("PIPE") + " = 1" +
           (P.RowVector ? "; aligned rows as vectors of four when " +
                              P.tunable("VEC") + " = 1"
                        : "; element by element (some staged access has no "
                          "aligned vector form)") +
           "\n";
    }
    if (P.K == KernelPlan::ReduceScalar) {
      const ScalarReduction &SR = P.Reduce;
      const Loop *RL = &P.Body.front().loop();
      std::string Vars = RL->Var;
      for (unsigned D = 1; D < SR.Depth; ++D) {
        RL = &RL->Body.front().loop();
        Vars += ", " + RL->Var;
      }
      R += std::string(SR.Depth > 1 ? "  loops " : "  loop ") + Vars +
           (SR.Depth > 1 ? " -> one iteration space (the rectangle, "
                           "innermost fastest), strided"
                         : " -> strided") +
           " over all work-items (work-item g of G takes the iterations g, "
           "g + G, ...: coalesced), each combining its terms in order" +
           At(P.Body.front().loop().Loc) + "\n";
      R += "  then a tree in local memory per work-group (" + SR.Scratch +
           "), one partial per work-group into " + SR.Partials + "[" +
           std::to_string(ScalarReduction::MaxGroups) +
           "] (at most that many work-groups)\n";
      R += "  kernel " + SR.FinalKernel +
           ": one work-group combines the partials the same way, then " +
           SR.Target.str() + " = " + finalText(SR, SR.Target.str(), "total") +
           " once\n";
      R += "  operator: " + std::string(reductionOpName(SR.Op)) + " over " +
           elemTypeName(SR.AccType) + ", identity " + SR.Identity +
           "; the order is fixed by the size and " + P.tunable("WG0") + "\n";
    }
    if (P.K == KernelPlan::ReduceRows) {
      const MappedLoop &ML = P.Band.front();
      if (P.ColumnLanes)
        R += "  loop " + ML.Var + " -> dimension 0, " + P.tunable("WG0") +
             " iterations per work-group, each shared out by " +
             P.tunable("WG1") + " work-items (dimension 1)" + At(ML.Loc) +
             "\n";
      else
        R += "  loop " + ML.Var +
             " -> one work-group per iteration (group id 0)" + At(ML.Loc) +
             "\n";
      // By columns, each iteration's lanes do what a row's work-items do.
      const std::string Items = P.ColumnLanes ? "the column's lanes"
                                              : "the row's work-items";
      for (const RowSegment &S : P.Rows) {
        const Node &N = P.Body[S.Index];
        if (S.K == RowSegment::Uniform)
          R += "    " + N.stmt().LHS.str() +
               (P.ColumnLanes ? " = ...: every lane of the column\n"
                              : " = ...: every work-item of the row\n");
        else if (S.K == RowSegment::Single)
          R += "    " + N.stmt().LHS.str() +
               (P.ColumnLanes ? " = ...: lane 0\n" : " = ...: work-item 0\n");
        else if (S.K == RowSegment::Spread)
          R += "    loop " + N.loop().Var + " -> strided over " + Items +
               " (parallel)" + At(N.loop().Loc) + "\n";
        else
          R += "    loop " + N.loop().Var + " -> strided over " + Items +
               ", each combining its "
               "terms in order, then a tree in local memory (" +
               S.R.Scratch + "): " + S.R.Target.str() + " = " +
               finalText(S.R, S.R.Target.str(), "total") + "; " +
               reductionOpName(S.R.Op) + " over " + elemTypeName(S.R.AccType) +
               ", identity " + S.R.Identity + ", " + S.R.Reason +
               At(N.loop().Loc) + "\n";
      }
    }
    if (P.K == KernelPlan::Transpose)
      R += "  staged in local memory: " +
           Expr::arrayRef(P.TransposeRead.Array, P.TransposeRead.Type,
                          P.TransposeRead.Subscripts)
               .str() +
           " -> " + P.TransposeRead.TileName + "[" + P.tunable("TS") + "][" +
           P.tunable("TS") + " + 1]\n";
    if (P.K == KernelPlan::Transpose && P.TransposeVector)
      R += "  vector path: " + P.tunable("TVW") +
           " elements per global load and store in work-groups whose tile is "
           "inside the arrays and aligned (" +
           P.tunable("TVW") + " = 2 or 4; 1: scalar only)\n";
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
  // How looptile-run --devices divides the launches (docs/runtime.md,
  // "Several devices"): the manifest's split of each kernel.
  R += "several devices (looptile-run --devices): every device holds whole "
       "arrays; a part receives the rows of its footprint that another "
       "device wrote, and its written rows are gathered from it\n";
  for (const manifest::Kernel &K : M.Kernels) {
    if (!K.Split) {
      R += "  kernel " + K.Name + ": on one device: " + K.NoSplit + "\n";
      continue;
    }
    const manifest::Split &S = *K.Split;
    auto Rows = [&](const manifest::Footprint &F,
                    const std::vector<std::string> &H) {
      size_t Rank = Ranks.count(F.Array) ? Ranks.at(F.Array) : 1;
      if (H.empty())
        return "all of " + F.Array;
      std::string T = F.Array;
      for (size_t D = 0; D < Rank; ++D)
        T += int64_t(D) == F.Dim ? "[" + H[0] + " .. " + H[1] + "]" : "[*]";
      return T;
    };
    std::string Reads, Writes;
    for (const manifest::Footprint &F : S.Footprints) {
      if (F.Read)
        Reads += (Reads.empty() ? "" : ", ") + Rows(F, *F.Read);
      if (F.Write)
        Writes += (Writes.empty() ? "" : ", ") + Rows(F, *F.Write);
    }
    R += "  kernel " + K.Name + ": split along loop " + S.Loop +
         " (NDRange dimension " + std::to_string(S.Dimension) + ", " +
         S.PerGroup + " values of " + S.Loop + " per work-group" +
         (S.Granule.empty() ? "" : ", parts of whole bands of " + S.Granule +
                                       " work-groups") +
         "); the part " + S.Loop + " in [SPLIT_LO, SPLIT_HI] reads " +
         (Reads.empty() ? "nothing" : Reads) + "; writes " +
         (Writes.empty() ? "nothing" : Writes) + "\n";
  }
  return R;
}

} // namespace

bool looptile::generateOpenCL(const ProgramPlan &PP,
                              const std::string &ProgramFile,
                              const OpenCLSource &Source, OpenCLOutput &Out,
                              std::vector<Diagnostic> &Diags) {
  ++Generated;
  ProgramPrinter P(PP, ProgramFile, Source, Out, Diags);
  P.emitKernels();
  P.emitWorkGroupLoops();
  P.warnCostlyLaunches();
  if (!P.checkTunables())
    return false;
  P.writeKernelSource();
  if (!P.writeManifest())
    return false;
  P.writeGlue();
  Out.Mapping = P.mappingReport();
  return true;
}

OpenCLOutput
looptile::combineOpenCL(const std::vector<const OpenCLOutput *> &Outs,
                        const OpenCLSource &Source, const MappingOptions &Opts) {
  OpenCLOutput Out;
  Out.KernelSource = programText(Source.Path, Outs, Opts);
  std::vector<const GlueInput *> Inputs;
  for (const OpenCLOutput *O : Outs) {
    Inputs.push_back(O->Glue.get());
    Out.Mapping += O->Mapping;
    Out.KernelCount += O->KernelCount;
  }
  Out.HostGlue =
      hostGlueFile(Inputs, Source.Path, Out.KernelSource, Out.GlueHeader);
  return Out;
}
