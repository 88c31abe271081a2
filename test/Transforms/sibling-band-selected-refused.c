// Illegal (twin of sibling-band-selected.c): in the band j:8, k:9 of
// Inputs/sibling_bands.c, S1 -> S1 on B has direction (=, <, >) over (i, j, k)
// (B[i][j - 1][k + 1] was written one j-iteration earlier at a larger k);
// interchanged it becomes (=, >, <), and the band is not fully permutable:
// both requests are refused with that dependence, and nothing is emitted.
// RUN: not %looptile %S/Inputs/sibling_bands.c --interchange j:8,k:9 2>&1 | FileCheck %s --check-prefix=INTERCHANGE
// RUN: not %looptile %S/Inputs/sibling_bands.c --tile j:8=4,k:9=4 2>&1 | FileCheck %s --check-prefix=TILE
// INTERCHANGE: sibling_bands.c:8:5: error: cannot interchange loops 'j' and 'k': flow dependence S1 -> S1 on 'B' has direction (=, <, >), which becomes (=, >, <) ('>' as the leftmost non-'=' entry)
// INTERCHANGE: sibling_bands.c:10:9: note: source access 'B[i][j][k]' in S1
// INTERCHANGE: sibling_bands.c:10:22: note: sink access 'B[i][j - 1][k + 1]' in S1
// INTERCHANGE: looptile: error: --interchange j:8,k:9 refused; nothing was emitted
// TILE: sibling_bands.c:8:5: error: cannot tile loops j,k: the band is not fully permutable; flow dependence S1 -> S1 on 'B' has direction (=, <, >) with '>' at loop 'k'
// TILE: looptile: error: --tile j:8=4,k:9=4 refused; nothing was emitted
