/* The host glue called from C (compiled as C, not C++): jacobi_2d
 * (host_jacobi_2d.c) and sum (return_value.c) through their glue, against
 * the C functions themselves, compiled into this program as jacobi_2d_ref
 * and sum_ref.
 *   glue_from_c errors T N   no device: every glue function returns the
 *                            documented code and message, arrays unchanged
 *   glue_from_c session T N  the session API: upload once, run several
 *                            times, download; equal bit for bit to the C
 *                            function called as many times */
/* The declarations looptile generated next to each glue (FILE.host.h),
   which include looptile/Runtime/Glue.h. */
#include "jacobi.host.h"
#include "sum.host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void jacobi_2d_ref(int T, int N, float A[N][N], float B[N][N]);
float sum_ref(int n, const float *restrict A);

static int Failures = 0;

static void expect(int Ok, const char *What) {
  printf("%s %s\n", Ok ? "ok" : "FAIL", What);
  if (!Ok)
    ++Failures;
}

/* The outcome of the last glue call, printed for FileCheck. */
static void outcome(const char *Call) {
  printf("%s: code %d message '%s'\n", Call, looptile_last_error(),
         looptile_last_error_message());
}

static void init(int N, float *A, float *B, int Seed) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i * N + j] = (float)((i * 7 + j * 13 + Seed) % 17) / 16.0f;
      B[i * N + j] = (float)((i * 3 + j * 5 + Seed) % 11) / 8.0f;
    }
}

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  int T = atoi(argv[2]), N = atoi(argv[3]);
  size_t Bytes = sizeof(float) * (size_t)N * (size_t)N;
  float *A = malloc(Bytes), *B = malloc(Bytes), *RA = malloc(Bytes),
        *RB = malloc(Bytes), *V = malloc(sizeof(float) * (size_t)N * N);
  init(N, A, B, 0);
  memcpy(RA, A, Bytes);
  memcpy(RB, B, Bytes);
  for (int i = 0; i < N * N; i++)
    V[i] = (float)(i % 29) - 14.0f;

  if (!strcmp(argv[1], "errors")) {
    expect(looptile_last_error() == LOOPTILE_OK &&
               !strcmp(looptile_last_error_message(), ""),
           "no error before any call");
    jacobi_2d(T, N, A, B);
    outcome("jacobi_2d");
    expect(looptile_last_error() == LOOPTILE_ERROR_OPENCL,
           "drop-in: OpenCL error code");
    expect(!memcmp(A, RA, Bytes) && !memcmp(B, RB, Bytes),
           "drop-in: arrays unchanged");
    /* A second call tries again (and fails again). */
    jacobi_2d(T, N, A, B);
    expect(looptile_last_error() == LOOPTILE_ERROR_OPENCL,
           "drop-in: second call, OpenCL error code");
    float S = sum(N * N, V);
    outcome("sum");
    expect(S == 0.0f && looptile_last_error() == LOOPTILE_ERROR_OPENCL,
           "returned value 0 on error");
    struct jacobi_2d_session *J = jacobi_2d_session_create();
    outcome("jacobi_2d_session_create");
    expect(J == NULL && looptile_last_error() == LOOPTILE_ERROR_OPENCL,
           "create: NULL and OpenCL error code");
    expect(jacobi_2d_session_upload(J, T, N, A, B) == LOOPTILE_ERROR_USAGE,
           "upload to NULL: usage error code");
    outcome("jacobi_2d_session_upload");
    expect(jacobi_2d_session_run(J, 3) == LOOPTILE_ERROR_USAGE,
           "run of NULL: usage error code");
    expect(jacobi_2d_session_download(J) == LOOPTILE_ERROR_USAGE,
           "download of NULL: usage error code");
    jacobi_2d_session_destroy(J);
    expect(looptile_last_error() == LOOPTILE_OK &&
               !strcmp(looptile_last_error_message(), ""),
           "destroy of NULL: no error");
    expect(!memcmp(A, RA, Bytes) && !memcmp(B, RB, Bytes),
           "arrays unchanged at the end");
  } else {
    /* The session: T steps per run, 3 runs, against 3 calls of the C. */
    struct jacobi_2d_session *J = jacobi_2d_session_create();
    expect(J != NULL, "create");
    expect(jacobi_2d_session_download(J) == LOOPTILE_ERROR_USAGE,
           "download before upload: usage error code");
    outcome("jacobi_2d_session_download");
    expect(jacobi_2d_session_upload(J, T, N, A, B) == LOOPTILE_OK, "upload");
    expect(jacobi_2d_session_run(J, 2) == LOOPTILE_OK &&
               jacobi_2d_session_run(J, 1) == LOOPTILE_OK,
           "run 2 + 1 times");
    expect(!memcmp(A, RA, Bytes), "the host's A untouched before download");
    expect(jacobi_2d_session_download(J) == LOOPTILE_OK &&
               looptile_last_error() == LOOPTILE_OK,
           "download");
    for (int c = 0; c < 3; c++)
      jacobi_2d_ref(T, N, (float(*)[N])RA, (float(*)[N])RB);
    expect(!memcmp(A, RA, Bytes) && !memcmp(B, RB, Bytes),
           "3 runs equal 3 calls of the C function, bit for bit");
    /* New data into the same session, run 0 times then 2. */
    init(N, A, B, 5);
    memcpy(RA, A, Bytes);
    memcpy(RB, B, Bytes);
    expect(jacobi_2d_session_upload(J, T, N, A, B) == LOOPTILE_OK &&
               jacobi_2d_session_run(J, 0) == LOOPTILE_OK &&
               jacobi_2d_session_download(J) == LOOPTILE_OK &&
               !memcmp(A, RA, Bytes) && !memcmp(B, RB, Bytes),
           "0 runs: the data comes back unchanged");
    expect(jacobi_2d_session_run(J, 2) == LOOPTILE_OK &&
               jacobi_2d_session_download(J) == LOOPTILE_OK,
           "2 more runs on the data still on the device");
    for (int c = 0; c < 2; c++)
      jacobi_2d_ref(T, N, (float(*)[N])RA, (float(*)[N])RB);
    expect(!memcmp(A, RA, Bytes) && !memcmp(B, RB, Bytes),
           "2 runs equal 2 calls of the C function, bit for bit");
    expect(jacobi_2d_session_run(J, -1) == LOOPTILE_ERROR_USAGE,
           "negative count: usage error code");
    outcome("jacobi_2d_session_run");
    jacobi_2d_session_destroy(J);
    /* The drop-in replacement next to the session. */
    jacobi_2d(T, N, A, B);
    jacobi_2d_ref(T, N, (float(*)[N])RA, (float(*)[N])RB);
    expect(looptile_last_error() == LOOPTILE_OK && !memcmp(A, RA, Bytes) &&
               !memcmp(B, RB, Bytes),
           "drop-in call");
    /* A returned value through download. */
    struct sum_session *S = sum_session_create();
    float Value = -1.0f;
    expect(sum_session_upload(S, N * N, V) == LOOPTILE_OK &&
               sum_session_run(S, 2) == LOOPTILE_OK,
           "sum: upload, run twice");
    expect(sum_session_download(S, NULL) == LOOPTILE_ERROR_USAGE,
           "sum: download into NULL: usage error code");
    expect(sum_session_download(S, &Value) == LOOPTILE_OK &&
               Value == sum_ref(N * N, V),
           "sum: the returned value");
    sum_session_destroy(S);
    expect(sum(N * N, V) == sum_ref(N * N, V) &&
               looptile_last_error() == LOOPTILE_OK,
           "sum: drop-in");
  }
  printf("%d failures\n", Failures);
  free(A);
  free(B);
  free(RA);
  free(RB);
  free(V);
  return Failures != 0;
}
