//===- Error.h - The runtime's one exception type ----------------*- C++
//-*-===//
//
// Owns looptile::rt::Error, thrown by every part of the runtime. Each error
// carries a category that looptile-run maps to the exit status both tools
// share (README, "Exit status"; docs/runtime.md): 1 the input was refused
// or validation could not pass, 2 the command line is wrong, 3 OpenCL.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_ERROR_H
#define LOOPTILE_RUNTIME_ERROR_H

#include <stdexcept>
#include <string>

namespace looptile::rt {

enum class ErrorKind {
  Usage,     // 2: bad command line, unknown -D/--set name, bad size value
  Manifest,  // 1: manifest or kernel file missing, corrupt or inconsistent
             //    (also at the given sizes: a negative extent, a global
             //    size that is not a multiple of the local size)
  OpenCL,    // 3: no platform/device, build failure, allocation, launch
  Reference, // 1: building or loading the C reference shim
  Output,    // 1: a file the run writes (the tuning cache) cannot be written
};

/// The exit status of an error of kind K (the enumerators are not the
/// statuses themselves).
inline int exitStatus(ErrorKind K) {
  switch (K) {
  case ErrorKind::Usage:
    return 2;
  case ErrorKind::OpenCL:
    return 3;
  case ErrorKind::Manifest:
  case ErrorKind::Reference:
  case ErrorKind::Output:
    break;
  }
  return 1;
}

class Error : public std::runtime_error {
public:
  Error(ErrorKind Kind, const std::string &Message)
      : std::runtime_error(Message), Kind(Kind) {}
  ErrorKind kind() const { return Kind; }
  int exitCode() const { return exitStatus(Kind); }

private:
  ErrorKind Kind;
};

/// What a tool reports for the exception being handled (call it inside a
/// catch block): the exit status and the message after "error: ". An
/// Error gives its own status; an OpenCL exception ("OpenCL: WHAT failed
/// with CL_NAME"), running out of host memory and any other exception give
/// 3. (The C glue maps exceptions to its own codes, Glue.cpp.)
struct Failure {
  int Status = 3;
  std::string Message;
};
Failure currentFailure();

} // namespace looptile::rt

#endif
