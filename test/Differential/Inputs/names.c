/* Identifiers reserved elsewhere: OpenCL built-in names (dot, length, min)
 * are plain C and stay as they are in --emit=c; names of <math.h> macros
 * (INFINITY, isnan) are renamed there, because the emitted C includes
 * <math.h> for sqrtf. A loop variable ii is taken, so strip-mining i names
 * its tile loop ii_2. */
float sqrtf(float);

void dot(int length, int n, float min[length][n], const float x[length][n],
         float INFINITY, float isnan) {
  for (int ii = 0; ii < length; ii++)
    min[ii][0] = x[ii][0];
  for (int i = 0; i < length; i++)
    for (int j = 0; j < n; j++)
      min[i][j] = sqrtf(x[i][j]) * INFINITY + isnan;
}
