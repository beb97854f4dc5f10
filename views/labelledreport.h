#pragma once

// A run as the views that overlay or compare runs take it: a label for legends and pickers, the
// engine's report (null while the run is not analysed yet: a candidate the view may ask for),
// (when the session has them) its calls' operation times, and a key that names the run to
// whoever feeds the view.

#include "core/analysis/report.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace xylem::views {

struct LabelledReport
{
    QString label; // e.g. "run 2: two levels"
    std::shared_ptr<const AnalysisReport> report; // null: not analysed yet
    std::shared_ptr<const std::vector<std::int64_t>> operationTimes; // per call; may be null
    // Identifies the run to whoever feeds the view (e.g. the store's run id); opaque to the
    // views, which only compare keys and hand them back in analysisWanted. Empty: the label is
    // the run's identity.
    QString key;

    bool analysed() const { return report != nullptr; }
    QString identity() const { return key.isEmpty() ? label : key; }
};

} // namespace xylem::views
