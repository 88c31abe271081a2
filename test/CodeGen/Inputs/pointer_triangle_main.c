/* Calls ptri() (the C or the host glue) on an array of exactly the size the
   C touches, placed so that it ends where an inaccessible page begins: any
   read or write past it crashes. Then checks every element. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

void ptri(int M, int N, float *A);

int main(int argc, char **argv) {
  int M = argc > 2 ? atoi(argv[1]) : 9, N = argc > 2 ? atoi(argv[2]) : 4;
  /* The exact extent: one more than the largest index the loops touch. */
  long Extent = 0;
  for (int i = 0; i < M; i++)
    for (int k = i; k < N; k++)
      if ((long)i * N + k + 1 > Extent)
        Extent = (long)i * N + k + 1;
  long Page = sysconf(_SC_PAGESIZE);
  long Bytes = Extent * (long)sizeof(float);
  long Pages = (Bytes + Page - 1) / Page + 1;
  char *Base = mmap(NULL, Pages * Page, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Base == MAP_FAILED || mprotect(Base + (Pages - 1) * Page, Page, PROT_NONE))
    return 2;
  float *A = (float *)(Base + (Pages - 1) * Page - Bytes);
  for (long e = 0; e < Extent; e++)
    A[e] = (float)(e % 7) - 3.0f;
  ptri(M, N, A);
  long Bad = 0;
  for (long e = 0; e < Extent; e++) {
    long i = e / N, k = e % N;
    float Old = (float)(e % 7) - 3.0f;
    float Want = (i < M && k >= i) ? Old * 2.0f + (float)(i + k) : Old;
    Bad += A[e] != Want;
  }
  printf("ptri M=%d N=%d: %ld elements, %ld wrong\n", M, N, Extent, Bad);
  return Bad != 0;
}
