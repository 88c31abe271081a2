/* One function of three can be generated: the others are running sums
 * (each iteration reads the one before), which no kernel maps. */
void running(int n, float *restrict x) {
  for (int i = 1; i < n; i++)
    x[i] = x[i] + x[i - 1];
}

void scale(int n, float a, float *restrict x) {
  for (int i = 0; i < n; i++)
    x[i] = a * x[i];
}

void running2(int n, float *restrict x) {
  for (int i = 2; i < n; i++)
    x[i] = x[i] - x[i - 2];
}
