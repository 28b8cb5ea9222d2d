#include "report/class_coverage.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "analysis/cfg.h"
#include "classfile/bytecode.h"
#include "classfile/class_file.h"
#include "classfile/descriptor.h"
#include "classfile/names.h"
#include "instrument/instrument.h"
#include "instrument/probe_plan.h"
#include "report/javac_filters.h"
#include "report/own_insns.h"
#include "report/pattern_filters.h"
#include "report/record_filter.h"

namespace jtg::report {
namespace {

using classfile::ClassFile;
using classfile::MethodInfo;

Counter One(bool covered) { return covered ? Counter{0, 1} : Counter{1, 0}; }

bool Counted(const ClassFile& cls, const MethodInfo& m) {
  const std::string_view name = cls.MethodName(m), desc = cls.MethodDescriptor(m);
  if (!m.code.has_value()) return false;
  if ((m.access & classfile::kAccBridge) != 0) return false;
  if ((m.access & classfile::kAccSynthetic) != 0 && !name.starts_with("lambda$")) return false;
  if (IsRecordGenerated(cls, m)) return false;  // accessors, toString, hashCode, equals
  if ((cls.access & classfile::kAccEnum) != 0 && (m.access & classfile::kAccStatic) != 0) {
    const std::string values = absl::StrCat("()[L", std::string(cls.Name()), ";");
    if (name == "values" && desc == values) return false;
    if (name == "valueOf" &&
        desc == absl::StrCat("(Ljava/lang/String;)L", std::string(cls.Name()), ";")) {
      return false;
    }
  }
  // An enum's constructor that only calls Enum(String, int):
  // aload_0; aload_1; iload_2; invokespecial; return.
  if ((cls.access & classfile::kAccEnum) != 0 && name == "<init>" &&
      desc == "(Ljava/lang/String;I)V") {
    const auto& c = m.code->code;
    if (c.size() == 7 && c[0] == 0x2a && c[1] == 0x2b && c[2] == 0x1c && c[3] == 0xb7 &&
        c[6] == 0xb1) {
      return false;
    }
  }
  // A private empty no-argument constructor: aload_0; invokespecial <init>()V; return.
  if (name == "<init>" && desc == "()V" && (m.access & classfile::kAccPrivate) != 0) {
    const auto& c = m.code->code;
    if (c.size() == 5 && c[0] == 0x2a && c[1] == 0xb7 && c[4] == 0xb1) return false;
  }
  return true;
}

std::string SourceFileOf(const ClassFile& cls) {
  for (const classfile::Attribute& a : cls.attributes) {
    auto name = cls.cp.Utf8(a.name_index);
    if (!name.ok() || *name != "SourceFile" || a.info.size() != 2) continue;
    auto file = cls.cp.Utf8(static_cast<uint16_t>((a.info[0] << 8) | a.info[1]));
    if (file.ok()) return std::string(*file);
  }
  return "";
}

}  // namespace

Counters& Counters::operator+=(const Counters& o) {
  instruction += o.instruction;
  branch += o.branch;
  complexity += o.complexity;
  method += o.method;
  klass += o.klass;
  return *this;
}

Counter LineCounter(const std::map<int, LineCounts>& lines) {
  Counter c;
  for (const auto& [nr, l] : lines) {
    if (l.ci > 0) {
      ++c.covered;
    } else if (l.mi > 0) {
      ++c.missed;
    }
  }
  return c;
}

StatusOr<std::optional<ClassCoverageReport>> AnalyzeClass(std::span<const uint8_t> bytes,
                                                          const std::set<int32_t>& covered,
                                                          int32_t recorded_slots,
                                                          std::span<const uint8_t> defined) {
  JTG_ASSIGN_OR_RETURN(classfile::ParseResult parsed, classfile::Parse(bytes, "class"));
  const ClassFile& cls = parsed.cls;
  // Methods that count, by name + descriptor, decided on the class's own bytes.
  std::set<std::string> counted;
  JTG_ASSIGN_OR_RETURN(classfile::ParseResult own,
                       classfile::Parse(defined.empty() ? bytes : defined, "class"));
  // With another agent's bytes: each counted method's own code, to leave that agent's
  // instructions out of the counts (own_insns.h).
  absl::flat_hash_map<std::string, const classfile::CodeAttribute*> own_code;
  for (const MethodInfo& m : own.cls.methods) {
    if (Counted(own.cls, m)) {
      std::string key = absl::StrCat(std::string(own.cls.MethodName(m)),
                                     std::string(own.cls.MethodDescriptor(m)));
      if (!defined.empty() && m.code.has_value()) own_code[key] = &*m.code;
      counted.insert(std::move(key));
    }
  }
  if ((cls.access & classfile::kAccSynthetic) != 0) return std::nullopt;
  ClassCoverageReport out;
  out.name = std::string(cls.Name());
  out.source_file = SourceFileOf(cls);

  instrument::Options options;
  options.probe_style = instrument::ProbeStyle::kArray;
  instrument::IdAllocator ids;
  auto instrumented = instrument::InstrumentBytes(bytes, out.name, options, ids);
  if (!instrumented.ok()) {
    if (recorded_slots > 0) return instrumented.status();
    return std::nullopt;  // the agent could not instrument it either
  }
  const instrument::ClassPlan& plan = instrumented->plan;
  if (recorded_slots > 0 && plan.probe_slots != recorded_slots) {
    return absl::FailedPreconditionError(
        absl::StrCat(classfile::ToBinary(out.name), ": the probe plan has ", plan.probe_slots,
                     " slots but the agent recorded ", recorded_slots,
                     " (coverage written by another jtestgen version?)"));
  }
  auto slot = [&](int32_t id) { return covered.contains(id - 1); };

  for (size_t mi = 0; mi < cls.methods.size() && mi < plan.methods.size(); ++mi) {
    const MethodInfo& m = cls.methods[mi];
    const instrument::MethodPlan& mp = plan.methods[mi];
    if (!m.code.has_value() || !counted.contains(mp.name + mp.descriptor)) continue;
    if (!mp.instrumented) {
      out.not_instrumented.push_back(absl::StrCat(mp.name, mp.descriptor, ": ", mp.SkipText()));
      continue;
    }
    auto cfg = analysis::BuildCfg(*m.code);
    if (!cfg.ok() || cfg->blocks.size() != mp.blocks.size()) {
      out.not_instrumented.push_back(absl::StrCat(mp.name, mp.descriptor, ": no CFG"));
      continue;
    }
    absl::flat_hash_map<int32_t, int32_t> via(mp.outcome_via_block.begin(),
                                              mp.outcome_via_block.end());
    absl::flat_hash_map<int32_t, int32_t> chain;
    for (const auto& b : mp.blocks) {
      if (b.chain_next != 0) chain[b.id] = b.chain_next;
    }
    absl::flat_hash_map<int32_t, const std::vector<int32_t>*> by_outcomes;
    for (const auto& [block, outcomes] : mp.block_via_outcomes) by_outcomes[block] = &outcomes;
    // A block ran if its probe fired or, for a branching block without one, if one of its
    // outcomes was taken; an outcome was taken if its probe fired or, recorded by its target
    // block, if that block ran. The planner only drops the probe of a branching block whose
    // outcomes are recorded by probes or by blocks that keep theirs: two levels at most.
    auto fired = [&](int32_t block) {
      if (slot(block)) return true;
      auto b = by_outcomes.find(block);
      if (b == by_outcomes.end()) return false;
      for (int32_t o : *b->second) {
        if (slot(o)) return true;
        auto v = via.find(o);
        if (v != via.end() && slot(v->second)) return true;
      }
      return false;
    };
    auto block_covered = [&](int32_t id) {
      for (int hops = 0; hops < 64; ++hops) {
        if (!fired(id)) return false;
        auto next = chain.find(id);
        if (next == chain.end()) return true;
        id = next->second;
      }
      return true;
    };
    auto outcome = [&](int32_t id) {
      if (slot(id)) return true;
      auto v = via.find(id);
      return v != via.end() && fired(v->second);
    };

    MethodCoverage mc;
    mc.name = mp.name;
    mc.descriptor = mp.descriptor;
    // javac's copies of finally blocks count once; its rethrowing handler code not at all.
    InsnFilter filter = FilterJavacDuplicates(*m.code, *cfg, &cls.cp);
    // javac's throwing default of an exhaustive switch and its record-pattern handler.
    const PatternFilter patterns = FilterPatternCode(*m.code, *cfg, cls.cp);
    for (size_t i = 0; i < cfg->insns.size(); ++i) {
      if (patterns.ignored.contains(cfg->insns[i].offset)) filter.rep[i] = InsnFilter::kIgnored;
    }
    constexpr int32_t kNoInsn = -2;  // an offset that starts no instruction (never for a plan)
    auto rep_at = [&](uint32_t offset) {
      const size_t i = analysis::InsnIndexAt(*cfg, offset);
      return i == cfg->insns.size() ? kNoInsn : filter.rep[i];
    };
    std::optional<std::vector<bool>> mine;  // another agent's bytes: the method's own insns
    if (auto oc = own_code.find(mp.name + mp.descriptor); oc != own_code.end()) {
      auto own_insns = classfile::DecodeCode(oc->second->code);
      if (own_insns.ok()) {
        mine = OwnInstructions(*own_insns, oc->second->code, cfg->insns, m.code->code);
      }
    }
    std::map<int32_t, bool> rep_covered;  // rep instruction index -> any copy covered
    for (size_t bi = 0; bi < cfg->blocks.size(); ++bi) {
      const analysis::Block& b = cfg->blocks[bi];
      const bool cov = block_covered(mp.blocks[bi].id);
      for (uint32_t i = b.first_insn; i <= b.last_insn; ++i) {
        const int32_t r = filter.rep[i];
        if (r == InsnFilter::kIgnored || (mine.has_value() && !(*mine)[i])) continue;
        rep_covered[r] = rep_covered[r] || cov;
      }
    }
    std::map<int, LineCounts> lines;
    for (const auto& [r, cov] : rep_covered) {
      mc.counters.instruction += One(cov);
      const int line = instrument::LineAt(m.code->lines, cfg->insns[r].offset);
      if (line == 0) continue;
      LineCounts& l = lines[line];
      (cov ? l.ci : l.mi) += 1;
    }
    auto branches = [&](int line, const std::vector<bool>& outcomes) {
      Counter c;
      for (bool o : outcomes) c += One(o);
      mc.counters.branch += c;
      const int64_t cc = std::max<int64_t>(0, c.covered - 1);
      mc.counters.complexity += Counter{std::max<int64_t>(0, c.total() - cc - 1), cc};
      if (line == 0) return;
      lines[line].mb += static_cast<int32_t>(c.missed);
      lines[line].cb += static_cast<int32_t>(c.covered);
    };
    // Conditionals and switches of duplicated code: one per rep, outcomes OR-ed by position.
    struct Merged {
      int line = 0;
      std::vector<bool> outcomes;
    };
    std::vector<Merged> merged;
    absl::flat_hash_map<int32_t, size_t> merged_at;  // rep -> index into merged
    auto add = [&](uint32_t offset, int line, std::vector<bool> outcomes) {
      const int32_t r = rep_at(offset);
      if (r == InsnFilter::kIgnored) return;
      auto it = r >= 0 ? merged_at.find(r) : merged_at.end();
      if (it != merged_at.end() && merged[it->second].outcomes.size() == outcomes.size()) {
        std::vector<bool>& into = merged[it->second].outcomes;
        for (size_t k = 0; k < into.size(); ++k) into[k] = into[k] || outcomes[k];
        return;
      }
      if (r >= 0) merged_at[r] = merged.size();
      merged.push_back({line, std::move(outcomes)});
    };
    for (const auto& br : mp.branches)
      add(br.offset, br.line, {outcome(br.id), outcome(br.id + 1)});
    for (const auto& sw : mp.switches) {
      std::vector<bool> o;
      const bool no_default = patterns.no_default_switch.contains(sw.offset);
      for (int32_t g : sw.target_goals) {
        if (!(no_default && g == sw.default_goal)) o.push_back(outcome(g));
      }
      add(sw.offset, sw.line, std::move(o));
    }
    for (const Merged& mb : merged) branches(mb.line, mb.outcomes);
    const bool ran = mc.counters.instruction.covered > 0;
    mc.counters.method = One(ran);
    mc.counters.complexity += One(ran);
    mc.counters.line = LineCounter(lines);
    mc.first_line = lines.empty() ? 0 : lines.begin()->first;
    for (const auto& [nr, l] : lines) {
      LineCounts& t = out.lines[nr];
      t.mi += l.mi;
      t.ci += l.ci;
      t.mb += l.mb;
      t.cb += l.cb;
    }
    out.counters += mc.counters;
    out.methods.push_back(std::move(mc));
  }
  if (out.counters.instruction.total() == 0) return std::nullopt;
  out.counters.line = LineCounter(out.lines);
  out.counters.klass = One(out.counters.method.covered > 0);
  return out;
}

}  // namespace jtg::report
