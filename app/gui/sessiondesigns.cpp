#include "app/gui/sessiondesigns.h"

#include "core/live/designstore.h"
#include "core/store/attachments.h"

#include <QCoreApplication>

#include <map>

namespace xylem::gui {

namespace {

// Each scope id's runs, as labels ("run 2: live demo").
Result<std::map<std::int64_t, QStringList>> runsByScope(store::Session& session)
{
    XYLEM_TRY(links, store::runScopeLinks(session));
    std::map<std::int64_t, QStringList> labels;
    for (const store::RunScopeLink& link : links.value()) {
        labels[link.scopeId] << QCoreApplication::translate("xylem::gui::MainWindow", "run %1: %2")
                                    .arg(link.runId)
                                    .arg(QString::fromStdString(link.runName));
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
        designs.push_back({std::move(design.design), labels.value()[design.id]});
    }
    return designs;
}

} // namespace xylem::gui
