#include "perf/loop_fitness.h"

#include <algorithm>

namespace jtg::perf {

double PathFitness(int64_t missed_blocks, int64_t path_blocks) {
  if (path_blocks <= 0) return 0;
  return static_cast<double>(std::clamp<int64_t>(missed_blocks, 0, path_blocks)) /
         static_cast<double>(path_blocks);
}

double SingleLoopFitness(double iterations, double mu) {
  if (mu <= 0) return 0;
  return (mu - std::min(std::max(iterations, 0.0), mu)) / mu;
}

double DoubleLoopFitness(double outer, double inner, double mu) {
  if (mu <= 0) return 0;
  double o = std::min(std::max(outer, 0.0), mu), i = std::min(std::max(inner, 0.0), mu);
  double full = mu + mu * mu;
  return (full - (o + mu * i)) / full;
}

double CombinedFitness(double rho, double eta, double mu) {
  if (mu <= 1) return rho;
  if (rho > 0) return kPathWeight * rho + (1 - kPathWeight);
  return (1 - kPathWeight) * eta;
}

}  // namespace jtg::perf
