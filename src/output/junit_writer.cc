#include "output/junit_writer.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string_view>
#include <tuple>

#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "output/class_fixtures.h"
#include "output/java_source.h"
#include "output/method_writer.h"
#include "output/output_layout.h"
#include "output/parameterized.h"
#include "output/test_names.h"

namespace jtg::output {

using classfile::TypeDesc;
using testcase::Observed;
using testcase::Stmt;
using testcase::StmtKind;
using testcase::TestCase;

JavaFile TestClassFor(const std::string& cut, const std::string& suffix) {
  JavaFile f;
  size_t slash = cut.rfind('/');
  f.package_name = slash == std::string::npos ? "" : classfile::ToBinary(cut.substr(0, slash));
  for (const char* reserved : {"java.", "javax.", "jdk.", "sun."}) {
    if (f.package_name.starts_with(reserved) || f.package_name + "." == reserved) {
      f.package_name = "jtestgen." + f.package_name;
      break;
    }
  }
  std::string simple = slash == std::string::npos ? cut : cut.substr(slash + 1);
  std::replace(simple.begin(), simple.end(), '$', '_');
  f.class_name = simple + suffix;
  return f;
}

std::string DeclaredThrowsClause(const testcase::TestCase& t) {
  static constexpr std::array<std::string_view, 20> kUnchecked = {
      "java/lang/RuntimeException",
      "java/lang/IllegalArgumentException",
      "java/lang/IllegalStateException",
      "java/lang/NullPointerException",
      "java/lang/UnsupportedOperationException",
      "java/lang/IndexOutOfBoundsException",
      "java/lang/ArrayIndexOutOfBoundsException",
      "java/lang/StringIndexOutOfBoundsException",
      "java/lang/ArithmeticException",
      "java/lang/ClassCastException",
      "java/lang/NumberFormatException",
      "java/lang/NegativeArraySizeException",
      "java/lang/ArrayStoreException",
      "java/lang/SecurityException",
      "java/util/NoSuchElementException",
      "java/util/ConcurrentModificationException",
      "java/util/MissingResourceException",
      "java/util/IllegalFormatException",
      "java/io/UncheckedIOException",
      "java/time/DateTimeException",
  };
  for (const auto& st : t.stmts) {
    if (st.callable == nullptr) continue;
    for (const std::string& e : st.callable->declared_exceptions) {
      if (e.ends_with("Error") ||
          std::find(kUnchecked.begin(), kUnchecked.end(), e) != kUnchecked.end()) {
        continue;
      }
      return "Exception";
    }
  }
  return "";
}

JavaFile WriteJUnit(const std::vector<WrittenTest>& tests, const WriterOptions& opts,
                    const TypeOracle& oracle) {
  JavaFile f = TestClassFor(opts.cut_internal_name, opts.test_suffix);
  const std::string& cut = opts.cut_internal_name;

  TypeNamer namer(f.package_name, oracle.source_name);
  bool j5 = opts.dialect == Dialect::kJUnit5;
  namer.Reserve("Test", j5 ? "org.junit.jupiter.api.Test" : "org.junit.Test");
  namer.Reserve(f.class_name, (f.package_name.empty() ? "" : f.package_name + ".") + f.class_name);
  std::string cut_name = namer.Name(cut);
  std::vector<std::string> body;
  std::map<std::string, int> used;
  if (opts.restore_defaults) used[kSaveDefaults] = used[kRestoreDefaults] = 1;
  std::vector<std::tuple<int, size_t, int>> assertions;  // body line, test, statement
  FolderMap folder{std::u16string(opts.test_folder.begin(), opts.test_folder.end()),
                   j5 ? "tempDir.getPath()" : "tempFolder.getRoot().getPath()"};
  // Each test's body, then the groups that differ only in literals (parameterized).
  std::vector<TestBody> bodies;
  std::vector<Scenario> scenarios;
  std::vector<std::vector<std::pair<size_t, int>>> asserted;
  for (const auto& t : tests) {
    MethodWriter w(t.test, t.result, t.keep_assertion, oracle, namer, &folder);
    w.set_upcasts(!t.no_upcasts);
    w.set_assert_message(t.assert_message);
    TestBody b;
    b.lines = w.Lines();
    if (!t.comment.empty()) {
      b.lines.insert(b.lines.begin(), "// " + t.comment);
      auto shifted = w.assertion_lines();
      for (auto& a : shifted) ++a.first;
      asserted.push_back(shifted);
    } else {
      asserted.push_back(w.assertion_lines());
    }
    b.header = t.throws_clause.empty() ? "" : " throws " + t.throws_clause;
    scenarios.push_back(ScenarioOf(t.test, t.result, t.keep_assertion));
    bodies.push_back(std::move(b));
  }
  std::vector<std::vector<size_t>> groups;
  if (opts.parameterize && j5) {
    std::vector<TestBody> eligible = bodies;
    for (size_t i = 0; i < eligible.size(); ++i) {
      for (const auto& l : eligible[i].lines) {
        // The test folder's expression is not a literal; such tests stay single.
        if (folder.used && l.find(folder.expr) != std::string::npos) {
          eligible[i].header += "\n#" + std::to_string(i);
          break;
        }
      }
    }
    groups = GroupByShape(eligible, opts.max_rows, opts.max_params);
  }
  std::vector<int> group_of(tests.size(), -1);
  for (size_t g = 0; g < groups.size(); ++g) {
    for (size_t m : groups[g]) group_of[m] = static_cast<int>(g);
  }
  // Each method's scenario (a group's: what all its members share), then names told apart.
  std::vector<Scenario> method_scenarios;
  std::vector<size_t> method_heads;
  for (size_t i = 0; i < tests.size(); ++i) {
    const int g = group_of[i];
    if (g >= 0 && groups[static_cast<size_t>(g)][0] != i) continue;
    Scenario shared = scenarios[i];
    if (g >= 0) {
      for (size_t m : groups[static_cast<size_t>(g)]) {
        if (scenarios[m].condition != shared.condition) shared.condition.clear();
        if (scenarios[m].outcome != shared.outcome) shared.outcome.clear();
        if (scenarios[m].setup != shared.setup) shared.setup.clear();
        if (scenarios[m].observed != shared.observed) shared.observed.clear();
      }
    }
    method_heads.push_back(i);
    method_scenarios.push_back(std::move(shared));
  }
  std::map<size_t, std::string> base_name;
  {
    const std::vector<std::string> bases = DistinctBases(method_scenarios);
    for (size_t k = 0; k < method_heads.size(); ++k) base_name[method_heads[k]] = bases[k];
  }
  f.test_names.resize(tests.size());
  std::vector<std::pair<int, int>> ranges(tests.size());  // per test, relative to the body
  for (size_t i = 0; i < tests.size(); ++i) {
    const int g = group_of[i];
    if (g >= 0 && groups[static_cast<size_t>(g)][0] != i) continue;  // written with its group
    std::vector<size_t> members = {i};
    if (g >= 0) members = groups[static_cast<size_t>(g)];
    // Members written alike (no literal differs) are one test written twice: once is enough.
    const bool same = members.size() > 1 && VaryingLiterals(bodies, members).empty();
    body.push_back("");
    const int first = static_cast<int>(body.size());
    std::string name;
    if (members.size() == 1 || same) {
      name = UniqueName(base_name[i], used);
      body.push_back("  @Test");
      body.push_back("  public void " + name + "()" + bodies[i].header + " {");
      const size_t first_line = body.size();
      for (const auto& l : bodies[i].lines) body.push_back("    " + l);
      for (const auto& [l, stmt] : asserted[i]) {
        assertions.emplace_back(static_cast<int>(first_line + l), i, stmt);
      }
      body.push_back("  }");
      ++f.test_methods;
      f.duplicates_merged += static_cast<int>(members.size()) - 1;
    } else {
      name = UniqueName(base_name[i], used);  // for what every member shares
      ParamTypeNames pn{namer.Name("org/junit/jupiter/params/ParameterizedTest"),
                        namer.Name("org/junit/jupiter/params/provider/MethodSource"),
                        namer.Name("org/junit/jupiter/params/provider/Arguments"),
                        namer.Name("java/util/stream/Stream")};
      used[name + "Cases"] = 1;
      for (auto& l : WriteParameterized(bodies, members, name, pn)) body.push_back(std::move(l));
      ++f.test_methods;
      ++f.parameterized_groups;
    }
    for (size_t m : members) {
      f.test_names[m] = name;
      ranges[m] = {first, static_cast<int>(body.size()) - 1};
    }
  }

  // Fields and their methods (their types are named before the imports are listed): the
  // pinned environment, the test folder.
  std::vector<std::string> fields;
  if (!opts.pin_zone.empty() && !opts.pin_locale.empty()) {
    auto pin = PinEnvironmentLines(opts.dialect, opts.pin_zone, opts.pin_locale, namer);
    fields.insert(fields.end(), pin.begin(), pin.end());
  }
  if (opts.restore_defaults) {
    auto restore = RestoreDefaultsLines(opts.dialect, namer);
    if (!fields.empty()) fields.push_back("");
    fields.insert(fields.end(), restore.begin(), restore.end());
  }
  if (folder.used) {
    f.uses_test_folder = true;
    if (!fields.empty()) fields.push_back("");
    fields.push_back("  /** A new empty folder for each test, deleted after it (JUnit). */");
    if (j5) {
      fields.push_back("  @" + namer.Name("org/junit/jupiter/api/io/TempDir"));
      fields.push_back("  " + namer.Name("java/io/File") + " tempDir;");
    } else {
      fields.push_back("  @" + namer.Name("org/junit/Rule"));
      const std::string tf = namer.Name("org/junit/rules/TemporaryFolder");
      fields.push_back("  public " + tf + " tempFolder = new " + tf + "();");
    }
  }
  std::vector<std::string> lines = {std::string(kGeneratedMarker) + kMarkerRest};
  if (!f.package_name.empty()) {
    lines.push_back("package " + f.package_name + ";");
    lines.push_back("");
  }
  lines.push_back(j5 ? "import static org.junit.jupiter.api.Assertions.*;"
                     : "import static org.junit.Assert.*;");
  bool mocks = std::any_of(tests.begin(), tests.end(),
                           [](const WrittenTest& t) { return t.test.MockCount() > 0; });
  if (mocks) lines.push_back("import static org.mockito.Mockito.*;");
  lines.push_back("");
  for (const auto& imp : namer.Imports()) lines.push_back(imp);
  lines.push_back("");
  lines.push_back("/**");
  lines.push_back(" * Tests of {@link " + cut_name + "} generated by jtestgen.");
  if (!opts.header_comment.empty()) lines.push_back(" * " + opts.header_comment);
  lines.push_back(" */");
  f.suppress_line = static_cast<int>(lines.size()) + 1;
  lines.push_back(std::string(kSuppressAll));
  lines.push_back("public class " + f.class_name + " {");
  lines.insert(lines.end(), fields.begin(), fields.end());
  int offset = static_cast<int>(lines.size()) + 1;  // 1-based line of body[0]
  for (const auto& [a, b] : ranges) f.test_lines.emplace_back(a + offset, b + offset);
  for (const auto& [l, test, stmt] : assertions) f.assertion_at[l + offset] = {test, stmt};
  lines.insert(lines.end(), body.begin(), body.end());
  lines.push_back("}");
  std::ostringstream out;
  for (const auto& l : lines) out << l << "\n";
  f.source = out.str();
  return f;
}

std::string SourcePathOf(const JavaFile& file, const std::string& root) {
  return (std::filesystem::path(root) / classfile::ToInternal(file.package_name) /
          (file.class_name + ".java"))
      .string();
}

}  // namespace jtg::output
