/* Lecture 04, the second loop example: S0 -> S0 on A has direction [=, <]
 * (carried by j), S1 -> S1 on B has [<, <] (carried by i). Neither loop is
 * parallel as written; interchanging them is legal ([=, <] becomes [<, =])
 * and makes the new inner loop, i, parallel. */
void nest2(int N, float A[N][N], float B[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      A[j][i] = A[j - 1][i] * 2.0f;
      B[j][i] = B[j - 1][i - 1] + 1.0f;
    }
}
