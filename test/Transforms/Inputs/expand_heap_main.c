// Runs the original and the transformed acc (expand-heap-scopes.c) on the same
// inputs and compares every result bit for bit.
#include <stdio.h>
#include <string.h>

void acc_orig(int N, const float A[N][48], float B[48]);
void acc_xf(int N, const float A[N][48], float B[48]);

int main(void) {
  static const int Sizes[] = {1, 5, 33};
  for (int S = 0; S < 3; ++S) {
    int N = Sizes[S];
    float A[33][48], B1[48], B2[48];
    for (int I = 0; I < N; ++I)
      for (int J = 0; J < 48; ++J)
        A[I][J] = (float)((I * 37 + J * 11) % 17) / 8.0f - 1.0f;
    for (int J = 0; J < 48; ++J)
      B1[J] = B2[J] = (float)J / 4.0f;
    acc_orig(N, (const float(*)[48])A, B1);
    acc_xf(N, (const float(*)[48])A, B2);
    if (memcmp(B1, B2, sizeof B1) != 0) {
      printf("different results at N = %d\n", N);
      return 1;
    }
  }
  printf("same results at N = 1, 5, 33\n");
  return 0;
}
