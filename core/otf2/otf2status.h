#pragma once

// OTF2 status codes as Xylem errors: one place that turns an OTF2_ErrorCode into an Error that
// names the archive and what was being done.

#include "core/model/result.h"

#include <otf2/otf2.h>
#include <string>

namespace xylem::otf2 {

// Ok for OTF2_SUCCESS; otherwise an IoError "<doing>: <OTF2's description>" at `archive`.
Result<Ok> checkStatus(OTF2_ErrorCode status, const std::string& doing, const std::string& archive);

} // namespace xylem::otf2

// Returns the error of a failed OTF2 call from the enclosing function (which returns a Result).
#define XYLEM_OTF2(call, doing, archive)                                                           \
    do {                                                                                           \
        if (auto status_ = ::xylem::otf2::checkStatus((call), (doing), (archive)); !status_)       \
            return status_.error();                                                                \
    } while (false)
