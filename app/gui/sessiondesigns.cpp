#include "app/gui/sessiondesigns.h"

#include "core/live/designstore.h"
#include "core/store/attachments.h"
#include "core/store/runcatalog.h"

#include <QCoreApplication>

#include <map>

namespace xylem::gui {

namespace {

struct RunsOfScope
{
    QStringList labels; // "run 2: live demo"
    std::vector<std::int64_t> ids;
};

// The runs recorded with each scope id.
Result<std::map<std::int64_t, RunsOfScope>> runsByScope(store::Session& session)
{
    XYLEM_TRY(runs, store::listRuns(session));
    std::map<std::int64_t, RunsOfScope> labels;
    for (const store::RunInfo& run : runs.value()) {
        XYLEM_TRY(scopes, store::scopesOfRun(session, run.id));
        const QString label = QCoreApplication::translate("xylem::gui::MainWindow", "run %1: %2")
                                  .arg(run.id)
                                  .arg(QString::fromStdString(run.metadata.name));
        for (const std::int64_t scope : scopes.value()) {
            labels[scope].labels << label;
            labels[scope].ids.push_back(run.id);
        }
    }
    return labels;
}

// The session at path, read-only; an error names the file.
Result<store::Session> openReadOnly(const QString& path)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    if (!session) {
        Error e = session.error();
        e.where = path.toStdString() + (e.where.empty() ? "" : ": " + e.where);
        return e;
    }
    return session;
}

} // namespace

Result<std::vector<live::StoredDesign>> designsOfRun(const QString& path, std::int64_t run)
{
    XYLEM_TRY(session, openReadOnly(path));
    return live::designsOfRun(session.value(), run);
}

Result<std::vector<views::SessionDesign>> readSessionDesigns(const QString& path)
{
    XYLEM_TRY(session, openReadOnly(path));
    XYLEM_TRY(stored, live::designsInSession(session.value()));
    XYLEM_TRY(labels, runsByScope(session.value()));
    std::vector<views::SessionDesign> designs;
    for (live::StoredDesign& design : stored.value()) {
        const RunsOfScope& used = labels.value()[design.id];
        designs.push_back({std::move(design.design), used.labels});
    }
    return designs;
}

} // namespace xylem::gui
