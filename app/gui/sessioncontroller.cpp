#include "app/gui/sessioncontroller.h"

#include "app/gui/guardedjob.h"
#include "app/gui/runclocks.h"
#include "core/analysis/analyzer.h"
#include "core/store/runcatalog.h"
#include "core/store/storedclocks.h"
#include "core/store/progress.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "core/store/sessioncopy.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent>

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

// Opens the session read-only off the GUI thread, reads with read(session), and hands the value
// to done on the GUI thread; a failure is emitted as failed(failure with %2 = the error).
template <typename T, typename Read, typename Done>
void readOffThread(SessionController* controller, std::string path, Read read, QString failure,
                   Done done)
{
    QPointer<SessionController> self(controller);
    (void)QtConcurrent::run([self, path = std::move(path), read, failure, done] {
        auto value = guarded([&]() -> Result<T> {
            XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
            return read(session.value());
        });
        QMetaObject::invokeMethod(qApp, [self, failure, done, value = std::move(value)]() mutable {
            if (!self) {
                return;
            }
            if (!value) {
                emit self->failed(failure.arg(describe(value.error())));
                return;
            }
            done(self.data(), std::move(value).value());
        });
    });
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
    const int generation = ++*m_generation;
    emit busy(true);
    QPointer<SessionController> self(this);
    auto current = m_generation;
    (void)QtConcurrent::run([self, current, generation, path] {
        auto listed = guarded([&] { return listSession(path.toStdString()); });
        QMetaObject::invokeMethod(
            qApp, [self, current, generation, path, listed = std::move(listed)] {
                if (!self || *current != generation) {
                    return; // a newer request, or the window is gone
                }
                emit self->busy(false);
                if (!listed) {
                    emit self->failed(tr("Cannot open %1: %2").arg(path, describe(listed.error())));
                    return;
                }
                self->m_path = path;
                emit self->sessionOpened(path, listed.value());
            });
    });
}

void SessionController::analyzeRun(qint64 run)
{
    const int generation = ++*m_generation;
    emit busy(true);
    QPointer<SessionController> self(this);
    auto current = m_generation;
    const std::string path = m_path.toStdString();
    (void)QtConcurrent::run([self, current, generation, path, run] {
        // Called on this thread after each chunk: queued to the GUI thread, and only when the
        // whole percent changes (a big run has thousands of chunks).
        int shown = -2;
        const store::Progress progress = [&](std::int64_t done, std::int64_t total) {
            const int percent = total > 0 && done < total
                                    ? static_cast<int>(std::min<std::int64_t>(done * 100 / total, 99))
                                    : -1; // all read: the engine works now, uncounted
            if (percent == shown) {
                return;
            }
            shown = percent;
            QMetaObject::invokeMethod(qApp, [self, current, generation, percent] {
                if (self && *current == generation) {
                    emit self->progress(percent);
                }
            });
        };
        auto analysed = guarded([&] { return analyzeStored(path, run, progress); });
        QMetaObject::invokeMethod(
            qApp, [self, current, generation, run, analysed = std::move(analysed)] {
                if (!self || *current != generation) {
                    return;
                }
                emit self->busy(false);
                if (!analysed) {
                    emit self->failed(
                        tr("Cannot analyse run %1: %2").arg(run).arg(describe(analysed.error())));
                    return;
                }
                emit self->reportAvailable(run, analysed->report, analysed->operationTimes);
            });
    });
}

void SessionController::queryTimeline(qint64 run, qint64 fromNs, qint64 toNs, int maxPoints)
{
    const int generation = ++*m_timelineGeneration;
    QPointer<SessionController> self(this);
    auto current = m_timelineGeneration;
    const std::string path = m_path.toStdString();
    (void)QtConcurrent::run([self, current, generation, path, run, fromNs, toNs, maxPoints] {
        if (*current != generation) {
            return; // already stale: do not touch the file
        }
        auto slices = guarded([&] {
            return queryBoth(path, run, store::TimeWindow{fromNs, toNs + 1}, maxPoints);
        });
        QMetaObject::invokeMethod(
            qApp, [self, current, generation, run, slices = std::move(slices)] {
                if (!self || *current != generation) {
                    return;
                }
                if (!slices) {
                    emit self->failed(tr("Cannot read the timeline of run %1: %2")
                                          .arg(run)
                                          .arg(describe(slices.error())));
                    return;
                }
                emit self->timelineAvailable(run, slices->operation, slices->slowest);
            });
    });
}

void SessionController::cancel()
{
    ++*m_generation;
    emit busy(false);
}

void SessionController::edit(store::OpenMode mode,
                             std::function<Result<Ok>(store::Session& session)> job,
                             const QString& doing, std::function<void()> done)
{
    if (m_path.isEmpty()) {
        emit failed(tr("Cannot %1: no session is open.").arg(doing));
        return;
    }
    QPointer<SessionController> self(this);
    const std::string path = m_path.toStdString();
    (void)QtConcurrent::run(
        [self, path, mode, job = std::move(job), doing, done = std::move(done)] {
            auto result = guarded([&]() -> Result<Ok> {
                XYLEM_TRY(session, store::Session::open(path, mode));
                return job(session.value());
            });
            QMetaObject::invokeMethod(qApp, [self, doing, done, result = std::move(result)] {
                if (!self) {
                    return;
                }
                if (!result) {
                    emit self->failed(tr("Cannot %1: %2").arg(doing, describe(result.error())));
                    return;
                }
                done();
            });
        });
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
    readOffThread<std::vector<store::SystemSample>>(
        this, m_path.toStdString(),
        [run](store::Session& session) { return store::systemSamples(session, run); },
        tr("Cannot read the system samples of run %1: %2").arg(run),
        [run](SessionController* self, std::vector<store::SystemSample> samples) {
            emit self->systemSamplesAvailable(run, samples);
        });
}

void SessionController::queryWaitStates(qint64 run)
{
    readOffThread<std::optional<WaitStateData>>(
        this, m_path.toStdString(),
        [run](store::Session& session) { return loadWaitStates(session, run); },
        tr("Cannot work out the wait states of run %1: %2").arg(run),
        [run](SessionController* self, std::optional<WaitStateData> data) {
            emit self->waitStatesAvailable(
                run, data ? std::make_shared<const WaitStateData>(std::move(*data)) : nullptr);
        });
}

void SessionController::queryClocks(qint64 run)
{
    readOffThread<RunClocks>(
        this, m_path.toStdString(),
        [run](store::Session& session) { return loadRunClocks(session, run); },
        tr("Cannot read the clocks of run %1: %2").arg(run),
        [run](SessionController* self, RunClocks clocks) {
            emit self->clocksAvailable(run, std::make_shared<const RunClocks>(std::move(clocks)));
        });
}

} // namespace xylem::gui
