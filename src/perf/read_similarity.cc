#include "perf/read_similarity.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_format.h"

namespace jtg::perf {
namespace {

// One execution of the loop: completed iterations and, per site id, the values read.
struct Execution {
  int64_t iterations = 0;
  std::vector<std::vector<int64_t>> reads;  // by site id
};

std::vector<Execution> SplitExecutions(const ReadTrace& trace, size_t sites) {
  std::vector<Execution> out;
  for (const ReadEvent& e : trace.events) {
    if (e.tag == ReadEvent::kNewExecution || out.empty()) {
      out.emplace_back();
      out.back().reads.resize(sites);
      if (e.tag == ReadEvent::kNewExecution) continue;
    }
    if (e.tag == ReadEvent::kNewIteration) {
      ++out.back().iterations;
    } else if (e.tag >= 0) {
      out.back().reads[static_cast<size_t>(e.tag)].push_back(e.value);
    }
  }
  return out;
}

bool Constant(const std::vector<int64_t>& s) {
  return std::all_of(s.begin(), s.end(), [&](int64_t v) { return v == s.front(); });
}

struct SiteScore {
  size_t site = 0;
  int64_t repeated = 0;
  double mean_reads = 0;
  bool varying = false;  // not constant within some execution
  bool any = false;      // read at all
};

// Repeating executions (k > 0) at one site of the analysed executions `ex`.
SiteScore ScoreSite(const std::vector<const Execution*>& ex, size_t site,
                    const SimilarityOptions& opts) {
  SiteScore sc;
  sc.site = site;
  std::map<std::vector<int64_t>, size_t> seen;  // sequence -> first execution
  double total = 0;
  for (size_t k = 0; k < ex.size(); ++k) {
    const std::vector<int64_t>& s = ex[k]->reads[site];
    total += static_cast<double>(s.size());
    sc.any = sc.any || !s.empty();
    sc.varying = sc.varying || !Constant(s);
    if (k == 0 || s.empty()) {
      seen.emplace(s, k);
      continue;
    }
    bool repeats = seen.count(s) != 0;
    const size_t from =
        k > static_cast<size_t>(opts.window) ? k - static_cast<size_t>(opts.window) : 0;
    for (size_t j = k; !repeats && j-- > from;) {
      repeats =
          SequenceSimilarity(s, ex[j]->reads[site], opts.max_compared) >= opts.sequence_similarity;
    }
    if (repeats) ++sc.repeated;
    seen.emplace(s, k);
  }
  sc.mean_reads = ex.empty() ? 0 : total / static_cast<double>(ex.size());
  return sc;
}

std::string Num(double v) {
  return v == static_cast<double>(static_cast<int64_t>(v))
             ? absl::StrFormat("%d", static_cast<int64_t>(v))
             : absl::StrFormat("%.1f", v);
}

}  // namespace

double SequenceSimilarity(std::span<const int64_t> a, std::span<const int64_t> b,
                          size_t max_compared) {
  a = a.first(std::min(a.size(), max_compared));
  b = b.first(std::min(b.size(), max_compared));
  if (a.empty() && b.empty()) return 1;
  if (a.empty() || b.empty()) return 0;
  std::vector<uint32_t> prev(b.size() + 1, 0), cur(b.size() + 1, 0);
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
    }
    std::swap(prev, cur);
  }
  return static_cast<double>(prev[b.size()]) / static_cast<double>(std::max(a.size(), b.size()));
}

ReadRedundancy JudgeReads(const ReadTrace& trace, const std::vector<std::string>& site_names,
                          const std::string& loop, int n, const SimilarityOptions& opts) {
  ReadRedundancy r;
  r.n = n;
  size_t sites = site_names.size();
  for (const ReadEvent& e : trace.events) {
    if (e.tag >= 0) sites = std::max(sites, static_cast<size_t>(e.tag) + 1);
  }
  const std::vector<Execution> all = SplitExecutions(trace, sites);
  r.executions = static_cast<int64_t>(all.size());
  std::vector<const Execution*> ex;
  double iterations = 0;
  for (const Execution& e : all) {
    if (e.iterations < opts.min_iterations || ex.size() >= opts.max_executions) continue;
    ex.push_back(&e);
    iterations += static_cast<double>(e.iterations);
  }
  r.analysed = static_cast<int64_t>(ex.size());
  r.iterations_per_execution = ex.empty() ? 0 : iterations / static_cast<double>(ex.size());
  const std::string overflow =
      trace.overflow ? " (the recorder overflowed; judged on the first events)" : "";
  if (ex.size() < static_cast<size_t>(std::max(2, opts.min_iterations))) {
    r.summary = absl::StrFormat(
        "read oracle not applicable: %s ran %d execution(s), %d of them with >= %d iterations "
        "(%d such executions needed) at n = %d%s",
        loop, r.executions, r.analysed, opts.min_iterations, std::max(2, opts.min_iterations), n,
        overflow);
    return r;
  }
  std::vector<SiteScore> scores;
  for (size_t s = 0; s < sites; ++s) scores.push_back(ScoreSite(ex, s, opts));
  const bool any_varying =
      std::any_of(scores.begin(), scores.end(), [](const SiteScore& s) { return s.varying; });
  const SiteScore* best = nullptr;
  for (const SiteScore& s : scores) {
    if (!s.any || (any_varying && !s.varying)) continue;
    if (best == nullptr || s.repeated > best->repeated ||
        (s.repeated == best->repeated && s.mean_reads > best->mean_reads)) {
      best = &s;
    }
  }
  if (best == nullptr) {
    r.summary = absl::StrFormat(
        "read oracle not applicable: %s reads no field or array element (n = %d)", loop, n);
    return r;
  }
  r.applicable = true;
  r.site = best->site < site_names.size() ? site_names[best->site]
                                          : "site " + std::to_string(best->site);
  r.repeated = best->repeated;
  r.repeated_fraction = static_cast<double>(best->repeated) / static_cast<double>(ex.size() - 1);
  r.reads_per_execution = best->mean_reads;
  r.similar = r.repeated_fraction >= opts.repeated_fraction;
  const int64_t later = static_cast<int64_t>(ex.size()) - 1;
  if (r.similar) {
    r.summary = absl::StrFormat(
        "reads repeat: %s re-reads a similar sequence of %s values (%s) in %d of %d later "
        "executions (n = %d, %s iterations per execution)%s",
        loop, Num(r.reads_per_execution), r.site, r.repeated, later, n,
        Num(r.iterations_per_execution), overflow);
  } else {
    r.summary = absl::StrFormat(
        "reads differ: in %s only %d of %d later executions repeat an earlier one's reads "
        "(%s; n = %d, %s iterations per execution)%s",
        loop, r.repeated, later, r.site, n, Num(r.iterations_per_execution), overflow);
  }
  return r;
}

}  // namespace jtg::perf
