#pragma once

// The reference data of tests/data/ (copies of the worked examples, and more).

#include "core/model/run.h"

#include <string>

namespace xylem::testing {

std::string testDataPath(const std::string& name);
std::string readTestFile(const std::string& name); // empty when missing
// The worked example <name>.tree.json + <name>.trace.csv; aborts with the reader's message if
// the reference data does not load (a broken checkout, not a test result).
Run exampleRun(const std::string& name);

} // namespace xylem::testing
