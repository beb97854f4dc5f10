#pragma once

// A run over time for the window's "Over time" dock (issue 23, item 3): reads the run's tuples
// from the session file and runs core/analysis/overtimeanalysis.h on them off the GUI thread,
// and core/analysis/outliers.h (the run's slowest calls, for the Tables page), then reports
// available(run, data) or failed(message). Only the newest request reports: asking
// for another run (or cancel()) drops the answer of the one under way (app/gui/offthread.h).

#include "app/gui/offthread.h"
#include "views/overtimeview.h"

#include <QObject>
#include <QString>

#include <memory>

namespace xylem::gui {

class OverTimeJob : public QObject
{
    Q_OBJECT

public:
    // The buckets asked for: about one per 2 pixels of a wide window; overtime.h caps them for
    // many threads (at most 2^20 / threads).
    static constexpr size_t kDefaultBuckets = 512;

    explicit OverTimeJob(QObject* parent = nullptr);

    void compute(const QString& sessionPath, qint64 run, size_t maxBuckets = kDefaultBuckets);
    void cancel() { m_requests.cancel(); }

signals:
    void available(qint64 run, std::shared_ptr<const xylem::views::OverTimeData> data);
    void failed(const QString& message);

private:
    Generation m_requests;
};

} // namespace xylem::gui
