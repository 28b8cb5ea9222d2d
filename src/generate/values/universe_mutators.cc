// Universe::MutatorsOf: the public instance methods of a classpath class that can change
// state a later call reads, by the purity analysis.
#include <memory>

#include "analysis/purity.h"
#include "generate/values/impure_apis.h"
#include "generate/values/universe.h"

namespace jtg::generate {

const std::vector<CallablePtr>& Universe::MutatorsOf(const std::string& cls) {
  auto it = mutators_.find(cls);
  if (it != mutators_.end()) return it->second;
  if (!purity_) purity_ = std::make_unique<analysis::Purity>(cp_, IsImpureApi);
  std::vector<CallablePtr> out;
  for (const CallablePtr& m : InstanceMethodsOf(cls)) {
    if (!purity_->Of(m->owner, m->name, m->descriptor).pure) out.push_back(m);
  }
  return mutators_.emplace(cls, std::move(out)).first->second;
}

}  // namespace jtg::generate
