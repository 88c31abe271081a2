/* PolyBench 4.2.1 floyd-warshall: all-pairs shortest paths, in place. */
void kernel_floyd_warshall(int n, int path[n][n]) {
  int i, j, k;
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
}
