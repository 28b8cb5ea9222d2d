// Universe::ViewMethodsOf: the methods a test may call on a value user code returned through
// an interface or abstract type (an Iterator, a Map.Entry, a key-set view), whose class is
// often one of the CUT's nested classes.
#include <optional>
#include <set>

#include "classfile/class_file.h"
#include "classfile/names.h"
#include "coverage/excluded_classes.h"
#include "generate/values/impure_apis.h"
#include "generate/values/universe.h"

namespace jtg::generate {

std::optional<classfile::ClassFile> Universe::ReadAnyClass(const std::string& name) const {
  auto bytes = !coverage::IsExcludedClass(name) ? cp_.ReadClass(name)
               : read_system_                   ? read_system_(name)
                                                : absl::NotFoundError("no JDK class reader");
  if (!bytes.ok()) return std::nullopt;
  auto parsed = classfile::Parse(*bytes, classfile::ToBinary(name));
  if (!parsed.ok()) return std::nullopt;
  return std::move(parsed->cls);
}

const std::vector<CallablePtr>& Universe::ViewMethodsOf(const std::string& type) {
  static const std::vector<CallablePtr> kNone;
  auto it = view_methods_.find(type);
  if (it != view_methods_.end()) return it->second;
  if (!read_system_ && coverage::IsExcludedClass(type)) return kNone;  // not cached: no reader yet
  auto parse = [this](const std::string& name) { return ReadAnyClass(name); };
  std::vector<CallablePtr> out;
  auto root = type == cut_name_ ? std::nullopt : parse(type);
  const uint16_t open = classfile::kAccInterface | classfile::kAccAbstract;
  if (root && (root->access & classfile::kAccPublic) != 0 && (root->access & open) != 0) {
    std::set<std::string> seen_methods, seen_types;
    std::vector<classfile::ClassFile> todo;
    todo.push_back(std::move(*root));
    while (!todo.empty()) {
      classfile::ClassFile c = std::move(todo.back());
      todo.pop_back();
      if (!seen_types.insert(std::string(c.Name())).second) continue;
      for (const auto& m : c.methods) {
        const uint16_t skip =
            classfile::kAccStatic | classfile::kAccSynthetic | classfile::kAccBridge;
        if ((m.access & classfile::kAccPublic) == 0 || (m.access & skip) != 0) continue;
        if (c.MethodName(m) == "<init>") continue;
        std::string key = std::string(c.MethodName(m)) + std::string(c.MethodDescriptor(m));
        if (!seen_methods.insert(key).second) continue;  // the most specific declaration
        auto callable = MakeCallable(c, m);
        if (!callable || IsImpureApi(callable->owner, callable->name, callable->descriptor)) {
          continue;
        }
        out.push_back(std::move(callable));
      }
      // Superinterfaces (an abstract class's superclass methods are reached through them or
      // are concrete JDK code, not the view's).
      for (uint16_t i : c.interfaces) {
        auto name = c.cp.ClassName(i);
        if (!name.ok()) continue;
        if (auto sup = parse(std::string(*name)); sup && (sup->access & classfile::kAccPublic)) {
          todo.push_back(std::move(*sup));
        }
      }
    }
  }
  return view_methods_.emplace(type, std::move(out)).first->second;
}

}  // namespace jtg::generate
