"""Affine forms over size parameters and loop variables, and the interval
reasoning the generator and the validator share (utils/fuzz).

Every generated program is valid for every size parameter in [1, S_MAX]: a
loop variable's values lie in an *envelope* [lo, hi] with lo a constant and
hi an affine form in the size parameters; a subscript is in bounds when its
minimum over the envelopes is >= 0 and its maximum <= extent - 1 at every
corner of the parameter box [1, S_MAX]^k (both sides are affine in the
parameters, so the corners decide).
"""
import itertools

# The largest value any size parameter takes in the harness (sizes 1, 2, 7,
# 17, 33 and the oclgrind size).
S_MAX = 33
# Value caps of the generated programs (gen.py keeps them, validate.py
# checks them): every value an int can hold with margin.
VCAP = 1 << 24
ASSIGN_CAP = 1 << 20
EXPR_CAP = 1 << 30
DRIFT_CAP = VCAP - ASSIGN_CAP
IN_MAG = 128          # |input element|
SCALAR_PARAM_MAG = 8  # int scalar parameters are in [1, 8]
# The smallest: 1, or 0 while checking a program of the zero-sizes class
# (size_floor): then a loop bounded by a size may run no iteration, an
# extent may be 0, and every access outside such loops must still be in
# bounds.
S_MIN = [1]
# Per size, a larger smallest value where the code checked only runs for
# such sizes (the validator at floor 0: the body of a loop whose envelope is
# empty below N = k only runs for N >= k).
S_FLOORS = {}


class size_floor:
    """with size_floor(0): the box is [0, S_MAX]^k."""

    def __init__(self, v):
        self.v = v

    def __enter__(self):
        self.old = S_MIN[0]
        S_MIN[0] = self.v

    def __exit__(self, *a):
        S_MIN[0] = self.old


class Lin:
    """sum(coef * name) + const over names (size parameters, loop variables)."""
    __slots__ = ("terms", "const")

    def __init__(self, terms=None, const=0):
        self.terms = {k: v for k, v in (terms or {}).items() if v}
        self.const = const

    @staticmethod
    def var(name, coef=1):
        return Lin({name: coef})

    @staticmethod
    def c(v):
        return Lin({}, v)

    def __add__(self, o):
        if isinstance(o, int):
            return Lin(self.terms, self.const + o)
        t = dict(self.terms)
        for k, v in o.terms.items():
            t[k] = t.get(k, 0) + v
        return Lin(t, self.const + o.const)

    def __sub__(self, o):
        if isinstance(o, int):
            return self + (-o)
        return self + o.scale(-1)

    def scale(self, f):
        return Lin({k: v * f for k, v in self.terms.items()}, self.const * f)

    def names(self):
        return set(self.terms)

    def is_const(self):
        return not self.terms

    def subst(self, name, lin):
        if name not in self.terms:
            return self
        coef = self.terms[name]
        t = dict(self.terms)
        del t[name]
        return Lin(t, self.const) + lin.scale(coef)

    def eval(self, env):
        return self.const + sum(v * env[k] for k, v in self.terms.items())

    def key(self):
        return (tuple(sorted(self.terms.items())), self.const)

    def __eq__(self, o):
        return isinstance(o, Lin) and self.key() == o.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return "Lin(%s)" % self.c_str()

    def c_str(self, order=None, subst=None):
        """C text: 'i + 1', 'N - 1 - i', '2*i', 'N + M'. Loop variables and
        parameters print in the given order (default: sorted by name);
        subst: name -> the parenthesised C text printed for it."""
        names = order or sorted(self.terms)
        parts = []
        for n in names:
            coef = self.terms.get(n, 0)
            if not coef:
                continue
            mag = abs(coef)
            shown = (subst or {}).get(n, n)
            txt = shown if mag == 1 else "%d*%s" % (mag, shown)
            parts.append(("-" if coef < 0 else "+", txt))
        if self.const or not parts:
            parts.append(("-" if self.const < 0 else "+", str(abs(self.const))))
        out = ""
        for i, (sign, txt) in enumerate(parts):
            if i == 0:
                out = ("-" + txt) if sign == "-" else txt
            else:
                out += " %s %s" % (sign, txt)
        return out


def corners(params):
    """Every corner of [S_MIN, S_MAX]^k for the given parameter names."""
    params = sorted(params)
    lows = [max(S_MIN[0], S_FLOORS.get(p, 0)) for p in params]
    for vals in itertools.product(*[(lo, S_MAX) for lo in lows]):
        yield dict(zip(params, vals))


def min_over_params(lin):
    """Minimum of an affine form in the parameters over the box."""
    return min(lin.eval(env) for env in corners(lin.names()))


def never_empty(lin):
    """lin >= 1 for every parameter value in [0, S_MAX] (an extent that is
    not empty even at a size 0)."""
    return min_over_params(lin) >= 1 and \
        lin.eval({n: 0 for n in lin.names()}) >= 1


def max_over_params(lin):
    return max(lin.eval(env) for env in corners(lin.names()))


def nonneg(lin):
    """lin >= 0 for every parameter value in [1, S_MAX]."""
    return min_over_params(lin) >= 0


class Envelope:
    """lo <= v <= hi for every value a loop variable takes; lo is an int,
    hi an affine form in the size parameters."""
    __slots__ = ("lo", "hi")

    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi

    def hi_max(self):
        return max_over_params(self.hi)


def range_of(lin, envs):
    """(min, max) of an affine form over loop variables and parameters, as
    affine forms in the parameters, given the loop variables' envelopes.
    Returns None if a name is neither a parameter nor an enveloped variable
    of known sign of coefficient."""
    lo = Lin({}, lin.const)
    hi = Lin({}, lin.const)
    for name, coef in lin.terms.items():
        if name in envs:
            e = envs[name]
            if coef > 0:
                lo = lo + Lin.c(coef * e.lo)
                hi = hi + e.hi.scale(coef)
            else:
                lo = lo + e.hi.scale(coef)
                hi = hi + Lin.c(coef * e.lo)
        else:  # a size parameter
            lo = lo + Lin({name: coef})
            hi = hi + Lin({name: coef})
    return lo, hi


def in_bounds(sub, extent, envs):
    """0 <= sub <= extent - 1 for every value of the loop variables within
    their envelopes and every parameter value."""
    lo, hi = range_of(sub, envs)
    return nonneg(lo) and nonneg(extent - hi - 1)
