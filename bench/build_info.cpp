//===- build_info.cpp - What the OpenCL compiler made of a kernel ---------===//
//
// looptile-bench-build-info: builds FILE.cl for one device with the given
// build options (the -D tunables looptile-run would pass, plus extra flags
// such as NVIDIA's -cl-nv-verbose, whose build log carries ptxas's register
// and spill counts) and prints the build log and, per kernel, the
// CL_KERNEL_* queries: work-group size limit, private and local memory.
// OpenCL has no profiler counters; this is what the issue's "measured
// occupancy/registers" can be read from.
//
// Usage: looptile-bench-build-info FILE.cl [--device cpu|gpu|P:D]
//            [--options "OPTS"] [--binary OUT]
// --binary writes the program's binary (CL_PROGRAM_BINARIES) to OUT: with
// NVIDIA's driver that is the PTX, which ptxas and nvdisasm (shipped with
// Triton on the GPU machine) turn into the SASS that actually runs.
// Exit status 0, 2 (usage), 3 (OpenCL error, build failure included: the
// log is printed first).
//
//===----------------------------------------------------------------------===//
#include "BenchSupport.h"
#include "looptile/Runtime/Error.h"

#include <fstream>
#include <iostream>
#include <sstream>

using namespace looptile;
using namespace looptile::bench;

static int buildInfoMain(int Argc, char **Argv) {
  std::string File, Options, DeviceSpec, BinaryOut;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if ((A == "--options" || A == "--device") && I + 1 < Argc)
      (A == "--options" ? Options : DeviceSpec) = Argv[++I];
    else if (A == "--binary" && I + 1 < Argc)
      BinaryOut = Argv[++I];
    else if (A == "--help") {
      std::cout << "usage: looptile-bench-build-info FILE.cl [--device "
                   "cpu|gpu|P:D] [--options \"OPTS\"] [--binary OUT]\n";
      return 0;
    } else if (!A.empty() && A[0] != '-' && File.empty())
      File = A;
    else
      throw rt::Error(rt::ErrorKind::Usage, "unexpected argument '" + A + "'");
  }
  if (File.empty())
    throw rt::Error(rt::ErrorKind::Usage, "expected a .cl file");
  std::ifstream In(File);
  if (!In)
    throw rt::Error(rt::ErrorKind::Usage, "cannot read " + File);
  std::stringstream SS;
  SS << In.rdbuf();
  TimedQueue T = makeTimedQueue(DeviceSpec);
  cl::Program P(T.Context, SS.str());
  int Status = 0;
  try {
    P.build(std::vector<cl::Device>{T.Dev.Device}, Options.c_str());
  } catch (const cl::Error &) {
    Status = 3;
  }
  std::cout << "device: " << T.Dev.Name << "\noptions: " << Options
            << "\nbuild log:\n"
            << P.getBuildInfo<CL_PROGRAM_BUILD_LOG>(T.Dev.Device) << "\n";
  if (Status)
    return Status;
  if (!BinaryOut.empty()) {
    // One device, so one binary.
    std::vector<std::vector<unsigned char>> Bins =
        P.getInfo<CL_PROGRAM_BINARIES>();
    std::ofstream Out(BinaryOut, std::ios::binary);
    if (Bins.empty() || !Out)
      throw rt::Error(rt::ErrorKind::Usage, "cannot write " + BinaryOut);
    Out.write(reinterpret_cast<const char *>(Bins[0].data()),
              static_cast<std::streamsize>(Bins[0].size()));
    std::cout << "binary: " << Bins[0].size() << " bytes to " << BinaryOut
              << "\n";
  }
  std::vector<cl::Kernel> Ks;
  P.createKernels(&Ks);
  for (cl::Kernel &K : Ks)
    std::cout << "kernel " << K.getInfo<CL_KERNEL_FUNCTION_NAME>()
              << ": work_group_size "
              << K.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(T.Dev.Device)
              << ", private_mem_bytes "
              << K.getWorkGroupInfo<CL_KERNEL_PRIVATE_MEM_SIZE>(T.Dev.Device)
              << ", local_mem_bytes "
              << K.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(T.Dev.Device)
              << "\n";
  return 0;
}

int main(int Argc, char **Argv) {
  return runReporting("looptile-bench-build-info", buildInfoMain, Argc, Argv);
}
