// Local arrays initialised with a brace list (run-init-arrays-pocl.test).

// A 5-tap binomial filter: a function-scope table of int constants in a
// float array.
void blur5(int n, const float in[n + 4], float out[n]) {
  const float g[5] = {1, 4, 6, 4, 1};
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < 5; k++)
      s += g[k] * in[i + k];
    out[i] = s / 16.0f;
  }
}

// Tables declared in the loop body (each iteration's own): nested braces,
// elements the list leaves out (zero), a designator.
void sobel(int h, int w, const float in[h][w], float out[h][w]) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      const int kx[3][3] = {{-1, 0, 1}, {-2, 0, 2}, {-1, 0, 1}};
      int extra[4] = {[2] = 3};
      float gx = 0.0f;
      for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++)
          gx += kx[dy][dx] * in[y + dy - 1][x + dx - 1];
      out[y][x] = gx + extra[0] + extra[2] + extra[3];
    }
}

// A `static const` table: the same values at every call, so the same as
// an ordinary local initialised in the function.
void blur5_static(int n, const float in[n + 4], float out[n]) {
  static const float g[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16,
                             1.0f / 16};
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < 5; k++)
      s += g[k] * in[i + k];
    out[i] = s;
  }
}

// The pair: a static local that is not const keeps its values from one
// call to the next, which no kernel can.
void counted(int n, const float in[n], float out[n]) {
  static int calls = 0;
  for (int i = 0; i < n; i++)
    out[i] = in[i] + calls;
}
