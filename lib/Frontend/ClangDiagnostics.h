//===- ClangDiagnostics.h - Clang's diagnostics, as the user named the file
//===//
//
// Internal to lib/Frontend: the DiagnosticConsumer the ClangTool reports
// through. It prints exactly what Clang's TextDiagnosticPrinter prints
// (location, level, message, [-Wflag], source line, caret, fix-it), with two
// differences that make the Frontend's diagnostics read like the later
// stages' (Support/Diagnostic.h):
//  - the main file is named as the user wrote it on the command line, not by
//    the absolute path ClangTool hands the compiler;
//  - no "N errors generated." summary (the consumer keeps its own count, so
//    the CompilerInstance has nothing to summarize).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_LIB_FRONTEND_CLANGDIAGNOSTICS_H
#define LOOPTILE_LIB_FRONTEND_CLANGDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace clang {
class TextDiagnostic;
}

namespace looptile {

class ClangDiagnostics : public clang::DiagnosticConsumer {
public:
  /// UserPath is the input file as the user spelled it.
  ClangDiagnostics(llvm::raw_ostream &OS, std::string UserPath);
  ~ClangDiagnostics() override;

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// Errors (and fatal errors) reported so far.
  unsigned errors() const { return Errors; }

private:
  llvm::raw_ostream &OS;
  std::string UserPath;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> Opts;
  std::unique_ptr<clang::TextDiagnostic> Text;
  unsigned Errors = 0;
};

} // namespace looptile

#endif // LOOPTILE_LIB_FRONTEND_CLANGDIAGNOSTICS_H
