//===- Executor.h - Build a manifest's program and launch it ----*- C++ -*-===//
//
// Owns one built program on one device: the context and in-order profiling
// queue, the kernels, the device buffers of the arguments and temporaries,
// NDRange evaluation and checking, and kernel timing. Shared by looptile-run
// (through the Harness) and the host-glue Session.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_EXECUTOR_H
#define LOOPTILE_RUNTIME_EXECUTOR_H

#include "looptile/Runtime/Device.h"
#include "looptile/Runtime/HostData.h"
#include "looptile/Runtime/Manifest.h"
#include "looptile/Runtime/Ranks.h"

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace looptile::rt {

/// The tunables' values: the manifest's defaults overridden by Overrides.
/// Checks names, min/max and multiple_of; throws Error(ErrorKind::Usage).
Env resolveTunables(const Manifest &M, const Env &Overrides);

/// Throws Error(ErrorKind::Usage) when Overrides names a non-tunable.
void checkTunableNames(const Manifest &M, const Env &Overrides);

/// The size values for M from Sizes; every size must be given, non-negative (0 runs nothing) and
/// fit in an int, every name must be a size, and (unless Limits is false)
/// no size check of the manifest may find them invalid. Throws
/// Error(Usage).
Env checkSizes(const Manifest &M, const Env &Sizes, bool Limits = true);

/// Why the manifest's size checks reject Sizes (every size of M, checked
/// by checkSizes without Limits), or "" when none does.
std::string sizeLimitProblem(const Manifest &M, const Env &Sizes);

class Executor {
public:
  /// Builds Source for Device with -DNAME=value per tunable (and the build
  /// experiments' $LOOPTILE_CL_OPTIONS and $LOOPTILE_PTX_DIRECTIVES,
  /// docs/runtime.md). A failed build throws Error(ErrorKind::OpenCL) whose
  /// message holds the build log.
  Executor(const Manifest &M, const std::string &Source, const DeviceRef &D,
           const Env &Tunables);
  /// Several devices (docs/runtime.md, "Several devices"): the program is
  /// built on each; every launch of a kernel whose manifest entry has a
  /// "split" is divided at work-group boundaries along the split dimension
  /// into one part per device, each part's buffers kept coherent from the
  /// footprints (what a part reads is moved to its device first, what it
  /// writes is then that device's, and reads and downloads fetch it from
  /// there). A kernel without a split, or whose parts' written intervals
  /// overlap, runs whole on the first device. One device: as above.
  ///
  /// Several ranks (Ranks.h; docs/runtime.md, "Several hosts"): with R of
  /// more than one rank, each rank constructs its Executor with its own
  /// devices (the same number on every rank) and the parts are numbered
  /// rank by rank; a rank runs its own parts, and rows move between ranks
  /// point to point. Every call below must then be made on every rank in
  /// the same order with the same arguments (the data of write() equal
  /// too); each rank's read() gets the whole buffer.
  Executor(const Manifest &M, const std::string &Source,
           const std::vector<DeviceRef> &Devices, const Env &Tunables,
           Ranks *R = nullptr);
  ~Executor();
  Executor(const Executor &) = delete;
  Executor &operator=(const Executor &) = delete;

  /// Several ranks: checks, on every rank at once, that every rank has as
  /// many devices and chose the same tunables (each rank picks its setting
  /// alone, from its own devices' limits, so a rank could fall back to
  /// another); a difference is Error(Usage) on every rank. Call it once the
  /// setting is chosen, before the first prepare(). Nothing without ranks.
  void agreeAcrossRanks();
  /// The devices (one unless constructed with several): this rank's.
  std::vector<DeviceRef> devices() const;
  /// One description per part of a split launch, rank by rank ("rank R: "
  /// before each where there are several ranks); a single entry when the
  /// run has one device.
  std::vector<std::string> partNames() const;
  /// Several devices: the last launch()'s kernel time per device, in
  /// milliseconds (the sum of its parts' profiled times), its parts, and
  /// the bytes moved between devices (through the host, both directions
  /// counted) during it.
  const std::vector<double> &deviceMs() const { return DeviceMs; }
  const std::vector<size_t> &deviceParts() const { return DeviceParts; }
  size_t exchangedBytes() const { return ExchangedBytes; }
  /// Per device, the bytes written to it during the last launch() (the
  /// rows its parts needed that another device had written).
  const std::vector<size_t> &deviceReceived() const { return DeviceReceived; }
  /// Several devices: per kernel (manifest order), why it ran on the first
  /// device only ("" when it was split), as the last launch() found.
  const std::vector<std::string> &splitRefusals() const { return Refusals; }

  const DeviceRef &device() const { return Dev; }
  const std::string &buildOptions() const { return Options; }
  const Env &tunables() const { return Tunables; }
  /// Each kernel's CL_KERNEL_WORK_GROUP_SIZE on the device, in manifest
  /// order: the most work-items one work-group of it may have (registers
  /// and local memory can make it less than the device's maximum).
  std::vector<int64_t> kernelWorkGroupLimits() const;
  /// The device rounds float division and sqrt correctly when asked
  /// (CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT): the program is then built with
  /// -cl-fp32-correctly-rounded-divide-sqrt, so that the kernels divide as
  /// C does (OpenCL otherwise allows 2.5 ulp for float division, 3 for
  /// sqrt).
  bool correctlyRoundedDivideSqrt() const { return CRDivideSqrt; }
  /// The device keeps float denormals (CL_FP_DENORM) instead of flushing
  /// them to zero.
  bool floatDenormals() const { return Denormals; }

  /// Evaluates shapes and NDRanges for Sizes (sizes only; tunables are
  /// added), checks them against the device limits, and (re)allocates
  /// device buffers whose size changed. Must precede the calls below.
  void prepare(const Env &Sizes);
  /// Sizes and tunables together, as the last prepare() saw them.
  const Env &env() const { return Values; }

  /// Number of elements of a buffer argument or temporary.
  size_t elementCount(const std::string &Name) const;
  std::vector<int64_t> shape(const std::string &Name) const;

  void write(const std::string &Name, const void *Host);
  void read(const std::string &Name, void *Host);
  /// Fills a device buffer with its type's sentinel (HostData.h).
  void fillSentinel(const std::string &Name);
  void setScalar(const std::string &Name, const ScalarValue &V);

  /// Runs the manifest's host program (every kernel in manifest order when
  /// it has none): enqueues each launch on the in-order queue, with the
  /// host loops' variables as arguments, waits once at the end, and
  /// returns the sum of the launches' profiled execution times in
  /// milliseconds. Buffers stay on the device: nothing is copied.
  double launch();
  /// Per kernel (manifest order), the last launch()'s time in milliseconds
  /// summed over its launches, and how many launches ran (a launch whose
  /// NDRange is empty is skipped and not counted).
  const std::vector<double> &kernelMs() const { return KernelMs; }
  const std::vector<size_t> &kernelLaunches() const { return KernelLaunches; }
  /// Host-device copies since construction: write() calls that copied
  /// (uploads) and read() calls that copied (downloads); a sentinel fill
  /// copies nothing from the host.
  size_t uploads() const { return Uploads; }
  size_t downloads() const { return Downloads; }

private:
  /// On a CPU device, a buffer's memory: host memory between guard pages
  /// (Guarded.h), which the device uses in place; released after the
  /// buffer (declared before it).
  struct HostBacking;
  struct BufferSlot {
    ElemType Ty;
    std::vector<int64_t> Shape;
    size_t Count = 0;
    size_t Bytes = 0;
    std::shared_ptr<HostBacking> Backing;
    cl::Buffer Buf;
  };
  struct Launch {
    cl::Kernel Kernel;
    cl::NDRange Global, Local;
    bool HasLocal = false;
    /// A global size of 0: the loop it maps runs zero times here.
    bool Empty = false;
    /// The NDRange depends on a host loop's variable: evaluated and checked
    /// at each launch.
    bool Deferred = false;
    /// CL_KERNEL_WORK_GROUP_SIZE of the kernel on the device.
    size_t KernelMax = 0;
  };

  /// Evaluates and checks kernel KI's NDRange under Values into L.
  void setRange(size_t KI, const Env &Values, Launch &L) const;
  void enqueue(size_t KI, const Env &E,
               std::vector<std::pair<size_t, cl::Event>> &Events);
  /// Sets kernel KI's arguments for environment E on this device.
  void setArgs(size_t KI, const Env &E);

  // Several devices (MultiDevice.cpp).
  /// A buffer tracked in rows along dimension Dim of its shape (-1: one
  /// row); per row, bit P (P < 32): part P's copy is current; bit 32 + R:
  /// rank R's Staging is (each rank has its own Staging).
  struct Coherence {
    int Dim = -1;
    size_t Rows = 1, Outer = 1, RowBytes = 0;
    std::vector<uint64_t> Valid;
    std::vector<unsigned char> Staging;
    /// An `in` argument: no kernel writes it.
    bool ReadOnly = false;
  };
  bool multi() const { return !Peers.empty() || rankCount() > 1; }
  size_t localParts() const { return Peers.size() + 1; }
  size_t rankCount() const { return Rk ? size_t(Rk->size()) : 1; }
  size_t myRank() const { return Rk ? size_t(Rk->rank()) : 0; }
  /// Parts are numbered rank by rank: part P is device P % localParts()
  /// of rank P / localParts().
  size_t totalParts() const { return rankCount() * localParts(); }
  size_t ownerOf(size_t P) const { return P / localParts(); }
  bool mine(size_t P) const { return ownerOf(P) == myRank(); }
  /// This rank's executor of part P (mine(P)).
  Executor &part(size_t P) {
    size_t L = P % localParts();
    return L ? *Peers[L - 1] : *this;
  }
  void multiEnqueue(size_t KI, const Env &E,
                    std::vector<std::tuple<size_t, size_t, cl::Event>> &Events);
  double multiLaunch();
  void prepareCoherence();
  void multiWrite(const std::string &Name, const void *Host);
  void multiRead(const std::string &Name, void *Host);
  void multiFilled(const std::string &Name);
  /// Makes rows [Lo, Hi) of buffer Name current on device P (Host: on the
  /// host's copy), fetching them from where they are.
  void ensureRows(const std::string &Name, size_t Lo, size_t Hi, size_t P);
  /// Makes rows [Lo, Hi) current in rank Rank's Staging.
  void ensureHost(const std::string &Name, size_t Lo, size_t Hi, size_t Rank);
  /// Rows [Lo, Hi) of Name's Staging to rank Peer (Send), or from it.
  void transferRows(const std::string &Name, size_t Peer, size_t Lo,
                    size_t Hi, bool Send);
  void copyRows(const std::string &Name, size_t P, size_t Lo, size_t Hi,
                bool ToDevice);

  BufferSlot &slot(const std::string &Name);
  const BufferSlot &slot(const std::string &Name) const;

  const Manifest &M;
  DeviceRef Dev;
  Env Tunables;
  Env Values;
  std::string Options;
  bool CRDivideSqrt = false, Denormals = false;
  cl::Context Context;
  cl::CommandQueue Queue;
  cl::Program Program;
  std::vector<cl::Kernel> Kernels;
  std::vector<Launch> Launches;
  std::map<std::string, BufferSlot> Buffers;
  std::map<std::string, ScalarValue> Scalars;
  bool Prepared = false;
  std::vector<size_t> MaxItemSizes;
  std::vector<double> KernelMs;
  std::vector<size_t> KernelLaunches;
  size_t Uploads = 0, Downloads = 0;
  /// Several devices: the executors of devices 1, 2, ... (this one is
  /// device 0), each buffer's coherence, and the last launch's figures.
  std::vector<std::unique_ptr<Executor>> Peers;
  /// Several ranks: the run's ranks (null: this process alone).
  Ranks *Rk = nullptr;
  std::map<std::string, std::unique_ptr<Coherence>> Coh;
  std::vector<double> DeviceMs;
  std::vector<size_t> DeviceParts, DeviceReceived;
  std::vector<std::string> Refusals;
  size_t ExchangedBytes = 0;
  /// Inside multiLaunch: copies count as exchanged (uploads and downloads
  /// do not).
  bool InLaunch = false;
};

} // namespace looptile::rt

#endif
