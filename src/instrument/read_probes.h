// Read probes for the redundancy oracle of `jtestgen perf` (perf/read_oracle.h): one loop of
// one method is rewritten so that jtestgen/rt/Reads records, per execution and iteration of
// the loop, the values its body reads. Toddler's instrumentation (Nistor, Song, Marinov, Lu,
// "Toddler: Detecting Performance Problems via Similar Memory-Access Patterns", ICSE 2013, as
// WhiteSyn uses it), restricted to one loop: the oracle asks about the
// inner loop of a nested pair only, and reads in its callees are not recorded.
//
// What is inserted (stack-neutral and branch-free like every probe, instrument.h, so the
// StackMapTable frames only move; max_stack grows by at most 3):
//   - at the label of the header's first instruction (every path into the header, from
//     outside or over a back edge): invokestatic Reads.head()V;
//   - per back edge (the last instruction of each tail block):
//       goto/goto_w                  at its label:   invokestatic Reads.back()V
//       conditional, taken -> header at its label:   Reads.back()V;
//                                    on fall-through: Reads.noBack()V
//       falls through into header    after it:       Reads.back()V
//     so Reads.head() tells a new iteration (back edge just taken) from a new execution;
//   - after every getfield, getstatic, iaload, laload, faload, daload, aaload, baload,
//     caload, saload in the loop's body blocks (nested loops included), on its fall-through:
//       dup | dup2; sipush site; invokestatic Reads.i(II)V | j(JI)V | f(FI)V | d(DI)V |
//       a(Ljava/lang/Object;I)V   (by the value's type; boolean/byte/char/short as int)
// Site ids are 0, 1, ... in offset order (at most 32767 sites). Nothing else changes: the
// rest of the class is as given (the caller starts from the original class bytes; see
// perf/read_oracle.h for how the rewritten class is swapped in for one run).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace jtg::instrument {

inline constexpr char kReadsClass[] = "jtestgen/rt/Reads";

struct LoopReadTarget {
  std::string method_name, method_desc;  // "indexOfRange", "(Ljava/lang/Object;II)I"
  uint32_t header_offset = 0;            // first instruction of the loop header (original)
};

struct ReadSite {
  int32_t id = 0;       // the site id Reads logs
  uint32_t offset = 0;  // original offset of the read instruction
  uint16_t line = 0;    // its source line, 0 if unknown
  uint8_t opcode = 0;
  // "elementData" style description: getfield/getstatic "a/b/C.name:desc"; array loads the
  // element type, e.g. "Object[] element", "int[] element".
  std::string what;
};

struct LoopReads {
  std::vector<uint8_t> bytes;   // the rewritten class file
  std::vector<ReadSite> sites;  // in offset order, id == index
  uint16_t loop_line = 0;       // source line of the loop header, 0 if unknown
  int tails = 0;                // back edges probed
};

// Rewrites the loop of `target` in `class_bytes` (parsed with `what` naming it in errors).
// Errors: DataLoss from parsing or decoding; NotFound when the method or a loop with that
// header is missing (or the method has no code); Unimplemented for a loop with a switch or
// jsr back edge; ResourceExhausted when the code would overflow (jump offsets, 65535 bytes,
// max_stack, the constant pool, more than 32767 sites).
StatusOr<LoopReads> InstrumentLoopReads(std::span<const uint8_t> class_bytes, std::string_view what,
                                        const LoopReadTarget& target);

}  // namespace jtg::instrument
