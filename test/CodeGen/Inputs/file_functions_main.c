/* Calls saxpy and smooth (file_functions.c) through the one host glue of
 * the file and the C functions themselves, compiled into this program as
 * saxpy_ref and smooth_ref; prints whether they agree bit for bit. */
#include "looptile/Runtime/Glue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void saxpy(int n, float a, const float *x, float *y);
void smooth(int T, int n, float *A, float *B);
void saxpy_ref(int n, float a, const float *restrict x, float *restrict y);
void smooth_ref(int T, int n, float A[n], float B[n]);

int main(int argc, char **argv) {
  int T = atoi(argv[1]), n = atoi(argv[2]);
  size_t Bytes = sizeof(float) * (size_t)n;
  float *x = malloc(Bytes), *y = malloc(Bytes), *ry = malloc(Bytes),
        *A = malloc(Bytes), *B = malloc(Bytes), *RA = malloc(Bytes),
        *RB = malloc(Bytes);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 13) - 6.0f;
    y[i] = ry[i] = (float)(i % 7) * 0.5f;
    A[i] = RA[i] = (float)((i * 5) % 11) / 4.0f;
    B[i] = RB[i] = 0.0f;
  }
  saxpy(n, 1.5f, x, y);
  int SaxpyError = looptile_last_error();
  smooth(T, n, A, B);
  int SmoothError = looptile_last_error();
  saxpy_ref(n, 1.5f, x, ry);
  smooth_ref(T, n, RA, RB);
  printf("saxpy: error %d, %s\n", SaxpyError,
         memcmp(y, ry, Bytes) ? "DIFFERENT" : "equal to the C");
  printf("smooth: error %d, %s\n", SmoothError,
         memcmp(A, RA, Bytes) || memcmp(B, RB, Bytes) ? "DIFFERENT"
                                                      : "equal to the C");
  free(x);
  free(y);
  free(ry);
  free(A);
  free(B);
  free(RA);
  free(RB);
  return 0;
}
