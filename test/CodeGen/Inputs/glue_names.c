/* Parameters named like the host glue's own identifiers: its session
 * functions' names for this function (scale_session, scale_session_run)
 * and the parameter names it invents (session, times, value, S). */
void scale(int n, float times, float session, float S, float value,
           const float *restrict scale_session,
           float *restrict scale_session_run) {
  for (int i = 0; i < n; i++)
    scale_session_run[i] = times * session * S * value * scale_session[i];
}
