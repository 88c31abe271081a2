// Two host loops named t around a parallel loop also named t: each kernel
// takes the t of the host loop around its launch, the middle one none.
void siblings(int T, int N, float A[N], float B[T]) {
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N; i++)
      A[i] = A[i] + (float)t;
  for (int t = 0; t < T; t++)
    B[t] = A[0] + (float)t;
  for (int t = 2; t < T; t++)
    for (int i = 0; i < N; i++)
      A[i] = A[i] * 0.5f + B[t - 1];
}
