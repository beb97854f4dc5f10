#include "app/gui/livecontroller.h"

#include "app/gui/recordingtext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

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
    connectWorker();
    connectMpiWorker();
}

LiveController::~LiveController() = default; // the workers store what is under way and end

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
    if (s.command.isEmpty() || running()) {
        return false;
    }
    record::MpiRecordRequest request;
    for (const QString& word : s.command) {
        request.command.push_back(word.toStdString());
    }
    request.sessionPath = s.session.toStdString();
    request.shape = s.shape == QLatin1String("flat") ? RunShape::Flat : RunShape::Hierarchy;
    // The run is named after the program ("mpi PROGRAM"), as xylem-cli mpi names it.
    QDir().mkpath(QFileInfo(s.session).absolutePath());
    m_session = s.session;
    m_configuration.reset();
    m_errors.clear();
    m_lastOutput.clear();
    if (!m_mpiWorker.start(std::move(request))) {
        return false;
    }
    emit started(s.session);
    return true;
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

void LiveController::connectMpiWorker()
{
    connect(&m_mpiWorker, &MpiRecordingWorker::phaseChanged, this,
            [this](record::Phase p) { emit status(RecordingText::phase(p)); });
    connect(&m_mpiWorker, &MpiRecordingWorker::statusChanged, this,
            [this](qint64 tuples, double seconds, double rate) {
                const QString progress = RecordingText::mpiStatus(tuples, seconds, rate);
                // The program's newest line stays beside the progress, not only until the next.
                emit status(m_lastOutput.isEmpty()
                                ? progress
                                : tr("%1 · %2").arg(progress, RecordingText::mpiOutput(m_lastOutput)));
            });
    connect(&m_mpiWorker, &MpiRecordingWorker::output, this,
            [this](const QString& line, bool standardError) {
                if (standardError) {
                    m_errors << line;
                    if (m_errors.size() > kErrorLines) {
                        m_errors.removeFirst();
                    }
                }
                if (!line.trimmed().isEmpty()) {
                    m_lastOutput = line.trimmed();
                }
                emit programOutput(line, standardError);
                emit status(RecordingText::mpiOutput(line));
            });
    connect(
        &m_mpiWorker, &MpiRecordingWorker::finished, this,
        [this](std::shared_ptr<const record::MpiRecordingOutcome> outcome, const QString& error) {
            if (!outcome) {
                emit finished(m_session, false, tr("the recording failed: %1").arg(error));
                return;
            }
            QString message = RecordingText::mpiSummary(*outcome);
            if (outcome->runs.empty() && !m_errors.isEmpty()) {
                message += QLatin1Char('\n') + m_errors.join(QLatin1Char('\n'));
            }
            emit finished(m_session, !outcome->runs.empty(), message);
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

void LiveController::stop()
{
    m_worker.stop();    // the program is interrupted, the rings drained, the run kept
    m_mpiWorker.stop(); // the MPI program is interrupted (again: ended), what it recorded kept
}

bool LiveController::running() const
{
    return m_worker.running() || m_mpiWorker.running();
}

} // namespace xylem::gui
