#include "generate/search/archive.h"

namespace jtg::generate {

using testcase::TestCase;

bool Archive::Update(const std::shared_ptr<const TestCase>& tc, const std::vector<int32_t>& goals,
                     double secondary, bool threw) {
  if (secondary < 0) secondary = static_cast<double>(tc->size());
  const int mocks = tc->MockCount();
  const int non_public = tc->NonPublicCount();
  bool kept = false;
  for (int32_t g : goals) {
    auto it = best_.find(g);
    bool better = it == best_.end() || (it->second.threw && !threw);
    if (!better && it->second.threw == threw) {
      const Entry& e = it->second;
      better = mocks < e.mocks ||
               (mocks == e.mocks && (non_public < e.non_public ||
                                     (non_public == e.non_public && secondary < e.secondary)));
    }
    if (better) {
      best_[g] = Entry{tc, secondary, threw, mocks, non_public};
      kept = true;
    }
  }
  return kept;
}

std::vector<ArchivedTest> Archive::Tests() const {
  std::vector<ArchivedTest> out;
  std::map<const TestCase*, size_t> index;
  for (const auto& [goal, entry] : best_) {
    const auto& tc = entry.test;
    auto it = index.find(tc.get());
    if (it == index.end()) {
      index[tc.get()] = out.size();
      out.push_back(ArchivedTest{*tc, {goal}});
    } else {
      out[it->second].goals.push_back(goal);
    }
  }
  return out;
}

}  // namespace jtg::generate
