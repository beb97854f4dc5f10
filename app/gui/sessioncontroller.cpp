#include "app/gui/sessioncontroller.h"

#include "core/analysis/analyzer.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/session.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent>

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
                           r.firstNs.value_or(0), r.lastNs.value_or(0)});
    }
    return entries;
}

Result<std::shared_ptr<const AnalysisReport>> analyzeStored(const std::string& path, qint64 run)
{
    XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
    XYLEM_TRY(loaded, store::loadRun(session.value(), run));
    return std::make_shared<const AnalysisReport>(analyze(loaded.value()));
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

} // namespace

SessionController::SessionController(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<QVector<xylem::gui::RunEntry>>();
    qRegisterMetaType<std::shared_ptr<const xylem::AnalysisReport>>();
    qRegisterMetaType<xylem::store::TimelineSlice>();
}

void SessionController::openSession(const QString& path)
{
    const int generation = ++*m_generation;
    emit busy(true);
    QPointer<SessionController> self(this);
    auto current = m_generation;
    (void)QtConcurrent::run([self, current, generation, path] {
        auto listed = listSession(path.toStdString());
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
        auto analysed = analyzeStored(path, run);
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
                emit self->reportAvailable(run, analysed.value());
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
        auto slices = queryBoth(path, run, store::TimeWindow{fromNs, toNs + 1}, maxPoints);
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

} // namespace xylem::gui
