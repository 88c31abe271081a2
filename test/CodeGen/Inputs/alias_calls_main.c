/* The host glue of alias_calls.c called with overlapping arrays, against
 * the C functions compiled in as shift_ref and add_ref. */
#include "looptile/Runtime/Glue.h"

#include <stdio.h>
#include <string.h>

void shift(int n, float *a, const float *b);
void add(int n, const float *a, const float *b, float *c);
struct shift_session;
struct shift_session *shift_session_create(void);
int shift_session_upload(struct shift_session *session, int n, float *a,
                         const float *b);
void shift_session_destroy(struct shift_session *session);
void shift_ref(int n, float *a, const float *b);
void add_ref(int n, const float *a, const float *b, float *c);

enum { N = 100 };
static int Failures = 0;

static void expect(int Ok, const char *What) {
  printf("%s %s\n", Ok ? "ok" : "FAIL", What);
  if (!Ok)
    ++Failures;
}

static void init(float *X, int Count) {
  for (int i = 0; i < Count; i++)
    X[i] = (float)i;
}

int main(void) {
  float X[N + 1], Y[N + 1], Keep[N + 1];
  /* a = b + 1: in C, a[i] = b[i] + 1 reads what the previous iteration
   * wrote, 0 1 2 3 ...; the glue cannot reproduce that and refuses. */
  init(X, N + 1);
  memcpy(Keep, X, sizeof X);
  shift(N, X + 1, X);
  printf("shift(x + 1, x): code %d message '%s'\n", looptile_last_error(),
         looptile_last_error_message());
  expect(memcmp(X, Keep, sizeof X) == 0, "x unchanged by the refused call");
  shift(N, X, X);
  printf("shift(x, x): code %d message '%s'\n", looptile_last_error(),
         looptile_last_error_message());
  struct shift_session *S = shift_session_create();
  shift_session_upload(S, N, X, X + N - 1);
  printf("shift_session_upload(x, x + N - 1): code %d\n",
         looptile_last_error());
  shift_session_destroy(S);
  /* Arrays that touch but do not overlap, and distinct ones: as the C. */
  init(X, N + 1);
  init(Y, N + 1);
  shift(N / 2, X + N / 2, X);
  shift_ref(N / 2, Y + N / 2, Y);
  expect(looptile_last_error() == 0 && memcmp(X, Y, sizeof X) == 0,
         "adjacent halves: as the C");
  /* Read-only arrays may overlap: add(x, x, y) is the C's. */
  init(X, N + 1);
  add(N, X, X, Y);
  float Ref[N + 1];
  add_ref(N, X, X, Ref);
  expect(looptile_last_error() == 0 && memcmp(Y, Ref, N * sizeof(float)) == 0,
         "add(x, x, y): overlapping inputs as the C");
  printf("%d failures\n", Failures);
  return Failures != 0;
}
