/* i <= N writes A[N], one past the end, whatever N is. */
void off_by_one(int N, float A[N]) {
  for (int i = 0; i <= N; i++)
    A[i] = 1.0f;
}
