#include "tests/support/testpictures.h"

#include <cstdlib>
#include <filesystem>

namespace xylem::testing {

std::string picturePath(const std::string& name)
{
    const char* given = std::getenv("XYLEM_TEST_PICTURES");
    const std::filesystem::path folder = given && *given ? given : XYLEM_TEST_PICTURE_DIR;
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    return (folder / name).string();
}

} // namespace xylem::testing
