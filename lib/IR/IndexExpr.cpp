//===- IndexExpr.cpp - integer polynomials for subscripts and bounds ------===//
//
// Implements IndexExpr arithmetic and its C printer.
//
//===----------------------------------------------------------------------===//
#include "looptile/IR/IndexExpr.h"

#include <algorithm>
#include <map>
#include <set>

using namespace looptile;

IndexExpr IndexExpr::constant(int64_t C) {
  IndexExpr E;
  E.addTerm(C, {});
  return E;
}

IndexExpr IndexExpr::symbol(const std::string &Name) {
  IndexExpr E;
  E.addTerm(1, {Name});
  return E;
}

IndexExpr IndexExpr::term(int64_t Coeff, const Monomial &Symbols) {
  IndexExpr E = constant(Coeff);
  for (const std::string &S : Symbols)
    E = E * symbol(S);
  return E;
}

// Monomials keep the order the source wrote them in (so `i*K` prints as
// `i*K`); two monomials are the same when they are equal as multisets.
static bool sameMonomial(Monomial A, Monomial B) {
  std::sort(A.begin(), A.end());
  std::sort(B.begin(), B.end());
  return A == B;
}

void IndexExpr::addTerm(int64_t Coeff, const Monomial &M) {
  if (Coeff == 0)
    return;
  for (auto It = Terms.begin(); It != Terms.end(); ++It) {
    if (!sameMonomial(It->Symbols, M))
      continue;
    It->Coeff += Coeff;
    if (It->Coeff == 0)
      Terms.erase(It);
    return;
  }
  Terms.push_back({Coeff, M});
}

IndexExpr IndexExpr::operator+(const IndexExpr &O) const {
  IndexExpr R = *this;
  for (const Term &T : O.Terms)
    R.addTerm(T.Coeff, T.Symbols);
  return R;
}

IndexExpr IndexExpr::operator-(const IndexExpr &O) const {
  return *this + (-O);
}

IndexExpr IndexExpr::operator-() const { return scaled(-1); }

IndexExpr IndexExpr::scaled(int64_t Factor) const {
  IndexExpr R;
  for (const Term &T : Terms)
    R.addTerm(T.Coeff * Factor, T.Symbols);
  return R;
}

IndexExpr IndexExpr::operator*(const IndexExpr &O) const {
  IndexExpr R;
  for (const Term &A : Terms)
    for (const Term &B : O.Terms) {
      Monomial M = A.Symbols;
      M.insert(M.end(), B.Symbols.begin(), B.Symbols.end());
      R.addTerm(A.Coeff * B.Coeff, M);
    }
  return R;
}

bool IndexExpr::operator==(const IndexExpr &O) const {
  if (Terms.size() != O.Terms.size())
    return false;
  for (const Term &T : Terms) {
    bool Found = false;
    for (const Term &U : O.Terms)
      if (sameMonomial(U.Symbols, T.Symbols)) {
        Found = U.Coeff == T.Coeff;
        break;
      }
    if (!Found)
      return false;
  }
  return true;
}

int64_t IndexExpr::constantPart() const {
  for (const Term &T : Terms)
    if (T.Symbols.empty())
      return T.Coeff;
  return 0;
}

bool IndexExpr::isConstant() const {
  return Terms.empty() || (Terms.size() == 1 && Terms[0].Symbols.empty());
}

bool IndexExpr::isAffine() const {
  return std::all_of(Terms.begin(), Terms.end(),
                     [](const Term &T) { return T.Symbols.size() <= 1; });
}

int64_t IndexExpr::coeffOf(const std::string &Name) const {
  for (const Term &T : Terms)
    if (T.Symbols.size() == 1 && T.Symbols[0] == Name)
      return T.Coeff;
  return 0;
}

std::set<std::string> IndexExpr::symbols() const {
  std::set<std::string> S;
  for (const Term &T : Terms)
    S.insert(T.Symbols.begin(), T.Symbols.end());
  return S;
}

bool IndexExpr::mentions(const std::string &Name) const {
  for (const Term &T : Terms)
    if (std::find(T.Symbols.begin(), T.Symbols.end(), Name) != T.Symbols.end())
      return true;
  return false;
}

IndexExpr IndexExpr::substitute(const std::string &Name,
                                const IndexExpr &Value) const {
  IndexExpr R;
  for (const Term &T : Terms) {
    IndexExpr Product = constant(T.Coeff);
    for (const std::string &S : T.Symbols)
      Product = Product * (S == Name ? Value : symbol(S));
    R = R + Product;
  }
  return R;
}

std::string looptile::intLiteralStr(int64_t Value) {
  // `-2147483648` is `-` applied to 2147483648, which does not fit in an
  // int: a long constant in C and OpenCL C, so `u > -2147483648` with an
  // unsigned u would compare as long. INT_MIN is written as int arithmetic.
  if (Value == INT32_MIN)
    return "(-2147483647 - 1)";
  return std::to_string(Value);
}

std::string IndexExpr::factoredStr() const {
  // The symbol in the most terms (a power counts once), the first seen on
  // a tie; at least two terms, each of degree at most two (the row-major
  // pattern `(i - n + 5)*m`: a product of several sizes, as in a
  // linearized 3-D or im2col index, stays distributed rather than be
  // regrouped into a form the source never had).
  std::vector<std::string> Order;
  std::map<std::string, unsigned> Count;
  std::set<std::string> TooDeep;
  for (const Term &T : Terms) {
    std::set<std::string> Seen(T.Symbols.begin(), T.Symbols.end());
    for (const std::string &S : T.Symbols) {
      if (T.Symbols.size() > 2)
        TooDeep.insert(S);
      if (Seen.erase(S) && Count[S]++ == 0)
        Order.push_back(S);
    }
  }
  std::string Best;
  for (const std::string &S : Order)
    if (Count[S] >= 2 && !TooDeep.count(S) &&
        (Best.empty() || Count[S] > Count[Best]))
      Best = S;
  if (Best.empty())
    return str();
  // Before: the terms ahead of the first with Best; Quotient: the terms
  // with Best, divided by it; After: the other terms behind it.
  IndexExpr Before, Quotient, After;
  bool Met = false;
  for (const Term &T : Terms) {
    auto At = std::find(T.Symbols.begin(), T.Symbols.end(), Best);
    if (At == T.Symbols.end()) {
      (Met ? After : Before).addTerm(T.Coeff, T.Symbols);
      continue;
    }
    Met = true;
    Monomial Rest = T.Symbols;
    Rest.erase(Rest.begin() + (At - T.Symbols.begin()));
    Quotient.addTerm(T.Coeff, Rest);
  }
  auto Join = [](std::string Out, const std::string &Next) {
    if (Out.empty())
      return Next;
    return Next[0] == '-' ? Out + " - " + Next.substr(1) : Out + " + " + Next;
  };
  std::string Out = Before.Terms.empty() ? "" : Before.factoredStr();
  // `- (i + 1)*m`, not `+ (-i - 1)*m`.
  bool Minus = Quotient.Terms.front().Coeff < 0;
  Out = Join(Out, (Minus ? "-(" : "(") +
                      (Minus ? -Quotient : Quotient).factoredStr() + ")*" +
                      Best);
  return After.Terms.empty() ? Out : Join(Out, After.factoredStr());
}

std::string IndexExpr::str() const {
  if (Terms.empty())
    return "0";
  std::string Out;
  bool First = true;
  for (const Term &T : Terms) {
    int64_t C = T.Coeff;
    if (!First) {
      Out += C < 0 ? " - " : " + ";
      C = C < 0 ? -C : C;
    } else if (C < 0 && !T.Symbols.empty()) {
      Out += "-";
      C = -C;
    }
    First = false;
    if (T.Symbols.empty()) {
      Out += intLiteralStr(C);
      continue;
    }
    if (C != 1)
      Out += std::to_string(C) + "*";
    for (size_t I = 0; I < T.Symbols.size(); ++I)
      Out += (I ? "*" : "") + T.Symbols[I];
  }
  return Out;
}
