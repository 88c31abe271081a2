/* One kernel function and a main program printing with printf. */
#include <stdio.h>
#include <stdlib.h>

void scale(int n, float a, float X[n]) {
  for (int i = 0; i < n; i++)
    X[i] = a * X[i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  float *X = malloc(n * sizeof(float));
  for (int i = 0; i < n; i++)
    X[i] = (float)i;
  scale(n, 2.0f, X);
  for (int i = 0; i < n; i++)
    printf("%g\n", X[i]);
  free(X);
  return 0;
}
