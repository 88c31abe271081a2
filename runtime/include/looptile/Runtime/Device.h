//===- Device.h - Finding and choosing an OpenCL device ---------*- C++ -*-===//
//
// Owns device enumeration and the device-selection syntax shared by
// `looptile-run --device`, the LOOPTILE_DEVICE environment variable and the
// host-glue Session: "cpu", "gpu", "accelerator", or "P:D" (platform and
// device index as printed by --list-devices). Empty means the default:
// the first GPU of any platform, else the first CPU, else the first device.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_DEVICE_H
#define LOOPTILE_RUNTIME_DEVICE_H

#include "looptile/Runtime/OpenCL.h"

#include <ostream>
#include <string>
#include <vector>

namespace looptile::rt {

struct DeviceRef {
  cl::Platform Platform;
  cl::Device Device;
  unsigned PlatformIndex = 0, DeviceIndex = 0;
  std::string PlatformName, Name, TypeName, DriverVersion;
  cl_device_type Type = 0;

  /// "P:D <name> (<type>, <platform>)".
  std::string describe() const;
};

/// Every device of every platform; throws Error(ErrorKind::OpenCL) when
/// there is no OpenCL platform at all.
std::vector<DeviceRef> enumerateDevices();

/// Chooses by Spec; an empty Spec uses $LOOPTILE_DEVICE, then the default.
/// Throws Error(ErrorKind::OpenCL) when nothing matches, listing what exists.
///
/// Nth (several ranks on one host, Ranks.h): where Spec names a type
/// (default, gpu, cpu, accelerator), the Nth device of that type, counted
/// modulo their number, instead of the first: each rank of a host gets its
/// own GPU. P:D is taken as it is.
DeviceRef selectDevice(const std::string &Spec, size_t Nth = 0);

/// Several devices (docs/runtime.md, "Several devices"): "all" (every
/// device of the type the default picks: the GPUs, else the CPUs) or a
/// comma list of P:D. Origin names the option or variable in errors.
std::vector<DeviceRef> selectDevices(const std::string &Spec,
                                     const std::string &Origin);

/// Prints the --list-devices table.
void listDevices(std::ostream &OS);

} // namespace looptile::rt

#endif
