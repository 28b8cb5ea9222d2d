// Interprocedural loop nesting (perf/loop_index.h) on the perf fixtures and, when the jar
// is installed, commons-collections3's CollectionUtils.containsAny. JDK classes are read
// through the shared test JVM (ClassLoader.getSystemResourceAsStream: `.class` resources
// of java.base are never encapsulated), as the perf pipeline reads them from its JVM.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "classpath/classpath.h"
#include "jvm/jni_util.h"
#include "jvm_fixture.h"
#include "perf/classpath_subtypes.h"
#include "perf/jdk_dispatch.h"
#include "perf/loop_index.h"

namespace jtg::perf {
namespace {

namespace fs = std::filesystem;

constexpr char kCommonsCollections[] = "/usr/share/java/commons-collections3.jar";

// Bytes of a JDK class through the shared JVM's system class loader.
StatusOr<std::vector<uint8_t>> JdkClassBytes(const std::string& internal_name) {
  JNIEnv* env = testing::GetSharedJvm().vm->env();
  if (env->PushLocalFrame(16) != 0) return absl::InternalError("PushLocalFrame");
  StatusOr<std::vector<uint8_t>> out = absl::NotFoundError(internal_name);
  jclass loader = env->FindClass("java/lang/ClassLoader");
  jclass stream = env->FindClass("java/io/InputStream");
  jmethodID get = env->GetStaticMethodID(loader, "getSystemResourceAsStream",
                                         "(Ljava/lang/String;)Ljava/io/InputStream;");
  jmethodID read_all = env->GetMethodID(stream, "readAllBytes", "()[B");
  jmethodID close = env->GetMethodID(stream, "close", "()V");
  jstring name = env->NewStringUTF((internal_name + ".class").c_str());
  jobject in = env->CallStaticObjectMethod(loader, get, name);
  if (in != nullptr && !env->ExceptionCheck()) {
    auto* arr = static_cast<jbyteArray>(env->CallObjectMethod(in, read_all));
    if (arr != nullptr && !env->ExceptionCheck()) {
      std::vector<uint8_t> bytes(env->GetArrayLength(arr));
      env->GetByteArrayRegion(arr, 0, static_cast<jsize>(bytes.size()),
                              reinterpret_cast<jbyte*>(bytes.data()));
      out = std::move(bytes);
    }
    env->CallVoidMethod(in, close);
  }
  if (Status st = jvm::CheckException(env, internal_name); !st.ok()) out = st;
  env->PopLocalFrame(nullptr);
  return out;
}

// A LoopIndexer over a classpath plus the JDK.
struct Fixture {
  explicit Fixture(const std::string& spec, const LoopIndexOptions& options = {}) {
    auto opened = classpath::Classpath::Open(spec);
    EXPECT_TRUE(opened.ok()) << opened.status();
    cp = std::make_unique<classpath::Classpath>(std::move(*opened));
    subtypes = std::make_unique<ClasspathSubtypes>(cp.get());
    auto bytes = [this](const std::string& name) -> StatusOr<std::vector<uint8_t>> {
      auto b = cp->ReadClass(name);
      if (b.ok() || !IsJdkClass(name)) return b;
      return JdkClassBytes(name);
    };
    indexer = std::make_unique<LoopIndexer>(
        bytes, [this](const std::string& t) { return subtypes->Of(t); }, options);
  }
  LoopIndex Index(const std::string& owner, const std::string& name, const std::string& desc) {
    auto r = indexer->Index(MethodKey{owner, name, desc});
    EXPECT_TRUE(r.ok()) << r.status();
    return r.ok() ? *r : LoopIndex{};
  }
  std::unique_ptr<classpath::Classpath> cp;
  std::unique_ptr<ClasspathSubtypes> subtypes;
  std::unique_ptr<LoopIndexer> indexer;
};

std::string FixturesCp() { return JTG_FIXTURES_DIR; }

std::vector<const ReachedLoop*> LoopsIn(const LoopIndex& idx, const std::string& owner,
                                        const std::string& name) {
  std::vector<const ReachedLoop*> out;
  for (const auto& l : idx.loops) {
    if (l.loop.method.owner == owner && l.loop.method.name == name) out.push_back(&l);
  }
  return out;
}

// Pairs whose outer loop is in `outer_method` and inner loop in owner.name.
std::vector<const NestedPair*> PairsInto(const LoopIndex& idx, const std::string& outer_method,
                                         const std::string& owner, const std::string& name) {
  std::vector<const NestedPair*> out;
  for (const auto& p : idx.pairs) {
    const auto& o = idx.loops[p.outer].loop.method;
    const auto& i = idx.loops[p.inner].loop.method;
    if (o.name == outer_method && i.owner == owner && i.name == name) out.push_back(&p);
  }
  return out;
}

TEST(PerfJdkDispatch, Tables) {
  const auto& f = FollowedJdkClasses();
  EXPECT_TRUE(std::is_sorted(f.begin(), f.end()));
  EXPECT_TRUE(IsFollowedJdkClass("java/util/ArrayList"));
  EXPECT_FALSE(IsFollowedJdkClass("java/lang/String"));
  EXPECT_EQ(JdkImplementationsOf("java/util/List"),
            (std::vector<std::string>{"java/util/ArrayList", "java/util/LinkedList"}));
  EXPECT_TRUE(JdkImplementationsOf("java/lang/CharSequence").empty());
  for (const auto& iface : {"java/util/Collection", "java/util/Set", "java/util/Map"}) {
    for (const auto& impl : JdkImplementationsOf(iface)) EXPECT_TRUE(IsFollowedJdkClass(impl));
  }
  EXPECT_TRUE(IsJdkClass("javax/swing/JList"));
  EXPECT_FALSE(IsJdkClass("fixtures/perf/Utils"));
}

TEST(PerfLoopIndex, MethodKeyNames) {
  MethodKey k{"java/util/ArrayList", "indexOfRange", "(Ljava/lang/Object;II)I"};
  EXPECT_EQ(k.ToString(), "java/util/ArrayList.indexOfRange(Ljava/lang/Object;II)I");
  EXPECT_EQ(k.JavaName(), "java.util.ArrayList.indexOfRange(java.lang.Object,int,int)");
}

TEST(PerfLoopIndex, SubtractReachesArrayListScanAtDepthTwo) {
  Fixture fx(FixturesCp());
  LoopIndex idx = fx.Index("fixtures/perf/Utils", "subtract",
                           "(Ljava/util/List;Ljava/util/List;)Ljava/util/List;");
  EXPECT_FALSE(idx.truncated) << idx.truncated_reason;
  ASSERT_FALSE(idx.loops.empty());
  // The entry's own loop first, depth 1, no chain.
  const ReachedLoop& outer = idx.loops[0];
  EXPECT_EQ(outer.loop.method.name, "subtract");
  EXPECT_EQ(outer.depth, 1u);
  EXPECT_TRUE(outer.chain.empty());
  EXPECT_EQ(outer.loop.back_edge_offsets.size(), 1u);
  EXPECT_GT(outer.loop.line, 0);

  // JDK 17: ArrayList.contains -> indexOf -> indexOfRange, two scans (null / equals).
  auto scans = LoopsIn(idx, "java/util/ArrayList", "indexOfRange");
  ASSERT_EQ(scans.size(), 2u);
  for (const ReachedLoop* l : scans) {
    EXPECT_EQ(l->depth, 2u);
    EXPECT_EQ(l->loop.intra_depth, 1);
    ASSERT_EQ(l->chain.size(), 3u);
    EXPECT_EQ(l->chain[0].caller.name, "subtract");
    EXPECT_EQ(l->chain[0].receiver, "java/util/ArrayList");
    EXPECT_EQ(l->chain[0].callee.ToString(), "java/util/ArrayList.contains(Ljava/lang/Object;)Z");
    EXPECT_EQ(l->chain[0].depth, 1);
    EXPECT_EQ(l->chain[0].loop, outer.loop.index);
    EXPECT_EQ(l->chain[1].callee.name, "indexOf");
    EXPECT_EQ(l->chain[2].callee.name, "indexOfRange");
    // The reduced optimal path: the blocks dominating the call to contains, from the entry
    // (offset 0) to the block holding the call (inside the loop, after its header).
    const auto& doms = l->chain[0].dominators;
    ASSERT_GE(doms.size(), 2u);
    EXPECT_EQ(doms.front(), 0u);
    EXPECT_TRUE(std::is_sorted(doms.begin(), doms.end()));
    EXPECT_LE(doms.back(), l->chain[0].offset);
    EXPECT_NE(std::find(doms.begin(), doms.end(), outer.loop.header_offset), doms.end());
    // In indexOfRange the loop header is dominated by the entry block.
    ASSERT_FALSE(l->loop.header_dominators.empty());
    EXPECT_EQ(l->loop.header_dominators.front(), 0u);
    EXPECT_EQ(l->loop.header_dominators.back(), l->loop.header_offset);
  }
  auto pairs = PairsInto(idx, "subtract", "java/util/ArrayList", "indexOfRange");
  ASSERT_EQ(pairs.size(), 2u);
  for (const NestedPair* p : pairs) {
    EXPECT_EQ(p->outer, 0u);
    EXPECT_EQ(p->depth, 2u);
  }
  // The same through LinkedList (receiver chosen by the JDK whitelist).
  EXPECT_FALSE(PairsInto(idx, "subtract", "java/util/LinkedList", "indexOf").empty());
  // Every pair has depth >= 2 and its outer chain is a prefix of the inner one.
  for (const auto& p : idx.pairs) {
    EXPECT_GE(p.depth, 2u);
    const auto& oc = idx.loops[p.outer].chain;
    const auto& ic = idx.loops[p.inner].chain;
    ASSERT_LE(oc.size(), ic.size());
    for (size_t k = 0; k < oc.size(); ++k) EXPECT_EQ(oc[k].callee, ic[k].callee);
  }
}

TEST(PerfLoopIndex, SubtractWithoutEnoughCallsStopsAtTheOuterLoop) {
  LoopIndexOptions options;
  options.limits.max_calls = 2;  // indexOfRange is 3 calls away
  Fixture fx(FixturesCp(), options);
  LoopIndex idx = fx.Index("fixtures/perf/Utils", "subtract",
                           "(Ljava/util/List;Ljava/util/List;)Ljava/util/List;");
  EXPECT_TRUE(LoopsIn(idx, "java/util/ArrayList", "indexOfRange").empty());
  EXPECT_FALSE(LoopsIn(idx, "java/util/LinkedList", "indexOf").empty());  // 2 calls away
  for (const auto& l : idx.loops) EXPECT_LE(l.chain.size(), 2u);
}

TEST(PerfLoopIndex, FixedSubtractHasNoListScan) {
  Fixture fx(FixturesCp());
  LoopIndex idx = fx.Index("fixtures/perf/UtilsFixed", "subtract",
                           "(Ljava/util/List;Ljava/util/List;)Ljava/util/List;");
  EXPECT_FALSE(idx.truncated) << idx.truncated_reason;
  EXPECT_TRUE(PairsInto(idx, "subtract", "java/util/ArrayList", "indexOfRange").empty());
  // Set.contains -> HashSet -> HashMap.getNode: a bin walk, nested but not a list scan.
  EXPECT_FALSE(PairsInto(idx, "subtract", "java/util/HashMap", "getNode").empty());
}

TEST(PerfLoopIndex, DistinctKeysScan) {
  Fixture fx(FixturesCp());
  LoopIndex idx = fx.Index("fixtures/perf/DistinctKeys", "add", "(I)Z");
  ASSERT_EQ(idx.loops.size(), 1u);  // Arrays.copyOf is opaque (not a followed JDK class)
  EXPECT_EQ(idx.loops[0].depth, 1u);
  EXPECT_TRUE(idx.pairs.empty());
}

TEST(PerfLoopIndex, MeasureReachesCountdownOnlyThroughTheInterface) {
  const std::string desc = "(Lfixtures/perf/Source;I)I";
  {
    Fixture fx(FixturesCp() + ":" + JTG_PERF_IMPL_JAR);
    LoopIndex idx = fx.Index("fixtures/perf/Measure", "total", desc);
    ASSERT_EQ(idx.loops.size(), 1u);
    const ReachedLoop& l = idx.loops[0];
    EXPECT_EQ(l.loop.method.ToString(), "fixtures/perf/impl/Countdown.steps(I)I");
    EXPECT_EQ(l.depth, 1u);
    ASSERT_EQ(l.chain.size(), 1u);
    EXPECT_EQ(l.chain[0].receiver, "fixtures/perf/impl/Countdown");
    EXPECT_EQ(l.chain[0].depth, 0);
    EXPECT_TRUE(idx.pairs.empty());
  }
  {
    Fixture fx(FixturesCp());  // no implementation on the classpath
    LoopIndex idx = fx.Index("fixtures/perf/Measure", "total", desc);
    EXPECT_TRUE(idx.loops.empty());
  }
}

TEST(PerfLoopIndex, Errors) {
  Fixture fx(FixturesCp());
  auto missing = fx.indexer->Index({"fixtures/perf/Nope", "f", "()V"});
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  auto no_method = fx.indexer->Index({"fixtures/perf/Utils", "nope", "()V"});
  EXPECT_EQ(no_method.status().code(), absl::StatusCode::kNotFound);
  auto abstract = fx.indexer->Index({"fixtures/perf/Source", "steps", "(I)I"});
  ASSERT_TRUE(abstract.ok());
  EXPECT_TRUE(abstract->loops.empty());
}

TEST(PerfLoopIndex, LoopLimitTruncates) {
  LoopIndexOptions options;
  options.limits.max_loops = 1;
  Fixture fx(FixturesCp(), options);
  LoopIndex idx = fx.Index("fixtures/perf/Utils", "subtract",
                           "(Ljava/util/List;Ljava/util/List;)Ljava/util/List;");
  EXPECT_TRUE(idx.truncated);
  EXPECT_EQ(idx.truncated_reason, "more than 1 loops");
  EXPECT_EQ(idx.loops.size(), 1u);
}

TEST(PerfLoopIndex, CommonsCollectionsContainsAny) {
  if (!fs::exists(kCommonsCollections)) GTEST_SKIP() << kCommonsCollections << " not installed";
  Fixture fx(kCommonsCollections);
  LoopIndex idx = fx.Index("org/apache/commons/collections/CollectionUtils", "containsAny",
                           "(Ljava/util/Collection;Ljava/util/Collection;)Z");
  EXPECT_FALSE(idx.truncated) << idx.truncated_reason;
  // L1 (line 202: coll2.contains) and L2 (line 208: coll1.contains) each hold both
  // ArrayList.indexOfRange scans at depth 2.
  for (int line : {202, 208}) {
    SCOPED_TRACE(line);
    int found = 0;
    for (const auto& p : idx.pairs) {
      const ReachedLoop& o = idx.loops[p.outer];
      const ReachedLoop& i = idx.loops[p.inner];
      if (o.loop.line != line || i.loop.method.owner != "java/util/ArrayList") continue;
      EXPECT_EQ(i.loop.method.name, "indexOfRange");
      EXPECT_EQ(p.depth, 2u);
      EXPECT_EQ(o.depth, 1u);
      EXPECT_EQ(i.chain.front().callee.ToString(),
                "java/util/ArrayList.contains(Ljava/lang/Object;)Z");
      ++found;
    }
    EXPECT_EQ(found, 2);
  }
}

}  // namespace
}  // namespace jtg::perf
