// Executor: kMock statements. Mockito keeps its stubbing state per thread, so the
// `when(mock.m(any()))` protocol works over JNI exactly as in Java source: the any*()
// matchers are pushed, the mock's method is invoked (recording the invocation), then
// Mockito.when(...) picks up the ongoing stubbing and thenReturn(value) completes it.
#include "jvm/jni_util.h"
#include "testcase/executor.h"

namespace jtg::testcase {

namespace {
// ArgumentMatchers method for a parameter type: anyInt()I, ..., any()Ljava/lang/Object;.
std::pair<const char*, const char*> Matcher(const classfile::TypeDesc& p) {
  if (p.dims > 0 || p.base == 'L') return {"any", "()Ljava/lang/Object;"};
  switch (p.base) {
    case 'Z': return {"anyBoolean", "()Z"};
    case 'B': return {"anyByte", "()B"};
    case 'C': return {"anyChar", "()C"};
    case 'S': return {"anyShort", "()S"};
    case 'I': return {"anyInt", "()I"};
    case 'J': return {"anyLong", "()J"};
    case 'F': return {"anyFloat", "()F"};
    default: return {"anyDouble", "()D"};
  }
}
}  // namespace

bool Executor::LoadMockito() {
  if (mockito_ != nullptr) return true;
  jclass mockito = FindClass("org/mockito/Mockito");
  jclass matchers = FindClass("org/mockito/ArgumentMatchers");
  jclass stubbing = FindClass("org/mockito/stubbing/OngoingStubbing");
  if (mockito == nullptr || matchers == nullptr || stubbing == nullptr) return false;
  mock_ = env_->GetStaticMethodID(mockito, "mock", "(Ljava/lang/Class;)Ljava/lang/Object;");
  when_ = env_->GetStaticMethodID(mockito, "when",
                                  "(Ljava/lang/Object;)Lorg/mockito/stubbing/OngoingStubbing;");
  validate_usage_ = env_->GetStaticMethodID(mockito, "validateMockitoUsage", "()V");
  then_return_ = env_->GetMethodID(stubbing, "thenReturn",
                                   "(Ljava/lang/Object;)Lorg/mockito/stubbing/OngoingStubbing;");
  if (mock_ == nullptr || when_ == nullptr || validate_usage_ == nullptr ||
      then_return_ == nullptr) {
    env_->ExceptionClear();
    return false;
  }
  mockito_ = mockito;
  matchers_ = matchers;
  stubbing_ = stubbing;
  return true;
}

Status Executor::PrepareMocks() {
  std::string error;
  if (FindClass("org/mockito/Mockito", &error) == nullptr || !LoadMockito()) {
    return absl::InternalError("Mockito (org.mockito.Mockito) cannot be loaded: " +
                               (error.empty() ? std::string("method lookup failed") : error));
  }
  jclass runnable = FindClass("java/lang/Runnable", &error);
  if (runnable == nullptr) return absl::InternalError("java.lang.Runnable: " + error);
  jobject m = env_->CallStaticObjectMethod(mockito_, mock_, runnable);
  if (m != nullptr) env_->DeleteLocalRef(m);
  return jvm::CheckException(env_, "Mockito.mock(Runnable.class)");
}

bool Executor::Mock(const Stmt& s, std::vector<jvalue>& vals, jvalue& result) {
  if (!LoadMockito()) return false;
  jclass type = FindClass(s.type.class_name);
  if (type == nullptr) return false;
  jobject mock = env_->CallStaticObjectMethod(mockito_, mock_, type);
  if (mock == nullptr) return true;  // exception pending
  // Any failure inside the stubbing protocol leaves matchers or an unfinished stubbing in
  // Mockito's thread-local state; validateMockitoUsage() clears it (and throws, ignored).
  auto reset_state = [&] {
    jthrowable pending = env_->ExceptionOccurred();
    env_->ExceptionClear();
    env_->CallStaticVoidMethod(mockito_, validate_usage_);
    env_->ExceptionClear();
    if (pending != nullptr) env_->Throw(pending);
  };
  for (size_t k = 0; k < s.stubs.size() && k < s.args.size(); ++k) {
    const Callable& c = *s.stubs[k];
    jclass owner = FindClass(c.owner);
    jmethodID id = owner ? MethodId(c, owner) : nullptr;
    if (id == nullptr) {
      reset_state();
      return false;
    }
    std::vector<jvalue> any(c.desc.params.size());
    for (size_t p = 0; p < any.size(); ++p) {
      auto [name, desc] = Matcher(c.desc.params[p]);
      jmethodID mid = env_->GetStaticMethodID(matchers_, name, desc);
      if (mid == nullptr) {
        reset_state();
        return true;
      }
      switch (desc[2]) {
        case 'Z': any[p].z = env_->CallStaticBooleanMethod(matchers_, mid); break;
        case 'B': any[p].b = env_->CallStaticByteMethod(matchers_, mid); break;
        case 'C': any[p].c = env_->CallStaticCharMethod(matchers_, mid); break;
        case 'S': any[p].s = env_->CallStaticShortMethod(matchers_, mid); break;
        case 'I': any[p].i = env_->CallStaticIntMethod(matchers_, mid); break;
        case 'J': any[p].j = env_->CallStaticLongMethod(matchers_, mid); break;
        case 'F': any[p].f = env_->CallStaticFloatMethod(matchers_, mid); break;
        case 'D': any[p].d = env_->CallStaticDoubleMethod(matchers_, mid); break;
        default: any[p].l = env_->CallStaticObjectMethod(matchers_, mid); break;
      }
      if (env_->ExceptionCheck()) {
        reset_state();
        return true;
      }
    }
    const jvalue* a = any.empty() ? nullptr : any.data();
    const classfile::TypeDesc& r = c.desc.ret;
    char kind = r.dims > 0 ? 'L' : r.base;
    switch (kind) {
      case 'Z': env_->CallBooleanMethodA(mock, id, a); break;
      case 'B': env_->CallByteMethodA(mock, id, a); break;
      case 'C': env_->CallCharMethodA(mock, id, a); break;
      case 'S': env_->CallShortMethodA(mock, id, a); break;
      case 'I': env_->CallIntMethodA(mock, id, a); break;
      case 'J': env_->CallLongMethodA(mock, id, a); break;
      case 'F': env_->CallFloatMethodA(mock, id, a); break;
      case 'D': env_->CallDoubleMethodA(mock, id, a); break;
      case 'V': env_->CallVoidMethodA(mock, id, a); break;
      default: {
        jobject o = env_->CallObjectMethodA(mock, id, a);
        if (o != nullptr) env_->DeleteLocalRef(o);
      }
    }
    if (env_->ExceptionCheck()) {
      reset_state();
      return true;
    }
    const jvalue& v = vals[static_cast<size_t>(s.args[k])];
    jobject value = r.IsPrimitive() ? Box(r.base, v) : v.l;
    if (env_->ExceptionCheck()) {
      reset_state();
      return true;
    }
    jobject stubbing = env_->CallStaticObjectMethod(mockito_, when_, nullptr);
    if (stubbing != nullptr && !env_->ExceptionCheck()) {
      jobject done = env_->CallObjectMethod(stubbing, then_return_, value);
      if (done != nullptr) env_->DeleteLocalRef(done);
    }
    if (stubbing != nullptr) env_->DeleteLocalRef(stubbing);
    if (r.IsPrimitive() && value != nullptr) env_->DeleteLocalRef(value);
    if (env_->ExceptionCheck()) {
      reset_state();
      return true;
    }
  }
  result.l = mock;
  return true;
}

}  // namespace jtg::testcase
