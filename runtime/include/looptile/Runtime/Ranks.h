//===- Ranks.h - The processes of one run, several hosts -------*- C++ -*-===//
//
// One run over several processes (MPI ranks, `mpirun -np R looptile-run
// ...`; docs/runtime.md, "Several hosts"). Every rank runs the same control
// flow on the same inputs (replicated control): the same manifest, sizes,
// tunables and host program, so each rank computes the same partition and
// the same coherence state. Only data moves between ranks: the rows a
// device of one rank needs that a device of another wrote, point to point,
// each transfer executed by the two ranks it involves at the same place of
// the common sequence (so blocking sends and receives always match).
//
// The interface keeps the runtime library free of MPI: looptile-run
// provides the MPI implementation (tools/looptile-run/MpiRanks.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_RANKS_H
#define LOOPTILE_RUNTIME_RANKS_H

#include <cstddef>
#include <string>
#include <vector>

namespace looptile::rt {

class Ranks {
public:
  virtual ~Ranks() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// This rank's index among the ranks of its host.
  virtual int localRank() const = 0;
  /// Blocking point-to-point transfer of Bytes bytes (any size).
  virtual void send(int To, const void *Data, size_t Bytes) = 0;
  virtual void recv(int From, void *Data, size_t Bytes) = 0;
  virtual void barrier() = 0;
  /// Element-wise sum or maximum over the ranks, in place; every rank
  /// gets the result.
  virtual void sum(std::vector<double> &V) = 0;
  virtual void max(std::vector<double> &V) = 0;
  /// Ends every rank's process (an error on one rank would otherwise leave
  /// the others waiting for its rows).
  [[noreturn]] virtual void abort(int Code) = 0;

  /// Every rank's Mine, in rank order.
  std::vector<std::string> allGather(const std::string &Mine);
  /// Throws Error(Usage) on every rank unless every rank passed the same
  /// Text: What names it ("the tunables", "the sizes").
  void agree(const std::string &What, const std::string &Text);
};

} // namespace looptile::rt

#endif
