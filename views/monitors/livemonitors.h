#pragma once

// What a recording under way says of its monitors, for the Monitors view (MonitorsView::showLive)
// while it records: the accounting as the run will store it (core/record's accountingJson read by
// core/store's parseAccounting, so the live and the stored view are the same tables), the calls
// complete so far and the imbalance path the recording's monitor sees. Plain values, filled by
// whoever runs the recording (app/gui's LiveController), once a status period.

#include "core/store/monitorresults.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace xylem::views {

struct LiveMonitors
{
    std::optional<store::StoredAccounting> accounting; // none: unreadable (error says why)
    QString error;
    std::int64_t completeCalls = 0;
    QStringList imbalancePath; // wrapper ids, the root first; empty: no complete call yet
    bool final = false;        // all gathered: the run is being stored
};

} // namespace xylem::views
