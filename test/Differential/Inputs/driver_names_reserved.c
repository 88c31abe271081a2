void f(int difftest_n, float A[difftest_n]) {
  for (int i = 0; i < difftest_n; i++)
    A[i] = 1.0f;
}
