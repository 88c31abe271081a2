//===- Statistic.cpp - counters of the work looptile did ------------------===//
#include "looptile/Support/Statistic.h"

#include <algorithm>
#include <cstring>
#include <iomanip>
#include <vector>

using namespace looptile;

// The registry is a function-local static: counters are static objects of
// other files, constructed in an unspecified order before main.
static std::vector<const Statistic *> &registry() {
  static std::vector<const Statistic *> R;
  return R;
}

Statistic::Statistic(const char *Group, const char *Name, const char *Desc)
    : Group(Group), Name(Name), Desc(Desc) {
  registry().push_back(this);
}

void looptile::printStatistics(std::ostream &OS) {
  std::vector<const Statistic *> Shown;
  for (const Statistic *S : registry())
    if (S->value())
      Shown.push_back(S);
  std::sort(Shown.begin(), Shown.end(),
            [](const Statistic *A, const Statistic *B) {
              int G = std::strcmp(A->group(), B->group());
              return G ? G < 0 : std::strcmp(A->name(), B->name()) < 0;
            });
  const char *Rule = "===-------------------------------------------------"
                     "------------------------===\n";
  OS << Rule << "                          ... Statistics Collected ...\n"
     << Rule << "\n";
  size_t Width = 1;
  for (const Statistic *S : Shown)
    Width = std::max(Width, std::to_string(S->value()).size());
  for (const Statistic *S : Shown)
    OS << std::setw(int(Width) + 2) << S->value() << " " << S->group()
       << " - " << S->desc() << "\n";
  OS << "\n";
}
