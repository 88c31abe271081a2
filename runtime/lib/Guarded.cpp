//===- Guarded.cpp - memory between inaccessible guard pages --------------===//
#include "looptile/Runtime/Guarded.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace looptile::rt {

GuardedMemory mapGuarded(size_t Bytes, bool Shared, size_t Align,
                         const std::string &What, ErrorKind Kind) {
  GuardedMemory G;
  size_t PageSize = size_t(sysconf(_SC_PAGESIZE));
  // Each guard is 64 MiB of inaccessible address space (no memory is
  // committed for it): a kernel that overruns a buffer by a whole row or
  // more may fault first far past its end (whichever work-group runs
  // first), and with a guard of one page that fault landed outside it, in
  // unmapped memory (a crash with no message) or in another mapping.
  G.Page = std::max(PageSize, size_t(64) << 20);
  if (Align < 1 || Align > PageSize)
    Align = 1;
  size_t Rounded = (Bytes + Align - 1) / Align * Align;
  size_t DataPages = (Rounded + PageSize - 1) / PageSize * PageSize;
  G.MapBytes = DataPages + 2 * G.Page;
  void *P = mmap(nullptr, G.MapBytes, PROT_READ | PROT_WRITE,
                 (Shared ? MAP_SHARED : MAP_PRIVATE) | MAP_ANONYMOUS |
                     MAP_NORESERVE,
                 -1, 0);
  if (P == MAP_FAILED)
    throw Error(Kind, "cannot map " + std::to_string(Bytes) + " bytes for " +
                          What + ": " + std::strerror(errno));
  G.Base = static_cast<unsigned char *>(P);
  G.Low = G.Base;
  G.High = G.Base + G.Page + DataPages;
  mprotect(G.Low, G.Page, PROT_NONE);
  mprotect(G.High, G.Page, PROT_NONE);
  G.Data = G.High - Rounded;
  return G;
}

void unmapGuarded(GuardedMemory &G) {
  if (G.Base)
    munmap(G.Base, G.MapBytes);
  G = GuardedMemory();
}

namespace {

// The fault handler's table: fixed storage, so that the handler reads it
// without allocating; an entry is published by its Active flag.
struct GuardEntry {
  std::atomic<bool> Active{false};
  uintptr_t Low = 0, High = 0;
  size_t Page = 0;
  char PastEnd[512];
  char BeforeStart[512];
};
constexpr int MaxGuards = 4096;
GuardEntry Table[MaxGuards];
std::mutex TableLock;
bool HandlerInstalled = false;
struct sigaction Previous[2];

void writeAll(const char *S) {
  size_t N = std::strlen(S);
  while (N) {
    ssize_t W = write(2, S, N);
    if (W <= 0)
      return;
    S += W;
    N -= size_t(W);
  }
}

void onGuardFault(int Sig, siginfo_t *Info, void *Context) {
  uintptr_t A = reinterpret_cast<uintptr_t>(Info->si_addr);
  for (GuardEntry &E : Table) {
    if (!E.Active.load(std::memory_order_acquire))
      continue;
    bool Past = A >= E.High && A < E.High + E.Page;
    bool Before = A >= E.Low && A < E.Low + E.Page;
    if (!Past && !Before)
      continue;
    // Several work-item threads can fault at once (PoCL runs work-groups
    // in parallel): the first reports, the others wait for its _exit, so
    // that the message is printed once and whole.
    static std::atomic<bool> Reporting{false};
    if (Reporting.exchange(true))
      for (;;)
        pause();
    writeAll("looptile: error: ");
    writeAll(Past ? E.PastEnd : E.BeforeStart);
    writeAll("\n");
    _exit(1);
  }
  // Not a guard: what the process did before (by default, the crash).
  const struct sigaction &P = Previous[Sig == SIGBUS];
  if (P.sa_flags & SA_SIGINFO) {
    if (P.sa_sigaction) {
      P.sa_sigaction(Sig, Info, Context);
      return;
    }
  } else if (P.sa_handler != SIG_DFL && P.sa_handler != SIG_IGN) {
    P.sa_handler(Sig);
    return;
  }
  signal(Sig, SIG_DFL); // the faulting access runs again and ends us
}

void copyMessage(char (&Out)[512], const std::string &S) {
  size_t N = std::min(S.size(), sizeof Out - 1);
  std::memcpy(Out, S.data(), N);
  Out[N] = 0;
}

} // namespace

int registerGuards(const GuardedMemory &G, const std::string &PastEnd,
                   const std::string &BeforeStart) {
  std::lock_guard<std::mutex> Lock(TableLock);
  if (!HandlerInstalled) {
    struct sigaction SA {};
    SA.sa_sigaction = onGuardFault;
    SA.sa_flags = SA_SIGINFO;
    sigemptyset(&SA.sa_mask);
    sigaction(SIGSEGV, &SA, &Previous[0]);
    sigaction(SIGBUS, &SA, &Previous[1]);
    HandlerInstalled = true;
  }
  for (int I = 0; I < MaxGuards; ++I) {
    GuardEntry &E = Table[I];
    if (E.Active.load(std::memory_order_relaxed))
      continue;
    E.Low = uintptr_t(G.Low);
    E.High = uintptr_t(G.High);
    E.Page = G.Page;
    copyMessage(E.PastEnd, PastEnd);
    copyMessage(E.BeforeStart, BeforeStart);
    E.Active.store(true, std::memory_order_release);
    return I;
  }
  return -1;
}

void unregisterGuards(int Handle) {
  if (Handle < 0 || Handle >= MaxGuards)
    return;
  std::lock_guard<std::mutex> Lock(TableLock);
  Table[Handle].Active.store(false, std::memory_order_release);
}

} // namespace looptile::rt
