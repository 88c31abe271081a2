//===- Device.cpp - Enumerate OpenCL devices and pick one -----------------===//
//
// Owns enumerateDevices/selectDevice/listDevices (see Device.h) and the
// OpenCL error-name table used by every runtime error message.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Device.h"
#include "looptile/Runtime/Error.h"

#include <cstdlib>
#include <new>
#include <sstream>

namespace looptile::rt {

Failure currentFailure() {
  try {
    throw;
  } catch (const Error &E) {
    return {E.exitCode(), E.what()};
  } catch (const cl::Error &E) {
    return {3, std::string("OpenCL: ") + E.what() + " failed with " +
                   clErrorName(E.err())};
  } catch (const std::bad_alloc &) {
    return {3, "out of host memory"};
  } catch (const std::exception &E) {
    return {3, E.what()};
  }
}

std::string clErrorName(cl_int Code) {
  switch (Code) {
#define LT_CASE(X) case X: return #X;
    LT_CASE(CL_SUCCESS)
    LT_CASE(CL_DEVICE_NOT_FOUND)
    LT_CASE(CL_DEVICE_NOT_AVAILABLE)
    LT_CASE(CL_COMPILER_NOT_AVAILABLE)
    LT_CASE(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    LT_CASE(CL_OUT_OF_RESOURCES)
    LT_CASE(CL_OUT_OF_HOST_MEMORY)
    LT_CASE(CL_PROFILING_INFO_NOT_AVAILABLE)
    LT_CASE(CL_BUILD_PROGRAM_FAILURE)
    LT_CASE(CL_INVALID_VALUE)
    LT_CASE(CL_INVALID_DEVICE)
    LT_CASE(CL_INVALID_CONTEXT)
    LT_CASE(CL_INVALID_COMMAND_QUEUE)
    LT_CASE(CL_INVALID_MEM_OBJECT)
    LT_CASE(CL_INVALID_BUILD_OPTIONS)
    LT_CASE(CL_INVALID_PROGRAM)
    LT_CASE(CL_INVALID_PROGRAM_EXECUTABLE)
    LT_CASE(CL_INVALID_KERNEL_NAME)
    LT_CASE(CL_INVALID_KERNEL)
    LT_CASE(CL_INVALID_ARG_INDEX)
    LT_CASE(CL_INVALID_ARG_VALUE)
    LT_CASE(CL_INVALID_ARG_SIZE)
    LT_CASE(CL_INVALID_KERNEL_ARGS)
    LT_CASE(CL_INVALID_WORK_DIMENSION)
    LT_CASE(CL_INVALID_WORK_GROUP_SIZE)
    LT_CASE(CL_INVALID_WORK_ITEM_SIZE)
    LT_CASE(CL_INVALID_GLOBAL_WORK_SIZE)
    LT_CASE(CL_INVALID_BUFFER_SIZE)
    LT_CASE(CL_INVALID_EVENT)
    LT_CASE(CL_INVALID_OPERATION)
#undef LT_CASE
  case -1001:
    return "CL_PLATFORM_NOT_FOUND_KHR";
  default:
    return "error " + std::to_string(Code);
  }
}

void throwCLError(const std::string &What, const cl::Error &E) {
  throw Error(ErrorKind::OpenCL, What + ": " + E.what() + " failed with " +
                                     clErrorName(E.err()));
}

std::string DeviceRef::describe() const {
  return std::to_string(PlatformIndex) + ":" + std::to_string(DeviceIndex) +
         " " + Name + " (" + TypeName + ", " + PlatformName + ")";
}

static std::string typeName(cl_device_type T) {
  if (T & CL_DEVICE_TYPE_GPU) return "gpu";
  if (T & CL_DEVICE_TYPE_CPU) return "cpu";
  if (T & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
  return "other";
}

static std::string trim(std::string S) {
  while (!S.empty() && (S.back() == '\0' || S.back() == ' '))
    S.pop_back();
  size_t B = S.find_first_not_of(' ');
  return B == std::string::npos ? "" : S.substr(B);
}

std::vector<DeviceRef> enumerateDevices() {
  std::vector<cl::Platform> Platforms;
  try {
    cl::Platform::get(&Platforms);
  } catch (const cl::Error &E) {
    // The ICD loader reports "no platform" as an error code.
    Platforms.clear();
  }
  if (Platforms.empty())
    throw Error(ErrorKind::OpenCL,
                "no OpenCL platform found (is an ICD installed? e.g. "
                "pocl-opencl-icd for the CPU; check with `clinfo -l`)");
  std::vector<DeviceRef> Out;
  for (unsigned P = 0; P < Platforms.size(); ++P) {
    std::vector<cl::Device> Devices;
    try {
      Platforms[P].getDevices(CL_DEVICE_TYPE_ALL, &Devices);
    } catch (const cl::Error &) {
      continue; // CL_DEVICE_NOT_FOUND: a platform without devices.
    }
    std::string PName = trim(Platforms[P].getInfo<CL_PLATFORM_NAME>());
    for (unsigned D = 0; D < Devices.size(); ++D) {
      DeviceRef R;
      R.Platform = Platforms[P];
      R.Device = Devices[D];
      R.PlatformIndex = P;
      R.DeviceIndex = D;
      R.PlatformName = PName;
      R.Name = trim(Devices[D].getInfo<CL_DEVICE_NAME>());
      R.Type = Devices[D].getInfo<CL_DEVICE_TYPE>();
      R.TypeName = typeName(R.Type);
      R.DriverVersion = trim(Devices[D].getInfo<CL_DRIVER_VERSION>());
      Out.push_back(std::move(R));
    }
  }
  if (Out.empty())
    throw Error(ErrorKind::OpenCL, "OpenCL platforms found, but no devices");
  return Out;
}

static std::string available(const std::vector<DeviceRef> &All) {
  std::string S = "available devices:";
  for (const DeviceRef &R : All)
    S += "\n  " + R.describe();
  return S;
}

DeviceRef selectDevice(const std::string &SpecIn, size_t Nth) {
  std::string Spec = SpecIn;
  std::string Origin = "--device";
  if (Spec.empty()) {
    if (const char *Env = std::getenv("LOOPTILE_DEVICE"); Env && *Env) {
      Spec = Env;
      Origin = "LOOPTILE_DEVICE";
    }
  }
  std::vector<DeviceRef> All = enumerateDevices();
  auto firstOfType = [&](cl_device_type T) -> const DeviceRef * {
    std::vector<const DeviceRef *> OfType;
    for (const DeviceRef &R : All)
      if (R.Type & T)
        OfType.push_back(&R);
    return OfType.empty() ? nullptr : OfType[Nth % OfType.size()];
  };
  if (Spec.empty() || Spec == "default") {
    if (const DeviceRef *R = firstOfType(CL_DEVICE_TYPE_GPU))
      return *R;
    if (const DeviceRef *R = firstOfType(CL_DEVICE_TYPE_CPU))
      return *R;
    return All.front();
  }
  cl_device_type Want = 0;
  if (Spec == "gpu") Want = CL_DEVICE_TYPE_GPU;
  else if (Spec == "cpu") Want = CL_DEVICE_TYPE_CPU;
  else if (Spec == "accelerator") Want = CL_DEVICE_TYPE_ACCELERATOR;
  if (Want) {
    if (const DeviceRef *R = firstOfType(Want))
      return *R;
    throw Error(ErrorKind::OpenCL, "no " + Spec + " device found (" + Origin +
                                       "=" + Spec + "); " + available(All));
  }
  size_t Colon = Spec.find(':');
  char *End1 = nullptr, *End2 = nullptr;
  unsigned long P = 0, D = 0;
  bool Ok = Colon != std::string::npos && Colon > 0;
  if (Ok) {
    std::string PS = Spec.substr(0, Colon), DS = Spec.substr(Colon + 1);
    P = std::strtoul(PS.c_str(), &End1, 10);
    D = std::strtoul(DS.c_str(), &End2, 10);
    Ok = !DS.empty() && *End1 == '\0' && *End2 == '\0';
  }
  if (!Ok)
    throw Error(ErrorKind::Usage, "bad device '" + Spec + "' (" + Origin +
                                      "): expected cpu, gpu, accelerator or "
                                      "P:D, e.g. 0:1");
  for (const DeviceRef &R : All)
    if (R.PlatformIndex == P && R.DeviceIndex == D)
      return R;
  throw Error(ErrorKind::OpenCL, "device " + Spec + " not found (" + Origin +
                                     "); " + available(All));
}

std::vector<DeviceRef> selectDevices(const std::string &SpecIn,
                                     const std::string &Origin) {
  std::string Spec = SpecIn;
  while (!Spec.empty() && Spec.back() == ' ')
    Spec.pop_back();
  if (Spec.empty())
    throw Error(ErrorKind::Usage, Origin + " needs all or P:D,P:D,...");
  if (Spec == "all") {
    // Every device of the type the default picks: the GPUs, else the CPUs.
    std::vector<DeviceRef> All = enumerateDevices(), Out;
    cl_device_type Want = selectDevice("default").Type;
    for (const DeviceRef &R : All)
      if (R.Type & Want)
        Out.push_back(R);
    return Out;
  }
  std::vector<DeviceRef> Out;
  size_t At = 0;
  while (At <= Spec.size()) {
    size_t Comma = Spec.find(',', At);
    std::string One = Spec.substr(At, Comma == std::string::npos
                                          ? std::string::npos
                                          : Comma - At);
    if (One.find(':') == std::string::npos)
      throw Error(ErrorKind::Usage, "bad device '" + One + "' (" + Origin +
                                        "): expected all or P:D,P:D,...");
    DeviceRef R = selectDevice(One);
    for (const DeviceRef &X : Out)
      if (X.PlatformIndex == R.PlatformIndex &&
          X.DeviceIndex == R.DeviceIndex)
        throw Error(ErrorKind::Usage, "device " + One + " is named twice (" +
                                          Origin + ")");
    Out.push_back(R);
    if (Comma == std::string::npos)
      break;
    At = Comma + 1;
  }
  return Out;
}

void listDevices(std::ostream &OS) {
  std::vector<DeviceRef> All = enumerateDevices();
  unsigned LastPlatform = ~0u;
  for (const DeviceRef &R : All) {
    if (R.PlatformIndex != LastPlatform) {
      OS << "platform " << R.PlatformIndex << ": " << R.PlatformName << "\n";
      LastPlatform = R.PlatformIndex;
    }
    OS << "  device " << R.PlatformIndex << ":" << R.DeviceIndex << "  "
       << R.TypeName << "  " << R.Name << "  (driver " << R.DriverVersion
       << ", " << (R.Device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>() >> 20)
       << " MiB, max work-group "
       << R.Device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>() << ")\n";
  }
}

} // namespace looptile::rt
