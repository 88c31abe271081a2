//===- Diagnostic.h - Clang-style diagnostics without Clang ----*- C++ -*-===//
//
// Owns the diagnostics that stages after the Frontend report (warnings from
// the analysis, refusals from the transforms). They print exactly like
// Clang's: `file:line:col: error: message`, the source line, and a caret.
// The Frontend reports through Clang's own DiagnosticsEngine instead.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_SUPPORT_DIAGNOSTIC_H
#define LOOPTILE_SUPPORT_DIAGNOSTIC_H

#include "looptile/IR/LoopNest.h"

#include <ostream>
#include <string>
#include <vector>

namespace looptile {

struct Diagnostic {
  enum Severity { Error, Warning, Note, Remark };
  Severity Level = Error;
  SourceLoc Loc;
  std::string Message;
};

/// Collects diagnostics of one run and renders them in Clang's format.
class DiagnosticPrinter {
public:
  /// File is the path printed before each location; its lines are read
  /// once, lazily, to show the source line and the caret.
  explicit DiagnosticPrinter(std::string File) : File(std::move(File)) {}

  /// Renders D to OS (with the source line and caret when Loc is valid).
  void print(const Diagnostic &D, std::ostream &OS);
  unsigned errorCount() const { return Errors; }

private:
  const std::string *sourceLine(unsigned Line);
  std::string File;
  std::vector<std::string> Lines;
  bool Loaded = false;
  unsigned Errors = 0;
};

} // namespace looptile

#endif // LOOPTILE_SUPPORT_DIAGNOSTIC_H
