// The environment variable by which a whole-project run names itself to its class jobs
// (project/local_backend.cc sets it; supervise/parent_link.h reads it): its process id, in
// decimal. A class job that finds it dies with that process.
#pragma once

namespace jtg {

inline constexpr char kParentPidVariable[] = "JTG_PARENT_PID";

}  // namespace jtg
