/* Reference for the transpose fixtures: A is height x width, B is
 * width x height, both linearized: B[j*height + i] = A[i*width + j]. */
void transpose(int height, int width, const float *A, float *B) {
  for (int i = 0; i < height; i++)
    for (int j = 0; j < width; j++)
      B[j * height + i] = A[i * width + j];
}
