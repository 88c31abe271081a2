void f(int c, int rng, float A[c][rng]) {
  for (int i = 0; i < c; i++)
    for (int j = 0; j < rng; j++)
      A[i][j] = (float)(i * rng + j);
}
