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
                           QString::fromUtf8(store::toString(r.status).data())});
    }
    return entries;
}

Result<std::shared_ptr<const AnalysisReport>> analyzeStored(const std::string& path, qint64 run)
{
    XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
    XYLEM_TRY(loaded, store::loadRun(session.value(), run));
    return std::make_shared<const AnalysisReport>(analyze(loaded.value()));
}

} // namespace

SessionController::SessionController(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<QVector<xylem::gui::RunEntry>>();
    qRegisterMetaType<std::shared_ptr<const xylem::AnalysisReport>>();
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

} // namespace xylem::gui
