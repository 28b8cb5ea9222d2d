#include "generate/search/ranking.h"

#include <algorithm>
#include <limits>

namespace jtg::generate {

bool Dominates(const std::vector<double>& x, const std::vector<double>& y) {
  bool strictly = false;
  for (size_t g = 0; g < x.size(); ++g) {
    if (x[g] > y[g]) return false;
    if (x[g] < y[g]) strictly = true;
  }
  return strictly;
}

std::vector<std::vector<int>> PreferenceSort(const FitnessMatrix& fitness,
                                             const std::vector<double>& secondary,
                                             size_t population_size, Rng& rng) {
  const size_t n = fitness.size();
  std::vector<std::vector<int>> fronts;
  if (n == 0) return fronts;
  const size_t targets = fitness[0].size();
  std::vector<bool> ranked(n, false);
  std::vector<int> front0;
  for (size_t g = 0; g < targets; ++g) {
    int best = -1;
    for (size_t i = 0; i < n; ++i) {
      if (best < 0) {
        best = static_cast<int>(i);
        continue;
      }
      double a = fitness[i][g], b = fitness[static_cast<size_t>(best)][g];
      if (a < b) {
        best = static_cast<int>(i);
      } else if (a == b) {
        double sa = secondary[i], sb = secondary[static_cast<size_t>(best)];
        if (sa < sb || (sa == sb && rng.Chance(0.5))) best = static_cast<int>(i);
      }
    }
    if (!ranked[static_cast<size_t>(best)]) {
      ranked[static_cast<size_t>(best)] = true;
      front0.push_back(best);
    }
  }
  std::sort(front0.begin(), front0.end());
  size_t count = front0.size();
  fronts.push_back(std::move(front0));
  if (count >= population_size) {
    std::vector<int> rest;
    for (size_t i = 0; i < n; ++i) {
      if (!ranked[i]) rest.push_back(static_cast<int>(i));
    }
    if (!rest.empty()) fronts.push_back(std::move(rest));
    return fronts;
  }
  // Non-dominated fronts of the remaining individuals, until enough are ranked.
  while (count < population_size && count < n) {
    std::vector<int> front;
    for (size_t i = 0; i < n; ++i) {
      if (ranked[i]) continue;
      bool dominated = false;
      for (size_t j = 0; j < n && !dominated; ++j) {
        if (j != i && !ranked[j] && Dominates(fitness[j], fitness[i])) dominated = true;
      }
      if (!dominated) front.push_back(static_cast<int>(i));
    }
    if (front.empty()) break;  // cannot happen with a strict partial order; be safe
    for (int i : front) ranked[static_cast<size_t>(i)] = true;
    count += front.size();
    fronts.push_back(std::move(front));
  }
  std::vector<int> rest;
  for (size_t i = 0; i < n; ++i) {
    if (!ranked[i]) rest.push_back(static_cast<int>(i));
  }
  if (!rest.empty()) fronts.push_back(std::move(rest));
  return fronts;
}

std::vector<double> SubvectorDominance(const FitnessMatrix& fitness,
                                       const std::vector<int>& front) {
  std::vector<double> score(front.size(), std::numeric_limits<double>::infinity());
  if (front.size() <= 1) return score;
  for (size_t a = 0; a < front.size(); ++a) {
    const auto& p = fitness[static_cast<size_t>(front[a])];
    double best = std::numeric_limits<double>::infinity();
    for (size_t b = 0; b < front.size(); ++b) {
      if (a == b) continue;
      const auto& q = fitness[static_cast<size_t>(front[b])];
      int better = 0;
      for (size_t g = 0; g < p.size(); ++g) better += p[g] < q[g] ? 1 : 0;
      best = std::min(best, static_cast<double>(better));
    }
    score[a] = best;
  }
  return score;
}

std::vector<double> EpsilonDominance(const FitnessMatrix& fitness, const std::vector<int>& front) {
  std::vector<double> score(front.size(), 0.0);
  if (front.empty()) return score;
  const size_t targets = fitness[static_cast<size_t>(front[0])].size();
  const double size = static_cast<double>(front.size());
  for (size_t g = 0; g < targets; ++g) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int i : front) {
      lo = std::min(lo, fitness[static_cast<size_t>(i)][g]);
      hi = std::max(hi, fitness[static_cast<size_t>(i)][g]);
    }
    if (lo == hi) continue;
    size_t n_best = 0;
    for (int i : front) n_best += fitness[static_cast<size_t>(i)][g] == lo ? 1 : 0;
    double value = (size - static_cast<double>(n_best)) / size;
    for (size_t k = 0; k < front.size(); ++k) {
      if (fitness[static_cast<size_t>(front[k])][g] == lo) score[k] = std::max(score[k], value);
    }
  }
  return score;
}

}  // namespace jtg::generate
