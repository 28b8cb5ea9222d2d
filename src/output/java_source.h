// Java source spelling of literals and types, for the JUnit writer.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "classfile/descriptor.h"
#include "testcase/test_case.h"

namespace jtg::output {

// Source name of a class by internal name (classfile::SourceNames::Of): a/b/Outer$Inner ->
// a.b.Outer.Inner, a/b/$Gson$Types -> a.b.$Gson$Types.
using SourceNameFn = std::function<std::string(const std::string& internal_name)>;

// A Java string literal with quotes: escapes quotes, backslashes and control characters
// (octal/named escapes) and writes non-ASCII as \uXXXX.
std::string StringLiteral(const std::u16string& s);
// A char literal with quotes.
std::string CharLiteral(char16_t c);
// A literal of primitive type `prim` (Z B C S I J F D) with the suffix or cast that makes its
// type exact: 5, 5L, (byte) 5, (short) 5, 'a', 1.5F, 1.5, Double.NaN, true.
std::string PrimitiveLiteral(char prim, int64_t i, double d);
// A statement's literal (primitive, boxed or string).
std::string LiteralExpr(const testcase::Literal& lit);
// Boxed class simple name for a primitive char: I -> Integer.
std::string BoxName(char prim);
// Java identifier-safe lower camel name from a type, for variables: ArrayList -> arrayList.
std::string VarStem(const classfile::TypeDesc& t);

// The search's test folder (sandbox/test_folder.h) and the Java expression that stands for it
// in a written class (`tempDir.getPath()`); `used` is set once a string named it.
struct FolderMap {
  std::u16string path;
  std::string expr;
  bool used = false;
};
// `s` as a Java String expression in which each occurrence of `folder->path` is
// `folder->expr`: `tempDir.getPath() + "/a.txt"`; a plain literal when `folder` is null, has
// no path, or `s` does not name it.
std::string FolderString(const std::u16string& s, FolderMap* folder);

}  // namespace jtg::output

namespace jtg::output {

// The body of an anonymous subclass with `spec`'s overrides (generate/values/stub_subclass.h), on
// one line: "{ @Override protected boolean removeLRU(AbstractLinkedMap.LinkEntry p0) {
// return false; } }"; "{ }" when it overrides nothing. Types are spelled qualified
// (java.lang.Object): a simple name inside the body could mean an inherited member type.
// `source_name` as for TypeNamer (empty: classfile::JavaSourceName).
std::string StubBody(const testcase::StubSpec& spec, const SourceNameFn& source_name = {});

// Chooses how a generated file spells class names: the simple name with an import where
// that is unambiguous, the qualified source name otherwise. Classes of java.lang and of
// the file's own package need no import.
class TypeNamer {
 public:
  // `source_name` spells a class's qualified name from its class file; empty: the guess of
  // classfile::JavaSourceName, which reads every inner '$' as a nesting separator.
  explicit TypeNamer(std::string package_name, SourceNameFn source_name = {})
      : package_(std::move(package_name)), source_name_(std::move(source_name)) {}
  // Reserves a simple name for a class imported by the file itself (e.g. JUnit's Test).
  void Reserve(const std::string& simple, const std::string& qualified);
  // Source spelling of a class by internal name (a/b/C, a/b/C$D) or of a type.
  std::string Name(const std::string& internal_name);
  std::string Name(const classfile::TypeDesc& t);
  // "import a.b.C;" lines for the classes named so far, sorted.
  std::vector<std::string> Imports() const;
  // The file's package (binary name, "a.b"; "" for the unnamed package).
  const std::string& package_name() const { return package_; }

 private:
  std::string package_;
  SourceNameFn source_name_;
  std::map<std::string, std::string> simple_owner_;  // simple name -> qualified name
};

}  // namespace jtg::output
