void scale(int N, float alpha, short k, const float x[N], const int m[N],
           float y[N], int z[N]) {
  for (int i = 0; i < N; i++) {
    y[i] = alpha * x[i];
    z[i] = k * m[i];
  }
}
