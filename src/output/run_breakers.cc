#include "output/run_breakers.h"

#include <map>

namespace jtg::output {

namespace {

class Bisector {
 public:
  Bisector(const std::vector<WrittenTest>& tests, const WriterOptions& wopts,
           const TypeOracle& oracle, const ValidatorOptions& opts,
           std::chrono::steady_clock::time_point deadline)
      : tests_(tests), wopts_(wopts), oracle_(oracle), opts_(opts), deadline_(deadline) {
    out_.bad.assign(tests.size(), false);
  }

  // Settles the tests `idx` (indexes into tests_).
  Status Probe(const std::vector<size_t>& idx) {
    if (idx.empty()) return absl::OkStatus();
    if (std::chrono::steady_clock::now() > deadline_) {
      out_.complete = false;
      for (size_t i : idx) out_.bad[i] = true;
      return absl::OkStatus();
    }
    std::vector<WrittenTest> part;
    part.reserve(idx.size());
    for (size_t i : idx) part.push_back(tests_[i]);
    JavaFile file = WriteJUnit(part, wopts_, oracle_);
    ++out_.probes;
    JTG_ASSIGN_OR_RETURN(Validation v, Validate(file, "", opts_));
    if (!v.whole_run_failed) {
      std::map<std::string, size_t> by_name;
      for (size_t k = 0; k < file.test_names.size() && k < idx.size(); ++k) {
        by_name[file.test_names[k]] = idx[k];
      }
      for (const std::string& n : v.bad_tests) {
        if (auto it = by_name.find(n); it != by_name.end()) out_.bad[it->second] = true;
      }
      return absl::OkStatus();
    }
    if (idx.size() == 1) {
      out_.bad[idx[0]] = true;
      return absl::OkStatus();
    }
    const size_t half = idx.size() / 2;
    JTG_RETURN_IF_ERROR(Probe({idx.begin(), idx.begin() + static_cast<long>(half)}));
    return Probe({idx.begin() + static_cast<long>(half), idx.end()});
  }

  RunBreakers Take() { return std::move(out_); }

 private:
  const std::vector<WrittenTest>& tests_;
  const WriterOptions& wopts_;
  const TypeOracle& oracle_;
  const ValidatorOptions& opts_;
  std::chrono::steady_clock::time_point deadline_;
  RunBreakers out_;
};

}  // namespace

StatusOr<RunBreakers> FindRunBreakers(const std::vector<WrittenTest>& tests,
                                      const WriterOptions& wopts, const TypeOracle& oracle,
                                      ValidatorOptions opts,
                                      std::chrono::steady_clock::time_point deadline) {
  opts.runs = 1;
  Bisector b(tests, wopts, oracle, opts, deadline);
  std::vector<size_t> all(tests.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  // The whole set already failed as a whole: start from its halves.
  const size_t half = all.size() / 2;
  if (all.size() <= 1) {
    JTG_RETURN_IF_ERROR(b.Probe(all));
  } else {
    JTG_RETURN_IF_ERROR(b.Probe({all.begin(), all.begin() + static_cast<long>(half)}));
    JTG_RETURN_IF_ERROR(b.Probe({all.begin() + static_cast<long>(half), all.end()}));
  }
  return b.Take();
}

}  // namespace jtg::output
