/* Lecture 04, the third loop example: S0 -> S0 on A has direction [<, >].
 * Loop j is parallel (the dependence is carried by i), and interchanging i
 * and j is illegal: it would make '>' the leftmost non-'=' entry. */
void nest3(int N, float A[N][N + 1]) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
}
