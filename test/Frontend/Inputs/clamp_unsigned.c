#include <stddef.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define IDX(x) ((int)(x))

/* The form a random program found (seed 143674): the arm i + 2 runs only
   where 2*N - 2 > i, so it stays inside A for every N. */
void shift_unsigned(unsigned N, const int A[2 * N], int *restrict out) {
  for (unsigned i = 0; i < N; i++)
    out[i] = A[2 * N - 2 <= i ? i : i + 2];
}

/* The same through conversions to int. */
void shift_cast(unsigned N, const int A[2 * N], int *restrict out) {
  for (unsigned i = 0; i < N; i++)
    out[i] = A[2 * IDX(N) - 2 <= IDX(i) ? i : i + 2];
}

/* A clamp to the edge in size_t. */
void blur_size_t(size_t w, const float in[w], float *restrict out) {
  for (size_t x = 0; x < w; x++)
    out[x] = 0.25f * in[MAX(x, 1) - 1] + 0.5f * in[x] +
             0.25f * in[MIN(x + 1, w - 1)];
}

/* Where i < K, i - K wraps around and the condition is false: the second
   arm reads A[K - 1 - i], inside A only where K <= N. */
void wraps(unsigned N, unsigned K, const int A[N], int *restrict out) {
  for (unsigned i = 0; i < N; i++)
    out[i] = i - K < N ? A[i] : A[K - 1 - i];
}

/* The arm's condition does not keep x - 1 from wrapping: refused. */
void blur_unguarded(size_t w, const float in[w], float *restrict out) {
  for (size_t x = 0; x < w; x++)
    out[x] = x < w ? in[x - 1] : in[0];
}
