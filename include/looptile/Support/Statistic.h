//===- Statistic.h - counters of the work looptile did ----------*- C++ -*-===//
//
// LLVM's Statistic convention, without LLVM: a counter is a static object of
// the file that counts (LOOPTILE_STATISTIC(NestsAnalysed, "analysis",
// "nests whose dependences were computed")), incremented where the work is
// done; `looptile --stats` prints every counter that is not zero, after the
// run, to standard error:
//
//   ===------------------------------------------------------------===
//                    ... Statistics Collected ...
//   ===------------------------------------------------------------===
//
//     12 analysis - nests whose dependences were computed
//
// The counters say how often each analysis and plan ran: the tests of "an
// analysis is computed once" read them (test/Driver/stats.test).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_SUPPORT_STATISTIC_H
#define LOOPTILE_SUPPORT_STATISTIC_H

#include <cstdint>
#include <ostream>

namespace looptile {

class Statistic {
public:
  /// Registers the counter; Group and Desc must outlive the program
  /// (string literals).
  Statistic(const char *Group, const char *Name, const char *Desc);
  Statistic &operator++() {
    ++Value;
    return *this;
  }
  Statistic &operator+=(uint64_t N) {
    Value += N;
    return *this;
  }
  uint64_t value() const { return Value; }
  const char *group() const { return Group; }
  const char *name() const { return Name; }
  const char *desc() const { return Desc; }

private:
  const char *Group, *Name, *Desc;
  uint64_t Value = 0;
};

/// Prints the counters that are not zero, sorted by group and name.
void printStatistics(std::ostream &OS);

} // namespace looptile

#define LOOPTILE_STATISTIC(VAR, GROUP, DESC)                                  \
  static ::looptile::Statistic VAR(GROUP, #VAR, DESC)

#endif // LOOPTILE_SUPPORT_STATISTIC_H
