/* A function-scope scalar whose value flows from one nest to the next. */
void sc3(int N, const float A[N], float B[N]) {
  float s;
  for (int i = 0; i < 1; i++) s = A[0];
  for (int j = 0; j < N; j++) B[j] = A[j] * s;
}
