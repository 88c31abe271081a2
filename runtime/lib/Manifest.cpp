//===- Manifest.cpp - Load and check the kernel manifest ------------------===//
//
// Owns the meaning of the manifest (docs/manifest.md): the codec's Document
// to Manifest, with the consistency checks. Every error names the manifest and
// the offending field, e.g. "mmm.json: kernels[0].args[2]: unknown name 'D'".
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Manifest.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/ManifestCodec.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
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

[[noreturn]] void fail(const std::string &Origin, const std::string &Where,
                       const std::string &Msg) {
  throw Error(ErrorKind::Manifest, Origin + ": " + Where + ": " + Msg);
}

ElemType elemType(const std::string &Origin, const std::string &T,
                  const std::string &Where) {
  for (const TypeInfo &I : Types)
    if (T == I.Name)
      return I.T;
  fail(Origin, Where + ".type",
       "unknown type \"" + T +
           "\" (expected float, double or a C integer type such as int or "
           "unsigned char)");
}

bool endsWithJson(const std::string &S) {
  return S.size() >= 5 && S.compare(S.size() - 5, 5, ".json") == 0;
}

std::string resolve(const std::string &Dir, const std::string &P) {
  if (P.empty() || P[0] == '/' || Dir.empty())
    return P;
  return Dir + "/" + P;
}

} // namespace

// The text is read by the manifest codec (ManifestCodec.h, shared with
// looptile's writer), which checks its structure; this gives the fields
// their meaning and checks them together.
Manifest Manifest::parse(const std::string &Text, const std::string &Origin,
                         const std::string &Dir) {
  const manifest::Document D = manifest::read(Text, Origin);
  auto Fail = [&](const std::string &Where, const std::string &Msg) {
    fail(Origin, Where, Msg);
  };
  auto Parse = [&](const std::string &F, const std::string &Where) {
    return Formula::parse(F, Origin + ": " + Where);
  };
  auto ParseAll = [&](const std::vector<std::string> &Fs,
                      const std::string &Where) {
    std::vector<Formula> Out;
    for (size_t I = 0; I < Fs.size(); ++I)
      Out.push_back(Parse(Fs[I], Where + "[" + std::to_string(I) + "]"));
    return Out;
  };

  Manifest M;
  M.Path = Origin;
  M.Dir = Dir;
  if (D.Version < 1 || D.Version > 3)
    Fail("looptile_manifest",
         "unsupported version (this runtime reads 1, 2 and 3)");
  M.SourceFile = resolve(Dir, D.Src.File);
  M.SourceFunction = D.Src.Function;
  if (D.Src.CompileFlags) {
    if (!D.Src.CompileFlags->Directory.empty())
      M.CompileDirectory = resolve(Dir, D.Src.CompileFlags->Directory);
    M.CompileFlags = D.Src.CompileFlags->Flags;
    M.CompileStandard = D.Src.CompileFlags->Std;
  }
  M.Program = resolve(Dir, D.Program);

  std::set<std::string> Names, Sizes, Tunables;
  auto declare = [&](const std::string &Name, const std::string &Where) {
    if (Name.empty())
      Fail(Where, "empty name");
    if (!Names.insert(Name).second)
      Fail(Where, "duplicate name '" + Name + "'");
  };

  for (size_t I = 0; I < D.Arguments.size(); ++I) {
    std::string W = "arguments[" + std::to_string(I) + "]";
    const manifest::Argument &A = D.Arguments[I];
    Argument Arg;
    Arg.Name = A.Name;
    declare(Arg.Name, W);
    if (A.Kind == "size") {
      Arg.K = Argument::Size;
      Sizes.insert(Arg.Name);
      if (!A.Tile.empty())
        Arg.Tile = Parse(A.Tile, W + ".tile");
      Arg.KernelLong = A.KernelType == "long";
    } else if (A.Kind == "buffer") {
      Arg.K = Argument::Buffer;
      Arg.Acc = A.Access == "in"    ? Access::In
                : A.Access == "out" ? Access::Out
                                    : Access::InOut;
      Arg.Ty = elemType(Origin, A.Type, W);
      Arg.Shape = ParseAll(A.Shape, W + ".shape");
      Arg.IndexOf = ParseAll(A.IndexOf, W + ".index_of");
      if (!Arg.IndexOf.empty() && !isIntegerType(Arg.Ty))
        Fail(W + ".index_of", "only a buffer of an integer type holds "
                              "indices");
      Arg.Returned = A.Returned;
      if (Arg.Returned && Arg.Acc != Access::Out)
        Fail(W + ".returned", "the returned value's buffer must have "
                              "access \"out\"");
    } else {
      Arg.K = Argument::Scalar;
      Arg.Ty = elemType(Origin, A.Type, W);
    }
    M.Arguments.push_back(std::move(Arg));
  }

  // A derived size may use the size arguments and the derived sizes before
  // it; later formulas use it as a size.
  for (size_t I = 0; I < D.DerivedSizes.size(); ++I) {
    std::string W = "derived_sizes[" + std::to_string(I) + "]";
    const manifest::DerivedSize &S = D.DerivedSizes[I];
    declare(S.Name, W);
    Manifest::DerivedSize DS{S.Name, Parse(S.Value, W + ".value"),
                             std::nullopt, S.ValueOnly};
    if (!S.When.empty())
      DS.When = Parse(S.When, W + ".when");
    for (const Formula *F : {&DS.Value, DS.When ? &*DS.When : nullptr})
      for (const std::string &N : F ? F->names() : std::set<std::string>{})
        if (!Sizes.count(N))
          Fail(W, "formula \"" + F->text() + "\" uses '" + N +
                      "', which is neither a size argument nor an earlier "
                      "derived size");
    Sizes.insert(S.Name);
    M.Derived.push_back(std::move(DS));
    M.DerivedLong[S.Name] = S.KernelType == "long";
  }

  for (size_t I = 0; I < D.Temporaries.size(); ++I) {
    std::string W = "temporaries[" + std::to_string(I) + "]";
    const manifest::Temporary &T = D.Temporaries[I];
    Temporary Tmp;
    Tmp.Name = T.Name;
    declare(Tmp.Name, W);
    Tmp.Ty = elemType(Origin, T.Type, W);
    Tmp.Shape = ParseAll(T.Shape, W + ".shape");
    M.Temporaries.push_back(std::move(Tmp));
  }

  for (size_t I = 0; I < D.Tunables.size(); ++I) {
    std::string W = "tunables[" + std::to_string(I) + "]";
    const manifest::Tunable &T = D.Tunables[I];
    Tunable Tn;
    Tn.Name = T.Name;
    declare(Tn.Name, W);
    Tunables.insert(Tn.Name);
    Tn.Default = T.Default;
    Tn.Min = T.Min;
    Tn.Max = T.Max;
    Tn.Constraint = T.Constraint;
    Tn.MultipleOf = T.MultipleOf;
    if (!T.RowLength.empty())
      Tn.RowLength = Parse(T.RowLength, W + ".row_length");
    for (size_t J = 0; J < T.Values.size(); ++J) {
      std::string VW = W + ".values[" + std::to_string(J) + "]";
      int64_t X = T.Values[J];
      if ((Tn.Min && X < *Tn.Min) || (Tn.Max && X > *Tn.Max))
        Fail(VW, std::to_string(X) + " is outside [min, max]");
      for (int64_t Y : Tn.Values)
        if (Y == X)
          Fail(VW, "duplicate value " + std::to_string(X));
      Tn.Values.push_back(X);
    }
    M.Tunables.push_back(std::move(Tn));
  }
  for (const Tunable &Tn : M.Tunables)
    for (const std::string &Of : multipleOfFactors(Tn))
      if (!Tunables.count(Of))
        Fail("tunable " + Tn.Name,
             "multiple_of names unknown tunable '" + Of + "'");

  if (D.Kernels.empty())
    Fail("kernels", "no kernels");
  for (size_t I = 0; I < D.Kernels.size(); ++I) {
    std::string W = "kernels[" + std::to_string(I) + "]";
    const manifest::Kernel &DK = D.Kernels[I];
    KernelLaunch K;
    K.Name = DK.Name;
    for (size_t J = 0; J < DK.Args.size(); ++J) {
      std::string AW = W + ".args[" + std::to_string(J) + "]";
      const std::string &N = DK.Args[J];
      if (Tunables.count(N))
        Fail(AW, "'" + N + "' is a tunable (a macro), not a kernel argument");
      // A host loop's variable is checked with the host program.
      if (!Names.count(N) && D.Version < 2)
        Fail(AW, "unknown name '" + N + "'");
      K.Args.push_back(N);
    }
    K.Global = ParseAll(DK.Global, W + ".global");
    if (DK.Local) {
      K.Local = ParseAll(*DK.Local, W + ".local");
      if (K.Local->size() != K.Global.size())
        Fail(W + ".local", "has " + std::to_string(K.Local->size()) +
                               " dimensions, global has " +
                               std::to_string(K.Global.size()));
    }
    if (!DK.LocalMemoryBytes.empty())
      K.LocalMemoryBytes =
          Parse(DK.LocalMemoryBytes, W + ".local_memory_bytes");
    K.NoSplit = DK.NoSplit;
    K.IndexEnds = ParseAll(DK.IndexEnds, W + ".index_ends");
    if (DK.Split) {
      const manifest::Split &DS = *DK.Split;
      std::string SW = W + ".split";
      KernelLaunch::SplitInfo S;
      S.Dimension = unsigned(DS.Dimension);
      if (S.Dimension >= K.Global.size())
        Fail(SW + ".dimension", "the kernel's NDRange has " +
                                    std::to_string(K.Global.size()) +
                                    " dimensions");
      S.Loop = DS.Loop;
      S.First = Parse(DS.First, SW + ".first");
      S.Last = Parse(DS.Last, SW + ".last");
      S.PerGroup = Parse(DS.PerGroup, SW + ".per_group");
      if (!DS.Granule.empty())
        S.Granule = Parse(DS.Granule, SW + ".granule");
      for (size_t J = 0; J < DS.Footprints.size(); ++J) {
        const manifest::Footprint &DF = DS.Footprints[J];
        std::string FW = SW + ".footprints[" + std::to_string(J) + "]";
        KernelLaunch::Footprint F;
        F.Array = DF.Array;
        F.Dim = int(DF.Dim);
        auto H = [&](const std::optional<std::vector<std::string>> &In,
                     const char *Key) -> std::optional<KernelLaunch::Hull> {
          if (!In)
            return std::nullopt;
          KernelLaunch::Hull Out;
          if (!In->empty()) {
            Out.Whole = false;
            Out.Lo = Parse((*In)[0], FW + "." + Key + "[0]");
            Out.Hi = Parse((*In)[1], FW + "." + Key + "[1]");
          }
          return Out;
        };
        F.Read = H(DF.Read, "read");
        F.Write = H(DF.Write, "write");
        S.Footprints.push_back(std::move(F));
      }
      K.Split = std::move(S);
    }
    M.Kernels.push_back(std::move(K));
  }

  for (size_t I = 0; I < D.Presets.size(); ++I) {
    std::string W = "presets[" + std::to_string(I) + "]";
    const manifest::Preset &DP = D.Presets[I];
    Preset P;
    P.Name = DP.Name;
    if (P.Name.empty())
      Fail(W + ".name", "empty name");
    if (M.findPreset(P.Name))
      Fail(W + ".name", "duplicate preset '" + P.Name + "'");
    for (const auto &[Name, Value] : DP.Set) {
      if (!Tunables.count(Name))
        Fail(W + ".set." + Name, "'" + Name + "' is not a tunable");
      P.Set[Name] = Value;
    }
    // A preset must be a setting the runtime accepts.
    Env All = defaultTunables(M);
    for (const auto &[Name, Value] : P.Set)
      All[Name] = Value;
    std::string Why = tunableProblem(M, All);
    if (!Why.empty())
      Fail(W, "preset '" + P.Name + "': " + Why);
    M.Presets.push_back(std::move(P));
  }

  for (size_t I = 0; I < D.SizeChecks.size(); ++I) {
    std::string W = "size_checks[" + std::to_string(I) + "]";
    SizeCheck C;
    C.InvalidWhen = Parse(D.SizeChecks[I].InvalidWhen, W + ".invalid_when");
    C.Reason = D.SizeChecks[I].Reason;
    M.SizeChecks.push_back(std::move(C));
  }

  if (D.Fp) {
    M.Fp.Declared = true;
    M.Fp.FastContract = D.Fp->Contract == "fast";
    M.Fp.Exact = D.Fp->Comparison == "exact";
    if (M.Fp.Exact && M.Fp.FastContract)
      Fail("floating_point", "an exact comparison needs contract \"off\"");
    M.Fp.FloatDivideSqrt = D.Fp->FloatDivideSqrt.value_or(false);
    M.Fp.Reason = D.Fp->Reason;
    M.Fp.Reordered = D.Fp->Reordered;
    if (M.Fp.Exact && M.Fp.Reordered)
      Fail("floating_point",
           "a reordered reduction cannot be compared exactly");
  }
  auto OptFormula = [&](const std::string &F, const char *Key,
                        const char *Default) {
    return Parse(F.empty() ? Default : F, Key);
  };
  M.ReductionLength = OptFormula(D.ReductionLength, "reduction_length", "1");
  M.Flops = OptFormula(D.Flops, "flops", "0");
  M.Bytes = OptFormula(D.Bytes, "bytes", "0");

  // The host program: loops over launches. Every kernel is launched exactly
  // once in it; a launch's arguments and NDRange may use the variables of
  // the loops around it.
  std::vector<unsigned> Launched(M.Kernels.size(), 0);
  std::vector<std::string> Scope;
  std::function<void(const std::vector<manifest::HostStep> &,
                     const std::string &, std::vector<HostStep> &)>
      HostBody = [&](const std::vector<manifest::HostStep> &Steps,
                     const std::string &W, std::vector<HostStep> &Out) {
        for (size_t I = 0; I < Steps.size(); ++I) {
          std::string SW = W + "[" + std::to_string(I) + "]";
          const manifest::HostStep &V = Steps[I];
          HostStep S;
          auto InScope = [&](const std::string &N) {
            return Sizes.count(N) || Tunables.count(N) ||
                   std::find(Scope.begin(), Scope.end(), N) != Scope.end();
          };
          auto CheckFormula = [&](const Formula &F, const std::string &FW) {
            for (const std::string &N : F.names())
              if (!InScope(N))
                Fail(FW, "formula \"" + F.text() + "\" uses '" + N +
                             "', which is neither a size, a tunable nor "
                             "the variable of an enclosing host loop");
          };
          // The kernel a step launches (Name, named at Where), launched
          // once in all, whose arguments and NDRange use only what is in
          // scope (Around: what a host loop variable must be around).
          auto Claim = [&](const std::string &Name, const std::string &Where,
                           const char *What, const char *Around) {
            size_t K = 0;
            while (K < M.Kernels.size() && M.Kernels[K].Name != Name)
              ++K;
            if (K == M.Kernels.size())
              Fail(Where, std::string(What) + " unknown kernel '" + Name + "'");
            if (Launched[K]++)
              Fail(Where, "kernel '" + Name + "' is launched twice");
            const KernelLaunch &KL = M.Kernels[K];
            for (const std::string &A : KL.Args)
              if (!Names.count(A) &&
                  std::find(Scope.begin(), Scope.end(), A) == Scope.end())
                Fail("kernel " + KL.Name,
                     "argument '" + A +
                         "' is not an argument, a "
                         "temporary or the variable of a host loop around " +
                         Around);
            for (const Formula &F : KL.Global)
              CheckFormula(F, "kernel " + KL.Name + " global");
            if (KL.Local)
              for (const Formula &F : *KL.Local)
                CheckFormula(F, "kernel " + KL.Name + " local");
            return K;
          };
          if (!V.IsLoop) {
            S.K = HostStep::Launch;
            S.Kernel = Claim(V.Launch, SW, "launches", "its launch");
          } else {
            S.K = HostStep::Loop;
            S.Var = V.Var;
            if (Names.count(S.Var))
              Fail(SW, "loop variable '" + S.Var +
                           "' has the name of an argument, temporary or "
                           "tunable");
            if (std::find(Scope.begin(), Scope.end(), S.Var) != Scope.end())
              Fail(SW, "loop variable '" + S.Var +
                           "' is the variable of an enclosing loop");
            S.VarLong = V.KernelType == "long";
            S.From = Parse(V.From, SW + ".from");
            S.To = Parse(V.To, SW + ".to");
            CheckFormula(S.From, SW + ".from");
            CheckFormula(S.To, SW + ".to");
            S.Step = V.Step;
            if (S.Step == 0)
              Fail(SW + ".step", "a loop's step must not be 0");
            auto Known = M.HostVars.find(S.Var);
            if (Known != M.HostVars.end() && Known->second != S.VarLong)
              Fail(SW, "loop variable '" + S.Var + "' has two kernel types");
            M.HostVars[S.Var] = S.VarLong;
            if (!V.WorkGroupLoop.empty()) {
              // Launched instead of the loop: in the loop's scope, not its
              // body's.
              std::string GW = SW + ".one_work_group";
              size_t K = Claim(V.WorkGroupLoop, GW, "names",
                               "the loop it runs");
              S.WorkGroupKernel = K;
              S.WorkGroupItems = Parse(V.WorkGroupItems, GW + ".max_items");
              CheckFormula(S.WorkGroupItems, GW + ".max_items");
            }
            Scope.push_back(S.Var);
            HostBody(V.Body, SW + ".body", S.Body);
            Scope.pop_back();
          }
          Out.push_back(std::move(S));
        }
      };
  // The tunables of kernels of one work-group (their NDRange's only).
  auto CollectGroupTunables = [&] {
    std::set<size_t> Group;
    std::function<void(const std::vector<HostStep> &)> Walk =
        [&](const std::vector<HostStep> &Steps) {
          for (const HostStep &S : Steps) {
            if (S.WorkGroupKernel)
              Group.insert(*S.WorkGroupKernel);
            Walk(S.Body);
          }
        };
    Walk(M.Host);
    auto Names = [&](const KernelLaunch &K, std::set<std::string> &Out) {
      for (const Formula &F : K.Global)
        for (const std::string &N : F.names())
          Out.insert(N);
      if (K.Local)
        for (const Formula &F : *K.Local)
          for (const std::string &N : F.names())
            Out.insert(N);
      if (K.LocalMemoryBytes)
        for (const std::string &N : K.LocalMemoryBytes->names())
          Out.insert(N);
    };
    std::set<std::string> InGroup, Elsewhere;
    for (size_t K = 0; K < M.Kernels.size(); ++K)
      Names(M.Kernels[K], Group.count(K) ? InGroup : Elsewhere);
    for (const std::string &N : InGroup)
      if (Tunables.count(N) && !Elsewhere.count(N))
        M.WorkGroupLoopTunables.insert(N);
    M.WorkGroupLoopKernels = Group;
  };
  const bool HasHostProgram = D.HostProgram.has_value();
  if (HasHostProgram) {
    if (D.Version < 2)
      Fail("host_program", "needs \"looptile_manifest\": 2");
    HostBody(*D.HostProgram, "host_program", M.Host);
    for (size_t K = 0; K < M.Kernels.size(); ++K)
      if (!Launched[K])
        Fail("host_program",
             "kernel '" + M.Kernels[K].Name + "' is never launched");
    CollectGroupTunables();
  } else {
    for (size_t K = 0; K < M.Kernels.size(); ++K) {
      HostStep S;
      S.Kernel = K;
      M.Host.push_back(S);
      for (const std::string &A : M.Kernels[K].Args)
        if (!Names.count(A))
          Fail("kernel " + M.Kernels[K].Name, "unknown name '" + A + "'");
    }
  }

  // Every formula may use only sizes and tunables (a kernel's NDRange also
  // the variables of the host loops around its launch, checked above).
  auto checkNames = [&](const Formula &F, const std::string &Where) {
    for (const std::string &N : F.names())
      if (!Sizes.count(N) && !Tunables.count(N))
        Fail(Where, "formula \"" + F.text() + "\" uses '" + N +
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
      for (const Formula &F : K.IndexEnds)
        checkNames(F, "kernel " + K.Name + " index_ends");
    }
    if (K.LocalMemoryBytes)
      checkNames(*K.LocalMemoryBytes,
                 "kernel " + K.Name + " local_memory_bytes");
  }
  for (size_t I = 0; I < M.SizeChecks.size(); ++I)
    for (const std::string &N : M.SizeChecks[I].InvalidWhen.names())
      if (!Sizes.count(N))
        Fail("size_checks[" + std::to_string(I) + "]",
             "formula \"" + M.SizeChecks[I].InvalidWhen.text() + "\" uses '" +
                 N + "', which is not a size argument");
  for (const Tunable &Tn : M.Tunables)
    if (Tn.RowLength)
      for (const std::string &N : Tn.RowLength->names())
        if (!Sizes.count(N))
          Fail("tunable " + Tn.Name,
               "row_length \"" + Tn.RowLength->text() + "\" uses '" + N +
                   "', which is not a size argument");
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

std::string Manifest::pathForFunction(const std::string &ClPath,
                                      const std::string &Function) {
  std::string Json = pathForProgram(ClPath);
  return Json.substr(0, Json.size() - 5) + "." + Function + ".json";
}

std::vector<std::string>
Manifest::functionsOfProgram(const std::string &ClPath) {
  namespace fs = std::filesystem;
  std::string Json = pathForProgram(ClPath);
  fs::path Stem = fs::path(Json.substr(0, Json.size() - 5));
  fs::path Dir =
      Stem.parent_path().empty() ? fs::path(".") : Stem.parent_path();
  std::string Prefix = Stem.filename().string() + ".";
  std::vector<std::string> Out;
  std::error_code EC;
  for (fs::directory_iterator It(Dir, EC), End; !EC && It != End;
       It.increment(EC)) {
    std::string Name = It->path().filename().string();
    if (Name.size() > Prefix.size() + 5 && Name.rfind(Prefix, 0) == 0 &&
        endsWithJson(Name)) {
      std::string F =
          Name.substr(Prefix.size(), Name.size() - Prefix.size() - 5);
      if (F.find('.') == std::string::npos)
        Out.push_back(F);
    }
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

bool fileExists(const std::string &Path) {
  std::error_code EC;
  return std::filesystem::is_regular_file(Path, EC);
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

std::vector<std::string> multipleOfFactors(const Tunable &Tn) {
  std::vector<std::string> Names;
  if (Tn.MultipleOf.empty())
    return Names;
  size_t Start = 0;
  for (;;) {
    size_t Star = Tn.MultipleOf.find('*', Start);
    Names.push_back(Tn.MultipleOf.substr(Start, Star - Start));
    if (Star == std::string::npos)
      return Names;
    Start = Star + 1;
  }
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
      // The product of the named tunables (each at most the manifest's
      // max, so no overflow for the few factors a manifest names).
      int64_t Product = 1;
      std::string Values;
      for (const std::string &Name : multipleOfFactors(Tn)) {
        auto Of = T.find(Name);
        int64_t X = Of == T.end() ? 0 : Of->second;
        Values += (Values.empty() ? "" : ", ") + Name + "=" +
                  (Of == T.end() ? std::string("?") : std::to_string(X));
        Product = X <= 0 || Product <= 0 || Product > INT64_MAX / X
                      ? 0
                      : Product * X;
      }
      if (Product <= 0 || V % Product != 0)
        return "tunable " + Tn.Name + "=" + std::to_string(V) +
               " must be a multiple of " +
               (Values.find(',') == std::string::npos
                    ? Values
                    : Tn.MultipleOf + " (" + Values + ")");
    }
  }
  return "";
}

} // namespace looptile::rt

looptile::rt::HostLoops looptile::rt::hostLoopsPolicy() {
  const char *V = std::getenv("LOOPTILE_HOST_LOOPS");
  if (!V || !*V || std::string(V) == "auto")
    return HostLoops::Auto;
  if (std::string(V) == "launches")
    return HostLoops::Launches;
  if (std::string(V) == "one-work-group")
    return HostLoops::OneWorkGroup;
  throw Error(ErrorKind::Usage, std::string("LOOPTILE_HOST_LOOPS=") + V +
                                    ": expected auto, launches or "
                                    "one-work-group");
}

namespace {

/// The largest product of global sizes of a launch in Steps, with each
/// loop variable at its first and at its last value (the widest launch of
/// a loop whose ranges grow or shrink along it); loops that run no
/// iteration add nothing.
int64_t widestLaunch(const looptile::rt::Manifest &M,
                     const std::vector<looptile::rt::HostStep> &Steps,
                     looptile::rt::Env &E) {
  using namespace looptile::rt;
  int64_t Widest = 0;
  for (const HostStep &S : Steps) {
    if (S.K == HostStep::Launch) {
      int64_t Items = 1;
      for (const Formula &G : M.Kernels[S.Kernel].Global) {
        int64_t V = std::max<int64_t>(G.evaluate(E), 0);
        Items = V != 0 && Items > INT64_MAX / V ? INT64_MAX : Items * V;
      }
      Widest = std::max(Widest, Items);
      continue;
    }
    int64_t From = S.From.evaluate(E), To = S.To.evaluate(E);
    if (From > To)
      continue;
    for (int64_t V : {From, To}) {
      E[S.Var] = V;
      Widest = std::max(Widest, widestLaunch(M, S.Body, E));
    }
    E.erase(S.Var);
  }
  return Widest;
}

} // namespace

bool looptile::rt::hostLoopInOneGroup(const Manifest &M, const HostStep &S,
                                      const Env &E, HostLoops Policy) {
  if (!S.WorkGroupKernel || Policy == HostLoops::Launches)
    return false;
  if (Policy == HostLoops::OneWorkGroup)
    return true;
  int64_t From = S.From.evaluate(E), To = S.To.evaluate(E);
  // One iteration or none: the launches cost what the kernel would.
  if (From >= To)
    return false;
  Env At = E;
  At[S.Var] = From;
  int64_t Widest = widestLaunch(M, S.Body, At);
  At[S.Var] = To;
  Widest = std::max(Widest, widestLaunch(M, S.Body, At));
  return Widest <= S.WorkGroupItems.evaluate(E);
}

void looptile::rt::runHostProgram(
    const std::vector<HostStep> &Steps, Env &E,
    const std::function<void(size_t, const Env &)> &Launch,
    const std::function<bool(const HostStep &, const Env &)> &InOneGroup) {
  for (const HostStep &S : Steps) {
    if (S.K == HostStep::Launch) {
      Launch(S.Kernel, E);
      continue;
    }
    if (S.WorkGroupKernel && InOneGroup && InOneGroup(S, E)) {
      Launch(*S.WorkGroupKernel, E);
      continue;
    }
    int64_t From = S.From.evaluate(E), To = S.To.evaluate(E);
    if (S.Step > 0)
      for (int64_t V = From; V <= To; V += S.Step) {
        E[S.Var] = V;
        runHostProgram(S.Body, E, Launch, InOneGroup);
      }
    else
      for (int64_t V = To; V >= From; V += S.Step) {
        E[S.Var] = V;
        runHostProgram(S.Body, E, Launch, InOneGroup);
      }
    E.erase(S.Var);
  }
}
