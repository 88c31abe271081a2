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
