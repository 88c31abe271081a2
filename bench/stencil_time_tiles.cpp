//===- stencil_time_tiles.cpp - Probe: Jacobi-2D sweeps and time tiles ----===//
//
// looptile-bench-time-tiles: measures, on one device, the kernel shapes
// issue 29 asks the compiler to generate for a time-stepped stencil, before
// the compiler generates them. PolyBench's Jacobi-2D (two sweeps per time
// step: B from A, then A from B, over the interior 1..n-2) is run T steps
//
//   naive   one work-item per point, one launch per sweep (what looptile
//           generates today);
//   strip   one work-item per column strip of R rows, the rows above and
//           below in registers (one launch per sweep);
//   fused   S time steps per launch: each work-group loads its tile of A
//           and B with a halo of 2S points into local memory, runs the 2S
//           sweeps there on a shrinking region (overlapped tiling: the
//           halo is computed again by the neighbouring work-groups), and
//           writes the tile of A and B to a second pair of arrays (a
//           work-group must not overwrite what its neighbours still load:
//           the pairs swap after each launch);
//   fused_cols  the same, with one work-item per column of the region
//           walking its rows, the rows above and below in registers;
//   stream  S time steps per launch, each work-group walking down a band
//           of columns once with the 2S sweeps skewed by two rows each
//           (2.5-D blocking: halo columns only, three rows per sweep in
//           local memory, the rest in registers);
//
// and every result is compared bit for bit with the naive one (each point
// is computed by the same expression from the same values, so they must
// be equal). The reference is clEnqueueCopyBuffer of one n x n array in the
// same run: the figure of merit is time per time step / time per copy.
//
// These kernels are written by hand for the measurement; the compiler does
// not emit them (bench/RESULTS.md says so where the figures are recorded).
//
// Usage: looptile-bench-time-tiles N T S [WX WY RS] [--double] [--device D]
//        [--reps R] [--spoil]
// Prints one JSON line per variant; exit status 0, 1 (a variant differs
// from the naive result), 2 (usage), 3 (OpenCL error).
//
//===----------------------------------------------------------------------===//
#include "BenchSupport.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Json.h"

#include <cstdlib>
#include <cstring>
#include <iostream>

using namespace looptile;
using namespace looptile::bench;

static const char *Usage =
    R"(usage: looptile-bench-time-tiles N T S [WX WY RS] [--double] [--device D] [--reps R] [--spoil]

Jacobi-2D (PolyBench's two sweeps per step) of N x N points for T steps:
naive and strip kernels one launch per sweep, the fused kernel S steps per
launch in local memory (fused: a 2-D work-group over the region; fused_cols:
a work-item per column walking its rows); WX x WY the sweeps' work-group,
RS the rows of a strip (default 32 8 8); --spoil flips a bit of the stream
result (a check of the comparison); each validated bit for bit against naive and timed
(median of R runs of all T steps, event profiling), with the copy of one
array as the reference. One JSON line per variant.
)";

// TX x TY outputs per work-group of the fused kernel, HMAX the widest halo
// (2 * S), WGY the rows of work-items; RS the rows of a strip.
static const char *Source = R"CLC(
#define IDX(i, j) ((size_t)(i) * (size_t)n + (size_t)(j))
#define F(c, w, e, s, nn) ((real)0.2 * ((c) + (w) + (e) + (s) + (nn)))

__kernel void sweep_naive(__global const real *A, __global real *B, int n) {
  int j = (int)get_global_id(0) + 1, i = (int)get_global_id(1) + 1;
  if (i <= n - 2 && j <= n - 2)
    B[IDX(i, j)] = F(A[IDX(i, j)], A[IDX(i, j - 1)], A[IDX(i, j + 1)],
                     A[IDX(i + 1, j)], A[IDX(i - 1, j)]);
}

__kernel void sweep_strip(__global const real *A, __global real *B, int n) {
  int j = (int)get_global_id(0) + 1;
  int i0 = (int)get_global_id(1) * RS + 1;
  if (j > n - 2 || i0 > n - 2)
    return;
  real up = A[IDX(i0 - 1, j)], mid = A[IDX(i0, j)];
  for (int r = 0; r < RS; r++) {
    int i = i0 + r;
    if (i > n - 2)
      break;
    real down = A[IDX(i + 1, j)];
    B[IDX(i, j)] = F(mid, A[IDX(i, j - 1)], A[IDX(i, j + 1)], down, up);
    up = mid;
    mid = down;
  }
}

#define RXM (TX + 2 * HMAX)
#define RYM (TY + 2 * HMAX)
__kernel __attribute__((reqd_work_group_size(TX, WGY, 1)))
void fused(__global const real *A, __global const real *B, __global real *A2,
           __global real *B2, int n, int steps) {
  __local real LA[RYM][RXM], LB[RYM][RXM];
  int H = 2 * steps, RX = TX + 2 * H, RY = TY + 2 * H;
  int gi0 = (int)get_group_id(1) * TY - H, gj0 = (int)get_group_id(0) * TX - H;
  int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
  for (int y = ly; y < RY; y += WGY)
    for (int x = lx; x < RX; x += TX) {
      int gi = gi0 + y, gj = gj0 + x;
      if (gi >= 0 && gi < n && gj >= 0 && gj < n) {
        LA[y][x] = A[IDX(gi, gj)];
        LB[y][x] = B[IDX(gi, gj)];
      }
    }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int h = 1; h <= H; h++) {
    for (int y = h + ly; y < RY - h; y += WGY)
      for (int x = h + lx; x < RX - h; x += TX) {
        int gi = gi0 + y, gj = gj0 + x;
        if (gi >= 1 && gi <= n - 2 && gj >= 1 && gj <= n - 2) {
          if (h & 1)
            LB[y][x] = F(LA[y][x], LA[y][x - 1], LA[y][x + 1], LA[y + 1][x],
                         LA[y - 1][x]);
          else
            LA[y][x] = F(LB[y][x], LB[y][x - 1], LB[y][x + 1], LB[y + 1][x],
                         LB[y - 1][x]);
        }
      }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int y = H + ly; y < H + TY; y += WGY) {
    int gi = gi0 + y, gj = gj0 + H + lx;
    if (gi >= 1 && gi <= n - 2 && gj >= 1 && gj <= n - 2) {
      A2[IDX(gi, gj)] = LA[y][H + lx];
      B2[IDX(gi, gj)] = LB[y][H + lx];
    }
  }
}

// One work-item per column of the region, walking its rows with the rows
// above and below in registers (3 local loads per point instead of 5).
#define CRY (CTY + 2 * HMAX)
__kernel __attribute__((reqd_work_group_size(CW, 1, 1)))
void fused_cols(__global const real *A, __global const real *B,
                __global real *A2, __global real *B2, int n, int steps) {
  __local real LA[CRY][CW], LB[CRY][CW];
  int H = 2 * steps, TXC = CW - 2 * H, RY = CTY + 2 * H;
  int x = (int)get_local_id(0);
  int gj = (int)get_group_id(0) * TXC - H + x, gi0 = (int)get_group_id(1) * CTY - H;
  bool col = gj >= 0 && gj < n;
  for (int y = 0; y < RY; y++) {
    int gi = gi0 + y;
    if (col && gi >= 0 && gi < n) {
      LA[y][x] = A[IDX(gi, gj)];
      LB[y][x] = B[IDX(gi, gj)];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  bool inner = gj >= 1 && gj <= n - 2;
  for (int h = 1; h <= H; h++) {
    // odd sweeps compute B from A, even ones A from B
    __local real(*src)[CW] = (h & 1) ? LA : LB;
    __local real(*dst)[CW] = (h & 1) ? LB : LA;
    if (x >= h && x < CW - h && inner) {
      real up = src[h - 1][x], mid = src[h][x];
      for (int y = h; y < RY - h; y++) {
        real down = src[y + 1][x];
        int gi = gi0 + y;
        if (gi >= 1 && gi <= n - 2)
          dst[y][x] = F(mid, src[y][x - 1], src[y][x + 1], down, up);
        up = mid;
        mid = down;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (x >= H && x < CW - H && inner)
    for (int y = H; y < H + CTY; y++) {
      int gi = gi0 + y;
      if (gi >= 1 && gi <= n - 2) {
        A2[IDX(gi, gj)] = LA[y][x];
        B2[IDX(gi, gj)] = LB[y][x];
      }
    }
}
// Streaming (2.5-D) time tiles: a work-group owns a band of SCW columns
// (its SCW - 4S middle ones are its output) and RCH rows (plus 2S above and
// below), and walks down the rows once. Level 0 is A as loaded, level k
// (1..H2 = 2S) the k-th sweep: odd levels are B's values, even ones A's.
// At step s level k computes row s - 2k, so every value it needs (rows r-1,
// r, r+1 of level k-1) was computed at an earlier step: one barrier per
// step. Each work-item keeps the last three rows of every level of its
// column in registers; the left and right neighbours come from local
// memory, three rows per level.
#define NLOC (H2 > 0 ? H2 : 1)
__kernel __attribute__((reqd_work_group_size(SCW, 1, 1)))
void stream(__global const real *A, __global const real *B, __global real *A2,
            __global real *B2, int n) {
  __local real L[NLOC][3][SCW];
  real win[H2 + 1][3];
  const int RY = RCH + 2 * H2;
  int x = (int)get_local_id(0);
  int gj = (int)get_group_id(0) * (SCW - 2 * H2) - H2 + x;
  int r0 = (int)get_group_id(1) * RCH - H2; // global row of relative row 0
  int xl = x > 0 ? x - 1 : 0, xr = x < SCW - 1 ? x + 1 : SCW - 1;
  bool col = gj >= 0 && gj < n, icol = gj >= 1 && gj <= n - 2;
  bool outcol = icol && x >= H2 && x < SCW - H2;
#pragma unroll
  for (int k = 0; k <= H2; k++)
    win[k][0] = win[k][1] = win[k][2] = (real)0;
  for (int s = 0, s3 = 0; s < RCH + 3 * H2; s++, s3 = s3 == 2 ? 0 : s3 + 1) {
#pragma unroll
    for (int k = H2; k >= 1; k--) {
      // row r of every level lives in slot r % 3 = (s - 2k) % 3 = (s + k) % 3
      const int r = s - 2 * k;
      const int slot = (s3 + k % 3) % 3;
      if (r >= 0 && r < RY) {
        int gi = r0 + r;
        real v = (real)0;
        if (icol && gi >= 1 && gi <= n - 2)
          v = F(win[k - 1][1], L[k - 1][slot][xl], L[k - 1][slot][xr],
                win[k - 1][2], win[k - 1][0]);
        else if (col && gi >= 0 && gi < n)
          v = (k & 1) ? B[IDX(gi, gj)] : A[IDX(gi, gj)];
        win[k][0] = win[k][1];
        win[k][1] = win[k][2];
        win[k][2] = v;
        if (k < H2)
          L[k][slot][x] = v;
        if (k >= H2 - 1 && outcol && r >= H2 && r < H2 + RCH && gi >= 1 &&
            gi <= n - 2) {
          if (k == H2)
            A2[IDX(gi, gj)] = v;
          else
            B2[IDX(gi, gj)] = v;
        }
      }
    }
    if (s < RY) {
      int gi = r0 + s;
      real v = (col && gi >= 0 && gi < n) ? A[IDX(gi, gj)] : (real)0;
      win[0][0] = win[0][1];
      win[0][1] = win[0][2];
      win[0][2] = v;
      L[0][s3][x] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
)CLC";

static const int TX = 32, TY = 32, WGY = 8;
// The sweeps' work-group (WX x WY) and strip rows RS: positional arguments.
static int WX = 32, WY = 8, RS = 8;
// fused_cols: CW work-items (columns) per work-group, tile height CTY (what
// fits 48 KiB of local memory for both arrays).
static int CW = 128, CTY = 16;
// stream: SCW work-items (columns) per work-group, RCH output rows (the
// environment variables PROBE_SCW and PROBE_RCH override them).
static int SCW = 128, RCH = 256;

namespace {
struct Probe {
  TimedQueue &T;
  cl::Program Prog;
  int N;
  size_t Elem;
  cl::Buffer A, B, A2, B2; // A2, B2: the fused kernel's second pair
  std::vector<unsigned char> InitA, InitB;

  void reset() {
    size_t Bytes = size_t(N) * size_t(N) * Elem;
    T.Queue.enqueueWriteBuffer(A, CL_TRUE, 0, Bytes, InitA.data());
    T.Queue.enqueueWriteBuffer(B, CL_TRUE, 0, Bytes, InitB.data());
    // the boundary, which no kernel writes, in the second pair too
    T.Queue.enqueueWriteBuffer(A2, CL_TRUE, 0, Bytes, InitA.data());
    T.Queue.enqueueWriteBuffer(B2, CL_TRUE, 0, Bytes, InitB.data());
  }
  void read(std::vector<unsigned char> &OutA, std::vector<unsigned char> &OutB) {
    size_t Bytes = size_t(N) * size_t(N) * Elem;
    OutA.resize(Bytes);
    OutB.resize(Bytes);
    T.Queue.enqueueReadBuffer(A, CL_TRUE, 0, Bytes, OutA.data());
    T.Queue.enqueueReadBuffer(B, CL_TRUE, 0, Bytes, OutB.data());
  }
};

size_t roundUp(size_t V, size_t M) { return (V + M - 1) / M * M; }

/// Runs Steps time steps of Variant; returns the milliseconds from the first
/// launch's start to the last one's end.
double runSteps(Probe &P, const std::string &Variant, int Steps, int S) {
  std::vector<cl::Event> Ev;
  auto launch = [&](cl::Kernel &K, cl::NDRange G, cl::NDRange L) {
    cl::Event E;
    P.T.Queue.enqueueNDRangeKernel(K, cl::NullRange, G, L, nullptr, &E);
    Ev.push_back(E);
  };
  size_t Inner = size_t(P.N > 2 ? P.N - 2 : 0);
  // Count steps of one-sweep kernels (two launches each, A to B, B to A).
  auto sweeps = [&](const char *Name, int Count, size_t Rows) {
    cl::Kernel K(P.Prog, Name);
    cl::NDRange G(roundUp(Inner, WX), roundUp(Rows, WY)), L(WX, WY);
    for (int Step = 0; Step < Count; ++Step)
      for (int Half = 0; Half < 2; ++Half) {
        K.setArg(0, Half ? P.B : P.A);
        K.setArg(1, Half ? P.A : P.B);
        K.setArg(2, P.N);
        launch(K, G, L);
      }
  };
  // One launch of a time-tiled kernel: it reads A and B and writes A2 and
  // B2 (Now steps, an argument unless the kernel has them built in); then
  // the pairs swap.
  auto tiled = [&](cl::Kernel &K, int Now, bool NowArg, cl::NDRange G,
                   cl::NDRange L) {
    K.setArg(0, P.A);
    K.setArg(1, P.B);
    K.setArg(2, P.A2);
    K.setArg(3, P.B2);
    K.setArg(4, P.N);
    if (NowArg)
      K.setArg(5, Now);
    launch(K, G, L);
    std::swap(P.A, P.A2);
    std::swap(P.B, P.B2);
  };
  if (Variant == "stream") {
    // S steps are built into the kernel; the steps left over run as sweeps
    cl::Kernel K(P.Prog, "stream");
    size_t TXC = size_t(SCW - 4 * S);
    for (int Done = 0; Done + S <= Steps; Done += S)
      tiled(K, S, false,
            cl::NDRange((size_t(P.N) + TXC - 1) / TXC * SCW,
                        (size_t(P.N) + RCH - 1) / RCH),
            cl::NDRange(SCW, 1));
    sweeps("sweep_naive", Steps % S, Inner);
  } else if (Variant == "fused_cols") {
    cl::Kernel K(P.Prog, "fused_cols");
    for (int Done = 0; Done < Steps; Done += S) {
      int Now = std::min(S, Steps - Done);
      size_t TXC = size_t(CW - 4 * Now);
      tiled(K, Now, true,
            cl::NDRange((size_t(P.N) + TXC - 1) / TXC * CW,
                        (size_t(P.N) + CTY - 1) / CTY),
            cl::NDRange(CW, 1));
    }
  } else if (Variant == "fused") {
    cl::Kernel K(P.Prog, "fused");
    size_t Groups = (size_t(P.N) + TX - 1) / TX;
    for (int Done = 0; Done < Steps; Done += S)
      tiled(K, std::min(S, Steps - Done), true,
            cl::NDRange(Groups * TX, Groups * WGY), cl::NDRange(TX, WGY));
  } else if (Variant == "naive") {
    sweeps("sweep_naive", Steps, Inner);
  } else {
    sweeps("sweep_strip", Steps, (Inner + RS - 1) / RS);
  }
  P.T.Queue.finish();
  if (Ev.empty())
    return 0;
  return profiledMs(Ev.front(), CL_PROFILING_COMMAND_START, Ev.back(),
                    CL_PROFILING_COMMAND_END);
}

template <typename R> void initArrays(Probe &P) {
  size_t NN = size_t(P.N) * size_t(P.N);
  std::vector<R> A(NN), B(NN);
  for (int I = 0; I < P.N; ++I)
    for (int J = 0; J < P.N; ++J) {
      A[size_t(I) * P.N + J] = ((R)I * (J + 2) + 2) / P.N;
      B[size_t(I) * P.N + J] = ((R)I * (J + 3) + 3) / P.N;
    }
  P.InitA.assign((unsigned char *)A.data(), (unsigned char *)(A.data() + NN));
  P.InitB.assign((unsigned char *)B.data(), (unsigned char *)(B.data() + NN));
}
} // namespace

static int probeMain(int Argc, char **Argv) {
  BenchOptions O = parseBenchOptions(Argc, Argv, {"--double", "--spoil"});
  if (O.Help) {
    std::cout << Usage;
    return 0;
  }
  if (O.Positional.size() != 3 && O.Positional.size() != 6)
    throw rt::Error(rt::ErrorKind::Usage, "expected N, T and S [WX WY RS]");
  int N = int(O.Positional[0]), Steps = int(O.Positional[1]),
      S = int(O.Positional[2]);
  if (O.Positional.size() == 6) {
    WX = int(O.Positional[3]);
    WY = int(O.Positional[4]);
    RS = int(O.Positional[5]);
  }
  bool Double = hasFlag(O, "--double");
  CW = Double ? 64 : 128;
  if (const char *E = std::getenv("PROBE_SCW"))
    SCW = std::atoi(E);
  if (const char *E = std::getenv("PROBE_RCH"))
    RCH = std::atoi(E);
  if (SCW < 1 || RCH < 1)
    throw rt::Error(rt::ErrorKind::Usage, "PROBE_SCW and PROBE_RCH must be positive");
  if (SCW - 4 * S < 1)
    throw rt::Error(rt::ErrorKind::Usage, "S too large for the stream kernel");
  CTY = 48 * 1024 / (2 * CW * (Double ? 8 : 4)) - 4 * S;
  if (N < 3 || S > 8 || CTY < 1 || CW - 4 * S < 1)
    throw rt::Error(rt::ErrorKind::Usage,
                    "N must be at least 3 and S small enough for the tiles");
  TimedQueue T = makeTimedQueue(O.Device);
  Probe P{T, cl::Program(), N, Double ? sizeof(double) : sizeof(float),
          cl::Buffer(), cl::Buffer(), cl::Buffer(), cl::Buffer(), {}, {}};
  std::string Opts = std::string("-D real=") + (Double ? "double" : "float") +
                     " -D TX=" + std::to_string(TX) + " -D TY=" +
                     std::to_string(TY) + " -D WGY=" + std::to_string(WGY) +
                     " -D RS=" + std::to_string(RS) +
                     " -D HMAX=" + std::to_string(2 * S) +
                     " -D CW=" + std::to_string(CW) +
                     " -D CTY=" + std::to_string(CTY) +
                     " -D H2=" + std::to_string(2 * S) +
                     " -D SCW=" + std::to_string(SCW) +
                     " -D RCH=" + std::to_string(RCH);
  int Status = 0;
  try {
    P.Prog = cl::Program(T.Context, std::string(Source));
    try {
      P.Prog.build({T.Dev.Device}, Opts.c_str());
    } catch (const cl::Error &) {
      std::cerr << P.Prog.getBuildInfo<CL_PROGRAM_BUILD_LOG>(T.Dev.Device);
      throw;
    }
    size_t Bytes = size_t(N) * size_t(N) * P.Elem;
    P.A = cl::Buffer(T.Context, CL_MEM_READ_WRITE, Bytes);
    P.B = cl::Buffer(T.Context, CL_MEM_READ_WRITE, Bytes);
    P.A2 = cl::Buffer(T.Context, CL_MEM_READ_WRITE, Bytes);
    P.B2 = cl::Buffer(T.Context, CL_MEM_READ_WRITE, Bytes);
    if (Double)
      initArrays<double>(P);
    else
      initArrays<float>(P);

    // The copy of one array: the reference.
    std::vector<double> CopyMs;
    for (int Rep = 0; Rep <= O.Reps; ++Rep) {
      cl::Event E;
      T.Queue.enqueueCopyBuffer(P.A, P.B, 0, 0, Bytes, nullptr, &E);
      E.wait();
      if (Rep > 0)
        CopyMs.push_back(profiledMs(E, CL_PROFILING_COMMAND_START, E,
                                    CL_PROFILING_COMMAND_END));
    }
    double Copy = summarize(CopyMs).Median;

    std::vector<unsigned char> RefA, RefB;
    for (std::string V : {"naive", "strip", "fused", "fused_cols", "stream"}) {
      P.reset();
      runSteps(P, V, Steps, S);
      std::vector<unsigned char> GotA, GotB;
      P.read(GotA, GotB);
      bool Same = true;
      if (V == "naive") {
        RefA = GotA;
        RefB = GotB;
      } else {
        // --spoil: one bit of the last variant's A flipped, to show that a
        // wrong kernel fails the comparison (test/Bench/time-tiles.test)
        if (hasFlag(O, "--spoil") && V == "stream")
          GotA[GotA.size() / 2] ^= 1;
        Same = GotA == RefA && GotB == RefB;
      }
      std::vector<double> Ms;
      for (int Rep = 0; Rep < O.Reps; ++Rep) {
        P.reset();
        Ms.push_back(runSteps(P, V, Steps, S));
      }
      double Med = summarize(Ms).Median;
      double PerStep = Steps ? Med / Steps : 0;
      std::cout << "{\"tool\": \"time-tiles\", \"device\": "
                << rt::json::quote(T.Dev.describe()) << ", \"type\": \""
                << (Double ? "double" : "float") << "\", \"n\": " << N
                << ", \"steps\": " << Steps << ", \"variant\": \"" << V
                << "\", \"steps_per_launch\": " << (V.rfind("fused", 0) == 0 || V == "stream" ? S : 1)
                << ", \"wg\": \"" << WX << "x" << WY << "\", \"rs\": " << RS
                << ", \"scw\": " << SCW << ", \"rch\": " << RCH
                << ", \"median_ms\": " << jsonNumber(Med)
                << ", \"copy_ms\": " << jsonNumber(Copy)
                << ", \"step_per_copy\": "
                << jsonNumber(Copy > 0 ? PerStep / Copy : 0)
                << ", \"validation\": \"" << (Same ? "passed" : "failed")
                << "\"}" << std::endl;
      if (!Same) {
        std::cerr << "looptile-bench-time-tiles: error: " << V
                  << " differs from the naive result\n";
        Status = 1;
      }
    }
  } catch (const cl::Error &E) {
    rt::throwCLError("the time-tile probe", E);
  }
  return Status;
}

int main(int Argc, char **Argv) {
  return runReporting("looptile-bench-time-tiles", probeMain, Argc, Argv);
}
