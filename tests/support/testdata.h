#pragma once

// The reference data of tests/data/ (copies of the worked examples, and more).

#include <string>

namespace xylem::testing {

std::string testDataPath(const std::string& name);
std::string readTestFile(const std::string& name); // empty when missing

} // namespace xylem::testing
