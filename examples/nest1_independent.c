/* Lecture 04, the first of the three loop examples: every iteration reads
 * and writes only its own element, direction matrix S0 -> S0: [=, =]. Both
 * loops are parallel and interchange is legal. */
void nest1(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[j][i] = A[j][i] + 1.0f;
}
