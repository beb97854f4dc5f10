#include "tests/support/testdata.h"

#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"

#include <cstdio>
#include <cstdlib>
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

Run exampleRun(const std::string& name)
{
    auto config = readConfigurationFile(testDataPath(name + ".tree.json"));
    if (!config) {
        std::fprintf(stderr, "reference data: %s\n", config.error().describe().c_str());
        std::abort();
    }
    auto tuples = readTraceCsvFile(testDataPath(name + ".trace.csv"), config.value());
    if (!tuples) {
        std::fprintf(stderr, "reference data: %s\n", tuples.error().describe().c_str());
        std::abort();
    }
    return Run{std::move(config).value(), std::move(tuples).value()};
}

} // namespace xylem::testing
