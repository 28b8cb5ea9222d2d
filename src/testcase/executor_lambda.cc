// Executor: kLambda statements, and class files read through the JVM. Both go through
// jtestgen.rt.Lambdas (src/runtime/java), defined on the boot loader and never instrumented.
#include "jvm/jni_util.h"
#include "testcase/executor.h"

namespace jtg::testcase {

bool Executor::Lambda(const TestCase& tc, const Stmt& s, std::vector<jvalue>& vals,
                      jvalue& result) {
  if (make_lambda_ == nullptr || s.type.dims > 0 || s.type.base != 'L') return false;
  jclass iface = FindClass(s.type.class_name);
  if (iface == nullptr) return false;
  jobject value = nullptr;
  bool boxed = false;
  if (!s.args.empty()) {
    const size_t a = static_cast<size_t>(s.args[0]);
    const classfile::TypeDesc& t = tc.stmts[a].type;
    if (t.IsPrimitive()) {
      value = Box(t.base, vals[a]);
      if (value == nullptr) return env_->ExceptionCheck();
      boxed = true;
    } else {
      value = vals[a].l;
    }
  }
  result.l = env_->CallStaticObjectMethod(lambdas_, make_lambda_, iface, value);
  if (boxed) env_->DeleteLocalRef(value);
  return true;  // a Java exception, if any, is pending: a setup failure
}

StatusOr<std::vector<uint8_t>> Executor::ClassBytes(const std::string& internal_name) {
  if (class_bytes_ == nullptr) return absl::InternalError("Lambdas.classBytes is missing");
  jstring name = env_->NewStringUTF(internal_name.c_str());
  if (name == nullptr) {
    env_->ExceptionClear();
    return absl::InternalError("ClassBytes: cannot allocate the class name");
  }
  auto arr = static_cast<jbyteArray>(env_->CallStaticObjectMethod(lambdas_, class_bytes_, name));
  env_->DeleteLocalRef(name);
  JTG_RETURN_IF_ERROR(jvm::CheckException(env_, "reading class file " + internal_name));
  if (arr == nullptr) return absl::NotFoundError("no class file for " + internal_name);
  std::vector<uint8_t> out(static_cast<size_t>(env_->GetArrayLength(arr)));
  env_->GetByteArrayRegion(arr, 0, static_cast<jsize>(out.size()),
                           reinterpret_cast<jbyte*>(out.data()));
  env_->DeleteLocalRef(arr);
  return out;
}

}  // namespace jtg::testcase
