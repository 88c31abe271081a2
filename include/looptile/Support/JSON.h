//===- JSON.h - writing JSON text ------------------------------*- C++ -*-===//
//
// The compiler's name for the one JSON string escaper, which lives with the
// JSON reader and the manifest codec that looptile and the runtime share
// (runtime/include/looptile/Runtime/Json.h): --print-deps=json,
// --print-signature and the manifest all quote through it.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_SUPPORT_JSON_H
#define LOOPTILE_SUPPORT_JSON_H

#include "looptile/Runtime/Json.h"

#include <string>

namespace looptile {

/// A JSON string literal for S: quoted, with quotes, backslashes and control
/// characters escaped.
inline std::string jsonString(const std::string &S) {
  return rt::json::quote(S);
}

} // namespace looptile

#endif // LOOPTILE_SUPPORT_JSON_H
