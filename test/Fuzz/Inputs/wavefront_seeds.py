"""For wavefronts.test and closures.test: of the seeds given, how many
programs carry the generator's wavefront nest (or, with --closures, its
closure nest), and how many of those looptile maps with an affine schedule
(of split index sets, for closures) (--print-mapping with no flags).

  wavefront_seeds.py [--closures] LOOPTILE SEEDS WORKDIR
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "utils"))
from fuzz import ast as A  # noqa: E402
from fuzz.gen import generate  # noqa: E402


def main():
    args = sys.argv[1:]
    closures = args[0] == "--closures"
    if closures:
        args = args[1:]
    looptile, seeds, work = args
    os.makedirs(work, exist_ok=True)
    nests = scheduled = 0
    kind = "closure" if closures else "wavefront"
    chosen = ("chosen with an affine schedule of split index sets"
              if closures else "chosen with an affine schedule")
    for s in (int(x) for x in seeds.split(",")):
        f = generate(s) if closures else generate(s, exclude=("closures",))
        if not getattr(f, kind, False):
            continue
        nests += 1
        src = os.path.join(work, "p%d.c" % s)
        with open(src, "w") as out:
            out.write(A.print_c(f))
        r = subprocess.run([looptile, src, "-o", os.path.join(work, "p%d.cl" % s),
                            "--print-mapping"], capture_output=True, text=True)
        scheduled += r.returncode == 0 and chosen in r.stdout
    print("%s nests: %d, mapped with an affine schedule%s: %d"
          % (kind, nests, " of split index sets" if closures else "",
             scheduled))


if __name__ == "__main__":
    main()
