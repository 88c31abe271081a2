//===- JSON.h - writing JSON text ------------------------------*- C++ -*-===//
//
// Owns the one JSON string escaper the printers share (--print-deps=json,
// --print-signature, the manifest).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_SUPPORT_JSON_H
#define LOOPTILE_SUPPORT_JSON_H

#include <string>

namespace looptile {

/// A JSON string literal for S: quoted, with quotes, backslashes and control
/// characters escaped.
std::string jsonString(const std::string &S);

} // namespace looptile

#endif // LOOPTILE_SUPPORT_JSON_H
