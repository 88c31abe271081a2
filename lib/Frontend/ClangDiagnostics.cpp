//===- ClangDiagnostics.cpp - Clang's diagnostics, as the user named the file
//=//
#include "ClangDiagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Lex/Preprocessor.h"

using namespace looptile;
using namespace clang;

namespace {

// Clang's text rendering, with the main file's name replaced by the user's
// spelling wherever a location or an include chain names it.
class UserPathTextDiagnostic : public TextDiagnostic {
public:
  UserPathTextDiagnostic(raw_ostream &OS, const LangOptions &LO,
                         DiagnosticOptions *Opts, const std::string &UserPath)
      : TextDiagnostic(OS, LO, Opts), UserPath(UserPath) {}

protected:
  void emitDiagnosticLoc(FullSourceLoc Loc, PresumedLoc PLoc,
                         DiagnosticsEngine::Level Level,
                         ArrayRef<CharSourceRange> Ranges) override {
    TextDiagnostic::emitDiagnosticLoc(Loc, rename(Loc, PLoc), Level, Ranges);
  }
  void emitIncludeLocation(FullSourceLoc Loc, PresumedLoc PLoc) override {
    TextDiagnostic::emitIncludeLocation(Loc, rename(Loc, PLoc));
  }

private:
  // PLoc names the main file by the path ClangTool gave the compiler (an
  // absolute one); a `#line "other.c"` name is left as written.
  PresumedLoc rename(FullSourceLoc Loc, PresumedLoc PLoc) {
    if (PLoc.isInvalid() || !Loc.hasManager())
      return PLoc;
    const SourceManager &SM = Loc.getManager();
    if (PLoc.getFileID() != SM.getMainFileID())
      return PLoc;
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    if (!Main || Main->getName() != PLoc.getFilename())
      return PLoc;
    return PresumedLoc(UserPath.c_str(), PLoc.getFileID(), PLoc.getLine(),
                       PLoc.getColumn(), PLoc.getIncludeLoc());
  }
  const std::string &UserPath;
};

} // namespace

ClangDiagnostics::ClangDiagnostics(raw_ostream &OS, std::string UserPath)
    : OS(OS), UserPath(std::move(UserPath)), Opts(new DiagnosticOptions()) {}

ClangDiagnostics::~ClangDiagnostics() = default;

void ClangDiagnostics::BeginSourceFile(const LangOptions &LO,
                                       const Preprocessor *PP) {
  // The compilation's own options (-fno-caret-diagnostics,
  // -fcolor-diagnostics, ... after `--`) when there is a compilation.
  if (PP)
    Opts = &PP->getDiagnostics().getDiagnosticOptions();
  Text = std::make_unique<UserPathTextDiagnostic>(OS, LO, Opts.get(), UserPath);
}

void ClangDiagnostics::EndSourceFile() { Text.reset(); }

void ClangDiagnostics::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                        const Diagnostic &Info) {
  // DiagnosticConsumer::HandleDiagnostic is not called: its counts are what
  // the CompilerInstance summarizes as "N errors generated.".
  if (Level >= DiagnosticsEngine::Error)
    ++Errors;
  SmallString<128> Message;
  Info.FormatDiagnostic(Message);
  // The flag that controls a warning, as Clang prints it.
  StringRef Flag = DiagnosticIDs::getWarningOptionForDiag(Info.getID());
  if (Opts->ShowOptionNames && !Flag.empty() &&
      Level != DiagnosticsEngine::Note) {
    bool Promoted = Level >= DiagnosticsEngine::Error;
    Message += (Promoted ? " [-Werror,-W" : " [-W") + Flag.str() + "]";
  }
  if (!Info.getLocation().isValid() || !Text || !Info.hasSourceManager()) {
    // A driver diagnostic (a bad flag after `--`): no source to show.
    OS << "looptile: ";
    TextDiagnostic::printDiagnosticLevel(OS, Level, Opts->ShowColors);
    TextDiagnostic::printDiagnosticMessage(OS, Level == DiagnosticsEngine::Note,
                                           Message, 0, 0, Opts->ShowColors);
    OS.flush();
    return;
  }
  Text->emitDiagnostic(
      FullSourceLoc(Info.getLocation(), Info.getSourceManager()), Level,
      Message, Info.getRanges(), Info.getFixItHints());
  OS.flush();
}
