//===- Inputs.cpp - Parse and check --range, --scalar and --init ----------===//
//
// Owns the checks of Inputs.h: names against the manifest, bounds and
// values against the argument's type.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Inputs.h"
#include "looptile/Runtime/Error.h"

#include <cctype>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdlib>

namespace looptile::rt {

static std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t");
  if (B == std::string::npos)
    return "";
  size_t E = S.find_last_not_of(" \t");
  return S.substr(B, E - B + 1);
}

static std::vector<std::string> splitList(const std::string &S, char Sep) {
  std::vector<std::string> Out;
  size_t Start = 0;
  while (true) {
    size_t P = S.find(Sep, Start);
    Out.push_back(S.substr(Start, P == std::string::npos ? std::string::npos
                                                         : P - Start));
    if (P == std::string::npos)
      return Out;
    Start = P + 1;
  }
}

static bool isIdentifier(const std::string &S) {
  if (S.empty() || std::isdigit(static_cast<unsigned char>(S[0])))
    return false;
  for (char C : S)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      return false;
  return true;
}

// "(its arrays and scalars: A, B, alpha)" or "(its arguments: ...)".
static std::string namesOf(const Manifest &M, bool WithSizes,
                           bool WithArrays) {
  std::string L;
  for (const Argument &A : M.Arguments) {
    if ((A.K == Argument::Size && !WithSizes) ||
        (A.K == Argument::Buffer && !WithArrays))
      continue;
    L += (L.empty() ? "" : ", ") + A.Name;
  }
  return L.empty() ? "none" : L;
}

static const Argument *findArg(const Manifest &M, const std::string &Name) {
  for (const Argument &A : M.Arguments)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

static std::string typeName(const Argument &A) {
  return std::string(A.K == Argument::Buffer ? "an array of " : "a ") +
         elemTypeName(A.Ty);
}

// The smallest and largest values of an integer type.
static void intLimits(ElemType Ty, __int128 &Min, __int128 &Max) {
  int Bits = int(8 * elemSize(Ty));
  if (isSignedType(Ty)) {
    Max = ((__int128)1 << (Bits - 1)) - 1;
    Min = -Max - 1;
  } else {
    Min = 0;
    Max = ((__int128)1 << Bits) - 1;
  }
}

static std::string int128Text(__int128 V) {
  if (V == 0)
    return "0";
  bool Neg = V < 0;
  unsigned __int128 U = Neg ? (unsigned __int128)(-(V + 1)) + 1
                            : (unsigned __int128)V;
  std::string S;
  while (U) {
    S.insert(S.begin(), char('0' + int(U % 10)));
    U /= 10;
  }
  return Neg ? "-" + S : S;
}

// An integer written in decimal (optional sign), into V; false if the text
// is not one or has more than 30 digits.
static bool parseInt128(const std::string &S, __int128 &V) {
  size_t I = 0;
  bool Neg = false;
  if (I < S.size() && (S[I] == '-' || S[I] == '+'))
    Neg = S[I++] == '-';
  if (I == S.size() || S.size() - I > 30)
    return false;
  __int128 R = 0;
  for (; I < S.size(); ++I) {
    if (!std::isdigit(static_cast<unsigned char>(S[I])))
      return false;
    R = R * 10 + (S[I] - '0');
  }
  V = Neg ? -R : R;
  return true;
}

// A finite number written as C writes one (strtod), into V.
static bool parseDouble(const std::string &S, double &V) {
  if (S.empty())
    return false;
  errno = 0;
  char *End = nullptr;
  V = std::strtod(S.c_str(), &End);
  return *End == '\0' && std::isfinite(V);
}

// One bound or value of type Ty for Arg, from Text; Flag and Item name
// them in errors. For integers into *I, else into *D (rounded to float
// for float).
static void parseValue(const std::string &Flag, const std::string &Item,
                       const Argument &A, const std::string &Text,
                       __int128 *I, double *D) {
  std::string Where = Flag + " " + Item + ": ";
  if (isIntegerType(A.Ty)) {
    if (!parseInt128(Text, *I))
      throw Error(ErrorKind::Usage, Where + "'" + Text +
                                        "' is not an integer (" + A.Name +
                                        " is " + typeName(A) + ")");
    return;
  }
  if (!parseDouble(Text, *D))
    throw Error(ErrorKind::Usage, Where + "'" + Text +
                                      "' is not a finite number (" + A.Name +
                                      " is " + typeName(A) + ")");
  if (A.Ty == ElemType::Float) {
    if (std::fabs(*D) > double(FLT_MAX))
      throw Error(ErrorKind::Usage,
                  Where + "'" + Text + "' is outside the range of float (" +
                      A.Name + " is " + typeName(A) + ")");
    *D = double(float(*D));
  }
}

void addRanges(InputSpec &S, const Manifest &M, const std::string &List) {
  for (const std::string &Raw : splitList(List, ',')) {
    std::string Item = trim(Raw);
    size_t Eq = Item.find('=');
    size_t Colon = Eq == std::string::npos ? Eq : Item.find(':', Eq);
    if (Eq == std::string::npos || Eq == 0 || Colon == std::string::npos)
      throw Error(ErrorKind::Usage, "--range: expected NAME=LO:HI, got '" +
                                        Item + "'");
    std::string Name = trim(Item.substr(0, Eq));
    std::string Lo = trim(Item.substr(Eq + 1, Colon - Eq - 1));
    std::string Hi = trim(Item.substr(Colon + 1));
    const Argument *A = findArg(M, Name);
    if (!A)
      throw Error(ErrorKind::Usage,
                  "--range " + Item + ": " + M.SourceFunction +
                      "() has no array or scalar argument '" + Name +
                      "' (its arrays and scalars: " +
                      namesOf(M, false, true) + ")");
    if (A->K == Argument::Size)
      throw Error(ErrorKind::Usage, "--range " + Item + ": '" + Name +
                                        "' is a size (give its value with -D)");
    InputRange R;
    R.Ty = A->Ty;
    R.Text = Lo + ":" + Hi;
    parseValue("--range", Item, *A, Lo, &R.ILo, &R.Lo);
    parseValue("--range", Item, *A, Hi, &R.IHi, &R.Hi);
    if (isIntegerType(A->Ty)) {
      __int128 Min, Max;
      intLimits(A->Ty, Min, Max);
      if (R.ILo >= R.IHi)
        throw Error(ErrorKind::Usage, "--range " + Item +
                                          ": empty range (LO must be less "
                                          "than HI; the range is [LO, HI))");
      if (R.ILo < Min || R.IHi - 1 > Max)
        throw Error(ErrorKind::Usage,
                    "--range " + Item + ": [" + Lo + ", " + Hi +
                        ") is outside the values of " + elemTypeName(A->Ty) +
                        " (" + int128Text(Min) + " to " + int128Text(Max) +
                        "; " + Name + " is " + typeName(*A) + ")");
    } else if (!(R.Lo < R.Hi)) {
      throw Error(ErrorKind::Usage,
                  "--range " + Item + ": empty range (LO must be less than "
                                      "HI" +
                      std::string(A->Ty == ElemType::Float
                                      ? ", also after rounding to float"
                                      : "") +
                      "; the range is [LO, HI))");
    }
    S.Ranges[Name] = R;
  }
}

void addScalars(InputSpec &S, const Manifest &M, const std::string &List) {
  for (const std::string &Raw : splitList(List, ',')) {
    std::string Item = trim(Raw);
    size_t Eq = Item.find('=');
    if (Eq == std::string::npos || Eq == 0)
      throw Error(ErrorKind::Usage, "--scalar: expected NAME=VALUE, got '" +
                                        Item + "'");
    std::string Name = trim(Item.substr(0, Eq));
    std::string Text = trim(Item.substr(Eq + 1));
    const Argument *A = findArg(M, Name);
    if (!A || A->K != Argument::Scalar)
      throw Error(
          ErrorKind::Usage,
          "--scalar " + Item + ": " +
              (!A ? M.SourceFunction + "() has no argument '" + Name + "'"
               : A->K == Argument::Size
                   ? "'" + Name + "' is a size (give its value with -D)"
                   : "'" + Name + "' is an array (choose its values with "
                                  "--range or --init)") +
              " (its scalar arguments: " + namesOf(M, false, false) + ")");
    ScalarValue V;
    V.Ty = A->Ty;
    __int128 I = 0;
    double D = 0;
    parseValue("--scalar", Item, *A, Text, &I, &D);
    if (isIntegerType(A->Ty)) {
      __int128 Min, Max;
      intLimits(A->Ty, Min, Max);
      if (I < Min || I > Max)
        throw Error(ErrorKind::Usage,
                    "--scalar " + Item + ": " + Text +
                        " is outside the values of " + elemTypeName(A->Ty) +
                        " (" + int128Text(Min) + " to " + int128Text(Max) +
                        ")");
      V.I = int64_t(I);
    } else {
      V.D = D;
      V.F = float(D);
    }
    S.Scalars[Name] = V;
    S.ScalarTexts[Name] = Text;
  }
}

void setInit(InputSpec &S, const Manifest &M, const std::string &Raw) {
  std::string Text = trim(Raw);
  size_t Open = Text.find('(');
  std::string Fn = trim(Text.substr(0, Open));
  if (!isIdentifier(Fn))
    throw Error(ErrorKind::Usage,
                "--init '" + Text +
                    "': expected FUNCTION or FUNCTION(ARG, ...), FUNCTION "
                    "a function of " +
                    M.SourceFile);
  InitCall C;
  C.Function = Fn;
  if (Open == std::string::npos) {
    // The function's own parameters, in order.
    for (size_t I = 0; I < M.Arguments.size(); ++I)
      if (!M.Arguments[I].Returned) {
        C.Args.push_back(I);
        C.ByAddress.push_back(false);
      }
    S.Init = C;
    return;
  }
  if (Text.back() != ')')
    throw Error(ErrorKind::Usage, "--init '" + Text + "': missing ')'");
  std::string Inner = trim(Text.substr(Open + 1, Text.size() - Open - 2));
  std::vector<std::string> Unknown;
  if (!Inner.empty()) {
    for (const std::string &RawArg : splitList(Inner, ',')) {
      std::string Arg = trim(RawArg);
      bool Addr = !Arg.empty() && Arg[0] == '&';
      std::string Name = trim(Addr ? Arg.substr(1) : Arg);
      if (!isIdentifier(Name))
        throw Error(ErrorKind::Usage,
                    "--init '" + Text + "': '" + Arg +
                        "' is not an argument name (each argument of the "
                        "call is a name of the manifest's arguments, or "
                        "&NAME for a scalar's address)");
      size_t Index = M.Arguments.size();
      for (size_t I = 0; I < M.Arguments.size(); ++I)
        if (M.Arguments[I].Name == Name)
          Index = I;
      if (Index == M.Arguments.size()) {
        Unknown.push_back(Name);
        continue;
      }
      if (Addr && M.Arguments[Index].K != Argument::Scalar)
        throw Error(ErrorKind::Usage,
                    "--init '" + Text + "': '&" + Name +
                        "': & passes a scalar's address, and '" + Name +
                        "' is " +
                        (M.Arguments[Index].K == Argument::Size
                             ? std::string("a size (passed by value)")
                             : "an array (passed as its pointer, without &)"));
      C.Args.push_back(Index);
      C.ByAddress.push_back(Addr);
    }
  }
  if (!Unknown.empty()) {
    std::string L;
    for (const std::string &N : Unknown)
      L += (L.empty() ? "'" : ", '") + N + "'";
    throw Error(ErrorKind::Usage,
                "--init '" + Text + "': " + L +
                    (Unknown.size() == 1 ? " is not an argument"
                                         : " are not arguments") +
                    " of " + M.SourceFunction +
                    "(), whose values the runtime has (its arguments: " +
                    namesOf(M, true, true) + ")");
  }
  S.Init = C;
}

void checkInputs(const InputSpec &S, const Manifest &M) {
  for (size_t I = 0; I < S.Init.Args.size(); ++I) {
    const std::string &N = M.Arguments[S.Init.Args[I]].Name;
    if (S.Init.ByAddress[I] && S.Scalars.count(N))
      throw Error(ErrorKind::Usage,
                  "--scalar " + N + "=" + S.ScalarTexts.at(N) +
                      " and --init " + S.Init.text(M) + " both set " + N +
                      " (the initializer runs after --scalar and would "
                      "overwrite it): give one of them");
  }
}

std::string InitCall::text(const Manifest &M) const {
  std::string S = Function + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    S += std::string(I ? ", " : "") + (ByAddress[I] ? "&" : "") +
         M.Arguments[Args[I]].Name;
  return S + ")";
}

std::string describeInputs(const InputSpec &S, const Manifest &M) {
  std::string D;
  auto add = [&](const std::string &Part) {
    D += (D.empty() ? "" : ", ") + Part;
  };
  for (const Argument &A : M.Arguments) {
    if (auto It = S.Ranges.find(A.Name); It != S.Ranges.end())
      add(A.Name + " in [" +
          It->second.Text.substr(0, It->second.Text.find(':')) + ", " +
          It->second.Text.substr(It->second.Text.find(':') + 1) + ")");
    if (auto It = S.ScalarTexts.find(A.Name); It != S.ScalarTexts.end())
      add(A.Name + " = " + It->second);
  }
  if (!S.Init.empty())
    add((D.empty() ? "" : "then ") + S.Init.text(M));
  return D;
}

} // namespace looptile::rt
