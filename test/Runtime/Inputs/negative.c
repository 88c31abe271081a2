/* An image negative in place: one byte per pixel, so 46341 x 46341 pixels
 * (2.1 GB) are more than 2^31 elements. */
#include <stdint.h>

void negative(int h, int w, uint8_t img[h][w]) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      img[y][x] = 255 - img[y][x];
}
