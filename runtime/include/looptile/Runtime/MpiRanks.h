//===- MpiRanks.h - Ranks through MPI, for programs built with it -*- C++ -*-===//
//
// rt::Ranks over MPI (Ranks.h; docs/runtime.md, "Several hosts").
// Header-only, so that liblooptile-runtime needs no MPI: a program built
// with MPI (mpicxx) includes it and passes the object to the runtime
// (looptile-run does; a host program gives it to its Session through
// SessionOptions::Processes). It neither initialises nor finalises MPI:
// make it after MPI_Init (on every rank: it duplicates MPI_COMM_WORLD, so
// that the runtime's messages never meet the program's own) and destroy it
// before MPI_Finalize.
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
  /// MPI must be initialised; every rank makes one at once (a collective).
  MpiRanks() {
    check(MPI_Comm_dup(MPI_COMM_WORLD, &Comm), "MPI_Comm_dup");
    MPI_Comm_rank(Comm, &Rank);
    MPI_Comm_size(Comm, &Size);
    // The ranks that share this host's memory: this rank's place among
    // them picks its device (selectDevice's Nth).
    MPI_Comm Host;
    if (MPI_Comm_split_type(Comm, MPI_COMM_TYPE_SHARED, Rank, MPI_INFO_NULL,
                            &Host) == MPI_SUCCESS) {
      MPI_Comm_rank(Host, &Local);
      MPI_Comm_free(&Host);
    }
  }
  ~MpiRanks() override { MPI_Comm_free(&Comm); }
  MpiRanks(const MpiRanks &) = delete;
  MpiRanks &operator=(const MpiRanks &) = delete;
  int rank() const override { return Rank; }
  int size() const override { return Size; }
  int localRank() const override { return Local; }
  // In pieces of at most 1 GiB: MPI counts are ints.
  void send(int To, const void *Data, size_t Bytes) override {
    const char *P = static_cast<const char *>(Data);
    do {
      int N = int(std::min<size_t>(Bytes, size_t(1) << 30));
      check(MPI_Send(P, N, MPI_BYTE, To, 0, Comm), "MPI_Send");
      P += N;
      Bytes -= size_t(N);
    } while (Bytes);
  }
  void recv(int From, void *Data, size_t Bytes) override {
    char *P = static_cast<char *>(Data);
    do {
      int N = int(std::min<size_t>(Bytes, size_t(1) << 30));
      check(MPI_Recv(P, N, MPI_BYTE, From, 0, Comm, MPI_STATUS_IGNORE),
            "MPI_Recv");
      P += N;
      Bytes -= size_t(N);
    } while (Bytes);
  }
  void barrier() override { check(MPI_Barrier(Comm), "MPI_Barrier"); }
  void sum(std::vector<double> &V) override { reduce(V, MPI_SUM); }
  void max(std::vector<double> &V) override { reduce(V, MPI_MAX); }
  [[noreturn]] void abort(int Code) override {
    MPI_Abort(MPI_COMM_WORLD, Code); // every process, the program's too
    std::_Exit(Code);
  }

private:
  void reduce(std::vector<double> &V, MPI_Op Op) {
    if (V.empty())
      return;
    check(MPI_Allreduce(MPI_IN_PLACE, V.data(), int(V.size()), MPI_DOUBLE, Op,
                        Comm),
          "MPI_Allreduce");
  }
  static void check(int RC, const char *What) {
    if (RC != MPI_SUCCESS)
      throw Error(ErrorKind::OpenCL, std::string(What) +
                                         " failed (MPI error " +
                                         std::to_string(RC) + ")");
  }
  MPI_Comm Comm = MPI_COMM_NULL; ///< the runtime's own communicator
  int Rank = 0, Size = 1, Local = 0;
};

} // namespace looptile::rt

#endif
