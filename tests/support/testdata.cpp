#include "tests/support/testdata.h"

#include <fstream>
#include <sstream>

namespace xylem::testing {

std::string testDataPath(const std::string& name)
{
    return std::string(XYLEM_TEST_DATA_DIR) + "/" + name;
}

std::string readTestFile(const std::string& name)
{
    std::ifstream in(testDataPath(name), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace xylem::testing
