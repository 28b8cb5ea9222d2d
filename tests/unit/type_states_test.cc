// The verifier's type states before every instruction (instrument/type_states.h) and the
// stack map frame encoding round trip (frame_state.h ExpandFrames / CompressFrames), on the
// cover fixture built for them (cover.Frames) and on all of commons-lang3.
#include "instrument/type_states.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>

#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "instrument/frame_state.h"
#include "instrument_test_util.h"

namespace jtg::instrument {
namespace {

namespace fs = std::filesystem;
using classfile::VerificationType;

struct Method {
  std::string name;
  std::vector<classfile::Insn> insns;
  std::vector<std::optional<FrameState>> states;
};

// StatesBefore of every method of `cls` that has code.
std::vector<Method> States(classfile::ClassFile& cls) {
  std::vector<Method> out;
  for (const classfile::MethodInfo& m : cls.methods) {
    if (!m.code) continue;
    Method r;
    r.name = std::string(cls.MethodName(m)) + std::string(cls.MethodDescriptor(m));
    auto insns = classfile::DecodeCode(m.code->code);
    EXPECT_TRUE(insns.ok()) << r.name;
    if (!insns.ok()) continue;
    r.insns = *insns;
    auto st = StatesBefore(*m.code, r.insns, cls.Name(), cls.MethodName(m), cls.MethodDescriptor(m),
                           (m.access & classfile::kAccStatic) != 0, cls.cp);
    EXPECT_TRUE(st.ok()) << r.name << ": " << st.status();
    if (st.ok()) r.states = std::move(*st);
    out.push_back(std::move(r));
  }
  return out;
}

classfile::ClassFile Frames() {
  auto parsed = classfile::Parse(
      testutil::ReadBytes(fs::path(JTG_COVER_FIXTURES_DIR) / "cover/Frames.class"), "Frames");
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return std::move(parsed->cls);
}

const Method& Named(const std::vector<Method>& ms, std::string_view name_desc) {
  for (const Method& m : ms) {
    if (m.name == name_desc) return m;
  }
  ADD_FAILURE() << "no method " << name_desc;
  static const Method kNone;
  return kNone;
}

int Count(const std::vector<VerificationType>& list, uint8_t tag) {
  return static_cast<int>(std::count_if(list.begin(), list.end(),
                                        [&](const VerificationType& v) { return v.tag == tag; }));
}

TEST(TypeStatesTest, EveryInstructionOfJavacCodeHasAState) {
  classfile::ClassFile cls = Frames();
  for (const Method& m : States(cls)) {
    ASSERT_EQ(m.states.size(), m.insns.size()) << m.name;
    for (size_t i = 0; i < m.states.size(); ++i) {
      EXPECT_TRUE(m.states[i].has_value()) << m.name << " insn " << i;
    }
  }
}

TEST(TypeStatesTest, NewPushesUninitializedUntilItsConstructorRuns) {
  classfile::ClassFile cls = Frames();
  const auto ms = States(cls);
  const Method& pair = Named(ms, "pair(ZI)Lcover/Frames;");
  size_t most = 0;  // distinct uninitialized objects on one stack
  for (const auto& s : pair.states) {
    std::set<uint16_t> news;
    for (const VerificationType& v : s->stack) {
      if (v.tag == VerificationType::kUninitialized) news.insert(v.data);
    }
    most = std::max(most, news.size());
  }
  EXPECT_EQ(most, 2u);  // new Frames(..., new StringBuilder(...))
  // After the last instruction's state (areturn), the result is an initialized Frames.
  const FrameState& last = *pair.states.back();
  ASSERT_EQ(last.stack.size(), 1u);
  EXPECT_EQ(last.stack[0].tag, VerificationType::kObject);
  EXPECT_EQ(*cls.cp.ClassName(last.stack[0].data), "cover/Frames");
  // Each uninitialized entry names a `new` instruction.
  for (const auto& s : pair.states) {
    for (const VerificationType& v : s->stack) {
      if (v.tag != VerificationType::kUninitialized) continue;
      bool is_new = false;
      for (const auto& in : pair.insns)
        is_new |= in.offset == v.data && in.opcode == classfile::op::kNew;
      EXPECT_TRUE(is_new) << v.data;
    }
  }
}

TEST(TypeStatesTest, ThisIsUninitializedUntilTheOtherConstructorRuns) {
  classfile::ClassFile cls = Frames();
  const auto ms = States(cls);
  const Method& ctor = Named(ms, "<init>(I)V");
  EXPECT_EQ(ctor.states.front()->locals[0].tag, VerificationType::kUninitializedThis);
  EXPECT_EQ(ctor.states.back()->locals[0].tag, VerificationType::kObject);  // at `return`
  int uninit_this_on_stack = 0;
  for (const auto& s : ctor.states)
    uninit_this_on_stack += Count(s->stack, VerificationType::kUninitializedThis) > 0;
  EXPECT_GT(uninit_this_on_stack, 3);  // `this` stays below the branching arguments
}

TEST(TypeStatesTest, StoringIntoHalfOfALongMakesTheOtherHalfTop) {
  classfile::ClassFile cls = Frames();
  const auto ms = States(cls);
  const Method& wide = Named(ms, "wide(JI)D");
  // Some state has a long local followed later by its first half turned Top while a later
  // local holds an int: count states whose locals hold a Top between two non-Top entries.
  bool saw_long = false, saw_hole = false;
  for (const auto& s : wide.states) {
    const auto& l = s->locals;
    saw_long |= Count(l, VerificationType::kLong) >= 2;  // a and b (and t)
    for (size_t i = 1; i + 1 < l.size(); ++i) {
      saw_hole |= l[i].tag == VerificationType::kTop &&
                  l[i + 1].tag == VerificationType::kInteger &&
                  l[i - 1].tag == VerificationType::kDouble;  // ..., d, [t's first half], y
    }
  }
  EXPECT_TRUE(saw_long);
  EXPECT_TRUE(saw_hole);
}

TEST(TypeStatesTest, ArrayComponentsFollowTheArrayType) {
  classfile::ClassFile cls = Frames();
  const auto ms = States(cls);
  const Method& grid = Named(ms, "grid([[Ljava/lang/String;[Ljava/lang/Object;)I");
  std::set<std::string> stack_types;
  for (const auto& s : grid.states) {
    for (const VerificationType& v : s->stack) {
      if (v.tag == VerificationType::kObject)
        stack_types.insert(std::string(*cls.cp.ClassName(v.data)));
    }
  }
  EXPECT_TRUE(stack_types.count("[Ljava/lang/String;")) << "aaload of a String[][]";
  EXPECT_TRUE(stack_types.count("java/lang/String"));
  EXPECT_TRUE(stack_types.count("java/lang/Object")) << "aaload of an Object[]";
}

// Against javac's frames: at every jump whose target has a frame, the state before the
// jump (less the jump's operands) has the target frame's stack depth, the same tags on the
// stack (a reference may be null) and the same primitive locals wherever the frame has one.
void CheckAgainstFrames(classfile::ClassFile& cls, int& methods, int& checked) {
  for (const classfile::MethodInfo& mi : cls.methods) {
    if (!mi.code || !mi.code->has_stack_map) continue;
    auto insns = classfile::DecodeCode(mi.code->code);
    ASSERT_TRUE(insns.ok());
    const std::string what = std::string(cls.Name()) + "." + std::string(cls.MethodName(mi));
    auto st =
        StatesBefore(*mi.code, *insns, cls.Name(), cls.MethodName(mi), cls.MethodDescriptor(mi),
                     (mi.access & classfile::kAccStatic) != 0, cls.cp);
    ASSERT_TRUE(st.ok()) << what << ": " << st.status();
    auto initial = InitialState(cls.Name(), cls.MethodName(mi), cls.MethodDescriptor(mi),
                                (mi.access & classfile::kAccStatic) != 0, cls.cp);
    ASSERT_TRUE(initial.ok());
    auto frames = ExpandFrames(*mi.code, *initial);
    ASSERT_TRUE(frames.ok());
    ++methods;
    auto slots = [](const std::vector<VerificationType>& locals) {  // frame form -> slots
      std::vector<VerificationType> out;
      for (const VerificationType& v : locals) {
        out.push_back(v);
        if (v.tag == VerificationType::kLong || v.tag == VerificationType::kDouble)
          out.push_back({});
      }
      return out;
    };
    for (size_t i = 0; i < insns->size(); ++i) {
      const classfile::Insn& in = (*insns)[i];
      if (in.kind != classfile::InsnKind::kGoto && in.kind != classfile::InsnKind::kConditional)
        continue;
      ASSERT_TRUE((*st)[i].has_value()) << what << " @" << in.offset;
      FrameState before = *(*st)[i];
      if (in.kind == classfile::InsnKind::kConditional) {
        const bool two =
            in.opcode >= classfile::op::kIfIcmpeq && in.opcode <= classfile::op::kIfAcmpne;
        ASSERT_GE(before.stack.size(), two ? 2u : 1u) << what << " @" << in.offset;
        before.stack.resize(before.stack.size() - (two ? 2 : 1));
      }
      auto target = std::find_if(frames->begin(), frames->end(),
                                 [&](const auto& f) { return f.first == in.targets[0]; });
      ASSERT_NE(target, frames->end()) << what << " @" << in.offset;
      const FrameState& frame = target->second;
      ASSERT_EQ(before.stack.size(), frame.stack.size()) << what << " @" << in.offset;
      for (size_t k = 0; k < frame.stack.size(); ++k) {
        const uint8_t got = before.stack[k].tag, want = frame.stack[k].tag;
        EXPECT_TRUE(got == want ||
                    (got == VerificationType::kNull && want == VerificationType::kObject))
            << what << " @" << in.offset << " stack " << k;
      }
      const auto have = slots(before.locals), need = slots(frame.locals);
      for (size_t k = 0; k < need.size(); ++k) {
        const uint8_t want = need[k].tag;
        if (want != VerificationType::kInteger && want != VerificationType::kFloat &&
            want != VerificationType::kLong && want != VerificationType::kDouble) {
          continue;
        }
        ASSERT_LT(k, have.size()) << what << " @" << in.offset;
        EXPECT_EQ(have[k].tag, want) << what << " @" << in.offset << " local " << k;
      }
      ++checked;
    }
    // Compressing the expanded frames and expanding again gives the same states.
    classfile::CodeAttribute copy = *mi.code;
    copy.frames = CompressFrames(*initial, *frames);
    auto again = ExpandFrames(copy, *initial);
    ASSERT_TRUE(again.ok()) << what;
    ASSERT_EQ(again->size(), frames->size()) << what;
    for (size_t f = 0; f < frames->size(); ++f) {
      EXPECT_EQ((*again)[f].first, (*frames)[f].first) << what;
      EXPECT_TRUE((*again)[f].second == (*frames)[f].second) << what << " frame " << f;
    }
  }
}

TEST(TypeStatesTest, CommonsLang3StatesAndFrameRoundTrip) {
  const std::string jar = "/usr/share/java/commons-lang3.jar";
  ASSERT_TRUE(fs::exists(jar));
  testutil::TempDir tmp("typestates");
  std::string log;
  ASSERT_EQ(testutil::Run("cd '" + tmp.path().string() + "' && unzip -q -o '" + jar + "'", &log), 0)
      << log;
  int methods = 0, checked = 0;
  for (const fs::path& rel : testutil::ClassFiles(tmp.path())) {
    auto parsed = classfile::Parse(testutil::ReadBytes(tmp.path() / rel), rel.string());
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    CheckAgainstFrames(parsed->cls, methods, checked);
  }
  std::cout << "[type-states] lang3: " << methods << " methods with frames, " << checked
            << " jumps checked against their target frames\n";
  EXPECT_GT(methods, 1000);
  EXPECT_GT(checked, 5000);
}

}  // namespace
}  // namespace jtg::instrument
