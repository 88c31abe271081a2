//===- Manifest.cpp - Load and check the kernel manifest ------------------===//
//
// Owns the mapping from manifest JSON (docs/manifest.md) to Manifest and the
// consistency checks. Every error names the manifest and the offending
// field, e.g. "mmm.json: kernels[0].args[2]: unknown name 'D'".
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Manifest.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Json.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

namespace looptile::rt {

namespace {
struct TypeInfo {
  ElemType T;
  const char *Name;
  size_t Size;
  bool Integer, Signed;
};
// LP64, like the hosts looptile targets (and OpenCL's long).
const TypeInfo Types[] = {
    {ElemType::Float, "float", 4, false, true},
    {ElemType::Double, "double", 8, false, true},
    {ElemType::Int, "int", 4, true, true},
    {ElemType::Char, "char", 1, true, true},
    {ElemType::SChar, "signed char", 1, true, true},
    {ElemType::UChar, "unsigned char", 1, true, false},
    {ElemType::Short, "short", 2, true, true},
    {ElemType::UShort, "unsigned short", 2, true, false},
    {ElemType::UInt, "unsigned int", 4, true, false},
    {ElemType::Long, "long", 8, true, true},
    {ElemType::ULong, "unsigned long", 8, true, false},
    {ElemType::LongLong, "long long", 8, true, true},
    {ElemType::ULongLong, "unsigned long long", 8, true, false},
};
const TypeInfo &typeInfo(ElemType T) {
  for (const TypeInfo &I : Types)
    if (I.T == T)
      return I;
  return Types[0];
}
} // namespace

size_t elemSize(ElemType T) { return typeInfo(T).Size; }
const char *elemTypeName(ElemType T) { return typeInfo(T).Name; }
bool isIntegerType(ElemType T) { return typeInfo(T).Integer; }
bool isSignedType(ElemType T) { return typeInfo(T).Signed; }

const char *accessName(Access A) {
  switch (A) {
  case Access::In: return "in";
  case Access::Out: return "out";
  case Access::InOut: return "inout";
  }
  return "?";
}

std::string readFile(const std::string &Path, const char *What) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw Error(ErrorKind::Manifest, std::string("cannot read ") + What +
                                         " '" + Path +
                                         "': " + std::strerror(errno));
  std::ostringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

namespace {

class Reader {
public:
  explicit Reader(const std::string &Origin) : Origin(Origin) {}

  [[noreturn]] void fail(const std::string &Where, const std::string &Msg) {
    throw Error(ErrorKind::Manifest, Origin + ": " + Where + ": " + Msg);
  }

  const json::Value &field(const json::Value &Obj, const char *Key,
                           const std::string &Where, json::Value::Type T) {
    const json::Value *V = Obj.get(Key);
    if (!V)
      fail(Where, std::string("missing field \"") + Key + "\"");
    if (V->type() != T)
      fail(Where + "." + Key, std::string("expected ") +
                                  json::Value::typeName(T) + ", got " +
                                  json::Value::typeName(V->type()));
    return *V;
  }
  std::string str(const json::Value &Obj, const char *Key,
                  const std::string &Where) {
    return field(Obj, Key, Where, json::Value::Type::String).asString();
  }
  const json::Value *optional(const json::Value &Obj, const char *Key,
                              const std::string &Where, json::Value::Type T) {
    const json::Value *V = Obj.get(Key);
    if (V && V->type() != T)
      fail(Where + "." + Key, std::string("expected ") +
                                  json::Value::typeName(T) + ", got " +
                                  json::Value::typeName(V->type()));
    return V;
  }
  int64_t integer(const json::Value &V, const std::string &Where) {
    if (!V.isInteger() || std::fabs(V.asNumber()) > 9.0e15)
      fail(Where, "expected an integer");
    return static_cast<int64_t>(V.asNumber());
  }
  /// A formula given as a string or as an integer literal.
  Formula formula(const json::Value &V, const std::string &Where) {
    if (V.isString())
      return Formula::parse(V.asString(), Origin + ": " + Where);
    if (V.isInteger())
      return Formula::parse(std::to_string(integer(V, Where)),
                            Origin + ": " + Where);
    fail(Where, "expected a formula (a string or an integer)");
  }
  std::vector<Formula> formulas(const json::Value &V, const std::string &Where,
                                size_t MinLen, size_t MaxLen) {
    if (!V.isArray())
      fail(Where, "expected an array of formulas");
    if (V.elements().size() < MinLen || V.elements().size() > MaxLen)
      fail(Where, "expected " + std::to_string(MinLen) + " to " +
                      std::to_string(MaxLen) + " entries, got " +
                      std::to_string(V.elements().size()));
    std::vector<Formula> Out;
    for (size_t I = 0; I < V.elements().size(); ++I)
      Out.push_back(formula(V.elements()[I], Where + "[" + std::to_string(I) +
                                                 "]"));
    return Out;
  }
  ElemType type(const json::Value &Obj, const std::string &Where) {
    std::string T = str(Obj, "type", Where);
    for (const TypeInfo &I : Types)
      if (T == I.Name)
        return I.T;
    fail(Where + ".type", "unknown type \"" + T +
                              "\" (expected float, double or a C integer "
                              "type such as int or unsigned char)");
  }

private:
  const std::string &Origin;
};

std::string resolve(const std::string &Dir, const std::string &P) {
  if (P.empty() || P[0] == '/' || Dir.empty())
    return P;
  return Dir + "/" + P;
}

} // namespace

Manifest Manifest::parse(const std::string &Text, const std::string &Origin,
                         const std::string &Dir) {
  using T = json::Value::Type;
  json::Value Root = json::parse(Text, Origin);
  Reader R(Origin);
  if (!Root.isObject())
    R.fail("top level", "expected an object");

  Manifest M;
  M.Path = Origin;
  M.Dir = Dir;
  const json::Value &Version = R.field(Root, "looptile_manifest", "top level",
                                       T::Number);
  int64_t VersionNumber = R.integer(Version, "looptile_manifest");
  if (VersionNumber != 1 && VersionNumber != 2)
    R.fail("looptile_manifest",
           "unsupported version (this runtime reads 1 and 2)");

  const json::Value &Src = R.field(Root, "source", "top level", T::Object);
  M.SourceFile = resolve(Dir, R.str(Src, "file", "source"));
  M.SourceFunction = R.str(Src, "function", "source");
  if (const json::Value *C = R.optional(Src, "compile", "source", T::Object)) {
    if (const json::Value *D =
            R.optional(*C, "directory", "source.compile", T::String))
      M.CompileDirectory = resolve(Dir, D->asString());
    if (const json::Value *Fs =
            R.optional(*C, "flags", "source.compile", T::Array))
      for (size_t I = 0; I < Fs->elements().size(); ++I) {
        const json::Value &F = Fs->elements()[I];
        if (!F.isString())
          R.fail("source.compile.flags[" + std::to_string(I) + "]",
                 "expected a string");
        M.CompileFlags.push_back(F.asString());
      }
    if (const json::Value *Std =
            R.optional(*C, "std", "source.compile", T::String))
      M.CompileStandard = Std->asString();
  }
  M.Program = resolve(Dir, R.str(Root, "program", "top level"));

  std::set<std::string> Names, Sizes, Tunables;
  auto declare = [&](const std::string &Name, const std::string &Where) {
    if (Name.empty())
      R.fail(Where, "empty name");
    if (!Names.insert(Name).second)
      R.fail(Where, "duplicate name '" + Name + "'");
  };

  const json::Value &Args = R.field(Root, "arguments", "top level", T::Array);
  for (size_t I = 0; I < Args.elements().size(); ++I) {
    std::string W = "arguments[" + std::to_string(I) + "]";
    const json::Value &A = Args.elements()[I];
    if (!A.isObject())
      R.fail(W, "expected an object");
    Argument Arg;
    Arg.Name = R.str(A, "name", W);
    declare(Arg.Name, W);
    std::string Kind = R.str(A, "kind", W);
    if (Kind == "size") {
      Arg.K = Argument::Size;
      Sizes.insert(Arg.Name);
      if (const json::Value *Tile = A.get("tile"))
        Arg.Tile = R.formula(*Tile, W + ".tile");
      if (A.get("kernel_type")) {
        std::string KT = R.str(A, "kernel_type", W);
        if (KT != "int" && KT != "long")
          R.fail(W + ".kernel_type",
                 "unknown kernel type \"" + KT + "\" (expected int or long)");
        Arg.KernelLong = KT == "long";
      }
    } else if (Kind == "buffer") {
      Arg.K = Argument::Buffer;
      std::string Acc = R.str(A, "access", W);
      if (Acc == "in") Arg.Acc = Access::In;
      else if (Acc == "out") Arg.Acc = Access::Out;
      else if (Acc == "inout") Arg.Acc = Access::InOut;
      else R.fail(W + ".access", "unknown access \"" + Acc +
                                     "\" (expected in, out or inout)");
      Arg.Ty = R.type(A, W);
      Arg.Shape = R.formulas(R.field(A, "shape", W, T::Array), W + ".shape",
                             1, 8);
      if (const json::Value *Ret = A.get("returned")) {
        if (!Ret->isBool())
          R.fail(W + ".returned", "expected true or false");
        Arg.Returned = Ret->asBool();
        if (Arg.Returned && Arg.Acc != Access::Out)
          R.fail(W + ".returned", "the returned value's buffer must have "
                                  "access \"out\"");
      }
    } else if (Kind == "scalar") {
      Arg.K = Argument::Scalar;
      Arg.Ty = R.type(A, W);
    } else {
      R.fail(W + ".kind", "unknown kind \"" + Kind +
                              "\" (expected size, buffer or scalar)");
    }
    M.Arguments.push_back(std::move(Arg));
  }

  if (const json::Value *Temps =
          R.optional(Root, "temporaries", "top level", T::Array)) {
    for (size_t I = 0; I < Temps->elements().size(); ++I) {
      std::string W = "temporaries[" + std::to_string(I) + "]";
      const json::Value &V = Temps->elements()[I];
      if (!V.isObject())
        R.fail(W, "expected an object");
      Temporary Tmp;
      Tmp.Name = R.str(V, "name", W);
      declare(Tmp.Name, W);
      Tmp.Ty = R.type(V, W);
      Tmp.Shape = R.formulas(R.field(V, "shape", W, T::Array), W + ".shape",
                             1, 8);
      M.Temporaries.push_back(std::move(Tmp));
    }
  }

  if (const json::Value *Tuns =
          R.optional(Root, "tunables", "top level", T::Array)) {
    for (size_t I = 0; I < Tuns->elements().size(); ++I) {
      std::string W = "tunables[" + std::to_string(I) + "]";
      const json::Value &V = Tuns->elements()[I];
      if (!V.isObject())
        R.fail(W, "expected an object");
      Tunable Tn;
      Tn.Name = R.str(V, "name", W);
      declare(Tn.Name, W);
      Tunables.insert(Tn.Name);
      Tn.Default = R.integer(R.field(V, "default", W, T::Number), W + ".default");
      if (const json::Value *Min = R.optional(V, "min", W, T::Number))
        Tn.Min = R.integer(*Min, W + ".min");
      if (const json::Value *Max = R.optional(V, "max", W, T::Number))
        Tn.Max = R.integer(*Max, W + ".max");
      if (const json::Value *C = R.optional(V, "constraint", W, T::String))
        Tn.Constraint = C->asString();
      if (const json::Value *MO = R.optional(V, "multiple_of", W, T::String))
        Tn.MultipleOf = MO->asString();
      if (const json::Value *Vals = R.optional(V, "values", W, T::Array)) {
        if (Vals->elements().empty())
          R.fail(W + ".values", "empty list (leave \"values\" out to use "
                                "the powers of two in [min, max])");
        for (size_t J = 0; J < Vals->elements().size(); ++J) {
          std::string VW = W + ".values[" + std::to_string(J) + "]";
          int64_t X = R.integer(Vals->elements()[J], VW);
          if ((Tn.Min && X < *Tn.Min) || (Tn.Max && X > *Tn.Max))
            R.fail(VW, std::to_string(X) + " is outside [min, max]");
          for (int64_t Y : Tn.Values)
            if (Y == X)
              R.fail(VW, "duplicate value " + std::to_string(X));
          Tn.Values.push_back(X);
        }
      }
      M.Tunables.push_back(std::move(Tn));
    }
  }
  for (const Tunable &Tn : M.Tunables)
    if (!Tn.MultipleOf.empty() && !Tunables.count(Tn.MultipleOf))
      R.fail("tunable " + Tn.Name, "multiple_of names unknown tunable '" +
                                       Tn.MultipleOf + "'");

  const json::Value &Kernels = R.field(Root, "kernels", "top level", T::Array);
  if (Kernels.elements().empty())
    R.fail("kernels", "no kernels");
  for (size_t I = 0; I < Kernels.elements().size(); ++I) {
    std::string W = "kernels[" + std::to_string(I) + "]";
    const json::Value &V = Kernels.elements()[I];
    if (!V.isObject())
      R.fail(W, "expected an object");
    KernelLaunch K;
    K.Name = R.str(V, "name", W);
    const json::Value &KArgs = R.field(V, "args", W, T::Array);
    for (size_t J = 0; J < KArgs.elements().size(); ++J) {
      std::string AW = W + ".args[" + std::to_string(J) + "]";
      if (!KArgs.elements()[J].isString())
        R.fail(AW, "expected a string");
      const std::string &N = KArgs.elements()[J].asString();
      if (Tunables.count(N))
        R.fail(AW, "'" + N + "' is a tunable (a macro), not a kernel argument");
      // A host loop's variable is checked with the host program.
      if (!Names.count(N) && VersionNumber < 2)
        R.fail(AW, "unknown name '" + N + "'");
      K.Args.push_back(N);
    }
    K.Global = R.formulas(R.field(V, "global", W, T::Array), W + ".global",
                          1, 3);
    const json::Value *L = V.get("local");
    if (L && !L->isNull()) {
      K.Local = R.formulas(*L, W + ".local", 1, 3);
      if (K.Local->size() != K.Global.size())
        R.fail(W + ".local", "has " + std::to_string(K.Local->size()) +
                                 " dimensions, global has " +
                                 std::to_string(K.Global.size()));
    }
    if (const json::Value *LM = V.get("local_memory_bytes"))
      K.LocalMemoryBytes = R.formula(*LM, W + ".local_memory_bytes");
    M.Kernels.push_back(std::move(K));
  }

  if (const json::Value *Ps =
          R.optional(Root, "presets", "top level", T::Array)) {
    for (size_t I = 0; I < Ps->elements().size(); ++I) {
      std::string W = "presets[" + std::to_string(I) + "]";
      const json::Value &V = Ps->elements()[I];
      if (!V.isObject())
        R.fail(W, "expected an object");
      Preset P;
      P.Name = R.str(V, "name", W);
      if (P.Name.empty())
        R.fail(W + ".name", "empty name");
      if (M.findPreset(P.Name))
        R.fail(W + ".name", "duplicate preset '" + P.Name + "'");
      const json::Value &Set = R.field(V, "set", W, T::Object);
      for (const auto &[Name, Value] : Set.members()) {
        if (!Tunables.count(Name))
          R.fail(W + ".set." + Name, "'" + Name + "' is not a tunable");
        P.Set[Name] = R.integer(Value, W + ".set." + Name);
      }
      // A preset must be a setting the runtime accepts.
      Env All = defaultTunables(M);
      for (const auto &[Name, Value] : P.Set)
        All[Name] = Value;
      std::string Why = tunableProblem(M, All);
      if (!Why.empty())
        R.fail(W, "preset '" + P.Name + "': " + Why);
      M.Presets.push_back(std::move(P));
    }
  }

  if (const json::Value *Checks =
          R.optional(Root, "size_checks", "top level", T::Array)) {
    for (size_t I = 0; I < Checks->elements().size(); ++I) {
      std::string W = "size_checks[" + std::to_string(I) + "]";
      const json::Value &V = Checks->elements()[I];
      if (!V.isObject())
        R.fail(W, "expected an object");
      SizeCheck C;
      C.InvalidWhen = R.formula(R.field(V, "invalid_when", W, T::String),
                                W + ".invalid_when");
      C.Reason = R.str(V, "reason", W);
      M.SizeChecks.push_back(std::move(C));
    }
  }

  auto optFormula = [&](const char *Key, const char *Default) {
    const json::Value *V = Root.get(Key);
    if (!V)
      return Formula::parse(Default, Origin + ": " + Key);
    return R.formula(*V, Key);
  };
  if (const json::Value *Fp =
          R.optional(Root, "floating_point", "top level", T::Object)) {
    M.Fp.Declared = true;
    std::string C = R.str(*Fp, "contract", "floating_point");
    if (C != "off" && C != "fast")
      R.fail("floating_point.contract",
             "unknown value \"" + C + "\" (expected off or fast)");
    M.Fp.FastContract = C == "fast";
    std::string Cmp = R.str(*Fp, "comparison", "floating_point");
    if (Cmp != "exact" && Cmp != "tolerance")
      R.fail("floating_point.comparison",
             "unknown value \"" + Cmp + "\" (expected exact or tolerance)");
    M.Fp.Exact = Cmp == "exact";
    if (M.Fp.Exact && M.Fp.FastContract)
      R.fail("floating_point", "an exact comparison needs contract \"off\"");
    if (const json::Value *D =
            R.optional(*Fp, "float_divide_sqrt", "floating_point", T::Bool))
      M.Fp.FloatDivideSqrt = D->asBool();
    if (const json::Value *Why =
            R.optional(*Fp, "reason", "floating_point", T::String))
      M.Fp.Reason = Why->asString();
    if (const json::Value *Re =
            R.optional(*Fp, "reordered", "floating_point", T::Bool))
      M.Fp.Reordered = Re->asBool();
    if (M.Fp.Exact && M.Fp.Reordered)
      R.fail("floating_point",
             "a reordered reduction cannot be compared exactly");
  }
  M.ReductionLength = optFormula("reduction_length", "1");
  M.Flops = optFormula("flops", "0");
  M.Bytes = optFormula("bytes", "0");

  // The host program: loops over launches. Every kernel is launched exactly
  // once in it; a launch's arguments and NDRange may use the variables of
  // the loops around it.
  std::vector<unsigned> Launched(M.Kernels.size(), 0);
  std::vector<std::string> Scope;
  std::function<void(const json::Value &, const std::string &,
                     std::vector<HostStep> &)>
      HostBody = [&](const json::Value &Arr, const std::string &W,
                     std::vector<HostStep> &Out) {
        if (!Arr.isArray())
          R.fail(W, "expected an array");
        for (size_t I = 0; I < Arr.elements().size(); ++I) {
          std::string SW = W + "[" + std::to_string(I) + "]";
          const json::Value &V = Arr.elements()[I];
          if (!V.isObject())
            R.fail(SW, "expected an object");
          HostStep S;
          auto InScope = [&](const std::string &N) {
            return Sizes.count(N) || Tunables.count(N) ||
                   std::find(Scope.begin(), Scope.end(), N) != Scope.end();
          };
          auto CheckFormula = [&](const Formula &F, const std::string &FW) {
            for (const std::string &N : F.names())
              if (!InScope(N))
                R.fail(FW, "formula \"" + F.text() + "\" uses '" + N +
                               "', which is neither a size, a tunable nor "
                               "the variable of an enclosing host loop");
          };
          if (V.get("launch")) {
            std::string Name = R.str(V, "launch", SW);
            size_t K = 0;
            while (K < M.Kernels.size() && M.Kernels[K].Name != Name)
              ++K;
            if (K == M.Kernels.size())
              R.fail(SW, "launches unknown kernel '" + Name + "'");
            if (Launched[K]++)
              R.fail(SW, "kernel '" + Name + "' is launched twice");
            S.K = HostStep::Launch;
            S.Kernel = K;
            const KernelLaunch &KL = M.Kernels[K];
            for (const std::string &A : KL.Args)
              if (!Names.count(A) &&
                  std::find(Scope.begin(), Scope.end(), A) == Scope.end())
                R.fail("kernel " + KL.Name,
                       "argument '" + A +
                           "' is not an argument, a "
                           "temporary or the variable of a host loop around "
                           "its launch");
            for (const Formula &F : KL.Global)
              CheckFormula(F, "kernel " + KL.Name + " global");
            if (KL.Local)
              for (const Formula &F : *KL.Local)
                CheckFormula(F, "kernel " + KL.Name + " local");
          } else {
            S.K = HostStep::Loop;
            S.Var = R.str(V, "loop", SW);
            if (Names.count(S.Var))
              R.fail(SW, "loop variable '" + S.Var +
                             "' has the name of an argument, temporary or "
                             "tunable");
            if (std::find(Scope.begin(), Scope.end(), S.Var) != Scope.end())
              R.fail(SW, "loop variable '" + S.Var +
                             "' is the variable of an enclosing loop");
            if (V.get("kernel_type")) {
              std::string KT = R.str(V, "kernel_type", SW);
              if (KT != "int" && KT != "long")
                R.fail(SW + ".kernel_type", "unknown kernel type \"" + KT +
                                                "\" (expected int or long)");
              S.VarLong = KT == "long";
            }
            S.From = R.formula(R.field(V, "from", SW, T::String), SW + ".from");
            S.To = R.formula(R.field(V, "to", SW, T::String), SW + ".to");
            CheckFormula(S.From, SW + ".from");
            CheckFormula(S.To, SW + ".to");
            S.Step = R.integer(R.field(V, "step", SW, T::Number), SW + ".step");
            if (S.Step == 0)
              R.fail(SW + ".step", "a loop's step must not be 0");
            auto Known = M.HostVars.find(S.Var);
            if (Known != M.HostVars.end() && Known->second != S.VarLong)
              R.fail(SW, "loop variable '" + S.Var + "' has two kernel types");
            M.HostVars[S.Var] = S.VarLong;
            Scope.push_back(S.Var);
            HostBody(R.field(V, "body", SW, T::Array), SW + ".body", S.Body);
            Scope.pop_back();
          }
          Out.push_back(std::move(S));
        }
      };
  const json::Value *HP =
      R.optional(Root, "host_program", "top level", T::Array);
  const bool HasHostProgram = HP != nullptr;
  if (HP) {
    if (VersionNumber < 2)
      R.fail("host_program", "needs \"looptile_manifest\": 2");
    HostBody(*HP, "host_program", M.Host);
    for (size_t K = 0; K < M.Kernels.size(); ++K)
      if (!Launched[K])
        R.fail("host_program",
               "kernel '" + M.Kernels[K].Name + "' is never launched");
  } else {
    for (size_t K = 0; K < M.Kernels.size(); ++K) {
      HostStep S;
      S.Kernel = K;
      M.Host.push_back(S);
      for (const std::string &A : M.Kernels[K].Args)
        if (!Names.count(A))
          R.fail("kernel " + M.Kernels[K].Name, "unknown name '" + A + "'");
    }
  }

  // Every formula may use only sizes and tunables (a kernel's NDRange also
  // the variables of the host loops around its launch, checked above).
  auto checkNames = [&](const Formula &F, const std::string &Where) {
    for (const std::string &N : F.names())
      if (!Sizes.count(N) && !Tunables.count(N))
        R.fail(Where, "formula \"" + F.text() + "\" uses '" + N +
                          "', which is neither a size argument nor a tunable");
  };
  for (const Argument &A : M.Arguments) {
    for (const Formula &F : A.Shape)
      checkNames(F, "argument " + A.Name + " shape");
    if (A.Tile)
      checkNames(*A.Tile, "argument " + A.Name + " tile");
  }
  for (const Temporary &Tmp : M.Temporaries)
    for (const Formula &F : Tmp.Shape)
      checkNames(F, "temporary " + Tmp.Name + " shape");
  for (const KernelLaunch &K : M.Kernels) {
    // Without a host program no host loop variable is in scope.
    if (!HasHostProgram) {
      for (const Formula &F : K.Global)
        checkNames(F, "kernel " + K.Name + " global");
      if (K.Local)
        for (const Formula &F : *K.Local)
          checkNames(F, "kernel " + K.Name + " local");
    }
    if (K.LocalMemoryBytes)
      checkNames(*K.LocalMemoryBytes, "kernel " + K.Name +
                                          " local_memory_bytes");
  }
  for (size_t I = 0; I < M.SizeChecks.size(); ++I)
    for (const std::string &N : M.SizeChecks[I].InvalidWhen.names())
      if (!Sizes.count(N))
        R.fail("size_checks[" + std::to_string(I) + "]",
               "formula \"" + M.SizeChecks[I].InvalidWhen.text() + "\" uses '" +
                   N + "', which is not a size argument");
  checkNames(M.ReductionLength, "reduction_length");
  checkNames(M.Flops, "flops");
  checkNames(M.Bytes, "bytes");
  return M;
}

Manifest Manifest::load(const std::string &Path) {
  std::ifstream Probe(Path);
  if (!Probe)
    throw Error(ErrorKind::Manifest,
                "manifest '" + Path + "' not found (looptile writes it next "
                                      "to the .cl, with the same stem)");
  std::string Text = readFile(Path, "manifest");
  size_t Slash = Path.find_last_of('/');
  std::string Dir = Slash == std::string::npos ? "." : Path.substr(0, Slash);
  if (Dir.empty())
    Dir = "/";
  return parse(Text, Path, Dir);
}

std::string Manifest::pathForProgram(const std::string &ClPath) {
  size_t Slash = ClPath.find_last_of('/');
  size_t Dot = ClPath.find_last_of('.');
  if (Dot == std::string::npos || (Slash != std::string::npos && Dot < Slash))
    return ClPath + ".json";
  return ClPath.substr(0, Dot) + ".json";
}

const Argument *Manifest::findArgument(const std::string &Name) const {
  for (const Argument &A : Arguments)
    if (A.Name == Name)
      return &A;
  return nullptr;
}
const Temporary *Manifest::findTemporary(const std::string &Name) const {
  for (const Temporary &T : Temporaries)
    if (T.Name == Name)
      return &T;
  return nullptr;
}
const Tunable *Manifest::findTunable(const std::string &Name) const {
  for (const Tunable &T : Tunables)
    if (T.Name == Name)
      return &T;
  return nullptr;
}
const Preset *Manifest::findPreset(const std::string &Name) const {
  for (const Preset &P : Presets)
    if (P.Name == Name)
      return &P;
  return nullptr;
}
std::vector<std::string> Manifest::sizeNames() const {
  std::vector<std::string> Out;
  for (const Argument &A : Arguments)
    if (A.K == Argument::Size)
      Out.push_back(A.Name);
  return Out;
}

Env defaultTunables(const Manifest &M) {
  Env T;
  for (const Tunable &Tn : M.Tunables)
    T[Tn.Name] = Tn.Default;
  return T;
}

std::string tunableProblem(const Manifest &M, const Env &T) {
  for (const Tunable &Tn : M.Tunables) {
    auto It = T.find(Tn.Name);
    if (It == T.end())
      return "tunable " + Tn.Name + " has no value";
    int64_t V = It->second;
    if ((Tn.Min && V < *Tn.Min) || (Tn.Max && V > *Tn.Max))
      return "tunable " + Tn.Name + "=" + std::to_string(V) +
             " is outside [" + (Tn.Min ? std::to_string(*Tn.Min) : "-inf") +
             ", " + (Tn.Max ? std::to_string(*Tn.Max) : "inf") + "]" +
             (Tn.Constraint.empty() ? "" : " (" + Tn.Constraint + ")");
    if (!Tn.MultipleOf.empty()) {
      auto Of = T.find(Tn.MultipleOf);
      if (Of == T.end() || Of->second <= 0 || V % Of->second != 0)
        return "tunable " + Tn.Name + "=" + std::to_string(V) +
               " must be a multiple of " + Tn.MultipleOf + "=" +
               (Of == T.end() ? std::string("?")
                              : std::to_string(Of->second));
    }
  }
  return "";
}

} // namespace looptile::rt
