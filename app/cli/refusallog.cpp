#include "app/cli/refusallog.h"

#include "core/tree/downstream.h"

namespace xylem::cli {

void RefusalLog::operator()(const std::string& line)
{
    if (!line.starts_with(tree::kStrangerLogPrefix)) {
        return;
    }
    std::lock_guard lock(m_mutex);
    ++m_refusals;
    if (m_refusals <= kShown) {
        m_err << "record: a connection that did not prove the tree's token, from "
              << line.substr(tree::kStrangerLogPrefix.size()) << "\n";
    }
    if (m_refusals == kShown) {
        m_err << "record: further such connections are not shown\n";
    }
    m_err.flush();
}

std::int64_t RefusalLog::refusals() const
{
    std::lock_guard lock(m_mutex);
    return m_refusals;
}

} // namespace xylem::cli
