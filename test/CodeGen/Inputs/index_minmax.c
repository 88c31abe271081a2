/* Loops of index types other than int whose bounds mix a loop variable with
 * a constant through MIN/MAX: each bound's arguments have different types
 * (long and int), as C's conditional converts them. */
#include <stddef.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void band_long(long n, const float A[n], float B[n]) {
  for (long i = 0; i < n; i++)
    for (long j = MAX(i - 1, 0); j < MIN(i + 4, n); j++)
      B[i] += A[j];
}

void band_size(size_t n, const float A[n], float B[n]) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = i; j < MIN(i + 3, n); j++)
      B[i] += A[j] * 2.0f;
}

void window_unsigned(unsigned n, const float A[n], float B[n]) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = MAX(i, 2u); j < MIN(i + 3u, n); j++)
      B[i] += A[j - 2u];
}

/* A whole-nest (tree) reduction over a long loop that starts at 1: its
 * trip count max(M - 2, 0) mixes long and int (found by the generator's
 * index-types class, utils/fuzz/findings/opencl-long-size-tree-reduction-max.c). */
void tree_long(long M, const int A[M], int B[1]) {
  int red = 0;
  for (long i = 1; i < M - 1; i++)
    red += A[i];
  B[0] = red;
}
