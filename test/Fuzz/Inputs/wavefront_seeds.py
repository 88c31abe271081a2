"""For wavefronts.test: of the seeds given, how many programs carry the
generator's wavefront nest, and how many of those looptile maps with an
affine schedule (--print-mapping with no flags).

  wavefront_seeds.py LOOPTILE SEEDS WORKDIR
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "utils"))
from fuzz import ast as A  # noqa: E402
from fuzz.gen import generate  # noqa: E402


def main():
    looptile, seeds, work = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(work, exist_ok=True)
    nests = scheduled = 0
    for s in (int(x) for x in seeds.split(",")):
        f = generate(s)
        if not getattr(f, "wavefront", False):
            continue
        nests += 1
        src = os.path.join(work, "p%d.c" % s)
        with open(src, "w") as out:
            out.write(A.print_c(f))
        r = subprocess.run([looptile, src, "-o", os.path.join(work, "p%d.cl" % s),
                            "--print-mapping"], capture_output=True, text=True)
        scheduled += r.returncode == 0 and \
            "chosen with an affine schedule" in r.stdout
    print("wavefront nests: %d, mapped with an affine schedule: %d"
          % (nests, scheduled))


if __name__ == "__main__":
    main()
