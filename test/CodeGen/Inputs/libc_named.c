/* Functions named like the C library's: the host glue's headers declare
 * select (<sys/select.h>) and random (<stdlib.h>) with other parameters. */
void select(int n, int A[n], const int B[n]) {
  for (int i = 0; i < n; i++)
    A[i] = B[i] + 1;
}

void random(int n, float x[n]) {
  for (int i = 0; i < n; i++)
    x[i] = 2.0f * x[i];
}
