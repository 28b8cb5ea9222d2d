// Whether another Java agent's coverage instrumentation is in a class's bytes, judged by
// the member names such agents add: JaCoCo (`$jacocoData`, `$jacocoInit`, since 0.5),
// Cobertura (`__cobertura_counters`) and PIT's coverage stage (`$$pitCoverageProbes`, in its
// minion JVMs, which take the build's argLine). The coverage agent asks it of the bytes its
// first (observing) hook receives: when an agent earlier on the command line has already
// transformed the class, these are not what the classpath holds, and the agent reads the
// class's own bytes back from its loader to identify it (agent/own_bytes.h).
// A constant-pool scan, O(size); pure, thread-safe.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace jtg::coverage {

// The marker found (e.g. "$jacocoData"), or empty when there is none.
std::string_view OtherAgentMark(std::span<const uint8_t> class_bytes);

// Whether PIT's coverage stage instrumented these bytes (`$$pitCoverageProbes`): coverage
// planned on them was recorded in a PIT minion, not in a run of the build's tests.
bool CarriesPitProbes(std::span<const uint8_t> class_bytes);

// Whether a JVM whose `sun.java.command` property is `java_command` is one of PIT's minions
// (org.pitest.coverage.execute.CoverageMinion, org.pitest.mutationtest.execute.
// MutationTestMinion: they take the build's argLine, and so the coverage agent). Their runs
// are PIT's, against its probes and mutants, not the build's tests: the agent records
// nothing there and leaves every class as it is.
bool IsPitMinion(std::string_view java_command);

}  // namespace jtg::coverage
