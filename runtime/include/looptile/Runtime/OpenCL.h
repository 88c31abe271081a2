//===- OpenCL.h - The one place the runtime includes CLHPP ------*- C++ -*-===//
//
// Owns the OpenCL-CLHPP configuration (OpenCL 1.2 target and minimum, so the
// same binary works on PoCL and NVIDIA; exceptions on) and the translation
// of cl::Error into looptile::rt::Error with the symbolic error name.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPTILE_RUNTIME_OPENCL_H
#define LOOPTILE_RUNTIME_OPENCL_H

#ifndef CL_HPP_TARGET_OPENCL_VERSION
#define CL_HPP_TARGET_OPENCL_VERSION 120
#endif
#ifndef CL_HPP_MINIMUM_OPENCL_VERSION
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#endif
#ifndef CL_HPP_ENABLE_EXCEPTIONS
#define CL_HPP_ENABLE_EXCEPTIONS
#endif
#include <CL/opencl.hpp>

#include <string>

namespace looptile::rt {

/// "CL_OUT_OF_RESOURCES" for -5, "error -9999" for codes it does not know.
std::string clErrorName(cl_int Code);

/// Throws Error(ErrorKind::OpenCL): "<What>: <call> failed: <name>".
[[noreturn]] void throwCLError(const std::string &What, const cl::Error &E);

} // namespace looptile::rt

#endif
