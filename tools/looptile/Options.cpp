//===- Options.cpp - looptile's command line ------------------------------===//
//
// Every flag of looptile is defined and read here, and becomes a field of
// PipelineOptions: the user's options for the mapping stage
// (MappingOptions), the transformation steps in the order written, what to
// print and where to write. With OpenCL output, `--tile T` is the kernels'
// tile size (MappingOptions::Tile); with C output it is the tiling step.
//
//===----------------------------------------------------------------------===//
#include "Options.h"

#include "looptile/Support/Statistic.h"
#include "looptile/Transforms/LoopUtils.h"
#include "looptile/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <sstream>
#include <tuple>

using namespace looptile;
namespace cl = llvm::cl;

static bool isPlainIdentifier(const std::string &S) {
  if (S.empty() || std::isdigit(static_cast<unsigned char>(S[0])))
    return false;
  return std::all_of(S.begin(), S.end(), [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  });
}

// A loop selector: `j`, `j:12` for the loop `j` whose `for` is on line 12,
// or `j:12.2` for the second copy distribution made of it (LoopUtils.h).
static bool isIdentifier(const std::string &S) { return isLoopSelector(S); }

static std::vector<std::string> splitComma(const std::string &S) {
  std::vector<std::string> Parts;
  std::stringstream SS(S);
  std::string P;
  while (std::getline(SS, P, ','))
    Parts.push_back(P);
  if (!S.empty() && S.back() == ',')
    Parts.push_back("");
  return Parts;
}

// Why S is not a size parsePositive accepts: "is not a positive integer",
// or "is too large" for digits beyond its range.
static std::string notPositive(const std::string &S) {
  bool Digits = !S.empty() && std::all_of(S.begin(), S.end(), [](char C) {
    return std::isdigit(static_cast<unsigned char>(C));
  });
  if (Digits && S.find_first_not_of('0') != std::string::npos &&
      S.size() - std::min(S.size(), S.find_first_not_of('0')) > 9)
    return "is too large (at most 999999999)";
  return "is not a positive integer";
}

static std::optional<int64_t> parsePositive(const std::string &S) {
  if (S.empty() || S.size() > 9 ||
      !std::all_of(S.begin(), S.end(),
                   [](char C) { return std::isdigit(static_cast<unsigned char>(C)); }))
    return std::nullopt;
  int64_t V = std::stoll(S);
  if (V < 1)
    return std::nullopt;
  return V;
}

// The value of a transformation flag as a step (`i=16,j=16` for
// --strip-mine, `i,j` for --interchange, ...); an error message on failure.
static std::optional<std::string> parseStep(TransformStep::Kind K,
                                            const std::string &Value,
                                            TransformStep &Out) {
  Out = TransformStep();
  Out.K = K;
  auto ParseSizes = [&]() -> std::optional<std::string> {
    for (const std::string &P : splitComma(Value)) {
      size_t Eq = P.find('=');
      if (Eq == std::string::npos)
        return "expected LOOP=SIZE, got '" + P + "'";
      std::string Var = P.substr(0, Eq);
      std::optional<int64_t> Size = parsePositive(P.substr(Eq + 1));
      if (!isIdentifier(Var))
        return "'" + Var + "' is not a loop variable name";
      if (!Size)
        return "size '" + P.substr(Eq + 1) + "' of loop '" + Var + "' " +
               notPositive(P.substr(Eq + 1));
      for (auto &[Seen, _] : Out.Sizes)
        if (Seen == Var)
          return "loop '" + Var + "' is given twice";
      Out.Sizes.push_back({Var, *Size});
    }
    return std::nullopt;
  };
  auto ParseNames = [&](size_t Min) -> std::optional<std::string> {
    for (const std::string &P : splitComma(Value)) {
      if (!isIdentifier(P))
        return "'" + P + "' is not a loop variable name";
      if (std::find(Out.Loops.begin(), Out.Loops.end(), P) != Out.Loops.end())
        return "loop '" + P + "' is given twice";
      Out.Loops.push_back(P);
    }
    if (Out.Loops.size() < Min)
      return "expected at least " + std::to_string(Min) +
             " comma-separated loop variables";
    return std::nullopt;
  };
  switch (K) {
  case TransformStep::StripMine:
    return ParseSizes();
  case TransformStep::Interchange: {
    if (auto E = ParseNames(2))
      return E;
    if (Out.Loops.size() != 2)
      return std::string("expected exactly two loop variables, e.g. i,j");
    return std::nullopt;
  }
  case TransformStep::Order:
    return ParseNames(2);
  case TransformStep::Tile:
    if (Value.find('=') == std::string::npos) {
      std::optional<int64_t> Size = parsePositive(Value);
      if (!Size)
        return "tile size '" + Value + "' " + notPositive(Value);
      Out.UniformSize = *Size;
      return std::nullopt;
    }
    return ParseSizes();
  case TransformStep::Distribute:
    if (!Value.empty() && !isIdentifier(Value))
      return "'" + Value + "' is not a loop variable name";
    Out.Target = Value;
    return std::nullopt;
  case TransformStep::Expand: {
    // NAME, NAME:LOOP, or NAME:LOOP,LOOP,... (a band of nested loops,
    // outermost first), where LOOP is a loop selector (`i`, `j:12`).
    size_t Colon = Value.find(':');
    std::string Name = Value.substr(0, Colon);
    if (!isPlainIdentifier(Name))
      return "'" + Name + "' is not a variable name";
    Out.Target = Name;
    if (Colon == std::string::npos)
      return std::nullopt;
    std::stringstream Loops(Value.substr(Colon + 1));
    std::string Loop;
    while (std::getline(Loops, Loop, ',')) {
      if (!isIdentifier(Loop))
        return "'" + Loop +
               "' is not a loop (expected NAME:LOOP, NAME:LOOP:LINE or "
               "NAME:LOOP,LOOP,...)";
      Out.Loops.push_back(Loop);
    }
    if (Out.Loops.empty() || Value.back() == ',')
      return "'" + Value.substr(Colon + 1) +
             "' is not a loop (expected NAME:LOOP, NAME:LOOP:LINE or "
             "NAME:LOOP,LOOP,...)";
    return std::nullopt;
  }
  }
  return std::nullopt;
}


static cl::OptionCategory Category("looptile options");

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input.c>"),
                                      cl::Required, cl::cat(Category));
static cl::opt<bool> PrintIR("print-ir", cl::desc("Print the loop-nest IR"),
                             cl::cat(Category));
static cl::opt<std::string> PrintDeps(
    "print-deps", cl::ValueOptional,
    cl::desc("Print dependences, direction matrices and parallel loops "
             "(text, json or dot)"),
    cl::value_desc("format"), cl::cat(Category));
static cl::list<std::string>
    StripMine("strip-mine", cl::desc("Strip-mine loops, e.g. i=16"),
              cl::value_desc("loop=size,..."), cl::cat(Category));
static cl::list<std::string>
    Interchange("interchange", cl::desc("Interchange two loops, e.g. i,j"),
                cl::value_desc("loop,loop"), cl::cat(Category));
static cl::list<std::string>
    Order("order", cl::desc("Reorder a perfectly nested band, e.g. j,i,k"),
          cl::value_desc("loop,..."), cl::cat(Category));
static cl::list<std::string>
    Tile("tile", cl::desc("Tile the outermost band (16) or named loops "
                          "(i=32,j=32,k=8)"),
         cl::value_desc("size|loop=size,..."), cl::cat(Category));
static cl::list<std::string> Distribute(
    "distribute", cl::ValueOptional,
    cl::desc("Distribute a loop (default: each nest's outermost loop)"),
    cl::value_desc("loop"), cl::cat(Category));
static cl::list<std::string>
    Expand("expand",
           cl::desc("Expand a private scalar or array (NAME or NAME:LOOP; an "
                    "array also NAME:OUTER,INNER, along a band of loops) into "
                    "an array with one element or copy per iteration"),
           cl::value_desc("var[:loop[,loop]]"), cl::cat(Category));
static cl::opt<bool> PrintSignature(
    "print-signature",
    cl::desc("Print each function's parameters as JSON (kind, type, access, "
             "shape)"),
    cl::cat(Category));
static cl::opt<std::string> RegisterTile(
    "register-tile",
    cl::desc("OpenCL: each work-item computes R x C outputs (R or RxC)"),
    cl::value_desc("R|RxC"), cl::cat(Category));
static cl::opt<bool> SingleWorkItem(
    "single-work-item",
    cl::desc("OpenCL: run a nest without parallel loops in one work-item"),
    cl::cat(Category));
static cl::opt<bool> StageRows(
    "stage-rows",
    cl::desc("OpenCL: a work-item that walks a row stored along it copies "
             "chunks of its work-group's rows through local memory "
             "(coalesced; chosen by default with no flags)"),
    cl::cat(Category));
static cl::opt<std::string> FpContract(
    "fp-contract",
    cl::desc("OpenCL: off (default) rounds a * b + c twice, as C does; fast "
             "lets the OpenCL compiler fuse it into one multiply-add "
             "(validation then uses a tolerance)"),
    cl::value_desc("off|fast"), cl::cat(Category));
static cl::opt<bool> PrintMapping(
    "print-mapping",
    cl::desc("OpenCL: print which loop became which NDRange dimension, the "
             "work-group size, local memory and outputs per work-item"),
    cl::cat(Category));
static cl::opt<bool> PrintPlan(
    "print-plan",
    cl::desc("OpenCL: print the mapping stage's plan of each function (its "
             "arguments, device buffers, host program and every kernel's "
             "decisions: kind, mapped loops, tiles, staging, reductions)"),
    cl::cat(Category));
static cl::opt<std::string> Schedule(
    "schedule",
    cl::desc("OpenCL: who chooses distribution, loop order and kernel "
             "kind. Default: looptile, unless a transformation step, "
             "--tile, --register-tile or --single-work-item is given (then "
             "the flags are the schedule); auto: looptile, with the user's "
             "--tile/--register-tile; as-written: the loops as written; "
             "candidate:K: looptile, each nest taking its K-th candidate "
             "(from 0, as --print-mapping lists them) instead of the best, "
             "for measuring the choice. --print-mapping says what was "
             "chosen and why"),
    cl::value_desc("auto|as-written|candidate:K"), cl::cat(Category));
static cl::opt<std::string> Emit("emit",
                                 cl::desc("Emit the result: c or opencl"),
                                 cl::value_desc("kind"), cl::cat(Category));
static cl::opt<std::string> OutputFile(
    "o",
    cl::desc("Output file: -o FILE.cl writes the kernels FILE.cl, the "
             "manifest FILE.json, the host glue FILE.host.cpp and its C "
             "header FILE.host.h (for a file of several functions, one FILE.FUNCTION.json each); with "
             "--emit=c or transformations alone, the transformed C. Missing "
             "folders are created"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    BuildPath("p",
              cl::desc("Read the compile flags from the file's entry in "
                       "<build-dir>/compile_commands.json"),
              cl::value_desc("build-dir"), cl::cat(Category));
static cl::opt<std::string> DepFile(
    "depfile",
    cl::desc("Write a Make-style dependency file for the output (-o): the C "
             "file and the headers it includes, for build systems"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string>
    OnlyFunction("function", cl::desc("Only process this function"),
                 cl::value_desc("name"), cl::cat(Category));

// What --help prints after the options: the flags llvm::cl does not own
// (`--`, --print-after), the output files and the exit status.
static cl::extrahelp MoreHelp(R"(
  --print-after=all            - Print the IR and the C after every transformation step

Compile flags:
  Everything after `--` is passed to Clang, as with every Clang tool:
    looptile f.c --print-ir -- -DN=64 -Iinclude -std=c99
  With -p BUILD-DIR the flags of the file's entry in
  BUILD-DIR/compile_commands.json are used, and the flags after `--` are
  added to them. The manifest records them, and looptile-run --validate
  compiles the C reference with them.

Output:
  --emit=c, or transformations alone: the transformed C, on standard output
  or in -o FILE.
  -o FILE.cl (or --emit=opencl -o FILE.cl): FILE.cl (one kernel per nest),
  FILE.json (the manifest: arguments, NDRanges, tunables; docs/manifest.md)
  FILE.host.cpp (a drop-in replacement for the C function that runs the
  kernels through liblooptile-runtime) and FILE.host.h (its C declarations,
  drop-in and session API). A file of several functions without
  --function: every function that can be handled (the others are skipped
  with a warning naming them and the reason), sharing FILE.cl,
  FILE.host.cpp and FILE.host.h, each with its manifest FILE.FUNCTION.json (looptile-run
  FILE.cl --function FUNCTION). --print-mapping and --print-plan without -o
  write nothing.

Exit status:
  0  success
  1  refused: a construct or transformation the tool cannot apply soundly
     (with a diagnostic), an input that cannot be read, an output that
     cannot be written
  2  usage error: unknown option, malformed or missing value, options that
     cannot be combined
  3  OpenCL device error (looptile-run and the host glue only)
)");

static void printVersion(llvm::raw_ostream &OS) {
  OS << "looptile " LOOPTILE_VERSION " (git " LOOPTILE_GIT_COMMIT ")\n"
     << "  LLVM " LLVM_VERSION_STRING ", " << clangVersion() << "\n";
}

// A usage error: the command line itself is wrong.
static int fail(const std::string &Msg) {
  llvm::errs() << "looptile: error: " << Msg << "\n";
  return ExitUsage;
}

std::optional<int> looptile::parseCommandLine(int argc, char **argv,
                                                PipelineOptions &Opts) {
  // Everything after `--` goes to Clang, as with every Clang tool. Flags
  // with an optional value also accept it as the next word
  // (`--distribute i`, `--print-deps json`).
  std::vector<std::string> Words;
  std::vector<std::string> ClangArgs;
  // libLLVM already registers an option called print-after, so this one is
  // read here, before llvm::cl sees the command line.
  std::optional<std::string> PrintAfter;
  bool AfterDashDash = false;
  for (int I = 0; I < argc; ++I) {
    if (!AfterDashDash && I > 0 && std::strcmp(argv[I], "--") == 0) {
      AfterDashDash = true;
      continue;
    }
    if (AfterDashDash) {
      ClangArgs.push_back(argv[I]);
      continue;
    }
    std::string W = argv[I];
    if (W.rfind("--print-after", 0) == 0 || W.rfind("-print-after", 0) == 0) {
      size_t Eq = W.find('=');
      if (Eq != std::string::npos)
        PrintAfter = W.substr(Eq + 1);
      else
        PrintAfter = I + 1 < argc ? argv[++I] : "";
      continue;
    }
    bool OptionalValueFlag = W == "--distribute" || W == "-distribute" ||
                             W == "--print-deps" || W == "-print-deps";
    if (OptionalValueFlag && I + 1 < argc && isLoopSelector(argv[I + 1]) &&
        (W.find("print-deps") == std::string::npos ||
         !std::strcmp(argv[I + 1], "text") ||
         !std::strcmp(argv[I + 1], "json") || !std::strcmp(argv[I + 1], "dot")))
      W += std::string("=") + argv[++I];
    Words.push_back(W);
  }
  std::vector<const char *> Args;
  for (const std::string &W : Words)
    Args.push_back(W.c_str());
  // --stats is LLVM's own option (it cannot be registered twice): it is
  // shown under looptile's options and prints looptile's counters
  // (Support/Statistic.h).
  if (cl::Option *Stats = cl::getRegisteredOptions().lookup("stats")) {
    Stats->setDescription("Print, to standard error after the run, how "
                          "often each analysis and plan ran");
    Stats->addCategory(Category);
    Stats->setHiddenFlag(cl::NotHidden);
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(
          int(Args.size()), Args.data(),
          "looptile: dependence-checked loop transformations to OpenCL\n\n"
          "  looptile FILE.c [options] [-- CLANG-FLAGS...]\n",
          &llvm::errs()))
    return ExitUsage;

  Opts = PipelineOptions();
  Opts.Frontend.File = InputFile;
  Opts.Frontend.ExtraArgs = ClangArgs;
  Opts.Frontend.BuildPath = BuildPath;
  Opts.Frontend.OnlyFunction = OnlyFunction;
  if (OnlyFunction.getNumOccurrences() && OnlyFunction.empty())
    return fail("--function needs a function name (--function=NAME)");
  if (!DepFile.empty()) {
    if (OutputFile.empty())
      return fail("--depfile needs -o: the dependency file names the output "
                  "that depends on the C file and its headers");
    Opts.Frontend.DepFile = DepFile;
    Opts.Frontend.DepTarget = OutputFile;
  }
  Opts.PrintIR = PrintIR;
  Opts.PrintSignature = PrintSignature;
  if (PrintDeps.getNumOccurrences()) {
    Opts.PrintDeps = PrintDeps.empty() ? "text" : std::string(PrintDeps);
    if (Opts.PrintDeps != "text" && Opts.PrintDeps != "json" &&
        Opts.PrintDeps != "dot")
      return fail("--print-deps: unknown format '" + Opts.PrintDeps +
                  "' (expected text, json or dot)");
  }
  if (PrintAfter) {
    if (*PrintAfter != "all")
      return fail("--print-after: expected 'all', got '" + *PrintAfter + "'");
    Opts.PrintAfterAll = true;
  }
  if (Emit.getNumOccurrences()) {
    if (Emit != "c" && Emit != "opencl")
      return fail("--emit: unknown kind '" + Emit + "' (expected c or opencl)");
    Opts.Emit = Emit;
  }
  // OpenCL is generated for --emit=opencl, for `-o FILE.cl`, and whenever an
  // OpenCL-only flag is given.
  bool WantsOpenCL =
      Opts.Emit == "opencl" ||
      (Opts.Emit.empty() && OutputFile.size() > 3 &&
       OutputFile.substr(OutputFile.size() - 3) == ".cl") ||
      RegisterTile.getNumOccurrences() || SingleWorkItem || StageRows ||
      PrintMapping || PrintPlan;
  if (WantsOpenCL) {
    if (Opts.Emit == "c")
      return fail("--emit=c cannot be combined with OpenCL options "
                  "(--register-tile, --single-work-item, --stage-rows, "
                  "--print-mapping, --print-plan)");
    // The kernels, manifest and glue are three files: they go where -o
    // says, never silently into the current directory. --print-mapping
    // alone prints the mapping and writes nothing.
    if (OutputFile.empty() &&
        (Opts.Emit == "opencl" || (!PrintMapping && !PrintPlan)))
      return fail(std::string(Opts.Emit == "opencl" ? "--emit=opencl"
                              : RegisterTile.getNumOccurrences()
                                  ? "--register-tile"
                              : StageRows ? "--stage-rows"
                                          : "--single-work-item") +
                  " writes FILE.cl, FILE.json, FILE.host.cpp and FILE.host.h: "
                  "name them "
                  "with -o FILE.cl (or use --print-mapping alone to see the "
                  "mapping)");
    Opts.Emit = "opencl";
    Opts.PrintMapping = PrintMapping;
    Opts.PrintPlan = PrintPlan;
    if (Schedule.getNumOccurrences()) {
      const std::string Prefix = "candidate:";
      std::string V = Schedule;
      if (V.compare(0, Prefix.size(), Prefix) == 0) {
        std::string K = V.substr(Prefix.size());
        if (K.empty() || K.size() > 3 ||
            K.find_first_not_of("0123456789") != std::string::npos)
          return fail("--schedule=candidate:K: K must be a candidate's "
                      "index from 0 to 999 (the order --print-mapping "
                      "lists them in), not '" + K + "'");
        Opts.Candidate = std::stoi(K);
      } else if (V != "auto" && V != "as-written") {
        return fail("--schedule: unknown value '" + V +
                    "' (expected auto, as-written or candidate:K)");
      } else {
        Opts.Schedule = V == "auto" ? PipelineOptions::Auto
                                    : PipelineOptions::AsWritten;
      }
    }
    Opts.OpenCL.SingleWorkItem = SingleWorkItem;
    Opts.OpenCL.StageRows = StageRows;
    if (FpContract.getNumOccurrences()) {
      if (FpContract != "off" && FpContract != "fast")
        return fail("--fp-contract: unknown value '" + FpContract +
                    "' (expected off or fast)");
      Opts.OpenCL.FastContract = FpContract == "fast";
    }
    if (RegisterTile.getNumOccurrences()) {
      std::string V = RegisterTile;
      size_t X = V.find('x');
      std::string R = V.substr(0, X), C = X == std::string::npos ? R : V.substr(X + 1);
      auto Positive = [](const std::string &S) -> int64_t {
        if (S.empty() || S.size() > 3 ||
            !std::all_of(S.begin(), S.end(), [](char Ch) { return std::isdigit(static_cast<unsigned char>(Ch)); }))
          return 0;
        return std::stoll(S);
      };
      Opts.OpenCL.RegRows = Positive(R);
      Opts.OpenCL.RegCols = Positive(C);
      if (!Opts.OpenCL.RegRows || !Opts.OpenCL.RegCols ||
          Opts.OpenCL.RegRows > 16 || Opts.OpenCL.RegCols > 16)
        return fail("--register-tile " + V +
                    ": expected R or RxC with sizes from 1 to 16");
    }
  }
  if (Schedule.getNumOccurrences() && !WantsOpenCL)
    return fail("--schedule applies to OpenCL output (-o FILE.cl or "
                "--emit=opencl)");
  if (FpContract.getNumOccurrences() && !WantsOpenCL)
    return fail("--fp-contract applies to OpenCL output (-o FILE.cl or "
                "--emit=opencl)");
  Opts.OutputFile = OutputFile;

  // Transformation steps, in the order they were written.
  std::vector<std::tuple<unsigned, TransformStep::Kind, std::string>> Raw;
  auto Collect = [&](cl::list<std::string> &L, TransformStep::Kind K) {
    for (unsigned I = 0; I < L.size(); ++I)
      Raw.emplace_back(L.getPosition(I), K, L[I]);
  };
  Collect(StripMine, TransformStep::StripMine);
  Collect(Interchange, TransformStep::Interchange);
  Collect(Order, TransformStep::Order);
  Collect(Tile, TransformStep::Tile);
  Collect(Distribute, TransformStep::Distribute);
  Collect(Expand, TransformStep::Expand);
  std::sort(Raw.begin(), Raw.end(), [](const auto &A, const auto &B) {
    return std::get<0>(A) < std::get<0>(B);
  });
  for (auto &[Pos, Kind, Value] : Raw) {
    TransformStep Step;
    if (std::optional<std::string> Err = parseStep(Kind, Value, Step)) {
      Step.K = Kind;
      static const char *Names[] = {"--strip-mine", "--interchange", "--order",
                                    "--tile", "--distribute", "--expand"};
      return fail(std::string(Names[Kind]) + " " + Value + ": " + *Err);
    }
    // For OpenCL, --tile T is the kernel's tile size, not a C transform.
    if (Opts.Emit == "opencl" && Kind == TransformStep::Tile) {
      if (!Step.UniformSize)
        return fail("--tile " + Value +
                    ": OpenCL kernels take one tile size (e.g. --tile 16); "
                    "per-loop sizes apply to --emit=c");
      Opts.OpenCL.Tile = Step.UniformSize;
      continue;
    }
    Opts.Steps.push_back(Step);
  }
  if (Opts.OpenCL.SingleWorkItem && (Opts.OpenCL.Tile || Opts.OpenCL.RegRows))
    return fail("--single-work-item runs each nest in one work-item: "
                "--tile and --register-tile cannot apply to it");
  if (Opts.Schedule == PipelineOptions::Auto && !Opts.Steps.empty())
    return fail("--schedule=auto chooses the distribution and loop order "
                "itself: it does not follow transformation steps (drop "
                "--schedule=auto to apply them as given)");
  if (Opts.Schedule == PipelineOptions::Auto && Opts.OpenCL.SingleWorkItem)
    return fail("--schedule=auto maps parallel loops to work-items: "
                "--single-work-item cannot apply to it");
  if (Opts.Candidate >= 0 && !Opts.autoSchedules())
    return fail("--schedule=candidate:K picks among the mapping stage's "
                "candidates: it takes no transformation step, --tile, "
                "--register-tile or --single-work-item");
  if (Opts.PrintAfterAll && Opts.Steps.empty() && !Opts.autoSchedules())
    llvm::errs() << "looptile: warning: --print-after=all: no "
                    "transformation step to print after"
                 << (Opts.Emit == "opencl" && Opts.OpenCL.Tile
                         ? " (with OpenCL output, --tile is the kernels' "
                           "tile size, not a step)"
                         : "")
                 << "\n";
  if (Opts.OpenCL.RegRows && !Opts.OpenCL.Tile)
    Opts.OpenCL.Tile = 16; // register tiles sit inside local-memory tiles

  if (!Opts.PrintIR && Opts.PrintDeps.empty() && Opts.Emit.empty() &&
      !Opts.PrintSignature &&
      !Opts.PrintAfterAll) {
    if (Opts.Steps.empty())
      return fail("no action requested; use --print-ir, --print-deps or "
                  "--emit=c (see --help)");
    Opts.Emit = "c"; // transformations without --emit print the C
  }
  return std::nullopt;
}
