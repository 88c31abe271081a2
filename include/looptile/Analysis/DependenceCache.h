//===- DependenceCache.h - each nest's dependences computed once -*- C++ -*-===//
//
// The mapping stage asks for the dependences of the same nest many times:
// the legality of every loop order it tries, every distribution, every
// preview's host program and kernel plans, and the code generator again.
// A DependenceCache, installed for the run (DependenceCache::Scope, in the
// spirit of LLVM's AnalysisManager, owned by the pipeline), makes
// analyzeNest compute each answer once.
//
// The key is everything analyzeNest reads, not a name: the nest itself
// (every field of every loop, statement and expression, source locations
// included, since the results carry them), the function's name and
// location, its parameters and the locals the nest names, which of the
// nest's names are values rather than memory (loop variables elsewhere,
// sizes), and, per loop of the nest and scalar it names, whether the
// scalar is live after the loop (the only question the analysis asks of
// the code around the nest). A transformed nest is another key, so an
// entry can never be stale.
//
// Below the nests, each dependence problem handed to isl (a pair of
// accesses over their loops, as text) is solved once too: a nest with
// another key (a distributed piece, a candidate's copy) mostly asks the
// problems of the nest it came from again.
//
// LOOPTILE_VERIFY_DEPENDENCE_CACHE=1 in the environment recomputes every
// hit (nests and problems) and aborts when the two answers differ (utils/snapshot.py and the
// fuzz campaigns run with it).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_ANALYSIS_DEPENDENCECACHE_H
#define LOOPTILE_ANALYSIS_DEPENDENCECACHE_H

#include "looptile/Analysis/Dependence.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace looptile {

class DependenceCache {
public:
  /// Makes Cache the one analyzeNest uses on this thread while the Scope
  /// lives (scopes nest; the previous one comes back).
  class Scope {
  public:
    explicit Scope(DependenceCache &Cache);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    DependenceCache *Previous;
  };

  /// The cache installed on this thread, or nullptr.
  static DependenceCache *current();

  /// The key of nest NestIndex of F (see the file comment).
  static std::string keyOf(const Function &F, unsigned NestIndex);

  struct Entry {
    NestDependences Result;
    std::vector<Diagnostic> Diags; ///< what the analysis reported
  };
  /// The entry of Key, or nullptr.
  const Entry *find(const std::string &Key) const;
  void insert(std::string Key, Entry E);
  size_t size() const { return Entries.size(); }

  /// One dependence problem's answer (DependenceSolver::directions): the
  /// direction vectors isl found, or that isl could not read the set. The
  /// key is the solver's whole input as text (the set, the common loops,
  /// their step signs, the order within an iteration), so that the same
  /// pair of accesses asked again (a distributed piece of the nest, another
  /// candidate's copy of it, a preview) reuses the answer: a nest that is
  /// another key above still has most of its problems here.
  struct Problem {
    std::vector<DirectionVector> Vectors;
    bool Unreadable = false;
  };
  const Problem *findProblem(const std::string &Key) const;
  void insertProblem(std::string Key, Problem P);
  /// True when LOOPTILE_VERIFY_DEPENDENCE_CACHE asks to recompute every
  /// hit and abort when the answers differ.
  static bool verifying();

private:
  std::unordered_map<std::string, Entry> Entries;
  std::unordered_map<std::string, Problem> Problems;
};

} // namespace looptile

#endif // LOOPTILE_ANALYSIS_DEPENDENCECACHE_H
