/* Names the reference shim used to define (looptile_reference, args) and the
   ones it defines now, taken by the source: the shim must still build and
   call scale(). */
#define looptile_shim_args looptile_shim_args_taken
#define args 3
void looptile_reference(void **p) { (void)p; }
void looptile_shim_entry(void) {}

void scale(int N, const float A[N], float B[N]) {
  for (int i = 0; i < N; i++)
    B[i] = A[i] * 2.0f + (float)args;
}
