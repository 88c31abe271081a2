//===- Glue.cpp - Error codes for the host glue's C functions -------------===//
//
// Owns the per-thread record of the last glue call's outcome (Glue.h) and
// callFromC, which runs a glue function's body so that no exception leaves
// the extern "C" function.
//
//===----------------------------------------------------------------------===//
#include "looptile/Runtime/Glue.h"
#include "looptile/Runtime/Error.h"
#include "looptile/Runtime/Session.h"

#include <cstdio>
#include <new>
#include <string>

namespace {

struct Outcome {
  int Code = LOOPTILE_OK;
  std::string Message;
};

thread_local Outcome Last;

int record(int Code, const char *Message) noexcept {
  Last.Code = Code;
  try {
    Last.Message = Message;
  } catch (...) {
    // Out of memory for the message: the code is still right.
    Last.Message.clear();
  }
  std::fprintf(stderr, "looptile: error: %s\n", Message);
  return Code;
}

} // namespace

extern "C" int looptile_last_error(void) { return Last.Code; }

extern "C" const char *looptile_last_error_message(void) {
  return Last.Message.c_str();
}

int looptile::rt::callFromC(void (*Body)(void *), void *Context) noexcept {
  Last.Code = LOOPTILE_OK;
  Last.Message.clear();
  try {
    Body(Context);
    return LOOPTILE_OK;
  } catch (const Error &E) {
    return record(E.exitCode(), E.what());
  } catch (const std::bad_alloc &) {
    return record(LOOPTILE_ERROR_INPUT, "out of host memory");
  } catch (const std::exception &E) {
    return record(LOOPTILE_ERROR_INPUT,
                  (std::string("internal error: ") + E.what()).c_str());
  } catch (...) {
    return record(LOOPTILE_ERROR_INPUT, "internal error: unknown exception");
  }
}

looptile::rt::Session &looptile::rt::sessionFromC(void *Handle,
                                                  const char *Function) {
  if (!Handle)
    throw Error(ErrorKind::Usage,
                std::string(Function) +
                    ": the session is null (its create call failed?)");
  return *static_cast<Session *>(Handle);
}
