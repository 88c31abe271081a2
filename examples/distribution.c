/* Lecture 04, "Vectorization Example" for loop distribution: S1 -> S0 on B
 * with direction [<] and S1 -> S1 on B with [<]. S1 is a recurrence and
 * stays sequential; S0 can be distributed into its own parallel loop, which
 * must run after S1's loop (graph order, not textual order). */
void distribution(int N, float A[N], float B[N]) {
  for (int i = 3; i < N; i++) {
    A[i] = B[i - 2] * 0.5f;
    B[i] = B[i - 1] + 1.0f;
  }
}
