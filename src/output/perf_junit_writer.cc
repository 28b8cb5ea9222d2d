// WritePerfJUnit (junit_writer.h): the sized performance tests of `jtestgen perf`, with a
// growth check for the likely bugs.
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "output/java_source.h"
#include "output/junit_writer.h"
#include "output/method_writer.h"
#include "output/output_layout.h"

namespace jtg::output {

namespace {

// The growth check's Java helpers (one copy per class that has a checked test). Kept in the
// test class so that the test needs only JUnit and the code under test.
const char* const kGrowthCheck[] = {
    "",
    "  /** Builds the call under test for input size n. */",
    "  public interface Sized {",
    "    Body at(int n) throws Throwable;",
    "  }",
    "",
    "  /**",
    "   * Growth check: fails when one call at input size 4n takes more than MAX_RATIO times",
    "   * as long as one at n, i.e. when its time grows faster than n^1.5. Linear code measures",
    "   * about 4 (n log n about 5), quadratic code about 16; the margin absorbs timer noise.",
    "   * Each size's time is the best mean over 5 batches of freshly built calls (inputs are",
    "   * built before the clock starts), after one warm-up pass. A batch at 4n holds a quarter",
    "   * of the calls of one at n, so both keep the same number of input elements live and the",
    "   * caches and the collector weigh on both sizes alike. A ratio above MAX_RATIO is measured",
    "   * again, up to 3 times in all, and the smallest counts: a busy machine can slow one",
    "   * measurement, but not a quadratic call's every one. With",
    "   * -Djtestgen.perf.smoke=true the call runs once at n instead (jtestgen's validation).",
    "   */",
    "  static void assertGrowthAtMostLinear(String call, Sized sized, int n) throws Throwable {",
    "    if (Boolean.getBoolean(\"jtestgen.perf.smoke\")) {",
    "      sized.at(n).run();",
    "      return;",
    "    }",
    "    bestNanos(sized, n, 256);",
    "    bestNanos(sized, 4 * n, 64);",
    "    double small = 0;",
    "    double large = 0;",
    "    double ratio = Double.MAX_VALUE;",
    "    for (int attempt = 0; attempt < 3 && ratio > MAX_RATIO; attempt++) {",
    "      double s = bestNanos(sized, n, 256);",
    "      double l = bestNanos(sized, 4 * n, 64);",
    "      if (l / Math.max(s, 1.0) < ratio) {",
    "        small = s;",
    "        large = l;",
    "        ratio = l / Math.max(s, 1.0);",
    "      }",
    "    }",
    "    if (ratio > MAX_RATIO) {",
    "      throw new AssertionError(String.format(java.util.Locale.ROOT,",
    "          \"%s: time grows faster than linearly: %.3f ms at n = %d, %.3f ms at n = %d\"",
    "              + \" (x%.1f; at most x%.0f expected)\",",
    "          call, small / 1e6, n, large / 1e6, 4 * n, ratio, MAX_RATIO));",
    "    }",
    "  }",
    "",
    "  /**",
    "   * The best mean time of one call at size n, nanoseconds, over 5 batches of >= 20 ms",
    "   * or of maxBatch calls, whichever comes first.",
    "   */",
    "  static double bestNanos(Sized sized, int n, int maxBatch) throws Throwable {",
    "    double best = Double.MAX_VALUE;",
    "    int batch = 1;",
    "    for (int round = 0; round < 5;) {",
    "      Body[] bodies = new Body[batch];",
    "      for (int i = 0; i < batch; i++) bodies[i] = sized.at(n);",
    "      long start = System.nanoTime();",
    "      for (Body b : bodies) b.run();",
    "      long took = System.nanoTime() - start;",
    "      if (took < 20_000_000L && batch < maxBatch) {",
    "        batch *= 2;",
    "        continue;",
    "      }",
    "      best = Math.min(best, (double) took / batch);",
    "      round++;",
    "    }",
    "    return best;",
    "  }",
};

}  // namespace

JavaFile WritePerfJUnit(const std::vector<PerfTest>& tests, const WriterOptions& opts,
                        const TypeOracle& oracle, int64_t size) {
  JavaFile f = TestClassFor(opts.cut_internal_name, "PerfTest");
  const std::string& cut = opts.cut_internal_name;
  TypeNamer namer(f.package_name, oracle.source_name);
  bool j5 = opts.dialect == Dialect::kJUnit5;
  namer.Reserve("Test", j5 ? "org.junit.jupiter.api.Test" : "org.junit.Test");
  namer.Reserve(f.class_name, (f.package_name.empty() ? "" : f.package_name + ".") + f.class_name);
  std::string cut_name = namer.Name(cut);
  std::vector<std::string> body;
  std::vector<std::pair<int, int>> ranges;
  bool any_check = false;
  for (const auto& t : tests) {
    static const std::vector<bool> kNoKeep;
    MethodWriter w(t.test, t.result, kNoKeep, oracle, namer);
    body.push_back("");
    int first = static_cast<int>(body.size());
    if (!t.doc.empty()) {
      body.push_back("  /**");
      std::istringstream doc(t.doc);
      for (std::string l; std::getline(doc, l);) body.push_back("   * " + l);
      body.push_back("   */");
    }
    body.push_back("  @Test");
    body.push_back("  public void " + t.name + "() throws Throwable {");
    if (t.check_n > 0) {
      any_check = true;
      std::u16string call(t.call.begin(), t.call.end());  // ASCII: a Java method signature
      body.push_back("    assertGrowthAtMostLinear(" + StringLiteral(call) + ", " + f.class_name +
                     "::" + t.name + ", " + std::to_string(t.check_n) + ");");
    } else {
      body.push_back("    " + t.name + "(N).run();");
    }
    body.push_back("  }");
    body.push_back("");
    body.push_back("  public static Body " + t.name + "(int n) throws Throwable {");
    for (const auto& l : w.Lines(true)) body.push_back("    " + l);
    body.push_back("  }");
    ranges.emplace_back(first, static_cast<int>(body.size()) - 1);
    f.test_names.push_back(t.name);
  }
  std::vector<std::string> lines = {std::string(kGeneratedMarker) + kMarkerRest};
  if (!f.package_name.empty()) {
    lines.push_back("package " + f.package_name + ";");
    lines.push_back("");
  }
  for (const auto& imp : namer.Imports()) lines.push_back(imp);
  lines.push_back("");
  lines.push_back("/**");
  lines.push_back(" * Performance tests of {@link " + cut_name + "} generated by jtestgen perf");
  lines.push_back(" * (see perf-report.md). A test of a likely bug checks that the call's time");
  lines.push_back(" * grows at most linearly with its input: it fails while the bug is there and");
  lines.push_back(" * passes once it is fixed. A stress test runs a long loop at input size N");
  lines.push_back(" * and fails only if the call throws; change N to run it at another size (a");
  lines.push_back(" * test named ..._fixedInput runs one input, whatever N).");
  if (!opts.header_comment.empty()) lines.push_back(" * " + opts.header_comment);
  lines.push_back(" */");
  f.suppress_line = static_cast<int>(lines.size()) + 1;
  lines.push_back(std::string(kSuppressAll));
  lines.push_back("public class " + f.class_name + " {");
  lines.push_back("  /** Input size of the stress tests. */");
  lines.push_back("  static final int N = " + std::to_string(size) + ";");
  if (any_check) {
    lines.push_back("");
    lines.push_back("  /** Largest accepted time ratio between input sizes 4n and n. */");
    lines.push_back("  static final double MAX_RATIO = 8.0;");
  }
  lines.push_back("");
  lines.push_back("  /** The call under test, built for one input size. */");
  lines.push_back("  public interface Body {");
  lines.push_back("    void run() throws Throwable;");
  lines.push_back("  }");
  if (any_check) {
    for (const char* l : kGrowthCheck) lines.emplace_back(l);
  }
  int offset = static_cast<int>(lines.size()) + 1;
  for (const auto& [a, b] : ranges) f.test_lines.emplace_back(a + offset, b + offset);
  lines.insert(lines.end(), body.begin(), body.end());
  lines.push_back("}");
  std::ostringstream out;
  for (const auto& l : lines) out << l << "\n";
  f.source = out.str();
  return f;
}

}  // namespace jtg::output
