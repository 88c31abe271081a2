/* A function and parameters named like OpenCL C built-ins and keywords
 * (dot, length, min, half, global, kernel), C++ keywords (class, new: the
 * host glue is C++) and a loop variable named like an OpenCL type (uint). */
void dot(int length, int n, const float x[length][n], const float global[n],
         float min[length], float half, float class[length],
         const float new[n]) {
  for (int uint = 0; uint < length; uint++) {
    float kernel = 0.0f;
    for (int j = 0; j < n; j++)
      kernel += x[uint][j] * global[j] * new[j];
    min[uint] = kernel * half;
    class[uint] = kernel + half;
  }
}
