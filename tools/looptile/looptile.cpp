//===- looptile.cpp - the looptile command-line driver --------------------===//
//
// Thin driver: parses the command line into PipelineOptions (Options.cpp,
// where every flag is defined) and runs the pipeline
// (include/looptile/Pipeline/Pipeline.h lists the stages).
//
//   looptile FILE.c [--print-ir] [--print-deps[=text|json|dot]]
//            [--strip-mine i=16] [--interchange i,j] [--order j,i,k]
//            [--tile 16 | --tile i=32,j=32,k=8] [--distribute[=LOOP]]
//            [--expand VAR[:LOOP[,LOOP]]] [--emit=c] [--print-after=all] [-o FILE]
//            [-p BUILD-DIR] [--function NAME] [-- CLANG-FLAGS...]
//
//===----------------------------------------------------------------------===//
#include "Options.h"

#include "looptile/Pipeline/Pipeline.h"
#include "looptile/Support/Statistic.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <iostream>
#include <optional>

using namespace looptile;

static int looptileMain(int argc, char **argv) {
  PipelineOptions Opts;
  if (std::optional<int> Status = parseCommandLine(argc, argv, Opts))
    return *Status;
  return runPipeline(Opts);
}

// The frontend, the analyses and the printers walk expression trees
// recursively, and Clang's parser and evaluators do too: a machine-written
// expression of tens of thousands of terms is as deep. The whole run gets a
// 1 GiB stack (reserved, not committed) instead of the 8 MiB main thread's;
// the frontend refuses expressions deeper than it can convert (ASTToIR.cpp,
// MaxExprDepth), so no walker after it can run out.
int main(int argc, char **argv) {
  int RC = ExitUsage;
  llvm::thread Worker(std::optional<unsigned>(1u << 30),
                      [&] { RC = looptileMain(argc, argv); });
  Worker.join();
  if (llvm::AreStatisticsEnabled())
    looptile::printStatistics(std::cerr);
  return RC;
}
