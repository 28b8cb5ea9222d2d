// Arithmetic, bitwise and shift weak-mutation sites in the instrumenter
// (instrument::Options::mutation; tests/fixtures/mutation/Arith.java): one site per
// instruction in the plan, with its opcode, line and block control deps; the instrumented
// class computes exactly what the original computes for int, long, float and double
// operands, including ArithmeticException("/ by zero"), under java -Xverify:all; and with the
// option off no WeakMutation helper is referenced at all.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "classfile/class_file.h"
#include "instrument/instrument.h"
#include "instrument/mutation_ops.h"
#include "instrument_test_util.h"

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;
using testutil::TempDir;

const fs::path kMutationFixtures = fs::path(JTG_FIXTURES_DIR) / "fixtures/mutation";

std::vector<uint8_t> ArithBytes() { return testutil::ReadBytes(kMutationFixtures / "Arith.class"); }

bool MentionsWeakMutation(const std::vector<uint8_t>& bytes) {
  const std::string_view needle = "jtestgen/rt/WeakMutation";
  return std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end()) != bytes.end();
}

TEST(MutationOperators, OperatorTable) {
  EXPECT_EQ(MutantOpcodes(0x60), (std::vector<uint8_t>{0x64, 0x68, 0x6c, 0x70}));  // iadd
  EXPECT_EQ(MutantOpcodes(0x73), (std::vector<uint8_t>{0x63, 0x67, 0x6b, 0x6f}));  // drem
  EXPECT_EQ(MutantOpcodes(0x7b), (std::vector<uint8_t>{0x79, 0x7d}));  // lshr: lshl, lushr
  EXPECT_EQ(MutantOpcodes(0x80), (std::vector<uint8_t>{0x7e, 0x82}));  // ior: iand, ixor
  EXPECT_TRUE(MutantOpcodes(0x74).empty());                            // ineg
  EXPECT_TRUE(MutantOpcodes(0x94).empty());                            // lcmp
  EXPECT_EQ(OperatorMnemonic(0x7c), "iushr");
  EXPECT_EQ(OperatorHelperDescriptor(0x79), "(JII)J");  // lshl: int shift count
  EXPECT_EQ(OperatorHelperDescriptor(0x7f), "(JJI)J");  // land
  EXPECT_EQ(OperatorHelperDescriptor(0x6e), "(FFI)F");  // fdiv
  EXPECT_EQ(OperatorClass(0x70), "AOR");
  EXPECT_EQ(OperatorClass(0x78), "SOR");
  EXPECT_EQ(OperatorClass(0x83), "BOR");
}

TEST(MutationOperators, OffByDefaultAndLeavesNoTrace) {
  IdAllocator ids;
  auto r = InstrumentBytes(ArithBytes(), "Arith", Options{}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(MentionsWeakMutation(r->bytes));
  for (const auto& m : r->plan.methods) EXPECT_TRUE(m.mutation_sites.empty()) << m.name;
}

TEST(MutationOperators, OneSitePerInstructionWithItsOpcode) {
  IdAllocator plain_ids, ids;
  auto plain = InstrumentBytes(ArithBytes(), "Arith", Options{}, plain_ids);
  auto r = InstrumentBytes(ArithBytes(), "Arith", Options{.mutation = true}, ids);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(plain.ok());
  EXPECT_TRUE(MentionsWeakMutation(r->bytes));
  int single = 0;
  std::vector<int32_t> site_ids;
  for (const auto& m : r->plan.methods) {
    EXPECT_TRUE(m.instrumented) << m.name << ": " << m.SkipText();
    for (const auto& s : m.mutation_sites) site_ids.push_back(s.id);
    if (m.name == "mixed") {
      EXPECT_GE(m.mutation_sites.size(), 8u);
      // Sites in the loop body depend on the loop condition's outcome.
      EXPECT_TRUE(std::any_of(m.mutation_sites.begin(), m.mutation_sites.end(),
                              [](const MutationSite& s) { return !s.control_deps.empty(); }));
      continue;
    }
    std::vector<MutationSite> ops;
    for (const auto& s : m.mutation_sites) {
      if (IsMutableOperator(s.opcode)) ops.push_back(s);
    }
    if (ops.empty() || m.name == "safeDiv") continue;
    // Methods named by a mnemonic hold exactly that one instruction, then the ireturn ..
    // dreturn of its result (a PIT PRIMITIVE_RETURNS site, pit_mutation_test.cc).
    ASSERT_EQ(ops.size(), 1u) << m.name;
    ASSERT_EQ(m.mutation_sites.size(), 2u) << m.name;
    EXPECT_EQ(m.mutation_sites[0].opcode, ops[0].opcode) << m.name;
    EXPECT_EQ(m.mutation_sites[1].mutants, std::vector<int32_t>{0x102}) << m.name;
    EXPECT_EQ(OperatorMnemonic(ops[0].opcode), m.name);
    std::vector<int32_t> want;
    for (uint8_t k : MutantOpcodes(ops[0].opcode)) want.push_back(k);
    EXPECT_EQ(ops[0].mutants, want) << m.name;
    EXPECT_GT(ops[0].line, 0);
    EXPECT_TRUE(ops[0].control_deps.empty());
    ++single;
  }
  EXPECT_EQ(single, 32);
  // Site ids are fresh goal ids: distinct and not used by any block or branch.
  std::sort(site_ids.begin(), site_ids.end());
  EXPECT_EQ(std::adjacent_find(site_ids.begin(), site_ids.end()), site_ids.end());
  for (const auto& m : r->plan.methods) {
    for (const auto& b : m.blocks) {
      EXPECT_FALSE(std::binary_search(site_ids.begin(), site_ids.end(), b.id));
    }
  }
  // The coverage goals are the same as without mutation (ids aside).
  ASSERT_EQ(plain->plan.methods.size(), r->plan.methods.size());
  for (size_t i = 0; i < r->plan.methods.size(); ++i) {
    EXPECT_EQ(plain->plan.methods[i].blocks.size(), r->plan.methods[i].blocks.size());
    EXPECT_EQ(plain->plan.methods[i].branches.size(), r->plan.methods[i].branches.size());
  }
}

// Runs fixtures.mutation.ArithDriver under -Xverify:all with `classpath` first.
std::string RunDriver(const std::string& classpath) {
  std::string out;
  int rc = testutil::Run(testutil::JavaHome() + "/bin/java -Xverify:all -Xshare:off -cp '" +
                             classpath + "' fixtures.mutation.ArithDriver",
                         &out);
  EXPECT_EQ(rc, 0) << out.substr(0, 2000);
  return out;
}

TEST(MutationOperators, InstrumentedCodeComputesTheSameResults) {
  TempDir tmp("mutation-run");
  const fs::path in = tmp.path() / "in", out = tmp.path() / "out";
  fs::create_directories(in / "fixtures/mutation");
  for (const auto& e : fs::directory_iterator(kMutationFixtures)) {
    fs::copy_file(e.path(), in / "fixtures/mutation" / e.path().filename());
  }
  ASSERT_TRUE(testutil::CompileRuntime(out));
  IdAllocator ids;
  auto dir = testutil::InstrumentDir(in, out, ids, {"fixtures.mutation.ArithDriver"},
                                     Options{.mutation = true});
  ASSERT_TRUE(dir.errors.empty()) << dir.errors.front();
  ASSERT_EQ(dir.plans.count("fixtures.mutation.Arith"), 1u);
  auto v = testutil::VerifyClasses(out, dir.names);
  EXPECT_TRUE(v.failures.empty()) << v.raw;
  EXPECT_EQ(v.loaded, static_cast<int>(dir.names.size())) << v.raw;

  const std::string expected = RunDriver(JTG_FIXTURES_DIR);
  const std::string actual = RunDriver(out.string());
  // Every method ran on every grid point; division by zero threw for int and long only.
  EXPECT_NE(expected.find("idiv(3, 0) threw java.lang.ArithmeticException: / by zero"),
            std::string::npos);
  EXPECT_NE(expected.find("lrem(7, 0) threw java.lang.ArithmeticException: / by zero"),
            std::string::npos);
  EXPECT_NE(expected.find("fdiv(f40400000, f0) = f7f800000"), std::string::npos);
  EXPECT_NE(expected.find("mixed(7, 3) = "), std::string::npos);
  EXPECT_NE(expected.find("safeDiv(3, 0) = 9"), std::string::npos);
  EXPECT_GT(std::count(expected.begin(), expected.end(), '\n'), 3000);
  // Line by line, for a readable failure.
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
