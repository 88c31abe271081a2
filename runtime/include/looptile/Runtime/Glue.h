/*===- Glue.h - The C interface of the generated host glue --------*- C -*-===*
 *
 * Owns the error reporting of the host glue's C functions (the drop-in
 * replacement FN() and the session functions FN_session_*; docs/runtime.md,
 * "The host glue from C"). It is C (and C++): include it from the C program
 * that calls the glue.
 *
 * No C++ exception leaves a glue function. Each call records its outcome
 * for the calling thread: LOOPTILE_OK, or the error code and a one-line
 * message (also printed on stderr as "looptile: error: MESSAGE"). The codes
 * are looptile-run's exit statuses (README, "Exit status").
 *
 * Thread safety: the record is per thread (thread-local storage), so a
 * thread reads the outcome of its own last glue call, whatever other
 * threads do. The message stays valid until that thread's next glue call.
 *
 *===----------------------------------------------------------------------===*/
#ifndef LOOPTILE_RUNTIME_GLUE_H
#define LOOPTILE_RUNTIME_GLUE_H

#ifdef __cplusplus
extern "C" {
#endif

/* The call succeeded. */
#define LOOPTILE_OK 0
/* The embedded manifest or program was refused, or an internal error. */
#define LOOPTILE_ERROR_INPUT 1
/* The call's arguments: sizes the function does not support (the
   manifest's size checks), a null array, a session used out of order
   (run or download before upload), a negative repetition count. */
#define LOOPTILE_ERROR_USAGE 2
/* OpenCL: no platform or device, build failure, allocation failure, a
   work-group the device cannot run, a failed launch or copy. */
#define LOOPTILE_ERROR_OPENCL 3

/* The outcome of the calling thread's last glue call: LOOPTILE_OK or one of
   the codes above (LOOPTILE_OK before any call). */
int looptile_last_error(void);

/* Its message, "" after a success; never NULL. Valid until the calling
   thread's next glue call. */
const char *looptile_last_error_message(void);

#ifdef __cplusplus
}
#endif

#endif /* LOOPTILE_RUNTIME_GLUE_H */
