#include "agent/agent_instrument.h"

#include "coverage/class_hash.h"

namespace jtg::agent {

StatusOr<AgentInstrumented> InstrumentForAgent(std::span<const uint8_t> bytes,
                                               std::string_view name, const ProbeRequest& req) {
  instrument::Options o;
  o.probe_style = instrument::ProbeStyle::kArray;
  o.array.removed = req.removed.empty() ? nullptr : &req.removed;
  o.array.prologue = req.prologue;
  o.array.fold_flags = req.fold;
  o.array.fold_methods = req.fold_methods.empty() ? nullptr : &req.fold_methods;
  o.array.final_array = true;   // OnClassPrepare creates the array; PollArrays adopts <clinit>'s
  instrument::IdAllocator ids;  // slots are per class
  auto out = instrument::InstrumentBytes(bytes, name, o, ids);
  if (out.ok()) return AgentInstrumented{std::move(*out), req.fold};
  if (!req.fold || !absl::IsResourceExhausted(out.status())) return out.status();
  o.array.fold_flags = false;
  instrument::IdAllocator fresh;
  JTG_ASSIGN_OR_RETURN(instrument::Result plain,
                       instrument::InstrumentBytes(bytes, name, o, fresh));
  return AgentInstrumented{std::move(plain), false};
}

uint64_t PlanKey(uint64_t hash, const ProbeRequest& req) {
  if (!req.fold || req.fold_methods.empty()) return hash;
  std::vector<uint8_t> key(8);
  for (int k = 0; k < 8; ++k) key[static_cast<size_t>(k)] = static_cast<uint8_t>(hash >> (8 * k));
  key.push_back('f');
  for (bool f : req.fold_methods) key.push_back(f ? 1 : 0);
  return coverage::HashClassBytes(key);
}

}  // namespace jtg::agent
