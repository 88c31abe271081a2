//===- Harness.cpp - Inputs, warm-up, validation, timed repetitions -------===//
//
// Owns runHarness and its steps (see Harness.h).
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Harness.h"
#include "looptile/Runtime/Error.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace looptile::rt {

// The reference's arguments over In's storage (Data: its buffers).
static std::vector<ReferenceLibrary::Arg>
referenceArgs(const Manifest &M, std::vector<HostArray> &Data,
              std::vector<ScalarValue> &Scalars, std::vector<int> &SizeInts) {
  std::vector<ReferenceLibrary::Arg> Args(M.Arguments.size());
  for (size_t I = 0; I < M.Arguments.size(); ++I) {
    const Argument &A = M.Arguments[I];
    ReferenceLibrary::Arg &R = Args[I];
    R.Name = A.Name;
    if (A.K == Argument::Buffer) {
      R.Buffer = true;
      R.Data = Data[I].data();
      R.Bytes = Data[I].byteSize();
      for (const Formula &F : A.Shape)
        R.Shape += "[" + F.text() + "]";
    } else {
      R.Data = A.K == Argument::Scalar ? const_cast<void *>(Scalars[I].data())
                                       : (void *)&SizeInts[I];
    }
  }
  return Args;
}

// Runs the initializer of Spec over In (Inputs.h).
static void runInitializer(const Manifest &M, const InputSpec &Spec,
                           const ReferenceLibrary *Lib, HostInputs &In) {
  std::string Call = Spec.Init.text(M);
  if (!Lib)
    throw Error(ErrorKind::Usage,
                "internal: --init " + Call + " without a reference shim");
  if (Lib->initCall() != Call)
    throw Error(ErrorKind::Reference,
                "the reference shim '" + Lib->path() + "' " +
                    (Lib->initCall().empty()
                         ? std::string("has no initializer")
                         : "was built for --init " + Lib->initCall()) +
                    ", not for --init " + Call +
                    " (build it with --build-reference OUT.so --init '" +
                    Call + "')");
  std::vector<ReferenceLibrary::Arg> Args =
      referenceArgs(M, In.Arrays, In.Scalars, In.SizeInts);
  // A scalar passed by address is written by the initializer: it travels
  // like a buffer of one element, whose value comes back.
  for (size_t J = 0; J < Spec.Init.Args.size(); ++J)
    if (Spec.Init.ByAddress[J]) {
      size_t I = Spec.Init.Args[J];
      Args[I].Buffer = true;
      Args[I].Bytes = elemSize(M.Arguments[I].Ty);
      Args[I].Shape = "(a scalar)";
    }
  Lib->runInit(Args);
  for (size_t J = 0; J < Spec.Init.Args.size(); ++J) {
    if (!Spec.Init.ByAddress[J])
      continue;
    // The views of the value agree again (ScalarValue): the float's
    // double, an integer's upper bytes from its type's low ones.
    ScalarValue &V = In.Scalars[Spec.Init.Args[J]];
    if (V.Ty == ElemType::Float)
      V.D = V.F;
    else if (isIntegerType(V.Ty) && elemSize(V.Ty) < 8) {
      unsigned Bits = unsigned(8 * elemSize(V.Ty));
      uint64_t U = uint64_t(V.I) & ((uint64_t(1) << Bits) - 1);
      if (isSignedType(V.Ty) && (U >> (Bits - 1)) & 1)
        U |= ~uint64_t(0) << Bits;
      V.I = int64_t(U);
    }
  }
}

HostInputs makeInputs(const Manifest &M, const Env &Values, uint64_t Seed,
                      const InputSpec *Spec, const ReferenceLibrary *Init) {
  auto rangeOf = [&](const std::string &Name) -> const InputRange * {
    if (!Spec)
      return nullptr;
    auto It = Spec->Ranges.find(Name);
    return It == Spec->Ranges.end() ? nullptr : &It->second;
  };
  HostInputs In;
  In.Arrays.resize(M.Arguments.size());
  In.Scalars.resize(M.Arguments.size());
  In.SizeInts.resize(M.Arguments.size());
  for (size_t I = 0; I < M.Arguments.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (A.K == Argument::Buffer) {
      size_t Count = 1;
      for (const Formula &F : A.Shape) {
        int64_t E = F.evaluate(Values);
        if (E < 0 || __builtin_mul_overflow(Count, size_t(E), &Count))
          throw Error(ErrorKind::Usage, "buffer " + A.Name +
                                            ": bad extent \"" + F.text() +
                                            "\"");
      }
      // Every host array starts from the seeded pattern, out ones too: a
      // caller's array holds values, and the elements the C function does
      // not write must keep them. The device side of an out buffer is not
      // uploaded (resetOutputs fills it with the sentinel), as in the host
      // glue, so an out buffer whose elements are not all written by the
      // kernels differs from the reference there.
      In.Arrays[I] = HostArray(A.Ty, Count);
      // An index array's values select elements of the arrays it indexes:
      // from 0 to below the smallest extent (0 alone where one is empty,
      // and then no gather reads it at a valid call), unless --range says.
      const InputRange *Range = rangeOf(A.Name);
      InputRange Indices;
      if (!Range && !A.IndexOf.empty()) {
        int64_t Least = INT64_MAX;
        for (const Formula &F : A.IndexOf)
          Least = std::min(Least, F.evaluate(Values));
        Indices.Ty = A.Ty;
        Indices.IHi = std::max<int64_t>(Least, 0);
        // No more than the index type holds.
        if (elemSize(A.Ty) < 8)
          Indices.IHi = std::min<__int128>(
              Indices.IHi, __int128(1) << (8 * elemSize(A.Ty) -
                                           (isSignedType(A.Ty) ? 1 : 0)));
        Indices.Text = "0:" + std::to_string(int64_t(Indices.IHi));
        Range = &Indices;
      }
      In.Arrays[I].fillRandom(streamSeed(Seed, I), Range);
    } else if (A.K == Argument::Scalar) {
      In.Scalars[I] = randomScalar(A.Ty, streamSeed(Seed, I), rangeOf(A.Name));
      if (Spec)
        if (auto It = Spec->Scalars.find(A.Name); It != Spec->Scalars.end())
          In.Scalars[I] = It->second;
    } else {
      In.SizeInts[I] = int(Values.at(A.Name));
    }
  }
  if (Spec && !Spec->Init.empty())
    runInitializer(M, *Spec, Init, In);
  return In;
}

void uploadInputs(Executor &X, const Manifest &M, const HostInputs &In) {
  for (size_t I = 0; I < M.Arguments.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (A.K == Argument::Scalar)
      X.setScalar(A.Name, In.Scalars[I]);
    if (A.K != Argument::Buffer)
      continue;
    if (X.elementCount(A.Name) != In.Arrays[I].size())
      throw Error(ErrorKind::Usage,
                  "buffer " + A.Name + " has " +
                      std::to_string(X.elementCount(A.Name)) +
                      " elements here but " +
                      std::to_string(In.Arrays[I].size()) +
                      " in the inputs (its shape depends on the tunables)");
    if (A.Acc == Access::In)
      X.write(A.Name, In.Arrays[I].data());
  }
}

void resetOutputs(Executor &X, const Manifest &M, const HostInputs &In) {
  for (size_t I = 0; I < M.Arguments.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (A.K != Argument::Buffer)
      continue;
    if (A.Acc == Access::InOut)
      X.write(A.Name, In.Arrays[I].data());
    else if (A.Acc == Access::Out)
      X.fillSentinel(A.Name);
  }
  for (const Temporary &T : M.Temporaries)
    X.fillSentinel(T.Name);
}

std::vector<HostArray> runReference(const Manifest &M,
                                    const ReferenceLibrary &Ref,
                                    const HostInputs &In, double *Ms) {
  std::vector<HostArray> Data = In.Arrays;
  std::vector<ScalarValue> Scalars = In.Scalars;
  std::vector<int> SizeInts = In.SizeInts;
  std::vector<ReferenceLibrary::Arg> Args =
      referenceArgs(M, Data, Scalars, SizeInts);
  auto T0 = std::chrono::steady_clock::now();
  // In a child process, on guarded copies (Reference.h): a reference that
  // crashes, exits or accesses past a buffer the manifest made too small
  // is an error, never this process's memory.
  Ref.run(Args, M.SourceFunction);
  if (Ms)
    *Ms = std::chrono::duration<double, std::milli>(
              std::chrono::steady_clock::now() - T0)
              .count();
  return Data;
}

double inputRms(const Manifest &M, const HostInputs &In) {
  // Over every floating-point input value, scaled by the largest magnitude
  // (as scaledRms), so that no finite input overflows it.
  std::vector<double> Scalars;
  std::vector<const HostArray *> Arrays;
  for (size_t I = 0; I < M.Arguments.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (isIntegerType(A.Ty) || A.K == Argument::Size ||
        (A.K == Argument::Buffer && A.Acc == Access::Out))
      continue;
    if (A.K == Argument::Scalar)
      Scalars.push_back(In.Scalars[I].asDouble());
    else
      Arrays.push_back(&In.Arrays[I]);
  }
  double Max = 0;
  auto each = [&](auto &&F) {
    for (double V : Scalars)
      if (std::isfinite(V))
        F(V);
    for (const HostArray *H : Arrays)
      for (size_t J = 0; J < H->size(); ++J)
        if (double V = H->get(J); std::isfinite(V))
          F(V);
  };
  size_t Count = 0;
  each([&](double V) {
    Max = std::max(Max, std::fabs(V));
    ++Count;
  });
  if (Max == 0)
    return 0.0;
  double SumSq = 0;
  each([&](double V) { SumSq += (V / Max) * (V / Max); });
  return Max * std::sqrt(SumSq / double(Count));
}

HostInputs magnitudeInputs(const Manifest &M, const HostInputs &In) {
  HostInputs Abs = In;
  for (size_t I = 0; I < M.Arguments.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (A.K == Argument::Buffer)
      Abs.Arrays[I].makeAbsolute();
    else if (A.K == Argument::Scalar) {
      Abs.Scalars[I].F = std::fabs(Abs.Scalars[I].F);
      Abs.Scalars[I].D = std::fabs(Abs.Scalars[I].D);
    }
  }
  return Abs;
}

ComparisonRule ruleFor(const Executor &X, const Manifest &M,
                       const HostInputs &In, const ReferenceLibrary *Ref) {
  ComparisonRule R =
      comparisonRule(M, X.correctlyRoundedDivideSqrt(), X.floatDenormals(),
                     M.ReductionLength.evaluate(X.env()), inputRms(M, In));
  if (R.Reordered && Ref)
    R.Magnitudes = runReference(M, *Ref, magnitudeInputs(M, In), nullptr);
  return R;
}

std::vector<Comparison> compareOutputs(Executor &X, const Manifest &M,
                                       const std::vector<HostArray> &Ref,
                                       const ComparisonRule &Rule) {
  std::vector<Comparison> Out;
  for (size_t I = 0; I < M.Arguments.size(); ++I) {
    const Argument &A = M.Arguments[I];
    if (A.K != Argument::Buffer || A.Acc == Access::In)
      continue;
    // The host copy is as large as the device buffer read into it.
    if (X.elementCount(A.Name) != Ref[I].size())
      throw Error(ErrorKind::Usage,
                  "internal: buffer " + A.Name + " has " +
                      std::to_string(X.elementCount(A.Name)) +
                      " elements on the device but " +
                      std::to_string(Ref[I].size()) + " in the reference");
    HostArray Got(A.Ty, Ref[I].size());
    X.read(A.Name, Got.data());
    Out.push_back(compareBuffers(
        A.Name, X.shape(A.Name), Got, Ref[I], Rule,
        I < Rule.Magnitudes.size() ? &Rule.Magnitudes[I] : nullptr));
  }
  return Out;
}

double medianOf(std::vector<double> Ms) {
  if (Ms.empty())
    return 0;
  std::sort(Ms.begin(), Ms.end());
  size_t N = Ms.size();
  return N % 2 ? Ms[N / 2] : 0.5 * (Ms[N / 2 - 1] + Ms[N / 2]);
}

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

  if (Opts.Inputs && !Opts.Inputs->Init.empty())
    progress("running the initializer " + Opts.Inputs->Init.text(M));
  HostInputs In = makeInputs(M, E, Opts.Seed, Opts.Inputs,
                             Opts.Initializer ? Opts.Initializer
                                              : Opts.Reference);
  uploadInputs(X, M, In);
  resetOutputs(X, M, In);
  progress("warm-up run");
  X.launch();
  if (!Opts.DumpDir.empty())
    for (size_t I = 0; I < M.Arguments.size(); ++I) {
      const Argument &A = M.Arguments[I];
      if (A.K != Argument::Buffer || A.Acc == Access::In)
        continue;
      HostArray Got(A.Ty, X.elementCount(A.Name));
      X.read(A.Name, Got.data());
      std::string Path = Opts.DumpDir + "/" + A.Name + ".bin";
      std::FILE *F = std::fopen(Path.c_str(), "wb");
      if (!F || std::fwrite(Got.data(), 1, Got.byteSize(), F) !=
                    Got.byteSize() ||
          std::fclose(F) != 0)
        throw Error(ErrorKind::Usage, "cannot write " + Path);
    }

  if (Opts.Reference) {
    R.Validated = true;
    progress("running the reference " + M.SourceFunction + "()");
    std::vector<HostArray> RefData =
        runReference(M, *Opts.Reference, In, &R.ReferenceMs);
    if (Opts.Progress) {
      char Buf[64];
      std::snprintf(Buf, sizeof Buf, "%.2f s", R.ReferenceMs * 1e-3);
      progress("reference done in " + std::string(Buf) + "; comparing");
    }
    R.Rule = ruleFor(X, M, In, Opts.Reference);
    R.Buffers = compareOutputs(X, M, RefData, R.Rule);
    for (const Comparison &C : R.Buffers) {
      R.MaxAbsError = std::max(R.MaxAbsError, C.MaxAbsError);
      R.MaxRelError = std::max(R.MaxRelError, C.MaxRelError);
      R.Passed = R.Passed && C.passed();
    }
  }

  std::vector<std::vector<double>> PerKernel(M.Kernels.size());
  // The parts of a split run (every rank's devices, rank by rank).
  std::vector<std::string> Parts = X.partNames();
  std::vector<std::vector<double>> PerDevice(Parts.size() > 1 ? Parts.size() : 0);
  if (Parts.size() > 1)
    R.Devices = Parts;
  if (Parts.size() > 1) {
    R.SplitRefusals = X.splitRefusals();
    R.DeviceParts = X.deviceParts();
    R.ExchangedBytes = X.exchangedBytes();
    R.DeviceReceived = X.deviceReceived();
  }
  for (int Rep = 0; Rep < Opts.Reps; ++Rep) {
    resetOutputs(X, M, In);
    if (Opts.Progress && Opts.Reps > 1)
      progress("timed run " + std::to_string(Rep + 1) + "/" +
               std::to_string(Opts.Reps));
    R.KernelMs.push_back(X.launch());
    for (size_t K = 0; K < PerKernel.size(); ++K)
      PerKernel[K].push_back(X.kernelMs()[K]);
    for (size_t D = 0; D < PerDevice.size(); ++D)
      PerDevice[D].push_back(X.deviceMs()[D]);
    if (!PerDevice.empty()) {
      R.ExchangedBytes = X.exchangedBytes();
      R.DeviceReceived = X.deviceReceived();
    }
    R.KernelLaunches = X.kernelLaunches();
  }
  for (const std::vector<double> &Ms : PerKernel)
    R.KernelMedianMs.push_back(medianOf(Ms));
  for (const std::vector<double> &Ms : PerDevice)
    R.DeviceMedianMs.push_back(medianOf(Ms));
  if (!R.KernelMs.empty()) {
    R.MinMs = *std::min_element(R.KernelMs.begin(), R.KernelMs.end());
    R.MaxMs = *std::max_element(R.KernelMs.begin(), R.KernelMs.end());
    R.MedianMs = medianOf(R.KernelMs);
    if (R.MedianMs > 0) {
      R.GFlops = R.Flops / (R.MedianMs * 1e-3) / 1e9;
      R.GBps = R.Bytes / (R.MedianMs * 1e-3) / 1e9;
    }
  }
  return R;
}

} // namespace looptile::rt
