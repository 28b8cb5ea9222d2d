// PIT's return, increment and negation mutants (instrument/pit_mutators.h) on the shared
// embedded JVM (tests/fixtures/mutation/Pit.java, instrumented with the mutation option):
// jtestgen.rt.PitMutation logs (into WeakMutation's log) per execution of a site the reached marker
// -1 - opcode and exactly the mutants 0x100 + n whose value differs from the original one, and with
// a mutant switched on (Executor::SetMutant) the method really returns the mutant's value.
#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>
#include <vector>

#include "jvm_fixture.h"
#include "testcase/executor.h"
#include "testcase_builders.h"

namespace jtg {
namespace {

using testcase::ExecResult;
using testcase::Observed;
using testcase::TestCase;

const char* kPit = "fixtures/mutation/Pit";
const char* kVoidCalls = "fixtures/mutation/VoidCalls";
const char* kVoidCounter = "fixtures/mutation/VoidCounter";

constexpr int32_t kTrue = 0x100, kFalse = 0x101, kPrim = 0x102, kEmpty = 0x103, kNull = 0x104;
constexpr int32_t kInc = 0x105, kNeg = 0x106;
constexpr int32_t kIreturn = 0xac, kLreturn = 0xad, kFreturn = 0xae, kDreturn = 0xaf;
constexpr int32_t kAreturn = 0xb0, kIinc = 0x84, kIneg = 0x74, kFneg = 0x76, kDneg = 0x77;

testing::SharedJvm& Jvm() {
  auto& jvm = testing::GetSharedJvm();
  static const bool loaded = [&] {
    for (const char* c : {kPit, kVoidCalls, kVoidCounter}) {
      jvm.transformer.EnableMutation(c);  // before the class first loads
    }
    return jvm.executor->FindClass(kPit) != nullptr &&
           jvm.executor->FindClass(kVoidCalls) != nullptr;
  }();
  EXPECT_TRUE(loaded);
  return jvm;
}

// The id of the `nth` site of `method` of `cls` whose instruction is `opcode`.
int32_t SiteIn(const char* cls, const std::string& method, int32_t opcode, int nth = 0) {
  auto plan = Jvm().transformer.Plan(cls);
  EXPECT_TRUE(plan.has_value());
  if (plan) {
    for (const auto& m : plan->methods) {
      if (m.name != method) continue;
      for (const auto& s : m.mutation_sites) {
        if (s.opcode == opcode && nth-- == 0) return s.id;
      }
    }
  }
  ADD_FAILURE() << "no site " << opcode << " in " << method;
  return -1;
}

int32_t SiteOf(const std::string& method, int32_t opcode, int nth = 0) {
  return SiteIn(kPit, method, opcode, nth);
}

// One argument of a call: a primitive of type Z B C S I J F D, a String, or null.
struct Arg {
  char type = 'I';
  double v = 0;
  const char* s = nullptr;  // type 's': the string (nullptr: null)
};

// Runs <cls>.<method><desc>(args) (static) with mutant (site, k) switched on (site 0: none).
ExecResult CallIn(const char* cls, const std::string& method, const std::string& desc,
                  std::vector<Arg> args, int32_t site = 0, int32_t k = -1) {
  TestCase tc;
  std::vector<int> ids;
  for (const Arg& a : args) {
    if (a.type == 's' && a.s != nullptr) {
      ids.push_back(testing::AddString(tc, a.s));
    } else if (a.type == 's') {
      testcase::Stmt s;
      s.kind = testcase::StmtKind::kNull;
      s.type = *classfile::ParseFieldDescriptor("Ljava/lang/String;");
      tc.stmts.push_back(s);
      ids.push_back(static_cast<int>(tc.size() - 1));
    } else if (a.type == 'F' || a.type == 'D') {
      ids.push_back(testing::AddPrimitive(tc, a.type, 0, a.v));
    } else {
      ids.push_back(testing::AddPrimitive(tc, a.type, static_cast<int64_t>(a.v)));
    }
  }
  testing::AddCallStmt(tc, testing::MakeMethod(cls, method, desc, true), ids);
  auto& ex = *Jvm().executor;
  ex.SetMutant(site, k);
  ExecResult r = ex.Run(tc);
  ex.ClearMutant();
  EXPECT_TRUE(r.Normal()) << method << ": " << r.exception_class << " " << r.exception_message;
  return r;
}

ExecResult CallPit(const std::string& method, const std::string& desc, std::vector<Arg> args,
                   int32_t site = 0, int32_t k = -1) {
  return CallIn(kPit, method, desc, std::move(args), site, k);
}

// The value the call (the last statement) returned.
Observed Returned(const ExecResult& r) { return r.values.empty() ? Observed{} : r.values.back(); }

struct Log {
  std::vector<int32_t> markers;  // original opcode per reached marker
  std::set<int32_t> infected;
};

Log LogOf(const ExecResult& r, int32_t site) {
  Log out;
  for (const auto& [id, k] : r.mutants) {
    if (id != site) continue;
    if (k < 0) {
      out.markers.push_back(-1 - k);
    } else {
      EXPECT_TRUE(out.infected.insert(k).second) << "logged twice: " << k;
    }
  }
  return out;
}

struct Case {
  const char* method;
  const char* desc;
  std::vector<Arg> args;
  int32_t opcode;
  std::set<int32_t> infected;
};

TEST(PitMutationProbes, InfectedWhenTheMutantValueDiffers) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Case cases[] = {
      {"flag", "(Z)Z", {{'Z', 1}}, kIreturn, {kFalse}},
      {"flag", "(Z)Z", {{'Z', 0}}, kIreturn, {kTrue}},
      {"isPos", "(I)Z", {{'I', 5}}, kIreturn, {kFalse}},
      {"yes", "()Z", {}, kIreturn, {kFalse}},
      {"boxedBool", "(Z)Ljava/lang/Boolean;", {{'Z', 0}}, kAreturn, {kTrue}},
      {"id", "(I)I", {{'I', 7}}, kIreturn, {kPrim}},
      {"id", "(I)I", {{'I', 0}}, kIreturn, {}},
      {"lid", "(J)J", {{'J', -3}}, kLreturn, {kPrim}},
      {"lid", "(J)J", {{'J', 0}}, kLreturn, {}},
      {"fid", "(F)F", {{'F', 0}}, kFreturn, {}},
      {"fid", "(F)F", {{'F', -0.0}}, kFreturn, {kPrim}},  // -0.0f is not 0.0f
      {"did", "(D)D", {{'D', 2.5}}, kDreturn, {kPrim}},
      {"str", "(Ljava/lang/String;)Ljava/lang/String;", {{'s', 0, "abc"}}, kAreturn, {kEmpty}},
      {"str", "(Ljava/lang/String;)Ljava/lang/String;", {{'s', 0, ""}}, kAreturn, {}},
      {"str", "(Ljava/lang/String;)Ljava/lang/String;", {{'s', 0, nullptr}}, kAreturn, {kEmpty}},
      {"opt", "(Ljava/lang/String;)Ljava/util/Optional;", {{'s', 0, "x"}}, kAreturn, {kEmpty}},
      {"opt", "(Ljava/lang/String;)Ljava/util/Optional;", {{'s', 0, nullptr}}, kAreturn, {}},
      {"boxed", "(I)Ljava/lang/Integer;", {{'I', 4}}, kAreturn, {kEmpty}},
      {"boxed", "(I)Ljava/lang/Integer;", {{'I', 0}}, kAreturn, {}},
      {"boxedDouble", "(D)Ljava/lang/Double;", {{'D', -0.0}}, kAreturn, {kEmpty}},
      {"list", "(I)Ljava/util/List;", {{'I', 0}}, kAreturn, {}},
      {"list", "(I)Ljava/util/List;", {{'I', 2}}, kAreturn, {kEmpty}},
      {"set", "(I)Ljava/util/Set;", {{'I', 0}}, kAreturn, {}},
      {"map", "(I)Ljava/util/Map;", {{'I', 3}}, kAreturn, {kEmpty}},
      {"iterable", "(I)Ljava/lang/Iterable;", {{'I', 0}}, kAreturn, {}},  // a JDK wrapper
      {"iterable", "(I)Ljava/lang/Iterable;", {{'I', 1}}, kAreturn, {kEmpty}},
      {"stream", "(I)Ljava/util/stream/Stream;", {{'I', 0}}, kAreturn, {kEmpty}},  // opaque
      {"obj", "(Ljava/lang/Object;)Ljava/lang/Object;", {{'s', 0, nullptr}}, kAreturn, {}},
      {"obj", "(Ljava/lang/Object;)Ljava/lang/Object;", {{'s', 0, "o"}}, kAreturn, {kNull}},
      {"arr", "(I)[I", {{'I', 0}}, kAreturn, {kNull}},
      {"boxedByte", "(B)Ljava/lang/Byte;", {{'B', 0}}, kAreturn, {kNull}},
      {"step", "(I)I", {{'I', 1}}, kIinc, {kInc}},
      {"big", "(I)I", {{'I', 1}}, kIinc, {kInc}},
      {"neg", "(I)I", {{'I', 3}}, kIneg, {kNeg}},
      {"neg", "(I)I", {{'I', 0}}, kIneg, {}},
      {"neg", "(I)I", {{'I', std::numeric_limits<int32_t>::min()}}, kIneg, {}},  // -MIN == MIN
      {"fneg", "(F)F", {{'F', 0}}, kFneg, {kNeg}},                               // 0.0 vs -0.0
      {"dneg", "(D)D", {{'D', nan}}, kDneg, {}},
      {"dneg", "(D)D", {{'D', 1.5}}, kDneg, {kNeg}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.method) + " " + std::to_string(c.args.empty() ? 0 : c.args[0].v) +
                 (c.args.empty() || c.args[0].s == nullptr ? "" : c.args[0].s));
    int32_t site = SiteOf(c.method, c.opcode);
    Log log = LogOf(CallPit(c.method, c.desc, c.args), site);
    EXPECT_EQ(log.markers, std::vector<int32_t>{c.opcode});
    EXPECT_EQ(log.infected, c.infected);
  }
}

TEST(PitMutationProbes, LoggedOncePerExecutionInLoops) {
  // count(3): c++ and i++ run three times each, the return once.
  ExecResult r = CallPit("count", "(I)I", {{'I', 3}});
  EXPECT_EQ(Returned(r).i, 3);
  for (int nth : {0, 1}) {
    Log log = LogOf(r, SiteOf("count", kIinc, nth));
    EXPECT_EQ(log.markers, std::vector<int32_t>{kIinc});
    EXPECT_EQ(log.infected, std::set<int32_t>{kInc});
  }
  // count(0): the loop body never runs; i++ neither.
  ExecResult none = CallPit("count", "(I)I", {{'I', 0}});
  EXPECT_TRUE(LogOf(none, SiteOf("count", kIinc, 0)).markers.empty());
  EXPECT_EQ(LogOf(none, SiteOf("count", kIreturn)).markers, std::vector<int32_t>{kIreturn});
  EXPECT_TRUE(LogOf(none, SiteOf("count", kIreturn)).infected.empty());  // returns 0
}

TEST(PitMutationProbes, StrongMutantsChangeTheReturnedValue) {
  // Booleans.
  EXPECT_EQ(Returned(CallPit("flag", "(Z)Z", {{'Z', 0}})).i, 0);
  EXPECT_EQ(Returned(CallPit("flag", "(Z)Z", {{'Z', 0}}, SiteOf("flag", kIreturn), kTrue)).i, 1);
  EXPECT_EQ(Returned(CallPit("yes", "()Z", {}, SiteOf("yes", kIreturn), kFalse)).i, 0);
  EXPECT_EQ(Returned(CallPit("yes", "()Z", {}, SiteOf("yes", kIreturn), kTrue)).i,
            1);  // not listed
  Observed b = Returned(CallPit("boxedBool", "(Z)Ljava/lang/Boolean;", {{'Z', 0}},
                                SiteOf("boxedBool", kAreturn), kTrue));
  EXPECT_TRUE(b.boxed);
  EXPECT_EQ(b.i, 1);
  // Primitives -> 0.
  EXPECT_EQ(Returned(CallPit("id", "(I)I", {{'I', 7}}, SiteOf("id", kIreturn), kPrim)).i, 0);
  EXPECT_EQ(Returned(CallPit("lid", "(J)J", {{'J', 9}}, SiteOf("lid", kLreturn), kPrim)).i, 0);
  EXPECT_EQ(Returned(CallPit("did", "(D)D", {{'D', 2.5}}, SiteOf("did", kDreturn), kPrim)).d, 0.0);
  // Another site's mutant, or another mutator of this site, changes nothing.
  EXPECT_EQ(Returned(CallPit("id", "(I)I", {{'I', 7}}, SiteOf("lid", kLreturn), kPrim)).i, 7);
  EXPECT_EQ(Returned(CallPit("id", "(I)I", {{'I', 7}}, SiteOf("id", kIreturn), kNull)).i, 7);
  // Empty values.
  const std::string str_desc = "(Ljava/lang/String;)Ljava/lang/String;";
  Observed s = Returned(CallPit("str", str_desc, {{'s', 0, "abc"}}));
  EXPECT_EQ(s.kind, Observed::kString);
  EXPECT_EQ(s.s, u"abc");
  s = Returned(CallPit("str", str_desc, {{'s', 0, "abc"}}, SiteOf("str", kAreturn), kEmpty));
  EXPECT_EQ(s.kind, Observed::kString);
  EXPECT_EQ(s.s, u"");
  Observed l = Returned(CallPit("list", "(I)Ljava/util/List;", {{'I', 3}}));
  EXPECT_EQ(l.size, 3);
  l = Returned(
      CallPit("list", "(I)Ljava/util/List;", {{'I', 3}}, SiteOf("list", kAreturn), kEmpty));
  EXPECT_EQ(l.kind, Observed::kObject);
  EXPECT_EQ(l.size, 0);
  Observed mp =
      Returned(CallPit("map", "(I)Ljava/util/Map;", {{'I', 3}}, SiteOf("map", kAreturn), kEmpty));
  EXPECT_EQ(mp.size, 0);
  Observed o = Returned(CallPit("opt", "(Ljava/lang/String;)Ljava/util/Optional;", {{'s', 0, "x"}},
                                SiteOf("opt", kAreturn), kEmpty));
  EXPECT_EQ(o.kind, Observed::kObject);
  EXPECT_EQ(o.runtime_class, "java.util.Optional");
  Observed z = Returned(
      CallPit("boxed", "(I)Ljava/lang/Integer;", {{'I', 4}}, SiteOf("boxed", kAreturn), kEmpty));
  EXPECT_TRUE(z.boxed);
  EXPECT_EQ(z.i, 0);
  // Null.
  const std::string builder_desc = "(Ljava/lang/String;)Ljava/lang/StringBuilder;";
  EXPECT_EQ(Returned(CallPit("builder", builder_desc, {{'s', 0, "ab"}})).kind, Observed::kObject);
  EXPECT_EQ(Returned(CallPit("builder", builder_desc, {{'s', 0, "ab"}}, SiteOf("builder", kAreturn),
                             kNull))
                .kind,
            Observed::kNull);
  EXPECT_EQ(Returned(CallPit("arr", "(I)[I", {{'I', 2}}, SiteOf("arr", kAreturn), kNull)).kind,
            Observed::kNull);
}

TEST(PitMutationProbes, StrongIncrementAndNegationMutants) {
  EXPECT_EQ(Returned(CallPit("step", "(I)I", {{'I', 1}})).i, 6);
  EXPECT_EQ(Returned(CallPit("step", "(I)I", {{'I', 1}}, SiteOf("step", kIinc), kInc)).i, -4);
  EXPECT_EQ(Returned(CallPit("down", "(I)I", {{'I', 1}}, SiteOf("down", kIinc), kInc)).i, 2);
  EXPECT_EQ(Returned(CallPit("big", "(I)I", {{'I', 1}})).i, 1001);
  EXPECT_EQ(Returned(CallPit("big", "(I)I", {{'I', 1}}, SiteOf("big", kIinc), kInc)).i, -999);
  // The mutant of c++ counts down; i++ (the other iinc) is left alone.
  EXPECT_EQ(Returned(CallPit("count", "(I)I", {{'I', 3}}, SiteOf("count", kIinc, 0), kInc)).i, -3);
  EXPECT_EQ(Returned(CallPit("neg", "(I)I", {{'I', 3}})).i, -3);
  EXPECT_EQ(Returned(CallPit("neg", "(I)I", {{'I', 3}}, SiteOf("neg", kIneg), kNeg)).i, 3);
  EXPECT_EQ(Returned(CallPit("lneg", "(J)J", {{'J', 5}}, SiteOf("lneg", 0x75), kNeg)).i, 5);
  EXPECT_EQ(Returned(CallPit("fneg", "(F)F", {{'F', 1.5}}, SiteOf("fneg", kFneg), kNeg)).d, 1.5);
  EXPECT_EQ(Returned(CallPit("dneg", "(D)D", {{'D', 1.5}}, SiteOf("dneg", kDneg), kNeg)).d, 1.5);
  EXPECT_EQ(Returned(CallPit("dneg", "(D)D", {{'D', 1.5}})).d, -1.5);  // switched off again
}

TEST(PitMutationProbes, VoidCallsAreInfectedWhenReachedAndSkippedUnderTheirMutant) {
  constexpr int32_t kVoid = 0x107, kVirtual = 0xb6, kSpecial = 0xb7, kStatic = 0xb8;
  constexpr int32_t kInterface = 0xb9;
  // Weak: each site reached logs its marker (the invoke) and its one mutant, once.
  ExecResult twice = CallIn(kVoidCalls, "twice", "(I)I", {{'I', 3}});
  EXPECT_EQ(Returned(twice).i, 6);
  for (int nth : {0, 1}) {
    Log log = LogOf(twice, SiteIn(kVoidCalls, "twice", kVirtual, nth));
    EXPECT_EQ(log.markers, std::vector<int32_t>{kVirtual});
    EXPECT_EQ(log.infected, std::set<int32_t>{kVoid});
  }
  ExecResult copied = CallIn(kVoidCalls, "copied", "(I)I", {{'I', 0}});  // empty arrays
  EXPECT_EQ(LogOf(copied, SiteIn(kVoidCalls, "copied", kStatic, 1)).infected,
            std::set<int32_t>{kVoid});
  // Strong: the call is skipped under its own mutant only.
  auto call = [](const char* m, const char* d, std::vector<Arg> a, const char* cls, const char* in,
                 int32_t op, int nth) {
    return Returned(CallIn(kVoidCalls, m, d, std::move(a), SiteIn(cls, in, op, nth), kVoid)).i;
  };
  EXPECT_EQ(call("twice", "(I)I", {{'I', 3}}, kVoidCalls, "twice", kVirtual, 0), 3);
  EXPECT_EQ(call("twice", "(I)I", {{'I', 3}}, kVoidCalls, "twice", kVirtual, 1), 3);
  EXPECT_EQ(call("add", "(JDI)J", {{'J', 1}, {'D', 2.5}, {'I', 3}}, kVoidCalls, "add", kStatic, 0),
            0);
  EXPECT_EQ(Returned(CallIn(kVoidCalls, "add", "(JDI)J", {{'J', 1}, {'D', 2.5}, {'I', 3}})).i, 6);
  EXPECT_EQ(call("cleared", "(I)I", {{'I', 3}}, kVoidCalls, "cleared", kInterface, 0), 3);
  EXPECT_EQ(call("copied", "(I)I", {{'I', 3}}, kVoidCalls, "copied", kStatic, 0), 0);  // fill
  EXPECT_EQ(call("copied", "(I)I", {{'I', 3}}, kVoidCalls, "copied", kStatic, 1), 0);  // copy
  EXPECT_EQ(Returned(CallIn(kVoidCalls, "resets", "()I", {})).i, 12);
  EXPECT_EQ(call("resets", "()I", {}, kVoidCalls, "resets", kVirtual, 0), 2);   // v.reset()
  EXPECT_EQ(call("resets", "()I", {}, kVoidCalls, "resets", kVirtual, 1), 10);  // increment()
  EXPECT_EQ(call("resets", "()I", {}, kVoidCalls, "reset", kSpecial, 0), 2);    // super.reset()
  EXPECT_EQ(call("resets", "()I", {}, kVoidCounter, "increment", kInterface, 0), 11);  // one inc
  // Another site's mutant changes nothing.
  EXPECT_EQ(call("twice", "(I)I", {{'I', 3}}, kVoidCalls, "cleared", kInterface, 0), 6);
}

}  // namespace
}  // namespace jtg
