#include "core/live/designfilewatch.h"

#include "core/live/scopedesignjson.h"
#include "core/model/textfile.h"

namespace xylem::live {

Result<std::optional<ScopeDesign>> DesignFileWatch::changed()
{
    auto text = readTextFile(m_path);
    if (!text || text.value() == m_text) {
        return std::optional<ScopeDesign>{}; // missing for a moment (a rename), or the same
    }
    m_text = text.value();
    auto design = designFromJson(m_text);
    if (!design) {
        Error e = design.error();
        e.where = m_path + (e.where.empty() ? "" : ": " + e.where);
        return e;
    }
    return std::optional<ScopeDesign>(std::move(design).value());
}

} // namespace xylem::live
