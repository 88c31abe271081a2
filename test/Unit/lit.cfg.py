# Runs the GoogleTest binaries built under unittests/ as part of lit.
import os

import lit.formats

config.name = "looptile-unit"
config.suffixes = []
config.test_source_root = os.path.join(config.looptile_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
