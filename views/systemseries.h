#pragma once

// The system samples of a run (collectors' /proc samplers, stored with the run) as the series
// the timeline draws under the calls: each host's CPU busy % and its network traffic (received
// plus sent over every interface but loopback, in bytes per second). Grouping only; the
// numbers are the samplers'.

#include "core/store/attachments.h"

#include <QString>
#include <QVector>

#include <cstdint>
#include <vector>

namespace xylem::views {

struct SystemSeries
{
    enum class Kind
    {
        CpuBusyPct,
        NetworkBytesPerS
    };
    Kind kind = Kind::CpuBusyPct;
    QString host;
    QVector<double> seconds; // since originNs
    QVector<double> values;
};

// In host order, CPU first; samples of other metrics are left out.
std::vector<SystemSeries> systemSeries(const std::vector<store::SystemSample>& samples,
                                       std::int64_t originNs);

} // namespace xylem::views
