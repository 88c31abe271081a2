/* Results beyond 1e154, whose squares overflow a double: the exact
   comparison must still find equal results equal (exact-huge.test). */
void scale_huge(int n, const double x[n], double y[n]) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 1e200;
}
