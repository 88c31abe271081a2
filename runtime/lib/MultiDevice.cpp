//===- MultiDevice.cpp - One program's launches split over devices -------===//
//
// The several-device half of the Executor (Executor.h; docs/runtime.md,
// "Several devices"). Device 0 is the Executor itself, devices 1, 2, ...
// its Peers, each with the program built and every buffer allocated.
//
// Coherence. Each buffer is tracked in rows along one dimension of its
// shape (the dimension the kernels' split footprints use; a buffer no
// footprint splits is one row). Per row, a bit per device and one for the
// host's copy say who holds the current value. Uploads make every copy
// current; a part of a split launch first makes current, on its device,
// the rows its footprint reads or writes (fetching each from a holder
// through the host), and afterwards the rows it writes are current on its
// device only. Reads (downloads, validation) gather every row from a
// holder. A launch that does not split runs whole on device 0, which first
// gathers every row of its buffers and afterwards holds the only current
// copy of each buffer it may write.
//
// Several ranks (Ranks.h): the parts are numbered rank by rank, and the
// bits of a row are per part and per rank's host copy. Every rank runs the
// same sequence of coherence steps with the same bookkeeping; a step that
// moves data is executed by the ranks it involves: a part's copies by its
// rank, a transfer between two ranks' host copies by both (a send and the
// matching receive, in the common order, so blocking transfers match).
//
// Soundness rests on two facts: a footprint holds every element its part
// accesses (isl's hull, Footprint.h), and the parts' written intervals are
// disjoint (checked here at every launch, else the launch runs whole).
// Then each written row has one writer, whose copy was current for the
// whole row before the launch, so its copy afterwards is the row's value.
// Within a launch no part reads what another writes: the split loop is
// parallel.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Executor.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <functional>

namespace looptile::rt {

namespace {
constexpr size_t MaxParts = 32, MaxRanks = 32;
constexpr uint64_t PartBits = 0xffffffffull;
uint64_t hostBit(size_t Rank) { return uint64_t(1) << (32 + Rank); }
} // namespace


Executor::~Executor() = default;

void Executor::prepareCoherence() {
  if (totalParts() > MaxParts || rankCount() > MaxRanks)
    throw Error(ErrorKind::Usage,
                "at most " + std::to_string(MaxParts) +
                    " devices (over at most " + std::to_string(MaxRanks) +
                    " ranks) may share a run; this one has " +
                    std::to_string(totalParts()));
  const uint64_t AllParts = (uint64_t(1) << totalParts()) - 1;
  auto Track = [&](const std::string &Name, bool ReadOnly, bool Undefined) {
    auto C = std::make_unique<Coherence>();
    C->ReadOnly = ReadOnly;
    const BufferSlot &S = slot(Name);
    // The dimension: the first interval footprint of a write, else of a
    // read, among the kernels' splits.
    for (int Pass = 0; Pass < 2 && C->Dim < 0; ++Pass)
      for (const KernelLaunch &K : M.Kernels) {
        if (!K.Split)
          continue;
        for (const KernelLaunch::Footprint &F : K.Split->Footprints) {
          const std::optional<KernelLaunch::Hull> &H =
              Pass == 0 ? F.Write : F.Read;
          if (F.Array == Name && H && !H->Whole && F.Dim >= 0 &&
              size_t(F.Dim) < S.Shape.size() && C->Dim < 0)
            C->Dim = F.Dim;
        }
      }
    size_t Elem = elemSize(S.Ty);
    if (C->Dim >= 0) {
      C->Rows = size_t(S.Shape[size_t(C->Dim)]);
      for (int D = 0; D < C->Dim; ++D)
        C->Outer *= size_t(S.Shape[size_t(D)]);
      C->RowBytes = Elem;
      for (size_t D = size_t(C->Dim) + 1; D < S.Shape.size(); ++D)
        C->RowBytes *= size_t(S.Shape[D]);
    } else {
      C->Rows = 1;
      C->RowBytes = S.Bytes;
    }
    if (C->Rows == 0 || C->RowBytes == 0 || C->Outer == 0) {
      C->Dim = -1;
      C->Rows = 1;
      C->Outer = 1;
      C->RowBytes = S.Bytes;
    }
    C->Staging.assign(S.Bytes, 0);
    // Nothing uploaded yet: device 0's copy is the one, except where the
    // contents before the first write are never read: an `out` argument
    // (the C function writes every element and reads none before) and a
    // temporary (never initialised). Any device's copy is then as good.
    C->Valid.assign(C->Rows, Undefined ? AllParts : 1u);
    Coh[Name] = std::move(C);
  };
  Coh.clear();
  for (const Argument &A : M.Arguments)
    if (A.K == Argument::Buffer)
      Track(A.Name, A.Acc == Access::In, A.Acc == Access::Out);
  for (const Temporary &T : M.Temporaries)
    Track(T.Name, false, true);
}

void Executor::copyRows(const std::string &Name, size_t P, size_t Lo,
                        size_t Hi, bool ToDevice) {
  Coherence &C = *Coh.at(Name);
  Executor &X = part(P);
  BufferSlot &S = X.slot(Name);
  if (Hi <= Lo || !S.Bytes)
    return;
  size_t Bytes = (Hi - Lo) * C.RowBytes * C.Outer;
  try {
    if (C.Outer == 1) {
      size_t Off = Lo * C.RowBytes;
      if (ToDevice)
        X.Queue.enqueueWriteBuffer(S.Buf, CL_TRUE, Off, Bytes,
                                   C.Staging.data() + Off);
      else
        X.Queue.enqueueReadBuffer(S.Buf, CL_TRUE, Off, Bytes,
                                  C.Staging.data() + Off);
    } else {
      // Rows [Lo, Hi) of every outer index: a rectangle of Outer lines of
      // (Hi - Lo) * RowBytes bytes, Rows * RowBytes apart.
      cl::array<cl::size_type, 3> Origin = {Lo * C.RowBytes, 0, 0};
      cl::array<cl::size_type, 3> Region = {(Hi - Lo) * C.RowBytes, C.Outer,
                                            1};
      size_t Pitch = C.Rows * C.RowBytes;
      if (ToDevice)
        X.Queue.enqueueWriteBufferRect(S.Buf, CL_TRUE, Origin, Origin, Region,
                                       Pitch, 0, Pitch, 0, C.Staging.data());
      else
        X.Queue.enqueueReadBufferRect(S.Buf, CL_TRUE, Origin, Origin, Region,
                                      Pitch, 0, Pitch, 0, C.Staging.data());
    }
  } catch (const cl::Error &E) {
    throwCLError(std::string(ToDevice ? "writing" : "reading") + " rows " +
                     std::to_string(Lo) + " to " + std::to_string(Hi - 1) +
                     " of buffer " + Name + " on " + X.Dev.describe(),
                 E);
  }
  if (InLaunch) {
    ExchangedBytes += Bytes;
    if (ToDevice)
      DeviceReceived[P] += Bytes;
  }
}

void Executor::ensureHost(const std::string &Name, size_t Lo, size_t Hi,
                          size_t Rank) {
  Coherence &C = *Coh.at(Name);
  const uint64_t Mine = hostBit(Rank);
  for (size_t R = Lo; R < Hi;) {
    uint64_t V = C.Valid[R];
    if (V & Mine) {
      ++R;
      continue;
    }
    if (!V)
      throw Error(ErrorKind::OpenCL, "internal: row " + std::to_string(R) +
                                         " of buffer " + Name +
                                         " has no current copy");
    size_t End = R + 1;
    while (End < Hi && C.Valid[End] == V)
      ++End;
    // A copy on one of the rank's own devices, else the first rank that
    // holds the rows (in its host copy, or else on a device of it).
    size_t Local = SIZE_MAX;
    for (size_t P = 0; P < totalParts() && Local == SIZE_MAX; ++P)
      if ((V & (uint64_t(1) << P)) && ownerOf(P) == Rank)
        Local = P;
    if (Local != SIZE_MAX) {
      if (myRank() == Rank)
        copyRows(Name, Local, R, End, /*ToDevice=*/false);
    } else {
      size_t From = SIZE_MAX, FromPart = SIZE_MAX;
      for (size_t Q = 0; Q < rankCount() && From == SIZE_MAX; ++Q) {
        if (V & hostBit(Q)) {
          From = Q;
          break;
        }
        for (size_t P = Q * localParts(); P < (Q + 1) * localParts(); ++P)
          if (V & (uint64_t(1) << P)) {
            From = Q;
            FromPart = P;
            break;
          }
      }
      if (From == SIZE_MAX)
        throw Error(ErrorKind::OpenCL, "internal: row " + std::to_string(R) +
                                           " of buffer " + Name +
                                           " has no current copy");
      if (FromPart != SIZE_MAX) {
        if (myRank() == From)
          copyRows(Name, FromPart, R, End, /*ToDevice=*/false);
        for (size_t I = R; I < End; ++I)
          C.Valid[I] |= hostBit(From);
      }
      if (myRank() == From)
        transferRows(Name, Rank, R, End, /*Send=*/true);
      else if (myRank() == Rank)
        transferRows(Name, From, R, End, /*Send=*/false);
    }
    for (size_t I = R; I < End; ++I)
      C.Valid[I] |= Mine;
    R = End;
  }
}

// Rows [Lo, Hi) of every outer index of Name's Staging, sent to rank Peer
// or received from it: in place when they are contiguous (Outer == 1),
// else packed into one message.
void Executor::transferRows(const std::string &Name, size_t Peer, size_t Lo,
                            size_t Hi, bool Send) {
  Coherence &C = *Coh.at(Name);
  size_t Line = (Hi - Lo) * C.RowBytes, Pitch = C.Rows * C.RowBytes;
  if (!Line)
    return;
  auto Move = [&](unsigned char *P, size_t Bytes) {
    if (Send)
      Rk->send(int(Peer), P, Bytes);
    else
      Rk->recv(int(Peer), P, Bytes);
  };
  unsigned char *First = C.Staging.data() + Lo * C.RowBytes;
  if (C.Outer == 1)
    return Move(First, Line);
  std::vector<unsigned char> Packed(Line * C.Outer);
  for (size_t O = 0; Send && O < C.Outer; ++O)
    std::memcpy(Packed.data() + O * Line, First + O * Pitch, Line);
  Move(Packed.data(), Packed.size());
  for (size_t O = 0; !Send && O < C.Outer; ++O)
    std::memcpy(First + O * Pitch, Packed.data() + O * Line, Line);
}

void Executor::ensureRows(const std::string &Name, size_t Lo, size_t Hi,
                          size_t P) {
  Coherence &C = *Coh.at(Name);
  uint64_t Bit = uint64_t(1) << P;
  for (size_t R = Lo; R < Hi;) {
    if (C.Valid[R] & Bit) {
      ++R;
      continue;
    }
    size_t End = R + 1;
    while (End < Hi && !(C.Valid[End] & Bit))
      ++End;
    ensureHost(Name, R, End, ownerOf(P));
    if (mine(P))
      copyRows(Name, P, R, End, /*ToDevice=*/true);
    for (size_t I = R; I < End; ++I)
      C.Valid[I] |= Bit;
    R = End;
  }
}

void Executor::multiWrite(const std::string &Name, const void *Host) {
  Coherence &C = *Coh.at(Name);
  if (C.Staging.empty())
    return;
  std::memcpy(C.Staging.data(), Host, C.Staging.size());
  // Every rank writes the same data (replicated control) to its devices.
  for (size_t P = 0; P < totalParts(); ++P)
    if (mine(P))
      copyRows(Name, P, 0, C.Rows, /*ToDevice=*/true);
  uint64_t All = (uint64_t(1) << totalParts()) - 1;
  for (size_t R = 0; R < rankCount(); ++R)
    All |= hostBit(R);
  std::fill(C.Valid.begin(), C.Valid.end(), All);
  ++Uploads;
}

void Executor::multiRead(const std::string &Name, void *Host) {
  Coherence &C = *Coh.at(Name);
  if (C.Staging.empty())
    return;
  // Every rank gathers the whole buffer (each runs every rank's steps).
  for (size_t R = 0; R < rankCount(); ++R)
    ensureHost(Name, 0, C.Rows, R);
  std::memcpy(Host, C.Staging.data(), C.Staging.size());
  ++Downloads;
}

void Executor::multiFilled(const std::string &Name) {
  Coherence &C = *Coh.at(Name);
  std::fill(C.Valid.begin(), C.Valid.end(),
            (uint64_t(1) << totalParts()) - 1);
}

double Executor::multiLaunch() {
  std::vector<std::tuple<size_t, size_t, cl::Event>> Events;
  size_t ND = totalParts();
  Refusals.assign(M.Kernels.size(), "");
  DeviceMs.assign(ND, 0.0);
  DeviceParts.assign(ND, 0);
  DeviceReceived.assign(ND, 0);
  ExchangedBytes = 0;
  KernelMs.assign(M.Kernels.size(), 0.0);
  KernelLaunches.assign(M.Kernels.size(), 0);
  Env E = Values;
  if (Rk)
    Rk->barrier(); // the ranks' clocks start together
  auto T0 = std::chrono::steady_clock::now();
  InLaunch = true;
  struct Done {
    bool &Flag;
    ~Done() { Flag = false; }
  } D{InLaunch};
  runHostProgram(M.Host, E, [&](size_t Kernel, const Env &At) {
    multiEnqueue(Kernel, At, Events);
  });
  try {
    for (size_t P = 0; P < ND; ++P)
      if (mine(P))
        part(P).Queue.finish();
  } catch (const cl::Error &Err) {
    throwCLError("running the kernels", Err);
  }
  double Wall = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - T0)
                    .count();
  try {
    for (auto &[KI, P, Ev] : Events) {
      cl_ulong Start = Ev.getProfilingInfo<CL_PROFILING_COMMAND_START>();
      cl_ulong End = Ev.getProfilingInfo<CL_PROFILING_COMMAND_END>();
      double T = double(End - Start) * 1e-6;
      KernelMs[KI] += T;
      DeviceMs[P] += T;
      ++DeviceParts[P];
    }
  } catch (const cl::Error &Err) {
    throwCLError("reading the kernels' profiling times", Err);
  }
  if (Rk) {
    // Each rank timed its own parts: the run's figures are the sums (the
    // wall time the longest rank's).
    std::vector<double> W{Wall};
    Rk->barrier();
    Rk->max(W);
    Wall = W[0];
    std::vector<double> Sums(KernelMs);
    Sums.insert(Sums.end(), DeviceMs.begin(), DeviceMs.end());
    for (size_t P = 0; P < ND; ++P) {
      Sums.push_back(double(DeviceParts[P]));
      Sums.push_back(double(DeviceReceived[P]));
    }
    Sums.push_back(double(ExchangedBytes));
    Rk->sum(Sums);
    size_t I = 0;
    for (double &K : KernelMs)
      K = Sums[I++];
    for (double &D : DeviceMs)
      D = Sums[I++];
    for (size_t P = 0; P < ND; ++P) {
      DeviceParts[P] = size_t(Sums[I++]);
      DeviceReceived[P] = size_t(Sums[I++]);
    }
    ExchangedBytes = size_t(Sums[I]);
  }
  return Wall;
}

void Executor::multiEnqueue(
    size_t KI, const Env &E,
    std::vector<std::tuple<size_t, size_t, cl::Event>> &Events) {
  const KernelLaunch &K = M.Kernels[KI];
  Launch &L = Launches[KI];
  if (L.Deferred)
    setRange(KI, E, L);
  if (L.Empty)
    return;
  ++KernelLaunches[KI];
  size_t ND = totalParts();
  // The kernel's buffers.
  std::vector<std::string> Bufs;
  for (const std::string &N : K.Args)
    if (Coh.count(N) &&
        std::find(Bufs.begin(), Bufs.end(), N) == Bufs.end())
      Bufs.push_back(N);

  struct Part {
    size_t Dev = 0, G0 = 0, G1 = 0;
    /// Per buffer (Bufs order): rows needed and rows written, [lo, hi).
    std::vector<std::pair<size_t, size_t>> Need, Write;
    std::vector<bool> Writes;
  };
  std::vector<Part> Parts;
  std::string Why;
  size_t Dim = 0, LocalD = 1;
  /// The parts would overlap: Parts is one part, the whole launch on
  /// device 0 (Why says why).
  bool OnePart = false;
  if (!K.Split)
    Why = K.NoSplit.empty() ? "its manifest entry has no split (a manifest "
                              "before version 3, or hand-written)"
                            : K.NoSplit;
  else if (!L.HasLocal)
    Why = "its work-group size is left to the OpenCL implementation";
  if (Why.empty()) {
    const KernelLaunch::SplitInfo &S = *K.Split;
    Dim = S.Dimension;
    size_t GlobalD = L.Global.get()[Dim];
    LocalD = L.Local.get()[Dim];
    size_t Groups = GlobalD / LocalD;
    int64_t PerGroup = S.PerGroup.evaluate(E), First = S.First.evaluate(E),
            Last = S.Last.evaluate(E);
    int64_t Granule = S.Granule ? S.Granule->evaluate(E) : 1;
    if (Granule < 1)
      Why = "its split granule " + S.Granule->text() + " is " +
            std::to_string(Granule);
    size_t Gr = size_t(std::max<int64_t>(Granule, 1));
    // Part boundaries at multiples of the granule, as even as they can be.
    auto Boundary = [&](size_t P) {
      if (P >= ND)
        return Groups;
      return std::min(Groups, (Groups * P / ND + Gr / 2) / Gr * Gr);
    };
    // The part of device P: work-groups [G0, G1), the loop values they
    // run, and per buffer the rows it needs and writes; false when it has
    // no iteration (or, with Why set, when it writes an `in` argument).
    auto Build = [&](size_t P, size_t G0, size_t G1) {
      Part Pt;
      Pt.Dev = P;
      Pt.G0 = G0;
      Pt.G1 = G1;
      int64_t Lo = First + int64_t(Pt.G0) * PerGroup;
      int64_t Hi = std::min<int64_t>(First + int64_t(Pt.G1) * PerGroup - 1,
                                     Last);
      if (Pt.G0 == Pt.G1 || Lo > Hi)
        return false;
      Env PE = E;
      PE["SPLIT_LO"] = Lo;
      PE["SPLIT_HI"] = Hi;
      for (const std::string &N : Bufs) {
        Coherence &C = *Coh.at(N);
        const KernelLaunch::Footprint *F = nullptr;
        for (const KernelLaunch::Footprint &X : S.Footprints)
          if (X.Array == N)
            F = &X;
        auto Rows = [&](const std::optional<KernelLaunch::Hull> &H,
                        bool Absent) -> std::pair<size_t, size_t> {
          if (Absent)
            return {0, C.Rows}; // no footprint: all of it
          if (!H)
            return {0, 0};
          if (H->Whole || !F || F->Dim != C.Dim)
            return {0, C.Rows};
          int64_t A = H->Lo.evaluate(PE), B = H->Hi.evaluate(PE) + 1;
          A = std::clamp<int64_t>(A, 0, int64_t(C.Rows));
          B = std::clamp<int64_t>(B, 0, int64_t(C.Rows));
          return {size_t(A), size_t(std::max(A, B))};
        };
        std::pair<size_t, size_t> R = Rows(F ? F->Read : std::nullopt, !F);
        std::pair<size_t, size_t> W =
            Rows(F ? F->Write : std::nullopt, !F && !C.ReadOnly);
        bool Writes = F ? F->Write.has_value() : !C.ReadOnly;
        if (C.ReadOnly && Writes) {
          Why = "it writes " + N + ", an 'in' argument";
          return false;
        }
        std::pair<size_t, size_t> Need = R;
        if (W.first < W.second)
          Need = R.first < R.second
                     ? std::make_pair(std::min(R.first, W.first),
                                      std::max(R.second, W.second))
                     : W;
        Pt.Need.push_back(Need);
        Pt.Write.push_back(W);
        Pt.Writes.push_back(Writes);
      }
      Parts.push_back(std::move(Pt));
      return true;
    };
    for (size_t P = 0; P < ND && Why.empty(); ++P)
      Build(P, Boundary(P), Boundary(P + 1));
    // The parts' written rows must be disjoint; where they are not, the
    // launch runs as one part on device 0 (its footprint still says what
    // it needs and writes).
    for (size_t B = 0; B < Bufs.size() && Why.empty(); ++B) {
      std::vector<std::pair<size_t, size_t>> Ws;
      for (const Part &Pt : Parts)
        if (Pt.Writes[B] && Pt.Write[B].first < Pt.Write[B].second)
          Ws.push_back(Pt.Write[B]);
      std::sort(Ws.begin(), Ws.end());
      for (size_t I = 1; I < Ws.size(); ++I)
        if (Ws[I].first < Ws[I - 1].second) {
          Why = "its parts would write the same rows of " + Bufs[B] +
                " (rows " + std::to_string(Ws[I].first) + " to " +
                std::to_string(std::min(Ws[I].second, Ws[I - 1].second) - 1) +
                " along its dimension " +
                std::to_string(Coh.at(Bufs[B])->Dim) + ")";
          break;
        }
      if (!Why.empty()) {
        Parts.clear();
        std::string Keep = Why;
        if (!Build(0, 0, Groups))
          Parts.clear();
        Why = Keep;
        OnePart = true;
      }
    }
  }

  auto Enqueue = [&](size_t P, const cl::NDRange &Offset,
                     const cl::NDRange &Global) {
    if (!mine(P))
      return; // another rank's part
    Executor &X = part(P);
    X.setArgs(KI, E);
    Events.emplace_back(KI, P, cl::Event());
    try {
      X.Queue.enqueueNDRangeKernel(X.Launches[KI].Kernel, Offset, Global,
                                   L.Local, nullptr,
                                   &std::get<2>(Events.back()));
      X.Queue.flush();
    } catch (const cl::Error &Err) {
      throwCLError("launching kernel " + K.Name + " on " + X.Dev.describe(),
                   Err);
    }
  };

  if (!Why.empty() && Refusals[KI].empty())
    Refusals[KI] = Why;
  // A launch with work for one device only (a host loop's shrinking
  // NDRange) runs on device 0, as the launches that cannot split do: the
  // rows the launches in between write stay on one device.
  if (Parts.size() == 1)
    Parts[0].Dev = 0;
  if ((!Why.empty() && !OnePart) || Parts.empty()) {
    // Whole on device 0.
    for (const std::string &N : Bufs)
      ensureRows(N, 0, Coh.at(N)->Rows, 0);
    Enqueue(0, cl::NullRange, L.Global);
    for (const std::string &N : Bufs) {
      Coherence &C = *Coh.at(N);
      if (!C.ReadOnly)
        std::fill(C.Valid.begin(), C.Valid.end(), 1u);
    }
    return;
  }

  for (const Part &Pt : Parts)
    for (size_t B = 0; B < Bufs.size(); ++B)
      ensureRows(Bufs[B], Pt.Need[B].first, Pt.Need[B].second, Pt.Dev);
  size_t Dims = L.Global.dimensions();
  for (const Part &Pt : Parts) {
    std::array<size_t, 3> Off = {0, 0, 0}, G = {1, 1, 1};
    for (size_t D = 0; D < Dims; ++D)
      G[D] = L.Global.get()[D];
    Off[Dim] = Pt.G0 * LocalD;
    G[Dim] = (Pt.G1 - Pt.G0) * LocalD;
    cl::NDRange O = Dims == 1   ? cl::NDRange(Off[0])
                    : Dims == 2 ? cl::NDRange(Off[0], Off[1])
                                : cl::NDRange(Off[0], Off[1], Off[2]);
    cl::NDRange Gl = Dims == 1   ? cl::NDRange(G[0])
                     : Dims == 2 ? cl::NDRange(G[0], G[1])
                                 : cl::NDRange(G[0], G[1], G[2]);
    Enqueue(Pt.Dev, O, Gl);
  }
  for (const Part &Pt : Parts)
    for (size_t B = 0; B < Bufs.size(); ++B) {
      if (!Pt.Writes[B])
        continue;
      Coherence &C = *Coh.at(Bufs[B]);
      for (size_t R = Pt.Write[B].first; R < Pt.Write[B].second; ++R)
        C.Valid[R] = uint64_t(1) << Pt.Dev;
    }
}

} // namespace looptile::rt
