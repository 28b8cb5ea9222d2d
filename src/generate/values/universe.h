// The type universe of one run: what can be called on the class under test (CUT), how a
// value of a user type can be produced (public constructors, static fields, static
// factories; implementations of interfaces and abstract classes found on the classpath), and
// the constants seeded from the CUT's constant pool.
//
// Ownership: owns every Callable it hands out (shared_ptr, immutable). Borrows the
// Classpath, which must outlive it. Not thread-safe.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/purity.h"
#include "classfile/class_file.h"
#include "classpath/classpath.h"
#include "common/status.h"
#include "generate/values/jdk_catalog.h"
#include "generate/values/mock_catalog.h"
#include "generate/values/producer.h"
#include "generate/values/type_hints.h"
#include "testcase/execution_result.h"
#include "testcase/test_case.h"

namespace jtg::generate {

struct Seeds {
  std::vector<int64_t> ints;
  std::vector<double> doubles;
  std::vector<std::u16string> strings;
  // Absolute paths in the test folder (sandbox/test_folder.h), offered as strings when the
  // CUT handles files; empty otherwise (see Universe::OfferTestFolder).
  std::vector<std::u16string> paths;
  // Binary names of the classes the CUT's code loads as constants (class_constants.h).
  std::vector<std::u16string> classes;
};

class Universe {
 public:
  // Reads the CUT and lists its public methods and constructors. Errors: NotFound if the
  // class is not on the classpath, DataLoss if its class file is corrupt,
  // FailedPrecondition if it has nothing public to call.
  // Methods named in `exclude` ("name" + descriptor, e.g. "parse(Ljava/lang/String;)I") are
  // not tested (used after a method crashed the JVM). `cut_bytes`, when given, is the CUT's
  // class file (a JDK class, read through the JVM: `jtestgen perf --class java.util.X`).
  static StatusOr<std::unique_ptr<Universe>> Build(const classpath::Classpath& cp,
                                                   std::string_view cut_internal_name,
                                                   const std::vector<std::string>& exclude = {},
                                                   const std::vector<uint8_t>* cut_bytes = nullptr);

  const classfile::ClassFile& cut() const { return cut_; }
  const classpath::Classpath& classpath() const { return cp_; }
  const std::string& cut_name() const { return cut_name_; }
  std::string cut_warning() const { return warning_; }
  // Methods under test (static and instance) and the CUT's constructors: public ones, and
  // protected and package-private ones when TestsShareCutPackage (the written test lives in
  // the CUT's package).
  const std::vector<CallablePtr>& targets() const { return targets_; }
  // What the search may call on the CUT: targets() first, then the instance methods it
  // inherits and does not override, from superclasses up to (not including)
  // java.lang.Object and from the default methods of the interfaces it implements, as
  // EvoSuite's test cluster has them: public ones, and protected or package-private ones
  // declared in its own package when TestsShareCutPackage. An inherited method's Callable names the
  // CUT as its owner (JNI and Java resolve it there); its goals are not the CUT's, so goals stay
  // built from targets().
  const std::vector<CallablePtr>& calls() const { return calls_; }
  size_t inherited_count() const { return calls_.size() - targets_.size(); }
  // Adds the inherited methods to calls(). `read` gives the class file of a class that is
  // not on the classpath (a JDK base class such as java/util/AbstractMap); a class neither
  // can read is skipped. Methods named in Build's `exclude` stay out. Idempotent. `read` is
  // kept (copied) for ViewMethodsOf.
  void AddInheritedCalls(
      const std::function<StatusOr<std::vector<uint8_t>>(const std::string&)>& read);
  // Plans the CUT's stub subclasses (stub_subclass.h; after AddInheritedCalls, whose reader
  // it uses for JDK supertypes), has `define` define each in the JVM, and makes the
  // constructors of those it defined producers of the CUT (ProducersOf). Returns how many
  // it defined; a stub that `define` refuses is left out. Idempotent.
  size_t AddStubSubclasses(const std::function<Status(const std::string& name,
                                                      const std::vector<uint8_t>& bytes)>& define);
  const Seeds& seeds() const { return seeds_; }
  // Dynamic seeding (EvoSuite's "values observed at run time"): strings and integers that
  // calls returned are added to the seeds, up to a bound, so later tests can feed them back.
  void AddObserved(const testcase::ExecResult& r);
  // Offers paths in the test folder `folder` (absolute, no trailing '/') as string seeds:
  // the folder itself and a few names below it, two of them in a subdirectory, so that one
  // call can create what another reads. Only when the CUT mentions java.io.File*,
  // RandomAccessFile or java.nio.file in its constant pool; returns whether it did.
  bool OfferTestFolder(const std::string& folder);
  // Whether the CUT needs a receiver from somewhere else (it is abstract or an interface).
  bool cut_is_abstract() const;

  // Producers of values of the type `internal_name`: for a user type its own public
  // constructors, static fields and factories, those of public concrete subtypes on the
  // classpath, and public static or instance methods of any public class that return
  // exactly that type; for a JDK type the catalog's entries (jdk_catalog.h). For the CUT
  // also its stub subclasses (AddStubSubclasses) and, when nothing else makes it, its static
  // factories returning a supertype of it, cast (Producer::downcast). Never a call of an
  // impure API (impure_apis.h). Empty for types with no producer. Cached.
  const std::vector<Producer>& ProducersOf(const std::string& internal_name);

  // Whether `sub` is `super` or a subtype of it, by the classpath's type hierarchy (JDK
  // types only by name equality).
  bool IsSubtypeOf(const std::string& sub, const std::string& super) {
    IndexHierarchy();
    return IsSubtype(sub, super);
  }
  // Concrete (not abstract, not interface) classes on the classpath that are `cls` or a
  // subtype of it, in name order; at most `limit`.
  std::vector<std::string> ConcreteSubtypesOf(const std::string& cls, size_t limit = 64);
  // Public instance methods declared by the public class `cls` (no constructors), in file
  // order; empty if `cls` is not on the classpath or not public. Cached.
  const std::vector<CallablePtr>& InstanceMethodsOf(const std::string& cls);
  // The InstanceMethodsOf(cls) that can change state a later call reads: those the purity
  // analysis (analysis/purity.h) does not show pure. A builder's fluent `add(x)` that
  // returns `this` is one, a getter is not. In file order; cached.
  const std::vector<CallablePtr>& MutatorsOf(const std::string& cls);

  // What a test may call on a value that user code returned with the declared type `type`
  // (internal name), when the value's class may be one of the CUT's nested classes (an
  // iterator, an entry, a key-set view): the public instance methods `type` declares and
  // those of its superinterfaces, when `type` is an interface or an abstract class, on the
  // classpath or in the JDK (read with AddInheritedCalls' reader); never an impure API
  // (impure_apis.h). Empty for a concrete class (its own methods are InstanceMethodsOf), for
  // the CUT, and for a type that cannot be read. Cached.
  const std::vector<CallablePtr>& ViewMethodsOf(const std::string& type);

  // The JDK catalog of this run (configurable before generation starts).
  JdkCatalog& jdk() { return jdk_; }
  const JdkCatalog& jdk() const { return jdk_; }
  // Which types may be mocked (--mocks; off by default) and their stubs.
  MockCatalog& mocks() { return mocks_; }
  // Types the CUT method `c` checks with instanceof or casts to (type_hints.h); empty for
  // other callables.
  const std::vector<std::string>& TypeHintsFor(const testcase::Callable& c) const;

 private:
  struct ClassHeader {
    uint16_t access = 0;
    std::string super_name;
    std::vector<std::string> interfaces;
  };
  explicit Universe(const classpath::Classpath& cp) : cp_(cp), mocks_(cp) {}
  void IndexHierarchy();
  bool IsSubtype(const std::string& sub, const std::string& super);
  // Appends `cls`'s producers of `wanted`: with `statics`, its constructors (when `cls` is a
  // concrete subtype of `wanted`), static methods and static fields; with
  // `instance_methods`, its instance methods. Methods and fields must yield a `wanted`.
  void AddProducersFrom(const std::string& cls, const std::string& wanted, bool statics,
                        bool instance_methods, std::vector<Producer>& out);
  void CollectSeeds();
  // When nothing else produces the CUT: its static factories that return a supertype of
  // it, as downcast producers (Producer::downcast).
  void AddDowncastFactories(std::vector<Producer>& out);
  // The class file of a classpath class, or of a JDK class through AddInheritedCalls'
  // reader; nullopt when neither has it or it does not parse.
  std::optional<classfile::ClassFile> ReadAnyClass(const std::string& internal_name) const;

  const classpath::Classpath& cp_;
  classfile::ClassFile cut_;
  std::string cut_name_, warning_;
  std::vector<CallablePtr> targets_;
  std::vector<CallablePtr> calls_;    // targets_, then the inherited methods
  std::vector<std::string> exclude_;  // Build's `exclude`
  bool inherited_added_ = false;
  bool stubs_added_ = false;
  std::vector<Producer> stub_producers_;  // constructors of the defined stub subclasses
  Seeds seeds_;
  std::set<std::u16string> seen_strings_;
  std::set<int64_t> seen_ints_;
  bool indexed_ = false;
  std::map<std::string, ClassHeader> headers_;
  // Return type -> public classes with a public method returning exactly that type.
  std::map<std::string, std::set<std::string>> returners_;
  std::map<std::string, std::vector<Producer>> producers_;
  std::map<std::string, std::vector<CallablePtr>> instance_methods_;
  std::map<std::string, std::vector<CallablePtr>> view_methods_;
  std::map<std::string, std::vector<CallablePtr>> mutators_;
  std::unique_ptr<analysis::Purity> purity_;  // made by the first MutatorsOf
  std::function<StatusOr<std::vector<uint8_t>>(const std::string&)> read_system_;
  JdkCatalog jdk_;
  MockCatalog mocks_;
  TypeHints hints_;
};

// Builds a Callable for method `m` of `cls`; nullptr if the descriptor is malformed.
CallablePtr MakeCallable(const classfile::ClassFile& cls, const classfile::MethodInfo& m);

// The package prefix of an internal class name ("a/b/" for a/b/C, "" for C).
std::string PackageOf(const std::string& internal_name);
// Whether the tests written for `cut` (internal name) live in its package, and may thus call
// its protected and package-private members: yes unless the package is the JDK's (java/,
// javax/, jdk/, sun/), whose tests move to jtestgen.<package> (output/junit_writer.cc).
bool TestsShareCutPackage(const std::string& cut);

}  // namespace jtg::generate
