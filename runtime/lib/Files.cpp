//===- Files.cpp - Folders and atomic file replacement --------------------===//
//
// Owns makeDirs, parentDir and writeFileAtomically (see Files.h).
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace looptile::rt {

bool makeDirs(const std::string &Path) {
  std::string Cur;
  for (size_t I = 0; I <= Path.size(); ++I) {
    if (I == Path.size() || Path[I] == '/') {
      if (!Cur.empty() && mkdir(Cur.c_str(), 0755) != 0 && errno != EEXIST)
        return false;
    }
    if (I < Path.size())
      Cur += Path[I];
  }
  struct stat St;
  if (stat(Path.c_str(), &St) != 0)
    return false;
  if (!S_ISDIR(St.st_mode)) {
    errno = ENOTDIR; // e.g. a file where the folder should be
    return false;
  }
  return access(Path.c_str(), W_OK) == 0;
}

std::string parentDir(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  if (Slash == std::string::npos)
    return "";
  return Slash == 0 ? "/" : Path.substr(0, Slash);
}

std::string writeFileAtomically(const std::string &Path,
                                const std::string &Text) {
  std::string Tmp = Path + "." + std::to_string(getpid()) + ".tmp";
  {
    std::ofstream Out(Tmp, std::ios::binary | std::ios::trunc);
    if (!Out)
      return "cannot create '" + Tmp + "': " + std::strerror(errno);
    Out << Text;
    Out.flush();
    if (!Out) {
      std::remove(Tmp.c_str());
      return "cannot write '" + Tmp + "'";
    }
  }
  if (std::rename(Tmp.c_str(), Path.c_str()) != 0) {
    std::string Why = std::strerror(errno);
    std::remove(Tmp.c_str());
    return "cannot rename '" + Tmp + "' to '" + Path + "': " + Why;
  }
  return "";
}

} // namespace looptile::rt
