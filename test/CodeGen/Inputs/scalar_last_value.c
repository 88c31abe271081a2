/* s keeps the last value that the first nest writes (A[N-1]); every
   iteration of i writes it, so i is sequential: refused as parallel
   kernels, and run as one work-item. */
void sclast(int N, const float A[N], float B[N]) {
  float s;
  for (int i = 0; i < N; i++) s = A[i];
  for (int j = 0; j < N; j++) B[j] = A[j] * s;
}
