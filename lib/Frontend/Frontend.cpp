//===- Frontend.cpp - C source to loop-nest IR with libTooling ------------===//
//
// Runs a ClangTool over one file and hands every function of the main file
// that contains a loop to the AST-to-IR translation. Owns the compilation
// setup: the compilation database (`-p` or the flags after `--`), Clang's
// resource directory, and the refusal of missing or unreadable files.
//
//===----------------------------------------------------------------------===//
#include "looptile/Frontend/Frontend.h"

#include "ASTToIR.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace looptile;
using namespace clang;

namespace {

// The functions of the main file that have a body and a loop, in order,
// including those inside `extern "C" { ... }` and namespaces (C++ input).
void collectFunctions(const DeclContext *DC, const SourceManager &SM,
                      std::vector<const FunctionDecl *> &Out) {
  for (const Decl *D : DC->decls()) {
    if (const auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
      collectFunctions(LS, SM, Out);
      continue;
    }
    if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
      collectFunctions(NS, SM, Out);
      continue;
    }
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() ||
        !SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())) ||
        FD->isTemplated() || isa<CXXMethodDecl>(FD))
      continue;
    if (containsLoop(FD->getBody()))
      Out.push_back(FD);
  }
}

class LoopNestConsumer : public ASTConsumer {
public:
  LoopNestConsumer(Program &Out, const looptile::FrontendOptions &Opts, bool &Failed)
      : Out(Out), Opts(Opts), Failed(Failed) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // Clang has already reported syntax and type errors; translating a
    // broken AST would only add noise.
    if (Ctx.getDiagnostics().hasErrorOccurred()) {
      Failed = true;
      return;
    }
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<const FunctionDecl *> Candidates;
    collectFunctions(Ctx.getTranslationUnitDecl(), SM, Candidates);
    if (!Opts.OnlyFunction.empty()) {
      // A selected function is translated with every error reported.
      for (const FunctionDecl *FD : Candidates) {
        if (FD->getNameAsString() != Opts.OnlyFunction)
          continue;
        Function F;
        if (convertFunction(Ctx, FD, F))
          Out.Functions.push_back(std::move(F));
        else
          Failed = true;
      }
      return;
    }
    // Every function that can be handled is; the others are skipped with a
    // note naming them and the construct. When none can be, their errors
    // are reported as usual.
    std::vector<std::pair<const FunctionDecl *, FirstError>> Skipped;
    for (const FunctionDecl *FD : Candidates) {
      Function F;
      FirstError Why;
      if (convertFunction(Ctx, FD, F, &Why))
        Out.Functions.push_back(std::move(F));
      else
        Skipped.push_back({FD, Why});
    }
    if (Out.Functions.empty()) {
      for (const auto &[FD, Why] : Skipped) {
        Function F;
        if (!convertFunction(Ctx, FD, F))
          Failed = true;
      }
      return;
    }
    DiagnosticsEngine &DE = Ctx.getDiagnostics();
    // A warning: Clang drops a note that follows no diagnostic.
    unsigned NoteID = DE.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
    for (const auto &[FD, Why] : Skipped)
      DE.Report(FD->getLocation(), NoteID)
          << "function '" + FD->getNameAsString() +
                 "' is skipped: " + Why.Message + " (line " +
                 std::to_string(Why.Line) + "); select it with --function " +
                 FD->getNameAsString() + " to see every error";
  }

private:
  Program &Out;
  const looptile::FrontendOptions &Opts;
  bool &Failed;
};

class LoopNestAction : public ASTFrontendAction {
public:
  LoopNestAction(Program &Out, const looptile::FrontendOptions &Opts, bool &Failed)
      : Out(Out), Opts(Opts), Failed(Failed) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<LoopNestConsumer>(Out, Opts, Failed);
  }

private:
  Program &Out;
  const looptile::FrontendOptions &Opts;
  bool &Failed;
};

class LoopNestActionFactory : public tooling::FrontendActionFactory {
public:
  LoopNestActionFactory(Program &Out, const looptile::FrontendOptions &Opts,
                        bool &Failed)
      : Out(Out), Opts(Opts), Failed(Failed) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LoopNestAction>(Out, Opts, Failed);
  }

private:
  Program &Out;
  const looptile::FrontendOptions &Opts;
  bool &Failed;
};

} // namespace

bool looptile::buildProgram(const looptile::FrontendOptions &Opts, Program &Out) {
  Out.File = Opts.File;
  if (!llvm::sys::fs::exists(Opts.File)) {
    llvm::errs() << "looptile: error: no such file: '" << Opts.File << "'\n";
    return false;
  }
  if (llvm::sys::fs::is_directory(Opts.File)) {
    llvm::errs() << "looptile: error: '" << Opts.File
                 << "' is a directory, not a C file\n";
    return false;
  }
  if (auto Buf = llvm::MemoryBuffer::getFile(Opts.File); !Buf) {
    llvm::errs() << "looptile: error: cannot read '" << Opts.File
                 << "': " << Buf.getError().message() << "\n";
    return false;
  }

  std::unique_ptr<tooling::CompilationDatabase> DB;
  if (!Opts.BuildPath.empty()) {
    std::string Err;
    DB = tooling::CompilationDatabase::loadFromDirectory(Opts.BuildPath, Err);
    if (!DB) {
      llvm::errs() << "looptile: error: cannot load a compilation database "
                      "from '"
                   << Opts.BuildPath << "': " << Err << "\n";
      return false;
    }
  } else {
    DB = std::make_unique<tooling::FixedCompilationDatabase>(".",
                                                             Opts.ExtraArgs);
  }

  tooling::ClangTool Tool(*DB, {Opts.File});
  // Debian's libclang does not know where its builtin headers live when it is
  // loaded by a program outside the LLVM tree; tell it.
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      {"-resource-dir=" LOOPTILE_CLANG_RESOURCE_DIR, "-fsyntax-only"},
      tooling::ArgumentInsertPosition::END));
  if (!Opts.BuildPath.empty())
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        Opts.ExtraArgs, tooling::ArgumentInsertPosition::END));

  bool Failed = false;
  LoopNestActionFactory Factory(Out, Opts, Failed);
  int RC = Tool.run(&Factory);
  if (RC != 0 || Failed)
    return false;
  if (Out.Functions.empty()) {
    llvm::errs() << "looptile: error: no function with a for loop nest found "
                    "in '"
                 << Opts.File << "'"
                 << (Opts.OnlyFunction.empty()
                         ? std::string()
                         : " (looked for '" + Opts.OnlyFunction + "')")
                 << "\n";
    return false;
  }
  return true;
}
