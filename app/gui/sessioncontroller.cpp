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
#include "core/store/windowedanalysis.h"

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
    qRegisterMetaType<xylem::gui::RunKey>();
    qRegisterMetaType<std::shared_ptr<const xylem::AnalysisReport>>();
    qRegisterMetaType<std::shared_ptr<const std::vector<std::int64_t>>>();
    qRegisterMetaType<xylem::store::TimelineSlice>();
    qRegisterMetaType<std::vector<xylem::store::SystemSample>>();
    qRegisterMetaType<std::shared_ptr<const xylem::gui::RunClocks>>();
}

void SessionController::openSession(const QString& path)
{
    m_toAdd.clear(); // what waited to be added goes with the sessions open
    list(path, true);
}

void SessionController::addSession(const QString& path)
{
    m_toAdd.push_back(path);
    listNext();
}

void SessionController::listNext()
{
    if (!m_listing && !m_toAdd.isEmpty()) {
        list(m_toAdd.takeFirst(), false);
    }
}

void SessionController::list(const QString& path, bool replace)
{
    m_listing = true;
    emit busy(true);
    runOffThread(
        this, m_lists.next(),
        [path = path.toStdString()](const JobProgress&) { return listSession(path); },
        [path, replace](SessionController* self, Result<QVector<RunEntry>> listed) {
            self->m_listing = false;
            emit self->busy(false);
            if (!listed) {
                emit self->failed(tr("Cannot open %1: %2").arg(path, describe(listed.error())));
            } else if (replace) {
                self->m_comparisonTicket = self->m_comparisons.next(); // of the sessions closed
                self->m_path = path;
                self->m_sessions = {path};
                emit self->sessionOpened(path, listed.value());
            } else {
                if (!self->m_sessions.contains(path)) {
                    self->m_sessions.push_back(path);
                }
                if (self->m_path.isEmpty()) {
                    self->m_path = path;
                }
                emit self->sessionAdded(path, listed.value());
            }
            self->listNext();
        });
}

void SessionController::closeSession(const QString& path)
{
    if (!m_sessions.removeOne(path)) {
        return;
    }
    if (m_path == path) { // what is under way for its runs is not shown
        m_requests.cancel();
        m_timelineRequests.cancel();
        m_path.clear();
    }
    emit sessionClosed(path);
}

void SessionController::analyzeRun(qint64 run)
{
    analyzeRun(RunKey{m_path, run});
}

void SessionController::analyzeRun(const RunKey& key)
{
    emit busy(true);
    runOffThread(
        this, m_requests.next(),
        [path = key.session.toStdString(), run = key.run](const JobProgress& progress) {
            // Called after each chunk: passed on only when the whole percent changes.
            return analyzeStored(path, run, [&progress](std::int64_t done, std::int64_t total) {
                progress(percentRead(done, total));
            });
        },
        [key](SessionController* self, Result<Analysed> analysed) {
            emit self->busy(false);
            if (!analysed) {
                emit self->failed(
                    tr("Cannot analyse run %1: %2").arg(key.run).arg(describe(analysed.error())));
                return;
            }
            if (self->m_path != key.session) { // what was asked for the run before is stale
                self->m_timelineRequests.cancel();
                self->m_path = key.session;
            }
            emit self->reportAvailable(key.run, analysed->report, analysed->operationTimes);
        },
        std::function<void(SessionController*, int)>(
            [](SessionController* self, int percent) { emit self->progress(percent); }));
}

void SessionController::analyzeWindow(qint64 run, const CallWindow& window)
{
    struct Windowed
    {
        std::shared_ptr<const AnalysisReport> report;
        std::shared_ptr<const std::vector<std::int64_t>> operationTimes;
        qint64 firstSeq = 0;
        qint64 lastSeq = 0;
    };
    emit busy(true);
    runOffThread(
        this, m_requests.next(),
        [path = m_path.toStdString(), run, window](const JobProgress& progress) -> Result<Windowed> {
            XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
            XYLEM_TRY(analysed, store::analyzeStoredRunWithCalls(
                                    session.value(), run, window,
                                    [&progress](std::int64_t done, std::int64_t total) {
                                        progress(percentRead(done, total));
                                    }));
            auto times = std::make_shared<std::vector<std::int64_t>>();
            times->reserve(analysed->calls.size());
            for (const CallTimes& call : analysed->calls) {
                times->push_back(call.operationTime);
            }
            const auto& calls = analysed->calls;
            return Windowed{
                std::make_shared<const AnalysisReport>(std::move(analysed.value().report)),
                std::move(times), calls.empty() ? 0 : calls.front().seq,
                calls.empty() ? 0 : calls.back().seq};
        },
        [run](SessionController* self, Result<Windowed> windowed) {
            emit self->busy(false);
            if (!windowed) {
                emit self->windowFailed(run, tr("Cannot analyse run %1 in that window: %2")
                                                 .arg(run)
                                                 .arg(describe(windowed.error())));
                return;
            }
            emit self->windowReportAvailable(run, windowed->report, windowed->operationTimes,
                                             windowed->firstSeq, windowed->lastSeq);
        },
        std::function<void(SessionController*, int)>(
            [](SessionController* self, int percent) { emit self->progress(percent); }));
}

void SessionController::analyzeForComparison(const RunKey& key)
{
    runOffThread(
        this, m_comparisonTicket,
        [path = key.session.toStdString(), run = key.run](const JobProgress&) {
            return analyzeStored(path, run, [](std::int64_t, std::int64_t) {});
        },
        [key](SessionController* self, Result<Analysed> analysed) {
            if (!self->m_sessions.contains(key.session)) {
                return; // closed meanwhile
            }
            if (!analysed) {
                emit self->comparisonFailed(
                    key,
                    tr("Cannot analyse run %1: %2").arg(key.run).arg(describe(analysed.error())));
                return;
            }
            emit self->comparisonReportAvailable(key, analysed->report, analysed->operationTimes);
        });
}

void SessionController::queryTimeline(qint64 run, qint64 fromNs, qint64 toNs, int maxPoints)
{
    runOffThread(
        this, m_timelineRequests.next(),
        [path = m_path.toStdString(), run, fromNs, toNs, maxPoints](const JobProgress&) {
            return queryBoth(path, run, store::TimeWindow{fromNs, toNs + 1}, maxPoints);
        },
        [run, fromNs, toNs](SessionController* self, Result<Slices> slices) {
            if (!slices) {
                emit self->failed(tr("Cannot read the timeline of run %1: %2")
                                      .arg(run)
                                      .arg(describe(slices.error())));
                return;
            }
            emit self->timelineAvailable(run, slices->operation, slices->slowest, fromNs, toNs);
        });
}

void SessionController::cancel()
{
    m_requests.cancel();
    m_lists.cancel();
    m_listing = false;
    m_toAdd.clear();
    emit busy(false);
}

template <typename T, typename Job, typename Done>
void SessionController::withSession(const QString& path, store::OpenMode mode, Job job,
                                    const QString& failure, Done done, bool shownOnly)
{
    runOffThread(
        this, Ticket(),
        [path = path.toStdString(), mode, job = std::move(job)](const JobProgress&) -> Result<T> {
            XYLEM_TRY(session, store::Session::open(path, mode));
            return job(session.value());
        },
        [path, shownOnly, failure, done = std::move(done)](SessionController* self,
                                                            Result<T> result) {
            if (shownOnly && self->m_path != path) {
                return; // of a run of another session than the one shown now
            }
            if (!result) {
                emit self->failed(failure.arg(describe(result.error())));
                return;
            }
            done(self, std::move(result).value());
        });
}

void SessionController::edit(const QString& path, store::OpenMode mode,
                             std::function<Result<Ok>(store::Session& session)> job,
                             const QString& doing, std::function<void()> done)
{
    if (path.isEmpty()) {
        emit failed(tr("Cannot %1: no session is open.").arg(doing));
        return;
    }
    withSession<Ok>(path, mode, std::move(job), tr("Cannot %1: %2").arg(doing),
                    [done = std::move(done)](SessionController*, Ok) { done(); });
}

void SessionController::renameRun(const RunKey& key, const QString& name)
{
    edit(
        key.session, store::OpenMode::ReadWrite,
        [run = key.run, name = name.toStdString()](store::Session& session) {
            return store::renameRun(session, run, name);
        },
        tr("rename run %1").arg(key.run), [this, key, name] { emit runRenamed(key, name); });
}

void SessionController::setRunNotes(const RunKey& key, const QString& notes)
{
    edit(
        key.session, store::OpenMode::ReadWrite,
        [run = key.run, notes = notes.toStdString()](store::Session& session) {
            return store::setRunNotes(session, run, notes);
        },
        tr("keep the notes of run %1").arg(key.run),
        [this, key, notes] { emit runNotesKept(key, notes); });
}

void SessionController::save()
{
    const QString path = m_path;
    edit(path, store::OpenMode::ReadWrite, store::checkpointSession, tr("save the session"),
         [this, path] { emit saved(path); });
}

void SessionController::saveAs(const QString& target)
{
    const QString from = m_path;
    edit(
        from, store::OpenMode::ReadOnly,
        [target = target.toStdString()](store::Session& session) {
            return store::copySession(session, target);
        },
        tr("save the session as %1").arg(target),
        [this, from, target] { emit savedAs(from, target); });
}

void SessionController::querySystemSamples(qint64 run)
{
    withSession<std::vector<store::SystemSample>>(
        m_path, store::OpenMode::ReadOnly,
        [run](store::Session& session) { return store::systemSamples(session, run); },
        tr("Cannot read the system samples of run %1: %2").arg(run),
        [run](SessionController* self, std::vector<store::SystemSample> samples) {
            emit self->systemSamplesAvailable(run, samples);
        },
        true);
}

void SessionController::queryWaitStates(qint64 run)
{
    withSession<std::optional<WaitStateData>>(
        m_path, store::OpenMode::ReadOnly,
        [run](store::Session& session) { return loadWaitStates(session, run); },
        tr("Cannot work out the wait states of run %1: %2").arg(run),
        [run](SessionController* self, std::optional<WaitStateData> data) {
            emit self->waitStatesAvailable(
                run, data ? std::make_shared<const WaitStateData>(std::move(*data)) : nullptr);
        },
        true);
}

void SessionController::queryClocks(qint64 run)
{
    withSession<RunClocks>(
        m_path, store::OpenMode::ReadOnly,
        [run](store::Session& session) { return loadRunClocks(session, run); },
        tr("Cannot read the clocks of run %1: %2").arg(run),
        [run](SessionController* self, RunClocks clocks) {
            emit self->clocksAvailable(run, std::make_shared<const RunClocks>(std::move(clocks)));
        },
        true);
}

} // namespace xylem::gui
