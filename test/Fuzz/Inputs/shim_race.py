"""Two workers of one campaign build the oclgrind fill shim at once, as
`utils/fuzz.py -j 2` does when both reach their first oclgrind run
together (oclgrind-shim-race.test). Prints how many builds failed."""
import multiprocessing
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(sys.argv[1], "utils"))
from fuzz.harness import Tools, oclgrind_env  # noqa: E402


def build(tools):
    try:
        env = oclgrind_env(tools, os.devnull)
        shim = env["LD_PRELOAD"].split(":")[0]
        return None if os.path.getsize(shim) > 0 else "empty shim"
    except Exception as e:  # a harness error, as the campaign counts it
        return "%s: %s" % (type(e).__name__, str(e)[:200])


if __name__ == "__main__":
    trials, cc, looptile = int(sys.argv[2]), sys.argv[3], sys.argv[4]
    failures = 0
    for _ in range(trials):
        tools = Tools(looptile=looptile, cc=cc,
                      workdir=tempfile.mkdtemp(dir=sys.argv[5]))
        with multiprocessing.Pool(2) as pool:
            for why in pool.map(build, [tools, tools]):
                if why:
                    failures += 1
                    print(why)
    print("trials: %d, failed builds: %d" % (trials, failures))
