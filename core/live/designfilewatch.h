#pragma once

// How a running recording learns of a changed scope design: whoever tunes it (the GUI's canvas,
// a user with an editor) rewrites the design file — best by writing a temporary file and
// renaming it over — and the recording reads the file again at every poll. A text that does not
// parse is reported once and skipped until the file changes again.

#include "core/live/scopedesign.h"
#include "core/model/result.h"

#include <optional>
#include <string>

namespace xylem::live {

class DesignFileWatch
{
public:
    // text: the design as deployed (the file's content at the start).
    DesignFileWatch(std::string path, std::string text)
        : m_path(std::move(path))
        , m_text(std::move(text))
    {
    }

    // A new design when the file's content changed since the last call; nothing when it did not
    // (or the file is briefly missing); an error, once per content, when it does not parse.
    Result<std::optional<ScopeDesign>> changed();
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
    std::string m_text;
};

} // namespace xylem::live
