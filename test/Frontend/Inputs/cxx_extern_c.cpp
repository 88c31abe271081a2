// C++ input: the functions with C linkage (an extern "C" block or
// declaration) are looptile's; a C++ function calling C++ code is skipped.
#include <cstddef>

extern "C" {
void saxpy(int n, float a, const float *__restrict x, float *__restrict y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
}

extern "C" void clamp_scale(std::size_t n, float *__restrict x) {
  for (std::size_t i = 0; i < n; i++)
    x[i] = 2.0f * x[i] + (x[i] > 1.0f ? 1.0f : 0.0f);
}

namespace util {
inline float sq(float v) { return v * v; }
} // namespace util

void squares(int n, float *__restrict x) {
  for (int i = 0; i < n; i++)
    x[i] = util::sq(x[i]);
}
