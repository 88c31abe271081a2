// looptile-bench-host-session MANIFEST PROGRAM T N [CALLS]: runs the host
// program of examples/jacobi_2d.c (jacobi_2d(T, N, A, B)) through
// looptile::rt::Session, as the host glue does, CALLS times (default 3),
// and prints one JSON line per call: the wall time of run() (uploads, the
// 2*T launches and downloads), the kernel time, and Session::lastTraffic().
#include "looptile/Runtime/Session.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

static std::string slurp(const char *Path) {
  std::ifstream In(Path);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

int main(int Argc, char **Argv) {
  if (Argc < 5) {
    std::fprintf(stderr, "usage: %s MANIFEST PROGRAM T N [CALLS]\n", Argv[0]);
    return 2;
  }
  int T = std::atoi(Argv[3]), N = std::atoi(Argv[4]);
  int Calls = Argc > 5 ? std::atoi(Argv[5]) : 3;
  using looptile::rt::HostArg;
  looptile::rt::Session S(slurp(Argv[1]), slurp(Argv[2]));
  std::vector<float> A(size_t(N) * N), B(size_t(N) * N);
  for (size_t I = 0; I < A.size(); ++I) {
    A[I] = float(I % 17) / 16.0f;
    B[I] = float(I % 11) / 8.0f;
  }
  for (int C = 0; C < Calls; ++C) {
    auto Start = std::chrono::steady_clock::now();
    S.run({HostArg::size(T), HostArg::size(N), HostArg::inout(A.data()),
           HostArg::inout(B.data())});
    double Wall = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - Start)
                      .count();
    looptile::rt::Session::Traffic Tr = S.lastTraffic();
    std::printf("{\"call\": %d, \"T\": %d, \"N\": %d, \"wall_ms\": %.3f, "
                "\"kernel_ms\": %.3f, \"uploads\": %zu, \"downloads\": %zu, "
                "\"launches\": %zu, \"device\": \"%s\"}\n",
                C, T, N, Wall, S.lastKernelMs(), Tr.Uploads, Tr.Downloads,
                Tr.Launches, S.deviceDescription().c_str());
  }
  return 0;
}
