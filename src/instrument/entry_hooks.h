// Entry hooks: a call inserted at the start of chosen methods, passing some of the method's
// arguments to a static hook. jtestgen uses them on JDK classes (jvm/jdk_guards.h) to see
// every exit, file mutation, process start and socket of the code under test, whatever
// path it took (reflection, method handles, other threads, the JDK's own callers).
//
// What is inserted, at the label of each listed method's first instruction:
//     [bipush kind]  xload slot ...  invokestatic hook
// Nothing branches and the operand stack is as before afterwards, so StackMapTable frames
// only move (code_layout.h, relocate_tables.h); max_stack grows by the words pushed. A jump
// back to offset 0 runs the hook again (none of the hooked JDK methods has one).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.h"

namespace jtg::instrument {

struct EntryHook {
  // The method to hook, e.g. "delete", "()Z". Only the parameter part of the descriptor is
  // compared: a hook reads arguments, and JDKs change return types (JDK 25's
  // UnixNativeDispatcher.access returns an errno where JDK 17's throws).
  std::string method_name, method_desc;
  std::string hook_owner, hook_name, hook_desc;  // a static method; its parameters must
                                                 // match what is pushed, in order
  int kind = -1;                                 // >= 0 (and < 128): pushed first, with bipush
  // Local slots to load, with their type: 'I' (iload), 'J' (lload), 'A' (aload); 'N' pushes
  // null (the slot is ignored). Slot 0 of an instance method is `this`.
  std::vector<std::pair<char, uint16_t>> loads;
  // A method only some JDKs have (JDK 17's UnixNativeDispatcher.utimes, JDK 25's
  // utimensat): skipped when the class has none.
  bool optional = false;
};

// Returns the class with every listed method hooked. Errors: NotFound naming the class and
// the method when one that is not optional has no code (absent, abstract or native); DataLoss for
// an unreadable class; ResourceExhausted when a method would grow past the JVM's limits. Pure
// function; thread-safe.
StatusOr<std::vector<uint8_t>> InsertEntryHooks(std::span<const uint8_t> class_bytes,
                                                std::string_view what,
                                                const std::vector<EntryHook>& hooks);

}  // namespace jtg::instrument
