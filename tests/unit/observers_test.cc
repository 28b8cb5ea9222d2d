// Observer calls of generated tests: the purity analysis that picks them (analysis/purity.h),
// the observers of a type and the calls appended to a test (generate/search/observers.h), and
// their pruning after mutation-based assertion filtering, on tests/fixtures/observe/Account.
#include "generate/search/observers.h"

#include <algorithm>
#include <string>
#include <vector>

#include "analysis/purity.h"
#include "classpath/classpath.h"
#include "generate/search/assertion_filter.h"
#include "generate/values/impure_apis.h"
#include "generate/values/universe.h"
#include "gtest/gtest.h"
#include "testcase_builders.h"

namespace jtg {
namespace {

const std::string kFixtures = JTG_FIXTURES_DIR;
constexpr char kAccount[] = "fixtures/observe/Account";

using testcase::ExecResult;
using testcase::Observed;
using testcase::TestCase;

Observed Obj() {
  Observed o;
  o.kind = Observed::kObject;
  return o;
}
Observed Prim(char p, int64_t v) {
  Observed o;
  o.kind = Observed::kPrimitive;
  o.prim = p;
  o.i = v;
  return o;
}
Observed Str(const std::string& s) {
  Observed o;
  o.kind = Observed::kString;
  o.s = std::u16string(s.begin(), s.end());
  return o;
}

TEST(Purity, FieldWritesImpureApisAndUnseenCodeMakeAMethodImpure) {
  auto cp = classpath::Classpath::Open(kFixtures);
  ASSERT_TRUE(cp.ok()) << cp.status();
  analysis::Purity purity(*cp, generate::IsImpureApi);
  auto pure = [&](const char* name, const char* desc) {
    return purity.Of(kAccount, name, desc).pure;
  };
  EXPECT_TRUE(pure("getBalance", "()I"));
  EXPECT_TRUE(pure("getOwner", "()Ljava/lang/String;"));
  EXPECT_TRUE(pure("hasMoreThan", "(I)Z"));
  EXPECT_TRUE(pure("isOwnedBy", "(Ljava/lang/String;)Z"));
  EXPECT_TRUE(pure("describe", "()Ljava/lang/String;"));  // through a private helper
  EXPECT_TRUE(pure("history", "()Ljava/util/List;"));     // fills a list it made
  EXPECT_TRUE(pure("digits", "()[I"));                    // stores into its own array
  EXPECT_FALSE(pure("summary", "()Ljava/lang/String;"));  // lazy cache: writes a field
  EXPECT_FALSE(pure("drain", "()I"));
  EXPECT_FALSE(pure("drainTwice", "()I"));  // through an impure method of its own
  EXPECT_FALSE(pure("lastAndForget", "()Ljava/lang/String;"));        // List.remove on a field
  EXPECT_FALSE(pure("stamp", "()J"));                                 // the clock
  EXPECT_FALSE(pure("area", "(Lfixtures/observe/Account$Shape;)I"));  // no code to see
  EXPECT_FALSE(pure("deposit", "(I)V"));
  EXPECT_FALSE(pure("absent", "()V"));
  EXPECT_NE(purity.Of(kAccount, "drain", "()I").reason.find("field"), std::string::npos);
  EXPECT_NE(purity.Of(kAccount, "stamp", "()J").reason.find("currentTimeMillis"),
            std::string::npos);
  // With no call level followed, describe's private helper cannot be seen.
  analysis::Purity shallow(*cp, generate::IsImpureApi, 0);
  EXPECT_FALSE(shallow.Of(kAccount, "describe", "()Ljava/lang/String;").pure);
}

// The fixtures' classpath, a Universe of Account and its observer catalog; `catalog` stays
// null (and a failure is recorded) when any of them cannot be made.
struct AccountFixture {
  StatusOr<classpath::Classpath> cp = classpath::Classpath::Open(kFixtures);
  std::unique_ptr<generate::Universe> u;
  std::unique_ptr<analysis::Purity> purity;
  std::unique_ptr<generate::ObserverCatalog> catalog;
  AccountFixture() {
    EXPECT_TRUE(cp.ok()) << cp.status();
    if (!cp.ok()) return;
    auto built = generate::Universe::Build(*cp, kAccount);
    EXPECT_TRUE(built.ok()) << built.status();
    if (!built.ok()) return;
    u = std::move(*built);
    purity = std::make_unique<analysis::Purity>(*cp, generate::IsImpureApi);
    catalog = std::make_unique<generate::ObserverCatalog>(*u, *purity);
  }
};

std::vector<std::string> Names(const std::vector<generate::CallablePtr>& cs) {
  std::vector<std::string> out;
  for (const auto& c : cs) out.push_back(c->name);
  return out;
}

TEST(Observers, OfATypeArePurePublicReadersWithAtMostOneParameter) {
  AccountFixture fx;
  ASSERT_NE(fx.catalog, nullptr);
  std::vector<std::string> names = Names(fx.catalog->ObserversOf(kAccount));
  for (const char* want : {"getBalance", "getOwner", "isEmpty", "hasMoreThan", "isOwnedBy",
                           "history", "historySize", "describe", "digits"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), want), names.end()) << want;
  }
  for (const char* not_one : {"summary", "drain", "drainTwice", "lastAndForget", "stamp", "area",
                              "deposit", "withdraw", "created", "digitsOf"}) {
    EXPECT_EQ(std::find(names.begin(), names.end(), not_one), names.end()) << not_one;
  }
  // Getters come before the observers that take a value.
  const auto& obs = fx.catalog->ObserversOf(kAccount);
  ASSERT_FALSE(obs.empty());
  EXPECT_TRUE(obs.front()->desc.params.empty());
  EXPECT_EQ(obs.back()->desc.params.size(), 1u);
  EXPECT_TRUE(fx.catalog->ObserversOf("java/util/ArrayList").empty());
}

TEST(Mutators, OfATypeAreItsPublicMethodsThatAreNotPure) {
  AccountFixture fx;
  ASSERT_NE(fx.u, nullptr);
  std::vector<std::string> names = Names(fx.u->MutatorsOf(kAccount));
  for (const char* want : {"deposit", "withdraw", "summary", "drain", "stamp"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), want), names.end()) << want;
  }
  for (const char* not_one : {"getBalance", "getOwner", "isEmpty", "history", "describe", "digits",
                              "digitsOf", "<init>"}) {
    EXPECT_EQ(std::find(names.begin(), names.end(), not_one), names.end()) << not_one;
  }
  EXPECT_TRUE(fx.u->MutatorsOf("java/util/ArrayList").empty());  // JDK types: none
}

// Account a = new Account("ann"); int x = 5; a.deposit(x);
TestCase DepositTest(ExecResult* r) {
  TestCase t;
  int ann = testing::AddString(t, "ann");
  int acc = testing::AddCallStmt(
      t, testing::MakeMethod(kAccount, "<init>", "(Ljava/lang/String;)V", false), {ann});
  int five = testing::AddPrimitive(t, 'I', 5);
  testing::AddCallStmt(t, testing::MakeMethod(kAccount, "deposit", "(I)V", false), {five}, acc);
  r->values = {Str("ann"), Obj(), Prim('I', 5), Observed()};
  return t;
}

TEST(Observers, AreAppendedForTheTestsObjectsWithTheTestsOwnValues) {
  AccountFixture fx;
  ASSERT_NE(fx.catalog, nullptr);
  ExecResult r;
  TestCase t = DepositTest(&r);
  TestCase o = fx.catalog->AddObservers(t, r);
  ASSERT_GT(o.size(), t.size());
  bool has_more_than_five = false, owned_by_ann = false;
  for (size_t i = t.size(); i < o.size(); ++i) {
    const auto& s = o.stmts[i];
    EXPECT_TRUE(s.observer);
    EXPECT_EQ(s.receiver, 1);  // the account
    if (s.callable->name == "hasMoreThan") has_more_than_five = s.args == std::vector<int>{2};
    if (s.callable->name == "isOwnedBy") owned_by_ann = s.args == std::vector<int>{0};
  }
  EXPECT_TRUE(has_more_than_five);
  EXPECT_TRUE(owned_by_ann);
  for (size_t i = 0; i < t.size(); ++i) EXPECT_FALSE(o.stmts[i].observer);
  // The cap on calls holds.
  generate::ObserverOptions few;
  few.max_calls = 2;
  EXPECT_EQ(fx.catalog->AddObservers(t, r, few).size(), t.size() + 2);
  // A run that threw gets no observers.
  r.threw_at = 3;
  EXPECT_EQ(fx.catalog->AddObservers(t, r).size(), t.size());
}

TEST(Observers, OnlyThoseWhoseAssertionsKillAMutantStay) {
  AccountFixture fx;
  ASSERT_NE(fx.catalog, nullptr);
  ExecResult r;
  TestCase t = DepositTest(&r);
  TestCase o = fx.catalog->AddObservers(t, r);
  // The run with observers: getBalance() reads 5, everything else some fixed value.
  ExecResult full = r;
  int balance = -1;
  for (size_t i = t.size(); i < o.size(); ++i) {
    const auto& c = *o.stmts[i].callable;
    if (c.name == "getBalance") balance = static_cast<int>(i);
    full.values.push_back(c.desc.ret.base == 'Z' ? Prim('Z', 1) : Obj());
  }
  ASSERT_GE(balance, 0);
  full.values[static_cast<size_t>(balance)] = Prim('I', 5);
  // Mutant (7, 0x64): `balance += amount` becomes `balance -= amount`; only getBalance (and
  // nothing else in this synthetic run) sees it.
  auto run = [&](const TestCase&, generate::MutantRef m) {
    ExecResult x = full;
    if (m.k == 0x64) x.values[static_cast<size_t>(balance)] = Prim('I', -5);
    return x;
  };
  generate::AssertionChoice c = generate::ChooseAssertions(o, full, {{7, 0x64}, {7, 0x68}}, run);
  EXPECT_TRUE(c.keep[static_cast<size_t>(balance)]);
  EXPECT_EQ(c.assertions_after, 1u);  // deposit is void: getBalance's assertion alone
  std::vector<bool> keep = c.keep;
  TestCase pruned = o;
  EXPECT_TRUE(generate::PruneObservers(pruned, keep));
  ASSERT_EQ(pruned.size(), t.size() + 1);
  EXPECT_EQ(pruned.stmts.back().callable->name, "getBalance");
  EXPECT_EQ(pruned.stmts.back().receiver, 1);
  EXPECT_TRUE(keep.back());
  EXPECT_FALSE(generate::PruneObservers(pruned, keep));  // nothing left to remove
}

TEST(Observers, PruningAlsoDropsValuesNothingUses) {
  TestCase t;
  int unused = testing::AddPrimitive(t, 'I', -205);
  int used = testing::AddString(t, "ann");
  testing::AddCallStmt(t, testing::MakeMethod(kAccount, "<init>", "(Ljava/lang/String;)V", false),
                       {used});
  std::vector<bool> keep(t.size(), false);
  ASSERT_EQ(unused, 0);
  EXPECT_TRUE(generate::PruneObservers(t, keep));
  ASSERT_EQ(t.size(), 2u);  // the string and the constructor call (a call always stays)
  EXPECT_EQ(t.stmts[1].args, std::vector<int>{0});
  EXPECT_EQ(keep.size(), 2u);
}

TEST(Observers, AnObserverThatThrowsUnderAMutantKillsItAndStays) {
  AccountFixture fx;
  ASSERT_NE(fx.catalog, nullptr);
  ExecResult r;
  TestCase t = DepositTest(&r);
  generate::ObserverOptions one;
  one.max_calls = 1;
  TestCase o = fx.catalog->AddObservers(t, r, one);
  ASSERT_EQ(o.size(), t.size() + 1);
  ExecResult full = r;
  full.values.push_back(Prim('I', 5));
  auto run = [&](const TestCase&, generate::MutantRef) {
    ExecResult x = r;  // the observer throws
    x.threw_at = static_cast<int>(t.size());
    x.exception_class = "java.lang.ArithmeticException";
    return x;
  };
  generate::AssertionChoice c = generate::ChooseAssertions(o, full, {{3, 0x6c}}, run);
  EXPECT_TRUE(c.keep.back());
  EXPECT_EQ(c.killed.size(), 1u);
}

}  // namespace
}  // namespace jtg
