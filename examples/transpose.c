/* Matrix transposition as the lecture writes it for OpenCL (lecture 04,
 * "Uncoalesced Transposition Kernel"): A is height x width, B is
 * width x height, both linearized. Both loops are parallel; the write to B
 * is strided, which the block-tiled kernel fixes with a local-memory tile. */
void transpose(int height, int width, const float *restrict A,
               float *restrict B) {
  for (int i = 0; i < height; i++)
    for (int j = 0; j < width; j++)
      B[j * height + i] = A[i * width + j];
}
