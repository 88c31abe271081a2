//===- Pipeline.cpp - the stages of looptile, in order --------------------===//
#include "looptile/Pipeline/Pipeline.h"

#include "looptile/Analysis/Dependence.h"
#include "looptile/Analysis/DependenceCache.h"
#include "looptile/Analysis/DepsPrinter.h"
#include "looptile/Analysis/IntegerWrap.h"
#include "looptile/CodeGen/CEmitter.h"
#include "looptile/CodeGen/OpenCL.h"
#include "looptile/Mapping/Signature.h"
#include "looptile/IR/Printer.h"
#include "looptile/Mapping/AutoSchedule.h"
#include "looptile/Support/Diagnostic.h"
#include "looptile/Support/NameTable.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <system_error>
#include <sys/stat.h>
#include <unistd.h>

using namespace looptile;

// Whether writing Path would replace the input file Input (the same file
// by identity, so `./prog.c`, an absolute path or a hard link count too).
static bool isInputFile(const std::string &Path, const std::string &Input) {
  std::error_code EC;
  return std::filesystem::exists(Path, EC) &&
         std::filesystem::equivalent(Path, Input, EC) && !EC;
}

// Writes a set of output files as one: each is written in full to a
// temporary file beside it, and only when every one is complete are they
// renamed over the targets (each rename is atomic). A write error or a kill
// while writing leaves the previous files as they were, never a truncated
// or half-new set; no output may be the input file. Path "-" or "" is
// standard output.
static bool writeOutputs(
    const std::vector<std::pair<std::string, std::string>> &Files,
    const std::string &Input) {
  for (const auto &[Path, Text] : Files)
    if (!Path.empty() && Path != "-" && isInputFile(Path, Input)) {
      std::cerr << "looptile: error: the output '" << Path
                << "' is the input file; choose another name with -o\n";
      return false;
    }
  // A folder in an output's place would fail its rename after the others
  // were renamed: refused before anything is written.
  for (const auto &[Path, Text] : Files)
    if (!Path.empty() && Path != "-" && std::filesystem::is_directory(Path)) {
      std::cerr << "looptile: error: cannot write '" << Path
                << "': it is a folder\n";
      return false;
    }
  std::vector<std::pair<std::string, std::string>> Temps; // temp, target
  auto Discard = [&] {
    for (const auto &T : Temps)
      std::remove(T.first.c_str());
  };
  for (const auto &[Path, Text] : Files) {
    if (Path.empty() || Path == "-") {
      std::cout << Text;
      continue;
    }
    // `-o out/mmm.cl` creates out/ as a compiler does not, but a build
    // system's output folder may not exist yet.
    std::filesystem::path Parent = std::filesystem::path(Path).parent_path();
    std::error_code EC;
    if (!Parent.empty())
      std::filesystem::create_directories(Parent, EC);
    if (EC) {
      std::cerr << "looptile: error: cannot create the folder '"
                << Parent.string() << "' for '" << Path
                << "': " << EC.message() << "\n";
      Discard();
      return false;
    }
    std::string Temp = Path + ".tmp-XXXXXX";
    int FD = mkstemp(Temp.data());
    bool Ok = FD >= 0;
    if (Ok) {
      Temps.emplace_back(Temp, Path);
      // mkstemp creates the file 0600; an output is an ordinary file.
      mode_t Mask = umask(0);
      umask(Mask);
      Ok = fchmod(FD, 0666 & ~Mask) == 0;
      size_t Done = 0;
      while (Ok && Done < Text.size()) {
        ssize_t N = write(FD, Text.data() + Done, Text.size() - Done);
        if (N < 0 && errno == EINTR)
          continue;
        Ok = N > 0;
        Done += Ok ? size_t(N) : 0;
      }
      Ok = close(FD) == 0 && Ok;
    }
    if (!Ok) {
      std::cerr << "looptile: error: cannot write '" << Path
                << "': " << std::strerror(errno) << "\n";
      Discard();
      return false;
    }
  }
  for (size_t I = 0; I < Temps.size(); ++I)
    if (std::rename(Temps[I].first.c_str(), Temps[I].second.c_str()) != 0) {
      std::cerr << "looptile: error: cannot write '" << Temps[I].second
                << "': " << std::strerror(errno) << "\n";
      for (size_t K = I; K < Temps.size(); ++K)
        std::remove(Temps[K].first.c_str());
      return false;
    }
  return true;
}

// Output names: `-o dir/mmm.cl` writes dir/mmm.cl, dir/mmm.json and
// dir/mmm.host.cpp; without -o (--print-mapping alone) nothing is written.
static std::string stemOf(const std::string &Path) {
  std::string Base = Path;
  size_t Dot = Base.rfind('.');
  size_t Slash = Base.rfind('/');
  if (Dot != std::string::npos && (Slash == std::string::npos || Dot > Slash))
    Base = Base.substr(0, Dot);
  return Base;
}

// The kernel source as the manifest and the headers name it.
static OpenCLSource sourceOf(const Program &P) {
  OpenCLSource Source;
  Source.Path = P.File;
  Source.Spelling = P.File;
  Source.Compile = P.Compile;
  if (!Source.Path.empty() && Source.Path[0] != '/') {
    char Buf[4096];
    if (getcwd(Buf, sizeof Buf))
      Source.Path = std::string(Buf) + "/" + Source.Path;
  }
  return Source;
}

// One function's OpenCL: under the mapping stage's schedule when it chose
// one (Scheduled, ScheduledOpts; Schedule is its report, to which a failure
// to apply it is added), else as written under Opts; Ctx is the function's
// place in its program (PlanContext). Plan gets the plan
// generated, Diags what the mapping stage and the code generator said about
// it.
static bool generateFunction(const Program &P, const Function &F,
                             const PipelineOptions &Opts,
                             const Function *Scheduled,
                             const PipelineOptions &ScheduledOpts,
                             const PlanContext &Ctx, std::string &Schedule,
                             const std::string &ClName, ProgramPlan &Plan,
                             OpenCLOutput &Out,
                             std::vector<Diagnostic> &Diags) {
  OpenCLSource Source = sourceOf(P);
  if (Scheduled) {
    if (planProgram(*Scheduled, ScheduledOpts.OpenCL, Ctx, Plan, Diags) &&
        generateOpenCL(Plan, ClName, Source, Out, Diags))
      return true;
    std::string Why = "the code generator refused it";
    for (const Diagnostic &D : Diags)
      if (D.Level == Diagnostic::Error) {
        Why += " (" + D.Message + ")";
        break;
      }
    Schedule += "  not applied: " + Why + "; the loops stay as written\n";
    Diags.clear();
    Out = OpenCLOutput();
  }
  return planProgram(F, Opts.OpenCL, Ctx, Plan, Diags) &&
         generateOpenCL(Plan, ClName, Source, Out, Diags);
}

// The mapping stage's schedule for F, unless the user's flags are the
// schedule (PipelineOptions::autoSchedules); Final gets the options it
// chose. Returns the rewritten function, or nothing (then F as written).
// Its rewritten code must not wrap either, else the loops stay as written.
static std::optional<Function> scheduleFunction(const Function &F,
                                                const PipelineOptions &Opts,
                                                const std::string &File,
                                                PipelineOptions &Final,
                                                std::string &Schedule) {
  Final = Opts;
  if (!Opts.autoSchedules())
    return std::nullopt;
  Function S = F;
  bool Rewrote = false;
  Schedule = autoSchedule(S, Final.OpenCL, File, Rewrote, Opts.Candidate);
  if (!checkIntegerWrap(S, false).empty()) {
    Schedule += "  not applied: the scheduled code would compute unsigned "
                "indices that wrap around; the loops stay as written\n";
    return std::nullopt;
  }
  if (!Rewrote)
    return std::nullopt;
  return S;
}

// Writes the OpenCL of P's functions. One function (the usual case, or
// --function): STEM.cl, STEM.json and STEM.host.cpp, and any refusal is an
// error. Several: each is generated on its own; one the code generator
// refuses is skipped with a warning naming it and the reason (select it
// with --function to see every error); those left share STEM.cl (kernels
// with tunables suffixed by their index in the file) and STEM.host.cpp, and
// each has its manifest STEM.FUNCTION.json (looptile-run STEM.cl
// --function FUNCTION). When only one is left, it is written as a file of
// one function.
static int generateOpenCLFiles(const PipelineOptions &Opts, const Program &P,
                               DiagnosticPrinter &DiagOut) {
  // Without -o the manifest (never written) names the input's stem.
  std::string Stem = stemOf(Opts.OutputFile.empty() ? P.File : Opts.OutputFile);
  std::string ClPath = Stem + ".cl";
  size_t Slash = ClPath.rfind('/');
  std::string ClName =
      Slash == std::string::npos ? ClPath : ClPath.substr(Slash + 1);
  const bool Several = P.Functions.size() > 1;

  struct Generated {
    const Function *F;
    std::optional<Function> Scheduled;
    PipelineOptions Final;
    std::string Schedule;
    ProgramPlan Plan;
    OpenCLOutput Out;
  };
  std::vector<Generated> Done;
  auto Generate = [&](const Function &F, PipelineOptions Base,
                      unsigned KernelBase, Generated &G,
                      std::vector<Diagnostic> &Diags) {
    PlanContext Ctx;
    Ctx.SuffixAlways = Several;
    Ctx.KernelIndexBase = KernelBase;
    if (Opts.PrintAfterAll)
      Ctx.AfterLowering = [](const std::string &Step, const Function &IR) {
        std::cout << "// *** IR after lowering: " << Step << " ***\n"
                  << printFunction(IR);
      };
    G.F = &F;
    G.Scheduled = scheduleFunction(F, Base, P.File, G.Final, G.Schedule);
    if (Opts.PrintAfterAll && Opts.autoSchedules()) {
      Program Shown = P;
      Shown.Functions = {G.Scheduled ? *G.Scheduled : F};
      std::cout << "// *** IR after the automatic schedule ***\n"
                << printProgram(Shown);
      std::cout << "// *** C after the automatic schedule ***\n"
                << emitC(Shown);
    }
    return generateFunction(P, F, Base, G.Scheduled ? &*G.Scheduled : nullptr,
                            G.Final, Ctx, G.Schedule, ClName, G.Plan, G.Out,
                            Diags);
  };
  unsigned Kernels = 0;
  for (const Function &F : P.Functions) {
    Generated G;
    std::vector<Diagnostic> Diags;
    bool OK = Generate(F, Opts, Kernels, G, Diags);
    // The decision is printed even when no kernel comes of it: it says
    // which schedules were tried and why each was refused. With several
    // functions, each one's report comes under its name.
    if (Opts.PrintMapping && !Several)
      std::cout << G.Schedule;
    if (Opts.PrintMapping && Several && !OK)
      std::cout << "function " << F.Name << ": skipped\n" << G.Schedule;
    if (!OK && Several) {
      Diagnostic W{Diagnostic::Warning, F.Loc, "no OpenCL code"};
      for (const Diagnostic &D : Diags)
        if (D.Level == Diagnostic::Error) {
          W.Loc = D.Loc;
          W.Message = D.Message;
          break;
        }
      W.Message = "function '" + F.Name + "' is skipped: " + W.Message +
                  "; select it with --function " + F.Name +
                  " to see every error";
      DiagOut.print(W, std::cerr);
      continue;
    }
    // One program and one glue file: a kernel or a C function of this
    // function must not have the name of an earlier one's.
    std::string Clash;
    if (OK && Several) {
      GlueNames GN = glueNames(F.Name);
      std::vector<std::string> CNames = {F.Name,    GN.SessionTag, GN.Create,
                                         GN.Upload, GN.Run,        GN.Download,
                                         GN.Destroy};
      for (const Generated &E : Done) {
        GlueNames EN = glueNames(E.F->Name);
        for (const std::string &N : CNames)
          for (const std::string &M :
               {E.F->Name, EN.SessionTag, EN.Create, EN.Upload, EN.Run,
                EN.Download, EN.Destroy})
            if (N == M && Clash.empty())
              Clash = "the host glue's C function '" + N +
                      "' would also be one of function '" + E.F->Name + "'";
        for (const std::string &K : G.Out.KernelNames)
          for (const std::string &M : E.Out.KernelNames)
            if (K == M && Clash.empty())
              Clash = "its kernel '" + K +
                      "' has the name of a kernel of "
                      "function '" +
                      E.F->Name + "'";
      }
    }
    if (!Clash.empty()) {
      if (Opts.PrintMapping)
        std::cout << "function " << F.Name << ": skipped\n" << G.Schedule;
      DiagOut.print({Diagnostic::Warning, F.Loc,
                     "function '" + F.Name + "' is skipped: " + Clash +
                         " (one .cl and one glue file hold them all); "
                         "generate it alone with --function " +
                         F.Name},
                    std::cerr);
      continue;
    }
    for (const Diagnostic &D : Diags)
      DiagOut.print(D, std::cerr);
    if (!OK) {
      std::cerr << "looptile: error: no OpenCL code was generated\n";
      return ExitRefused;
    }
    Kernels += G.Out.KernelCount;
    Done.push_back(std::move(G));
  }
  if (Done.empty()) {
    std::cerr << "looptile: error: no OpenCL code was generated\n";
    return ExitRefused;
  }
  // One function left of several: generated again as the only one (its
  // tunables unsuffixed, STEM.json), as --function would.
  if (Several && Done.size() == 1) {
    const Function &F = *Done.front().F;
    PipelineOptions One = Opts;
    std::vector<Diagnostic> Diags;
    Generated G;
    G.F = &F;
    G.Scheduled = scheduleFunction(F, One, P.File, G.Final, G.Schedule);
    if (!generateFunction(P, F, One, G.Scheduled ? &*G.Scheduled : nullptr,
                          G.Final, PlanContext(), G.Schedule, ClName, G.Plan,
                          G.Out, Diags)) {
      for (const Diagnostic &D : Diags)
        DiagOut.print(D, std::cerr);
      std::cerr << "looptile: error: no OpenCL code was generated\n";
      return ExitRefused;
    }
    Done.front() = std::move(G);
  }
  if (Done.size() == 1) {
    const OpenCLOutput &Out = Done.front().Out;
    if (Opts.PrintMapping)
      std::cout << (Several ? Done.front().Schedule : "") << Out.Mapping;
    if (Opts.PrintPlan)
      std::cout << printPlan(Done.front().Plan, P.File);
    if (Opts.OutputFile.empty())
      return ExitSuccess;
    if (!writeOutputs({{ClPath, Out.KernelSource},
                       {Stem + ".json", Out.Manifest},
                       {Stem + ".host.cpp", Out.HostGlue},
                       {Stem + ".host.h", Out.GlueHeader}},
                      P.File))
      return ExitRefused;
    return ExitSuccess;
  }
  std::vector<const OpenCLOutput *> Outs;
  for (const Generated &G : Done)
    Outs.push_back(&G.Out);
  OpenCLOutput All = combineOpenCL(Outs, sourceOf(P), Opts.OpenCL);
  if (Opts.PrintMapping)
    for (const Generated &G : Done)
      std::cout << "function " << G.F->Name << " (manifest " << Stem << "."
                << G.F->Name << ".json):\n"
                << G.Schedule << G.Out.Mapping;
  if (Opts.PrintPlan)
    for (const Generated &G : Done)
      std::cout << printPlan(G.Plan, P.File);
  if (Opts.OutputFile.empty())
    return ExitSuccess;
  std::vector<std::pair<std::string, std::string>> Files = {
      {ClPath, All.KernelSource},
      {Stem + ".host.cpp", All.HostGlue},
      {Stem + ".host.h", All.GlueHeader}};
  for (const Generated &G : Done)
    Files.emplace_back(Stem + "." + G.F->Name + ".json", G.Out.Manifest);
  return writeOutputs(Files, P.File) ? ExitSuccess : ExitRefused;
}

// Reports every place of P where unsigned index arithmetic may wrap around
// (Analysis/IntegerWrap.h); After names the transformations applied.
static bool checkWrap(const Program &P, DiagnosticPrinter &DiagOut,
                      const std::string &After) {
  bool OK = true;
  for (const Function &F : P.Functions)
    for (const Diagnostic &D : checkIntegerWrap(F, After.empty())) {
      Diagnostic E = D;
      if (!After.empty())
        E.Message = "after " + After + ": " + E.Message;
      DiagOut.print(E, std::cerr);
      OK = false;
    }
  return OK;
}

int looptile::runPipeline(const PipelineOptions &Opts) {
  // 1. Frontend: C -> IR.
  Program P;
  if (!buildProgram(Opts.Frontend, P))
    return ExitRefused;
  DiagnosticPrinter DiagOut(P.File);
  // Loops and sizes of unsigned types: the IR's exact integers are the C's
  // values only where unsigned arithmetic does not wrap.
  if (!checkWrap(P, DiagOut, ""))
    return 1;
  if (Opts.PrintIR)
    std::cout << printProgram(P);

  // 2. Analysis: dependences, for --print-deps (the transforms run their own
  //    analysis on the IR as it is when they need it).
  if (!Opts.PrintDeps.empty()) {
    std::vector<Diagnostic> Diags;
    ProgramDependences Deps = analyzeProgram(P, Diags);
    for (const Diagnostic &D : Diags)
      DiagOut.print(D, std::cerr);
    if (Opts.PrintDeps == "json")
      std::cout << printDepsJSON(P, Deps);
    else if (Opts.PrintDeps == "dot")
      std::cout << printDepsDot(P, Deps);
    else
      std::cout << printDepsText(P, Deps);
  }

  // What the output assumes of its callers: the warnings of the aliasing
  // policy (a pointer parameter without restrict), whenever code is
  // emitted. --print-deps printed them with its note already.
  if (Opts.PrintDeps.empty() && (!Opts.Emit.empty() || !Opts.Steps.empty())) {
    std::vector<Diagnostic> Diags;
    reportAliasing(P, Diags);
    for (const Diagnostic &D : Diags)
      if (D.Level == Diagnostic::Warning)
        DiagOut.print(D, std::cerr);
  }

  // 3. Transforms, in command-line order, each only if legal.
  for (const TransformStep &Step : Opts.Steps) {
    for (Function &F : P.Functions) {
      std::vector<Diagnostic> Diags;
      bool OK = applyStep(F, Step, Diags);
      for (const Diagnostic &D : Diags)
        DiagOut.print(D, std::cerr);
      if (!OK) {
        std::cerr << "looptile: error: " << Step.spelling()
                  << " refused; nothing was emitted\n";
        return ExitRefused;
      }
    }
    if (Opts.PrintAfterAll) {
      std::cout << "// *** IR after " << Step.spelling() << " ***\n"
                << printProgram(P);
      std::cout << "// *** C after " << Step.spelling() << " ***\n"
                << emitC(P);
    }
  }

  // 4. CodeGen. The transformed C must not wrap either.
  if (!Opts.Steps.empty()) {
    std::string Applied;
    for (const TransformStep &Step : Opts.Steps)
      Applied += (Applied.empty() ? "" : " ") + Step.spelling();
    if (!checkWrap(P, DiagOut, Applied)) {
      std::cerr << "looptile: error: the transformed code would compute "
                   "unsigned indices that wrap around; nothing was "
                   "emitted\n";
      return 1;
    }
  }
  if (Opts.PrintSignature) {
    for (const Function &F : P.Functions) {
      std::vector<ArgumentInfo> Args;
      if (std::vector<std::string> Errs = describeArguments(F, Args);
          !Errs.empty()) {
        for (const std::string &Err : Errs)
          DiagOut.print({Diagnostic::Error, F.Loc, Err}, std::cerr);
        return ExitRefused;
      }
      std::cout << signatureJSON(P.File, F, Args);
    }
  }
  if (Opts.Emit == "c")
    return writeOutputs({{Opts.OutputFile, emitC(P)}}, P.File) ? ExitSuccess
                                                                : ExitRefused;
  if (Opts.Emit != "opencl")
    return ExitSuccess;

  // 5. Schedule and CodeGen, per function: unless the user's flags are the
  //    schedule (PipelineOptions::autoSchedules), the mapping stage chooses
  //    distribution, loop order and the kernel kind; every step it applies
  //    passed the transforms' legality checks.
  //    The dependence cache lives as long as this stage: every nest's
  //    analysis is computed once for the candidates, the previews and the
  //    code generator (Analysis/DependenceCache.h).
  DependenceCache Cache;
  DependenceCache::Scope UseCache(Cache);
  return generateOpenCLFiles(Opts, P, DiagOut);
}
