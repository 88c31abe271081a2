// Written from the far end first: an overrun of the buffer starts far past
// its end (test/Runtime/kernel-guard.test).
void rev(int N, float C[N]) {
  for (int i = N - 1; i >= 0; i--)
    C[i] = 2.0f * i;
}
