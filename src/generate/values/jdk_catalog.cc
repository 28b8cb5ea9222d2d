#include "generate/values/jdk_catalog.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "classfile/names.h"

namespace jtg::generate {

namespace {

// One way to obtain a value: a constructor ("<init>"), a static method, or a static field
// (descriptor starts without '(').
struct Recipe {
  const char* owner;
  const char* name;
  const char* descriptor;  // method descriptor, or the field's type descriptor
};

struct Entry {
  const char* type;
  std::vector<Recipe> recipes;
};

constexpr const char* kStr = "(Ljava/lang/String;)V";
constexpr const char* kCs = "(Ljava/lang/CharSequence;)Ljava/nio/CharBuffer;";
constexpr const char* kChars = "([C)Ljava/nio/CharBuffer;";

// The 60 most frequent JDK parameter types (bench/jdk_param_types.py over the jars Debian
// ships, issue 20 item 3) and where their values come from:
//   - literals (ValueFactory::Generate): String; the boxed primitives Integer, Boolean,
//     Character, Double, Long, Float, Byte, Short; Number (an Integer or Double); Comparable
//     (a String or Integer); Object (a literal, or a list, map, array, iterator); CharSequence
//     (also this table);
//   - ValueFactory::JdkValue: Class (Class.forName of a fixed JDK class name) and Iterator
//     (a list's iterator(); also this table);
//   - collections (DefaultImpls): List, Map, Collection, Iterable, Set;
//   - lambdas (LambdaAlternative, sam.h): Supplier, Function, Runnable, Callable, Predicate,
//     Comparator (and this table's instances); Executor, `(p_0) -> { }` (no JDK class runs a
//     task inline without a thread); Annotation (its one method annotationType(); the JDK
//     has no annotation instance but by reflection on a class);
//   - this table: File, Throwable, InputStream, Type, Charset, OutputStream, Enum, Reader,
//     PrintStream, TimeUnit, Comparator, Writer, Path, Date, Duration, PrintWriter,
//     AnnotatedElement, Locale, URL (from URL text among the CUT's string constants),
//     URI, StringBuffer, Exception.
//   - none yet, Calendar: its one pure factory, GregorianCalendar.from(ZonedDateTime.
//     ofInstant(Instant, ZoneId)), is here, but it nests one call more than
//     FactoryLimits::max_depth leaves an argument of a method under test; GregorianCalendar's
//     (int, int, int) constructors would fit but read the default time zone (environment).
// Excluded, no pure producer or none that means anything in a unit test:
//   - ClassLoader: the JVM's loaders are global (the engine's are not JUnit's) and read
//     class files and resources; a new URLClassLoader reads files or the network.
//   - reflect.Method, Field, Constructor, Member: only a Class's instance lookups by name
//     (getMethod("m")) give them, which no static recipe spells.
//   - instrument.Instrumentation: the JVM hands it to a Java agent; no constructor.
//   - security.ProtectionDomain: a class loader's record of where code came from; a
//     hand-made one (new ProtectionDomain(null, null)) grants and means nothing.
//   - accessibility.AccessibleContext: abstract, from a Swing/AWT component (a toolkit).
//   - file.attribute.BasicFileAttributes: read from a file (Files.readAttributes).
const std::vector<Entry>& Entries() {
  // int.class is Integer.TYPE: the only Class constants a static recipe spells.
  static const std::vector<Recipe> kPrimitiveClasses = {
      {"java/lang/Integer", "TYPE", "Ljava/lang/Class;"},
      {"java/lang/Long", "TYPE", "Ljava/lang/Class;"},
      {"java/lang/Boolean", "TYPE", "Ljava/lang/Class;"},
      {"java/lang/Double", "TYPE", "Ljava/lang/Class;"},
      {"java/lang/Character", "TYPE", "Ljava/lang/Class;"},
      {"java/lang/Void", "TYPE", "Ljava/lang/Class;"}};
  static const std::vector<Entry> kEntries = {
      // Character sequences (String itself is a literal, see ValueFactory::Generate).
      {"java/lang/CharSequence",
       {{"java/lang/StringBuilder", "<init>", kStr},
        {"java/lang/StringBuffer", "<init>", kStr},
        {"java/nio/CharBuffer", "wrap", kCs}}},
      {"java/lang/StringBuilder",
       {{"java/lang/StringBuilder", "<init>", kStr}, {"java/lang/StringBuilder", "<init>", "()V"}}},
      {"java/lang/StringBuffer",
       {{"java/lang/StringBuffer", "<init>", kStr}, {"java/lang/StringBuffer", "<init>", "()V"}}},
      {"java/nio/CharBuffer",
       {{"java/nio/CharBuffer", "wrap", kCs}, {"java/nio/CharBuffer", "wrap", kChars}}},
      // Character streams.
      {"java/lang/Appendable",
       {{"java/lang/StringBuilder", "<init>", kStr},
        {"java/lang/StringBuffer", "<init>", kStr},
        {"java/io/StringWriter", "<init>", "()V"}}},
      {"java/io/Writer", {{"java/io/StringWriter", "<init>", "()V"}}},
      {"java/io/StringWriter", {{"java/io/StringWriter", "<init>", "()V"}}},
      {"java/lang/Readable",
       {{"java/io/StringReader", "<init>", kStr}, {"java/nio/CharBuffer", "wrap", kCs}}},
      {"java/io/Reader", {{"java/io/StringReader", "<init>", kStr}}},
      {"java/io/StringReader", {{"java/io/StringReader", "<init>", kStr}}},
      {"java/io/InputStream", {{"java/io/ByteArrayInputStream", "<init>", "([B)V"}}},
      {"java/io/ByteArrayInputStream", {{"java/io/ByteArrayInputStream", "<init>", "([B)V"}}},
      {"java/io/OutputStream", {{"java/io/ByteArrayOutputStream", "<init>", "()V"}}},
      {"java/io/ByteArrayOutputStream", {{"java/io/ByteArrayOutputStream", "<init>", "()V"}}},
      // Paths (their strings are often in the test folder, see Universe::OfferTestFolder).
      {"java/io/File",
       {{"java/io/File", "<init>", kStr},
        {"java/io/File", "<init>", "(Ljava/io/File;Ljava/lang/String;)V"}}},
      {"java/nio/file/Path",
       {{"java/nio/file/Paths", "get",
         "(Ljava/lang/String;[Ljava/lang/String;)Ljava/nio/file/Path;"}}},
      // The most frequent JDK parameter types without a producer above, by
      // bench/jdk_param_types.py over Debian's jars (issue 20, item 3); pure producers only.
      {"java/lang/Throwable",
       {{"java/lang/RuntimeException", "<init>", kStr},
        {"java/lang/Exception", "<init>", kStr},
        {"java/lang/IllegalStateException", "<init>", kStr}}},
      {"java/lang/Exception",
       {{"java/lang/Exception", "<init>", kStr},
        {"java/lang/IllegalArgumentException", "<init>", kStr}}},
      {"java/lang/RuntimeException", {{"java/lang/RuntimeException", "<init>", kStr}}},
      {"java/io/IOException", {{"java/io/IOException", "<init>", kStr}}},
      {"java/io/PrintStream", {{"java/io/PrintStream", "<init>", "(Ljava/io/OutputStream;)V"}}},
      {"java/io/PrintWriter", {{"java/io/PrintWriter", "<init>", "(Ljava/io/Writer;)V"}}},
      {"java/util/Iterator",
       {{"java/util/Collections", "emptyIterator", "()Ljava/util/Iterator;"}}},
      {"java/time/Duration",
       {{"java/time/Duration", "ofMillis", "(J)Ljava/time/Duration;"},
        {"java/time/Duration", "ofSeconds", "(J)Ljava/time/Duration;"},
        {"java/time/Duration", "ZERO", "Ljava/time/Duration;"}}},
      {"java/time/Instant",
       {{"java/time/Instant", "ofEpochMilli", "(J)Ljava/time/Instant;"},
        {"java/time/Instant", "EPOCH", "Ljava/time/Instant;"}}},
      {"java/time/LocalDate", {{"java/time/LocalDate", "ofEpochDay", "(J)Ljava/time/LocalDate;"}}},
      {"java/util/Date", {{"java/util/Date", "<init>", "(J)V"}}},
      {"java/net/URI", {{"java/net/URI", "create", "(Ljava/lang/String;)Ljava/net/URI;"}}},
      {"java/util/TimeZone",
       {{"java/util/TimeZone", "getTimeZone", "(Ljava/lang/String;)Ljava/util/TimeZone;"}}},
      {"java/util/regex/Pattern",
       {{"java/util/regex/Pattern", "compile", "(Ljava/lang/String;)Ljava/util/regex/Pattern;"}}},
      {"java/util/Optional",
       {{"java/util/Optional", "ofNullable", "(Ljava/lang/Object;)Ljava/util/Optional;"},
        {"java/util/Optional", "empty", "()Ljava/util/Optional;"}}},
      {"java/text/ParsePosition", {{"java/text/ParsePosition", "<init>", "(I)V"}}},
      {"java/nio/ByteBuffer", {{"java/nio/ByteBuffer", "wrap", "([B)Ljava/nio/ByteBuffer;"}}},
      {"java/util/Map$Entry",
       {{"java/util/AbstractMap$SimpleEntry", "<init>",
         "(Ljava/lang/Object;Ljava/lang/Object;)V"}}},
      // Reflection types: the primitive classes (a Class is a Type and an AnnotatedElement).
      {"java/lang/reflect/Type", kPrimitiveClasses},
      {"java/lang/reflect/AnnotatedElement", kPrimitiveClasses},
      // The constructor only parses: no host is resolved (URL.equals and hashCode do).
      {"java/net/URL", {{"java/net/URL", "<init>", kStr}}},
      // A calendar in an explicit zone (see Calendar above the table).
      {"java/util/Calendar",
       {{"java/util/GregorianCalendar", "from",
         "(Ljava/time/ZonedDateTime;)Ljava/util/GregorianCalendar;"}}},
      {"java/util/GregorianCalendar",
       {{"java/util/GregorianCalendar", "from",
         "(Ljava/time/ZonedDateTime;)Ljava/util/GregorianCalendar;"}}},
      {"java/time/ZonedDateTime",
       {{"java/time/ZonedDateTime", "ofInstant",
         "(Ljava/time/Instant;Ljava/time/ZoneId;)Ljava/time/ZonedDateTime;"}}},
      {"java/time/ZoneId",
       {{"java/time/ZoneOffset", "UTC", "Ljava/time/ZoneOffset;"},
        {"java/time/ZoneId", "of", "(Ljava/lang/String;)Ljava/time/ZoneId;"}}},
      // Locales and charsets.
      {"java/util/Locale",
       {{"java/util/Locale", "ENGLISH", "Ljava/util/Locale;"},
        {"java/util/Locale", "ROOT", "Ljava/util/Locale;"},
        {"java/util/Locale", "US", "Ljava/util/Locale;"},
        {"java/util/Locale", "FRANCE", "Ljava/util/Locale;"},
        {"java/util/Locale", "GERMANY", "Ljava/util/Locale;"},
        {"java/util/Locale", "JAPAN", "Ljava/util/Locale;"},
        {"java/util/Locale", "<init>", kStr}}},
      {"java/nio/charset/Charset",
       {{"java/nio/charset/StandardCharsets", "UTF_8", "Ljava/nio/charset/Charset;"},
        {"java/nio/charset/StandardCharsets", "US_ASCII", "Ljava/nio/charset/Charset;"},
        {"java/nio/charset/StandardCharsets", "ISO_8859_1", "Ljava/nio/charset/Charset;"},
        {"java/nio/charset/StandardCharsets", "UTF_16", "Ljava/nio/charset/Charset;"}}},
      // Numbers.
      {"java/math/BigDecimal",
       {{"java/math/BigDecimal", "<init>", kStr},
        {"java/math/BigDecimal", "valueOf", "(J)Ljava/math/BigDecimal;"},
        {"java/math/BigDecimal", "valueOf", "(D)Ljava/math/BigDecimal;"},
        {"java/math/BigDecimal", "ZERO", "Ljava/math/BigDecimal;"},
        {"java/math/BigDecimal", "ONE", "Ljava/math/BigDecimal;"}}},
      {"java/math/BigInteger",
       {{"java/math/BigInteger", "<init>", kStr},
        {"java/math/BigInteger", "valueOf", "(J)Ljava/math/BigInteger;"},
        {"java/math/BigInteger", "ZERO", "Ljava/math/BigInteger;"},
        {"java/math/BigInteger", "ONE", "Ljava/math/BigInteger;"}}},
      // JDK enums: their constants.
      {"java/math/RoundingMode",
       {{"java/math/RoundingMode", "UP", "Ljava/math/RoundingMode;"},
        {"java/math/RoundingMode", "DOWN", "Ljava/math/RoundingMode;"},
        {"java/math/RoundingMode", "CEILING", "Ljava/math/RoundingMode;"},
        {"java/math/RoundingMode", "FLOOR", "Ljava/math/RoundingMode;"},
        {"java/math/RoundingMode", "HALF_UP", "Ljava/math/RoundingMode;"},
        {"java/math/RoundingMode", "HALF_DOWN", "Ljava/math/RoundingMode;"},
        {"java/math/RoundingMode", "HALF_EVEN", "Ljava/math/RoundingMode;"},
        {"java/math/RoundingMode", "UNNECESSARY", "Ljava/math/RoundingMode;"}}},
      {"java/util/concurrent/TimeUnit",
       {{"java/util/concurrent/TimeUnit", "NANOSECONDS", "Ljava/util/concurrent/TimeUnit;"},
        {"java/util/concurrent/TimeUnit", "MILLISECONDS", "Ljava/util/concurrent/TimeUnit;"},
        {"java/util/concurrent/TimeUnit", "SECONDS", "Ljava/util/concurrent/TimeUnit;"},
        {"java/util/concurrent/TimeUnit", "MINUTES", "Ljava/util/concurrent/TimeUnit;"},
        {"java/util/concurrent/TimeUnit", "DAYS", "Ljava/util/concurrent/TimeUnit;"}}},
      // Any enum: constants of several JDK enums.
      {"java/lang/Enum",
       {{"java/math/RoundingMode", "HALF_UP", "Ljava/math/RoundingMode;"},
        {"java/util/concurrent/TimeUnit", "SECONDS", "Ljava/util/concurrent/TimeUnit;"},
        {"java/time/DayOfWeek", "MONDAY", "Ljava/time/DayOfWeek;"},
        {"java/time/Month", "DECEMBER", "Ljava/time/Month;"},
        {"java/time/temporal/ChronoUnit", "DAYS", "Ljava/time/temporal/ChronoUnit;"},
        {"java/lang/annotation/ElementType", "METHOD", "Ljava/lang/annotation/ElementType;"}}},
      // Functional interfaces with pure JDK instances (lambdas are built besides them, see
      // LambdaAlternative).
      {"java/util/Comparator",
       {{"java/util/Comparator", "naturalOrder", "()Ljava/util/Comparator;"},
        {"java/util/Comparator", "reverseOrder", "()Ljava/util/Comparator;"},
        {"java/lang/String", "CASE_INSENSITIVE_ORDER", "Ljava/util/Comparator;"}}},
      {"java/util/function/Function",
       {{"java/util/function/Function", "identity", "()Ljava/util/function/Function;"}}},
      {"java/util/function/UnaryOperator",
       {{"java/util/function/UnaryOperator", "identity", "()Ljava/util/function/UnaryOperator;"}}},
      {"java/util/function/Predicate",
       {{"java/util/function/Predicate", "isEqual",
         "(Ljava/lang/Object;)Ljava/util/function/Predicate;"}}},
      {"java/util/function/BinaryOperator",
       {{"java/util/function/BinaryOperator", "minBy",
         "(Ljava/util/Comparator;)Ljava/util/function/BinaryOperator;"},
        {"java/util/function/BinaryOperator", "maxBy",
         "(Ljava/util/Comparator;)Ljava/util/function/BinaryOperator;"}}},
  };
  return kEntries;
}

// Collection interfaces and abstract classes -> implementations, preferred first. Every
// implementation has a public no-argument constructor and add/put (kNewCollection).
const std::map<std::string, std::vector<std::string>>& DefaultImpls() {
  static const std::map<std::string, std::vector<std::string>> kImpls = {
      {"java/lang/Iterable", {"java/util/ArrayList", "java/util/HashSet"}},
      {"java/util/Collection",
       {"java/util/ArrayList", "java/util/LinkedList", "java/util/HashSet", "java/util/TreeSet"}},
      {"java/util/AbstractCollection", {"java/util/ArrayList", "java/util/HashSet"}},
      {"java/util/List", {"java/util/ArrayList", "java/util/LinkedList"}},
      {"java/util/AbstractList", {"java/util/ArrayList", "java/util/LinkedList"}},
      {"java/util/Queue", {"java/util/LinkedList", "java/util/ArrayDeque"}},
      {"java/util/Deque", {"java/util/ArrayDeque", "java/util/LinkedList"}},
      {"java/util/Set", {"java/util/HashSet", "java/util/LinkedHashSet", "java/util/TreeSet"}},
      {"java/util/AbstractSet", {"java/util/HashSet", "java/util/TreeSet"}},
      {"java/util/SortedSet", {"java/util/TreeSet"}},
      {"java/util/NavigableSet", {"java/util/TreeSet"}},
      {"java/util/Map", {"java/util/HashMap", "java/util/LinkedHashMap", "java/util/TreeMap"}},
      {"java/util/AbstractMap", {"java/util/HashMap", "java/util/TreeMap"}},
      {"java/util/SortedMap", {"java/util/TreeMap"}},
      {"java/util/NavigableMap", {"java/util/TreeMap"}},
      {"java/util/ArrayList", {"java/util/ArrayList"}},
      {"java/util/LinkedList", {"java/util/LinkedList"}},
      {"java/util/ArrayDeque", {"java/util/ArrayDeque"}},
      {"java/util/HashSet", {"java/util/HashSet"}},
      {"java/util/LinkedHashSet", {"java/util/LinkedHashSet"}},
      {"java/util/TreeSet", {"java/util/TreeSet"}},
      {"java/util/HashMap", {"java/util/HashMap"}},
      {"java/util/LinkedHashMap", {"java/util/LinkedHashMap"}},
      {"java/util/TreeMap", {"java/util/TreeMap"}},
      {"java/util/Properties", {"java/util/Properties"}},
  };
  return kImpls;
}

classfile::TypeDesc ObjectType(const std::string& n) {
  classfile::TypeDesc t;
  t.base = 'L';
  t.class_name = n;
  return t;
}

}  // namespace

JdkCatalog::JdkCatalog() : impls_(DefaultImpls()) {
  for (const Entry& e : Entries()) {
    std::vector<Producer>& out = producers_[e.type];
    for (const Recipe& r : e.recipes) {
      Producer p;
      std::string desc = r.descriptor;
      if (desc[0] != '(') {
        auto t = classfile::ParseFieldDescriptor(desc);
        if (!t.ok()) continue;
        p.kind = Producer::kStaticField;
        p.owner = r.owner;
        p.field = r.name;
        p.type = *t;
      } else {
        bool ctor = std::string_view(r.name) == "<init>";
        p.callable = testcase::NewCallable(r.owner, r.name, desc, /*is_static=*/!ctor);
        if (!p.callable) continue;
        p.type = ctor ? ObjectType(r.owner) : p.callable->desc.ret;
      }
      out.push_back(std::move(p));
    }
  }
}

const std::vector<Producer>& JdkCatalog::ProducersOf(const std::string& n) const {
  static const std::vector<Producer> kNone;
  auto it = producers_.find(n);
  return it == producers_.end() ? kNone : it->second;
}

const std::vector<std::string>& JdkCatalog::ImplementationsOf(const std::string& n) const {
  static const std::vector<std::string> kNone;
  auto it = impls_.find(n);
  return it == impls_.end() ? kNone : it->second;
}

Status JdkCatalog::Configure(const std::string& spec) {
  size_t eq = spec.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--jdk-impl wants Iface=Impl[,Impl...], got '", spec, "'"));
  }
  std::string iface = classfile::ToInternal(spec.substr(0, eq));
  if (impls_.count(iface) == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--jdk-impl: ", spec.substr(0, eq), " is not a known collection type"));
  }
  std::set<std::string> concrete;
  for (const auto& [k, v] : DefaultImpls()) concrete.insert(v.begin(), v.end());
  std::vector<std::string> impls;
  for (absl::string_view part : absl::StrSplit(spec.substr(eq + 1), ',', absl::SkipEmpty())) {
    std::string impl = classfile::ToInternal(std::string(part));
    if (concrete.count(impl) == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--jdk-impl: ", std::string(part), " is not a supported java.util implementation"));
    }
    impls.push_back(impl);
  }
  if (impls.empty()) return absl::InvalidArgumentError("--jdk-impl: no implementation given");
  impls_[iface] = std::move(impls);
  return absl::OkStatus();
}

bool JdkCatalog::LambdaAlternative(const std::string& n) {
  return n.starts_with("java/util/function/") || n == "java/lang/Runnable" ||
         n == "java/util/concurrent/Callable" || n == "java/util/Comparator";
}

std::vector<std::string> JdkCatalog::ProducerTypes() const {
  std::vector<std::string> out;
  for (const auto& [k, v] : producers_) out.push_back(k);
  return out;
}

}  // namespace jtg::generate
