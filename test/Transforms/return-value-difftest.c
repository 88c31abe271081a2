// Functions returning a scalar, through transformations: the differential
// tester compares the returned values too (bit-identical), and can fail on
// them alone. Expanding a scalar that the return reads copies its last value
// out (the return makes it live after the loop).
// RUN: %difftest %s --function dot -- --function dot --strip-mine i=3
// RUN: %difftest %s --function count_pos -- --function count_pos --strip-mine i=4
// RUN: %difftest %s --function last_t -- --function last_t --expand t
// RUN: %difftest %s --function last_t -- --function last_t --expand t --distribute i
// RUN: not %difftest %s --function dot --transformed %S/Inputs/ret_wrong.c > %t
// RUN: FileCheck %s --check-prefix=WRONG < %t
// WRONG: function dot, sizes n=2: the returned value differs: expected {{.*}}, got {{.*}}
// WRONG: summary: 1 FAIL

float dot(int n, const float a[n], const float b[n]) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

int count_pos(int n, const float a[n]) {
  int c = 0;
  for (int i = 0; i < n; i++)
    if (a[i] > 0.75f)
      c += 1;
  return c * 2;
}

float last_t(int n, const float a[n], float b[n]) {
  float t = 0.0f;
  for (int i = 0; i < n; i++) {
    t = a[i] * 2.0f;
    b[i] = t;
  }
  return t;
}
