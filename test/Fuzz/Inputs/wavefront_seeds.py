"""For wavefronts.test and closures.test: of the seeds given, how many
programs carry the generator's wavefront nest (or, with --closures, its
closure nest; with --steep, its steep wavefront nest), and how many of
those looptile maps with an affine schedule (of split index sets, for
closures; whose loops run over bounds without isl's divisions, for steep
wavefronts) (--print-mapping with no flags).

  wavefront_seeds.py [--closures|--steep] LOOPTILE SEEDS WORKDIR
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
    mode = args[0] if args[0] in ("--closures", "--steep") else ""
    if mode:
        args = args[1:]
    closures = mode == "--closures"
    looptile, seeds, work = args
    os.makedirs(work, exist_ok=True)
    nests = scheduled = 0
    kind = {"--closures": "closure", "--steep": "steep"}.get(mode, "wavefront")
    chosen = {"--closures": "chosen with an affine schedule of split index sets",
              "--steep": "run over bounds without isl's divisions"}.get(
                  mode, "chosen with an affine schedule")
    for s in (int(x) for x in seeds.split(",")):
        # each class's seeds without the classes added after it
        f = generate(s, exclude={"": ("closures", "steep-wavefronts"),
                                 "--closures": ("steep-wavefronts",),
                                 "--steep": ()}[mode])
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
          % (kind, nests, {"--closures": " of split index sets",
                           "--steep": " whose bounds divide"}.get(mode, ""),
             scheduled))


if __name__ == "__main__":
    main()
