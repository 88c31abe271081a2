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
#include "looptile/Runtime/MpiRanks.h"
#endif

namespace looptile::run {

/// The number of processes mpirun (Open MPI, or a PMI launcher) says this
/// run has, where it also gave this process its rank; 1 when it was not
/// started by one.
static int launcherSize() {
  static const char *const Vars[][2] = {
      {"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK"},
      {"PMI_SIZE", "PMI_RANK"},
      {"PMIX_SIZE", "PMIX_RANK"}};
  for (const auto &V : Vars) {
    const char *S = std::getenv(V[0]), *R = std::getenv(V[1]);
    if (S && *S && R && *R)
      return std::max(1, std::atoi(S));
  }
  return 1;
}

#ifdef LOOPTILE_WITH_MPI
namespace {
// looptile-run's own MPI: initialised here, finalised with the ranks.
class OwnedMpiRanks final : public rt::Ranks {
public:
  OwnedMpiRanks() : R(std::make_unique<rt::MpiRanks>()) {}
  int rank() const override { return R->rank(); }
  int size() const override { return R->size(); }
  int localRank() const override { return R->localRank(); }
  void send(int To, const void *D, size_t B) override { R->send(To, D, B); }
  void recv(int From, void *D, size_t B) override { R->recv(From, D, B); }
  void barrier() override { R->barrier(); }
  void sum(std::vector<double> &V) override { R->sum(V); }
  void max(std::vector<double> &V) override { R->max(V); }
  [[noreturn]] void abort(int Code) override { R->abort(Code); }
  ~OwnedMpiRanks() override {
    R.reset(); // its communicator, before MPI ends
    MPI_Finalize();
  }

private:
  std::unique_ptr<rt::MpiRanks> R;
};
} // namespace

std::unique_ptr<rt::Ranks> startRanks(int &Argc, char **&Argv) {
  if (launcherSize() < 2)
    return nullptr;
  MPI_Init(&Argc, &Argv);
  auto R = std::make_unique<OwnedMpiRanks>();
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
