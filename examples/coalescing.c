/* Lecture 04, "Motivation: Coalesced Accesses to Global Memory": loop i is
 * parallel; loop j is sequential because of the loop-carried flow
 * dependence on accum; tmpA is private to each iteration of j. */
void coalescing(int height, int width, const float A[height][width],
                float B[height][width]) {
  for (int i = 0; i < height; i++) {
    float accum = 0.0f;
    for (int j = 0; j < width; j++) {
      float tmpA = A[i][j];
      accum = tmpA * tmpA - accum;
      B[i][j] = accum;
    }
  }
}
