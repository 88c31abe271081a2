# lit configuration for looptile's tests.
import os

import lit.formats

config.name = "looptile"
config.test_format = lit.formats.ShTest(not lit_config.isWindows)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs", "Unit", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.looptile_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.looptile_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

config.substitutions.append(("%looptile", os.path.join(config.looptile_tools_dir, "looptile")))
config.substitutions.append(("%examples", os.path.join(config.looptile_src_root, "examples")))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%host_cc", config.host_cc))
config.substitutions.append(("%host_cxx", config.host_cxx))
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.append(("%project_version", config.looptile_version))
config.substitutions.append(("%src_root", config.looptile_src_root))
config.substitutions.append(("%obj_root", config.looptile_obj_root))
config.substitutions.append(("%tools_dir", config.looptile_tools_dir))
config.substitutions.append(("%runtime_include", config.runtime_include))
config.substitutions.append(("%runtime_lib", config.runtime_lib))

# --- Runtime (test/Runtime): looptile-run, the library tests, "opencl". ---
# Inserted first, longest last: "%looptile" is a prefix of both and
# "%looptile_run" of the other, and lit substitutes in list order.
config.substitutions.insert(0, ("%looptile_run",
    os.path.join(config.looptile_tools_dir, "looptile-run")))
config.substitutions.insert(0, ("%looptile_runtime_test",
    os.path.join(config.looptile_tools_dir, "looptile-runtime-test")))

# The reference shims are compiled by the host C compiler and cached in the
# build tree, never next to the fixtures in the source tree.
config.environment["CC"] = config.host_cc
config.environment["LOOPTILE_CACHE_DIR"] = os.path.join(
    config.looptile_obj_root, "test", "Runtime", ".looptile-cache")
config.environment.pop("LOOPTILE_DEVICE", None)
config.environment.pop("LOOPTILE_DEVICES", None)
# No test reads or writes the user's tuning cache: this file is never
# written (tests of the cache set LOOPTILE_TUNE_CACHE to a file of their
# own), and the compute-unit testing aid is off unless a test sets it.
config.environment["LOOPTILE_TUNE_CACHE"] = os.path.join(
    config.looptile_obj_root, "test", "Runtime", "no-tuning-cache.json")
config.environment.pop("LOOPTILE_COMPUTE_UNITS", None)
# OpenCL ICDs and PoCL read these (PoCL keeps its kernel cache under HOME).
for _var in ("HOME", "XDG_CACHE_HOME", "OCL_ICD_VENDORS", "OCL_ICD_FILENAMES"):
    if _var in os.environ:
        config.environment[_var] = os.environ[_var]
for _var in os.environ:
    if _var.startswith("POCL_"):
        config.environment[_var] = os.environ[_var]
# Tests run with a real GPU's work-group limit, not PoCL's 4096: 1024 is
# NVIDIA's and AMD's maximum, so a kernel that PoCL would accept but a GPU
# refuses fails here too (tests of smaller limits, e.g. 256 for
# register-heavy kernels, set their own with `env POCL_MAX_WORK_GROUP_SIZE=`).
config.environment["POCL_MAX_WORK_GROUP_SIZE"] = "1024"


def _has_opencl_device():
    """True when some OpenCL platform lists a device (clinfo -l, else
    looptile-run --list-devices as the probe)."""
    import shutil
    import subprocess
    probes = []
    if shutil.which("clinfo"):
        probes.append((["clinfo", "-l"], "Device"))
    probes.append(([os.path.join(config.looptile_tools_dir, "looptile-run"),
                    "--list-devices"], "device "))
    for cmd, marker in probes:
        try:
            out = subprocess.run(cmd, capture_output=True, text=True,
                                 timeout=60, env=dict(os.environ)).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        if marker in out:
            return True
    return False


if _has_opencl_device():
    config.available_features.add("opencl")

# pkg-config (Debian: pkgconf) for the install tests of looptile-runtime.pc.
import shutil as _shutil
if _shutil.which("pkg-config"):
    config.available_features.add("pkg-config")
lit_config.parallelism_groups["looptile-install"] = 1
for _var in ("PKG_CONFIG_PATH", "CMAKE_PREFIX_PATH"):
    config.environment.pop(_var, None)
# oclgrind (Debian package oclgrind, installed by utils/setup.sh): the
# data-race and uninitialized-value checks of test/Fuzz.
if _shutil.which("oclgrind"):
    config.available_features.add("oclgrind")
else:
    lit_config.note("oclgrind not found: the tests that need it are skipped "
                    "(utils/setup.sh installs it)")
# Open MPI (Debian packages libopenmpi-dev and openmpi-bin, installed by
# utils/setup.sh): several ranks of looptile-run (test/Runtime, "mpi").
# %mpirun runs R ranks on this machine as any user (root included), over
# shared memory, with as many ranks as asked whatever the core count.
if _shutil.which("mpirun") and _shutil.which("ompi_info"):
    config.available_features.add("mpi")
    config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
    config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
    config.environment["OMPI_MCA_btl"] = "self,vader"
    config.environment["OMPI_MCA_btl_vader_single_copy_mechanism"] = "none"
    config.environment["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
    config.substitutions.append(("%mpirun", "mpirun --oversubscribe -np"))
else:
    lit_config.note("Open MPI not found: the tests of several ranks are "
                    "skipped (utils/setup.sh installs it)")
