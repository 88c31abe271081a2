//===- NameTable.cpp - every identifier of a generated program ------------===//
//
// The reserved-name lists follow the C11 standard (6.4.1 keywords, 7.12
// <math.h> macros), the OpenCL C 1.2 specification (6.1 types, 6.1.4
// reserved types, 6.1.9 keywords, 6.12 built-in functions and macros, 6.2.3
// conversions, 6.2.4.2 reinterpretation) and the C++20 keyword list.
//
//===----------------------------------------------------------------------===//
#include "looptile/Support/NameTable.h"
#include "looptile/IR/Walk.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <functional>

using namespace looptile;

namespace {

bool isIdentifier(const std::string &S) {
  if (S.empty() || std::isdigit(static_cast<unsigned char>(S[0])))
    return false;
  return std::all_of(S.begin(), S.end(), [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  });
}

bool startsWith(const std::string &S, const char *Prefix) {
  return S.rfind(Prefix, 0) == 0;
}

const std::set<std::string> &cNames() {
  static const std::set<std::string> Names = {
      // C11 keywords, and GNU C's (the emitted C is compiled as gnu11).
      "auto", "break", "case", "char", "const", "continue", "default", "do",
      "double", "else", "enum", "extern", "float", "for", "goto", "if",
      "inline", "int", "long", "register", "restrict", "return", "short",
      "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
      "unsigned", "void", "volatile", "while", "_Alignas", "_Alignof",
      "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
      "_Static_assert", "_Thread_local", "asm", "typeof", "__asm__",
      "__typeof__", "__attribute__", "__restrict",
      // <math.h> macros (C11 7.12, and glibc's M_ constants in GNU mode).
      "INFINITY", "NAN", "HUGE_VAL", "HUGE_VALF", "HUGE_VALL", "FP_INFINITE",
      "FP_NAN", "FP_NORMAL", "FP_SUBNORMAL", "FP_ZERO", "FP_FAST_FMA",
      "FP_FAST_FMAF", "FP_FAST_FMAL", "FP_ILOGB0", "FP_ILOGBNAN", "MATH_ERRNO",
      "MATH_ERREXCEPT", "math_errhandling", "fpclassify", "isfinite", "isinf",
      "isnan", "isnormal", "signbit", "isgreater", "isgreaterequal", "isless",
      "islessequal", "islessgreater", "isunordered", "M_E", "M_LOG2E",
      "M_LOG10E", "M_LN2", "M_LN10", "M_PI", "M_PI_2", "M_PI_4", "M_1_PI",
      "M_2_PI", "M_2_SQRTPI", "M_SQRT2", "M_SQRT1_2",
      // The MIN/MAX macros of looptile's C preamble.
      "MIN", "MAX"};
  return Names;
}

const std::set<std::string> &cxxKeywords() {
  static const std::set<std::string> Names = {
      "alignas",       "alignof",     "and",
      "and_eq",        "asm",         "auto",
      "bitand",        "bitor",       "bool",
      "break",         "case",        "catch",
      "char",          "char8_t",     "char16_t",
      "char32_t",      "class",       "compl",
      "concept",       "const",       "consteval",
      "constexpr",     "constinit",   "const_cast",
      "continue",      "co_await",    "co_return",
      "co_yield",      "decltype",    "default",
      "delete",        "do",          "double",
      "dynamic_cast",  "else",        "enum",
      "explicit",      "export",      "extern",
      "false",         "float",       "for",
      "friend",        "goto",        "if",
      "inline",        "int",         "long",
      "mutable",       "namespace",   "new",
      "noexcept",      "not",         "not_eq",
      "nullptr",       "operator",    "or",
      "or_eq",         "private",     "protected",
      "public",        "register",    "reinterpret_cast",
      "requires",      "return",      "short",
      "signed",        "sizeof",      "static",
      "static_assert", "static_cast", "struct",
      "switch",        "template",    "this",
      "thread_local",  "throw",       "true",
      "try",           "typedef",     "typeid",
      "typename",      "union",       "unsigned",
      "using",         "virtual",     "void",
      "volatile",      "wchar_t",     "while",
      "xor",           "xor_eq"};
  return Names;
}

// Scalar type names that have vector forms (OpenCL C 1.2 6.1.2, 6.1.4).
const char *const VectorBases[] = {"char", "uchar", "short", "ushort", "int",
                                   "uint", "long",  "ulong", "float",  "double",
                                   "half", "bool",  "quad"};
const char *const VectorSizes[] = {"2", "3", "4", "8", "16"};

// The bases of looptile's tunables (KernelPlan::tunable): each a macro of
// the kernels, and with a kernel's suffix (`WG0_k1`) one per kernel.
const char *const TunableBases[] = {
    "TS",  "TSR", "TVW",  "TPW",   "WG0",   "WG1", "WG2",  "VW",
    "WPTM", "WPTN", "TSM", "TSN",  "TSK",   "NBUF",  "GM",  "WTM",
    "WTN", "SPLIT", "CHUNK", "PAD", "PIPE", "VEC",  "LANES", "RS"};

// True when S is an OpenCL scalar or vector type name (`int`, `float4`,
// `uchar16`, `size_t`).
bool isCLTypeName(const std::string &S) {
  static const std::set<std::string> Names = [] {
    std::set<std::string> N = {
        "uchar",     "ushort",   "uint",      "ulong", "half",  "size_t",
        "ptrdiff_t", "intptr_t", "uintptr_t", "char",  "short", "int",
        "long",      "float",    "double",    "bool",  "quad"};
    for (const char *B : VectorBases)
      for (const char *V : VectorSizes)
        N.insert(std::string(B) + V);
    return N;
  }();
  return Names.count(S);
}

const std::set<std::string> &openCLNames() {
  static const std::set<std::string> Names = [] {
    std::set<std::string> N = {
        // Keywords and qualifiers (6.1.9).
        "__global", "global", "__local", "local", "__constant", "constant",
        "__private", "private", "__generic", "generic", "__kernel", "kernel",
        "__read_only", "read_only", "__write_only", "write_only",
        "__read_write", "read_write", "uniform", "pipe", "true", "false",
        // Other types and reserved types (6.1.3, 6.1.4).
        "image1d_t", "image1d_buffer_t", "image1d_array_t", "image2d_t",
        "image2d_array_t", "image2d_depth_t", "image2d_array_depth_t",
        "image3d_t", "sampler_t", "event_t", "queue_t", "ndrange_t",
        "clk_event_t", "reserve_id_t", "cl_mem_fence_flags", "complex",
        "imaginary", "memory_order", "memory_scope",
        // Work-item functions (6.12.1).
        "get_work_dim", "get_global_size", "get_global_id", "get_local_size",
        "get_local_id", "get_num_groups", "get_group_id", "get_global_offset",
        "get_enqueued_local_size", "get_global_linear_id",
        "get_local_linear_id",
        // Math functions (6.12.2).
        "acos", "acosh", "acospi", "asin", "asinh", "asinpi", "atan", "atan2",
        "atanh", "atanpi", "atan2pi", "cbrt", "ceil", "copysign", "cos", "cosh",
        "cospi", "erfc", "erf", "exp", "exp2", "exp10", "expm1", "fabs", "fdim",
        "floor", "fma", "fmax", "fmin", "fmod", "fract", "frexp", "hypot",
        "ilogb", "ldexp", "lgamma", "lgamma_r", "log", "log2", "log10", "log1p",
        "logb", "mad", "maxmag", "minmag", "modf", "nan", "nextafter", "pow",
        "pown", "powr", "remainder", "remquo", "rint", "rootn", "round",
        "rsqrt", "sin", "sincos", "sinh", "sinpi", "sqrt", "tan", "tanh",
        "tanpi", "tgamma", "trunc",
        // Integer functions (6.12.3).
        "abs", "abs_diff", "add_sat", "hadd", "rhadd", "clamp", "clz", "ctz",
        "mad_hi", "mad_sat", "max", "min", "mul_hi", "rotate", "sub_sat",
        "upsample", "popcount", "mad24", "mul24",
        // Common functions (6.12.4).
        "degrees", "mix", "radians", "step", "smoothstep", "sign",
        // Geometric functions (6.12.5).
        "cross", "dot", "distance", "length", "normalize", "fast_distance",
        "fast_length", "fast_normalize",
        // Relational functions (6.12.6).
        "isequal", "isnotequal", "isgreater", "isgreaterequal", "isless",
        "islessequal", "islessgreater", "isfinite", "isinf", "isnan",
        "isnormal", "isordered", "isunordered", "signbit", "any", "all",
        "bitselect", "select",
        // Synchronization, fences, async copies (6.12.8 - 6.12.10).
        "barrier", "work_group_barrier", "mem_fence", "read_mem_fence",
        "write_mem_fence", "async_work_group_copy",
        "async_work_group_strided_copy", "wait_group_events", "prefetch",
        // Miscellaneous vector functions, printf (6.12.12, 6.12.13).
        "vec_step", "shuffle", "shuffle2", "printf",
        // Image functions (6.12.14).
        "read_imagef", "read_imagei", "read_imageui", "read_imageh",
        "write_imagef", "write_imagei", "write_imageui", "write_imageh",
        "get_image_width", "get_image_height", "get_image_depth",
        "get_image_channel_data_type", "get_image_channel_order",
        "get_image_dim", "get_image_array_size",
        // Macros (6.12.2, 6.12.3, 6.10).
        "MAXFLOAT", "HUGE_VALF", "HUGE_VAL", "INFINITY", "NAN", "FP_FAST_FMA",
        "FP_FAST_FMAF", "FP_FAST_FMA_HALF", "FP_ILOGB0", "FP_ILOGBNAN",
        "CHAR_BIT", "CHAR_MAX", "CHAR_MIN", "INT_MAX", "INT_MIN", "LONG_MAX",
        "LONG_MIN", "SCHAR_MAX", "SCHAR_MIN", "SHRT_MAX", "SHRT_MIN",
        "UCHAR_MAX", "USHRT_MAX", "UINT_MAX", "ULONG_MAX", "CL_VERSION_1_0",
        "CL_VERSION_1_1", "CL_VERSION_1_2", "CL_VERSION_2_0", "kernel_exec",
        // looptile's macros and tunables (KernelEmitter.cpp, OpenCL.cpp),
        // and the functions of the manifest's formulas (docs/manifest.md).
        "MIN", "MAX", "round_up", "ceil_div",
        // The host glue's namespace (OpenCL.cpp, hostGlue; its other names
        // come from the table).
        "looptile"};
    N.insert(std::begin(TunableBases), std::end(TunableBases));
    // Half-precision and native math functions (6.12.2).
    for (const char *F :
         {"cos", "divide", "exp", "exp2", "exp10", "log", "log2", "log10",
          "powr", "recip", "rsqrt", "sin", "sqrt", "tan"}) {
      N.insert(std::string("half_") + F);
      N.insert(std::string("native_") + F);
    }
    // Math constants (6.12.2.1), with their float and half forms.
    for (const char *C :
         {"M_E", "M_LOG2E", "M_LOG10E", "M_LN2", "M_LN10", "M_PI", "M_PI_2",
          "M_PI_4", "M_1_PI", "M_2_PI", "M_2_SQRTPI", "M_SQRT2", "M_SQRT1_2"}) {
      N.insert(C);
      N.insert(std::string(C) + "_F");
      N.insert(std::string(C) + "_H");
    }
    // Reserved matrix types floatnxm, doublenxm, halfnxm (6.1.4).
    for (const char *B : {"float", "double", "half"})
      for (const char *R : VectorSizes)
        for (const char *C : VectorSizes)
          N.insert(std::string(B) + R + "x" + C);
    return N;
  }();
  return Names;
}

// Families of OpenCL names: conversions (`convert_int4_sat_rte`),
// reinterpretations (`as_float`), vector loads and stores (`vload4`,
// `vstore_half8_rtz`), atomics, image and sampler enumerators, limits
// (`FLT_MAX`, `DBL_EPSILON`), implementation names (`__OPENCL_VERSION__`)
// looptile's own macros (`LT_CAT`, `LT_VLOAD_float`) and per-kernel tunables
// (`WG0_k1`).
bool isOpenCLFamilyName(const std::string &S) {
  for (const char *Prefix : {"convert_", "as_"})
    if (startsWith(S, Prefix)) {
      std::string Rest = S.substr(std::string(Prefix).size());
      std::string Type = Rest.substr(0, Rest.find('_'));
      if (isCLTypeName(Type))
        return true;
    }
  for (const char *Prefix : {"vload", "vstore", "atomic_", "atom_", "CLK_",
                             "FLT_", "DBL_", "HALF_", "__", "LT_"})
    if (startsWith(S, Prefix))
      return true;
  // A kernel's own tunables in a file of several kernels: `WG0_k1`, `TS_k0`
  // (KernelPlan::tunable).
  for (const char *Base : TunableBases) {
    std::string Prefix = std::string(Base) + "_k";
    if (startsWith(S, Prefix.c_str()) && S.size() > Prefix.size() &&
        S.find_first_not_of("0123456789", Prefix.size()) == std::string::npos)
      return true;
  }
  return false;
}

} // namespace

bool looptile::isCXXKeyword(const std::string &Name) {
  return cxxKeywords().count(Name);
}

bool looptile::isReservedName(const std::string &Name, NameTarget Target) {
  if (cNames().count(Name))
    return true;
  if (Target == NameTarget::C)
    return false;
  return openCLNames().count(Name) || isCLTypeName(Name) ||
         isOpenCLFamilyName(Name) || isCXXKeyword(Name);
}

//===----------------------------------------------------------------------===//
// NameTable
//===----------------------------------------------------------------------===//

GlueNames looptile::glueNames(const std::string &Function) {
  GlueNames G;
  G.SessionTag = Function + "_session";
  G.Create = G.SessionTag + "_create";
  G.Upload = G.SessionTag + "_upload";
  G.Run = G.SessionTag + "_run";
  G.Download = G.SessionTag + "_download";
  G.Destroy = G.SessionTag + "_destroy";
  return G;
}

NameTable::NameTable(const Function &F, NameTarget Target) {
  std::set<std::string> Glue;
  if (Target == NameTarget::OpenCL) {
    GlueNames G = glueNames(F.Name);
    Glue = {G.SessionTag, G.Create, G.Upload, G.Run, G.Download, G.Destroy};
    Taken.insert(Glue.begin(), Glue.end());
  }
  std::vector<std::string> User;
  for (const Variable &V : F.Params)
    User.push_back(V.Name);
  for (const Variable &V : F.Locals)
    User.push_back(V.Name);
  for (const std::string &V : loopVarsOf(F.Body))
    User.push_back(V);
  Taken.insert(F.Name);
  Taken.insert(User.begin(), User.end());
  for (const std::string &N : User)
    if (!Renamed.count(N) && (isReservedName(N, Target) || Glue.count(N)))
      Renamed[N] = fresh(N);
}

std::string NameTable::name(const std::string &Name) const {
  auto It = Renamed.find(Name);
  return It == Renamed.end() ? Name : It->second;
}

std::string NameTable::fresh(const std::string &Base) {
  assert(isIdentifier(Base) && "a name is built from an identifier");
  // Invented names are valid in every target: they may end up in the IR.
  auto Free = [&](const std::string &N) {
    return !Taken.count(N) && !isReservedName(N, NameTarget::OpenCL);
  };
  // Whatever a caller passes (in a build without assertions), the result is
  // an identifier: other characters become '_'.
  std::string N = Base.empty() ? std::string("v") : Base;
  for (char &C : N)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      C = '_';
  if (std::isdigit(static_cast<unsigned char>(N[0])))
    N = "v" + N;
  // No suffix frees a name of a reserved family (`__x`, `vload4`, `LT_X`).
  if (isOpenCLFamilyName(N)) {
    N.erase(0, N.find_first_not_of('_'));
    N = "u_" + N;
  }
  std::string Stem = N.back() == '_' ? N : N + "_";
  for (unsigned I = 2; !Free(N); ++I)
    N = Stem + std::to_string(I);
  assert(isIdentifier(N) && "fresh names are identifiers");
  Taken.insert(N);
  return N;
}

//===----------------------------------------------------------------------===//
// Renaming the IR
//===----------------------------------------------------------------------===//

namespace {

struct Renamer {
  const NameTable &Names;
  std::map<std::string, std::string> Map;

  void name(std::string &N) const {
    auto It = Map.find(N);
    if (It != Map.end())
      N = It->second;
  }
  void index(IndexExpr &E) const {
    // The new names are fresh, so no replacement is renamed again.
    for (auto &[Old, New] : Map)
      if (E.mentions(Old))
        E = E.substitute(Old, IndexExpr::symbol(New));
  }
  void expr(Expr &E) const {
    if (E.K == Expr::ScalarRef || E.K == Expr::ArrayRef)
      name(E.Name);
    for (IndexExpr &S : E.Subscripts)
      index(S);
    for (Expr &Op : E.Operands)
      expr(Op);
  }
  void variable(Variable &V) const {
    name(V.Name);
    name(V.DeclaredIn);
    for (std::optional<IndexExpr> &E : V.Extents)
      if (E)
        index(*E);
    if (V.Definition)
      expr(*V.Definition);
  }
  void condition(AffineCondition &C) const {
    for (auto &[Old, New] : Map)
      C = C.substitute(Old, IndexExpr::symbol(New));
  }
  void body(std::vector<Node> &Body) const {
    for (Node &N : Body) {
      if (!N.isLoop()) {
        // The guard's conditions as well as the assignment: a renamed size
        // or array in `if (i < length - 1 && half[i] > 0)` is the same
        // variable as everywhere else.
        Stmt &S = N.stmt();
        for (Expr *E : S.exprs())
          expr(*E);
        for (AffineCondition &C : S.When.Affine)
          condition(C);
        for (WrapCheck &W : S.GuardChecks)
          index(W.E);
        continue;
      }
      Loop &L = N.loop();
      name(L.Var);
      for (IndexExpr &E : L.Lower)
        index(E);
      for (IndexExpr &E : L.Upper)
        index(E);
      for (WrapCheck &W : L.HeaderChecks)
        index(W.E);
      for (AffineConstraint &A : L.Assume)
        index(A.E);
      body(L.Body);
    }
  }
};

} // namespace

Function looptile::withNames(const Function &F, const NameTable &Names) {
  Function R = F;
  if (Names.renamed().empty())
    return R;
  Renamer Rn{Names, Names.renamed()};
  for (Variable &V : R.Params)
    Rn.variable(V);
  for (Variable &V : R.Locals)
    Rn.variable(V);
  Rn.body(R.Body);
  if (R.ReturnValue)
    Rn.expr(*R.ReturnValue);
  return R;
}
