//===- Json.cpp - A small recursive-descent JSON reader -------------------===//
//
// Owns parsing JSON text into json::Value (RFC 8259 subset: no surrogate
// pair validation beyond decoding \uXXXX escapes to UTF-8) and quoting
// strings for output.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Json.h"
#include "looptile/Runtime/Error.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace looptile::rt::json {

Value Value::makeBool(bool B) {
  Value V;
  V.Ty = Type::Bool;
  V.B = B;
  return V;
}
Value Value::makeNumber(double D, bool IsInteger) {
  Value V;
  V.Ty = Type::Number;
  V.Num = D;
  V.Integer = IsInteger;
  return V;
}
Value Value::makeString(std::string S) {
  Value V;
  V.Ty = Type::String;
  V.Str = std::move(S);
  return V;
}
Value Value::makeArray(std::vector<Value> Elements) {
  Value V;
  V.Ty = Type::Array;
  V.Arr = std::move(Elements);
  return V;
}
Value Value::makeObject(std::vector<std::pair<std::string, Value>> Members) {
  Value V;
  V.Ty = Type::Object;
  V.Obj = std::move(Members);
  return V;
}

const Value *Value::get(std::string_view Key) const {
  for (const auto &M : Obj)
    if (M.first == Key)
      return &M.second;
  return nullptr;
}

const char *Value::typeName(Type T) {
  switch (T) {
  case Type::Null: return "null";
  case Type::Bool: return "a boolean";
  case Type::Number: return "a number";
  case Type::String: return "a string";
  case Type::Array: return "an array";
  case Type::Object: return "an object";
  }
  return "?";
}

namespace {

class Parser {
public:
  Parser(std::string_view Text, const std::string &Origin)
      : Text(Text), Origin(Origin) {}

  Value parseDocument() {
    skipSpace();
    Value V = parseValue(0);
    skipSpace();
    if (Pos != Text.size())
      fail("unexpected text after the JSON value");
    return V;
  }

private:
  std::string_view Text;
  const std::string &Origin;
  size_t Pos = 0;
  /// The recursion of parseValue is bounded, so that no input overflows
  /// the stack (a manifest nests about 10 deep).
  static constexpr int MaxDepth = 64;

  [[noreturn]] void fail(const std::string &Message) {
    size_t Line = 1, Col = 1;
    for (size_t I = 0; I < Pos && I < Text.size(); ++I) {
      if (Text[I] == '\n') {
        ++Line;
        Col = 1;
      } else {
        ++Col;
      }
    }
    throw Error(ErrorKind::Manifest, Origin + ":" + std::to_string(Line) +
                                         ":" + std::to_string(Col) +
                                         ": invalid JSON: " + Message);
  }

  void skipSpace() {
    while (Pos < Text.size() && (Text[Pos] == ' ' || Text[Pos] == '\t' ||
                                 Text[Pos] == '\n' || Text[Pos] == '\r'))
      ++Pos;
  }

  bool consume(char C) {
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }

  void expectWord(std::string_view W) {
    if (Text.substr(Pos, W.size()) != W)
      fail("expected a value");
    Pos += W.size();
  }

  Value parseValue(int Depth) {
    if (Depth > MaxDepth)
      fail("arrays and objects nested more than " + std::to_string(MaxDepth) +
           " deep");
    if (Pos >= Text.size())
      fail("unexpected end of input");
    char C = Text[Pos];
    switch (C) {
    case '{': return parseObject(Depth);
    case '[': return parseArray(Depth);
    case '"': return Value::makeString(parseString());
    case 't': expectWord("true"); return Value::makeBool(true);
    case 'f': expectWord("false"); return Value::makeBool(false);
    case 'n': expectWord("null"); return Value();
    default:
      if (C == '-' || (C >= '0' && C <= '9'))
        return parseNumber();
      fail(std::string("unexpected character '") + C + "'");
    }
  }

  Value parseObject(int Depth) {
    ++Pos; // '{'
    std::vector<std::pair<std::string, Value>> Members;
    skipSpace();
    if (consume('}'))
      return Value::makeObject(std::move(Members));
    while (true) {
      skipSpace();
      if (Pos >= Text.size() || Text[Pos] != '"')
        fail("expected a string key");
      size_t KeyPos = Pos;
      std::string Key = parseString();
      for (const auto &M : Members)
        if (M.first == Key) {
          Pos = KeyPos;
          fail("duplicate key \"" + Key + "\"");
        }
      skipSpace();
      if (!consume(':'))
        fail("expected ':' after a key");
      skipSpace();
      Value V = parseValue(Depth + 1);
      Members.emplace_back(std::move(Key), std::move(V));
      skipSpace();
      if (consume('}'))
        return Value::makeObject(std::move(Members));
      if (!consume(','))
        fail("expected ',' or '}' in an object");
    }
  }

  Value parseArray(int Depth) {
    ++Pos; // '['
    std::vector<Value> Elements;
    skipSpace();
    if (consume(']'))
      return Value::makeArray(std::move(Elements));
    while (true) {
      skipSpace();
      Elements.push_back(parseValue(Depth + 1));
      skipSpace();
      if (consume(']'))
        return Value::makeArray(std::move(Elements));
      if (!consume(','))
        fail("expected ',' or ']' in an array");
    }
  }

  static void appendUtf8(std::string &Out, unsigned CP) {
    if (CP < 0x80) {
      Out += char(CP);
    } else if (CP < 0x800) {
      Out += char(0xC0 | (CP >> 6));
      Out += char(0x80 | (CP & 0x3F));
    } else if (CP < 0x10000) {
      Out += char(0xE0 | (CP >> 12));
      Out += char(0x80 | ((CP >> 6) & 0x3F));
      Out += char(0x80 | (CP & 0x3F));
    } else {
      Out += char(0xF0 | (CP >> 18));
      Out += char(0x80 | ((CP >> 12) & 0x3F));
      Out += char(0x80 | ((CP >> 6) & 0x3F));
      Out += char(0x80 | (CP & 0x3F));
    }
  }

  unsigned parseHex4() {
    if (Pos + 4 > Text.size())
      fail("truncated \\u escape");
    unsigned V = 0;
    for (int I = 0; I < 4; ++I) {
      char C = Text[Pos++];
      V <<= 4;
      if (C >= '0' && C <= '9') V |= unsigned(C - '0');
      else if (C >= 'a' && C <= 'f') V |= unsigned(C - 'a' + 10);
      else if (C >= 'A' && C <= 'F') V |= unsigned(C - 'A' + 10);
      else fail("bad hex digit in \\u escape");
    }
    return V;
  }

  std::string parseString() {
    ++Pos; // opening quote
    std::string Out;
    while (true) {
      if (Pos >= Text.size())
        fail("unterminated string");
      char C = Text[Pos++];
      if (C == '"')
        return Out;
      if (static_cast<unsigned char>(C) < 0x20) {
        --Pos;
        fail("control character in a string");
      }
      if (C != '\\') {
        Out += C;
        continue;
      }
      if (Pos >= Text.size())
        fail("unterminated escape");
      char E = Text[Pos++];
      switch (E) {
      case '"': Out += '"'; break;
      case '\\': Out += '\\'; break;
      case '/': Out += '/'; break;
      case 'b': Out += '\b'; break;
      case 'f': Out += '\f'; break;
      case 'n': Out += '\n'; break;
      case 'r': Out += '\r'; break;
      case 't': Out += '\t'; break;
      case 'u': {
        unsigned CP = parseHex4();
        if (CP >= 0xD800 && CP < 0xDC00 && Text.substr(Pos, 2) == "\\u") {
          Pos += 2;
          unsigned Low = parseHex4();
          CP = 0x10000 + ((CP - 0xD800) << 10) + (Low - 0xDC00);
        }
        appendUtf8(Out, CP);
        break;
      }
      default:
        --Pos;
        fail(std::string("unknown escape '\\") + E + "'");
      }
    }
  }

  Value parseNumber() {
    size_t Start = Pos;
    bool IsInteger = true;
    consume('-');
    if (Pos >= Text.size() || !(Text[Pos] >= '0' && Text[Pos] <= '9'))
      fail("expected a digit");
    while (Pos < Text.size() && Text[Pos] >= '0' && Text[Pos] <= '9')
      ++Pos;
    if (consume('.')) {
      IsInteger = false;
      if (Pos >= Text.size() || !(Text[Pos] >= '0' && Text[Pos] <= '9'))
        fail("expected a digit after '.'");
      while (Pos < Text.size() && Text[Pos] >= '0' && Text[Pos] <= '9')
        ++Pos;
    }
    if (Pos < Text.size() && (Text[Pos] == 'e' || Text[Pos] == 'E')) {
      IsInteger = false;
      ++Pos;
      if (!consume('+'))
        consume('-');
      if (Pos >= Text.size() || !(Text[Pos] >= '0' && Text[Pos] <= '9'))
        fail("expected a digit in the exponent");
      while (Pos < Text.size() && Text[Pos] >= '0' && Text[Pos] <= '9')
        ++Pos;
    }
    std::string Lexeme(Text.substr(Start, Pos - Start));
    return Value::makeNumber(std::strtod(Lexeme.c_str(), nullptr), IsInteger);
  }
};

} // namespace

Value parse(std::string_view Text, const std::string &Origin) {
  return Parser(Text, Origin).parseDocument();
}

std::string quote(std::string_view S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '"': Out += "\\\""; break;
    case '\\': Out += "\\\\"; break;
    case '\n': Out += "\\n"; break;
    case '\r': Out += "\\r"; break;
    case '\t': Out += "\\t"; break;
    default:
      if (static_cast<unsigned char>(C) < 0x20) {
        char Buf[8];
        std::snprintf(Buf, sizeof Buf, "\\u%04x", unsigned(C));
        Out += Buf;
      } else {
        Out += C;
      }
    }
  }
  Out += '"';
  return Out;
}

} // namespace looptile::rt::json
