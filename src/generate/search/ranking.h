// Ranking of a population for MOSA/DynaMOSA (Panichella, Kifetew & Tonella, "Reformulating
// branch coverage as a many-objective optimization problem", ICST 2015, §III-B; and TSE 2018,
// Algorithm 3). Pure functions over a fitness matrix so they can be tested on synthetic data.
//
// Shapes: `fitness[i][g]` is the fitness of individual i on current target g (lower is better,
// 0 = covered); every row has the same number of columns. `length[i]` is the secondary
// criterion (test length, or the aDynaMOSA performance score): lower is better.
#pragma once

#include <cstdint>
#include <vector>

#include "generate/rng.h"

namespace jtg::generate {

using FitnessMatrix = std::vector<std::vector<double>>;

// x dominates y: no worse on every target and strictly better on at least one.
bool Dominates(const std::vector<double>& x, const std::vector<double>& y);

// Preference sorting (TSE 2018 Alg. 3): front 0 holds, for every target, the individual with
// the lowest fitness on it (ties: lower `secondary`, then a coin flip with `rng`), as a set.
// The rest are peeled into non-dominated fronts until at least `population_size` individuals
// are ranked; any remainder forms one last front. Returns fronts of individual indices.
std::vector<std::vector<int>> PreferenceSort(const FitnessMatrix& fitness,
                                             const std::vector<double>& secondary,
                                             size_t population_size, Rng& rng);

// Diversity scores for one front (higher is better).
// Subvector-dominance assignment (Köppen & Yoshida 2007), as the MOSA paper describes:
// score(p) = min over q != p of the number of targets where p is strictly better than q;
// a single-member front scores +infinity.
std::vector<double> SubvectorDominance(const FitnessMatrix& fitness, const std::vector<int>& front);
// Fast epsilon-dominance assignment, as EvoSuite's DynaMOSA implements it: for each target
// whose values differ in the front, the members with the lowest value get
// max(score, (|front| - |best|) / |front|).
std::vector<double> EpsilonDominance(const FitnessMatrix& fitness, const std::vector<int>& front);

}  // namespace jtg::generate
