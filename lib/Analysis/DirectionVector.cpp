//===- DirectionVector.cpp - direction-vector algebra ---------------------===//
//
// Implements the algebra of DirectionVector (see the header).
//
//===----------------------------------------------------------------------===//
#include "looptile/Analysis/DirectionVector.h"

#include <cassert>

using namespace looptile;

DirectionVector DirectionVector::filled(size_t N, Dir D) {
  return DirectionVector(std::vector<Dir>(N, D));
}

std::optional<DirectionVector> DirectionVector::parse(const std::string &Text) {
  DirectionVector V;
  for (char C : Text)
    if (C == '<' || C == '=' || C == '>' || C == '*')
      V.Entries.push_back(static_cast<Dir>(C));
  if (V.Entries.empty())
    return std::nullopt;
  return V;
}

bool DirectionVector::hasAny() const {
  for (Dir D : Entries)
    if (D == Dir::Any)
      return true;
  return false;
}

bool DirectionVector::isAllEqual() const { return !firstNonEqual(); }

std::optional<size_t> DirectionVector::firstNonEqual() const {
  for (size_t I = 0; I < Entries.size(); ++I)
    if (Entries[I] != Dir::EQ)
      return I;
  return std::nullopt;
}

bool DirectionVector::isLexicographicallyPositive() const {
  // A '*' before the first '<' could expand to '>' or to '=', so only a '<'
  // reached through '=' entries makes every expansion positive.
  std::optional<size_t> First = firstNonEqual();
  return First && Entries[*First] == Dir::LT;
}

bool DirectionVector::isLexicographicallyNonNegative() const {
  std::optional<size_t> First = firstNonEqual();
  return !First || Entries[*First] == Dir::LT;
}

std::vector<DirectionVector> DirectionVector::expand() const {
  std::vector<DirectionVector> Out(1);
  for (Dir D : Entries) {
    if (D != Dir::Any) {
      for (DirectionVector &V : Out)
        V.Entries.push_back(D);
      continue;
    }
    std::vector<DirectionVector> Next;
    for (const DirectionVector &V : Out)
      for (Dir E : {Dir::LT, Dir::EQ, Dir::GT}) {
        Next.push_back(V);
        Next.back().Entries.push_back(E);
      }
    Out = std::move(Next);
  }
  return Out;
}

DirectionVector
DirectionVector::permuted(const std::vector<unsigned> &Perm) const {
  assert(Perm.size() == Entries.size() && "permutation of the wrong length");
  DirectionVector R;
  for (unsigned From : Perm) {
    assert(From < Entries.size() && "permutation index out of range");
    R.Entries.push_back(Entries[From]);
  }
  return R;
}

std::string DirectionVector::str() const {
  std::string Out = "(";
  for (size_t I = 0; I < Entries.size(); ++I) {
    if (I)
      Out += ", ";
    Out += dirChar(Entries[I]);
  }
  return Out + ")";
}
