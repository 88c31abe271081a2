/* A kernel function and the main program that uses it, printing with
 * printf: looptile handles scale() and skips main() with a warning. */
#include <stdio.h>
#include <stdlib.h>

void scale(int n, float a, float X[n]) {
  for (int i = 0; i < n; i++)
    X[i] = a * X[i];
}

void fill(int n, float X[n]) {
  for (int i = 0; i < n; i++)
    X[i] = (float)(i % 7);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  float *X = malloc(n * sizeof(float));
  fill(n, X);
  scale(n, 2.0f, X);
  for (int i = 0; i < n; i++)
    printf("%g\n", X[i]);
  free(X);
  return 0;
}
