//===- Pipeline.cpp - the stages of looptile, in order --------------------===//
#include "looptile/Pipeline/Pipeline.h"

#include "looptile/Analysis/Dependence.h"
#include "looptile/Analysis/DepsPrinter.h"
#include "looptile/Analysis/IntegerWrap.h"
#include "looptile/CodeGen/CEmitter.h"
#include "looptile/CodeGen/OpenCL.h"
#include "looptile/CodeGen/Signature.h"
#include "looptile/IR/Printer.h"
#include "looptile/Schedule/AutoSchedule.h"
#include "looptile/Support/Diagnostic.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <system_error>
#include <unistd.h>

using namespace looptile;

static bool writeOutput(const std::string &Path, const std::string &Text) {
  if (Path.empty() || Path == "-") {
    std::cout << Text;
    return true;
  }
  // `-o out/mmm.cl` creates out/ as a compiler does not, but a build
  // system's output folder may not exist yet.
  std::filesystem::path Parent = std::filesystem::path(Path).parent_path();
  std::error_code EC;
  if (!Parent.empty())
    std::filesystem::create_directories(Parent, EC);
  if (EC) {
    std::cerr << "looptile: error: cannot create the folder '"
              << Parent.string() << "' for '" << Path << "': " << EC.message()
              << "\n";
    return false;
  }
  std::ofstream Out(Path);
  if (!Out || !(Out << Text) || !Out.flush()) {
    std::cerr << "looptile: error: cannot write '" << Path << "'\n";
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

// Generates the OpenCL of P's one function under Opts into Out; Diags gets
// what the code generator said. ClName is the kernel file's name as the
// manifest records it.
static bool generate(const PipelineOptions &Opts, const Program &P,
                     const std::string &ClName, OpenCLOutput &Out,
                     std::vector<Diagnostic> &Diags) {
  OpenCLSource Source;
  Source.Path = P.File;
  Source.Spelling = P.File;
  Source.Compile = P.Compile;
  if (!Source.Path.empty() && Source.Path[0] != '/') {
    char Buf[4096];
    if (getcwd(Buf, sizeof Buf))
      Source.Path = std::string(Buf) + "/" + Source.Path;
  }
  return generateOpenCL(P.Functions.front(), ClName, Source, Opts.OpenCL, Out,
                        Diags);
}

// Writes the OpenCL of P (or, when the mapping stage rewrote it, of
// Scheduled under ScheduledOpts: Schedule is then its report). When the
// scheduled program cannot be generated, the program as written is, and the
// report says why the schedule was not applied.
static int generateOpenCLFiles(const PipelineOptions &Opts, const Program &P,
                               DiagnosticPrinter &DiagOut,
                               const Program *Scheduled,
                               const PipelineOptions &ScheduledOpts,
                               std::string Schedule) {
  if (P.Functions.size() != 1) {
    std::cerr << "looptile: error: '" << P.File << "' has "
              << P.Functions.size()
              << " functions with loop nests; choose one with --function\n";
    return ExitRefused;
  }
  // Without -o the manifest (never written) names the input's stem.
  std::string Stem = stemOf(Opts.OutputFile.empty() ? P.File : Opts.OutputFile);
  std::string ClPath = Stem + ".cl";
  size_t Slash = ClPath.rfind('/');
  std::string ClName =
      Slash == std::string::npos ? ClPath : ClPath.substr(Slash + 1);
  OpenCLOutput Out;
  std::vector<Diagnostic> Diags;
  bool OK = false;
  if (Scheduled) {
    OK = generate(ScheduledOpts, *Scheduled, ClName, Out, Diags);
    if (!OK) {
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
  }
  if (!OK)
    OK = generate(Opts, P, ClName, Out, Diags);
  // The decision is printed even when no kernel comes of it: it says which
  // schedules were tried and why each was refused.
  if (Opts.PrintMapping)
    std::cout << Schedule;
  for (const Diagnostic &D : Diags)
    DiagOut.print(D, std::cerr);
  if (!OK) {
    std::cerr << "looptile: error: no OpenCL code was generated\n";
    return ExitRefused;
  }
  if (Opts.PrintMapping)
    std::cout << Out.Mapping;
  if (Opts.OutputFile.empty())
    return ExitSuccess;
  if (!writeOutput(ClPath, Out.KernelSource) ||
      !writeOutput(Stem + ".json", Out.Manifest) ||
      !writeOutput(Stem + ".host.cpp", Out.HostGlue))
    return ExitRefused;
  return ExitSuccess;
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
      if (std::optional<std::string> Err = describeArguments(F, Args)) {
        DiagOut.print({Diagnostic::Error, F.Loc, *Err}, std::cerr);
        return ExitRefused;
      }
      std::cout << signatureJSON(P.File, F, Args);
    }
  }
  if (Opts.Emit == "c")
    return writeOutput(Opts.OutputFile, emitC(P)) ? ExitSuccess : ExitRefused;
  if (Opts.Emit != "opencl")
    return ExitSuccess;

  // 5. Schedule: unless the user's flags are the schedule
  //    (PipelineOptions::autoSchedules), the mapping stage chooses
  //    distribution, loop order and the kernel kind; every step it applies
  //    passed the transforms' legality checks. Its rewritten code must not
  //    wrap either, else the loops stay as written.
  PipelineOptions Final = Opts;
  std::string Schedule;
  std::optional<Program> Scheduled;
  if (Opts.autoSchedules() && P.Functions.size() == 1) {
    Scheduled = P;
    bool Rewrote = false;
    Schedule = autoSchedule(Scheduled->Functions.front(), Final.OpenCL, P.File,
                            Rewrote);
    bool Wraps = false;
    for (const Function &F : Scheduled->Functions)
      Wraps |= !checkIntegerWrap(F, false).empty();
    if (Wraps) {
      Schedule += "  not applied: the scheduled code would compute unsigned "
                  "indices that wrap around; the loops stay as written\n";
      Scheduled.reset();
    } else if (!Rewrote) {
      Scheduled.reset();
    }
    if (Opts.PrintAfterAll) {
      std::cout << "// *** IR after the automatic schedule ***\n"
                << printProgram(Scheduled ? *Scheduled : P);
      std::cout << "// *** C after the automatic schedule ***\n"
                << emitC(Scheduled ? *Scheduled : P);
    }
  }
  return generateOpenCLFiles(
      Opts, P, DiagOut, Scheduled ? &*Scheduled : nullptr, Final, Schedule);
}
