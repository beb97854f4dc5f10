#include "app/gui/recordsettings.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace xylem::gui {

namespace {

std::string text(const QString& s)
{
    return s.toStdString();
}

// xylem-gsum's calls per thread: in practice unbounded for the demo (1e8), capped to an int.
std::optional<int> iterationsOf(qint64 iterations)
{
    return iterations > 0 ? std::optional<int>(static_cast<int>(
                                std::min<qint64>(iterations, std::numeric_limits<int>::max())))
                          : std::nullopt;
}

// What every kind shares: the design (or else the scope), the noise, the run's name — the
// generated tree's too, as xylem-cli record --name does — and the session.
record::RecordRequest completed(record::RecordRequest r, const QString& design,
                                const QString& scope, const QString& noise, const QString& name,
                                const QString& session)
{
    if (!design.isEmpty()) {
        r.designFile = text(design);
    } else if (!scope.isEmpty()) {
        r.scopeFile = text(scope);
    }
    if (!noise.isEmpty()) {
        r.workload.noise.push_back(text(noise));
    }
    r.runName = text(name);
    r.tree.name = *r.runName;
    r.sessionPath = text(session);
    return r;
}

// The run's name in the user's language (the Live menu's words, as before it moved here).
QString runName(const char* name)
{
    return QCoreApplication::translate("xylem::gui::LiveController", name);
}

} // namespace

record::RecordRequest demoRequest(const DemoSettings& s)
{
    record::RecordRequest r;
    r.tree.hosts = s.hostList.isEmpty() ? std::to_string(s.hosts) : text(s.hostList);
    r.tree.threads = s.threadsPerHost;
    r.tree.shape = treeShapeFromString(text(s.shape)).value_or(TreeShape::HierarchyAware);
    r.workload.iterations = iterationsOf(s.iterations);
    return completed(std::move(r), s.designFile, QString(), s.noise,
                     runName(QT_TRANSLATE_NOOP("xylem::gui::LiveController", "live demo")),
                     s.session);
}

record::RecordRequest attachRequest(const AttachSettings& s)
{
    record::RecordRequest r;
    r.tree.configFile = text(s.configuration);
    r.attachFile = text(s.addressFile);
    r.duration = std::chrono::seconds(s.durationSeconds);
    return completed(std::move(r), s.designFile, s.scope, QString(),
                     runName(QT_TRANSLATE_NOOP("xylem::gui::LiveController", "monitored program")),
                     s.session);
}

record::RecordRequest clusterRequest(const ClusterRecordSettings& s)
{
    record::RecordRequest r;
    r.tree.hostFile = text(s.hostFile);
    if (s.threadsPerHost > 0) { // else the host file's slots
        r.tree.threads = s.threadsPerHost;
    }
    r.launcher = text(s.launcher);
    r.listen = s.listen.isEmpty() ? std::string("auto") : text(s.listen);
    if (s.iterations > 0) {
        r.workload.iterations = iterationsOf(s.iterations);
    } else {
        r.duration = std::chrono::seconds(s.durationSeconds);
    }
    r.workload.benchmark = text(s.benchmark);
    return completed(std::move(r), s.designFile, s.scope, s.noise,
                     runName(QT_TRANSLATE_NOOP("xylem::gui::LiveController", "cluster recording")),
                     s.session);
}

} // namespace xylem::gui
