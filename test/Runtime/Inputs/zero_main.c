/* Calls the generated drop-in jacobi_2d (and its session API) with sizes of
   0 and a negative one (zero-size.test). A call with T = 0 or N = 0 does
   what the C function does: nothing (the arrays keep their values); a
   negative size is a usage error (2). Prints one line per call. */
#include "looptile/Runtime/Glue.h"
#include <stdio.h>

void jacobi_2d(int T, int N, float *A, float *B);
struct jacobi_2d_session;
struct jacobi_2d_session *jacobi_2d_session_create(void);
int jacobi_2d_session_upload(struct jacobi_2d_session *s, int T, int N,
                             float *A, float *B);
int jacobi_2d_session_run(struct jacobi_2d_session *s, int times);
int jacobi_2d_session_download(struct jacobi_2d_session *s);
void jacobi_2d_session_destroy(struct jacobi_2d_session *s);

static float A[16], B[16];

static int unchanged(void) {
  for (int i = 0; i < 16; i++)
    if (A[i] != (float)i || B[i] != (float)-i)
      return 0;
  return 1;
}

static void report(const char *what) {
  printf("%s: code %d, arrays %s\n", what, looptile_last_error(),
         unchanged() ? "unchanged" : "CHANGED");
}

int main(void) {
  for (int i = 0; i < 16; i++) {
    A[i] = (float)i;
    B[i] = (float)-i;
  }
  jacobi_2d(0, 4, A, B);
  report("T=0 N=4");
  jacobi_2d(3, 0, NULL, NULL);
  report("T=3 N=0 null arrays");
  jacobi_2d(0, 0, A, B);
  report("T=0 N=0");
  jacobi_2d(-1, 4, A, B);
  report("T=-1 N=4");
  struct jacobi_2d_session *s = jacobi_2d_session_create();
  int e1 = jacobi_2d_session_upload(s, 0, 4, A, B);
  int e2 = jacobi_2d_session_run(s, 5);
  int e3 = jacobi_2d_session_download(s);
  printf("session T=0 N=4: %d %d %d\n", e1, e2, e3);
  report("session T=0 N=4");
  jacobi_2d_session_destroy(s);
  /* The same sizes the C way: T = 1, N = 4 changes the interior. */
  jacobi_2d(1, 4, A, B);
  report("T=1 N=4");
  return 0;
}
