#include "core/otf2/otf2status.h"

namespace xylem::otf2 {

Result<Ok> checkStatus(OTF2_ErrorCode status, const std::string& doing, const std::string& archive)
{
    if (status == OTF2_SUCCESS)
        return Ok{};
    const char* description = OTF2_Error_GetDescription(status);
    return makeError(ErrorCode::IoError,
                     doing + ": " + (description != nullptr ? description : "unknown OTF2 error"),
                     archive);
}

} // namespace xylem::otf2
