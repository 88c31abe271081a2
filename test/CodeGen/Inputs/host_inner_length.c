// The sequential chain inside each work-item (k, l) has a length that
// depends on the host loop's variable j (fuzz seed 153): the manifest's
// reduction_length takes j at its largest, a formula over the sizes only.
void inner_length(int N, int K, float A[K][4]) {
  for (int j = N; j >= 2; j--)
    for (int t = 1; t < K; t++)
      for (int k = 0; k < j + 2; k++)
        for (int l = 0; l < 3; l++)
          A[t][l] = A[t][l] * 0.5f + A[t][l + 1];
}
