#include "app/gui/sessioncontroller.h"

#include "app/gui/offthread.h"
#include "app/gui/runclocks.h"
#include "core/analysis/analyzer.h"
#include "core/store/runcatalog.h"
#include "core/store/storedclocks.h"
#include "core/store/progress.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "core/store/sessioncopy.h"

#include <algorithm>

namespace xylem::gui {

namespace {

QString describe(const Error& e)
{
    return QString::fromStdString(e.describe());
}

Result<QVector<RunEntry>> listSession(const std::string& path)
{
    XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
    XYLEM_TRY(runs, store::listRuns(session.value()));
    QVector<RunEntry> entries;
    for (const store::RunInfo& r : runs.value()) {
        entries.push_back({r.id, QString::fromStdString(r.metadata.name),
                           QString::fromStdString(r.metadata.source), r.tuples, r.calls,
                           QString::fromUtf8(store::toString(r.status).data()),
                           QString::fromStdString(r.metadata.notes), r.firstNs.value_or(0),
                           r.lastNs.value_or(0)});
    }
    return entries;
}

struct Analysed
{
    std::shared_ptr<const AnalysisReport> report;
    std::shared_ptr<const std::vector<std::int64_t>> operationTimes;
};

// The run's analysis, and its calls' operation times from the store's per-call records.
Result<Analysed> analyzeStored(const std::string& path, qint64 run,
                               const store::Progress& progress)
{
    XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
    // Which hosts have a clock model decides how proxy hops across hosts are split (§4).
    XYLEM_TRY(report, store::analyzeStoredRun(session.value(), run, progress));
    XYLEM_TRY(calls, store::loadCalls(session.value(), run));
    auto times = std::make_shared<std::vector<std::int64_t>>();
    times->reserve(calls->size());
    for (const CallTimes& call : calls.value()) {
        times->push_back(call.operationTime);
    }
    return Analysed{std::make_shared<const AnalysisReport>(std::move(report).value()),
                    std::move(times)};
}

struct Slices
{
    store::TimelineSlice operation;
    store::TimelineSlice slowest;
};

Result<Slices> queryBoth(const std::string& path, qint64 run, store::TimeWindow window,
                         int maxPoints)
{
    XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
    const auto points = static_cast<size_t>(std::max(maxPoints, 1));
    XYLEM_TRY(operation,
              store::queryTimeline(session.value(), run, store::kOperationSeries, window, points));
    XYLEM_TRY(slowest, store::queryTimeline(session.value(), run, store::kSlowestThreadSeries,
                                            window, points));
    return Slices{std::move(operation).value(), std::move(slowest).value()};
}

// "how far": 0..99 while the run's chunks are read, -1 once the engine works (uncounted).
int percentRead(std::int64_t done, std::int64_t total)
{
    return total > 0 && done < total
               ? static_cast<int>(std::min<std::int64_t>(done * 100 / total, 99))
               : -1;
}

} // namespace

SessionController::SessionController(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<QVector<xylem::gui::RunEntry>>();
    qRegisterMetaType<std::shared_ptr<const xylem::AnalysisReport>>();
    qRegisterMetaType<std::shared_ptr<const std::vector<std::int64_t>>>();
    qRegisterMetaType<xylem::store::TimelineSlice>();
    qRegisterMetaType<std::vector<xylem::store::SystemSample>>();
    qRegisterMetaType<std::shared_ptr<const xylem::gui::RunClocks>>();
}

void SessionController::openSession(const QString& path)
{
    emit busy(true);
    runOffThread(
        this, m_requests.next(),
        [path = path.toStdString()](const JobProgress&) { return listSession(path); },
        [path](SessionController* self, Result<QVector<RunEntry>> listed) {
            emit self->busy(false);
            if (!listed) {
                emit self->failed(tr("Cannot open %1: %2").arg(path, describe(listed.error())));
                return;
            }
            self->m_path = path;
            emit self->sessionOpened(path, listed.value());
        });
}

void SessionController::analyzeRun(qint64 run)
{
    emit busy(true);
    runOffThread(
        this, m_requests.next(),
        [path = m_path.toStdString(), run](const JobProgress& progress) {
            // Called after each chunk: passed on only when the whole percent changes.
            return analyzeStored(path, run, [&progress](std::int64_t done, std::int64_t total) {
                progress(percentRead(done, total));
            });
        },
        [run](SessionController* self, Result<Analysed> analysed) {
            emit self->busy(false);
            if (!analysed) {
                emit self->failed(
                    tr("Cannot analyse run %1: %2").arg(run).arg(describe(analysed.error())));
                return;
            }
            emit self->reportAvailable(run, analysed->report, analysed->operationTimes);
        },
        std::function<void(SessionController*, int)>(
            [](SessionController* self, int percent) { emit self->progress(percent); }));
}

void SessionController::queryTimeline(qint64 run, qint64 fromNs, qint64 toNs, int maxPoints)
{
    runOffThread(
        this, m_timelineRequests.next(),
        [path = m_path.toStdString(), run, fromNs, toNs, maxPoints](const JobProgress&) {
            return queryBoth(path, run, store::TimeWindow{fromNs, toNs + 1}, maxPoints);
        },
        [run](SessionController* self, Result<Slices> slices) {
            if (!slices) {
                emit self->failed(tr("Cannot read the timeline of run %1: %2")
                                      .arg(run)
                                      .arg(describe(slices.error())));
                return;
            }
            emit self->timelineAvailable(run, slices->operation, slices->slowest);
        });
}

void SessionController::cancel()
{
    m_requests.cancel();
    emit busy(false);
}

template <typename T, typename Job, typename Done>
void SessionController::withSession(store::OpenMode mode, Job job, const QString& failure,
                                    Done done)
{
    runOffThread(
        this, Ticket(),
        [path = m_path.toStdString(), mode, job = std::move(job)](const JobProgress&) -> Result<T> {
            XYLEM_TRY(session, store::Session::open(path, mode));
            return job(session.value());
        },
        [failure, done = std::move(done)](SessionController* self, Result<T> result) {
            if (!result) {
                emit self->failed(failure.arg(describe(result.error())));
                return;
            }
            done(self, std::move(result).value());
        });
}

void SessionController::edit(store::OpenMode mode,
                             std::function<Result<Ok>(store::Session& session)> job,
                             const QString& doing, std::function<void()> done)
{
    if (m_path.isEmpty()) {
        emit failed(tr("Cannot %1: no session is open.").arg(doing));
        return;
    }
    withSession<Ok>(mode, std::move(job), tr("Cannot %1: %2").arg(doing),
                    [done = std::move(done)](SessionController*, Ok) { done(); });
}

void SessionController::renameRun(qint64 run, const QString& name)
{
    edit(
        store::OpenMode::ReadWrite,
        [run, name = name.toStdString()](store::Session& session) {
            return store::renameRun(session, run, name);
        },
        tr("rename run %1").arg(run), [this, run, name] { emit runRenamed(run, name); });
}

void SessionController::setRunNotes(qint64 run, const QString& notes)
{
    edit(
        store::OpenMode::ReadWrite,
        [run, notes = notes.toStdString()](store::Session& session) {
            return store::setRunNotes(session, run, notes);
        },
        tr("keep the notes of run %1").arg(run),
        [this, run, notes] { emit runNotesKept(run, notes); });
}

void SessionController::save()
{
    const QString path = m_path;
    edit(store::OpenMode::ReadWrite, store::checkpointSession, tr("save the session"),
         [this, path] { emit saved(path); });
}

void SessionController::saveAs(const QString& target)
{
    edit(
        store::OpenMode::ReadOnly,
        [target = target.toStdString()](store::Session& session) {
            return store::copySession(session, target);
        },
        tr("save the session as %1").arg(target), [this, target] { emit savedAs(target); });
}

void SessionController::querySystemSamples(qint64 run)
{
    withSession<std::vector<store::SystemSample>>(
        store::OpenMode::ReadOnly,
        [run](store::Session& session) { return store::systemSamples(session, run); },
        tr("Cannot read the system samples of run %1: %2").arg(run),
        [run](SessionController* self, std::vector<store::SystemSample> samples) {
            emit self->systemSamplesAvailable(run, samples);
        });
}

void SessionController::queryWaitStates(qint64 run)
{
    withSession<std::optional<WaitStateData>>(
        store::OpenMode::ReadOnly,
        [run](store::Session& session) { return loadWaitStates(session, run); },
        tr("Cannot work out the wait states of run %1: %2").arg(run),
        [run](SessionController* self, std::optional<WaitStateData> data) {
            emit self->waitStatesAvailable(
                run, data ? std::make_shared<const WaitStateData>(std::move(*data)) : nullptr);
        });
}

void SessionController::queryClocks(qint64 run)
{
    withSession<RunClocks>(
        store::OpenMode::ReadOnly,
        [run](store::Session& session) { return loadRunClocks(session, run); },
        tr("Cannot read the clocks of run %1: %2").arg(run),
        [run](SessionController* self, RunClocks clocks) {
            emit self->clocksAvailable(run, std::make_shared<const RunClocks>(std::move(clocks)));
        });
}

} // namespace xylem::gui
