// Refused: (char)B[i] truncates to 8 bits, so A[i] = (char)B[i] is not
// A[i] = B[i] (300 becomes 44).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, int A[N], const int B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-cast-narrowing.c:[[@LINE+1]]:{{[0-9]+}}: error: conversion from 'int' to 'char' can change the value; looptile supports int arithmetic only
    A[i] = (char)B[i];
}
