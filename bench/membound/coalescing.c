/* Lecture 04's coalescing program (examples/coalescing.c): a running value
   along each row. */
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
