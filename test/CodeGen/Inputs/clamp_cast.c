// A clamp whose condition converts unsigned values to int: looptile cannot
// read it exactly (the conversion may change a value), so both arms count
// and the size check refuses every call with N >= 2 (fuzz seed 7698). The
// same clamp in signed loop types is read exactly: no size check.
#define IDX(x) ((int)(x))

void clamp_cast(unsigned N, int B[N + 1], int C[N]) {
  for (unsigned i = 1; i < N; i++)
    C[i] = IDX(i) < IDX(N) - 1 ? B[i + 2] : B[i];
}

void clamp_signed(int N, int B[N + 1], int C[N]) {
  for (int i = 1; i < N; i++)
    C[i] = i < N - 1 ? B[i + 2] : B[i];
}
