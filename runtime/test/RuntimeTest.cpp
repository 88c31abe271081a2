//===- RuntimeTest.cpp - Tests of the runtime library -----------*- C++ -*-===//
//
// Owns the library-level tests run by lit (test/Runtime/library-*.test):
//   looptile-runtime-test unit     JSON reader, formulas, manifest checks,
//                                  tolerance (no OpenCL device needed)
//   looptile-runtime-test session  the host-glue Session API on a device,
//                                  with hand-written kernels embedded as
//                                  string literals, as generated glue would;
//                                  presets by shape, the tuning cache and
//                                  the precedence of tunable values
//   looptile-runtime-test roundtrip FILE.json...
//                                  each manifest read and written again by
//                                  the codec (ManifestCodec.h) is the same
//                                  text, and the same Document
// The pure parts of autotuning have GoogleTest units (TuneTest.cpp).
// Each check prints "ok <name>" or "FAIL <name>: detail"; the exit status
// is the number of failures.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Device.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Executor.h"
#include "looptile/Runtime/Formula.h"
#include "looptile/Runtime/Json.h"
#include "looptile/Runtime/Manifest.h"
#include "looptile/Runtime/ManifestCodec.h"
#include "looptile/Runtime/Reference.h"
#include "looptile/Runtime/Session.h"
#include "looptile/Runtime/TuneCache.h"
#include "looptile/Runtime/Validate.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <iostream>
#include <string>
#include <vector>

using namespace looptile::rt;

static int Failures = 0;

static void check(bool Cond, const std::string &Name,
                  const std::string &Detail = "") {
  if (Cond) {
    std::cout << "ok " << Name << "\n";
  } else {
    std::cout << "FAIL " << Name << (Detail.empty() ? "" : ": " + Detail)
              << "\n";
    ++Failures;
  }
}

/// Runs F and returns the Error message it throws ("" if none).
template <typename Fn> static std::string errorOf(Fn F) {
  try {
    F();
  } catch (const Error &E) {
    return E.what();
  }
  return "";
}

static bool contains(const std::string &S, const std::string &Part) {
  return S.find(Part) != std::string::npos;
}

static void unitTests() {
  // JSON.
  json::Value V = json::parse(
      R"({"a": [1, 2.5, -3e2], "b": {"c": "x\"\u00e9\n"}, "t": true, "n": null})",
      "t.json");
  check(V.isObject() && V.members().size() == 4, "json.object");
  check(V.get("a")->elements()[0].isInteger() &&
            !V.get("a")->elements()[1].isInteger() &&
            V.get("a")->elements()[2].asNumber() == -300,
        "json.numbers");
  check(V.get("b")->get("c")->asString() == "x\"\xc3\xa9\n", "json.escapes");
  check(V.get("t")->asBool() && V.get("n")->isNull(), "json.literals");
  std::string E = errorOf([] { json::parse("{\"a\": [1,\n 2,]}", "bad.json"); });
  check(contains(E, "bad.json:2:4: invalid JSON"), "json.error-position", E);
  E = errorOf([] { json::parse("{\"a\": 1, \"a\": 2}", "dup.json"); });
  check(contains(E, "duplicate key"), "json.duplicate", E);
  check(json::quote("a\"b\\\n") == "\"a\\\"b\\\\\\n\"", "json.quote");

  // Formulas.
  Env Env1 = {{"M", 511}, {"N", 513}, {"TS", 16}};
  auto eval = [&](const std::string &T) {
    return Formula::parse(T, "test").evaluate(Env1);
  };
  check(eval("round_up(M, TS)") == 512, "formula.round_up");
  check(eval("round_up(N, TS)") == 528, "formula.round_up2");
  check(eval("ceil_div(M, TS)") == 32, "formula.ceil_div");
  check(eval("2*M*N*3 - -1") == 2 * 511 * 513 * 3 + 1, "formula.arith");
  check(eval("(M + 1) / 2 % 7") == (512 / 2) % 7, "formula.precedence");
  check(eval("min(M, N) + max(M, N)") == 511 + 513, "formula.minmax");
  check(eval("-7 / 2") == -3 && eval("-7 % 2") == -1, "formula.truncation");
  E = errorOf([&] { eval("M / (N - 513)"); });
  check(contains(E, "division by zero"), "formula.div0", E);
  E = errorOf([&] { eval("M * 4611686018427387904"); });
  check(contains(E, "overflow"), "formula.overflow", E);
  E = errorOf([&] { eval("Q + 1"); });
  check(contains(E, "unknown name 'Q'"), "formula.unknown-name", E);
  E = errorOf([&] { eval("foo(M, N)"); });
  check(contains(E, "unknown function 'foo'"), "formula.unknown-function", E);
  E = errorOf([&] { eval("M +"); });
  check(contains(E, "bad formula"), "formula.syntax", E);
  // Depth: 10,000 parentheses (or unary minus, function calls, a chain of
  // operators) are a clean error naming the limit, not a stack overflow;
  // MaxFormulaDepth levels still parse.
  auto nested = [](int N, const std::string &Open, const std::string &Mid,
                   const std::string &Close) {
    std::string T;
    for (int I = 0; I < N; ++I)
      T += Open;
    T += Mid;
    for (int I = 0; I < N; ++I)
      T += Close;
    return T;
  };
  const std::string Limit =
      "nested more than " + std::to_string(MaxFormulaDepth) + " deep";
  E = errorOf([&] { Formula::parse(nested(10000, "(", "M", ")"), "f"); });
  check(contains(E, Limit) && E.size() < 400, "formula.depth-parentheses", E);
  E = errorOf([&] { Formula::parse(nested(10000, "-", "M", ""), "f"); });
  check(contains(E, Limit), "formula.depth-unary", E);
  E = errorOf([&] { Formula::parse(nested(10000, "max(1, ", "M", ")"), "f"); });
  check(contains(E, Limit), "formula.depth-calls", E);
  E = errorOf([&] { Formula::parse(nested(1, "", "M" + nested(100000, "", "", "+1"), ""), "f"); });
  check(contains(E, Limit), "formula.depth-chain", E);
  E = errorOf([&] {
    check(Formula::parse(nested(MaxFormulaDepth - 1, "(", "M", ")"), "f")
                  .evaluate({{"M", 7}}) == 7 &&
              Formula::parse("M" + nested(MaxFormulaDepth - 1, "", "", "+1"), "f")
                      .evaluate({{"M", 7}}) == 7 + MaxFormulaDepth - 1,
          "formula.depth-within-limit");
  });
  if (!E.empty())
    check(false, "formula.depth-within-limit", E);
  E = errorOf([&] { json::parse(nested(100000, "[", "1", "]"), "d.json"); });
  check(contains(E, "d.json:1:66: invalid JSON: arrays and objects nested "
                    "more than 64 deep"),
        "json.depth", E);
  check(Formula::parse("round_up(N, TS) * K", "t").names() ==
            std::set<std::string>({"K", "N", "TS"}),
        "formula.names");
  // Conditions (size_checks): 1 when true, 0 when false; && binds tighter
  // than ||, comparisons tighter than both, arithmetic tighter still.
  check(eval("M >= 511") == 1 && eval("M > 511") == 0 && eval("M < N") == 1 &&
            eval("M <= 510") == 0 && eval("M + 2 == N") == 1 &&
            eval("M != 511") == 0,
        "formula.compare");
  check(eval("M >= 512 || N >= 2*TS && TS == 16") == 1 &&
            eval("(M >= 512 || N >= 2*TS) && TS == 8") == 0 &&
            eval("M >= 512 || N > 513") == 0,
        "formula.logic");

  // Manifest checks.
  const char *Good = R"J({"looptile_manifest": 1,
    "source": {"file": "x.c", "function": "f"}, "program": "x.cl",
    "arguments": [{"name": "n", "kind": "size"},
                  {"name": "a", "kind": "buffer", "access": "inout",
                   "type": "double", "shape": ["n"]}],
    "tunables": [{"name": "T", "default": 8, "min": 1, "max": 64}],
    "kernels": [{"name": "k", "args": ["a", "n"], "global": ["round_up(n, T)"],
                 "local": ["T"]}]})J";
  Manifest M = Manifest::parse(Good, "m.json", "/dir");
  check(M.SourceFile == "/dir/x.c" && M.Program == "/dir/x.cl" &&
            M.Arguments[1].Acc == Access::InOut &&
            M.Arguments[1].Ty == ElemType::Double &&
            M.ReductionLength.evaluate({}) == 1,
        "manifest.parse");
  std::string Bad = Good;
  Bad.replace(Bad.find("[\"a\", \"n\"]"), 10, "[\"a\", \"z\"]");
  E = errorOf([&] { Manifest::parse(Bad, "m.json", ""); });
  check(contains(E, "m.json: kernels[0].args[1]: unknown name 'z'"),
        "manifest.unknown-arg", E);
  Bad = Good;
  Bad.replace(Bad.find("round_up(n, T)"), 14, "round_up(q, T)");
  E = errorOf([&] { Manifest::parse(Bad, "m.json", ""); });
  check(contains(E, "uses 'q'"), "manifest.formula-name", E);
  // The host program (version 2): loops over launches; a launch's
  // arguments and NDRange may use the variables of the loops around it.
  {
    std::string V2 = Good;
    V2.replace(V2.find("\"looptile_manifest\": 1"), 22,
               "\"looptile_manifest\": 2");
    V2.replace(V2.find("[\"a\", \"n\"]"), 10, "[\"a\", \"n\", \"t\"]");
    V2.replace(V2.find("round_up(n, T)"), 14, "round_up(n - t, T)");
    std::string Host =
        ", \"host_program\": [{\"loop\": \"t\", \"kernel_type\": \"long\", "
        "\"from\": \"0\", \"to\": \"n - 1\", \"step\": 2, \"body\": "
        "[{\"launch\": \"k\"}]}]}";
    std::string HP = V2;
    HP.replace(HP.rfind('}'), 1, Host);
    Manifest MH = Manifest::parse(HP, "m.json", "");
    check(MH.Host.size() == 1 && MH.Host[0].K == HostStep::Loop &&
              MH.Host[0].Var == "t" && MH.Host[0].Step == 2 &&
              MH.Host[0].VarLong && MH.Host[0].To.evaluate({{"n", 5}}) == 4 &&
              MH.Host[0].Body.size() == 1 &&
              MH.Host[0].Body[0].K == HostStep::Launch &&
              MH.Host[0].Body[0].Kernel == 0 && MH.HostVars.at("t"),
          "manifest.host-program");
    // Without host_program (version 1): every kernel once, in order.
    check(M.Host.size() == 1 && M.Host[0].K == HostStep::Launch &&
              M.Host[0].Kernel == 0 && M.HostVars.empty(),
          "manifest.host-program-default");
    auto Refused = [&](std::string Text, const std::string &From,
                       const std::string &To) {
      size_t At = Text.find(From);
      if (At == std::string::npos)
        return std::string("(test: '" + From + "' not found)");
      Text.replace(At, From.size(), To);
      return errorOf([&] { Manifest::parse(Text, "m.json", ""); });
    };
    E = Refused(HP, "\"launch\": \"k\"", "\"launch\": \"q\"");
    check(contains(E, "host_program[0].body[0]: launches unknown kernel 'q'"),
          "manifest.host-unknown-kernel", E);
    E = Refused(HP, "{\"launch\": \"k\"}",
                "{\"launch\": \"k\"}, {\"launch\": \"k\"}");
    check(contains(E, "kernel 'k' is launched twice"),
          "manifest.host-launched-twice", E);
    E = Refused(HP, "\"body\": [{\"launch\": \"k\"}]", "\"body\": []");
    check(contains(E, "kernel 'k' is never launched"),
          "manifest.host-never-launched", E);
    E = Refused(HP, "\"step\": 2", "\"step\": 0");
    check(contains(E, "step must not be 0"), "manifest.host-step-zero", E);
    E = Refused(HP, "\"loop\": \"t\"", "\"loop\": \"n\"");
    check(contains(E, "has the name of an argument"), "manifest.host-var-clash",
          E);
    E = Refused(HP, "\"to\": \"n - 1\"", "\"to\": \"t - 1\"");
    check(contains(E, "uses 't'"), "manifest.host-bound-scope", E);
    // A loop's kernel of one work-group (one_work_group): launched instead
    // of the loop, in the loop's scope; the runtime's choice.
    {
      std::string WG = HP;
      WG.replace(WG.find("\"kernels\": ["), 12,
                 "\"kernels\": [{\"name\": \"g\", \"args\": [\"a\", \"n\"], "
                 "\"global\": [\"T\"], \"local\": [\"T\"]}, ");
      WG.replace(WG.find("\"step\": 2,"), 10,
                 "\"step\": 2, \"one_work_group\": {\"kernel\": \"g\", "
                 "\"max_items\": \"16*T\"},");
      Manifest MW = Manifest::parse(WG, "m.json", "");
      check(MW.Host.size() == 1 && MW.Host[0].WorkGroupKernel == size_t(0) &&
                MW.Host[0].Body[0].Kernel == 1,
            "manifest.one-work-group");
      auto Choice = [&](int64_t N, HostLoops P) {
        return hostLoopInOneGroup(MW, MW.Host[0], {{"n", N}, {"T", 8}}, P);
      };
      // n = 10: launches of round_up(10 - t, 8) <= 16 work-items, at most
      // 16*T = 128; n = 1000: 1000 > 128; n = 1: one iteration.
      check(Choice(10, HostLoops::Auto) && !Choice(1000, HostLoops::Auto) &&
                !Choice(1, HostLoops::Auto) &&
                !Choice(10, HostLoops::Launches) &&
                Choice(1000, HostLoops::OneWorkGroup),
            "manifest.one-work-group-choice");
      std::vector<size_t> Ran;
      Env At = {{"n", 10}, {"T", 8}};
      runHostProgram(
          MW.Host, At, [&](size_t K, const Env &) { Ran.push_back(K); },
          [&](const HostStep &S, const Env &X) {
            return hostLoopInOneGroup(MW, S, X, HostLoops::Auto);
          });
      check(Ran == std::vector<size_t>{0}, "manifest.one-work-group-run");
      Ran.clear();
      runHostProgram(MW.Host, At,
                     [&](size_t K, const Env &) { Ran.push_back(K); });
      check(Ran == std::vector<size_t>(5, 1), "manifest.one-work-group-loop");
      auto RefusedWG = [&](const std::string &From, const std::string &To) {
        std::string Text = WG;
        Text.replace(Text.find(From), From.size(), To);
        return errorOf([&] { Manifest::parse(Text, "m.json", ""); });
      };
      E = RefusedWG("\"kernel\": \"g\"", "\"kernel\": \"q\"");
      check(contains(E, "one_work_group: names unknown kernel 'q'"),
            "manifest.one-work-group-unknown", E);
      E = RefusedWG("[{\"launch\": \"k\"}]",
                    "[{\"launch\": \"k\"}, {\"launch\": \"g\"}]");
      check(contains(E, "kernel 'g' is launched twice"),
            "manifest.one-work-group-twice", E);
      E = RefusedWG("[\"a\", \"n\"], \"global\": [\"T\"]",
                    "[\"a\", \"n\", \"t\"], \"global\": [\"T\"]");
      check(contains(E, "argument 't' is not an argument"),
            "manifest.one-work-group-scope", E);
    }
    // A kernel that uses t launched outside t's loop.
    E = Refused(HP, Host, ", \"host_program\": [{\"launch\": \"k\"}]}");
    check(contains(E, "argument 't' is not an argument"),
          "manifest.host-var-out-of-scope", E);
    E = Refused(
        Good, "\"local\": [\"T\"]}]}",
        "\"local\": [\"T\"]}], \"host_program\": [{\"launch\": \"k\"}]}");
    check(contains(E, "needs \"looptile_manifest\": 2"),
          "manifest.host-program-version", E);
    E = Refused(HP, "\"looptile_manifest\": 2", "\"looptile_manifest\": 4");
    check(contains(E, "unsupported version"), "manifest.version", E);
  }
  E = errorOf([&] { Manifest::load("/nonexistent/x.json"); });
  check(contains(E, "not found"), "manifest.missing", E);
  // A returned value: an out buffer the shim stores the return value into,
  // not an argument of the call.
  std::string Ret = Good;
  Ret.replace(Ret.find("\"inout\""), 7, "\"out\"");
  Ret.replace(Ret.find("[\"n\"]}]"), 7, "[\"1\"], \"returned\": true}]");
  Manifest MR = Manifest::parse(Ret, "m.json", "/dir");
  std::string Shim = generateShim(MR, "");
  check(MR.Arguments[1].Returned &&
            contains(Shim, "*(double *)looptile_shim_args[1] = f(*(const int "
                           "*)looptile_shim_args[0]);"),
        "manifest.returned", Shim);
  Bad = Good;
  Bad.replace(Bad.find("[\"n\"]}]"), 7, "[\"1\"], \"returned\": true}]");
  E = errorOf([&] { Manifest::parse(Bad, "m.json", ""); });
  check(contains(E, "arguments[1].returned: the returned value's buffer must "
                    "have access \"out\""),
        "manifest.returned-not-out", E);
  // Size checks: sizes a check finds invalid are refused by checkSizes
  // (looptile-run and the host glue alike), with the check's reason.
  std::string Checked = Good;
  Checked.replace(Checked.find("\"tunables\""), 0,
                  "\"size_checks\": [{\"invalid_when\": \"n >= 21\", "
                  "\"reason\": \"it would access 'a[i]' outside a[20]\"}], ");
  Manifest MC = Manifest::parse(Checked, "m.json", "");
  check(MC.SizeChecks.size() == 1 && checkSizes(MC, {{"n", 20}}).at("n") == 20,
        "manifest.size-check-valid");
  E = errorOf([&] { checkSizes(MC, {{"n", 21}}); });
  check(contains(E, "sizes n=21 are not valid for f(): it would access "
                    "'a[i]' outside a[20] (the manifest's size check: "
                    "invalid when n >= 21)"),
        "manifest.size-check-invalid", E);
  check(checkSizes(MC, {{"n", 21}}, /*Limits=*/false).at("n") == 21,
        "manifest.size-check-off");
  std::string BadCheck = Checked;
  BadCheck.replace(BadCheck.find("n >= 21"), 7, "T >= 21");
  E = errorOf([&] { Manifest::parse(BadCheck, "m.json", ""); });
  check(contains(E, "size_checks[0]: formula \"T >= 21\" uses 'T', which is "
                    "not a size argument"),
        "manifest.size-check-names", E);

  // Tolerance: a reordered float sum passes, one missing term fails.
  const int L = 4096;
  HostArray A(ElemType::Float, L), Ref(ElemType::Float, 1),
      Got(ElemType::Float, 1), Bad1(ElemType::Float, 1);
  A.fillRandom(1);
  float Fwd = 0, Bwd = 0, Missing = 0;
  for (int I = 0; I < L; ++I)
    Fwd += float(A.get(I)) * float(A.get(L - 1 - I));
  for (int I = L - 1; I >= 0; --I)
    Bwd += float(A.get(I)) * float(A.get(L - 1 - I));
  for (int I = 1; I < L; ++I)
    Missing += float(A.get(I)) * float(A.get(L - 1 - I));
  std::memcpy(Ref.data(), &Fwd, 4);
  std::memcpy(Got.data(), &Bwd, 4);
  std::memcpy(Bad1.data(), &Missing, 4);
  ComparisonRule Tol;
  Tol.ReductionLength = L;
  Comparison C = compareBuffers("x", {1}, Got, Ref, Tol);
  check(C.passed(), "tolerance.reordered-sum-passes",
        std::to_string(C.MaxAbsError) + " > " + std::to_string(C.Tolerance));
  C = compareBuffers("x", {1}, Bad1, Ref, Tol);
  check(!C.passed(), "tolerance.missing-term-fails");
  HostArray S(ElemType::Float, 6);
  S.fillSentinel();
  HostArray R6(ElemType::Float, 6);
  R6.fillRandom(2);
  ComparisonRule One;
  C = compareBuffers("B", {2, 3}, S, R6, One);
  check(!C.passed() && C.Unwritten == 6 && C.FirstBadIsSentinel &&
            formatIndex(5, {2, 3}) == "[1][2]",
        "tolerance.sentinel");

  // Integer element types of every width: values read back with their
  // sign, compared exactly, sentinels recognised.
  HostArray U8(ElemType::UChar, 3), S8(ElemType::Char, 1),
      S16(ElemType::Short, 1), U64(ElemType::ULong, 1);
  unsigned char Bytes[3] = {255, 0, 7};
  std::memcpy(U8.data(), Bytes, 3);
  signed char M1 = -1;
  std::memcpy(S8.data(), &M1, 1);
  short M300 = -300;
  std::memcpy(S16.data(), &M300, 2);
  uint64_t Big = 1ull << 40;
  std::memcpy(U64.data(), &Big, 8);
  check(U8.get(0) == 255 && U8.get(2) == 7 && S8.get(0) == -1 &&
            S16.get(0) == -300 && U64.get(0) == double(Big),
        "types.integer-values");
  check(elemSize(ElemType::UChar) == 1 && elemSize(ElemType::Short) == 2 &&
            elemSize(ElemType::Long) == 8 &&
            std::string(elemTypeName(ElemType::UShort)) == "unsigned short",
        "types.sizes-and-names");
  HostArray U8b(ElemType::UChar, 3);
  std::memcpy(U8b.data(), Bytes, 3);
  check(compareBuffers("p", {3}, U8b, U8, One).passed(), "types.equal-passes");
  Bytes[1] = 1;
  std::memcpy(U8b.data(), Bytes, 3);
  check(!compareBuffers("p", {3}, U8b, U8, One).passed(),
        "types.one-off-fails");
  HostArray Sent(ElemType::UShort, 2);
  Sent.fillSentinel();
  check(Sent.isSentinel(0) && Sent.isSentinel(1) && !U8.isSentinel(0),
        "types.sentinel");
  HostArray Rand(ElemType::UChar, 4096);
  Rand.fillRandom(3);
  double Max = 0;
  for (size_t I = 0; I < Rand.size(); ++I)
    Max = std::max(Max, Rand.get(I));
  check(Max > 200, "types.uchar-whole-range", std::to_string(Max));

  // A sum that cancels to exactly 0 in the reference (a*b - a*b), where a
  // contracted kernel computes fma(a, b, -(a*b)): the rounding error of a*b,
  // at most eps/2 * |a*b| (2^-30 stands for it). With only |ref| and
  // rms(ref) the tolerance is 0; rms(in), the size of the summands, keeps
  // it above the rounding error (8 * 2^-23 * sqrt(2) * 0.577 = 7.8e-7) and
  // far below one wrong term (0.25).
  HostArray Zero(ElemType::Float, 4), Fused(ElemType::Float, 4),
      Wrong(ElemType::Float, 4);
  for (size_t I = 0; I < 4; ++I) {
    float Z = 0, F = 0x1p-30f, W = 0.25f;
    std::memcpy((char *)Zero.data() + 4 * I, &Z, 4);
    std::memcpy((char *)Fused.data() + 4 * I, &F, 4);
    std::memcpy((char *)Wrong.data() + 4 * I, &W, 4);
  }
  ComparisonRule Cancel;
  Cancel.ReductionLength = 2;
  C = compareBuffers("z", {4}, Fused, Zero, Cancel);
  check(!C.passed(), "tolerance.cancel-without-input-scale-is-zero");
  Cancel.InputRms = 0.577;
  C = compareBuffers("z", {4}, Fused, Zero, Cancel);
  check(C.passed(), "tolerance.cancel-to-zero-passes",
        std::to_string(C.Tolerance));
  C = compareBuffers("z", {4}, Wrong, Zero, Cancel);
  check(!C.passed(), "tolerance.cancel-wrong-term-fails");

  // Reordered reductions: the bound 2*g(L+1)*(1+g)*mag. g is gamma_{n-1}
  // for small n and the probabilistic bound for large n; a sum of 4096
  // terms of magnitude sum 1000 may differ by 2*g*1000 ~ 7.6e-3 (g =
  // exp(10*64*2^-24) - 1 ~ 3.8e-5), but not by one term of 0.25 more.
  check(reorderBound(2, 0x1p-24) == 0x1p-24 / (1 - 0x1p-24), "reorder.gamma-1");
  check(std::fabs(reorderBound(4097, 0x1p-24) - 3.8147e-5) < 1e-8,
        "reorder.probabilistic", std::to_string(reorderBound(4097, 0x1p-24)));
  {
    HostArray R1(ElemType::Float, 1), Near(ElemType::Float, 1),
        Far(ElemType::Float, 1), Mag(ElemType::Float, 1);
    float RV = 10.0f, NV = 10.007f, FV = 10.25f, MV = 1000.0f;
    std::memcpy(R1.data(), &RV, 4);
    std::memcpy(Near.data(), &NV, 4);
    std::memcpy(Far.data(), &FV, 4);
    std::memcpy(Mag.data(), &MV, 4);
    ComparisonRule Re;
    Re.Reordered = true;
    Re.ReductionLength = 4096;
    check(compareBuffers("s", {1}, Near, R1, Re, &Mag).passed(),
          "reorder.within-bound-passes");
    check(!compareBuffers("s", {1}, Near, R1, Re, nullptr).passed(),
          "reorder.no-magnitude-no-bound");
    check(!compareBuffers("s", {1}, Far, R1, Re, &Mag).passed(),
          "reorder.wrong-term-fails");
    Re.Exact = true; // never loosened for an exact rule
    check(!compareBuffers("s", {1}, Near, R1, Re, &Mag).passed(),
          "reorder.exact-stays-exact");
  }

  // Exact: equal values (and NaN for NaN) pass, one ulp fails, the report
  // says "differ" with enough digits to tell the two apart.
  ComparisonRule Exact;
  Exact.Exact = true;
  Exact.ReductionLength = L;
  C = compareBuffers("x", {1}, Ref, Ref, Exact);
  check(C.passed(), "exact.equal-passes");
  C = compareBuffers("x", {1}, Got, Ref, Exact);
  check(Fwd == Bwd || !C.passed(), "exact.reordered-sum-fails");
  HostArray Ulp(ElemType::Float, 1);
  float Next = std::nextafter(Fwd, 1e30f);
  std::memcpy(Ulp.data(), &Next, 4);
  C = compareBuffers("x", {1}, Ulp, Ref, Exact);
  check(!C.passed() &&
            contains(describeMismatch(C), "1 of 1 elements differ from the "
                                          "reference") &&
            contains(describeMismatch(C), "(exact comparison)"),
        "exact.one-ulp-fails", describeMismatch(C));
  HostArray NaNs(ElemType::Float, 1);
  float QNaN = std::nanf("");
  std::memcpy(NaNs.data(), &QNaN, 4);
  C = compareBuffers("x", {1}, NaNs, NaNs, Exact);
  check(C.passed(), "exact.nan-for-nan");
  // The never-written sentinel is a NaN too, but it never stands for the
  // reference's NaN: an element the kernels did not write fails, in both
  // modes and both floating-point types (before, it matched "NaN for
  // NaN" and an unwritten element passed wherever the C computed a NaN).
  for (ElemType Ty : {ElemType::Float, ElemType::Double}) {
    HostArray RefNaN(Ty, 2), Unwritten(Ty, 2);
    Unwritten.fillSentinel();
    if (Ty == ElemType::Float) {
      float V[2] = {std::nanf(""), -std::nanf("")};
      std::memcpy(RefNaN.data(), V, sizeof V);
    } else {
      double V[2] = {std::nan(""), -std::nan("")};
      std::memcpy(RefNaN.data(), V, sizeof V);
    }
    std::string T = Ty == ElemType::Float ? "float" : "double";
    ComparisonRule Tolerant;
    for (const ComparisonRule *Rule : {&Exact, &Tolerant}) {
      C = compareBuffers("y", {2}, Unwritten, RefNaN, *Rule);
      check(!C.passed() && C.Bad == 2 && C.Unwritten == 2 &&
                C.FirstBadIsSentinel &&
                contains(describeMismatch(C), "the sentinel (never written)"),
            std::string(Rule->Exact ? "exact" : "tolerance") +
                ".sentinel-never-matches-nan-" + T,
            describeMismatch(C));
    }
    // A NaN the kernels computed still matches.
    C = compareBuffers("y", {2}, RefNaN, RefNaN, Exact);
    check(C.passed(), "exact.computed-nan-matches-" + T);
  }

  // Exact is equality, whatever the magnitude: finite results beyond 1e154
  // (whose squares overflow) pass when equal (the tolerance 0 * (|ref| +
  // rms) was NaN there, and every element "differed" by 0), and fail when
  // one ulp apart; infinities must have the same sign, NaN where the
  // reference has a number fails, -0.0 equals +0.0 (Validate.h).
  {
    const size_t N = 64;
    HostArray Huge(ElemType::Double, N), HugeUlp(ElemType::Double, N);
    Huge.fillRandom(4);
    for (size_t I = 0; I < N; ++I) {
      double V = Huge.get(I) * 1e200;
      std::memcpy((char *)Huge.data() + 8 * I, &V, 8);
      std::memcpy((char *)HugeUlp.data() + 8 * I, &V, 8);
    }
    double Last = std::nextafter(Huge.get(N - 1), 0.0);
    std::memcpy((char *)HugeUlp.data() + 8 * (N - 1), &Last, 8);
    C = compareBuffers("y", {int64_t(N)}, Huge, Huge, Exact);
    check(C.passed() && C.MaxAbsError == 0, "exact.huge-equal-passes",
          C.passed() ? "" : describeMismatch(C));
    C = compareBuffers("y", {int64_t(N)}, HugeUlp, Huge, Exact);
    check(!C.passed() && C.Bad == 1 && C.FirstBad == N - 1,
          "exact.huge-one-ulp-fails", std::to_string(C.Bad));
    auto one = [](double V) {
      HostArray H(ElemType::Double, 1);
      std::memcpy(H.data(), &V, 8);
      return H;
    };
    check(compareBuffers("s", {1}, one(INFINITY), one(INFINITY), Exact)
                  .passed() &&
              !compareBuffers("s", {1}, one(-INFINITY), one(INFINITY), Exact)
                   .passed() &&
              !compareBuffers("s", {1}, one(1e308), one(INFINITY), Exact)
                   .passed(),
          "exact.inf-same-sign");
    check(!compareBuffers("s", {1}, one(std::nan("")), one(1.0), Exact)
                  .passed() &&
              !compareBuffers("s", {1}, one(1.0), one(std::nan("")), Exact)
                   .passed(),
          "exact.nan-for-number-fails");
    check(compareBuffers("s", {1}, one(-0.0), one(0.0), Exact).passed() &&
              compareBuffers("s", {1}, one(0.0), one(-0.0), Exact).passed(),
          "exact.signed-zeros-equal");

    // The tolerance never overflows: at 1e200 it is finite (rms scaled),
    // equal values pass and a relative error of 1e-9 fails; below 1e-154
    // rms(ref) is not 0.
    ComparisonRule TolD;
    TolD.ReductionLength = 16;
    TolD.InputRms = 0.577;
    C = compareBuffers("y", {int64_t(N)}, Huge, Huge, TolD);
    check(C.passed() && std::isfinite(C.Rms) && C.Rms > 1e199,
          "tolerance.huge-equal-passes", std::to_string(C.Rms));
    HostArray HugeOff = Huge;
    double Off = Huge.get(3) * (1 + 1e-9);
    std::memcpy((char *)HugeOff.data() + 8 * 3, &Off, 8);
    C = compareBuffers("y", {int64_t(N)}, HugeOff, Huge, TolD);
    check(!C.passed() && C.Bad == 1 && std::isfinite(C.Tolerance) &&
              C.Tolerance > 0,
          "tolerance.huge-wrong-fails", std::to_string(C.Tolerance));
    HostArray Max2(ElemType::Double, 2);
    double Big[2] = {1.7e308, -1.7e308};
    std::memcpy(Max2.data(), Big, 16);
    C = compareBuffers("y", {2}, Max2, Max2, TolD);
    HostArray Max2Off = Max2;
    double Wrong2 = 1.0e308;
    std::memcpy(Max2Off.data(), &Wrong2, 8);
    Comparison C2 = compareBuffers("y", {2}, Max2Off, Max2, TolD);
    check(C.passed() && !C2.passed() && std::isfinite(C2.Tolerance),
          "tolerance.near-max-finite", std::to_string(C2.Tolerance));
    HostArray Tiny(ElemType::Double, 1);
    double T = 1e-200;
    std::memcpy(Tiny.data(), &T, 8);
    check(scaledRms(Tiny) == T, "tolerance.tiny-rms-not-zero");
  }

  // long and unsigned long compare on their 64 bits: 2^60 and 2^60 + 1
  // are the same double.
  {
    HostArray A64(ElemType::Long, 1), B64(ElemType::Long, 1);
    int64_t X = int64_t(1) << 60, Y = X + 1;
    std::memcpy(A64.data(), &X, 8);
    std::memcpy(B64.data(), &Y, 8);
    check(A64.get(0) == B64.get(0) &&
              !compareBuffers("l", {1}, B64, A64, Exact).passed() &&
              !compareBuffers("l", {1}, B64, A64, One).passed() &&
              compareBuffers("l", {1}, A64, A64, One).passed(),
          "types.long-low-bit");
  }

  // The rule: exact only when the manifest declares it and the device can
  // round as C does.
  Manifest Fp = Manifest::parse(
      std::string(Good).insert(std::string(Good).rfind('}'),
                               ", \"floating_point\": {\"contract\": "
                               "\"off\", \"comparison\": \"exact\", "
                               "\"float_divide_sqrt\": true}"),
      "m.json", "");
  check(comparisonRule(Fp, true, true, 1, 0).Exact, "rule.exact");
  check(!comparisonRule(Fp, false, true, 1, 0).Exact &&
            contains(comparisonRule(Fp, false, true, 1, 0).Why,
                     "CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT"),
        "rule.no-correct-division");
  check(
      !comparisonRule(M, true, true, 1, 0).Exact &&
          contains(comparisonRule(M, true, true, 1, 0).Why, "does not declare"),
      "rule.undeclared");
  E = errorOf([&] {
    Manifest::parse(std::string(Good).insert(
                        std::string(Good).rfind('}'),
                        ", \"floating_point\": {\"contract\": \"fast\", "
                        "\"comparison\": \"exact\"}"),
                    "m.json", "");
  });
  check(contains(E, "an exact comparison needs contract \"off\""),
        "rule.fast-cannot-be-exact", E);
}

// --- Session: two hand-written programs, embedded like generated glue. ---

static const char AxpyManifest[] = R"J({"looptile_manifest": 1,
  "source": {"file": "axpy.c", "function": "axpy"}, "program": "axpy.cl",
  "arguments": [{"name": "n", "kind": "size"},
                {"name": "alpha", "kind": "scalar", "type": "float"},
                {"name": "x", "kind": "buffer", "access": "in", "type": "float", "shape": ["n"]},
                {"name": "y", "kind": "buffer", "access": "inout", "type": "float", "shape": ["n"]}],
  "tunables": [{"name": "WG", "default": 64, "min": 1, "max": 1024}],
  "kernels": [{"name": "axpy", "args": ["x", "y", "alpha", "n"],
               "global": ["round_up(n, WG)"], "local": ["WG"]}],
  "flops": "2*n", "bytes": "12*n"})J";
static const char AxpyProgram[] = R"(
__kernel void axpy(__global const float *x, __global float *y, float alpha,
                   int n) {
  int i = get_global_id(0);
  if (i < n)
    y[i] = alpha * x[i] + y[i];
}
)";

// Two kernels in order through a temporary: t = A^T (rows x cols -> cols x
// rows), then B[j][i] = 2 * t[j][i].
static const char TwoStepManifest[] = R"J({"looptile_manifest": 1,
  "source": {"file": "twostep.c", "function": "twostep"}, "program": "twostep.cl",
  "arguments": [{"name": "rows", "kind": "size"}, {"name": "cols", "kind": "size"},
                {"name": "A", "kind": "buffer", "access": "in", "type": "int", "shape": ["rows", "cols"]},
                {"name": "B", "kind": "buffer", "access": "out", "type": "int", "shape": ["cols", "rows"]}],
  "temporaries": [{"name": "t", "type": "int", "shape": ["cols", "rows"]}],
  "kernels": [{"name": "tr", "args": ["A", "t", "rows", "cols"], "global": ["cols", "rows"], "local": null},
              {"name": "dbl", "args": ["t", "B", "rows", "cols"], "global": ["rows*cols"], "local": null}]})J";
static const char TwoStepProgram[] = R"(
__kernel void tr(__global const int *A, __global int *t, int rows, int cols) {
  int j = get_global_id(0), i = get_global_id(1);
  t[j * rows + i] = A[i * cols + j];
}
__kernel void dbl(__global const int *t, __global int *B, int rows, int cols) {
  int k = get_global_id(0);
  B[k] = 2 * t[k];
}
)";

// axpy with shape presets: "wide" (WG=256) then "narrow" (WG=16).
static const char AxpyPresetManifest[] = R"J({"looptile_manifest": 1,
  "source": {"file": "axpy.c", "function": "axpy"}, "program": "axpy.cl",
  "arguments": [{"name": "n", "kind": "size"},
                {"name": "alpha", "kind": "scalar", "type": "float"},
                {"name": "x", "kind": "buffer", "access": "in", "type": "float", "shape": ["n"]},
                {"name": "y", "kind": "buffer", "access": "inout", "type": "float", "shape": ["n"]}],
  "tunables": [{"name": "WG", "default": 64, "min": 1, "max": 1024, "values": [16, 32, 64, 256]}],
  "presets": [{"name": "wide", "set": {"WG": 256}}, {"name": "narrow", "set": {"WG": 16}}],
  "kernels": [{"name": "axpy", "args": ["x", "y", "alpha", "n"],
               "global": ["round_up(n, WG)"], "local": ["WG"]}],
  "flops": "2*n", "bytes": "12*n"})J";

// A host program: y += x, steps times, one launch per step of the host
// loop t (which the kernel takes as an argument and ignores); the NDRange
// of the second kernel shrinks with t (it adds 1 to y[t .. n - 1]).
static const char StepsManifest[] = R"J({"looptile_manifest": 2,
  "source": {"file": "steps.c", "function": "steps"}, "program": "steps.cl",
  "arguments": [{"name": "steps", "kind": "size"}, {"name": "n", "kind": "size"},
                {"name": "x", "kind": "buffer", "access": "in", "type": "float", "shape": ["n"]},
                {"name": "y", "kind": "buffer", "access": "inout", "type": "float", "shape": ["n"]}],
  "kernels": [{"name": "add", "args": ["x", "y", "n", "t"], "global": ["n"], "local": null},
              {"name": "tail", "args": ["y", "n", "t"], "global": ["max(n - t, 0)"], "local": null}],
  "host_program": [{"loop": "t", "kernel_type": "int", "from": "0", "to": "steps - 1", "step": 1,
                    "body": [{"launch": "add"}, {"launch": "tail"}]}]})J";
static const char StepsProgram[] = R"(
__kernel void add(__global const float *x, __global float *y, int n, int t) {
  int i = get_global_id(0);
  y[i] += x[i];
}
__kernel void tail(__global float *y, int n, int t) {
  int i = t + get_global_id(0);
  y[i] += 1.0f;
}
)";

/// Runs axpy with alpha = 1.5 on n elements; true when y is right.
static bool runAxpy(Session &S, int N) {
  std::vector<float> X(N), Y(N), Expect(N);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I % 13) - 6;
    Y[I] = float(I % 7);
    Expect[I] = 1.5f * X[I] + Y[I];
  }
  S.run({HostArg::size(N), HostArg::scalar(1.5f), HostArg::in(X.data()),
         HostArg::inout(Y.data())});
  return Y == Expect;
}

static void tuningTests(const std::string &DeviceSpec) {
  char Template[] = "/tmp/looptile-session-XXXXXX";
  std::string Dir = mkdtemp(Template) ? Template : "/tmp";
  std::string CachePath = Dir + "/tuning.json";
  SessionOptions Opts;
  Opts.Device = DeviceSpec;
  Opts.TuneCachePath = CachePath; // does not exist yet
  Opts.Verbose = false;

  // Presets by shape with 4 compute units (the testing aid): n = 4096 gives
  // "wide" 16 work-groups, enough; n = 100 gives "wide" 1 and "narrow" 7.
  setenv("LOOPTILE_COMPUTE_UNITS", "4", 1);
  {
    Session S(AxpyPresetManifest, AxpyProgram, Opts);
    check(runAxpy(S, 4096) && S.lastTunables().at("WG") == 256 &&
              S.lastSetting() == "WG=256 (preset wide)",
          "session.preset-wide", S.lastSetting());
    check(runAxpy(S, 100) && S.lastTunables().at("WG") == 16 &&
              S.lastSetting() == "WG=16 (preset narrow)",
          "session.preset-narrow", S.lastSetting());
    check(runAxpy(S, 4096) && S.lastTunables().at("WG") == 256 &&
              S.buildCount() == 2,
          "session.one-build-per-setting",
          std::to_string(S.buildCount()) + " builds");
  }
  // With 64 compute units no preset fills the device at n = 4096: "narrow"
  // launches the most work-groups (256).
  setenv("LOOPTILE_COMPUTE_UNITS", "64", 1);
  {
    Session S(AxpyPresetManifest, AxpyProgram, Opts);
    check(runAxpy(S, 4096) && S.lastSetting() == "WG=16 (preset narrow)",
          "session.preset-most-work-groups", S.lastSetting());
  }
  unsetenv("LOOPTILE_COMPUTE_UNITS");

  // A tuning-cache entry for n = 1000 on this device and program.
  Manifest M = Manifest::parse(AxpyPresetManifest, "m", "");
  TuneCacheEntry E;
  E.Key = makeTuneCacheKey(selectDevice(DeviceSpec), M, AxpyProgram,
                           {{"n", 1000}});
  E.Tunables = {{"WG", 32}};
  E.Tuned = "2026-01-01T00:00:00Z";
  std::vector<std::string> W = TuneCache::store(CachePath, E);
  check(W.empty(), "session.cache-store");
  {
    Session S(AxpyPresetManifest, AxpyProgram, Opts);
    check(runAxpy(S, 1000) && S.lastSetting() == "WG=32 (tuning cache)",
          "session.cache-used", S.lastSetting());
    check(runAxpy(S, 1001) && S.lastSetting() != "WG=32 (tuning cache)" &&
              contains(S.lastSetting(), "(preset "),
          "session.cache-other-sizes-not-used", S.lastSetting());
  }
  // Another program text (one more space) has another key.
  {
    Session S(AxpyPresetManifest, std::string(AxpyProgram) + " ", Opts);
    check(runAxpy(S, 1000) && contains(S.lastSetting(), "(preset "),
          "session.cache-other-program-not-used", S.lastSetting());
  }
  // Overrides win over the cache; the cache can be switched off.
  {
    SessionOptions O2 = Opts;
    O2.Tunables = {{"WG", 64}};
    Session S(AxpyPresetManifest, AxpyProgram, O2);
    check(runAxpy(S, 1000) && S.lastSetting() == "WG=64 (--set)",
          "session.override-beats-cache", S.lastSetting());
    O2.Tunables.clear();
    O2.UseTuneCache = false;
    Session S2(AxpyPresetManifest, AxpyProgram, O2);
    check(runAxpy(S2, 1000) && contains(S2.lastSetting(), "(preset "),
          "session.cache-off", S2.lastSetting());
  }
  // A corrupt cache: a warning (tuneCacheProblem), never an error.
  {
    std::FILE *F = std::fopen(CachePath.c_str(), "w");
    std::fputs("{\"looptile_tuning_cache\": 1, \"entries\": [", F);
    std::fclose(F);
    Session S(AxpyPresetManifest, AxpyProgram, Opts);
    check(contains(S.tuneCacheProblem(), "tuning.json:1:") &&
              runAxpy(S, 1000) && contains(S.lastSetting(), "(preset "),
          "session.cache-corrupt", S.tuneCacheProblem());
  }
  // Overrides are checked when the Session is made.
  {
    SessionOptions O3 = Opts;
    O3.Tunables = {{"WG", 4096}};
    std::string Err =
        errorOf([&] { Session S(AxpyPresetManifest, AxpyProgram, O3); });
    check(contains(Err, "tunable WG=4096 is outside [1, 1024]"),
          "session.override-range", Err);
  }
  std::remove(CachePath.c_str());
  std::remove((CachePath + ".corrupt").c_str());
  rmdir(Dir.c_str());
}

static void sessionTests(const std::string &DeviceSpec) {
  SessionOptions Opts;
  Opts.Device = DeviceSpec;
  Session Axpy(AxpyManifest, AxpyProgram, Opts);
  std::cout << "device " << Axpy.deviceDescription() << "\n";
  for (int N : {1000, 37, 4096}) { // different sizes reuse one build
    std::vector<float> X(N), Y(N), Expect(N);
    for (int I = 0; I < N; ++I) {
      X[I] = float(I % 17) - 8;
      Y[I] = float(I % 5);
      Expect[I] = 1.5f * X[I] + Y[I];
    }
    Axpy.run({HostArg::size(N), HostArg::scalar(1.5f), HostArg::in(X.data()),
              HostArg::inout(Y.data())});
    check(Y == Expect, "session.axpy n=" + std::to_string(N));
  }
  check(Axpy.lastKernelMs() >= 0, "session.timing");
  std::vector<float> X(4), Y(4);
  std::string E = errorOf([&] {
    Axpy.run({HostArg::size(4), HostArg::scalar(1.0), HostArg::in(X.data()),
              HostArg::inout(Y.data())});
  });
  check(contains(E, "argument 1 (alpha) was passed as a double scalar"),
        "session.wrong-kind", E);
  E = errorOf([&] { Axpy.run({HostArg::size(4)}); });
  check(contains(E, "expected 4 arguments, got 1"), "session.wrong-count", E);
  E = errorOf([&] {
    Axpy.run({HostArg::size(-1), HostArg::scalar(1.0f), HostArg::in(X.data()),
              HostArg::inout(Y.data())});
  });
  check(contains(E, "size parameter n=-1 is negative"), "session.bad-size", E);
  // n = 0 is a call of the C function that does nothing: it succeeds,
  // launches nothing and copies nothing (null arrays are fine: no element).
  E = errorOf([&] {
    Axpy.run({HostArg::size(0), HostArg::scalar(1.0f),
              HostArg::in((const float *)nullptr), HostArg::inout(nullptr)});
  });
  check(E.empty() && Axpy.lastTraffic().Launches == 0 &&
            Axpy.lastTraffic().Uploads == 0 &&
            Axpy.lastTraffic().Downloads == 0,
        "session.zero-size", E);

  // A host program through the session, run twice: each run uploads x and
  // y once, launches 2 * steps kernels (none where tail's NDRange is
  // empty, t >= n) and downloads y once.
  {
    Session Steps(StepsManifest, StepsProgram, Opts);
    const int NSteps = 9, N = 6;
    std::vector<float> X(N), Y(N, 0.0f), Expect(N, 0.0f);
    for (int I = 0; I < N; ++I)
      X[I] = float(I) - 2;
    for (int Call = 0; Call < 2; ++Call) {
      for (int T = 0; T < NSteps; ++T)
        for (int I = 0; I < N; ++I)
          Expect[I] += X[I] + (I >= T ? 1.0f : 0.0f);
      Steps.run({HostArg::size(NSteps), HostArg::size(N), HostArg::in(X.data()),
                 HostArg::inout(Y.data())});
      Session::Traffic Tr = Steps.lastTraffic();
      check(Y == Expect && Tr.Uploads == 2 && Tr.Downloads == 1 &&
                Tr.Launches == size_t(NSteps + N),
            "session.host-program call " + std::to_string(Call),
            "uploads " + std::to_string(Tr.Uploads) + ", downloads " +
                std::to_string(Tr.Downloads) + ", launches " +
                std::to_string(Tr.Launches));
    }
  }

  // Zero steps, or rows of length 0: the calls do nothing (y unchanged,
  // no launch); session_run(0) is a run of nothing.
  {
    Session Steps(StepsManifest, StepsProgram, Opts);
    std::vector<float> X(6, 1.0f), Y(6, 0.25f);
    std::string E0 = errorOf([&] {
      Steps.run({HostArg::size(0), HostArg::size(6), HostArg::in(X.data()),
                 HostArg::inout(Y.data())});
    });
    size_t L0 = Steps.lastTraffic().Launches;
    std::string E1 = errorOf([&] {
      Steps.run({HostArg::size(9), HostArg::size(0), HostArg::in(X.data()),
                 HostArg::inout(Y.data())});
    });
    size_t L1 = Steps.lastTraffic().Launches;
    check(E0.empty() && E1.empty() && L0 == 0 && L1 == 0 &&
              Y == std::vector<float>(6, 0.25f),
          "session.zero-steps", E0 + E1);
  }

  // The same program in three steps: one upload, the host program run 3
  // times on the device's data (as 3 calls would compute), one download;
  // out of order is an error, and a failed step unbinds the data.
  {
    Session Steps(StepsManifest, StepsProgram, Opts);
    const int NSteps = 9, N = 6, Times = 3;
    std::vector<float> X(N), Y(N, 0.5f), Expect(N, 0.5f);
    for (int I = 0; I < N; ++I)
      X[I] = float(I) - 2;
    for (int Call = 0; Call < Times; ++Call)
      for (int T = 0; T < NSteps; ++T)
        for (int I = 0; I < N; ++I)
          Expect[I] += X[I] + (I >= T ? 1.0f : 0.0f);
    std::string E0 = errorOf([&] { Steps.runUploaded(1); });
    check(contains(E0, "steps: run before upload"), "session.run-before-upload",
          E0);
    E0 = errorOf([&] { Steps.download(); });
    check(contains(E0, "steps: download before upload"),
          "session.download-before-upload", E0);
    Steps.upload({HostArg::size(NSteps), HostArg::size(N),
                  HostArg::in(X.data()), HostArg::inout(Y.data())});
    check(Y == std::vector<float>(N, 0.5f), "session.upload-leaves-host");
    Steps.runUploaded(2);
    Steps.runUploaded(1);
    Steps.download();
    Session::Traffic Tr = Steps.lastTraffic();
    check(Y == Expect && Tr.Uploads == 2 && Tr.Downloads == 1 &&
              Tr.Launches == size_t(Times * (NSteps + N)),
          "session.resident-steps",
          "uploads " + std::to_string(Tr.Uploads) + ", downloads " +
              std::to_string(Tr.Downloads) + ", launches " +
              std::to_string(Tr.Launches));
    // A run() in between unbinds the uploaded data.
    Steps.upload({HostArg::size(NSteps), HostArg::size(N),
                  HostArg::in(X.data()), HostArg::inout(Y.data())});
    Steps.run({HostArg::size(NSteps), HostArg::size(N), HostArg::in(X.data()),
               HostArg::inout(Y.data())});
    E0 = errorOf([&] { Steps.runUploaded(1); });
    check(contains(E0, "run before upload"), "session.run-unbinds", E0);
    E0 = errorOf([&] {
      Steps.upload({HostArg::size(NSteps), HostArg::size(N),
                    HostArg::in(nullptr), HostArg::inout(Y.data())});
    });
    check(contains(E0, "argument 2 (x) is a null pointer"),
          "session.null-array", E0);
    E0 = errorOf([&] { Steps.download(); });
    check(contains(E0, "download before upload"),
          "session.failed-upload-unbinds", E0);
  }

  Session Two(TwoStepManifest, TwoStepProgram, Opts);
  const int Rows = 5, Cols = 7;
  std::vector<int> A(Rows * Cols), B(Rows * Cols, -1);
  for (int I = 0; I < Rows * Cols; ++I)
    A[I] = I * 3 - 20;
  Two.run({HostArg::size(Rows), HostArg::size(Cols), HostArg::in(A.data()),
           HostArg::out(B.data())});
  bool Ok = true;
  for (int I = 0; I < Rows; ++I)
    for (int J = 0; J < Cols; ++J)
      Ok &= B[J * Rows + I] == 2 * A[I * Cols + J];
  check(Ok, "session.two-kernels-temporary");

  // The program is built on the first run (the tunables depend on the
  // sizes), so a build failure shows there.
  E = errorOf([&] {
    Session S(AxpyManifest, "__kernel void axpy( {", Opts);
    S.run({HostArg::size(4), HostArg::scalar(1.0f), HostArg::in(X.data()),
           HostArg::inout(Y.data())});
  });
  check(contains(E, "build log:"), "session.build-failure", E.substr(0, 200));

  tuningTests(DeviceSpec);
}

// write(read(T)) == T for manifests looptile wrote, and read(write(D)) ==
// D for what it reads.
static void roundTripTests(int Argc, char **Argv) {
  for (int I = 2; I < Argc; ++I) {
    std::string Text = readFile(Argv[I], "manifest");
    looptile::manifest::Document D = looptile::manifest::read(Text, Argv[I]);
    std::string Written = looptile::manifest::write(D);
    check(Written == Text && looptile::manifest::read(Written, Argv[I]) == D,
          std::string("roundtrip ") + Argv[I]);
  }
}

int main(int Argc, char **Argv) {
  std::string Mode = Argc > 1 ? Argv[1] : "";
  try {
    if (Mode == "unit")
      unitTests();
    else if (Mode == "roundtrip")
      roundTripTests(Argc, Argv);
    else if (Mode == "session")
      sessionTests(Argc > 2 ? Argv[2] : "");
    else {
      std::cerr << "usage: looptile-runtime-test unit|session [DEVICE]|"
                   "roundtrip FILE.json...\n";
      return 2;
    }
  } catch (const Error &E) {
    std::cout << "FAIL uncaught: " << E.what() << "\n";
    return 100;
  }
  std::cout << (Failures ? "FAILED " : "PASSED ") << Failures << " failures\n";
  return Failures;
}
