//===- Pipeline.cpp - the stages of looptile, in order --------------------===//
#include "looptile/Pipeline/Pipeline.h"

#include "looptile/Analysis/Dependence.h"
#include "looptile/Analysis/DepsPrinter.h"
#include "looptile/CodeGen/CEmitter.h"
#include "looptile/CodeGen/Signature.h"
#include "looptile/IR/Printer.h"
#include "looptile/Support/Diagnostic.h"

#include <fstream>
#include <iostream>

using namespace looptile;

static bool writeOutput(const std::string &Path, const std::string &Text) {
  if (Path.empty() || Path == "-") {
    std::cout << Text;
    return true;
  }
  std::ofstream Out(Path);
  if (!Out || !(Out << Text)) {
    std::cerr << "looptile: error: cannot write '" << Path << "'\n";
    return false;
  }
  return true;
}

int looptile::runPipeline(const PipelineOptions &Opts) {
  // 1. Frontend: C -> IR.
  Program P;
  if (!buildProgram(Opts.Frontend, P))
    return 1;
  DiagnosticPrinter DiagOut(P.File);
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
        return 1;
      }
    }
    if (Opts.PrintAfterAll) {
      std::cout << "// *** IR after " << Step.spelling() << " ***\n"
                << printProgram(P);
      std::cout << "// *** C after " << Step.spelling() << " ***\n"
                << emitC(P);
    }
  }

  // 4. CodeGen.
  if (Opts.PrintSignature) {
    for (const Function &F : P.Functions) {
      std::vector<ArgumentInfo> Args;
      if (std::optional<std::string> Err = describeArguments(F, Args)) {
        DiagOut.print({Diagnostic::Error, F.Loc, *Err}, std::cerr);
        return 1;
      }
      std::cout << signatureJSON(P.File, F, Args);
    }
  }
  if (Opts.Emit == "c")
    return writeOutput(Opts.OutputFile, emitC(P)) ? 0 : 1;
  return 0;
}
