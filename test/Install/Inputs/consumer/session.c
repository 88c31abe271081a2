/* Includes the header looptile_add_opencl generates (NAME mmm_s: the
   output directory is on this target's include path) and runs mmm() twice
   through the session API on data that stays on the device, against its
   own triple loop. */
#include "mmm_s.host.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  enum { M = 37, N = 29, K = 19 };
  static float A[M * K], B[K * N], C[M * N];
  for (int i = 0; i < M * K; i++)
    A[i] = (float)(i % 7) - 3.0f;
  for (int i = 0; i < K * N; i++)
    B[i] = (float)(i % 5) * 0.5f;
  struct mmm_session *s = mmm_session_create();
  int err = s ? mmm_session_upload(s, M, N, K, A, B, C) : looptile_last_error();
  if (!err)
    err = mmm_session_run(s, 2);
  if (!err)
    err = mmm_session_download(s);
  mmm_session_destroy(s);
  if (err) {
    printf("session: error %d: %s\n", err, looptile_last_error_message());
    return 1;
  }
  double worst = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float t = 0.0f;
      for (int k = 0; k < K; k++)
        t += A[i * K + k] * B[k * N + j];
      worst = fmax(worst, fabs((double)t - C[i * N + j]));
    }
  printf("session %dx%dx%d: max difference %g\n", M, N, K, worst);
  return worst > 1e-3;
}
