#include <gtest/gtest.h>

#include <algorithm>

#include "output/junit_writer.h"

namespace jtg::output {
namespace {

using testcase::Stmt;
using testcase::StmtKind;

TypeOracle Oracle() {
  TypeOracle o;
  o.is_public = [](const std::string&) { return true; };
  o.is_collection = [](const classfile::TypeDesc& t) { return t.class_name == "java/util/List"; };
  o.is_map = [](const classfile::TypeDesc&) { return false; };
  o.public_exception = [](const std::string& n) { return n; };
  return o;
}

WrittenTest CallTest(bool throws) {
  auto c = std::make_shared<testcase::Callable>();
  c->owner = "com/example/Util";
  c->name = "parse";
  c->descriptor = "(Ljava/lang/Object;)I";
  c->desc = *classfile::ParseMethodDescriptor(c->descriptor);
  c->is_static = true;
  WrittenTest t;
  Stmt lit;
  lit.kind = StmtKind::kLiteral;
  lit.type = *classfile::ParseFieldDescriptor("Ljava/lang/String;");
  lit.lit.type = 's';
  lit.lit.s = u"12";
  Stmt call;
  call.kind = StmtKind::kCall;
  call.callable = c;
  call.args = {0};
  call.type = c->desc.ret;
  t.test.stmts = {lit, call};
  testcase::Observed s;
  s.kind = testcase::Observed::kString;
  s.s = u"12";
  t.result.values.push_back(s);
  if (throws) {
    t.result.threw_at = 1;
    t.result.exception_class = "java.lang.NumberFormatException";
  } else {
    testcase::Observed v;
    v.kind = testcase::Observed::kPrimitive;
    v.prim = 'I';
    v.i = 12;
    t.result.values.push_back(v);
  }
  return t;
}

// A public constructor whose parameter type the test cannot name (package-private in another
// package, as jsoup's Parser(TreeBuilder)): its argument of a public subclass goes uncast, so
// the file compiles (issue 39, Defects4J Jsoup-36).
TEST(JUnitWriter, NoCastToAClassTheTestCannotName) {
  auto sub = std::make_shared<testcase::Callable>();
  sub->owner = "p/XmlTreeBuilder";
  sub->name = "<init>";
  sub->descriptor = "()V";
  sub->desc = *classfile::ParseMethodDescriptor(sub->descriptor);
  auto parser = std::make_shared<testcase::Callable>();
  parser->owner = "p/Parser";
  parser->name = "<init>";
  parser->descriptor = "(Lp/TreeBuilder;)V";
  parser->desc = *classfile::ParseMethodDescriptor(parser->descriptor);
  WrittenTest t;
  Stmt made;
  made.kind = StmtKind::kCall;
  made.callable = sub;
  made.type = *classfile::ParseFieldDescriptor("Lp/XmlTreeBuilder;");
  Stmt call = made;
  call.callable = parser;
  call.args = {0};
  call.type = *classfile::ParseFieldDescriptor("Lp/Parser;");
  t.test.stmts = {made, call};
  testcase::Observed o;
  o.kind = testcase::Observed::kObject;
  t.result.values = {o, o};
  TypeOracle oracle = Oracle();
  oracle.is_public = [](const std::string& n) { return n != "p/TreeBuilder"; };
  WriterOptions opts;
  opts.cut_internal_name = "q/Cut";
  JavaFile f = WriteJUnit({t}, opts, oracle);
  EXPECT_NE(f.source.find("new Parser(xmlTreeBuilder0)"), std::string::npos) << f.source;
  EXPECT_EQ(f.source.find("TreeBuilder)"), std::string::npos) << f.source;
  // In the class's own package the cast stays.
  opts.cut_internal_name = "p/Cut";
  JavaFile same = WriteJUnit({t}, opts, oracle);
  EXPECT_NE(same.source.find("new Parser((TreeBuilder) xmlTreeBuilder0)"), std::string::npos)
      << same.source;
}

testcase::Observed Text(const std::u16string& v) {
  testcase::Observed o;
  o.kind = testcase::Observed::kString;
  o.s = v;
  return o;
}

testcase::Observed Null() {
  testcase::Observed o;
  o.kind = testcase::Observed::kNull;
  return o;
}

// An array or list of runtime class `cls` whose elements were observed.
testcase::Observed Container(const char* cls, std::vector<testcase::Observed> elements) {
  testcase::Observed o;
  o.kind = testcase::Observed::kObject;
  o.runtime_class = cls;
  o.size = static_cast<int64_t>(elements.size());
  o.elements = std::move(elements);
  return o;
}

// A call `Util.split("12")` declared to return `ret`, observed to return `o`.
WrittenTest ArrayTest(const char* ret, const testcase::Observed& o) {
  WrittenTest t = CallTest(false);
  auto c = std::make_shared<testcase::Callable>(*t.test.stmts[1].callable);
  c->name = "split";
  c->descriptor = std::string("(Ljava/lang/Object;)") + ret;
  c->desc = *classfile::ParseMethodDescriptor(c->descriptor);
  t.test.stmts[1].callable = c;
  t.test.stmts[1].type = c->desc.ret;
  t.result.values = {t.result.values[0], o};
  return t;
}

TEST(JUnitWriter, AssertsTheElementsOfSmallArrays) {
  WriterOptions opts;
  opts.cut_internal_name = "com/example/Util";
  testcase::Observed a = Container("[Ljava.lang.String;", {Text(u"x\"y"), Null()});
  std::string s = WriteJUnit({ArrayTest("[Ljava/lang/String;", a)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertArrayEquals(new String[] {\"x\\\"y\", null}, stringArray0);"),
            std::string::npos)
      << s;
  // Declared as Object[]: the same contents as an Object[].
  s = WriteJUnit({ArrayTest("[Ljava/lang/Object;", a)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertArrayEquals(new Object[] {\"x\\\"y\", null}, objectArray0);"),
            std::string::npos)
      << s;
  // Doubles within the writer's delta; chars as char literals.
  testcase::Observed d = a;
  d.runtime_class = "[D";
  d.elements.assign(2, testcase::Observed());
  for (auto& e : d.elements) {
    e.kind = testcase::Observed::kPrimitive;
    e.prim = 'D';
  }
  d.elements[0].d = 1.5;
  d.elements[1].d = -2;
  s = WriteJUnit({ArrayTest("[D", d)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertArrayEquals(new double[] {1.5, -2.0}, doubleArray0, 0.01);"),
            std::string::npos)
      << s;
  // Without observed elements, or declared as a type the elements do not fit, the length.
  testcase::Observed n = a;
  n.elements.clear();
  s = WriteJUnit({ArrayTest("[Ljava/lang/String;", n)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertEquals(2, stringArray0.length);"), std::string::npos) << s;
  s = WriteJUnit({ArrayTest("[I", a)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertEquals(2, intArray0.length);"), std::string::npos) << s;
}

TEST(JUnitWriter, AssertsStringsAndBoxedDoublesBehindObject) {
  WriterOptions opts;
  opts.cut_internal_name = "com/example/Util";
  testcase::Observed str = Text(u"v");
  std::string s = WriteJUnit({ArrayTest("Ljava/lang/Object;", str)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertEquals(\"v\", object0);"), std::string::npos) << s;
  str.s = u"p.Thing@1b6d3586";  // unstable text: only not null
  s = WriteJUnit({ArrayTest("Ljava/lang/Object;", str)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertNotNull(object0);"), std::string::npos) << s;
  testcase::Observed d;
  d.kind = testcase::Observed::kObject;
  d.boxed = true;
  d.prim = 'D';
  d.d = 2.5;
  s = WriteJUnit({ArrayTest("Ljava/lang/Object;", d)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertEquals(2.5, ((Number) object0).doubleValue(), 0.01);"), std::string::npos)
      << s;
}

TEST(JUnitWriter, AssertsTheElementsOfSmallJdkLists) {
  WriterOptions opts;
  opts.cut_internal_name = "com/example/Util";
  testcase::Observed seven;
  seven.kind = testcase::Observed::kPrimitive;
  seven.prim = 'J';
  seven.i = 7;
  testcase::Observed l = Container("java.util.ArrayList", {Text(u"a"), seven, Null()});
  std::string s = WriteJUnit({ArrayTest("Ljava/util/List;", l)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertEquals(Arrays.asList(\"a\", 7L, null), list0);"), std::string::npos) << s;
  EXPECT_NE(s.find("import java.util.Arrays;"), std::string::npos) << s;
  l = Container("java.util.ArrayList", {Null()});  // one null: not a null varargs array
  s = WriteJUnit({ArrayTest("Ljava/util/List;", l)}, opts, Oracle()).source;
  EXPECT_NE(s.find("assertEquals(Arrays.asList((Object) null), list0);"), std::string::npos) << s;
}

TEST(JUnitWriter, AssertsTheExceptionsMessageWhenAsked) {
  WrittenTest t = CallTest(true);
  t.result.exception_message = "bad \"12\"";
  t.result.exception_message_null = false;
  t.assert_message = true;
  WriterOptions opts;
  opts.cut_internal_name = "com/example/Util";
  JavaFile f = WriteJUnit({t}, opts, Oracle());
  const std::string& s = f.source;
  EXPECT_NE(s.find("Throwable thrown = assertThrows(NumberFormatException.class, () -> "
                   "Util.parse((Object) \"12\"));"),
            std::string::npos)
      << s;
  const size_t at = s.find("assertEquals(\"bad \\\"12\\\"\", thrown.getMessage());");
  ASSERT_NE(at, std::string::npos) << s;
  // The message assertion is the throwing statement's, so validation can drop it alone.
  const int line = static_cast<int>(std::count(s.begin(), s.begin() + at, '\n')) + 1;
  ASSERT_TRUE(f.assertion_at.contains(line)) << s;
  EXPECT_EQ(f.assertion_at.at(line), (std::pair<size_t, int>{0, 1}));
  // Without the flag, or with a null message, only the exception's class is asserted.
  t.assert_message = false;
  EXPECT_EQ(WriteJUnit({t}, opts, Oracle()).source.find("getMessage"), std::string::npos);
  t.assert_message = true;
  t.result.exception_message_null = true;
  EXPECT_EQ(WriteJUnit({t}, opts, Oracle()).source.find("getMessage"), std::string::npos);
}

TEST(JUnitWriter, WritesCallsAssertionsAndExpectedExceptions) {
  WriterOptions opts;
  opts.cut_internal_name = "com/example/Util";
  JavaFile f = WriteJUnit({CallTest(false), CallTest(true)}, opts, Oracle());
  EXPECT_EQ(f.package_name, "com.example");
  EXPECT_EQ(f.class_name, "UtilJtgTest");
  const std::string& s = f.source;
  EXPECT_NE(s.find("import org.junit.jupiter.api.Test;"), std::string::npos) << s;
  // The literal is inlined with a cast that selects parse(Object).
  EXPECT_NE(s.find("int int0 = Util.parse((Object) \"12\");"), std::string::npos) << s;
  EXPECT_NE(s.find("assertEquals(12, int0);"), std::string::npos) << s;
  EXPECT_NE(s.find("assertThrows(NumberFormatException.class, () -> Util.parse((Object) "
                   "\"12\"));"),
            std::string::npos)
      << s;
  ASSERT_EQ(f.test_names.size(), 2u);
  EXPECT_EQ(f.test_names[0], "parse");
  EXPECT_EQ(f.test_names[1], "parse_throwsNumberFormatException");
  // Line ranges point at the methods.
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t nl = s.find('\n', pos);
    lines.push_back(s.substr(pos, nl - pos));
    pos = nl + 1;
  }
  EXPECT_EQ(lines[f.test_lines[0].first - 1], "  @Test");
  EXPECT_EQ(lines[f.test_lines[1].second - 1], "  }");
}

TEST(JUnitWriter, JUnit4Dialect) {
  WriterOptions opts;
  opts.dialect = Dialect::kJUnit4;
  opts.cut_internal_name = "com/example/Util";
  JavaFile f = WriteJUnit({CallTest(true)}, opts, Oracle());
  EXPECT_NE(f.source.find("import static org.junit.Assert.*;"), std::string::npos);
  EXPECT_NE(f.source.find("import org.junit.Test;"), std::string::npos);
}

// `String string0 = Files.name("<folder>/a.txt")` returning "<folder>/a.txt!": the folder of
// the search is written as the JUnit temporary folder, in the argument and the assertion.
WrittenTest PathTest(const std::u16string& folder) {
  auto c = std::make_shared<testcase::Callable>();
  c->owner = "com/example/Files";
  c->name = "name";
  c->descriptor = "(Ljava/lang/String;)Ljava/lang/String;";
  c->desc = *classfile::ParseMethodDescriptor(c->descriptor);
  c->is_static = true;
  WrittenTest t;
  Stmt lit;
  lit.kind = StmtKind::kLiteral;
  lit.type = *classfile::ParseFieldDescriptor("Ljava/lang/String;");
  lit.lit.type = 's';
  lit.lit.s = folder + u"/a.txt";
  Stmt call;
  call.kind = StmtKind::kCall;
  call.callable = c;
  call.args = {0};
  call.type = c->desc.ret;
  t.test.stmts = {lit, call};
  testcase::Observed in, out;
  in.kind = out.kind = testcase::Observed::kString;
  in.s = lit.lit.s;
  out.s = u"[" + folder + u"]" + folder + u"!";
  t.result.values = {in, out};
  return t;
}

TEST(JUnitWriter, MapsTheTestFolderToJUnitsTemporaryFolder) {
  WriterOptions opts;
  opts.cut_internal_name = "com/example/Files";
  opts.test_folder = "/tmp/jtestgen-x/test";
  JavaFile f = WriteJUnit({PathTest(u"/tmp/jtestgen-x/test")}, opts, Oracle());
  const std::string& s = f.source;
  EXPECT_TRUE(f.uses_test_folder);
  EXPECT_NE(s.find("import org.junit.jupiter.api.io.TempDir;"), std::string::npos) << s;
  EXPECT_NE(s.find("import java.io.File;"), std::string::npos) << s;
  EXPECT_NE(s.find("  @TempDir\n  File tempDir;"), std::string::npos) << s;
  EXPECT_NE(s.find("Files.name(tempDir.getPath() + \"/a.txt\")"), std::string::npos) << s;
  EXPECT_NE(s.find("assertEquals(\"[\" + tempDir.getPath() + \"]\" + tempDir.getPath() + \"!\", "),
            std::string::npos)
      << s;
  EXPECT_EQ(s.find("jtestgen-x"), std::string::npos) << s;

  opts.dialect = Dialect::kJUnit4;
  f = WriteJUnit({PathTest(u"/tmp/jtestgen-x/test")}, opts, Oracle());
  EXPECT_NE(f.source.find("@Rule\n  public TemporaryFolder tempFolder = new TemporaryFolder();"),
            std::string::npos)
      << f.source;
  EXPECT_NE(f.source.find("Files.name(tempFolder.getRoot().getPath() + \"/a.txt\")"),
            std::string::npos)
      << f.source;

  // A class whose strings never name the folder declares none.
  opts.dialect = Dialect::kJUnit5;
  f = WriteJUnit({PathTest(u"/elsewhere")}, opts, Oracle());
  EXPECT_FALSE(f.uses_test_folder);
  EXPECT_EQ(f.source.find("TempDir"), std::string::npos) << f.source;
}

}  // namespace
}  // namespace jtg::output
