//===- ManifestCodec.cpp - The manifest's writer and reader ---------------===//
//
// Owns the manifest's text: Document to JSON text (write) and back (read),
// with the structural checks of read. See ManifestCodec.h.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/ManifestCodec.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Json.h"

#include <cmath>
#include <functional>

namespace looptile::manifest {

using rt::json::quote;

// --- writing ----------------------------------------------------------------

namespace {

std::string strings(const std::vector<std::string> &Xs) {
  std::string Out = "[";
  for (size_t I = 0; I < Xs.size(); ++I)
    Out += (I ? ", " : "") + quote(Xs[I]);
  return Out + "]";
}

std::string integers(const std::vector<int64_t> &Xs) {
  std::string Out = "[";
  for (size_t I = 0; I < Xs.size(); ++I)
    Out += (I ? ", " : "") + std::to_string(Xs[I]);
  return Out + "]";
}

/// "KEY": [ENTRY, ...] with one entry per line; [] when empty.
template <class T, class Fn>
std::string list(const char *Key, const std::vector<T> &Xs, Fn Entry) {
  std::string Out = std::string("  \"") + Key + "\": [";
  if (Xs.empty())
    return Out + "]";
  for (size_t I = 0; I < Xs.size(); ++I)
    Out += std::string(I ? ",\n    " : "\n    ") + Entry(Xs[I]);
  return Out + "\n  ]";
}

std::string temporary(const Temporary &T) {
  return "{\"name\": " + quote(T.Name) + ", \"type\": " + quote(T.Type) +
         ", \"shape\": " + strings(T.Shape) + "}";
}

std::string sizeCheck(const SizeCheck &C) {
  return "{\"invalid_when\": " + quote(C.InvalidWhen) +
         ", \"reason\": " + quote(C.Reason) + "}";
}

std::string tunable(const Tunable &T) {
  std::string Out = "{\"name\": " + quote(T.Name) +
                    ", \"default\": " + std::to_string(T.Default);
  if (T.Min)
    Out += ", \"min\": " + std::to_string(*T.Min);
  if (T.Max)
    Out += ", \"max\": " + std::to_string(*T.Max);
  if (!T.MultipleOf.empty())
    Out += ", \"multiple_of\": " + quote(T.MultipleOf);
  if (!T.Values.empty())
    Out += ", \"values\": " + integers(T.Values);
  if (!T.Constraint.empty())
    Out += ", \"constraint\": " + quote(T.Constraint);
  if (!T.RowLength.empty())
    Out += ", \"row_length\": " + quote(T.RowLength);
  if (!T.Kernel.empty())
    Out += ", \"kernel\": " + quote(T.Kernel);
  return Out + "}";
}

std::string preset(const Preset &P) {
  std::string Out = "{\"name\": " + quote(P.Name) + ", \"set\": {";
  for (size_t I = 0; I < P.Set.size(); ++I)
    Out += (I ? ", " : "") + quote(P.Set[I].first) + ": " +
           std::to_string(P.Set[I].second);
  return Out + "}}";
}

std::string kernel(const Kernel &K) {
  std::string Out = "{\"name\": " + quote(K.Name);
  if (!K.Kind.empty())
    Out += ", \"kind\": " + quote(K.Kind);
  Out += ", \"args\": " + strings(K.Args) +
         ", \"global\": " + strings(K.Global) +
         ", \"local\": " + (K.Local ? strings(*K.Local) : std::string("null"));
  if (!K.LocalMemoryBytes.empty())
    Out += ", \"local_memory_bytes\": " + quote(K.LocalMemoryBytes);
  if (!K.IndexEnds.empty())
    Out += ", \"index_ends\": " + strings(K.IndexEnds);
  if (!K.NoSplit.empty())
    Out += ",\n     \"no_split\": " + quote(K.NoSplit);
  if (const std::optional<Split> &S = K.Split) {
    Out += ",\n     \"split\": {\"dimension\": " +
           std::to_string(S->Dimension) + ", \"loop\": " + quote(S->Loop) +
           ", \"first\": " + quote(S->First) + ", \"last\": " +
           quote(S->Last) + ", \"per_group\": " + quote(S->PerGroup);
    if (!S->Granule.empty())
      Out += ", \"granule\": " + quote(S->Granule);
    Out += ", \"footprints\": [";
    for (size_t I = 0; I < S->Footprints.size(); ++I) {
      const Footprint &F = S->Footprints[I];
      Out += std::string(I ? "," : "") + "\n       {\"array\": " +
             quote(F.Array);
      if (F.Dim >= 0)
        Out += ", \"dim\": " + std::to_string(F.Dim);
      auto Hull = [](const std::vector<std::string> &H) {
        return H.empty() ? std::string("\"all\"") : strings(H);
      };
      if (F.Read)
        Out += ", \"read\": " + Hull(*F.Read);
      if (F.Write)
        Out += ", \"write\": " + Hull(*F.Write);
      Out += "}";
    }
    Out += "]}";
  }
  return Out + "}";
}

// A host program's steps; a loop's body is indented under it.
std::string hostSteps(const std::vector<HostStep> &Body,
                      const std::string &Indent) {
  std::string Out = "[";
  for (size_t I = 0; I < Body.size(); ++I) {
    const HostStep &S = Body[I];
    Out += std::string(I ? ",\n" : "\n") + Indent + "  ";
    if (!S.IsLoop) {
      Out += "{\"launch\": " + quote(S.Launch) + "}";
      continue;
    }
    Out += "{\"loop\": " + quote(S.Var);
    if (!S.KernelType.empty())
      Out += ", \"kernel_type\": " + quote(S.KernelType);
    Out += ", \"from\": " + quote(S.From) + ", \"to\": " + quote(S.To) +
           ", \"step\": " + std::to_string(S.Step) + ",\n" + Indent;
    if (!S.WorkGroupLoop.empty())
      Out += "   \"one_work_group\": {\"kernel\": " + quote(S.WorkGroupLoop) +
             ", \"max_items\": " + quote(S.WorkGroupItems) + "},\n" + Indent;
    Out += 
           "   \"body\": " + hostSteps(S.Body, Indent + "  ") + "}";
  }
  return Out + (Body.empty() ? "" : "\n" + Indent) + "]";
}

std::string floatingPoint(const FloatingPoint &F) {
  std::string Out = "{\"contract\": " + quote(F.Contract) +
                    ", \"comparison\": " + quote(F.Comparison);
  if (F.FloatDivideSqrt)
    Out += std::string(", \"float_divide_sqrt\": ") +
           (*F.FloatDivideSqrt ? "true" : "false");
  if (!F.Reason.empty())
    Out += ", \"reason\": " + quote(F.Reason);
  if (F.Reordered)
    Out += ", \"reordered\": true";
  return Out + "}";
}

} // namespace

namespace {
std::string derivedSize(const DerivedSize &S) {
  return "{\"name\": " + quote(S.Name) + ", \"value\": " + quote(S.Value) +
         (S.When.empty() ? "" : ", \"when\": " + quote(S.When)) +
         ", \"kernel_type\": " + quote(S.KernelType) +
         (S.ValueOnly ? ", \"value_only\": true}" : "}");
}
} // namespace

std::string writeArgument(const Argument &A) {
  std::string Out =
      "{\"name\": " + quote(A.Name) + ", \"kind\": " + quote(A.Kind);
  if (!A.Type.empty())
    Out += ", \"type\": " + quote(A.Type);
  if (!A.KernelType.empty())
    Out += ", \"kernel_type\": " + quote(A.KernelType);
  if (!A.Tile.empty())
    Out += ", \"tile\": " + quote(A.Tile);
  if (!A.Access.empty())
    Out += ", \"access\": " + quote(A.Access);
  if (A.Kind == "buffer")
    Out += ", \"shape\": " + strings(A.Shape);
  if (A.Returned)
    Out += ", \"returned\": true";
  if (!A.IndexOf.empty())
    Out += ", \"index_of\": " + strings(A.IndexOf);
  return Out + "}";
}

std::string write(const Document &D) {
  std::string Out = "{\n  \"looptile_manifest\": " + std::to_string(D.Version) +
                    ",\n  \"source\": {\"file\": " + quote(D.Src.File) +
                    ", \"function\": " + quote(D.Src.Function);
  if (const std::optional<Compile> &C = D.Src.CompileFlags) {
    Out +=
        ",\n             \"compile\": {\"directory\": " + quote(C->Directory) +
        ", \"flags\": " + strings(C->Flags);
    if (!C->Std.empty())
      Out += ", \"std\": " + quote(C->Std);
    Out += "}";
  }
  Out += "},\n  \"program\": " + quote(D.Program) + ",\n";
  Out += list("arguments", D.Arguments, writeArgument) + ",\n";
  if (!D.DerivedSizes.empty())
    Out += list("derived_sizes", D.DerivedSizes, derivedSize) + ",\n";
  Out += list("temporaries", D.Temporaries, temporary) + ",\n";
  Out += list("size_checks", D.SizeChecks, sizeCheck) + ",\n";
  Out += list("tunables", D.Tunables, tunable) + ",\n";
  Out += list("presets", D.Presets, preset) + ",\n";
  Out += list("kernels", D.Kernels, kernel);
  if (D.HostProgram)
    Out += ",\n  \"host_program\": " + hostSteps(*D.HostProgram, "  ");
  if (!D.ReductionLength.empty())
    Out += ",\n  \"reduction_length\": " + quote(D.ReductionLength);
  if (!D.Flops.empty())
    Out += ",\n  \"flops\": " + quote(D.Flops);
  if (!D.Bytes.empty())
    Out += ",\n  \"bytes\": " + quote(D.Bytes);
  if (D.Fp)
    Out += ",\n  \"floating_point\": " + floatingPoint(*D.Fp);
  return Out + "\n}\n";
}

// --- reading ----------------------------------------------------------------

namespace {

using rt::json::Value;
using T = Value::Type;

class Reader {
public:
  explicit Reader(const std::string &Origin) : Origin(Origin) {}

  [[noreturn]] void fail(const std::string &Where,
                         const std::string &Msg) const {
    throw rt::Error(rt::ErrorKind::Manifest,
                    Origin + ": " + Where + ": " + Msg);
  }

  const Value &field(const Value &Obj, const char *Key,
                     const std::string &Where, T Ty) const {
    const Value *V = Obj.get(Key);
    if (!V)
      fail(Where, std::string("missing field \"") + Key + "\"");
    if (V->type() != Ty)
      fail(Where + "." + Key, std::string("expected ") + Value::typeName(Ty) +
                                  ", got " + Value::typeName(V->type()));
    return *V;
  }
  std::string str(const Value &Obj, const char *Key,
                  const std::string &Where) const {
    return field(Obj, Key, Where, T::String).asString();
  }
  const Value *optional(const Value &Obj, const char *Key,
                        const std::string &Where, T Ty) const {
    const Value *V = Obj.get(Key);
    if (V && V->type() != Ty)
      fail(Where + "." + Key, std::string("expected ") + Value::typeName(Ty) +
                                  ", got " + Value::typeName(V->type()));
    return V;
  }
  int64_t integer(const Value &V, const std::string &Where) const {
    if (!V.isInteger() || std::fabs(V.asNumber()) > 9.0e15)
      fail(Where, "expected an integer");
    return static_cast<int64_t>(V.asNumber());
  }
  /// A formula given as a string or as an integer literal.
  std::string formula(const Value &V, const std::string &Where) const {
    if (V.isString())
      return V.asString();
    if (V.isInteger())
      return std::to_string(integer(V, Where));
    fail(Where, "expected a formula (a string or an integer)");
  }
  std::vector<std::string> formulas(const Value &V, const std::string &Where,
                                    size_t MinLen, size_t MaxLen) const {
    if (!V.isArray())
      fail(Where, "expected an array of formulas");
    if (V.elements().size() < MinLen || V.elements().size() > MaxLen)
      fail(Where, "expected " + std::to_string(MinLen) + " to " +
                      std::to_string(MaxLen) + " entries, got " +
                      std::to_string(V.elements().size()));
    std::vector<std::string> Out;
    for (size_t I = 0; I < V.elements().size(); ++I)
      Out.push_back(
          formula(V.elements()[I], Where + "[" + std::to_string(I) + "]"));
    return Out;
  }
  /// An enumeration: Key's value must be one of Allowed (Expected says so).
  std::string oneOf(const Value &Obj, const char *Key, const std::string &Where,
                    const std::vector<const char *> &Allowed, const char *What,
                    const char *Expected) const {
    std::string S = str(Obj, Key, Where);
    for (const char *A : Allowed)
      if (S == A)
        return S;
    fail(Where + "." + Key, std::string("unknown ") + What + " \"" + S +
                                "\" (expected " + Expected + ")");
  }
  /// The elements of an array field, each an object.
  template <class Fn>
  void objects(const Value &Arr, const std::string &Key, Fn Each) const {
    for (size_t I = 0; I < Arr.elements().size(); ++I) {
      std::string W = Key + "[" + std::to_string(I) + "]";
      const Value &V = Arr.elements()[I];
      if (!V.isObject())
        fail(W, "expected an object");
      Each(V, W);
    }
  }

private:
  const std::string &Origin;
};

} // namespace

Document read(const std::string &Text, const std::string &Origin) {
  Value Root = rt::json::parse(Text, Origin);
  Reader R(Origin);
  if (!Root.isObject())
    R.fail("top level", "expected an object");
  Document D;
  D.Version =
      R.integer(R.field(Root, "looptile_manifest", "top level", T::Number),
                "looptile_manifest");

  const Value &Src = R.field(Root, "source", "top level", T::Object);
  D.Src.File = R.str(Src, "file", "source");
  D.Src.Function = R.str(Src, "function", "source");
  if (const Value *C = R.optional(Src, "compile", "source", T::Object)) {
    Compile Co;
    if (const Value *Dir =
            R.optional(*C, "directory", "source.compile", T::String))
      Co.Directory = Dir->asString();
    if (const Value *Fs = R.optional(*C, "flags", "source.compile", T::Array))
      for (size_t I = 0; I < Fs->elements().size(); ++I) {
        const Value &F = Fs->elements()[I];
        if (!F.isString())
          R.fail("source.compile.flags[" + std::to_string(I) + "]",
                 "expected a string");
        Co.Flags.push_back(F.asString());
      }
    if (const Value *Std = R.optional(*C, "std", "source.compile", T::String))
      Co.Std = Std->asString();
    D.Src.CompileFlags = std::move(Co);
  }
  D.Program = R.str(Root, "program", "top level");

  R.objects(R.field(Root, "arguments", "top level", T::Array), "arguments",
            [&](const Value &V, const std::string &W) {
              Argument A;
              A.Name = R.str(V, "name", W);
              A.Kind = R.oneOf(V, "kind", W, {"size", "buffer", "scalar"},
                               "kind", "size, buffer or scalar");
              if (A.Kind == "size") {
                if (const Value *Tile = V.get("tile"))
                  A.Tile = R.formula(*Tile, W + ".tile");
                if (V.get("kernel_type"))
                  A.KernelType = R.oneOf(V, "kernel_type", W, {"int", "long"},
                                         "kernel type", "int or long");
                if (V.get("type"))
                  A.Type = R.str(V, "type", W);
              } else if (A.Kind == "buffer") {
                A.Access = R.oneOf(V, "access", W, {"in", "out", "inout"},
                                   "access", "in, out or inout");
                A.Type = R.str(V, "type", W);
                A.Shape = R.formulas(R.field(V, "shape", W, T::Array),
                                     W + ".shape", 1, 8);
                if (const Value *Of = V.get("index_of"))
                  A.IndexOf = R.formulas(*Of, W + ".index_of", 1, 8);
                if (const Value *Ret = V.get("returned")) {
                  if (!Ret->isBool())
                    R.fail(W + ".returned", "expected true or false");
                  A.Returned = Ret->asBool();
                }
              } else {
                A.Type = R.str(V, "type", W);
              }
              D.Arguments.push_back(std::move(A));
            });

  if (const Value *Ds =
          R.optional(Root, "derived_sizes", "top level", T::Array))
    R.objects(*Ds, "derived_sizes", [&](const Value &V, const std::string &W) {
      DerivedSize S;
      S.Name = R.str(V, "name", W);
      S.Value = R.formula(R.field(V, "value", W, T::String), W + ".value");
      if (const Value *When = V.get("when"))
        S.When = R.formula(*When, W + ".when");
      S.KernelType = R.oneOf(V, "kernel_type", W, {"int", "long"},
                             "kernel type", "int or long");
      if (const Value *VO = R.optional(V, "value_only", W, T::Bool))
        S.ValueOnly = VO->asBool();
      D.DerivedSizes.push_back(std::move(S));
    });

  if (const Value *Ts = R.optional(Root, "temporaries", "top level", T::Array))
    R.objects(*Ts, "temporaries", [&](const Value &V, const std::string &W) {
      Temporary Tmp;
      Tmp.Name = R.str(V, "name", W);
      Tmp.Type = R.str(V, "type", W);
      Tmp.Shape =
          R.formulas(R.field(V, "shape", W, T::Array), W + ".shape", 1, 8);
      D.Temporaries.push_back(std::move(Tmp));
    });

  if (const Value *Ts = R.optional(Root, "tunables", "top level", T::Array))
    R.objects(*Ts, "tunables", [&](const Value &V, const std::string &W) {
      Tunable Tn;
      Tn.Name = R.str(V, "name", W);
      Tn.Default =
          R.integer(R.field(V, "default", W, T::Number), W + ".default");
      if (const Value *Min = R.optional(V, "min", W, T::Number))
        Tn.Min = R.integer(*Min, W + ".min");
      if (const Value *Max = R.optional(V, "max", W, T::Number))
        Tn.Max = R.integer(*Max, W + ".max");
      if (const Value *C = R.optional(V, "constraint", W, T::String))
        Tn.Constraint = C->asString();
      if (const Value *MO = R.optional(V, "multiple_of", W, T::String))
        Tn.MultipleOf = MO->asString();
      if (const Value *K = R.optional(V, "kernel", W, T::String))
        Tn.Kernel = K->asString();
      if (const Value *RL = V.get("row_length"))
        Tn.RowLength = R.formula(*RL, W + ".row_length");
      if (const Value *Vals = R.optional(V, "values", W, T::Array)) {
        if (Vals->elements().empty())
          R.fail(W + ".values", "empty list (leave \"values\" out to use "
                                "the powers of two in [min, max])");
        for (size_t J = 0; J < Vals->elements().size(); ++J)
          Tn.Values.push_back(R.integer(
              Vals->elements()[J], W + ".values[" + std::to_string(J) + "]"));
      }
      D.Tunables.push_back(std::move(Tn));
    });

  R.objects(
      R.field(Root, "kernels", "top level", T::Array), "kernels",
      [&](const Value &V, const std::string &W) {
        Kernel K;
        K.Name = R.str(V, "name", W);
        if (const Value *Kind = R.optional(V, "kind", W, T::String))
          K.Kind = Kind->asString();
        const Value &Args = R.field(V, "args", W, T::Array);
        for (size_t J = 0; J < Args.elements().size(); ++J) {
          if (!Args.elements()[J].isString())
            R.fail(W + ".args[" + std::to_string(J) + "]", "expected a string");
          K.Args.push_back(Args.elements()[J].asString());
        }
        K.Global =
            R.formulas(R.field(V, "global", W, T::Array), W + ".global", 1, 3);
        const Value *L = V.get("local");
        if (L && !L->isNull())
          K.Local = R.formulas(*L, W + ".local", 1, 3);
        if (const Value *LM = V.get("local_memory_bytes"))
          K.LocalMemoryBytes = R.formula(*LM, W + ".local_memory_bytes");
        if (const Value *IE = R.optional(V, "index_ends", W, T::Array))
          K.IndexEnds = R.formulas(*IE, W + ".index_ends", 1, 3);
        if (const Value *NS = R.optional(V, "no_split", W, T::String))
          K.NoSplit = NS->asString();
        if (const Value *S = R.optional(V, "split", W, T::Object)) {
          std::string SW = W + ".split";
          Split Sp;
          Sp.Dimension =
              R.integer(R.field(*S, "dimension", SW, T::Number),
                        SW + ".dimension");
          if (Sp.Dimension < 0 || Sp.Dimension > 2)
            R.fail(SW + ".dimension", "expected 0, 1 or 2");
          Sp.Loop = R.str(*S, "loop", SW);
          auto Req = [&](const char *Key) {
            const Value *X = S->get(Key);
            if (!X)
              R.fail(SW, std::string("missing field \"") + Key + "\"");
            return R.formula(*X, SW + "." + Key);
          };
          Sp.First = Req("first");
          Sp.Last = Req("last");
          Sp.PerGroup = Req("per_group");
          if (S->get("granule"))
            Sp.Granule = Req("granule");
          R.objects(R.field(*S, "footprints", SW, T::Array),
                    SW + ".footprints",
                    [&](const Value &FV, const std::string &FW) {
                      Footprint F;
                      F.Array = R.str(FV, "array", FW);
                      if (const Value *Dm = FV.get("dim"))
                        F.Dim = R.integer(*Dm, FW + ".dim");
                      auto Hull = [&](const char *Key)
                          -> std::optional<std::vector<std::string>> {
                        const Value *H = FV.get(Key);
                        if (!H)
                          return std::nullopt;
                        std::string HW = FW + "." + Key;
                        if (H->isString()) {
                          if (H->asString() != "all")
                            R.fail(HW, "expected \"all\" or [lo, hi]");
                          return std::vector<std::string>{};
                        }
                        std::vector<std::string> Out = R.formulas(*H, HW, 2, 2);
                        if (F.Dim < 0)
                          R.fail(HW, "an interval needs \"dim\"");
                        return Out;
                      };
                      F.Read = Hull("read");
                      F.Write = Hull("write");
                      Sp.Footprints.push_back(std::move(F));
                    });
          K.Split = std::move(Sp);
        }
        D.Kernels.push_back(std::move(K));
      });

  if (const Value *Ps = R.optional(Root, "presets", "top level", T::Array))
    R.objects(*Ps, "presets", [&](const Value &V, const std::string &W) {
      Preset P;
      P.Name = R.str(V, "name", W);
      const Value &Set = R.field(V, "set", W, T::Object);
      for (const auto &[Name, X] : Set.members())
        P.Set.emplace_back(Name, R.integer(X, W + ".set." + Name));
      D.Presets.push_back(std::move(P));
    });

  if (const Value *Cs = R.optional(Root, "size_checks", "top level", T::Array))
    R.objects(*Cs, "size_checks", [&](const Value &V, const std::string &W) {
      SizeCheck C;
      C.InvalidWhen = R.formula(R.field(V, "invalid_when", W, T::String),
                                W + ".invalid_when");
      C.Reason = R.str(V, "reason", W);
      D.SizeChecks.push_back(std::move(C));
    });

  if (const Value *Fp =
          R.optional(Root, "floating_point", "top level", T::Object)) {
    FloatingPoint F;
    F.Contract = R.str(*Fp, "contract", "floating_point");
    if (F.Contract != "off" && F.Contract != "fast")
      R.fail("floating_point.contract",
             "unknown value \"" + F.Contract + "\" (expected off or fast)");
    F.Comparison = R.str(*Fp, "comparison", "floating_point");
    if (F.Comparison != "exact" && F.Comparison != "tolerance")
      R.fail("floating_point.comparison", "unknown value \"" + F.Comparison +
                                              "\" (expected exact or "
                                              "tolerance)");
    if (const Value *Dv =
            R.optional(*Fp, "float_divide_sqrt", "floating_point", T::Bool))
      F.FloatDivideSqrt = Dv->asBool();
    if (const Value *Why =
            R.optional(*Fp, "reason", "floating_point", T::String))
      F.Reason = Why->asString();
    if (const Value *Re =
            R.optional(*Fp, "reordered", "floating_point", T::Bool))
      F.Reordered = Re->asBool();
    D.Fp = std::move(F);
  }
  for (auto [Key, Field] : {std::pair<const char *, std::string *>{
                                "reduction_length", &D.ReductionLength},
                            {"flops", &D.Flops},
                            {"bytes", &D.Bytes}})
    if (const Value *V = Root.get(Key))
      *Field = R.formula(*V, Key);

  std::function<void(const Value &, const std::string &,
                     std::vector<HostStep> &)>
      Steps = [&](const Value &Arr, const std::string &W,
                  std::vector<HostStep> &Out) {
        if (!Arr.isArray())
          R.fail(W, "expected an array");
        R.objects(Arr, W, [&](const Value &V, const std::string &SW) {
          HostStep S;
          if (V.get("launch")) {
            S.Launch = R.str(V, "launch", SW);
          } else {
            S.IsLoop = true;
            S.Var = R.str(V, "loop", SW);
            if (V.get("kernel_type"))
              S.KernelType = R.oneOf(V, "kernel_type", SW, {"int", "long"},
                                     "kernel type", "int or long");
            S.From = R.formula(R.field(V, "from", SW, T::String), SW + ".from");
            S.To = R.formula(R.field(V, "to", SW, T::String), SW + ".to");
            S.Step = R.integer(R.field(V, "step", SW, T::Number), SW + ".step");
            Steps(R.field(V, "body", SW, T::Array), SW + ".body", S.Body);
            if (const Value *G = R.optional(V, "one_work_group", SW,
                                            T::Object)) {
              std::string GW = SW + ".one_work_group";
              S.WorkGroupLoop = R.str(*G, "kernel", GW);
              S.WorkGroupItems = R.formula(
                  R.field(*G, "max_items", GW, T::String), GW + ".max_items");
            }
          }
          Out.push_back(std::move(S));
        });
      };
  if (const Value *HP =
          R.optional(Root, "host_program", "top level", T::Array)) {
    D.HostProgram.emplace();
    Steps(*HP, "host_program", *D.HostProgram);
  }
  return D;
}

} // namespace looptile::manifest
