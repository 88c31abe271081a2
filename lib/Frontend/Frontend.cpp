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
#include "ClangDiagnostics.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/LangStandard.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/Utils.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <iterator>

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
  LoopNestAction(Program &Out, const looptile::FrontendOptions &Opts,
                 bool &Failed, std::shared_ptr<DependencyCollector> Deps)
      : Out(Out), Opts(Opts), Failed(Failed), Deps(std::move(Deps)) {}
  // --depfile: Clang reports every file the preprocessor enters (the main
  // file and non-system headers) to the collector.
  bool BeginInvocation(CompilerInstance &CI) override {
    if (Deps)
      CI.addDependencyCollector(Deps);
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // The standard the flags (or Clang's default) selected, for the
    // manifest: the reference build must read the file the same way.
    Out.Compile.Standard =
        LangStandard::getLangStandardForKind(CI.getLangOpts().LangStd)
            .getName();
    return std::make_unique<LoopNestConsumer>(Out, Opts, Failed);
  }

private:
  Program &Out;
  const looptile::FrontendOptions &Opts;
  bool &Failed;
  std::shared_ptr<DependencyCollector> Deps;
};

class LoopNestActionFactory : public tooling::FrontendActionFactory {
public:
  LoopNestActionFactory(Program &Out, const looptile::FrontendOptions &Opts,
                        bool &Failed, std::shared_ptr<DependencyCollector> Deps)
      : Out(Out), Opts(Opts), Failed(Failed), Deps(std::move(Deps)) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LoopNestAction>(Out, Opts, Failed, Deps);
  }

private:
  Program &Out;
  const looptile::FrontendOptions &Opts;
  bool &Failed;
  std::shared_ptr<DependencyCollector> Deps;
};

// The preprocessor flags of a compile command, in order: what decides how
// the file reads (macros, headers), without what only concerns this
// compilation (output, warnings, optimization; -std is recorded from the
// parsed language instead).
std::vector<std::string>
preprocessorFlags(const std::vector<std::string> &Args) {
  // Flags that take a value, joined (-DX, --sysroot=D) or as the next
  // argument (-D X), and -nostdinc, which takes none.
  static const char *const WithValue[] = {
      "-D",         "-U",       "-I",       "-iquote",   "-isystem",
      "-idirafter", "-include", "-imacros", "-isysroot", "--sysroot"};
  std::vector<std::string> Out;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-nostdinc") {
      Out.push_back(Args[I]);
      continue;
    }
    for (const char *Name : WithValue) {
      if (!A.startswith(Name))
        continue;
      StringRef Rest = A.substr(strlen(Name));
      if (Rest.empty() && I + 1 < Args.size()) {
        Out.push_back(Args[I]);
        Out.push_back(Args[++I]);
      } else if (!Rest.empty() && Rest[0] != '-') {
        Out.push_back(Args[I]); // -DX, -Idir; not -include-pch
      }
      break;
    }
  }
  return Out;
}

// A name in a Make rule: spaces and '#' escaped with '\\', '$' doubled.
std::string makeEscaped(StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      Out += '\\';
    else if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

// --depfile: "TARGET: FILE.c HEADER...", each prerequisite absolute (the
// compilation may have run in another folder than the build system's).
bool writeDepFile(const std::string &Path, const std::string &Target,
                  StringRef Directory, ArrayRef<std::string> Files) {
  if (StringRef Parent = llvm::sys::path::parent_path(Path); !Parent.empty())
    llvm::sys::fs::create_directories(Parent);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    llvm::errs() << "looptile: error: cannot write '" << Path
                 << "': " << EC.message() << "\n";
    return false;
  }
  OS << makeEscaped(Target) << ":";
  for (const std::string &F : Files) {
    SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Directory, Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    OS << " \\\n  " << makeEscaped(Abs);
  }
  OS << "\n";
  return true;
}

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
  if (llvm::sys::fs::file_status St;
      !llvm::sys::fs::status(Opts.File, St) &&
      !llvm::sys::fs::is_regular_file(St)) {
    llvm::errs() << "looptile: error: '" << Opts.File
                 << "' is not a regular file, not a C file\n";
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
  // A name without a C or C++ suffix (`prog`, `x.txt`) would be taken by
  // Clang's driver for a linker input: it is read as C.
  StringRef Ext = llvm::sys::path::extension(Opts.File);
  static const char *const Known[] = {".c", ".h", ".i", ".cc", ".cpp",
                                      ".cxx", ".C", ".hpp", ".hh"};
  if (std::none_of(std::begin(Known), std::end(Known),
                   [&](const char *K) { return Ext == K; }))
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        {"-x", "c"}, tooling::ArgumentInsertPosition::BEGIN));
  // Debian's libclang does not know where its builtin headers live when it is
  // loaded by a program outside the LLVM tree; tell it.
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      {"-resource-dir=" LOOPTILE_CLANG_RESOURCE_DIR, "-fsyntax-only"},
      tooling::ArgumentInsertPosition::END));
  if (!Opts.BuildPath.empty())
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        Opts.ExtraArgs, tooling::ArgumentInsertPosition::END));
  // The compile command as Clang gets it, for the manifest's flags.
  std::vector<std::string> CommandLine;
  Tool.appendArgumentsAdjuster(
      [&](const tooling::CommandLineArguments &Args, StringRef) {
        CommandLine = Args;
        return Args;
      });

  // Clang's diagnostics as Clang prints them, naming the file as the user
  // did, without ClangTool's "Error while processing FILE." banner.
  ClangDiagnostics Diags(llvm::errs(), Opts.File);
  Tool.setDiagnosticConsumer(&Diags);
  Tool.setPrintErrorMessage(false);

  bool Failed = false;
  std::shared_ptr<DependencyCollector> Deps;
  if (!Opts.DepFile.empty())
    Deps = std::make_shared<DependencyCollector>();
  LoopNestActionFactory Factory(Out, Opts, Failed, Deps);
  int RC = Tool.run(&Factory);
  if (RC != 0 || Failed || Diags.errors())
    return false;
  Out.Compile.Flags = preprocessorFlags(CommandLine);
  // The folder the compilation ran in: ClangTool's working directory for
  // the command ("." for the flags after `--`).
  SmallString<256> Dir;
  std::string AbsFile = Opts.File;
  if (SmallString<256> Abs(Opts.File); !llvm::sys::fs::make_absolute(Abs))
    AbsFile = std::string(Abs);
  std::vector<tooling::CompileCommand> Commands =
      DB->getCompileCommands(AbsFile);
  Dir = Commands.empty() ? "." : Commands.front().Directory;
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  Out.Compile.Directory = std::string(Dir);
  if (Deps && !writeDepFile(Opts.DepFile, Opts.DepTarget, Out.Compile.Directory,
                            Deps->getDependencies()))
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

std::string looptile::clangVersion() { return clang::getClangFullVersion(); }
