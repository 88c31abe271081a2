// A pointer read and written at B[i], i < N, and at B[0] after the loop:
// its extent is max(N, 1) (the manifest's piecewise formula). g is the same
// function with B declared of extent N: at N = 0 its B[0] is outside the
// array, and the size check must refuse that call.
void f(long N, int *B) {
  for (long i = 0; i <= N - 1; i++)
    B[i] = B[i] + 1;
  B[0] = 7;
}

void g(long N, int B[N]) {
  for (long i = 0; i <= N - 1; i++)
    B[i] = B[i] + 1;
  B[0] = 7;
}
