/* Parameters named like OpenCL built-ins (length, half, dot), used in the
 * conditions of guards: an affine one on the size, one on data, and a
 * conditional value, and in the returned value. */
float renamed_guards(int length, const float half[length],
                     float dot[length]) {
  float s = 0.0f;
  for (int i = 0; i < length; i++) {
    if (i < length - 1 && half[i] > 0.5f)
      dot[i] = half[i] + half[i + 1];
    else
      dot[i] = half[i] > 1.0f ? half[i] : -half[i];
  }
  for (int i = 0; i < length; i++)
    s += dot[i];
  return s + (float)length;
}

/* The first loop alone: a parallel loop, a naive kernel. */
void renamed_naive(int length, const float half[length], float dot[length]) {
  for (int i = 0; i < length; i++) {
    if (i < length - 1 && half[i] > 0.5f)
      dot[i] = half[i] + half[i + 1];
    else
      dot[i] = half[i] > 1.0f ? half[i] : -half[i];
  }
}
