//===- ManifestCodecTest.cpp - Round trips of the manifest codec ----------===//
//
// Owns the tests of ManifestCodec.h: for representative manifests (a
// hand-written version 1 with integer formulas and a null local size, a
// looptile-style version 2 with nested host loops, temporaries, size checks,
// presets, a returned value and the floating-point block, every fixture of
// test/Runtime/Inputs, and a Document built field by field), read(write(D))
// == D and write(read(write(D))) == write(D); and the reader's structural
// errors name the field.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/ManifestCodec.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Manifest.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace looptile;

namespace {

// Hand-written, version 1: no host program, a formula written as an
// integer ("tile": 16), "local": null, presets, values and multiple_of.
const char Version1[] = R"J({"looptile_manifest": 1,
  "source": {"file": "axpy.c", "function": "axpy"}, "program": "axpy.cl",
  "arguments": [{"name": "n", "kind": "size", "tile": 16},
                {"name": "alpha", "kind": "scalar", "type": "float"},
                {"name": "x", "kind": "buffer", "access": "in", "type": "float", "shape": ["n"]},
                {"name": "y", "kind": "buffer", "access": "inout", "type": "float", "shape": ["n"]}],
  "tunables": [{"name": "WG", "default": 64, "min": 1, "max": 1024, "values": [16, 64, 256],
                "multiple_of": "VW"},
               {"name": "VW", "default": 4}],
  "presets": [{"name": "wide", "set": {"WG": 256, "VW": 4}}],
  "kernels": [{"name": "axpy", "args": ["x", "y", "alpha", "n"],
               "global": ["round_up(n, WG)"], "local": null},
              {"name": "again", "args": ["y"], "global": [64]}],
  "flops": "2*n", "bytes": 12, "unknown_field": [1, 2]})J";

// As looptile writes a host program (LU-like: a launch, then a loop of two
// launches with a nested loop), with everything else a function can have.
const char Version2[] = R"J({
  "looptile_manifest": 2,
  "source": {"file": "/abs/lu.c", "function": "lu",
             "compile": {"directory": "/abs", "flags": ["-DN=64", "-I", "inc dir"], "std": "gnu17"}},
  "program": "lu.cl",
  "arguments": [
    {"name": "N", "kind": "size", "type": "long", "kernel_type": "long"},
    {"name": "A", "kind": "buffer", "type": "double", "access": "inout", "shape": ["N", "N"]},
    {"name": "c", "kind": "scalar", "type": "unsigned char"},
    {"name": "result", "kind": "buffer", "type": "float", "access": "out", "shape": ["1"], "returned": true},
    {"name": "perm", "kind": "buffer", "type": "int", "access": "in", "shape": ["N"], "index_of": ["N", "N - 1"]}
  ],
  "temporaries": [
    {"name": "s", "type": "float", "shape": ["1"]},
    {"name": "A_x", "type": "double", "shape": ["max(N, 1)", "4"]}
  ],
  "size_checks": [
    {"invalid_when": "N >= 1025", "reason": "it would access 'A[i][j]' (line 7) outside \"the\" extents\n[1024]"}
  ],
  "tunables": [
    {"name": "WG0_k1", "default": 16, "min": 1, "max": 1024, "constraint": "work-group size", "row_length": "N - 1", "kernel": "lu_k1"}
  ],
  "presets": [],
  "kernels": [
    {"name": "lu_k0", "kind": "single work-item", "args": ["N", "A", "s"], "global": ["1"], "local": ["1"]},
    {"name": "lu_k1", "kind": "naive", "args": ["N", "A", "k"], "global": ["round_up(max(N - 1 - k, 0), WG0_k1)"], "local": ["WG0_k1"], "local_memory_bytes": "0"},
    {"name": "lu_k2", "kind": "naive", "args": ["N", "A", "k", "j", "result", "c", "A_x"], "global": ["1"], "local": ["1"]},
    {"name": "lu_wg0", "kind": "work-group loop", "args": ["N", "A"], "global": ["WG0_k1"], "local": ["WG0_k1"]}
  ],
  "host_program": [
    {"launch": "lu_k0"},
    {"loop": "k", "kernel_type": "long", "from": "0", "to": "N - 1", "step": 1,
     "one_work_group": {"kernel": "lu_wg0", "max_items": "16*WG0_k1"},
     "body": [
      {"launch": "lu_k1"},
      {"loop": "j", "kernel_type": "long", "from": "k", "to": "max(k, N - 2)", "step": -2,
       "body": [
        {"launch": "lu_k2"}
      ]}
    ]}
  ],
  "reduction_length": "N",
  "flops": "2*N*N*N/3",
  "bytes": "16*N*N",
  "floating_point": {"contract": "fast", "comparison": "tolerance", "float_divide_sqrt": true, "reason": "built with --fp-contract=fast"}
}
)J";

void expectRoundTrip(const std::string &Text, const std::string &Origin) {
  SCOPED_TRACE(Origin);
  manifest::Document D = manifest::read(Text, Origin);
  std::string Written = manifest::write(D);
  manifest::Document Again = manifest::read(Written, Origin + " (written)");
  EXPECT_TRUE(Again == D) << Written;
  EXPECT_EQ(manifest::write(Again), Written);
  // What the codec writes, the runtime accepts.
  EXPECT_NO_THROW(rt::Manifest::parse(Written, Origin, ""));
}

std::string errorOf(const std::string &Text) {
  try {
    manifest::read(Text, "m.json");
  } catch (const rt::Error &E) {
    return E.what();
  }
  return "";
}

} // namespace

TEST(ManifestCodec, Version1RoundTrip) {
  expectRoundTrip(Version1, "version1");
  manifest::Document D = manifest::read(Version1, "version1");
  EXPECT_EQ(D.Version, 1);
  EXPECT_FALSE(D.HostProgram.has_value());
  EXPECT_EQ(D.Arguments[0].Tile, "16"); // an integer formula, as text
  EXPECT_EQ(D.Kernels[1].Global, std::vector<std::string>{"64"});
  EXPECT_FALSE(D.Kernels[0].Local.has_value()); // "local": null
  EXPECT_EQ(D.Bytes, "12");
  EXPECT_TRUE(D.ReductionLength.empty()); // absent
  EXPECT_FALSE(D.Fp.has_value());
  ASSERT_EQ(D.Presets.size(), 1u);
  EXPECT_EQ(D.Presets[0].Set, (std::vector<std::pair<std::string, int64_t>>{
                                  {"WG", 256}, {"VW", 4}}));
}

TEST(ManifestCodec, Version2HostProgramRoundTrip) {
  expectRoundTrip(Version2, "version2");
  // looptile's layout is the codec's: the text comes back as it was.
  EXPECT_EQ(manifest::write(manifest::read(Version2, "version2")),
            std::string(Version2));
  manifest::Document D = manifest::read(Version2, "version2");
  ASSERT_TRUE(D.HostProgram.has_value());
  ASSERT_EQ(D.HostProgram->size(), 2u);
  const manifest::HostStep &K = (*D.HostProgram)[1];
  EXPECT_TRUE(K.IsLoop);
  EXPECT_EQ(K.Var, "k");
  EXPECT_EQ(K.WorkGroupLoop, "lu_wg0");
  EXPECT_EQ(K.WorkGroupItems, "16*WG0_k1");
  EXPECT_TRUE((*D.HostProgram)[0].WorkGroupLoop.empty());
  ASSERT_EQ(K.Body.size(), 2u);
  EXPECT_EQ(K.Body[1].Step, -2);
  EXPECT_EQ(K.Body[1].Body[0].Launch, "lu_k2");
  EXPECT_TRUE(D.Arguments[3].Returned);
  EXPECT_EQ(D.Arguments[4].IndexOf,
            (std::vector<std::string>{"N", "N - 1"}));
  EXPECT_EQ(D.Tunables[0].RowLength, "N - 1");
  EXPECT_EQ(D.Src.CompileFlags->Flags[2], "inc dir");
  EXPECT_EQ(D.SizeChecks[0].Reason,
            "it would access 'A[i][j]' (line 7) outside \"the\" extents\n"
            "[1024]");
}

TEST(ManifestCodec, DocumentBuiltInCode) {
  manifest::Document D;
  D.Src.File = "f.c";
  D.Src.Function = "f";
  D.Program = "f.cl";
  D.Arguments.push_back({"n", "size", "", "", "", "", {}, false});
  D.Arguments.push_back({"x", "buffer", "float", "", "", "out", {"n"}, false});
  manifest::Kernel K;
  K.Name = "f";
  K.Args = {"x", "n"};
  K.Global = {"round_up(n, TS)"};
  K.Local = std::vector<std::string>{"TS"};
  D.Kernels.push_back(K);
  manifest::Tunable T;
  T.Name = "TS";
  T.Default = 64;
  T.Min = 1;
  D.Tunables.push_back(T);
  D.HostProgram = std::vector<manifest::HostStep>(1);
  D.HostProgram->front().Launch = "f";
  std::string W = manifest::write(D);
  EXPECT_TRUE(manifest::read(W, "built") == D) << W;
  // Every list is written, empty ones as [].
  EXPECT_NE(W.find("\"temporaries\": [],"), std::string::npos) << W;
  EXPECT_NE(W.find("\"presets\": [],"), std::string::npos) << W;
  EXPECT_NO_THROW(rt::Manifest::parse(W, "built", ""));
}

// Version 3: a kernel's split over several devices (intervals, "all", a
// granule) and another's reason to run on one device.
TEST(ManifestCodec, Version3SplitRoundTrip) {
  manifest::Document D;
  D.Version = 3;
  D.Src.File = "f.c";
  D.Src.Function = "f";
  D.Program = "f.cl";
  D.Arguments.push_back({"n", "size", "", "", "", "", {}, false});
  D.Arguments.push_back({"a", "buffer", "float", "", "", "in", {"n", "n"},
                         false});
  D.Arguments.push_back({"x", "buffer", "float", "", "", "out", {"n", "n"},
                         false});
  manifest::Kernel K;
  K.Name = "f_k0";
  K.Args = {"a", "x", "n"};
  K.Global = {"round_up(n, 16)", "round_up(n, 16)"};
  K.Local = std::vector<std::string>{"16", "16"};
  manifest::Split S;
  S.Dimension = 1;
  S.Loop = "i";
  S.First = "0";
  S.Last = "n - 1";
  S.PerGroup = "16";
  S.Granule = "2";
  manifest::Footprint A;
  A.Array = "a";
  A.Read = std::vector<std::string>{};
  manifest::Footprint X;
  X.Array = "x";
  X.Dim = 0;
  X.Read = std::vector<std::string>{"(n >= 1) * (SPLIT_LO - 1)", "SPLIT_HI"};
  X.Write = std::vector<std::string>{"SPLIT_LO", "SPLIT_HI"};
  S.Footprints = {A, X};
  K.Split = S;
  D.Kernels.push_back(K);
  manifest::Kernel K1 = K;
  K1.Name = "f_k1";
  K1.Split.reset();
  K1.NoSplit = "one work-item runs the whole nest";
  K1.IndexEnds = {"n - 1", "min(n, 7)"};
  D.Kernels.push_back(K1);
  std::string W = manifest::write(D);
  EXPECT_TRUE(manifest::read(W, "built") == D) << W;
  EXPECT_NE(W.find("{\"array\": \"a\", \"read\": \"all\"}"),
            std::string::npos)
      << W;
  rt::Manifest M = rt::Manifest::parse(W, "built", "");
  ASSERT_TRUE(M.Kernels[0].Split.has_value());
  EXPECT_EQ(M.Kernels[0].Split->Footprints[1].Dim, 0);
  EXPECT_FALSE(M.Kernels[0].Split->Footprints[1].Write->Whole);
  EXPECT_TRUE(M.Kernels[0].Split->Footprints[0].Read->Whole);
  EXPECT_EQ(M.Kernels[1].NoSplit, "one work-item runs the whole nest");
  EXPECT_TRUE(M.Kernels[0].IndexEnds.empty());
  ASSERT_EQ(M.Kernels[1].IndexEnds.size(), 2u);
  EXPECT_EQ(M.Kernels[1].IndexEnds[1].evaluate({{"n", 9}}), 7);
  // An interval without its dimension, a bad hull word.
  std::string NoDim = W;
  NoDim.replace(NoDim.find("\"dim\": 0, "), 10, "");
  EXPECT_THROW(manifest::read(NoDim, "m.json"), rt::Error);
  std::string Word = W;
  Word.replace(Word.find("\"all\""), 5, "\"most\"");
  EXPECT_THROW(manifest::read(Word, "m.json"), rt::Error);
}

TEST(ManifestCodec, RuntimeFixturesRoundTrip) {
  namespace fs = std::filesystem;
  unsigned Count = 0;
  for (const fs::directory_entry &E :
       fs::directory_iterator(LOOPTILE_SOURCE_DIR "/test/Runtime/Inputs")) {
    if (E.path().extension() != ".json")
      continue;
    std::ifstream In(E.path());
    std::stringstream S;
    S << In.rdbuf();
    expectRoundTrip(S.str(), E.path().filename().string());
    ++Count;
  }
  EXPECT_GE(Count, 5u);
}

TEST(ManifestCodec, StructuralErrorsNameTheField) {
  EXPECT_EQ(errorOf("[]"), "m.json: top level: expected an object");
  EXPECT_EQ(errorOf(R"({"looptile_manifest": 2})"),
            "m.json: top level: missing field \"source\"");
  std::string Base = R"({"looptile_manifest": 2, "source": {"file": "f.c",
    "function": "f"}, "program": "f.cl", "arguments": [)";
  EXPECT_EQ(
      errorOf(Base + R"({"name": "n", "kind": "vector"}], "kernels": []})"),
      "m.json: arguments[0].kind: unknown kind \"vector\" (expected "
      "size, buffer or scalar)");
  EXPECT_EQ(errorOf(Base + R"(], "kernels": [{"name": "k", "args": [],
    "global": ["1", "1", "1", "1"]}]})"),
            "m.json: kernels[0].global: expected 1 to 3 entries, got 4");
  EXPECT_EQ(errorOf(Base + R"(], "kernels": [], "host_program": [{"loop": "t",
    "from": "0", "to": "1", "step": 1.5, "body": []}]})"),
            "m.json: host_program[0].step: expected an integer");
}
