/* Element types of every width and signedness for the kernel tests. */
#include <stdint.h>

/* A 3x3 box blur on 8-bit pixels: the sum is an int (C promotes unsigned
 * char), the division truncates, the border is copied. */
void blur3x3(int h, int w, const unsigned char in[h][w], unsigned char out[h][w]) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      if (y > 0 && y < h - 1 && x > 0 && x < w - 1) {
        int s = 0;
        for (int dy = -1; dy <= 1; dy++)
          for (int dx = -1; dx <= 1; dx++)
            s += in[y + dy][x + dx];
        out[y][x] = (unsigned char)(s / 9);
      } else {
        out[y][x] = in[y][x];
      }
    }
}

/* Promotions, wrap-around and literal suffixes: a[i] - 200 is a negative
 * int, 3u makes the product unsigned, the result is truncated to short;
 * (unsigned char)(a + b) wraps at 256. */
void mixed_types(int n, const unsigned char a[n], const signed char b[n], short c[n],
         unsigned short d[n], uint32_t e[n], long long f[n], unsigned char t) {
  for (int i = 1; i + 1 < n; i++) {
    c[i] = (short)(a[i] - 200) * 3u % 1000u + 'a';
    d[i] = (unsigned char)(a[i] + b[i]) + (a[i - 1] > t ? 1 : 0);
    e[i] = (uint32_t)b[i] * 7u;
    f[i] = (long long)b[i] * 100000 + a[i + 1];
  }
}
