#include "jvm/jdk_guards.h"

#include <algorithm>
#include <vector>

#include "jvm/jni_util.h"

namespace jtg::jvm {

namespace {

constexpr char kSandbox[] = "jtestgen/rt/Sandbox";
constexpr char kKindObject[] = "(ILjava/lang/Object;)V";
constexpr char kTwoObjects[] = "(Ljava/lang/Object;Ljava/lang/Object;)V";

instrument::EntryHook Hook(std::string method, std::string desc, std::string hook,
                           std::string hook_desc, int kind,
                           std::vector<std::pair<char, uint16_t>> loads) {
  return instrument::EntryHook{std::move(method), std::move(desc),      kSandbox,
                               std::move(hook),   std::move(hook_desc), kind,
                               std::move(loads)};
}

// A hook passing one object (slot `slot`, 'N' for none) to Sandbox.<hook>(int, Object).
instrument::EntryHook On(std::string method, std::string desc, std::string hook, char type,
                         uint16_t slot) {
  return Hook(std::move(method), std::move(desc), std::move(hook), kKindObject, 0, {{type, slot}});
}

}  // namespace

std::map<std::string, std::vector<instrument::EntryHook>> JdkGuardTable() {
  std::map<std::string, std::vector<instrument::EntryHook>> t;
  t["java/lang/Runtime"] = {Hook("exit", "(I)V", "exit", "(I)V", -1, {{'I', 1}}),
                            Hook("halt", "(I)V", "exit", "(I)V", -1, {{'I', 1}})};
  t["java/lang/Thread"] = {On("start", "()V", "thread", 'A', 0)};
  t["java/lang/ProcessBuilder"] = {On("start", "()Ljava/lang/Process;", "process", 'A', 0)};
  t["java/lang/System"] = {
      On("setSecurityManager", "(Ljava/lang/SecurityManager;)V", "securityManager", 'A', 0)};
  auto& file = t["java/io/File"];
  for (const char* m : {"createNewFile", "delete", "mkdir", "setReadOnly"}) {
    file.push_back(On(m, "()Z", "files", 'A', 0));
  }
  file.push_back(On("deleteOnExit", "()V", "files", 'A', 0));
  file.push_back(On("canWrite", "()Z", "files", 'A', 0));  // see Sandbox.writeCheck
  file.push_back(
      Hook("renameTo", "(Ljava/io/File;)Z", "rename", kTwoObjects, -1, {{'A', 0}, {'A', 1}}));
  file.push_back(On("setLastModified", "(J)Z", "files", 'A', 0));
  for (const char* m : {"setWritable", "setReadable", "setExecutable"}) {
    file.push_back(On(m, "(ZZ)Z", "files", 'A', 0));
  }
  file.push_back(On("createTempFile",
                    "(Ljava/lang/String;Ljava/lang/String;Ljava/io/File;)Ljava/io/File;", "files",
                    'A', 2));
  // Listing a directory: File.list, and listFiles through normalizedList where it exists.
  file.push_back(On("list", "()[Ljava/lang/String;", "reads", 'A', 0));
  file.push_back(On("normalizedList", "()[Ljava/lang/String;", "reads", 'A', 0));
  file.back().optional = true;
  t["java/io/FileOutputStream"] = {On("open", "(Ljava/lang/String;Z)V", "files", 'A', 1)};
  t["java/io/FileInputStream"] = {On("open", "(Ljava/lang/String;)V", "reads", 'A', 1)};
  t["java/io/RandomAccessFile"] = {Hook("open", "(Ljava/lang/String;I)V", "randomAccess",
                                        "(Ljava/lang/Object;I)V", -1, {{'A', 1}, {'I', 2}})};
  auto& nio = t["sun/nio/fs/UnixNativeDispatcher"];
  const std::string path = "Lsun/nio/fs/UnixPath;";
  nio.push_back(Hook("open", "(" + path + "II)I", "open", "(Ljava/lang/Object;I)V", -1,
                     {{'A', 0}, {'I', 1}}));
  nio.push_back(
      Hook("openat", "(I[BII)I", "open", "(Ljava/lang/Object;I)V", -1, {{'N', 0}, {'I', 2}}));
  nio.push_back(Hook("access", "(" + path + "I)V", "writeCheck", "(Ljava/lang/Object;I)V", -1,
                     {{'A', 0}, {'I', 1}}));
  nio.push_back(On("opendir", "(" + path + ")J", "reads", 'A', 0));
  nio.push_back(On("unlink", "(" + path + ")V", "files", 'A', 0));
  nio.push_back(On("rmdir", "(" + path + ")V", "files", 'A', 0));
  nio.push_back(On("unlinkat", "(I[BI)V", "files", 'N', 0));
  nio.push_back(On("link", "(" + path + path + ")V", "link", 'A', 1));
  nio.push_back(
      Hook("rename", "(" + path + path + ")V", "rename", kTwoObjects, -1, {{'A', 0}, {'A', 1}}));
  nio.push_back(On("renameat", "(I[BI[B)V", "files", 'N', 0));
  nio.push_back(On("mkdir", "(" + path + "I)V", "files", 'A', 0));
  nio.push_back(On("mknod", "(" + path + "IJ)V", "files", 'A', 0));
  nio.push_back(On("symlink", "([B" + path + ")V", "link", 'A', 1));
  nio.push_back(On("chmod", "(" + path + "I)V", "files", 'A', 0));
  nio.push_back(On("chown", "(" + path + "II)V", "files", 'A', 0));
  nio.push_back(On("lchown", "(" + path + "II)V", "files", 'A', 0));
  // JDK 17 sets times with utimes/lutimes, JDK 25 with utimensat(dirfd, path, ...).
  for (const char* m : {"utimes", "lutimes"}) {
    nio.push_back(On(m, "(" + path + "JJ)V", "files", 'A', 0));
    nio.back().optional = true;
  }
  nio.push_back(On("utimensat", "(I" + path + "JJI)V", "files", 'A', 1));
  nio.back().optional = true;
  t["sun/nio/ch/Net"] = {
      On("connect", "(Ljava/net/ProtocolFamily;Ljava/io/FileDescriptor;Ljava/net/InetAddress;I)I",
         "network", 'A', 2),
      On("connect", "(Ljava/net/ProtocolFamily;Ljava/io/FileDescriptor;Ljava/net/SocketAddress;)I",
         "network", 'A', 2),
      On("bind", "(Ljava/net/ProtocolFamily;Ljava/io/FileDescriptor;Ljava/net/InetAddress;I)V",
         "network", 'A', 2)};
  return t;
}

StatusOr<std::unique_ptr<SandboxEvents>> SandboxEvents::Create(JNIEnv* env) {
  std::unique_ptr<SandboxEvents> s(new SandboxEvents());
  jclass local = env->FindClass(kSandbox);
  if (local == nullptr) {
    env->ExceptionClear();
    return absl::InternalError("runtime class jtestgen.rt.Sandbox is missing");
  }
  s->env_ = env;
  s->cls_ = static_cast<jclass>(env->NewGlobalRef(local));
  env->DeleteLocalRef(local);
  s->events_ = env->GetStaticFieldID(s->cls_, "events", "I");
  s->first_ = env->GetStaticFieldID(s->cls_, "first", "Ljava/lang/String;");
  if (s->events_ == nullptr || s->first_ == nullptr) {
    env->ExceptionClear();
    return absl::InternalError("jtestgen.rt.Sandbox lacks its events/first fields");
  }
  return s;
}

SandboxEvents::~SandboxEvents() {
  if (cls_ != nullptr) env_->DeleteGlobalRef(cls_);
}

void SandboxEvents::Reset(JNIEnv* env) {
  env->SetStaticIntField(cls_, events_, 0);
  env->SetStaticObjectField(cls_, first_, nullptr);
}

int SandboxEvents::Take(JNIEnv* env, std::string* first) {
  const int events = env->GetStaticIntField(cls_, events_);
  if (events == 0) return 0;
  auto text = static_cast<jstring>(env->GetStaticObjectField(cls_, first_));
  if (text != nullptr && first != nullptr) {
    // Printable ASCII only: the text names a path the code under test made up, which may
    // hold anything (JNI's modified UTF-8 is not UTF-8 either).
    const jsize n = std::min<jsize>(env->GetStringLength(text), 300);
    std::vector<jchar> units(static_cast<size_t>(n));
    env->GetStringRegion(text, 0, n, units.data());
    first->clear();
    for (jchar c : units) first->push_back(c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '?');
  }
  if (text != nullptr) env->DeleteLocalRef(text);
  Reset(env);
  return events;
}

StatusOr<JdkGuards> StartJdkGuards(Jvm& jvm, CoverageTransformer& transformer,
                                   const std::string& test_folder) {
  JTG_RETURN_IF_ERROR(jvm.LetJavaBaseReadRuntime());
  auto table = JdkGuardTable();
  std::vector<std::string> names;
  names.reserve(table.size());
  for (const auto& [name, hooks] : table) names.push_back(name);
  transformer.GuardJdkClasses(std::move(table));
  JdkGuards guards;
  JTG_ASSIGN_OR_RETURN(guards.retransformed, jvm.RetransformLoadedClasses(names));
  auto failures = transformer.Failures();
  for (const std::string& n : names) {
    if (auto it = failures.find(n); it != failures.end()) {
      return absl::InternalError(absl::StrCat("cannot guard JDK class ", n, ": ", it->second));
    }
  }
  JNIEnv* env = jvm.env();
  JTG_ASSIGN_OR_RETURN(guards.events, SandboxEvents::Create(env));
  JTG_ASSIGN_OR_RETURN(guards.threads, ThreadTracker::Create(jvm.vm(), env));
  jclass sandbox = env->FindClass(kSandbox);
  jmethodID arm =
      sandbox ? env->GetStaticMethodID(sandbox, "arm", "(Ljava/lang/String;)V") : nullptr;
  if (arm == nullptr) {
    Status st = CheckException(env, "jtestgen.rt.Sandbox.arm");
    return st.ok() ? absl::InternalError("jtestgen.rt.Sandbox.arm is missing") : st;
  }
  jstring folder = test_folder.empty() ? nullptr : env->NewStringUTF(test_folder.c_str());
  env->CallStaticVoidMethod(sandbox, arm, folder);
  if (folder != nullptr) env->DeleteLocalRef(folder);
  JTG_RETURN_IF_ERROR(CheckException(env, "jtestgen.rt.Sandbox.arm"));
  env->DeleteLocalRef(sandbox);
  return guards;
}

}  // namespace jtg::jvm
