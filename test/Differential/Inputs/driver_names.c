// Size and argument names that the differential tester's driver used for its
// own variables before they were prefixed (c, combos, rng, dims_*, n_*, ...).
void f(int c, int rng, int combos, float A[c][rng], const float dims_A[c][rng],
       float n_A, int GUARD) {
  for (int i = 0; i < c; i++)
    for (int j = 0; j < rng; j++)
      A[i][j] = dims_A[i][j] * n_A + (float)(combos + GUARD);
}
