#pragma once

// Live mode: a recording the user watches. A local demo cluster (a gsum cluster under a gather
// tree of collectors), the machines of a host file, or a gather tree that collectors of a
// program started elsewhere attach to are recorded inside this process (core/record, on a
// worker thread: RecordingWorker); the streaming engine's report comes once a second
// (liveReport) and the status in the user's language — nothing is re-read from the session
// while it records. An MPI program is still recorded by `xylem-cli mpi` as a child process,
// whose status lines are passed on and which ticks once a second so the window re-reads the
// growing run. stop() asks the recording to end cleanly, which keeps the session.

#include "app/gui/recordingworker.h"

#include <QObject>
#include <QProcess>
#include <QTimer>

#include <optional>

namespace xylem::gui {

struct DemoSettings
{
    int hosts = 4;
    int threadsPerHost = 2;
    QString shape = QStringLiteral("hierarchy");   // flat, kary, binomial, hierarchy
    QString noise = QStringLiteral("h2.t1:200:1"); // THREAD:DELAY_US[:EVERY]; empty for none
    qint64 iterations = 100000000;                 // until stopped, in practice
    QString session;                               // the file to record into
    QString hostList;   // "n0,n1,..." instead of `hosts` h0..h<n-1> (a scope design's hosts)
    QString designFile; // a scope design to record through (--design, with --figures-json)
};

// Monitoring a program started elsewhere: the recording writes addressFile, the program's
// collectors (`xylem-collector --attach ADDRESSFILE --host H --ring-prefix P`) join through it.
struct AttachSettings
{
    QString configuration; // the program's xylem-tree/1 file
    QString addressFile;
    QString scope;      // an xylem-scope/1 file; empty for the default scope
    QString designFile; // or a scope design to record through (--design, with --figures-json)
    int durationSeconds = 3600;
    QString session;
};

// An MPI program recorded through the PMPI interposer (`xylem-cli mpi -o S -- COMMAND`).
struct MpiRecordSettings
{
    QStringList command;                         // mpirun and its arguments, as exec takes them
    QString shape = QStringLiteral("hierarchy"); // hierarchy or flat
    QString session;
};

// The gsum benchmark on the machines of a host file (`xylem-cli record --hostfile`): hosts of
// this machine run here, the others start through the launcher.
struct ClusterRecordSettings
{
    QString hostFile; // OpenMPI or Slurm host file, optional cluster=NAME and slots=N
    QString launcher = QStringLiteral("ssh {host} {command}");
    QString listen = QStringLiteral("auto"); // the front-end's address, or auto
    int threadsPerHost = 0;                  // 0: each host's slots
    qint64 iterations = 0;                   // 0: run for durationSeconds instead
    int durationSeconds = 600;
    QString benchmark = QStringLiteral("gsum"); // gsum or compute-gsum
    QString noise;                              // THREAD:DELAY_US[:EVERY]; empty for none
    QString scope;                              // an xylem-scope/1 file; empty for the default
    QString designFile;                         // or a scope design (--design, --figures-json)
    QString session;
};

// What each kind of recording asks of core/record.
record::RecordRequest demoRequest(const DemoSettings& settings);
record::RecordRequest attachRequest(const AttachSettings& settings);
record::RecordRequest clusterRequest(const ClusterRecordSettings& settings);

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
    // Once a second while an MPI program records: the session's run grows.
    void tick(const QString& session);
    void finished(const QString& session, bool ok, const QString& message);

private:
    bool beginRecording(record::RecordRequest request, const QString& session);
    bool launch(const QStringList& arguments, const QString& session);
    void connectWorker();
    // Emits the "record: " and "mpi: " lines of a stream; keep: also collect them all for the
    // summary.
    void readStatus(QByteArray& pending, const QByteArray& more, bool keep);

    RecordingWorker m_worker;
    std::optional<Configuration> m_configuration; // of the recording under way: the culprit's name
    QProcess m_process;            // xylem-cli mpi
    QTimer m_timer;
    QString m_session;
    QByteArray m_pendingErr;
    QByteArray m_pendingOut;
    QString m_output; // every line of standard output, for the summary
    // The last lines of standard error that are not status: a failed recording's cause.
    static constexpr int kErrorLines = 20;
    QStringList m_errors;
};

// xylem-cli beside this program (installed), where this build put it, or on the PATH.
QString cliProgram();
// xylem-mpiloop, the project's MPI program, found the same way; empty when there is none.
QString mpiLoopProgram();
// libxylem-example-filters.so (collectors/filterplugins): installed in the library folder's
// xylem/ (lib/MULTIARCH/xylem beside this program's bin), or where this build put it; empty when
// there is none.
QString exampleFilterPlugin();

} // namespace xylem::gui
