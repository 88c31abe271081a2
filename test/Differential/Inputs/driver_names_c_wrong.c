/* driver_names_c.c, wrong at exactly one size: the harness must run f at
   the sizes it prints (a size named 'c' once read an uninitialised 'c'). */
void f(int c, int rng, float A[c][rng]) {
  for (int i = 0; i < c; i++)
    for (int j = 0; j < rng; j++)
      A[i][j] = (float)(i * rng + j) + (c == 2 && rng == 3);
}
