#include "core/model/jsondocument.h"

#include "core/model/textfile.h"

#include <optional>

namespace xylem {

namespace {

using nlohmann::json;

// The parser's own DOM builder, remembering where parsing stopped and why instead of throwing:
// a number too large for a double comes as an out_of_range error that carries no position.
class PlacedDomParser : public nlohmann::detail::json_sax_dom_parser<json>
{
public:
    struct Failure
    {
        size_t position = 0; // characters read, the failing token included
        std::string token;
        int id = 0; // the parser's error id: 406 is a number overflow
    };

    using json_sax_dom_parser::json_sax_dom_parser;

    template <class Exception>
    bool parse_error(size_t position, const std::string& token, const Exception& ex)
    {
        failure = Failure{position, token, ex.id};
        return false;
    }

    std::optional<Failure> failure;
};

constexpr int kNumberOverflow = 406;

Error describeFailure(std::string_view text, const PlacedDomParser::Failure& failure)
{
    if (failure.id == kNumberOverflow) {
        const size_t start = failure.position - std::min(failure.position, failure.token.size());
        return makeError(ErrorCode::MalformedInput,
                         "the number " + failure.token +
                             " is too large for JSON (beyond a 64-bit float)",
                         describePosition(text, start));
    }
    const size_t at = failure.position > 0 ? failure.position - 1 : 0;
    return makeError(ErrorCode::MalformedInput, "not valid JSON", describePosition(text, at));
}

} // namespace

bool hasFormat(const nlohmann::json& object, std::string_view format)
{
    const auto it = object.find("format");
    return it != object.end() && it->is_string() && it->get_ref<const std::string&>() == format;
}

Result<nlohmann::json> parseJsonObject(std::string_view text, const std::string& what)
{
    json doc;
    PlacedDomParser parser(doc, false);
    if (!json::sax_parse(text, &parser) || parser.failure) {
        return describeFailure(text, parser.failure.value_or(PlacedDomParser::Failure{}));
    }
    if (!doc.is_object()) {
        return makeError(ErrorCode::MalformedInput, "a " + what + " is a JSON object");
    }
    return doc;
}

} // namespace xylem
