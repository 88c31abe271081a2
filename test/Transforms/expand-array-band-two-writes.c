// A parameter expanded along a band (i, j) whose two statements write the
// same element in different iterations of j: the copy-out replayed each
// statement in its own loop, so A[2] ended with the value of j = 2 instead
// of the last writer's (j = 4): a silent wrong result (fuzz seed 951202).
// Refused now, naming the rewrite; the rewrite is legal and gives the C's
// result.
// RUN: not %looptile %S/Inputs/expand_band_two_writes.c --expand A:i,j --emit=c 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: expand_band_two_writes.c:4:3: error: cannot expand 'A' along loops 'i', 'j': 'A' is live after the loop (a parameter) and 2 statements write it in the band; copying its final values out of a band expansion is supported for one writing statement only; expand it along 'i' alone
// RUN: %difftest %S/Inputs/expand_band_two_writes.c -- --expand A:i | FileCheck %s --check-prefix=ALONG-I
// ALONG-I: expand_band_two_writes.c --expand A:i {{ *}}PASS
