//===- Files.h - Folders and atomic file replacement ------------*- C++ -*-===//
//
// Owns the small file-system helpers the runtime's caches share: creating a
// folder with its parents, and replacing a file atomically (write a
// temporary next to it, then rename, so readers see the old or the new
// content, never a partial one).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_FILES_H
#define LOOPTILE_RUNTIME_FILES_H

#include <string>

namespace looptile::rt {

/// Creates Path and its parents; true when it is a writable folder (else
/// errno says why).
bool makeDirs(const std::string &Path);

/// The folder part of Path ("" when it has none).
std::string parentDir(const std::string &Path);

/// Writes Text to Path through a temporary file in the same folder and a
/// rename. Returns "" on success, else what failed (with strerror).
std::string writeFileAtomically(const std::string &Path,
                                const std::string &Text);

} // namespace looptile::rt

#endif
