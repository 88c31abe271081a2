//===- Frontend.h - C source to loop-nest IR -------------------*- C++ -*-===//
//
// The only public entry point of the Clang-based frontend. It parses one C
// file with libTooling and builds the loop-nest IR of every function that
// contains a `for` nest. Unsupported constructs are reported as Clang
// diagnostics (`file:line:col: error: ...` with a caret) on stderr.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_FRONTEND_FRONTEND_H
#define LOOPTILE_FRONTEND_FRONTEND_H

#include "looptile/IR/LoopNest.h"

#include <string>
#include <vector>

namespace looptile {

struct FrontendOptions {
  /// The C file to read.
  std::string File;
  /// Extra compiler flags (what the user wrote after `--`).
  std::vector<std::string> ExtraArgs;
  /// Directory holding compile_commands.json (`-p`); empty for none.
  std::string BuildPath;
  /// Only this function (empty: every function with a `for` nest).
  std::string OnlyFunction;
  /// Write a Make-style dependency file here (empty: none): DepTarget's
  /// prerequisites, the file and every non-system header it includes.
  std::string DepFile;
  std::string DepTarget;
};

/// Parses Opts.File and fills Out. Returns false when the file could not be
/// read or parsed, or holds a construct the IR cannot represent exactly; the
/// reason has then been printed on stderr.
bool buildProgram(const FrontendOptions &Opts, Program &Out);

/// The version of the Clang libraries the frontend parses with, as Clang
/// prints it ("Debian clang version 16.0.6 (15)").
std::string clangVersion();

} // namespace looptile

#endif // LOOPTILE_FRONTEND_FRONTEND_H
