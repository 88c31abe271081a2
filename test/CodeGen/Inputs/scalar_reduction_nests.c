/* A sum computed by one nest, read by the next. */
void scsum(int N, const float A[N], float B[N]) {
  float s;
  for (int i = 0; i < 1; i++) s = 0.0f;
  for (int i = 0; i < N; i++) s += A[i];
  for (int j = 0; j < N; j++) B[j] = A[j] * s;
}
