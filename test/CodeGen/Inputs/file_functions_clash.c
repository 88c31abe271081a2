/* Two functions whose kernels would share a name in one .cl: f's two
 * nests become kernels f_k0 and f_k1, and the function f_k0's one nest a
 * kernel f_k0. */
void f(int n, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    a[i] = 1.0f;
  for (int i = 0; i < n; i++)
    b[i] = 2.0f;
}

void f_k0(int n, float *restrict c) {
  for (int i = 0; i < n; i++)
    c[i] = 3.0f;
}
