"""Checks looptile-run --tune --json's search (tune-search.test): more
candidates than finalists were screened with one run each; every neighbour
differs from a setting tried before it in exactly one tunable; the chosen
setting is the fastest of those timed with the full repetitions, and the
shape default is among them."""
import json
import sys

doc = json.loads(sys.stdin.read())
t = doc["tune"]
reps = t["reps"]
cands = t["candidates"]
assert t["screened"], "expected a screened search"
assert t["finalists"] >= 1 and t["neighbours"] >= 1, t
full = [c for c in cands if c["status"] == "valid" and c["runs"] == reps]
screened = [c for c in cands if c["status"] == "valid" and c["runs"] == 1]
assert screened, "no candidate was only screened"
# the finalists are the fastest screened ones, plus the shape default
assert len(full) <= t["finalists"], (len(full), t["finalists"])
assert any(c["shape_default"] for c in full), "shape default not re-timed"
best = min(full, key=lambda c: c["median_ms"])
assert best["tunables"] == t["chosen"], (best, t["chosen"])
assert t["chosen_ms"] == best["median_ms"]
seen = []
for c in cands:
    if c["neighbour"]:
        assert any(sum(c["tunables"][k] != s[k] for k in s) == 1 for s in seen), c
    seen.append(c["tunables"])
assert sum(c["neighbour"] for c in cands) == t["neighbours"]
print("tune search: %d screened, %d neighbours, %d finalists: ok"
      % (len(cands), t["neighbours"], t["finalists"]))
