//===- Candidates.cpp - The settings `--tune` tries -----------------------===//
//
// Owns candidateGrid, selectCandidates and validationSizes (see
// Candidates.h).
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Candidates.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Hash.h"

#include <algorithm>
#include <queue>
#include <set>

namespace looptile::rt {

uint64_t CandidateGrid::size() const {
  uint64_t N = 1;
  for (const std::vector<int64_t> &V : Values)
    if (__builtin_mul_overflow(N, uint64_t(V.size()), &N))
      return UINT64_MAX;
  return N;
}

CandidateGrid candidateGrid(const Manifest &M, const Env &Pinned) {
  CandidateGrid G;
  for (const Tunable &T : M.Tunables) {
    std::set<int64_t> Vals;
    if (auto It = Pinned.find(T.Name); It != Pinned.end()) {
      Vals.insert(It->second);
    } else {
      if (!T.Values.empty()) {
        Vals.insert(T.Values.begin(), T.Values.end());
      } else {
        int64_t Lo = std::max<int64_t>(T.Min.value_or(1), 1);
        int64_t Hi = T.Max ? *T.Max : UnboundedTunableCap;
        for (int64_t P = 1; P <= Hi && P > 0; P *= 2)
          if (P >= Lo)
            Vals.insert(P);
      }
      Vals.insert(T.Default);
    }
    G.Names.push_back(T.Name);
    G.Values.emplace_back(Vals.begin(), Vals.end());
  }
  return G;
}

std::string settingText(const Manifest &M, const Env &Tunables) {
  std::string S;
  for (const Tunable &T : M.Tunables) {
    auto It = Tunables.find(T.Name);
    S += (S.empty() ? "" : " ") + T.Name + "=" +
         (It == Tunables.end() ? std::string("?") : std::to_string(It->second));
  }
  return S;
}

std::string candidateProblem(const Manifest &M, const Env &Sizes,
                             const DeviceLimits &L, const Env &Tunables) {
  std::string Why = tunableProblem(M, Tunables);
  if (!Why.empty())
    return Why;
  Env V = Sizes;
  for (const auto &[N, X] : Tunables)
    V[N] = X;
  return launchProblem(M, V, L);
}

namespace {

/// splitmix64: the deterministic stream behind the sampled grid.
uint64_t splitmix(uint64_t &State) {
  uint64_t Z = (State += 0x9E3779B97F4A7C15ull);
  Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
  Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
  return Z ^ (Z >> 31);
}

Env settingAt(const CandidateGrid &G, const std::vector<size_t> &Ix) {
  Env E;
  for (size_t I = 0; I < G.Names.size(); ++I)
    E[G.Names[I]] = G.Values[I][Ix[I]];
  return E;
}

} // namespace

CandidateSelection selectCandidates(const Manifest &M, const Env &Sizes,
                                    const DeviceLimits &L, const Env &Pinned,
                                    const std::vector<Env> &Mandatory,
                                    size_t Budget) {
  CandidateSelection Sel;
  std::set<Env> Seen;
  for (const Env &E : Mandatory) {
    if (Seen.count(E))
      continue;
    std::string Why = candidateProblem(M, Sizes, L, E);
    if (!Why.empty()) {
      Sel.Dropped.push_back(settingText(M, E) + ": " + Why);
      continue;
    }
    Seen.insert(E);
    Sel.Chosen.push_back(E);
  }
  Sel.Mandatory = Sel.Chosen.size();
  size_t Room = Budget > Sel.Chosen.size() ? Budget - Sel.Chosen.size() : 0;

  CandidateGrid G = candidateGrid(M, Pinned);
  Sel.GridSize = G.size();
  // (hash, setting) of the eligible settings with the smallest hashes.
  using Item = std::pair<uint64_t, Env>;
  std::priority_queue<Item> Keep; // the largest hash on top
  auto offer = [&](const Env &E) {
    // FNV-1a of texts that differ in the last digit differ little; the
    // splitmix64 finalizer spreads them over the whole range.
    uint64_t H = fnv1a(FnvOffsetBasis, settingText(M, E));
    H = splitmix(H);
    if (Keep.size() < Room) {
      Keep.push({H, E});
    } else if (Room && H < Keep.top().first) {
      Keep.pop();
      Keep.push({H, E});
    }
  };

  if (Sel.GridSize <= MaxEnumeratedGrid) {
    std::vector<size_t> Ix(G.Names.size(), 0);
    uint64_t Others = 0; // eligible and not mandatory
    for (uint64_t N = 0; N < Sel.GridSize; ++N) {
      Env E = settingAt(G, Ix);
      for (size_t D = 0; D < Ix.size(); ++D) { // odometer
        if (++Ix[D] < G.Values[D].size())
          break;
        Ix[D] = 0;
      }
      if (!candidateProblem(M, Sizes, L, E).empty())
        continue;
      ++Sel.Eligible;
      if (Seen.count(E))
        continue;
      ++Others;
      offer(E);
    }
    Sel.SampledOut = Others - Keep.size();
  } else {
    Sel.Enumerated = false;
    uint64_t State = 0x6C6F6F7074696C65ull; // fixed: "looptile"
    std::set<Env> Offered;
    for (uint64_t Try = 0; Try < 64 * uint64_t(std::max<size_t>(Room, 1)) &&
                           Offered.size() < 4 * Room;
         ++Try) {
      std::vector<size_t> Ix(G.Names.size());
      for (size_t D = 0; D < Ix.size(); ++D)
        Ix[D] = size_t(splitmix(State) % G.Values[D].size());
      Env E = settingAt(G, Ix);
      if (Seen.count(E) || Offered.count(E) ||
          !candidateProblem(M, Sizes, L, E).empty())
        continue;
      Offered.insert(E);
      offer(E);
    }
  }

  std::vector<Item> Sample;
  while (!Keep.empty()) {
    Sample.push_back(Keep.top());
    Keep.pop();
  }
  std::reverse(Sample.begin(), Sample.end()); // smallest hash first
  for (Item &I : Sample)
    Sel.Chosen.push_back(std::move(I.second));
  return Sel;
}

std::vector<Env> neighbourSettings(const Manifest &M, const Env &Sizes,
                                   const DeviceLimits &L, const Env &Pinned,
                                   const Env &E) {
  CandidateGrid G = candidateGrid(M, Pinned);
  std::vector<Env> Out;
  for (size_t I = 0; I < G.Names.size(); ++I) {
    const std::vector<int64_t> &Vals = G.Values[I];
    auto It = E.find(G.Names[I]);
    if (It == E.end())
      continue;
    auto Pos = std::lower_bound(Vals.begin(), Vals.end(), It->second);
    std::vector<int64_t> Near;
    if (Pos != Vals.begin())
      Near.push_back(*std::prev(Pos));
    auto Up = Pos;
    if (Up != Vals.end() && *Up == It->second)
      ++Up;
    if (Up != Vals.end())
      Near.push_back(*Up);
    for (int64_t V : Near) {
      Env N = E;
      N[G.Names[I]] = V;
      if (candidateProblem(M, Sizes, L, N).empty())
        Out.push_back(std::move(N));
    }
  }
  return Out;
}

double workAt(const Manifest &M, const Env &Sizes) {
  Env E = Sizes;
  for (const Tunable &T : M.Tunables)
    E[T.Name] = T.Default;
  return std::max(double(M.Flops.evaluate(E)), double(M.Bytes.evaluate(E)));
}

Env validationSizes(const Manifest &M, const Env &Sizes,
                    const std::vector<Env> &Candidates, double Limit,
                    bool *Reduced) {
  *Reduced = false;
  if (workAt(M, Sizes) <= Limit)
    return Sizes;
  Env Out = Sizes;
  for (const Argument &A : M.Arguments) {
    if (A.K != Argument::Size)
      continue;
    int64_t T = 1;
    for (const Env &C : Candidates) {
      int64_t Tile = 0;
      if (A.Tile) {
        Env E = C;
        for (const std::string &S : M.sizeNames())
          E.emplace(S, 1);
        try {
          Tile = A.Tile->evaluate(E);
        } catch (const Error &) {
          Tile = 0;
        }
      }
      if (Tile <= 0)
        for (const auto &[N, V] : C)
          if (!M.WorkGroupLoopTunables.count(N))
            Tile = std::max(Tile, V);
      T = std::max(T, Tile);
    }
    int64_t Cap = 3 * T - 1;
    int64_t &S = Out.at(A.Name);
    if (S > Cap) {
      S = Cap;
      *Reduced = true;
    }
  }
  return Out;
}

} // namespace looptile::rt
