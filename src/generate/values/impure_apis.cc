#include "generate/values/impure_apis.h"

namespace jtg::generate {

namespace {
struct Denied {
  std::string_view owner;       // internal name; a trailing '/' denies the whole package
  std::string_view name;        // "*" for every member
  std::string_view descriptor;  // "" for every overload
};

constexpr Denied kDenied[] = {
    // Clock, environment, identity.
    {"java/lang/System", "currentTimeMillis", ""},
    {"java/lang/System", "nanoTime", ""},
    {"java/lang/System", "getenv", ""},
    {"java/lang/System", "getProperty", ""},
    {"java/lang/System", "getProperties", ""},
    {"java/lang/System", "identityHashCode", ""},
    {"java/lang/Object", "hashCode", "()I"},
    {"java/lang/Object", "toString", "()Ljava/lang/String;"},
    {"java/lang/Runtime", "*", ""},
    {"java/lang/ProcessBuilder", "*", ""},
    {"java/lang/Thread", "*", ""},
    {"java/lang/ThreadGroup", "*", ""},
    // Threads of the common fork-join pool, left running after the test.
    {"java/util/Collection", "parallelStream", ""},
    {"java/util/stream/BaseStream", "parallel", ""},
    // Executors, blocking queues, futures and locks (reached through views of the class):
    // threads, or a wait for a thread that never comes.
    {"java/util/concurrent/Executor", "*", ""},
    {"java/util/concurrent/ExecutorService", "*", ""},
    {"java/util/concurrent/ScheduledExecutorService", "*", ""},
    {"java/util/concurrent/CompletionService", "*", ""},
    {"java/util/concurrent/Future", "get", ""},
    {"java/util/concurrent/BlockingQueue", "put", ""},
    {"java/util/concurrent/BlockingQueue", "take", ""},
    {"java/util/concurrent/BlockingDeque", "putFirst", ""},
    {"java/util/concurrent/BlockingDeque", "putLast", ""},
    {"java/util/concurrent/BlockingDeque", "takeFirst", ""},
    {"java/util/concurrent/BlockingDeque", "takeLast", ""},
    {"java/util/concurrent/locks/", "*", ""},
    {"java/util/Date", "<init>", "()V"},
    {"java/util/Calendar", "getInstance", ""},
    {"java/time/", "now", ""},
    {"java/time/Clock", "*", ""},
    // Randomness.
    {"java/lang/Math", "random", ""},
    {"java/lang/StrictMath", "random", ""},
    {"java/util/Random", "*", ""},
    {"java/security/SecureRandom", "*", ""},
    {"java/util/concurrent/ThreadLocalRandom", "*", ""},
    {"java/util/SplittableRandom", "*", ""},
    {"java/util/UUID", "randomUUID", ""},
    // Files and the network.
    {"java/io/File", "*", ""},
    {"java/nio/file/", "*", ""},
    {"java/net/", "*", ""},
};

bool OwnerMatches(std::string_view pattern, std::string_view owner) {
  if (!pattern.empty() && pattern.back() == '/') {
    return owner.substr(0, pattern.size()) == pattern &&
           owner.find('/', pattern.size()) == std::string_view::npos;
  }
  return owner == pattern;
}
}  // namespace

bool IsImpureApi(std::string_view owner, std::string_view name, std::string_view descriptor) {
  // Naming a path touches nothing: File's constructors, Paths.get and URI.create only parse.
  // So does new URL(String): it resolves no host (URL.equals and hashCode do, and the rest
  // of java.net stays denied).
  if ((owner == "java/io/File" && name == "<init>") ||
      (owner == "java/nio/file/Paths" && name == "get") ||
      (owner == "java/net/URI" && name == "create") ||
      (owner == "java/net/URL" && name == "<init>" && descriptor == "(Ljava/lang/String;)V")) {
    return false;
  }
  for (const Denied& d : kDenied) {
    if (!OwnerMatches(d.owner, owner)) continue;
    if (d.name != "*" && d.name != name) continue;
    if (!d.descriptor.empty() && d.descriptor != descriptor) continue;
    return true;
  }
  return false;
}

}  // namespace jtg::generate
