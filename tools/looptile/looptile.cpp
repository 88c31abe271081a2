//===- looptile.cpp - the looptile command-line driver --------------------===//
//
// Thin driver: parses the command line, runs the frontend, and prints what
// was asked for. Everything else lives in the libraries (see
// include/looptile/).
//
//   looptile FILE.c --print-ir [-- CLANG-FLAGS...]
//
//===----------------------------------------------------------------------===//
#include "looptile/Frontend/Frontend.h"
#include "looptile/IR/Printer.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace looptile;
namespace cl = llvm::cl;

static cl::OptionCategory Category("looptile options");

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input.c>"),
                                      cl::Required, cl::cat(Category));
static cl::opt<bool> PrintIR("print-ir",
                             cl::desc("Print the loop-nest IR and exit"),
                             cl::cat(Category));
static cl::opt<std::string>
    BuildPath("p", cl::desc("Directory holding compile_commands.json"),
              cl::value_desc("build-dir"), cl::cat(Category));
static cl::opt<std::string>
    OnlyFunction("function", cl::desc("Only process this function"),
                 cl::value_desc("name"), cl::cat(Category));

int main(int argc, char **argv) {
  // Everything after `--` goes to Clang, as with every Clang tool.
  std::vector<const char *> Args;
  std::vector<std::string> ClangArgs;
  bool AfterDashDash = false;
  for (int I = 0; I < argc; ++I) {
    if (!AfterDashDash && I > 0 && std::strcmp(argv[I], "--") == 0) {
      AfterDashDash = true;
      continue;
    }
    if (AfterDashDash)
      ClangArgs.push_back(argv[I]);
    else
      Args.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(
          int(Args.size()), Args.data(),
          "looptile: dependence-checked loop transformations to OpenCL\n",
          &llvm::errs()))
    return 1;

  if (!PrintIR) {
    llvm::errs() << "looptile: error: no action requested; use --print-ir\n";
    return 1;
  }

  FrontendOptions Opts;
  Opts.File = InputFile;
  Opts.ExtraArgs = ClangArgs;
  Opts.BuildPath = BuildPath;
  Opts.OnlyFunction = OnlyFunction;
  Program P;
  if (!buildProgram(Opts, P))
    return 1;

  if (PrintIR)
    llvm::outs() << printProgram(P);
  return 0;
}
