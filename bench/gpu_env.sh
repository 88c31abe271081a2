# Sourced by the bench scripts that run on the GPU machine: NVIDIA's OpenCL
# driver is installed there but not registered with the ICD loader.
register_nvidia_icd() {
  mkdir -p /etc/OpenCL/vendors 2>/dev/null || true
  [ -f /etc/OpenCL/vendors/nvidia.icd ] ||
    echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd 2>/dev/null || true
}
