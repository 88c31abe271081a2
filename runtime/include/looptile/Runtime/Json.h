//===- Json.h - A small JSON reader ------------------------------*- C++ -*-===//
//
// Owns the JSON value type and its parser, just enough for the kernel
// manifest (docs/manifest.md): objects, arrays, strings, numbers, true,
// false, null. Parse errors name the line and column. Object members keep
// their order; duplicate keys are an error.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_JSON_H
#define LOOPTILE_RUNTIME_JSON_H

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace looptile::rt::json {

class Value {
public:
  enum class Type { Null, Bool, Number, String, Array, Object };

  Value() = default;
  static Value makeBool(bool B);
  static Value makeNumber(double D, bool IsInteger);
  static Value makeString(std::string S);
  static Value makeArray(std::vector<Value> Elements);
  static Value makeObject(std::vector<std::pair<std::string, Value>> Members);

  Type type() const { return Ty; }
  bool isNull() const { return Ty == Type::Null; }
  bool isBool() const { return Ty == Type::Bool; }
  bool isNumber() const { return Ty == Type::Number; }
  bool isInteger() const { return Ty == Type::Number && Integer; }
  bool isString() const { return Ty == Type::String; }
  bool isArray() const { return Ty == Type::Array; }
  bool isObject() const { return Ty == Type::Object; }

  bool asBool() const { return B; }
  double asNumber() const { return Num; }
  const std::string &asString() const { return Str; }
  const std::vector<Value> &elements() const { return Arr; }
  const std::vector<std::pair<std::string, Value>> &members() const {
    return Obj;
  }
  /// The member named Key, or nullptr.
  const Value *get(std::string_view Key) const;

  static const char *typeName(Type T);

private:
  Type Ty = Type::Null;
  bool B = false;
  bool Integer = false;
  double Num = 0;
  std::string Str;
  std::vector<Value> Arr;
  std::vector<std::pair<std::string, Value>> Obj;
};

/// Parses Text; throws looptile::rt::Error (ErrorKind::Manifest) naming
/// Origin, the line and the column on malformed input.
Value parse(std::string_view Text, const std::string &Origin);

/// Quotes S as a JSON string literal (for the --json output).
std::string quote(std::string_view S);

} // namespace looptile::rt::json

#endif
