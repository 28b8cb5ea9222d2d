// `jtestgen suite` on a class whose static initializer throws. Such a class cannot be
// searched: after its initializer failed once, every use of it throws NoClassDefFoundError.
// Its behaviour is still worth one regression test, which JUnit users write by hand as
//     assertThrows(ExceptionInInitializerError.class, () -> Class.forName("a.b.C"));
// This step writes that test (validated in a fresh JVM like every written test, so it is
// kept only if the initializer really throws there too), measures the coverage of the
// initializer's own run, and writes the report.
#pragma once

#include <string>
#include <vector>

#include "common/status.h"
#include "generate/goals/coverage_model.h"
#include "suite/run_suite.h"
#include "testcase/executor.h"

namespace jtg::suite {

// True when `load_error` (Executor::FindClass's description of the exception) says the
// class's static initializer threw.
bool IsInitializerFailure(const std::string& load_error);

// Writes the test and the report for the class under test (`internal` name) whose
// initializer failed with `load_error`. `model` (may be null when the class could not be
// instrumented) and `load_goals` (goals reached while the initializer ran) give the
// coverage. Errors: as FinishSuite (javac/JUnit cannot run), WriteReport.
Status FinishInitializerFailure(const SuiteOptions& opts, const std::string& internal,
                                const std::string& load_error, const generate::CoverageModel* model,
                                const std::vector<int32_t>& load_goals,
                                testcase::Executor& executor, double seconds_so_far);

}  // namespace jtg::suite
