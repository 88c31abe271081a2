//===- ASTToIR.h - Clang AST of one function to loop-nest IR ---*- C++ -*-===//
//
// Internal to lib/Frontend: the translation of one FunctionDecl into an IR
// Function. Every construct it cannot represent exactly is reported as an
// error through the ASTContext's DiagnosticsEngine.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_LIB_FRONTEND_ASTTOIR_H
#define LOOPTILE_LIB_FRONTEND_ASTTOIR_H

#include "looptile/IR/LoopNest.h"

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace looptile {

/// True when S contains a `for`, `while` or `do` loop anywhere.
bool containsLoop(const clang::Stmt *S);

/// Builds the IR of FD into Out. Returns false after reporting at least one
/// error diagnostic. With FirstError, nothing is reported: the first error
/// (its message and location) is stored there instead.
struct FirstError {
  std::string Message;
  unsigned Line = 0, Col = 0;
};
bool convertFunction(clang::ASTContext &Ctx, const clang::FunctionDecl *FD,
                     Function &Out, FirstError *Collect = nullptr);

} // namespace looptile

#endif // LOOPTILE_LIB_FRONTEND_ASTTOIR_H
