#pragma once

// A recording (core/record's RecordingSession) run inside this process, on a thread of its own,
// with what it reports handed to the GUI thread as queued signals: the window never waits on
// it, and nothing of it is read back from the session file while it records. stop() asks it to
// end cleanly (the program is interrupted, the rings drained, the run stored); finished()
// comes once, last. The destructor stops a recording still under way and waits for its end.

#include "core/analysis/report.h"
#include "core/record/recordingsession.h"
#include "core/store/monitorresults.h"

#include <QObject>
#include <QString>

#include <memory>
#include <thread>

namespace xylem::gui {

class RecordingWorker : public QObject
{
    Q_OBJECT

public:
    explicit RecordingWorker(QObject* parent = nullptr);
    ~RecordingWorker() override;

    // False when a recording is under way already.
    bool start(record::RecordRequest request);
    void stop();
    bool running() const { return m_session != nullptr; }

signals:
    // The configuration, scope and tree the recording runs.
    void planned(std::shared_ptr<const xylem::Configuration> configuration);
    void phaseChanged(xylem::record::Phase phase);
    void baselineMeasured(double usPerIteration);
    void awaitingCollectors(const QString& addressFile, const QString& address);
    void treeUp(int nodes, double latencyMs);
    void clocksNotMeasured(bool atEnd, const QString& error);
    // With the status, its accounting as the run will store it (null, and why, should it not
    // read back), made on the recording's thread for the Monitors view.
    void statusChanged(std::shared_ptr<const xylem::record::RecordingStatus> status,
                       std::shared_ptr<const xylem::store::StoredAccounting> accounting,
                       const QString& accountingError);
    // The run's timeline so far (its stored calls' series, coarse), with every status.
    void timeline(std::shared_ptr<const xylem::store::LiveTimeline> timeline);
    // The streaming engine's report, about once a second while gathering.
    void liveReport(std::shared_ptr<const xylem::AnalysisReport> report);
    // A design's nodes' figures and its filters' results as one JSON object ({"figures": ...},
    // core/live/scopefigures.h), after every poll of a design.
    void figures(const QString& json);
    // A changed design was redeployed (refusal empty) or refused (design may be empty).
    void redeployed(const QString& design, const QString& change, const QString& refusal);
    // The stored run (outcome set, possibly with outcome->incomplete), or why nothing was stored.
    void finished(std::shared_ptr<const xylem::record::RecordingOutcome> outcome,
                  const QString& error);

private:
    record::RecordingCallbacks callbacks();
    // Hands f to the GUI thread; dropped should this worker be gone by then.
    template <typename F> void post(F&& f);

    std::unique_ptr<record::RecordingSession> m_session;
    std::thread m_thread;
};

} // namespace xylem::gui
