// WhiteSyn's fitness for loop goals (Linggi, "WhiteSyn: a fully automatic test generation
// tool for performance bugs", MSc thesis, ETH Zurich, 2018; Luo et al.), all
// parts in [0, 1], 0 optimal:
//   path fitness      rho = fraction of the optimal path's blocks the test never visited;
//   iteration fitness eta, single loop  = (mu - min(n, mu)) / mu   (the corrected formula),
//                          double loop  = [(mu + mu^2) - (min(o, mu) + mu * min(i, mu))] / (mu +
//                          mu^2);
//   combined (gated)  phi = rho                      if mu == 1,
//                         = w * rho + (1 - w)        if rho > 0,
//                         = (1 - w) * eta            otherwise, with w = 0.25.
// Pure functions.
#pragma once

#include <cstdint>

namespace jtg::perf {

inline constexpr double kPathWeight = 0.25;

double PathFitness(int64_t missed_blocks, int64_t path_blocks);
double SingleLoopFitness(double iterations, double mu);
double DoubleLoopFitness(double outer, double inner, double mu);
double CombinedFitness(double rho, double eta, double mu);

}  // namespace jtg::perf
