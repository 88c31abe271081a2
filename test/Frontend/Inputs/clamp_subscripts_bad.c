#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
void scatter_clamped(int n, float A[n]) {
  for (int i = 0; i < n; i++)
    A[MIN(i + 1, n - 1)] = 1.0f;
}
void too_many(int n, const float A[n][n][n][n][n], float B[n]) {
  for (int i = 0; i < n; i++)
    B[i] = A[MIN(i + 1, n - 1)][MAX(i - 1, 0)][MIN(i + 2, n - 1)][MAX(i - 2, 0)][MIN(i + 3, n - 1)];
}
void scatter_temp(int n, float A[n]) {
  for (int i = 0; i < n; i++) {
    const int ip = MIN(i + 1, n - 1);
    A[ip] = 2.0f;
  }
}
