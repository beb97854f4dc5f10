#pragma once

// Live mode: a recording the user watches, always inside this process (core/record, on a worker
// thread). A local demo cluster (a gsum cluster under a gather tree of collectors), the machines
// of a host file, or a gather tree that collectors of a program started elsewhere attach to are
// recorded by RecordingWorker: the streaming engine's report comes once a second (liveReport),
// its monitors' accounting with every status (monitors) and the status in the user's language —
// nothing is re-read from the session while it records. An MPI program is recorded by
// MpiRecordingWorker (core/record/mpirecording.h, as xylem-cli mpi records it, but no xylem-cli
// is started): its status and the program's output lines come in the user's language, the runs
// once stored. stop() asks the recording to end cleanly, which keeps the session; for an MPI
// program it interrupts the program, whose recorded calls are stored.

#include "app/gui/mpirecordingworker.h"
#include "app/gui/recordingworker.h"
#include "app/gui/recordsettings.h"
#include "views/monitors/livemonitors.h"

#include <QObject>

#include <optional>

namespace xylem::gui {

class LiveController : public QObject
{
    Q_OBJECT

public:
    explicit LiveController(QObject* parent = nullptr);
    ~LiveController() override;

    // False when a recording is under way already.
    bool start(const DemoSettings& settings);
    bool attach(const AttachSettings& settings);
    bool recordMpi(const MpiRecordSettings& settings);
    bool recordCluster(const ClusterRecordSettings& settings);
    void stop();
    bool running() const;
    QString session() const { return m_session; }

signals:
    // A recording began (the Live menu's start actions turn off until finished()).
    void started(const QString& session);
    void status(const QString& line);
    // One line of every node's live figures of a scope design ({"figures": ...}).
    void figures(const QString& line);
    // The growing run's live analysis, about once a second (not for MPI recordings).
    void liveReport(const QString& session, std::shared_ptr<const xylem::AnalysisReport> report);
    // With every status, about once a second (not for MPI recordings): the accounting as the run
    // will store it, the calls so far and the imbalance path, named.
    void monitors(const QString& session, std::shared_ptr<const xylem::views::LiveMonitors> live);
    // With every status (not for MPI recordings): the run's timeline so far, coarse.
    void timeline(const QString& session,
                  std::shared_ptr<const xylem::store::LiveTimeline> timeline);
    // A line the MPI program wrote, as it writes it (also shown as a status).
    void programOutput(const QString& line, bool standardError);
    // ok: a run was stored (for an MPI program also when it failed or was interrupted: the
    // message says so).
    void finished(const QString& session, bool ok, const QString& message);

private:
    bool beginRecording(record::RecordRequest request, const QString& session);
    void connectWorker();
    void connectMpiWorker();
    std::shared_ptr<const views::LiveMonitors>
    liveMonitors(const record::RecordingStatus& status, const store::StoredAccounting* accounting,
                 const QString& error) const;

    RecordingWorker m_worker;
    MpiRecordingWorker m_mpiWorker;
    std::optional<Configuration> m_configuration; // of the recording under way: the culprit's name
    QString m_session;
    // The MPI program's last lines on standard error: why it recorded nothing, should it not.
    static constexpr int kErrorLines = 20;
    QStringList m_errors;
    // An MPI program's newest line of output, shown with its recording's progress.
    QString m_lastOutput;
};
// xylem-mpiloop, the project's MPI program, found the same way; empty when there is none.
QString mpiLoopProgram();
// libxylem-example-filters.so (collectors/filterplugins): installed in the library folder's
// xylem/ (lib/MULTIARCH/xylem beside this program's bin), or where this build put it; empty when
// there is none.
QString exampleFilterPlugin();

} // namespace xylem::gui
