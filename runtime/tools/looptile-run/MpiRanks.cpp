//===- MpiRanks.cpp - looptile-run's ranks through MPI --------------------===//
//
// Built with MPI where CMake finds it (LOOPTILE_WITH_MPI); otherwise
// startRanks refuses a run that mpirun started with several processes, so
// that they never run unaware of one another.
//
//===----------------------------------------------------------------------===//
#include "MpiRanks.h"
#include "looptile/Runtime/Error.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#ifdef LOOPTILE_WITH_MPI
// MPI's C interface only (Open MPI would otherwise declare its deprecated
// C++ bindings, which live in another library).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace looptile::run {

/// The number of processes mpirun (Open MPI, or a PMI launcher) says this
/// run has; 1 when it was not started by one.
static int launcherSize() {
  for (const char *V : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
    if (const char *S = std::getenv(V); S && *S)
      return std::max(1, std::atoi(S));
  return 1;
}

#ifdef LOOPTILE_WITH_MPI
namespace {

class MpiRanks final : public rt::Ranks {
public:
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
  ~MpiRanks() override { MPI_Finalize(); }
  int rank() const override { return Rank; }
  int size() const override { return Size; }
  int localRank() const override { return Local; }
  // In pieces of at most 1 GiB: MPI counts are ints.
  void send(int To, const void *Data, size_t Bytes) override {
    const char *P = static_cast<const char *>(Data);
    do {
      int N = int(std::min<size_t>(Bytes, size_t(1) << 30));
      check(MPI_Send(P, N, MPI_BYTE, To, 0, MPI_COMM_WORLD), "MPI_Send");
      P += N;
      Bytes -= size_t(N);
    } while (Bytes);
  }
  void recv(int From, void *Data, size_t Bytes) override {
    char *P = static_cast<char *>(Data);
    do {
      int N = int(std::min<size_t>(Bytes, size_t(1) << 30));
      check(MPI_Recv(P, N, MPI_BYTE, From, 0, MPI_COMM_WORLD,
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
  void reduce(std::vector<double> &V, MPI_Op Op) {
    if (V.empty())
      return;
    check(MPI_Allreduce(MPI_IN_PLACE, V.data(), int(V.size()), MPI_DOUBLE, Op,
                        MPI_COMM_WORLD),
          "MPI_Allreduce");
  }
  static void check(int RC, const char *What) {
    if (RC != MPI_SUCCESS)
      throw rt::Error(rt::ErrorKind::OpenCL,
                      std::string(What) + " failed (MPI error " +
                          std::to_string(RC) + ")");
  }
  int Rank = 0, Size = 1, Local = 0;
};

} // namespace

std::unique_ptr<rt::Ranks> startRanks(int &Argc, char **&Argv) {
  if (launcherSize() < 2)
    return nullptr;
  MPI_Init(&Argc, &Argv);
  auto R = std::make_unique<MpiRanks>();
  if (R->size() < 2)
    return nullptr; // finalised by R's destructor
  return R;
}

bool builtWithMpi() { return true; }
#else
std::unique_ptr<rt::Ranks> startRanks(int &, char **&) {
  if (int N = launcherSize(); N > 1)
    throw rt::Error(rt::ErrorKind::Usage,
                    "started as one of " + std::to_string(N) +
                        " processes (mpirun), but this looptile-run was "
                        "built without MPI: install Open MPI "
                        "(libopenmpi-dev) and build again, or run it "
                        "without mpirun");
  return nullptr;
}

bool builtWithMpi() { return false; }
#endif

} // namespace looptile::run
