#pragma once

// Loads one call of a stored run for the one-call view (views/callview.h) off the GUI thread:
// its detail (core/analysis/calldetail.h), its neighbours by operation time and the run's seq
// range. Only the newest request reports (a Generation, offthread.h), so stepping through calls
// quickly never shows an older call after a newer one.
//
// What is read: the run's per-call records (core/store/runloader.h: loadCalls, a few bytes per
// call) give the call's start and operation time and the neighbours; then only the tuple chunks
// around that start (loadTuplesIn) are read, not the run. The whole run is read only when the
// call has no record (unknown or incomplete: core's error then names the run's seq range or the
// missing collectors) or when a clock correction put one of its tuples outside the span read.

#include "app/gui/offthread.h"
#include "core/analysis/calldetail.h"
#include "core/model/result.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <string>

namespace xylem::gui {

struct LoadedCall
{
    std::shared_ptr<const CallDetail> detail;
    CallNeighbours neighbours;
    std::int64_t firstSeq = 0; // the run's complete calls, lowest and highest seq
    std::int64_t lastSeq = 0;
    bool wholeRunRead = false; // the fallback was taken
};

// The work itself, on the calling thread.
Result<LoadedCall> loadCall(const std::string& sessionPath, std::int64_t run, std::int64_t seq);

class CallDetailJob : public QObject
{
    Q_OBJECT

public:
    explicit CallDetailJob(QObject* parent = nullptr);

    void request(const QString& sessionPath, qint64 run, qint64 seq);
    void cancel() { m_requests.cancel(); }

signals:
    void available(qint64 run, std::shared_ptr<const xylem::gui::LoadedCall> call);
    void failed(qint64 run, qint64 seq, const QString& message);

private:
    Generation m_requests;
};

} // namespace xylem::gui
