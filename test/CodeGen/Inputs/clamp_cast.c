// A clamp whose condition converts unsigned values to int: read exactly
// where the conversions keep the values (N and i below 2^31), so the size
// check refuses only N >= 2^31, where (int)N is negative and both arms
// count (before, both arms counted everywhere: every call with N >= 2 was
// refused, fuzz seed 7698). The same clamp in signed loop types: no size
// check.
#define IDX(x) ((int)(x))

void clamp_cast(unsigned N, int B[N + 1], int C[N]) {
  for (unsigned i = 1; i < N; i++)
    C[i] = IDX(i) < IDX(N) - 1 ? B[i + 2] : B[i];
}

void clamp_signed(int N, int B[N + 1], int C[N]) {
  for (int i = 1; i < N; i++)
    C[i] = i < N - 1 ? B[i + 2] : B[i];
}
