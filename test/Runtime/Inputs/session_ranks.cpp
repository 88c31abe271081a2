// A program built with MPI that runs a generated Jacobi-2D through the
// library's Session over its ranks (multi-rank-pocl.test): every rank
// makes the same calls on equal data; each checks its results against the
// C function, exactly, and rank 0 says so.
//   session_ranks MANIFEST.json PROGRAM.cl T N [disagree]
// With "disagree", rank 1 overrides a tunable that rank 0 does not: the
// ranks would split differently, and both refuse.
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/MpiRanks.h"
#include "looptile/Runtime/Session.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" void jacobi_2d(int T, int N, float *A, float *B);

static std::string slurp(const char *Path) {
  std::ifstream F(Path);
  std::stringstream S;
  S << F.rdbuf();
  return S.str();
}

int main(int Argc, char **Argv) {
  MPI_Init(&Argc, &Argv);
  int Status = 0;
  {
  looptile::rt::MpiRanks Ranks; // made after MPI_Init, gone before MPI_Finalize
  try {
    looptile::rt::SessionOptions O;
    O.Device = "cpu";
    O.Processes = &Ranks;
    if (Argc > 5 && std::string(Argv[5]) == "disagree" && Ranks.rank() == 1)
      O.Tunables["WG0_k0"] = 8;
    looptile::rt::Session S(slurp(Argv[1]), slurp(Argv[2]), O);
    int T = std::atoi(Argv[3]), N = std::atoi(Argv[4]);
    std::vector<float> A(size_t(N) * N), B(A.size());
    for (size_t I = 0; I < A.size(); ++I) {
      A[I] = float(I % 17) * 0.25f; // the same on every rank
      B[I] = float(I % 5);
    }
    std::vector<float> RA = A, RB = B;
    using looptile::rt::HostArg;
    // One call, then the same data through upload, two runs, download.
    S.run({HostArg::size(T), HostArg::size(N), HostArg::inout(A.data()),
           HostArg::inout(B.data())});
    jacobi_2d(T, N, RA.data(), RB.data());
    int Bad = 0;
    for (size_t I = 0; I < A.size(); ++I)
      Bad += A[I] != RA[I] || B[I] != RB[I];
    S.upload({HostArg::size(T), HostArg::size(N), HostArg::inout(A.data()),
              HostArg::inout(B.data())});
    S.runUploaded(2);
    S.download();
    jacobi_2d(T, N, RA.data(), RB.data());
    jacobi_2d(T, N, RA.data(), RB.data());
    for (size_t I = 0; I < A.size(); ++I)
      Bad += A[I] != RA[I] || B[I] != RB[I];
    std::printf("rank %d of %d: %s, %d elements differ\n", Ranks.rank(),
                Ranks.size(), S.deviceDescription().c_str(), Bad);
    Status = Bad != 0;
  } catch (const looptile::rt::Error &E) {
    // (Not reached under ranks: the session ends every rank on an error.)
    std::printf("rank %d: error: %s\n", Ranks.rank(), E.what());
    Status = 3;
  }
  }
  MPI_Finalize();
  return Status;
}
