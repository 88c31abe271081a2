//===- Diagnostic.cpp - Clang-style diagnostics without Clang -------------===//
#include "looptile/Support/Diagnostic.h"

#include <fstream>

using namespace looptile;

const std::string *DiagnosticPrinter::sourceLine(unsigned Line) {
  if (!Loaded) {
    Loaded = true;
    std::ifstream In(File);
    std::string L;
    while (std::getline(In, L))
      Lines.push_back(L);
  }
  if (Line == 0 || Line > Lines.size())
    return nullptr;
  return &Lines[Line - 1];
}

void DiagnosticPrinter::print(const Diagnostic &D, std::ostream &OS) {
  static const char *Names[] = {"error", "warning", "note", "remark"};
  if (D.Level == Diagnostic::Error)
    ++Errors;
  if (D.Loc.isValid())
    OS << File << ":" << D.Loc.Line << ":" << D.Loc.Col << ": ";
  else
    OS << "looptile: ";
  OS << Names[D.Level] << ": " << D.Message << "\n";
  const std::string *Src = D.Loc.isValid() ? sourceLine(D.Loc.Line) : nullptr;
  if (!Src)
    return;
  OS << *Src << "\n";
  std::string Caret;
  for (unsigned I = 1; I < D.Loc.Col && I <= Src->size(); ++I)
    Caret += (*Src)[I - 1] == '\t' ? '\t' : ' ';
  OS << Caret << "^\n";
}
