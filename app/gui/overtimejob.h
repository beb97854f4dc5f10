#pragma once

// A run over time for the window's "Over time" dock (issue 23, item 3): reads the run's tuples
// from the session file, cuts them to the analysis window shown (issue 23 item 5; the whole run
// without one), and runs core/analysis/overtimeanalysis.h on them off the GUI thread, and
// core/analysis/outliers.h (the slowest calls, for the Tables page) with the report already
// shown, so that Over time and the slowest calls are of the same calls as every other view. It
// reports available(run, data) or failed(message). Only the newest request reports: asking for
// another run or window (or cancel()) drops the answer of the one under way (app/gui/offthread.h).
// The buckets of a window count from its first call's start (overtime.h: since the first down
// of the tuples given).

#include "app/gui/offthread.h"
#include "core/analysis/callwindow.h"
#include "core/analysis/report.h"
#include "views/overtimeview.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace xylem::gui {

class OverTimeJob : public QObject
{
    Q_OBJECT

public:
    // The buckets asked for: about one per 2 pixels of a wide window; overtime.h caps them for
    // many threads (at most 2^20 / threads).
    static constexpr size_t kDefaultBuckets = 512;

    explicit OverTimeJob(QObject* parent = nullptr);

    // The run in `window` (nullopt or an empty CallWindow: the whole run), with `report`, the
    // analysis of the run in that window as shown; a null report: the run is analysed here as
    // the session analyses a stored run (its clocks).
    void compute(const QString& sessionPath, qint64 run,
                 std::shared_ptr<const AnalysisReport> report,
                 std::optional<CallWindow> window = std::nullopt,
                 size_t maxBuckets = kDefaultBuckets);
    // The whole run, analysed here.
    void compute(const QString& sessionPath, qint64 run, size_t maxBuckets = kDefaultBuckets)
    {
        compute(sessionPath, run, nullptr, std::nullopt, maxBuckets);
    }
    void cancel();

    // What was asked for last (to ask again only when the run, report or window changed);
    // cleared by cancel().
    qint64 lastRun() const { return m_lastRun; }
    const std::shared_ptr<const AnalysisReport>& lastReport() const { return m_lastReport; }
    const std::optional<CallWindow>& lastWindow() const { return m_lastWindow; }

signals:
    void available(qint64 run, std::shared_ptr<const xylem::views::OverTimeData> data);
    void failed(const QString& message);

private:
    Generation m_requests;
    qint64 m_lastRun = -1;
    std::shared_ptr<const AnalysisReport> m_lastReport;
    std::optional<CallWindow> m_lastWindow;
};

} // namespace xylem::gui
