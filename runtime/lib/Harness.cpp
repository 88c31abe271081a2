//===- Harness.cpp - Inputs, warm-up, validation, timed repetitions -------===//
//
// Owns runHarness (see Harness.h).
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Harness.h"
#include "looptile/Runtime/Error.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace looptile::rt {

RunResult runHarness(Executor &X, const Manifest &M, const Env &SizesIn,
                     const HarnessOptions &Opts) {
  RunResult R;
  R.Sizes = checkSizes(M, SizesIn);
  X.prepare(R.Sizes);
  const Env &E = X.env();
  R.Flops = double(M.Flops.evaluate(E));
  R.Bytes = double(M.Bytes.evaluate(E));
  R.ReductionLength = M.ReductionLength.evaluate(E);
  auto progress = [&](const std::string &S) {
    if (Opts.Progress)
      Opts.Progress(S);
  };

  // Host copies of the inputs: buffers by argument position.
  std::vector<HostArray> Inputs(M.Arguments.size());
  std::vector<ScalarValue> Scalars(M.Arguments.size());
  std::vector<int> SizeInts(M.Arguments.size());
  for (size_t I = 0; I < M.Arguments.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (A.K == Argument::Buffer) {
      Inputs[I] = HostArray(A.Ty, X.elementCount(A.Name));
      if (A.Acc == Access::Out)
        Inputs[I].fillSentinel();
      else
        Inputs[I].fillRandom(streamSeed(Opts.Seed, I));
    } else if (A.K == Argument::Scalar) {
      Scalars[I] = randomScalar(A.Ty, streamSeed(Opts.Seed, I));
      X.setScalar(A.Name, Scalars[I]);
    } else {
      SizeInts[I] = int(R.Sizes.at(A.Name));
    }
  }
  for (size_t I = 0; I < M.Arguments.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (A.K == Argument::Buffer && A.Acc == Access::In)
      X.write(A.Name, Inputs[I].data());
  }
  auto reset = [&] {
    for (size_t I = 0; I < M.Arguments.size(); ++I) {
      const Argument &A = M.Arguments[I];
      if (A.K != Argument::Buffer)
        continue;
      if (A.Acc == Access::InOut)
        X.write(A.Name, Inputs[I].data());
      else if (A.Acc == Access::Out)
        X.fillSentinel(A.Name);
    }
    for (const Temporary &T : M.Temporaries)
      X.fillSentinel(T.Name);
  };

  reset();
  progress("warm-up run");
  X.launch();

  if (Opts.Reference) {
    R.Validated = true;
    // The reference runs on copies of the same inputs.
    std::vector<HostArray> RefData = Inputs;
    std::vector<void *> Args(M.Arguments.size());
    for (size_t I = 0; I < M.Arguments.size(); ++I) {
      const Argument &A = M.Arguments[I];
      Args[I] = A.K == Argument::Buffer   ? RefData[I].data()
                : A.K == Argument::Scalar ? const_cast<void *>(Scalars[I].data())
                                          : (void *)&SizeInts[I];
    }
    progress("running the reference " + M.SourceFunction + "()");
    auto T0 = std::chrono::steady_clock::now();
    Opts.Reference->call(Args.data());
    R.ReferenceMs = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - T0)
                        .count();
    if (Opts.Progress) {
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "%.2f s", R.ReferenceMs * 1e-3);
      progress("reference done in " + std::string(Buf) + "; comparing");
    }
    for (size_t I = 0; I < M.Arguments.size(); ++I) {
      const Argument &A = M.Arguments[I];
      if (A.K != Argument::Buffer || A.Acc == Access::In)
        continue;
      HostArray Got(A.Ty, Inputs[I].size());
      X.read(A.Name, Got.data());
      Comparison C = compareBuffers(A.Name, X.shape(A.Name), Got, RefData[I],
                                    R.ReductionLength);
      R.MaxAbsError = std::max(R.MaxAbsError, C.MaxAbsError);
      R.MaxRelError = std::max(R.MaxRelError, C.MaxRelError);
      R.Passed = R.Passed && C.passed();
      R.Buffers.push_back(std::move(C));
    }
  }

  for (int Rep = 0; Rep < Opts.Reps; ++Rep) {
    reset();
    if (Opts.Progress && Opts.Reps > 1)
      progress("timed run " + std::to_string(Rep + 1) + "/" +
               std::to_string(Opts.Reps));
    R.KernelMs.push_back(X.launch());
  }
  if (!R.KernelMs.empty()) {
    std::vector<double> S = R.KernelMs;
    std::sort(S.begin(), S.end());
    R.MinMs = S.front();
    R.MaxMs = S.back();
    R.MedianMs = S.size() % 2 ? S[S.size() / 2]
                              : 0.5 * (S[S.size() / 2 - 1] + S[S.size() / 2]);
    if (R.MedianMs > 0) {
      R.GFlops = R.Flops / (R.MedianMs * 1e-3) / 1e9;
      R.GBps = R.Bytes / (R.MedianMs * 1e-3) / 1e9;
    }
  }
  return R;
}

} // namespace looptile::rt
