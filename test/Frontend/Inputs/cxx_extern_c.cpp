// C++ input: the functions with C linkage (an extern "C" block or
// declaration) are looptile's; so is a free function in the C subset, whose
// call to an inline helper is inlined (squares); a call to a recursive
// helper is refused, and the function skipped (totals).
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
inline float halve(float v) { return v <= 1.0f ? v : halve(v / 2.0f); }
} // namespace util

void squares(int n, float *__restrict x) {
  for (int i = 0; i < n; i++)
    x[i] = util::sq(x[i]);
}

void totals(int n, float *__restrict x) {
  for (int i = 0; i < n; i++)
    x[i] = util::halve(x[i]);
}
