//===- TuneTest.cpp - GoogleTest units of the autotuning's pure parts -----===//
//
// Owns the device-free tests of autotuning: the manifest's "values",
// "presets" and "local_memory_bytes", the precedence of tunable values, the
// shape-based preset choice for given compute units, candidate enumeration
// and the budget, the reduced validation sizes, and the tuning cache's keys,
// round trip and corrupt-file handling. Every expected value below is
// derived by hand in the comment next to it.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Candidates.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Presets.h"
#include "looptile/Runtime/Setting.h"
#include "looptile/Runtime/TuneCache.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <unistd.h>

using namespace looptile::rt;

namespace {

// A register-tiled matmul's tunables, as the code generator writes them:
// a work-group of (TSN/WPTN) x (TSM/WPTM) work-items computes a TSM x TSN
// tile of C.
const char *const TiledManifest = R"J({"looptile_manifest": 1,
  "source": {"file": "mmm.c", "function": "mmm"}, "program": "mmm.cl",
  "arguments": [{"name": "M", "kind": "size"}, {"name": "N", "kind": "size"},
    {"name": "K", "kind": "size"},
    {"name": "A", "kind": "buffer", "access": "in", "type": "float", "shape": ["M", "K"]},
    {"name": "B", "kind": "buffer", "access": "in", "type": "float", "shape": ["K", "N"]},
    {"name": "C", "kind": "buffer", "access": "out", "type": "float", "shape": ["M", "N"]}],
  "tunables": [
    {"name": "WPTM", "default": 4, "min": 1, "max": 16, "values": [1, 2, 4, 8]},
    {"name": "WPTN", "default": 4, "min": 1, "max": 16, "values": [1, 2, 4, 8]},
    {"name": "TSM", "default": 64, "min": 1, "max": 256, "multiple_of": "WPTM", "values": [16, 32, 64, 128]},
    {"name": "TSN", "default": 64, "min": 1, "max": 256, "multiple_of": "WPTN", "values": [16, 32, 64, 128]},
    {"name": "TSK", "default": 16, "min": 1, "max": 64, "values": [8, 16, 32]}],
  "presets": [
    {"name": "large", "set": {"TSM": 128, "TSN": 128, "WPTM": 8, "WPTN": 8, "TSK": 16}},
    {"name": "medium", "set": {"TSM": 64, "TSN": 64, "WPTM": 4, "WPTN": 4}},
    {"name": "small", "set": {"TSM": 32, "TSN": 32, "WPTM": 2, "WPTN": 2}}],
  "kernels": [{"name": "mmm", "args": ["A", "B", "C", "M", "N", "K"],
    "global": ["ceil_div(N, TSN) * (TSN / WPTN)", "ceil_div(M, TSM) * (TSM / WPTM)"],
    "local": ["TSN / WPTN", "TSM / WPTM"],
    "local_memory_bytes": "TSK*(TSM + TSN)*4"}],
  "reduction_length": "K", "flops": "2*M*N*K", "bytes": "4*(M*K + K*N + M*N)"})J";

Manifest tiled() { return Manifest::parse(TiledManifest, "t.json", ""); }

DeviceLimits limits(int64_t ComputeUnits) {
  DeviceLimits L;
  L.ComputeUnits = ComputeUnits;
  L.MaxWorkGroupSize = 1024;
  L.MaxWorkItemSizes = {1024, 1024, 64};
  L.LocalMemBytes = 48 * 1024;
  return L;
}

Env sizes(int64_t M, int64_t N, int64_t K) {
  return {{"M", M}, {"N", N}, {"K", K}};
}

std::string errorOf(const std::string &Text) {
  try {
    Manifest::parse(Text, "t.json", "");
  } catch (const Error &E) {
    return E.what();
  }
  return "";
}

std::string replaced(std::string S, const std::string &From,
                     const std::string &To) {
  size_t At = S.find(From);
  EXPECT_NE(At, std::string::npos) << From;
  return S.replace(At, From.size(), To);
}

// --- The manifest's new fields. ---

TEST(TuneManifest, ParsesValuesPresetsAndLocalMemory) {
  Manifest M = tiled();
  ASSERT_EQ(M.Tunables.size(), 5u);
  EXPECT_EQ(M.Tunables[2].Values, (std::vector<int64_t>{16, 32, 64, 128}));
  ASSERT_EQ(M.Presets.size(), 3u);
  EXPECT_EQ(M.Presets[1].Name, "medium");
  EXPECT_EQ(M.Presets[1].Set,
            (Env{{"TSM", 64}, {"TSN", 64}, {"WPTM", 4}, {"WPTN", 4}}));
  ASSERT_TRUE(M.Kernels[0].LocalMemoryBytes.has_value());
  // 16 * (64 + 64) * 4 = 8192 bytes with the defaults.
  EXPECT_EQ(M.Kernels[0].LocalMemoryBytes->evaluate(
                {{"TSK", 16}, {"TSM", 64}, {"TSN", 64}}),
            8192);
}

TEST(TuneManifest, RejectsBadValues) {
  EXPECT_NE(errorOf(replaced(TiledManifest, "\"values\": [8, 16, 32]",
                             "\"values\": [8, 128]"))
                .find("tunables[4].values[1]: 128 is outside [min, max]"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(TiledManifest, "\"values\": [8, 16, 32]",
                             "\"values\": [8, 16, 8]"))
                .find("tunables[4].values[2]: duplicate value 8"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(TiledManifest, "\"values\": [8, 16, 32]",
                             "\"values\": []"))
                .find("tunables[4].values: empty list"),
            std::string::npos);
}

TEST(TuneManifest, RejectsBadPresets) {
  EXPECT_NE(errorOf(replaced(TiledManifest, "\"set\": {\"TSM\": 32,",
                             "\"set\": {\"TS\": 32,"))
                .find("presets[2].set.TS: 'TS' is not a tunable"),
            std::string::npos);
  // TSM = 36 is not a multiple of WPTM = 8 (the other values default).
  EXPECT_NE(errorOf(replaced(TiledManifest, "{\"TSM\": 128, \"TSN\": 128",
                             "{\"TSM\": 36, \"TSN\": 128"))
                .find("presets[0]: preset 'large': tunable TSM=36 must be "
                      "a multiple of WPTM=8"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(TiledManifest, "\"name\": \"small\"",
                             "\"name\": \"medium\""))
                .find("presets[2].name: duplicate preset 'medium'"),
            std::string::npos);
  EXPECT_NE(errorOf(replaced(TiledManifest, "\"TSK*(TSM + TSN)*4\"",
                             "\"TSK*(TSM + Q)*4\""))
                .find("uses 'Q'"),
            std::string::npos);
}

// multiple_of naming a product of tunables, as a transposition's TS, a
// multiple of TSR*TVW, writes it.
TEST(TuneManifest, MultipleOfAProduct) {
  const std::string Text = R"J({"looptile_manifest": 1,
    "source": {"file": "t.c", "function": "t"}, "program": "t.cl",
    "arguments": [{"name": "n", "kind": "size"}],
    "tunables": [{"name": "TSR", "default": 8, "min": 1, "max": 64},
                 {"name": "TS", "default": 32, "min": 1, "max": 64, "multiple_of": "TSR*TVW"},
                 {"name": "TVW", "default": 1, "min": 1, "max": 4}],
    "kernels": [{"name": "k", "args": ["n"], "global": ["n", "TSR"], "local": ["TS", "TSR"]}]})J";
  Manifest M = Manifest::parse(Text, "t.json", "");
  EXPECT_EQ(multipleOfFactors(M.Tunables[1]),
            (std::vector<std::string>{"TSR", "TVW"}));
  EXPECT_TRUE(multipleOfFactors(M.Tunables[0]).empty());
  // 32 = 8 * 4 and 64 = 16 * 4: valid; 32 is not a multiple of 16 * 4 = 64
  // nor of 8 * 3 = 24.
  EXPECT_EQ(tunableProblem(M, {{"TS", 32}, {"TSR", 8}, {"TVW", 4}}), "");
  EXPECT_EQ(tunableProblem(M, {{"TS", 64}, {"TSR", 16}, {"TVW", 4}}), "");
  EXPECT_EQ(tunableProblem(M, {{"TS", 32}, {"TSR", 16}, {"TVW", 4}}),
            "tunable TS=32 must be a multiple of TSR*TVW (TSR=16, TVW=4)");
  EXPECT_EQ(tunableProblem(M, {{"TS", 32}, {"TSR", 8}, {"TVW", 3}}),
            "tunable TS=32 must be a multiple of TSR*TVW (TSR=8, TVW=3)");
  // Every factor must name a tunable.
  EXPECT_NE(errorOf(replaced(Text, "TSR*TVW", "TSR*Q"))
                .find("multiple_of names unknown tunable 'Q'"),
            std::string::npos);
}

// --- Precedence: overrides > cache > preset > default. ---

TEST(TunePrecedence, LayersPerValue) {
  Manifest M = tiled();
  TunableSetting D = layerSetting(M, {}, TunableOrigin::Default, {});
  EXPECT_EQ(
      D.Values,
      (Env{{"WPTM", 4}, {"WPTN", 4}, {"TSM", 64}, {"TSN", 64}, {"TSK", 16}}));
  EXPECT_EQ(D.describe(M), "WPTM=4 WPTN=4 TSM=64 TSN=64 TSK=16 "
                           "(manifest default)");

  // The "small" preset sets four values; TSK keeps its default.
  TunableSetting P =
      layerSetting(M, M.Presets[2].Set, TunableOrigin::Preset, {});
  P.PresetName = "small";
  EXPECT_EQ(P.Values.at("TSM"), 32);
  EXPECT_EQ(P.Origins.at("TSM"), TunableOrigin::Preset);
  EXPECT_EQ(P.Origins.at("TSK"), TunableOrigin::Default);
  EXPECT_EQ(P.describe(M), "WPTM=2 WPTN=2 TSM=32 TSN=32 (preset small); "
                           "TSK=16 (manifest default)");

  // An override beats the cache's value of the same tunable.
  TunableSetting C = layerSetting(M, {{"TSK", 32}, {"TSM", 128}},
                                  TunableOrigin::Cache, {{"TSK", 8}});
  EXPECT_EQ(C.Values.at("TSK"), 8);
  EXPECT_EQ(C.Origins.at("TSK"), TunableOrigin::Override);
  EXPECT_EQ(C.Values.at("TSM"), 128);
  EXPECT_EQ(C.Origins.at("TSM"), TunableOrigin::Cache);
  EXPECT_EQ(C.describe(M), "TSK=8 (--set); TSM=128 (tuning cache); "
                           "WPTM=4 WPTN=4 TSN=64 (manifest default)");
  EXPECT_STREQ(originName(TunableOrigin::Override), "set");
  EXPECT_STREQ(originName(TunableOrigin::Cache), "cache");
}

TEST(TunePrecedence, ChecksOverrides) {
  Manifest M = tiled();
  EXPECT_NO_THROW(checkOverrides(M, {{"TSK", 64}}));
  // Only the value's own range: TSM=40 is not a multiple of the default
  // WPTM=4, but a preset or another override may make it one.
  EXPECT_NO_THROW(checkOverrides(M, {{"TSM", 40}}));
  try {
    checkOverrides(M, {{"TSK", 65}});
    ADD_FAILURE() << "TSK=65 accepted";
  } catch (const Error &E) {
    EXPECT_EQ(std::string(E.what()), "tunable TSK=65 is outside [1, 64]");
  }
  try {
    checkOverrides(M, {{"TILE", 8}});
    ADD_FAILURE() << "TILE accepted";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("unknown tunable 'TILE'"),
              std::string::npos);
  }
}

// --- The shape-based preset. ---

// Work-groups of each preset: ceil(N/TSN) * ceil(M/TSM).
//   512^2:  large 4*4 = 16, medium 8*8 = 64,  small 16*16 = 256
//   1024^2: large 8*8 = 64, medium 256,        small 1024
//   2048^2: large 16*16 = 256
TEST(TunePresets, ChoosesByShapeForComputeUnits) {
  Manifest M = tiled();
  auto first = [&](int64_t S, int64_t CU) {
    std::vector<RankedPreset> R = rankPresets(M, sizes(S, S, S), limits(CU));
    return R.empty() ? std::string("none") : M.Presets[R[0].Index].Name;
  };
  // 132 compute units (an H100): 128x128 tiles leave units idle below
  // 2048^2.
  EXPECT_EQ(first(512, 132), "small");   // 16 < 132, 64 < 132, 256 >= 132
  EXPECT_EQ(first(1024, 132), "medium"); // 64 < 132, 256 >= 132
  EXPECT_EQ(first(2048, 132), "large");  // 256 >= 132
  // A grid short of the compute units by less than a tenth fills the
  // device: 64 work-groups (large at 1024^2) on 70 or 71 units (64 >= 63
  // and 63.9), not on 72 (64.8).
  EXPECT_EQ(first(1024, 70), "large");
  EXPECT_EQ(first(1024, 71), "large");
  EXPECT_EQ(first(1024, 72), "medium");
  // 2 compute units: the largest tile fills the device already at 512^2.
  EXPECT_EQ(first(512, 2), "large");
  // 2000 compute units: none fills the device at 512^2; the most
  // work-groups wins (small, 256).
  EXPECT_EQ(first(512, 2000), "small");
}

TEST(TunePresets, OrderAndWorkGroupCounts) {
  Manifest M = tiled();
  std::vector<RankedPreset> R =
      rankPresets(M, sizes(1024, 1024, 64), limits(132));
  ASSERT_EQ(R.size(), 3u);
  // medium (256) and small (1024) fill the device, in manifest order; then
  // large (64).
  EXPECT_EQ(R[0].Index, 1u);
  EXPECT_EQ(R[0].WorkGroups, 256);
  EXPECT_TRUE(R[0].FillsDevice);
  EXPECT_EQ(R[1].Index, 2u);
  EXPECT_EQ(R[1].WorkGroups, 1024);
  EXPECT_EQ(R[2].Index, 0u);
  EXPECT_EQ(R[2].WorkGroups, 64);
  EXPECT_FALSE(R[2].FillsDevice);
  // A tie (a 1x1 matrix: one work-group each) puts the smaller tile first.
  R = rankPresets(M, sizes(1, 1, 1), limits(132));
  ASSERT_EQ(R.size(), 3u);
  EXPECT_EQ(R[0].Index, 2u);
  EXPECT_EQ(R[2].Index, 0u);
}

TEST(TunePresets, SkipsUnlaunchableAndConflicting) {
  Manifest M = tiled();
  // Local memory: large needs 16*(128+128)*4 = 16384 bytes, medium 8192,
  // small 4096. With 10000 bytes only medium and small remain.
  DeviceLimits L = limits(132);
  L.LocalMemBytes = 10000;
  std::vector<std::string> Why;
  std::vector<RankedPreset> R =
      rankPresets(M, sizes(4096, 4096, 64), L, {}, &Why);
  ASSERT_EQ(R.size(), 2u);
  EXPECT_EQ(M.Presets[R[0].Index].Name, "medium");
  ASSERT_EQ(Why.size(), 1u);
  EXPECT_EQ(Why[0], "preset 'large': kernel mmm: 16384 bytes of local "
                    "memory exceed the device's 10000");
  // Work-group size: small has (32/2)*(32/2) = 256 work-items, medium
  // (64/4)^2 = 256, large (128/8)^2 = 256; a device of 128 runs none.
  L = limits(132);
  L.MaxWorkGroupSize = 128;
  Why.clear();
  EXPECT_TRUE(rankPresets(M, sizes(64, 64, 64), L, {}, &Why).empty());
  EXPECT_EQ(Why.size(), 3u);
  // --set TSM=36: a multiple of WPTM=4 (medium) and 2 (small), not of 8
  // (large), which is left out.
  Why.clear();
  R = rankPresets(M, sizes(2048, 2048, 64), limits(132), {{"TSM", 36}}, &Why);
  ASSERT_EQ(Why.size(), 1u);
  EXPECT_EQ(Why[0], "preset 'large': tunable TSM=36 must be a multiple of "
                    "WPTM=8 (with --set)");
  ASSERT_EQ(R.size(), 2u);
  for (const RankedPreset &P : R)
    EXPECT_EQ(P.Tunables.at("TSM"), 36);
}

// --- Candidates. ---

TEST(TuneCandidates, Grid) {
  Manifest M = tiled();
  CandidateGrid G = candidateGrid(M, {});
  // 4 * 4 * 4 * 4 * 3 values.
  EXPECT_EQ(G.size(), 768u);
  EXPECT_EQ(G.Values[4], (std::vector<int64_t>{8, 16, 32}));
  // A pinned value is its tunable's only value.
  G = candidateGrid(M, {{"TSK", 64}});
  EXPECT_EQ(G.Values[4], (std::vector<int64_t>{64}));
  EXPECT_EQ(G.size(), 256u);

  // Without "values": powers of two in [min, max] plus the default.
  Manifest B = Manifest::parse(R"J({"looptile_manifest": 1,
    "source": {"file": "x.c", "function": "f"}, "program": "x.cl",
    "arguments": [{"name": "n", "kind": "size"}],
    "tunables": [{"name": "TS", "default": 12, "min": 3, "max": 40},
                 {"name": "U", "default": 3000, "min": 1}],
    "kernels": [{"name": "k", "args": ["n"], "global": ["n"], "local": null}]})J",
                               "b.json", "");
  G = candidateGrid(B, {});
  EXPECT_EQ(G.Values[0], (std::vector<int64_t>{4, 8, 12, 16, 32}));
  // No max: the powers of two up to 1024, and the default.
  EXPECT_EQ(G.Values[1], (std::vector<int64_t>{1, 2, 4, 8, 16, 32, 64, 128, 256,
                                               512, 1024, 3000}));
}

TEST(TuneCandidates, EligibilityAndBudget) {
  Manifest M = tiled();
  DeviceLimits L = limits(132);
  // Every TSM and TSN value (16..128) is a multiple of every WPTM and WPTN
  // value (1..8), and local memory is at most 32*(128+128)*4 = 32768 bytes
  // <= 48 KiB: only the work-group limit, (TSN/WPTN)*(TSM/WPTM) <= 1024,
  // excludes settings. Count the excluded ones (times the 3 TSK values).
  uint64_t Over = 0;
  for (int64_t WM : {1, 2, 4, 8})
    for (int64_t WN : {1, 2, 4, 8})
      for (int64_t SM : {16, 32, 64, 128})
        for (int64_t SN : {16, 32, 64, 128})
          if ((SM / WM) * (SN / WN) > 1024)
            Over += 3;
  EXPECT_GT(Over, 0u);
  std::vector<Env> Mandatory = {
      {{"WPTM", 4}, {"WPTN", 4}, {"TSM", 64}, {"TSN", 64}, {"TSK", 16}}};
  CandidateSelection S =
      selectCandidates(M, sizes(1024, 1024, 1024), L, {}, Mandatory, 10);
  EXPECT_TRUE(S.Enumerated);
  EXPECT_EQ(S.GridSize, 768u);
  EXPECT_EQ(S.Eligible, 768u - Over);
  ASSERT_EQ(S.Chosen.size(), 10u);
  EXPECT_EQ(S.Mandatory, 1u);
  EXPECT_EQ(S.Chosen[0], Mandatory[0]);
  // The mandatory one is on the grid: the other eligible ones compete for
  // 9 places.
  EXPECT_EQ(S.SampledOut, S.Eligible - 1 - 9);
  std::set<Env> Distinct(S.Chosen.begin(), S.Chosen.end());
  EXPECT_EQ(Distinct.size(), 10u);
  for (const Env &E : S.Chosen)
    EXPECT_EQ(candidateProblem(M, sizes(1024, 1024, 1024), L, E), "");

  // Deterministic: the same call gives the same sample.
  CandidateSelection S2 =
      selectCandidates(M, sizes(1024, 1024, 1024), L, {}, Mandatory, 10);
  EXPECT_EQ(S.Chosen, S2.Chosen);
  // The budget never drops mandatory settings.
  std::vector<Env> Three = Mandatory;
  Three.push_back(
      {{"WPTM", 8}, {"WPTN", 8}, {"TSM", 128}, {"TSN", 128}, {"TSK", 16}});
  Three.push_back(
      {{"WPTM", 2}, {"WPTN", 2}, {"TSM", 32}, {"TSN", 32}, {"TSK", 16}});
  S = selectCandidates(M, sizes(1024, 1024, 1024), L, {}, Three, 2);
  EXPECT_EQ(S.Chosen, Three);
  // A budget larger than the eligible settings takes them all.
  S = selectCandidates(M, sizes(1024, 1024, 1024), L, {}, Mandatory, 100000);
  EXPECT_EQ(S.Chosen.size(), S.Eligible);
  EXPECT_EQ(S.SampledOut, 0u);
}

TEST(TuneCandidates, MandatoryOutsideTheLimitsIsDropped) {
  Manifest M = tiled();
  DeviceLimits L = limits(132);
  L.MaxWorkGroupSize = 64;
  // (64/4)*(64/4) = 256 work-items > 64.
  std::vector<Env> Mandatory = {
      {{"WPTM", 4}, {"WPTN", 4}, {"TSM", 64}, {"TSN", 64}, {"TSK", 16}}};
  CandidateSelection S =
      selectCandidates(M, sizes(64, 64, 64), L, {}, Mandatory, 5);
  EXPECT_EQ(S.Mandatory, 0u);
  ASSERT_EQ(S.Dropped.size(), 1u);
  EXPECT_NE(S.Dropped[0].find("exceeds the device's 64"), std::string::npos);
  for (const Env &E : S.Chosen)
    EXPECT_LE((E.at("TSM") / E.at("WPTM")) * (E.at("TSN") / E.at("WPTN")), 64);
}

TEST(TuneCandidates, PinnedValuesHold) {
  Manifest M = tiled();
  CandidateSelection S = selectCandidates(M, sizes(256, 256, 256), limits(8),
                                          {{"TSK", 32}, {"WPTM", 8}}, {}, 20);
  ASSERT_FALSE(S.Chosen.empty());
  for (const Env &E : S.Chosen) {
    EXPECT_EQ(E.at("TSK"), 32);
    EXPECT_EQ(E.at("WPTM"), 8);
  }
  // 1 * 1 * 4 * 4 * 4 settings.
  EXPECT_EQ(S.GridSize, 64u);
}

// --- Validation sizes. ---

// --- Work-groups that do not fit are shrunk (fitWorkGroups, Setting.h). ---

// Two kernels with work-group sizes of their own, as looptile writes a
// covariance: a 1-D one (WG0_k0) and a 2-D one (WG0_k1 x WG1_k1), plus a
// transposition-like third whose TS must stay a multiple of TSR_k2.
const char *const PerKernelManifest = R"J({"looptile_manifest": 1,
  "source": {"file": "f.c", "function": "f"}, "program": "f.cl",
  "arguments": [{"name": "N", "kind": "size"},
    {"name": "A", "kind": "buffer", "access": "inout", "type": "float", "shape": ["N", "N"]}],
  "tunables": [
    {"name": "WG0_k0", "default": 256, "min": 1, "max": 1024, "kernel": "f_k0"},
    {"name": "WG0_k1", "default": 16, "min": 1, "max": 1024, "kernel": "f_k1"},
    {"name": "WG1_k1", "default": 16, "min": 1, "max": 1024, "kernel": "f_k1"},
    {"name": "TSR_k2", "default": 8, "min": 1, "max": 64},
    {"name": "TS_k2", "default": 64, "min": 1, "max": 64, "multiple_of": "TSR_k2"}],
  "kernels": [
    {"name": "f_k0", "args": ["A", "N"], "global": ["round_up(N, WG0_k0)"], "local": ["WG0_k0"]},
    {"name": "f_k1", "args": ["A", "N"], "global": ["round_up(N, WG0_k1)", "round_up(N, WG1_k1)"],
     "local": ["WG0_k1", "WG1_k1"]},
    {"name": "f_k2", "args": ["A", "N"], "global": ["round_up(N, TS_k2)", "ceil_div(N, TS_k2) * TSR_k2"],
     "local": ["TS_k2", "TSR_k2"], "local_memory_bytes": "TS_k2*(TS_k2 + 1)*4"}]})J";

TEST(TuneFit, ShrinksEachKernelToTheDevice) {
  Manifest M = Manifest::parse(PerKernelManifest, "t.json", "");
  DeviceLimits L = limits(2);
  // 1024 work-items: 256, 16 x 16 and 64 x 8 = 512 all fit.
  WorkGroupFit F = fitWorkGroups(M, {{"N", 100}}, defaultTunables(M), L, {});
  EXPECT_EQ(F.Problem, "");
  EXPECT_TRUE(F.Changed.empty());
  EXPECT_EQ(F.Tunables, defaultTunables(M));
  // 64 work-items: 256 -> 64. 16 x 16: halving either gives 128 work-items,
  // and on a tie dimension 0 stays widest, so WG1_k1 goes: 16 x 8, 16 x 4.
  // 64 x 8: halving TSR_k2 (64 x 4) or TS_k2 (32 x 8, still a multiple of
  // 8) both give 256; dimension 0 stays widest, so TSR_k2 goes, and so on
  // to 64 x 1.
  L.MaxWorkGroupSize = 64;
  F = fitWorkGroups(M, {{"N", 100}}, defaultTunables(M), L, {});
  EXPECT_EQ(F.Problem, "");
  EXPECT_EQ(F.Tunables.at("WG0_k0"), 64);
  EXPECT_EQ(F.Tunables.at("WG0_k1"), 16);
  EXPECT_EQ(F.Tunables.at("WG1_k1"), 4);
  EXPECT_EQ(F.Tunables.at("TS_k2"), 64);
  EXPECT_EQ(F.Tunables.at("TSR_k2"), 1);
  EXPECT_EQ(tunableProblem(M, F.Tunables), "");
  ASSERT_EQ(F.Notes.size(), 3u);
  EXPECT_EQ(F.Notes[1], "kernel f_k1: work-group 16 x 16 (256 work-items) "
                        "exceeds the device's maximum of 64; shrunk to 16 x "
                        "4 (64 work-items) with WG1_k1=4");
}

TEST(TuneFit, KernelLimitsWorkItemSizesAndLocalMemory) {
  Manifest M = Manifest::parse(PerKernelManifest, "t.json", "");
  DeviceLimits L = limits(2);
  // The kernel's own limit (CL_KERNEL_WORK_GROUP_SIZE) of f_k1 is 128.
  WorkGroupFit F = fitWorkGroups(M, {{"N", 100}}, defaultTunables(M), L, {},
                                 {1024, 128, 1024});
  EXPECT_EQ(F.Tunables.at("WG1_k1"), 8);
  EXPECT_NE(F.Notes.at(0).find("this kernel's maximum "
                               "(CL_KERNEL_WORK_GROUP_SIZE) of 128"),
            std::string::npos);
  // At most 8 work-items in dimension 1: TSR_k2 = 8 fits, WG1_k1 = 16 not.
  L.MaxWorkItemSizes = {1024, 8, 1};
  F = fitWorkGroups(M, {{"N", 100}}, defaultTunables(M), L, {});
  EXPECT_EQ(F.Tunables.at("WG1_k1"), 8);
  EXPECT_EQ(F.Tunables.at("WG0_k1"), 16);
  // 8 KiB of local memory: TS_k2 = 64 needs 64*65*4 = 16640 bytes, 32 needs
  // 32*33*4 = 4224 (TS_k2 = 32 is still a multiple of TSR_k2 = 8).
  L = limits(2);
  L.LocalMemBytes = 8192;
  F = fitWorkGroups(M, {{"N", 100}}, defaultTunables(M), L, {});
  EXPECT_EQ(F.Tunables.at("TS_k2"), 32);
  EXPECT_EQ(F.Tunables.at("TSR_k2"), 8);
}

TEST(TuneFit, NeverChangesSetValues) {
  Manifest M = Manifest::parse(PerKernelManifest, "t.json", "");
  DeviceLimits L = limits(2);
  L.MaxWorkGroupSize = 64;
  // WG0_k1 and WG1_k1 were --set: f_k1 cannot be fitted and keeps them; the
  // other kernels are still shrunk.
  WorkGroupFit F = fitWorkGroups(M, {{"N", 100}}, defaultTunables(M), L,
                                 {"WG0_k1", "WG1_k1"});
  EXPECT_EQ(F.Problem,
            "kernel f_k1: work-group 16 x 16 (256 work-items) exceeds the "
            "device's maximum of 64 and has no tunable the runtime may "
            "change");
  EXPECT_EQ(F.Tunables.at("WG0_k1"), 16);
  EXPECT_EQ(F.Tunables.at("WG1_k1"), 16);
  EXPECT_EQ(F.Tunables.at("WG0_k0"), 64);
  // fitSetting marks the shrunk values and leaves the --set ones.
  TunableSetting S = layerSetting(M, {}, TunableOrigin::Default,
                                  {{"WG0_k1", 16}, {"WG1_k1", 16}});
  EXPECT_NE(fitSetting(M, {{"N", 100}}, L, S), "");
  EXPECT_EQ(S.Origins.at("WG0_k0"), TunableOrigin::Fitted);
  EXPECT_EQ(S.Origins.at("WG1_k1"), TunableOrigin::Override);
  EXPECT_EQ(S.Fits.size(), 2u);
  EXPECT_STREQ(originName(TunableOrigin::Fitted), "fitted");
}

TEST(TuneValidation, ReducedSizesKeepPartialTiles) {
  Manifest M = tiled();
  std::vector<Env> C = {
      {{"WPTM", 8}, {"WPTN", 8}, {"TSM", 128}, {"TSN", 128}, {"TSK", 32}},
      {{"WPTM", 2}, {"WPTN", 2}, {"TSM", 32}, {"TSN", 32}, {"TSK", 8}}};
  bool Reduced = true;
  // 2 * 512^3 = 0.27 G flops <= 20 G: validated where timed.
  EXPECT_EQ(validationSizes(M, sizes(512, 512, 512), C, 20e9, &Reduced),
            sizes(512, 512, 512));
  EXPECT_FALSE(Reduced);
  // 2 * 4096^3 = 137 G flops > 20 G: T = 128 (the largest tunable value of
  // any candidate, no "tile" formulas), 3T - 1 = 383 = 2*128 + 127: two
  // full tiles and a partial one for every power-of-two tile up to 128.
  Env R = validationSizes(M, sizes(4096, 4096, 4096), C, 20e9, &Reduced);
  EXPECT_TRUE(Reduced);
  EXPECT_EQ(R, sizes(383, 383, 383));
  for (int64_t T : {8, 16, 32, 64, 128})
    EXPECT_NE(383 % T, 0);
  // Sizes already below 3T - 1 stay.
  R = validationSizes(M, sizes(100000, 200, 100000), C, 20e9, &Reduced);
  EXPECT_EQ(R, sizes(383, 200, 383));
}

// --- The tuning cache. ---

TuneCacheEntry entry(Env Sizes, int64_t TS) {
  TuneCacheEntry E;
  E.Key.Platform = "Portable Computing Language";
  E.Key.Device = "cpu \"quoted\"";
  E.Key.Driver = "3.1";
  E.Key.ProgramHash = "0123456789abcdef";
  E.Key.Sizes = std::move(Sizes);
  E.Function = "mmm";
  E.Program = "mmm.cl";
  E.Tunables = {{"TS", TS}};
  E.MedianMs = 0.125;
  E.DefaultMs = 0.25;
  E.Candidates = 6;
  E.Tuned = "2026-11-22T10:00:00Z";
  return E;
}

TEST(TuneCacheFile, RoundTripAndKeys) {
  TuneCache C;
  C.put(entry(sizes(64, 64, 64), 8));
  C.put(entry(sizes(64, 64, 65), 4));
  C.put(entry(sizes(64, 64, 64), 2)); // same key: replaces
  TuneCache Back = TuneCache::parse(C.serialize(), "c.json");
  ASSERT_EQ(Back.problem(), "");
  ASSERT_EQ(Back.entries().size(), 2u);
  const TuneCacheEntry *E = Back.find(entry(sizes(64, 64, 64), 0).Key);
  ASSERT_NE(E, nullptr);
  EXPECT_EQ(E->Tunables, (Env{{"TS", 2}}));
  EXPECT_EQ(E->Key.Device, "cpu \"quoted\"");
  EXPECT_DOUBLE_EQ(E->MedianMs, 0.125);
  EXPECT_EQ(E->Tuned, "2026-11-22T10:00:00Z");
  // Every part of the key matters.
  TuneCacheKey K = entry(sizes(64, 64, 66), 0).Key;
  EXPECT_EQ(Back.find(K), nullptr);
  K = entry(sizes(64, 64, 64), 0).Key;
  K.Driver = "3.2";
  EXPECT_EQ(Back.find(K), nullptr);
  K = entry(sizes(64, 64, 64), 0).Key;
  K.ProgramHash = "fedcba9876543210";
  EXPECT_EQ(Back.find(K), nullptr);
  K = entry(sizes(64, 64, 64), 0).Key;
  K.Platform = "NVIDIA CUDA";
  EXPECT_EQ(Back.find(K), nullptr);
}

TEST(TuneCacheFile, ProgramHashCoversTextAndTunables) {
  Manifest M = tiled();
  std::string H = programHash(M, "kernel text");
  EXPECT_EQ(H.size(), 16u);
  EXPECT_EQ(H, programHash(M, "kernel text"));
  EXPECT_NE(H, programHash(M, "kernel text "));
  Manifest M2 = Manifest::parse(
      replaced(TiledManifest, "\"values\": [8, 16, 32]", "\"values\": [8, 16]"),
      "t.json", "");
  EXPECT_NE(H, programHash(M2, "kernel text"));
}

TEST(TuneCacheFile, CorruptFilesAreReported) {
  TuneCache C =
      TuneCache::parse("{\"looptile_tuning_cache\": 1, \"ent", "c.json");
  EXPECT_NE(C.problem().find("c.json:1:"), std::string::npos) << C.problem();
  EXPECT_TRUE(C.entries().empty());
  C = TuneCache::parse("[1, 2]", "c.json");
  EXPECT_EQ(C.problem(), "c.json: top level: expected an object");
  C = TuneCache::parse("{\"looptile_tuning_cache\": 2, \"entries\": []}",
                       "c.json");
  EXPECT_NE(C.problem().find("unsupported version"), std::string::npos);
  C = TuneCache::parse(
      "{\"looptile_tuning_cache\": 1, \"entries\": [{\"platform\": \"p\", "
      "\"device\": \"d\", \"driver\": \"v\", \"program_hash\": \"h\", "
      "\"tunables\": {}}]}",
      "c.json");
  EXPECT_EQ(C.problem(), "c.json: entries[0]: missing \"sizes\"");
  C = TuneCache::parse(
      "{\"looptile_tuning_cache\": 1, \"entries\": [{\"platform\": \"p\", "
      "\"device\": \"d\", \"driver\": \"v\", \"program_hash\": \"h\", "
      "\"sizes\": {\"M\": 1.5}, \"tunables\": {}}]}",
      "c.json");
  EXPECT_EQ(C.problem(), "c.json: entries[0].sizes.M: expected an integer");
}

class TuneCacheDir : public ::testing::Test {
protected:
  void SetUp() override {
    char T[] = "/tmp/looptile-tunetest-XXXXXX";
    ASSERT_NE(mkdtemp(T), nullptr);
    Dir = T;
  }
  void TearDown() override {
    std::string Cmd = "rm -rf '" + Dir + "'";
    ASSERT_EQ(std::system(Cmd.c_str()), 0);
  }
  std::string Dir;
};

TEST_F(TuneCacheDir, StoreMergesAndMovesCorruptFilesAside) {
  std::string Path = Dir + "/sub/tuning.json"; // the folder is created
  EXPECT_TRUE(TuneCache::store(Path, entry(sizes(1, 2, 3), 8)).empty());
  EXPECT_TRUE(TuneCache::store(Path, entry(sizes(4, 5, 6), 16)).empty());
  TuneCache C = TuneCache::load(Path);
  EXPECT_EQ(C.problem(), "");
  EXPECT_EQ(C.entries().size(), 2u);
  // No temporary file is left next to it: only the cache and its lock
  // file (the stores' flock, which stays).
  std::string Cmd = "test \"$(ls '" + Dir + "/sub' | tr '\\n' ' ')\" = "
                    "'tuning.json tuning.json.lock '";
  EXPECT_EQ(std::system(Cmd.c_str()), 0);

  { std::ofstream(Path) << "not json"; }
  C = TuneCache::load(Path);
  EXPECT_NE(C.problem().find("invalid JSON"), std::string::npos);
  std::vector<std::string> W = TuneCache::store(Path, entry(sizes(7, 8, 9), 4));
  ASSERT_EQ(W.size(), 1u);
  EXPECT_NE(W[0].find("moved it to '" + Path + ".corrupt'"), std::string::npos);
  C = TuneCache::load(Path);
  EXPECT_EQ(C.problem(), "");
  ASSERT_EQ(C.entries().size(), 1u);
  EXPECT_EQ(C.entries()[0].Tunables.at("TS"), 4);
  EXPECT_EQ(TuneCache::load(Path + ".corrupt").problem().empty(), false);

  // A missing file is an empty cache, without a problem.
  C = TuneCache::load(Dir + "/none.json");
  EXPECT_EQ(C.problem(), "");
  EXPECT_FALSE(C.exists());
}

TEST(TuneCacheFile, DefaultPath) {
  std::string Saved[3];
  const char *Vars[3] = {"LOOPTILE_TUNE_CACHE", "XDG_CACHE_HOME", "HOME"};
  for (int I = 0; I < 3; ++I)
    if (const char *V = std::getenv(Vars[I]))
      Saved[I] = V;
  setenv("LOOPTILE_TUNE_CACHE", "/a/t.json", 1);
  setenv("XDG_CACHE_HOME", "/x", 1);
  setenv("HOME", "/h", 1);
  EXPECT_EQ(defaultTuneCachePath(), "/a/t.json");
  unsetenv("LOOPTILE_TUNE_CACHE");
  EXPECT_EQ(defaultTuneCachePath(), "/x/looptile/tuning.json");
  unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(defaultTuneCachePath(), "/h/.cache/looptile/tuning.json");
  unsetenv("HOME");
  EXPECT_EQ(defaultTuneCachePath(), "");
  for (int I = 0; I < 3; ++I)
    if (!Saved[I].empty())
      setenv(Vars[I], Saved[I].c_str(), 1);
}

} // namespace

// --- The defaults' row rule (fitRows). ---

static const char *RowManifest = R"({
  "looptile_manifest": 3,
  "source": {"file": "r.c", "function": "rows"},
  "program": "r.cl",
  "arguments": [
    {"name": "n", "kind": "size"},
    {"name": "K", "kind": "size"},
    {"name": "A", "kind": "buffer", "type": "float", "access": "in", "shape": ["n", "K"]},
    {"name": "s", "kind": "buffer", "type": "float", "access": "out", "shape": ["n"]}
  ],
  "tunables": [
    {"name": "WG0", "default": 256, "min": 1, "max": 1024, "values": [32, 64, 128, 256, 512, 1024], "row_length": "K", "kernel": "rows"}
  ],
  "kernels": [
    {"name": "rows", "args": ["n", "K", "A", "s"], "global": ["n * WG0"], "local": ["WG0"], "local_memory_bytes": "WG0*4"}
  ]
})";

TEST(TuneRows, DefaultCoversTheRowAndNoMore) {
  Manifest M = Manifest::parse(RowManifest, "t.json", "");
  ASSERT_TRUE(M.Tunables.at(0).RowLength.has_value());
  auto At = [&](int64_t K) {
    TunableSetting S = layerSetting(M, {}, TunableOrigin::Default, {});
    fitRows(M, {{"n", 10}, {"K", K}}, S);
    return S;
  };
  // Shorter than the smallest value: the smallest.
  EXPECT_EQ(At(1).Values.at("WG0"), 32);
  EXPECT_EQ(At(32).Values.at("WG0"), 32);
  EXPECT_EQ(At(33).Values.at("WG0"), 64);
  EXPECT_EQ(At(200).Values.at("WG0"), 256);
  // Longer rows keep the default: never above it.
  EXPECT_EQ(At(100000).Values.at("WG0"), 256);
  EXPECT_EQ(At(100000).Origins.at("WG0"), TunableOrigin::Default);
  TunableSetting S = At(5);
  EXPECT_EQ(S.Origins.at("WG0"), TunableOrigin::Row);
  EXPECT_STREQ(originName(TunableOrigin::Row), "row");
  EXPECT_EQ(S.describe(M),
            "WG0=32 (the row's length: no more work-items than terms)");
  // A --set value is the user's.
  TunableSetting Set = layerSetting(M, {}, TunableOrigin::Default, {{"WG0", 512}});
  fitRows(M, {{"n", 10}, {"K", 5}}, Set);
  EXPECT_EQ(Set.Values.at("WG0"), 512);
}
