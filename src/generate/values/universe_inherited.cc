// Universe::AddInheritedCalls: the instance methods the CUT inherits and a test may call.
#include <deque>
#include <optional>
#include <set>

#include "classfile/class_file.h"
#include "classfile/names.h"
#include "generate/values/universe.h"

namespace jtg::generate {

std::string PackageOf(const std::string& internal_name) {
  return internal_name.substr(0, internal_name.rfind('/') + 1);
}

bool TestsShareCutPackage(const std::string& cut) {
  const std::string pkg = PackageOf(cut);
  return !(pkg.starts_with("java/") || pkg.starts_with("javax/") || pkg.starts_with("jdk/") ||
           pkg.starts_with("sun/"));
}

void Universe::AddInheritedCalls(
    const std::function<StatusOr<std::vector<uint8_t>>(const std::string&)>& read) {
  if (inherited_added_) return;
  inherited_added_ = true;
  read_system_ = read;
  // Every method the CUT declares (any access) hides an inherited one of the same
  // name and descriptor.
  const bool same_package = TestsShareCutPackage(cut_name_);
  std::set<std::string> seen;
  for (const auto& m : cut_.methods) {
    seen.insert(std::string(cut_.MethodName(m)) + std::string(cut_.MethodDescriptor(m)));
  }
  auto parse = [&](const std::string& name) -> std::optional<classfile::ClassFile> {
    auto bytes = cp_.ReadClass(name);
    if (!bytes.ok()) bytes = read(name);
    if (!bytes.ok()) return std::nullopt;
    auto parsed = classfile::Parse(*bytes, classfile::ToBinary(name));
    if (!parsed.ok()) return std::nullopt;
    return std::move(parsed->cls);
  };
  auto add_from = [&](const classfile::ClassFile& c, bool defaults_only) {
    for (const auto& m : c.methods) {
      const std::string key = std::string(c.MethodName(m)) + std::string(c.MethodDescriptor(m));
      if (!seen.insert(key).second) continue;  // overridden below (or already added)
      // Public, or (protected or package-private) in the CUT's own package, where the
      // written test lives (see Universe::Build).
      const bool visible = (m.access & classfile::kAccPublic) != 0 ||
                           ((m.access & classfile::kAccPrivate) == 0 && same_package &&
                            PackageOf(std::string(c.Name())) == PackageOf(cut_name_));
      const bool usable =
          visible && (m.access & (classfile::kAccStatic | classfile::kAccAbstract |
                                  classfile::kAccSynthetic | classfile::kAccBridge)) == 0;
      if (!usable || c.MethodName(m) == "<init>" || c.MethodName(m) == "<clinit>") continue;
      if (defaults_only && (c.access & classfile::kAccInterface) == 0) continue;
      if (std::find(exclude_.begin(), exclude_.end(), key) != exclude_.end()) continue;
      auto callable = MakeCallable(c, m);
      if (!callable) continue;
      auto own = std::make_shared<testcase::Callable>(*callable);
      own->owner = cut_name_;  // resolved on the CUT: the receiver is a CUT
      own->is_interface_owner = (cut_.access & classfile::kAccInterface) != 0;
      own->inner_simple_name.clear();
      calls_.push_back(std::move(own));
    }
  };
  // Superclasses first (nearest first: what a nearer class declares hides the rest), then
  // the default methods of every interface met on the way, breadth first.
  std::deque<std::string> interfaces;
  auto queue_interfaces = [&](const classfile::ClassFile& c) {
    for (uint16_t i : c.interfaces) {
      auto n = c.cp.ClassName(i);
      if (n.ok()) interfaces.emplace_back(*n);
    }
  };
  queue_interfaces(cut_);
  std::string super(cut_.SuperName());
  for (int depth = 0; depth < 32 && !super.empty() && super != "java/lang/Object"; ++depth) {
    auto c = parse(super);
    if (!c) break;
    add_from(*c, false);
    queue_interfaces(*c);
    super = std::string(c->SuperName());
  }
  std::set<std::string> visited;
  while (!interfaces.empty() && visited.size() < 64) {
    std::string name = interfaces.front();
    interfaces.pop_front();
    if (!visited.insert(name).second) continue;
    auto c = parse(name);
    if (!c) continue;
    add_from(*c, true);
    queue_interfaces(*c);
  }
}

}  // namespace jtg::generate
