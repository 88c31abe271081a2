"""Writes a C function of N nests (argv: N, path) that mixes the forms the
mapping stage tries candidates for: an elementwise nest, a contraction with
a local accumulator, a recurrence along i and a nest that reads the others'
outputs."""
import sys


def nest(k):
    kind = k % 4
    if kind == 0:
        return (f"  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++)\n"
                f"      A[i][j] = B[i][j] * {k + 1}.0f + C[j][i];")
    if kind == 1:
        return (f"  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++) {{\n"
                f"      float s = 0.0f;\n      for (int k = 0; k < N; k++)\n"
                f"        s += A[i][k] * B[k][j];\n      C[i][j] = s + {k}.0f;\n    }}")
    if kind == 2:
        return ("  for (int i = 1; i < N; i++)\n    for (int j = 0; j < N; j++)\n"
                "      D[i][j] = D[i - 1][j] + A[i][j];")
    return (f"  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++)\n"
            f"      B[i][j] = A[i][j] + D[i][j] * {k}.0f;")


n, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as f:
    f.write("void many(int N, float A[N][N], float B[N][N], float C[N][N], "
            "float D[N][N]) {\n")
    f.write("\n".join(nest(k) for k in range(n)))
    f.write("\n}\n")
