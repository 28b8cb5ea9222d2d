// Toddler's similarity judgement on the reads of one loop (Nistor, Song, Marinov, Lu,
// "Toddler: Detecting Performance Problems via Similar Memory-Access Patterns", ICSE 2013;
// as WhiteSyn and Glider apply it). Pure functions over a recorded trace
// (perf/read_oracle.h records it with instrument/read_probes.h and jtestgen/rt/Reads).
//
// Model: the trace is the inner loop's events during one call: a new execution (the header
// entered from outside; in a nested pair, once per outer iteration), a new iteration (the
// header reached over a back edge), and reads (site, value). Per execution and per read site
// (Toddler's IPC, without the call stack: only the loop's own method is probed), the values
// read form a sequence.
//
// Judgement (defaults follow WhiteSyn's use of Toddler; the exact thresholds of the paper
// are not given there, so these are jtestgen's, all configurable):
//   1. executions with fewer than min_iterations (7) completed iterations are not analysed;
//      fewer than min_iterations analysed executions (the outer loop ran < 7 times with a
//      long enough inner loop): not applicable;
//   2. per site, an analysed execution k > 0 *repeats* when its sequence equals the
//      sequence of any earlier analysed execution, or is similar to one of the `window`
//      executions just before it: LCS(a, b) / max(|a|, |b|) >= sequence_similarity (0.7),
//      over the first max_compared values of each (longest common subsequence, so a
//      sequence one element longer or shorter, as a triangular loop reads, still repeats);
//   3. sites whose value is constant within every execution (a loop bound read from a
//      field, the array reference itself) carry no traversal and are judged only when no
//      other site exists; of the rest, the site with the highest fraction of repeating
//      executions is reported, and the loop is similar when that fraction, repeated /
//      (analysed - 1), is >= repeated_fraction (0.5). At most max_executions analysed
//      executions are compared (the first ones).
// A trace that overflowed the recorder is judged on what was kept, and says so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "perf/finding.h"

namespace jtg::perf {

struct ReadEvent {
  static constexpr int32_t kNewExecution = -1;
  static constexpr int32_t kNewIteration = -2;
  int32_t tag = kNewExecution;  // >= 0: a read at that site id
  int64_t value = 0;            // the value read (references: identity hash; 0 = null)
};

struct ReadTrace {
  std::vector<ReadEvent> events;
  bool overflow = false;  // the recorder dropped events past its limit
};

struct SimilarityOptions {
  int min_iterations = 7;            // per analysed execution, and analysed executions needed
  double sequence_similarity = 0.7;  // LCS / longer length for two sequences to be similar
  double repeated_fraction = 0.5;    // repeating executions needed for "similar"
  int window = 4;                    // earlier executions compared by LCS (equality: all)
  size_t max_compared = 512;         // leading values of a sequence compared by LCS
  size_t max_executions = 256;       // analysed executions compared
};

// LCS(a, b) / max(|a|, |b|) over the first `max_compared` values of each; 1 for two empty
// sequences. O(|a| * |b|) time, O(|b|) space.
double SequenceSimilarity(std::span<const int64_t> a, std::span<const int64_t> b,
                          size_t max_compared = 512);

// Judges a trace. `site_names[id]` describes read site id (e.g. "Object[] element, line 306";
// missing ids are named "site <id>"); `loop` names the loop in the summary ("the inner loop
// at java.util.ArrayList.indexOfRange line 305"); `n` is copied into the result. Never fails:
// a trace that cannot be judged gives applicable = false with the reason in `summary`.
ReadRedundancy JudgeReads(const ReadTrace& trace, const std::vector<std::string>& site_names,
                          const std::string& loop, int n, const SimilarityOptions& opts = {});

}  // namespace jtg::perf
