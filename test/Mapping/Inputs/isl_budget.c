/* Fuzz seed 1610066 (the generator's derived-sizes class: N written 4*N_q +
   N_r): isl's scheduler took 70 s on the split index sets of the last nest
   before its operations had a budget (isl-budget.test). */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define C1 5
#define NEG(x) (-(x))
int f(int N, int ni, int A[38][39][35]) {
  int N_q = N / 4;
  int N_r = N % 4;
  int s = -4;
  int t = -5;
  int T[ni];
  A[3][1][3] = (A[3][0][5] - N - A[0][0][1] % 1000 * (A[2][3][0] % 100)) % 65536;
  for (int i = 0; i <= (4*N_q + N_r); i++) {
    for (int ii = 0; ii <= i; ii++) {
      if (A[i][ii][i] > -2) A[i][ii][i] -= (ii * A[i][ii + 1][i + 1] + A[ii][i][i + 1]) % 100 * (A[i + 2][ii + 1][i] % 1000) % 16;
      s++;
      A[ii + 2][i][ii]++;
    }
  }
  for (int i = 0; i < ni; i++) {
    T[i] = ((int)((float)(s) * 0.5f) + (int)((float)(t) * 0.5f)) % 7;
  }
  for (int i = 2; ni >= i; i++) {
    for (int j = ni - 1; j > 1; j--) {
      for (int k = (4*N_q + N_r) - 1; k > 1; k--) {
        for (int l = 0; l <= 2; l++) {
          A[j - 1][j + 1][2*l] += A[j - 2][j - 1][2*l + 2] % ((T[j - 1] + A[i + 2][j + 2][k - 2]) % 2 + 2);
          A[k + 2][i - 1][l] = j + i;
          T[j - 2] += -NEG(j);
        }
      }
    }
  }
  return s;
}
