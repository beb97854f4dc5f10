#include "app/gui/livecontroller.h"

#include "app/gui/recordingtext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <csignal>
#include <sys/prctl.h>

namespace xylem::gui {

namespace {

// name beside this program (installed), where this build put it, or on the PATH.
QString siblingProgram(const QString& name, const QString& built)
{
    const QString beside = QDir(QCoreApplication::applicationDirPath()).filePath(name);
    if (QFileInfo(beside).isExecutable()) {
        return beside;
    }
    if (QFileInfo(built).isExecutable()) {
        return built;
    }
    return QStandardPaths::findExecutable(name);
}

} // namespace

QString cliProgram()
{
    return siblingProgram(QStringLiteral("xylem-cli"), QStringLiteral(XYLEM_BUILT_CLI));
}

QString mpiLoopProgram()
{
    return siblingProgram(QStringLiteral("xylem-mpiloop"), QStringLiteral(XYLEM_BUILT_MPILOOP));
}

QString exampleFilterPlugin()
{
    const QString name = QStringLiteral("libxylem-example-filters.so");
    // Installed: the package's library folder seen from bin (XYLEM_LIBDIR_FROM_BINDIR, e.g.
    // ../lib/x86_64-linux-gnu), its xylem/ folder of plugins.
    const QString installed =
        QDir(QCoreApplication::applicationDirPath())
            .filePath(QStringLiteral(XYLEM_LIBDIR_FROM_BINDIR "/xylem/") + name);
    for (const QString& path : {installed, QStringLiteral(XYLEM_BUILT_EXAMPLE_FILTERS)}) {
        if (QFileInfo::exists(path)) {
            return QFileInfo(path).canonicalFilePath();
        }
    }
    return {};
}

LiveController::LiveController(QObject* parent)
    : QObject(parent)
{
    m_timer.setInterval(1000);
    // Should this window die, the recording is asked to end cleanly rather than run on.
    m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
    connect(&m_timer, &QTimer::timeout, this, [this] { emit tick(m_session); });
    connect(&m_process, &QProcess::readyReadStandardError, this,
            [this] { readStatus(m_pendingErr, m_process.readAllStandardError(), false); });
    connect(&m_process, &QProcess::readyReadStandardOutput, this,
            [this] { readStatus(m_pendingOut, m_process.readAllStandardOutput(), true); });
    connect(&m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus how) {
        m_timer.stop();
        readStatus(m_pendingOut, m_process.readAllStandardOutput() + '\n', true);
        const QString output = m_output.trimmed();
        const bool ok = how == QProcess::NormalExit && code == 0;
        readStatus(m_pendingErr, m_process.readAllStandardError() + '\n', false);
        const QString message = ok ? output.section(QLatin1Char('\n'), -4, -1).trimmed()
                                   : tr("the recording failed: %1").arg(m_errors.join('\n'));
        emit finished(m_session, ok, message);
    });
    connectWorker();
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart) {
            m_timer.stop();
            emit finished(m_session, false,
                          tr("cannot start %1: %2").arg(cliProgram(), m_process.errorString()));
        }
    });
}

LiveController::~LiveController()
{
    if (running()) {
        m_process.terminate();
        if (!m_process.waitForFinished(10000)) {
            m_process.kill();
            m_process.waitForFinished(2000);
        }
    }
}

bool LiveController::start(const DemoSettings& s)
{
    return beginRecording(demoRequest(s), s.session);
}

bool LiveController::attach(const AttachSettings& s)
{
    return beginRecording(attachRequest(s), s.session);
}

bool LiveController::recordMpi(const MpiRecordSettings& s)
{
    if (s.command.isEmpty()) {
        return false;
    }
    // The run is named after the program by xylem-cli mpi itself; its status comes as lines
    // (status()), as they do from record, since a pipe is no terminal.
    const QStringList args =
        QStringList{QStringLiteral("mpi"),     QStringLiteral("--status-lines"),
                    QStringLiteral("--shape"), s.shape,
                    QStringLiteral("-o"),      s.session,
                    QStringLiteral("--")} +
        s.command;
    return launch(args, s.session);
}

bool LiveController::recordCluster(const ClusterRecordSettings& s)
{
    if (running()) {
        return false;
    }
    // The proposed session lives in the Documents folder, which a fresh account may not have.
    QDir().mkpath(QFileInfo(s.session).absolutePath());
    return beginRecording(clusterRequest(s), s.session);
}

bool LiveController::beginRecording(record::RecordRequest request, const QString& session)
{
    if (running()) {
        return false;
    }
    m_session = session;
    m_configuration.reset();
    if (!m_worker.start(std::move(request))) {
        return false;
    }
    emit started(session);
    return true;
}

void LiveController::connectWorker()
{
    connect(&m_worker, &RecordingWorker::phaseChanged, this,
            [this](record::Phase p) { emit status(RecordingText::phase(p)); });
    connect(&m_worker, &RecordingWorker::baselineMeasured, this,
            [this](double us) { emit status(RecordingText::baseline(us)); });
    connect(&m_worker, &RecordingWorker::awaitingCollectors, this,
            [this](const QString& file, const QString& address) {
                emit status(RecordingText::awaitingCollectors(file, address));
            });
    connect(&m_worker, &RecordingWorker::treeUp, this,
            [this](int nodes, double ms) { emit status(RecordingText::treeUp(nodes, ms)); });
    connect(&m_worker, &RecordingWorker::clocksNotMeasured, this,
            [this](bool atEnd, const QString& why) {
                emit status(RecordingText::clocksNotMeasured(atEnd, why));
            });
    connect(&m_worker, &RecordingWorker::planned, this,
            [this](std::shared_ptr<const Configuration> config) { m_configuration = *config; });
    connect(&m_worker, &RecordingWorker::statusChanged, this,
            [this](std::shared_ptr<const record::RecordingStatus> s,
                   std::shared_ptr<const store::StoredAccounting> accounting,
                   const QString& accountingError) {
                emit status(
                    RecordingText::status(*s, m_configuration ? &*m_configuration : nullptr));
                emit monitors(m_session, liveMonitors(*s, accounting.get(), accountingError));
            });
    connect(&m_worker, &RecordingWorker::timeline, this,
            [this](std::shared_ptr<const store::LiveTimeline> timeline) {
                emit this->timeline(m_session, std::move(timeline));
            });
    connect(&m_worker, &RecordingWorker::liveReport, this,
            [this](std::shared_ptr<const AnalysisReport> report) {
                emit liveReport(m_session, std::move(report));
            });
    connect(&m_worker, &RecordingWorker::figures, this, &LiveController::figures);
    connect(&m_worker, &RecordingWorker::redeployed, this,
            [this](const QString& design, const QString& change, const QString& refusal) {
                emit status(RecordingText::redeployed(design, change, refusal));
            });
    connect(&m_worker, &RecordingWorker::finished, this,
            [this](std::shared_ptr<const record::RecordingOutcome> outcome, const QString& error) {
                if (!outcome) {
                    emit finished(m_session, false, tr("the recording failed: %1").arg(error));
                    return;
                }
                emit finished(m_session, !outcome->incomplete, RecordingText::summary(*outcome));
            });
}

std::shared_ptr<const views::LiveMonitors>
LiveController::liveMonitors(const record::RecordingStatus& s,
                             const store::StoredAccounting* accounting, const QString& error) const
{
    auto live = std::make_shared<views::LiveMonitors>();
    if (accounting) {
        live->accounting = *accounting;
    }
    live->error = error;
    live->completeCalls = s.completeCalls;
    live->final = s.final;
    if (m_configuration) { // the path's wrappers by id; the configuration names them
        for (const int wrapper : s.imbalancePath) {
            if (wrapper < 0 || wrapper >= m_configuration->wrapperCount()) {
                live->imbalancePath.clear(); // not this configuration's: named nowhere
                break;
            }
            live->imbalancePath << QString::fromStdString(m_configuration->wrapper(wrapper).id);
        }
    }
    return live;
}

bool LiveController::launch(const QStringList& arguments, const QString& session)
{
    if (running()) {
        return false;
    }
    m_session = session;
    m_pendingErr.clear();
    m_pendingOut.clear();
    m_output.clear();
    m_errors.clear();
    m_process.start(cliProgram(), arguments);
    m_timer.start();
    emit started(session);
    return true;
}

void LiveController::stop()
{
    m_worker.stop(); // the program is interrupted, the rings drained, the run kept
    if (m_process.state() != QProcess::NotRunning) {
        m_process.terminate(); // SIGTERM: xylem-cli mpi does the same
    }
}

bool LiveController::running() const
{
    return m_worker.running() || m_process.state() != QProcess::NotRunning;
}

// Lines of either stream: figures lines ({"figures" ...}) are passed on as they come and not
// kept; of the rest, the "record: " and "mpi: " lines are status, standard output (keep) is kept
// whole for the summary, and standard error's other lines are the cause should the run fail.
void LiveController::readStatus(QByteArray& pending, const QByteArray& more, bool keep)
{
    pending += more;
    qsizetype end = 0;
    while ((end = pending.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(pending.left(end)).trimmed();
        pending.remove(0, end + 1);
        if (line.startsWith(QLatin1String("{\"figures\""))) {
            emit figures(line); // ten a second: passed on, not kept for the summary
            continue;
        }
        if (keep && !line.isEmpty()) {
            m_output += line + QLatin1Char('\n');
        }
        if (line.startsWith(QLatin1String("record: ")) || line.startsWith(QLatin1String("mpi: "))) {
            emit status(line);
        } else if (!keep && !line.isEmpty()) {
            m_errors << line; // what went wrong, for the message should the recording fail
            if (m_errors.size() > kErrorLines) {
                m_errors.removeFirst();
            }
        }
    }
}

} // namespace xylem::gui
