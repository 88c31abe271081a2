//===- Ranks.cpp - Collective helpers over point-to-point transfers -------===//
#include "looptile/Runtime/Ranks.h"
#include "looptile/Runtime/Error.h"

#include <cstdint>

namespace looptile::rt {

std::vector<std::string> Ranks::allGather(const std::string &Mine) {
  std::vector<std::string> All(static_cast<size_t>(size()));
  // Rank by rank, each sends its text to every other rank: every rank runs
  // the same sequence, so each receive meets its send.
  for (int Q = 0; Q < size(); ++Q) {
    if (Q == rank()) {
      All[size_t(Q)] = Mine;
      uint64_t N = Mine.size();
      for (int R = 0; R < size(); ++R)
        if (R != Q) {
          send(R, &N, sizeof N);
          send(R, Mine.data(), Mine.size());
        }
      continue;
    }
    uint64_t N = 0;
    recv(Q, &N, sizeof N);
    All[size_t(Q)].resize(size_t(N));
    recv(Q, All[size_t(Q)].data(), size_t(N));
  }
  return All;
}

void Ranks::agree(const std::string &What, const std::string &Text) {
  std::vector<std::string> All = allGather(Text);
  for (size_t R = 1; R < All.size(); ++R)
    if (All[R] != All[0])
      throw Error(ErrorKind::Usage,
                  "the ranks of this run disagree on " + What + ": rank 0 has " +
                      All[0] + ", rank " + std::to_string(R) + " has " +
                      All[R] +
                      " (every rank must run the same program with the same "
                      "options on the same kind of devices)");
}

} // namespace looptile::rt
