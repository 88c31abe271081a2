//===- Error.h - The runtime's one exception type ----------------*- C++ -*-===//
//
// Owns looptile::rt::Error, thrown by every part of the runtime. Each error
// carries a category so that looptile-run can map it to a documented exit
// status (see docs/runtime.md, "Exit status").
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_ERROR_H
#define LOOPTILE_RUNTIME_ERROR_H

#include <stdexcept>
#include <string>

namespace looptile::rt {

enum class ErrorKind {
  Usage = 2,     // bad command line, unknown -D/--set name, bad size value
  Manifest = 2,  // manifest missing, corrupt or inconsistent
  OpenCL = 3,    // no platform/device, build failure, allocation, launch
  Reference = 4, // building or loading the C reference shim
};

class Error : public std::runtime_error {
public:
  Error(ErrorKind Kind, const std::string &Message)
      : std::runtime_error(Message), Kind(Kind) {}
  ErrorKind kind() const { return Kind; }
  int exitCode() const { return static_cast<int>(Kind); }

private:
  ErrorKind Kind;
};

} // namespace looptile::rt

#endif
