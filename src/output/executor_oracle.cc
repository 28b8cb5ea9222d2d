#include "output/executor_oracle.h"

#include <memory>

#include "classfile/source_names.h"

namespace jtg::output {

TypeOracle MakeOracle(testcase::Executor& ex) {
  TypeOracle o;
  o.is_public = [&ex](const std::string& n) { return ex.IsPublic(n); };
  auto assignable_to = [&ex](const char* name) {
    return [&ex, name](const classfile::TypeDesc& t) {
      classfile::TypeDesc target;
      target.base = 'L';
      target.class_name = name;
      return t.IsReference() && ex.IsAssignable(t, target);
    };
  };
  o.is_collection = assignable_to("java/util/Collection");
  o.is_map = assignable_to("java/util/Map");
  o.public_exception = [&ex](const std::string& n) { return ex.NearestPublicClass(n); };
  auto names = std::make_shared<classfile::SourceNames>(
      [&ex](const std::string& n) { return ex.ClassBytes(n); });
  o.source_name = [names](const std::string& n) { return names->Of(n); };
  return o;
}

}  // namespace jtg::output
