/* PolyBench's shape: main() calls utility functions defined in another
   file (polybench.c), which the reference shim does not link; the kernel
   function calls only what this file defines. */
#include <stdlib.h>

void *bench_alloc_data(unsigned long n, int size);
void bench_timer_start(void);
extern int bench_counters[4];

static float scaled(float x) { return 2.0f * x; }

void kernel_axpy(int n, float alpha, const float x[n], float y[n]) {
  for (int i = 0; i < n; i++)
    y[i] = y[i] + alpha * scaled(x[i]);
}

int main(int argc, char **argv) {
  int n = 100 + bench_counters[0];
  float *x = bench_alloc_data(n, sizeof(float));
  float *y = bench_alloc_data(n, sizeof(float));
  bench_timer_start();
  kernel_axpy(n, 0.5f, x, y);
  free(x);
  free(y);
  return 0;
}
