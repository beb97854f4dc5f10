#pragma once

// Where a test leaves what it renders for a person to look at (the "picture:" lines of the view
// and window suites): $XYLEM_TEST_PICTURES, else test-pictures/ in the build folder. Not the
// temporary folder: what a suite leaves there is a leak (xylem-leakcheck removes it).

#include <string>

namespace xylem::testing {

std::string picturePath(const std::string& name); // its folder is made when missing

} // namespace xylem::testing
