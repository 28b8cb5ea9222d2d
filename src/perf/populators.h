// Receiver populators of `jtestgen perf`'s directed seeds (directed_seeds.h; WhiteSyn's
// populated receivers, Linggi, MSc thesis, ETH Zurich, 2018; Glider's "populators", Dhok and
// Ramanathan, FSE 2016): the instance methods that may grow
// a receiver's collection field when called n times with distinct keys, and the bulk
// statement that calls one of them. Pure functions over a TestCase.
#pragma once

#include <cstdint>
#include <string>

#include "generate/values/producer.h"
#include "testcase/test_case.h"

namespace jtg::perf {

// Whether `m` may populate: an instance method with one simple parameter (add(x), push(x))
// or two (put(k, v), setProperty(k, v)), each int, long, Integer, String or Object.
bool IsPopulator(const testcase::Callable& m);

// 0 for a name that says it grows the receiver (add, put, push, offer, insert, append, set,
// register, enqueue, store, ...), 1 for a neutral one, 2 for one that reads, removes or
// compares (get, contains, remove, indexOf, equals, ...): never a populator.
int PopulatorRank(const std::string& name);

// Appends one kRepeat calling populator `m` on statement `recv` n+1 times: the first
// argument varies from `base` (the key), a second one is a constant value.
void AppendPopulate(testcase::TestCase& tc, int recv, const generate::CallablePtr& m, int64_t base);

}  // namespace jtg::perf
