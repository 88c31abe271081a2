/* im2col with flat indices, as people write it: the output extents in
   locals, every subscript one flat index (issue 26). */
void im2col(int C, int H, int W, int K, const float *in, float *col) {
  int OH = H - K + 1, OW = W - K + 1;
  for (int c = 0; c < C; c++)
    for (int kh = 0; kh < K; kh++)
      for (int kw = 0; kw < K; kw++)
        for (int oh = 0; oh < OH; oh++)
          for (int ow = 0; ow < OW; ow++)
            col[((c * K + kh) * K + kw) * OH * OW + oh * OW + ow] =
                in[(c * H + oh + kh) * W + ow + kw];
}
