//===- MpiRanks.h - Ranks through MPI, for programs built with it -*- C++ -*-===//
//
// rt::Ranks over MPI_COMM_WORLD (Ranks.h; docs/runtime.md, "Several
// hosts"). Header-only, so that liblooptile-runtime needs no MPI: a program
// built with MPI (mpicxx) includes it after MPI_Init and passes the object
// to the runtime (looptile-run does; a host program gives it to its Session
// through SessionOptions::Ranks). It neither initialises nor finalises MPI.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_MPIRANKS_H
#define LOOPTILE_RUNTIME_MPIRANKS_H

#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Ranks.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

// MPI's C interface only (Open MPI would otherwise declare its deprecated
// C++ bindings, which live in another library).
#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#ifndef MPICH_SKIP_MPICXX
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>

namespace looptile::rt {

class MpiRanks final : public Ranks {
public:
  /// MPI must be initialised.
  MpiRanks() {
    MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
    MPI_Comm_size(MPI_COMM_WORLD, &Size);
    // The ranks that share this host's memory: this rank's place among
    // them picks its device (selectDevice's Nth).
    MPI_Comm Host;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, Rank,
                            MPI_INFO_NULL, &Host) == MPI_SUCCESS) {
      MPI_Comm_rank(Host, &Local);
      MPI_Comm_free(&Host);
    }
  }
  int rank() const override { return Rank; }
  int size() const override { return Size; }
  int localRank() const override { return Local; }
  // In pieces of at most 1 GiB: MPI counts are ints.
  void send(int To, const void *Data, size_t Bytes) override {
    const char *P = static_cast<const char *>(Data);
    do {
      int N = int(std::min<size_t>(Bytes, size_t(1) << 30));
      check(MPI_Send(P, N, MPI_BYTE, To, Tag, MPI_COMM_WORLD), "MPI_Send");
      P += N;
      Bytes -= size_t(N);
    } while (Bytes);
  }
  void recv(int From, void *Data, size_t Bytes) override {
    char *P = static_cast<char *>(Data);
    do {
      int N = int(std::min<size_t>(Bytes, size_t(1) << 30));
      check(MPI_Recv(P, N, MPI_BYTE, From, Tag, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE),
            "MPI_Recv");
      P += N;
      Bytes -= size_t(N);
    } while (Bytes);
  }
  void barrier() override { check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier"); }
  void sum(std::vector<double> &V) override { reduce(V, MPI_SUM); }
  void max(std::vector<double> &V) override { reduce(V, MPI_MAX); }
  [[noreturn]] void abort(int Code) override {
    MPI_Abort(MPI_COMM_WORLD, Code);
    std::_Exit(Code);
  }

private:
  // The runtime's messages carry their own tag, apart from the program's.
  static constexpr int Tag = 0x100c;
  void reduce(std::vector<double> &V, MPI_Op Op) {
    if (V.empty())
      return;
    check(MPI_Allreduce(MPI_IN_PLACE, V.data(), int(V.size()), MPI_DOUBLE, Op,
                        MPI_COMM_WORLD),
          "MPI_Allreduce");
  }
  static void check(int RC, const char *What) {
    if (RC != MPI_SUCCESS)
      throw Error(ErrorKind::OpenCL, std::string(What) +
                                         " failed (MPI error " +
                                         std::to_string(RC) + ")");
  }
  int Rank = 0, Size = 1, Local = 0;
};

} // namespace looptile::rt

#endif
