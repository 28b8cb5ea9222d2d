// PIT's return, increment and negation mutation sites in the instrumenter
// (instrument/pit_mutators.h, pit_emit.h; instrument::Options::mutation;
// tests/fixtures/mutation/Pit.java): which instructions become sites and with which mutants
// (by the declared return type, minus the literal the return already returns), that synthetic
// bridges are skipped and lambda bodies are not, and that the instrumented classes verify under
// -Xverify:all and compute exactly what the originals compute with no mutant switched on.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "classfile/class_file.h"
#include "instrument/instrument.h"
#include "instrument/mutation_ops.h"
#include "instrument/pit_mutators.h"
#include "instrument_test_util.h"

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;
using testutil::TempDir;

const fs::path kMutationFixtures = fs::path(JTG_FIXTURES_DIR) / "fixtures/mutation";

constexpr int32_t kTrue = 0x100, kFalse = 0x101, kPrim = 0x102, kEmpty = 0x103, kNull = 0x104;
constexpr int32_t kInc = 0x105, kNeg = 0x106;
constexpr uint8_t kIreturn = 0xac, kLreturn = 0xad, kFreturn = 0xae, kDreturn = 0xaf;
constexpr uint8_t kAreturn = 0xb0, kIinc = 0x84;

using Sites = std::vector<std::pair<uint8_t, std::vector<int32_t>>>;  // (opcode, mutants)

// Instruments fixtures/mutation/<name>.class with the mutation option: sites per method name
// (overloads: "name" + descriptor).
std::map<std::string, Sites> SitesOf(const std::string& name) {
  IdAllocator ids;
  auto r = InstrumentBytes(testutil::ReadBytes(kMutationFixtures / (name + ".class")), name,
                           Options{.mutation = true}, ids);
  EXPECT_TRUE(r.ok()) << r.status();
  std::map<std::string, Sites> out;
  if (!r.ok()) return out;
  for (const auto& m : r->plan.methods) {
    EXPECT_TRUE(m.instrumented || m.skip == SkipReason::kNoCode) << m.name << ": " << m.SkipText();
    Sites& s = out[m.name == "compareTo" ? m.name + m.descriptor : m.name];
    for (const auto& site : m.mutation_sites) {
      EXPECT_GT(site.line, 0) << m.name;
      s.emplace_back(site.opcode, site.mutants);
    }
  }
  return out;
}

TEST(PitMutation, MutatorNamesAndScheme) {
  EXPECT_EQ(PitMutant(PitMutator::kTrueReturns), 0x100);
  EXPECT_EQ(PitMutant(PitMutator::kInvertNegs), 0x106);
  EXPECT_EQ(PitMutatorName(0x100), "TRUE_RETURNS");
  EXPECT_EQ(PitMutatorName(0x103), "EMPTY_RETURNS");
  EXPECT_EQ(PitMutatorName(0x105), "INCREMENTS");
  EXPECT_EQ(PitMutatorName(0x107), "VOID_METHOD_CALLS");
  EXPECT_EQ(PitMutant(PitMutator::kVoidMethodCalls), 0x107);
  EXPECT_EQ(PitMutatorName(0x108), "");
  EXPECT_EQ(PitMutatorName(0x64), "");
  EXPECT_EQ(MutantClass(0x60, 0x64), "AOR");
  EXPECT_EQ(MutantClass(0xac, 0x102), "PRIMITIVE_RETURNS");
  EXPECT_EQ(SiteMnemonic(0x84), "iinc");
  EXPECT_EQ(SiteMnemonic(0x77), "dneg");
  EXPECT_EQ(SiteMnemonic(0xb0), "areturn");
  EXPECT_EQ(SiteMnemonic(0x60), "iadd");
  EXPECT_EQ(SiteMnemonic(0xb1), "");
  EXPECT_EQ(SiteMnemonic(0xb9), "invokeinterface");
}

TEST(PitMutation, ReturnMutationByDeclaredType) {
  auto z = ReturnMutationOf("(I)Z");
  ASSERT_TRUE(z);
  EXPECT_EQ(z->helper, "zreturn");
  EXPECT_EQ(z->mutants, (std::vector<int32_t>{kTrue, kFalse}));
  EXPECT_EQ(ReturnMutationOf("()C")->helper, "ireturn");
  EXPECT_EQ(ReturnMutationOf("()J")->helper_descriptor, "(JI)J");
  auto s = ReturnMutationOf("()Ljava/lang/String;");
  EXPECT_EQ(s->helper, "emptyReturn");
  EXPECT_EQ(s->empty_kind, 0);
  EXPECT_EQ(s->checkcast, "java/lang/String");
  EXPECT_EQ(ReturnMutationOf("()Ljava/lang/Iterable;")->empty_kind, 2);  // emptyList
  EXPECT_EQ(ReturnMutationOf("()Ljava/util/Map;")->empty_kind, 4);
  EXPECT_EQ(ReturnMutationOf("()Ljava/lang/Double;")->empty_kind, 11);
  auto b = ReturnMutationOf("()Ljava/lang/Boolean;");
  EXPECT_EQ(b->helper, "boolReturn");
  EXPECT_EQ(b->mutants, (std::vector<int32_t>{kTrue, kFalse}));
  auto byte = ReturnMutationOf("()Ljava/lang/Byte;");  // not in PIT's empty list
  EXPECT_EQ(byte->helper, "nullReturn");
  EXPECT_EQ(byte->mutants, std::vector<int32_t>{kNull});
  auto o = ReturnMutationOf("()Ljava/lang/Object;");
  EXPECT_EQ(o->checkcast, "");
  auto a = ReturnMutationOf("()[[I");
  EXPECT_EQ(a->checkcast, "[[I");
  EXPECT_EQ(a->return_opcode, kAreturn);
  EXPECT_FALSE(ReturnMutationOf("(I)V"));
  EXPECT_FALSE(ReturnMutationOf("(I"));
}

TEST(PitMutation, SitesPerMethod) {
  auto sites = SitesOf("Pit");
  auto expect = [&](const std::string& method, const Sites& want) {
    ASSERT_EQ(sites.count(method), 1u) << method;
    EXPECT_EQ(sites[method], want) << method;
  };
  expect("flag", {{kIreturn, {kTrue, kFalse}}});
  expect("isPos", {{kIreturn, {kTrue, kFalse}}});  // iconst_0 before it, but a jump target
  expect("yes", {{kIreturn, {kFalse}}});
  expect("no", {{kIreturn, {kTrue}}});
  expect("boxedBool", {{kAreturn, {kTrue, kFalse}}});
  expect("id", {{kIreturn, {kPrim}}});
  expect("zero", {});
  expect("lid", {{kLreturn, {kPrim}}});
  expect("fid", {{kFreturn, {kPrim}}});
  expect("did", {{kDreturn, {kPrim}}});
  expect("cid", {{kIreturn, {kPrim}}});
  expect("str", {{kAreturn, {kEmpty}}});
  expect("emptyStr", {});
  expect("opt", {{kAreturn, {kEmpty}}});
  expect("boxed", {{kAreturn, {kEmpty}}});
  expect("stream", {{kAreturn, {kEmpty}}});
  expect("iterable", {{kAreturn, {kEmpty}}});
  expect("list", {{kIinc, {kInc}}, {kAreturn, {kEmpty}}});
  expect("obj", {{kAreturn, {kNull}}});
  expect("boxedByte", {{kAreturn, {kNull}}});
  expect("arr", {{kAreturn, {kNull}}});
  expect("nothing", {});
  expect("step", {{kIinc, {kInc}}, {kIreturn, {kPrim}}});
  expect("big", {{kIinc, {kInc}}, {kIreturn, {kPrim}}});  // wide iinc
  expect("count", {{kIinc, {kInc}}, {kIinc, {kInc}}, {kIreturn, {kPrim}}});
  expect("neg", {{0x74, {kNeg}}, {kIreturn, {kPrim}}});
  expect("dneg", {{0x77, {kNeg}}, {kDreturn, {kPrim}}});
  expect("negator", {{kAreturn, {kNull}}});
  expect("lambda$negator$0", {{0x74, {kNeg}}, {kIreturn, {kPrim}}});
  expect("<init>", {});
  auto box = SitesOf("Pit$Box");
  EXPECT_EQ(box["compareTo(Lfixtures/mutation/Pit$Box;)I"], (Sites{{kIreturn, {kPrim}}}));
  EXPECT_EQ(box["compareTo(Ljava/lang/Object;)I"], Sites{});  // the bridge
}

// The opcodes of the VOID_METHOD_CALLS sites of `method` in fixtures/mutation/<cls>, in order.
std::vector<uint8_t> VoidSitesOf(const std::string& cls, const std::string& method) {
  IdAllocator ids;
  auto r = InstrumentBytes(testutil::ReadBytes(kMutationFixtures / (cls + ".class")), cls,
                           Options{.mutation = true}, ids);
  EXPECT_TRUE(r.ok()) << r.status();
  std::vector<uint8_t> out;
  if (!r.ok()) return out;
  for (const auto& m : r->plan.methods) {
    if (m.name != method) continue;
    EXPECT_TRUE(m.instrumented) << m.name << ": " << m.SkipText();
    for (const auto& site : m.mutation_sites) {
      if (site.mutants == std::vector<int32_t>{PitMutant(PitMutator::kVoidMethodCalls)}) {
        out.push_back(site.opcode);
      }
    }
  }
  return out;
}

TEST(PitMutation, VoidCallSites) {
  constexpr uint8_t kVirtual = 0xb6, kSpecial = 0xb7, kStatic = 0xb8, kInterface = 0xb9;
  using Ops = std::vector<uint8_t>;
  EXPECT_EQ(VoidSitesOf("VoidCalls", "twice"), (Ops{kVirtual, kVirtual}));  // private bump
  EXPECT_EQ(VoidSitesOf("VoidCalls", "add"), Ops{kStatic});
  EXPECT_EQ(VoidSitesOf("VoidCalls", "cleared"), Ops{kInterface});  // not the boolean add
  EXPECT_EQ(VoidSitesOf("VoidCalls", "copied"), (Ops{kStatic, kStatic}));
  EXPECT_EQ(VoidSitesOf("VoidCalls", "reset"), Ops{kSpecial});  // super.reset()
  EXPECT_EQ(VoidSitesOf("VoidCalls", "resets"), (Ops{kVirtual, kVirtual}));
  EXPECT_EQ(VoidSitesOf("VoidCounter", "increment"), (Ops{kInterface, kInterface}));
  for (const char* none : {"<init>", "<clinit>", "logged", "quit", "note", "addTo", "inc"}) {
    EXPECT_EQ(VoidSitesOf("VoidCalls", none), Ops{}) << none;
  }
  // One helper per called method and invoke, added to the class (an interface too).
  IdAllocator ids;
  for (const auto& [cls, helpers] : {std::pair<std::string, size_t>{"VoidCalls", 8},
                                     std::pair<std::string, size_t>{"VoidCounter", 1}}) {
    auto parsed = classfile::Parse(testutil::ReadBytes(kMutationFixtures / (cls + ".class")), cls);
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    const size_t before = parsed->cls.methods.size();
    auto r = InstrumentClass(parsed->cls, Options{.mutation = true}, ids);
    ASSERT_TRUE(r.ok()) << r.status();
    ASSERT_EQ(parsed->cls.methods.size(), before + helpers) << cls;
    const auto& last = parsed->cls.methods.back();
    EXPECT_TRUE(parsed->cls.MethodName(last).starts_with("jtg$void$")) << cls;
    EXPECT_EQ(last.access,
              classfile::kAccPrivate | classfile::kAccStatic | classfile::kAccSynthetic);
    EXPECT_EQ(r->plan.methods.size(), before);  // the helpers have no goals
  }
}

bool MentionsPitMutation(const std::vector<uint8_t>& bytes) {
  const std::string_view needle = "jtestgen/rt/PitMutation";
  return std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end()) != bytes.end();
}

TEST(PitMutation, OnlyWithTheMutationOption) {
  const std::vector<uint8_t> bytes = testutil::ReadBytes(kMutationFixtures / "Pit.class");
  IdAllocator ids;
  auto off = InstrumentBytes(bytes, "Pit", Options{}, ids);
  ASSERT_TRUE(off.ok()) << off.status();
  EXPECT_FALSE(MentionsPitMutation(off->bytes));
  for (const auto& m : off->plan.methods) EXPECT_TRUE(m.mutation_sites.empty()) << m.name;
  auto on = InstrumentBytes(bytes, "Pit", Options{.mutation = true}, ids);
  ASSERT_TRUE(on.ok()) << on.status();
  EXPECT_TRUE(MentionsPitMutation(on->bytes));
}

TEST(PitMutation, GeneratedMethodsAreSkippedButLambdas) {
  EXPECT_TRUE(PitMutatesMethod("f", classfile::kAccPublic));
  EXPECT_FALSE(PitMutatesMethod("compareTo", classfile::kAccBridge | classfile::kAccSynthetic));
  EXPECT_FALSE(PitMutatesMethod("access$000", classfile::kAccSynthetic | classfile::kAccStatic));
  EXPECT_TRUE(PitMutatesMethod("lambda$run$0", classfile::kAccSynthetic | classfile::kAccPrivate));
}

// Runs fixtures.mutation.PitDriver under -Xverify:all with `classpath` first.
std::string RunDriver(const std::string& classpath) {
  std::string out;
  int rc = testutil::Run(testutil::JavaHome() + "/bin/java -Xverify:all -Xshare:off -cp '" +
                             classpath + "' fixtures.mutation.PitDriver",
                         &out);
  EXPECT_EQ(rc, 0) << out.substr(0, 2000);
  return out;
}

TEST(PitMutation, InstrumentedCodeVerifiesAndComputesTheSameResults) {
  TempDir tmp("pit-run");
  const fs::path in = tmp.path() / "in", out = tmp.path() / "out";
  fs::create_directories(in / "fixtures/mutation");
  for (const auto& e : fs::directory_iterator(kMutationFixtures)) {
    fs::copy_file(e.path(), in / "fixtures/mutation" / e.path().filename());
  }
  ASSERT_TRUE(testutil::CompileRuntime(out));
  IdAllocator ids;
  auto dir = testutil::InstrumentDir(in, out, ids, {"fixtures.mutation.PitDriver"},
                                     Options{.mutation = true});
  ASSERT_TRUE(dir.errors.empty()) << dir.errors.front();
  ASSERT_EQ(dir.plans.count("fixtures.mutation.Pit"), 1u);
  auto v = testutil::VerifyClasses(out, dir.names);
  EXPECT_TRUE(v.failures.empty()) << v.raw;
  EXPECT_EQ(v.loaded, static_cast<int>(dir.names.size())) << v.raw;

  const std::string expected = RunDriver(JTG_FIXTURES_DIR);
  const std::string actual = RunDriver(out.string());
  EXPECT_NE(expected.find("big(1) = 1001"), std::string::npos);
  EXPECT_NE(expected.find("count(3) = 3"), std::string::npos);
  EXPECT_NE(expected.find("str(3) = s3"), std::string::npos);
  EXPECT_NE(expected.find("negator()(4) = -4"), std::string::npos);
  EXPECT_NE(expected.find("VoidCalls.twice(3) = 6"), std::string::npos);
  EXPECT_NE(expected.find("VoidCalls.copied(3) = 21"), std::string::npos);
  EXPECT_NE(expected.find("VoidCalls.resets() = 12"), std::string::npos);
  EXPECT_GT(std::count(expected.begin(), expected.end(), '\n'), 100);
  std::istringstream want(expected), got(actual);
  std::string w, g;
  int diffs = 0;
  while (std::getline(want, w)) {
    if (!std::getline(got, g)) g = "<missing>";
    if (w != g && ++diffs <= 10) ADD_FAILURE() << "expected " << w << "\n     got " << g;
  }
  EXPECT_EQ(diffs, 0);
  EXPECT_EQ(expected.size(), actual.size());
}

}  // namespace
}  // namespace jtg::instrument
