#include "core/model/jsondocument.h"

#include "core/model/textfile.h"

namespace xylem {

Result<nlohmann::json> parseJsonObject(std::string_view text, const std::string& what)
{
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        const size_t at = e.byte > 0 ? e.byte - 1 : 0;
        return makeError(ErrorCode::MalformedInput, "not valid JSON", describePosition(text, at));
    }
    if (!doc.is_object()) {
        return makeError(ErrorCode::MalformedInput, "a " + what + " is a JSON object");
    }
    return doc;
}

} // namespace xylem
