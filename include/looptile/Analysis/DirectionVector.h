//===- DirectionVector.h - direction-vector algebra ------------*- C++ -*-===//
//
// Owns DirectionVector, the summary of a dependence over the loops that its
// source and sink share (lecture 04, "Def. Dependence Direction"), and its
// algebra: '*' expansion, lexicographic sign, permutation of the loops.
// Entries are in terms of execution order: '<' means the source runs in an
// earlier iteration of that loop than the sink (for a loop with a negative
// step, an earlier iteration has a larger value of the loop variable).
// The theorems built on this algebra live in Legality.h.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_DIRECTIONVECTOR_H
#define LOOPTILE_ANALYSIS_DIRECTIONVECTOR_H

#include <optional>
#include <string>
#include <vector>

namespace looptile {

/// One entry of a direction vector. Any ('*') stands for "<, = or >".
enum class Dir : char { LT = '<', EQ = '=', GT = '>', Any = '*' };

class DirectionVector {
public:
  DirectionVector() = default;
  explicit DirectionVector(std::vector<Dir> Entries)
      : Entries(std::move(Entries)) {}
  /// N entries, all equal to D.
  static DirectionVector filled(size_t N, Dir D);
  /// Parses the characters '<', '=', '>', '*' of Text, ignoring every other
  /// character, so "(<, =)", "[<,=]" and "<=" all give the same vector.
  /// std::nullopt when Text holds none of them.
  static std::optional<DirectionVector> parse(const std::string &Text);

  size_t size() const { return Entries.size(); }
  Dir operator[](size_t I) const { return Entries[I]; }
  const std::vector<Dir> &entries() const { return Entries; }
  void push_back(Dir D) { Entries.push_back(D); }
  void pop_back() { Entries.pop_back(); }
  bool operator==(const DirectionVector &O) const {
    return Entries == O.Entries;
  }
  bool operator!=(const DirectionVector &O) const { return !(*this == O); }
  bool operator<(const DirectionVector &O) const {
    return Entries < O.Entries;
  }

  /// True when some entry is '*'.
  bool hasAny() const;
  /// True when every entry is '=' (a loop-independent dependence).
  bool isAllEqual() const;
  /// The position of the first entry that is not '=', if any.
  std::optional<size_t> firstNonEqual() const;
  /// True when every expansion's first non-'=' entry is '<'.
  bool isLexicographicallyPositive() const;
  /// True when no expansion has '>' as its first non-'=' entry.
  bool isLexicographicallyNonNegative() const;

  /// Every '*'-free vector this one stands for, in the order '<', '=', '>'
  /// per '*' (so a vector without '*' expands to itself).
  std::vector<DirectionVector> expand() const;
  /// The vector with its loops reordered: entry K of the result is entry
  /// Perm[K] of this one (Perm lists, outermost first, which original loop
  /// sits at each position after the permutation). Perm must be a
  /// permutation of 0 .. size()-1.
  DirectionVector permuted(const std::vector<unsigned> &Perm) const;

  /// `(<, =)`
  std::string str() const;

private:
  std::vector<Dir> Entries;
};

/// The character of D: '<', '=', '>' or '*'.
inline char dirChar(Dir D) { return static_cast<char>(D); }

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_DIRECTIONVECTOR_H
