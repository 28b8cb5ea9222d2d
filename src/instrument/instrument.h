// Bytecode instrumenter: inserts coverage probes and runtime guards into a class.
// Two probe styles (Options::probe_style): the engine's calls into jtestgen.rt.Probes,
// described below, and the coverage agent's stores into a per-class boolean array
// (array_probes.h), which add a field, a static initializer and landing pads.
//
// What is inserted (all stack-neutral, no new branches, so StackMapTable frames only need
// their offsets relocated; max_stack grows by at most 4):
//   - block probe:       sipush/ldc id; invokestatic jtestgen/rt/Probes.hit(I)V
//                        (ids <= 32767 use sipush, larger ones ldc_w of an Integer;
//                        Probes.hitOwner(I)V with Options::owner_blocks_only)
//   - conditional jump:  dup|dup2; sipush opcode; sipush/ldc id;
//                        invokestatic Probes.if1(III)V | if2(IIII)V |
//                        ifNull(Ljava/lang/Object;II)V | ifAcmp(...)V  before the jump
//   - switch:            dup; sipush/ldc switch_id; invokestatic Probes.sw(II)V
//   - backward jump:     invokestatic Probes.loop()V before it (iteration/time budget)
//   - lcmp/fcmpl/fcmpg/dcmpl/dcmpg: replaced by invokestatic Probes.<same name> (1 -> 3 bytes)
//                        which returns the JVM's result and keeps the operand difference for
//                        the branch distance of the jump that follows
//   Conditional probes also record the branch distance (K = 1) of the outcome not taken.
//   - with Options::mutation: iadd..drem, ishl..lxor replaced by
//                        sipush/ldc_w site id; invokestatic jtestgen/rt/WeakMutation.<same>
//                        (e.g. iadd(III)I, lshl(JII)J), same result, logs infected mutants;
//                        PIT's sites (pit_emit.h), and calls of void methods replaced by
//                        calls of helpers the class gains (void_calls.h; the only methods
//                        added in this style, after every method, with no goals)
//   - System.exit(I)V -> Probes.exit(I)V; Runtime.exit/halt(I)V ->
//                        Probes.runtimeExit(Ljava/lang/Runtime;I)V (same length, rewritten
//                        in place)
// Relocation: branch offsets, switch padding, exception table, LineNumberTable,
// LocalVariable(Type)Table, StackMapTable (including uninitialized(offset) entries) are
// fixed up; goto becomes goto_w when an offset passes 32767; a method whose conditional
// jump would overflow, or whose code would pass 65535 bytes, is left unchanged with a reason
// in its MethodPlan (fail open per method; its goals are cleared, and only the in-place
// exit rewrite, which moves no code, is still applied). RuntimeVisible/InvisibleTypeAnnotations
// inside Code are dropped (their offsets are not relocated).
//
// Abstract and native methods have no code and no goals. Synthetic/bridge methods are
// instrumented (for the runtime guards) but flagged in MethodPlan::access so reports can
// filter them as JaCoCo does.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "classfile/class_file.h"
#include "common/status.h"
#include "instrument/plan.h"

namespace jtg::instrument {

// How probes record. kCalls: calls into jtestgen.rt.Probes (the engine's probes, above).
// kArray: `jtestgen cover`'s probes, stores into a per-class boolean array (array_probes.h):
// block and branch-outcome probes only; loop guards, exit rewriting, mutation and
// owner_blocks_only are ignored (treated as off).
enum class ProbeStyle : uint8_t { kCalls, kArray };

// The options of array probes (ProbeStyle::kArray); the call style ignores them.
struct ArrayProbeOptions {
  // removed[slot] true = leave that probe out (ddst: its goal is already covered). Shorter
  // than the slot count, or nullptr: the missing slots keep their probes. The class's
  // fields, methods and plan are the same whatever is removed. Not owned; must outlive the
  // instrumentation call.
  const std::vector<bool>* removed = nullptr;
  // Classes (not interfaces): false = no method gets the `$jtgInit` prologue
  // (array_probes.h), for re-instrumenting a class whose $jtgProbes array is known to
  // exist already (the field is never reset, so every probe's getstatic sees it). The
  // static initializer keeps its prefix either way.
  bool prologue = true;
  // Classes (not interfaces): every probe of every method but <clinit> is guarded by its
  // slot's flag, a `static final boolean $jtgP<slot>` that the agent sets once the slot is
  // covered (mode fold, agent/probe_policy.h): inline, as a fold guard (fold_guards.h), or
  // in a method near HotSpot's huge-method limit or with code whose verifier state is
  // unknown, as a compact probe whose `$jtgP<slot>()` tests the flag (array_probes.h). The
  // JIT folds a static final of an initialized class to its value at compile time, so code
  // compiled after the flag was set has no probe left for that slot, and no class is
  // retransformed. Off: not one byte differs.
  bool fold_flags = false;
  // With fold_flags: per method, in class-file order (= ClassPlan::methods), whether its
  // probes are flag-guarded; the others keep plain probes (compact ones, where a huge method
  // needs them, test a flag too). nullptr: every method. For hst's profiled hot methods
  // (agent_options.h hst_fold). Not owned, as `removed`.
  const std::vector<bool>* fold_methods = nullptr;
  // Classes: `$jtgProbes` is `static final` and the static initializer creates it
  // unconditionally (`newarray; putstatic`, as in an interface); $jtgInit only reads it.
  // C2 folds a static final of an initialized class to a constant, so a probe compiles to
  // one byte store to a constant address (no field load, null or range check). No method
  // but <clinit> may putstatic the field: HotSpot stops trusting a final field that any
  // other method of the class writes (even one never run). For the agent, which creates the
  // array at ClassPrepare and takes the initializer's array over (agent/agent_state.h):
  // without it, a method run before the static initializer (an initialization cycle) finds
  // the field null. Every version of a class must agree (field modifiers cannot change).
  bool final_array = false;
};

struct Options {
  bool coverage = true;      // block, branch and switch probes
  bool loop_guards = true;   // Probes.loop() before backward jumps
  bool exit_rewrite = true;  // System.exit / Runtime.exit / Runtime.halt
  // Weak mutation sites (plan.h MutationSite): every iadd..drem, ishl..lxor replaced by
  // `sipush/ldc_w site id; invokestatic jtestgen/rt/WeakMutation.<mnemonic>` (1 -> 6 or 7
  // bytes, +1 stack word), which returns the instruction's result. Off: not one byte differs
  // from the instrumentation without it. Control deps of the sites need `coverage`.
  bool mutation = false;
  // Counting-only probes for code that the JVM's own threads share (whitelisted JDK classes
  // instrumented by `jtestgen perf`, see jvm/coverage_transformer.h): with `coverage`, only
  // block probes, and they call Probes.hitOwner(I)V, which counts a hit only on the thread
  // running the current execution (between Probes.begin and Probes.drain). No branch,
  // switch or comparison probes, no control dependences (BlockGoal::control_deps empty).
  // Meant with loop_guards, exit_rewrite and mutation off. Off: nothing changes.
  bool owner_blocks_only = false;
  ProbeStyle probe_style = ProbeStyle::kCalls;
  ArrayProbeOptions array{};  // kArray only
};

struct Result {
  std::vector<uint8_t> bytes;  // the instrumented class file
  ClassPlan plan;
};

// Instruments `cls` in place and serializes it. Errors: only for a class that cannot be
// written back at all (constant pool overflow); per-method problems are reported in the plan.
// kArray adds FailedPrecondition for a class that cannot hold the probe array (a module,
// or a static initializer that jumps back to its first instruction or cannot be rewritten);
// `ids` must then be fresh (one IdAllocator per class: slot = goal id - 1).
StatusOr<Result> InstrumentClass(classfile::ClassFile& cls, const Options& options,
                                 IdAllocator& ids);

// Convenience: parse + instrument. `what` names the class in errors.
StatusOr<Result> InstrumentBytes(std::span<const uint8_t> bytes, std::string_view what,
                                 const Options& options, IdAllocator& ids);

}  // namespace jtg::instrument
