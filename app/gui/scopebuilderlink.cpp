#include "app/gui/scopebuilderlink.h"

#include "app/gui/attachdialog.h"
#include "app/gui/livecontroller.h"
#include "app/gui/runpanel.h"
#include "app/gui/sessioncontroller.h"
#include "app/gui/sessiondesigns.h"
#include "core/live/scopedesignjson.h"
#include "views/scopebuilderpage.h"
#include "views/scopedocument.h"
#include "views/scopeinspector.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QListWidget>
#include <QSaveFile>

#include <algorithm>

namespace xylem::gui {

namespace {

// The design's collector hosts, in node order.
QStringList collectorHosts(const live::ScopeDesign& design)
{
    QStringList hosts;
    for (const live::DesignNode& node : design.nodes) {
        if (node.kind == live::DesignNodeKind::Collector) {
            hosts << QString::fromStdString(node.host);
        }
    }
    return hosts;
}

} // namespace

ScopeBuilderLink::ScopeBuilderLink(views::ScopeBuilderPage* page, LiveController* live,
                                   std::function<QString()> newSession, QObject* parent)
    : QObject(parent)
    , m_page(page)
    , m_live(live)
    , m_newSession(std::move(newSession))
{
    connect(page, &views::ScopeBuilderPage::deployRequested, this,
            [this](const live::ScopeDesign& design) { deploy(design); });
    connect(page, &views::ScopeBuilderPage::deployToProgramRequested, this,
            &ScopeBuilderLink::chooseProgram);
    connect(page, &views::ScopeBuilderPage::stopRequested, live, &LiveController::stop);
    page->inspector()->suggestPluginLibrary(exampleFilterPlugin(),
                                            QStringLiteral("longest-wait, wait-stats"));
    connect(live, &LiveController::figures, this, &ScopeBuilderLink::showFigures);
    connect(live, &LiveController::finished, this, [this] {
        if (!m_designFile.isEmpty()) {
            QFile::remove(m_designFile);
            m_designFile.clear();
            m_page->document()->setFigures({});
            m_page->setDeployed(false);
        }
    });
}

bool ScopeBuilderLink::writeDesign(const live::ScopeDesign& design)
{
    QSaveFile file(m_designFile); // written aside, then renamed over: never read half-written
    const std::string text = live::designToJson(design);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !file.commit()) {
        emit failed(
            tr("Cannot write the scope design to %1: %2").arg(m_designFile, file.errorString()));
        return false;
    }
    return true;
}

bool ScopeBuilderLink::redeploy(const live::ScopeDesign& design)
{
    if (!writeDesign(design)) {
        return false;
    }
    m_page->setStatus(tr("Redeploying “%1”: the program keeps running…")
                          .arg(QString::fromStdString(design.name)));
    return true;
}

bool ScopeBuilderLink::deploy(const live::ScopeDesign& design)
{
    if (!m_designFile.isEmpty() && m_live->running()) {
        return redeploy(design);
    }
    const QString session = m_newSession();
    DemoSettings settings;
    settings.hostList = collectorHosts(design).join(QLatin1Char(','));
    settings.noise.clear(); // the design names the hosts: no planted thread to delay
    settings.session = session;
    const bool started = startRecording(design, session, [this, &settings](const QString& file) {
        settings.designFile = file;
        return m_live->start(settings);
    });
    if (started) {
        m_page->setStatus(tr("Deploying “%1” on a local gsum cluster; recording into %2…")
                              .arg(QString::fromStdString(design.name), session));
    }
    return started;
}

// Writes the design beside session, then starts the recording through it; on failure nothing
// of ours is left behind.
bool ScopeBuilderLink::startRecording(const live::ScopeDesign& design, const QString& session,
                                      const std::function<bool(const QString&)>& start)
{
    if (m_live->running()) {
        emit failed(tr("A recording is under way already: stop it first (Live ▸ Stop)."));
        return false;
    }
    m_designFile = session + QStringLiteral(".design.json");
    if (!writeDesign(design)) {
        m_designFile.clear();
        return false;
    }
    if (!start(m_designFile)) {
        QFile::remove(m_designFile);
        m_designFile.clear();
        emit failed(tr("Cannot start the recording for the scope design."));
        return false;
    }
    m_page->setDeployed(true);
    return true;
}

void ScopeBuilderLink::chooseProgram(const live::ScopeDesign& design)
{
    AttachDialog dialog(m_page, AttachDialog::Purpose::DeployDesign);
    dialog.setCollectorHosts(collectorHosts(design));
    if (dialog.exec() == QDialog::Accepted) {
        deployToProgram(design, dialog.settings());
    }
}

bool ScopeBuilderLink::deployToProgram(const live::ScopeDesign& design, AttachSettings settings)
{
    settings.scope.clear(); // the design is the scope
    const bool started =
        startRecording(design, settings.session, [this, &settings](const QString& file) {
            settings.designFile = file;
            return m_live->attach(settings);
        });
    if (started) {
        m_page->setStatus(
            tr("Deploying “%1” for a running program: start its collectors with "
               "--attach %2; recording into %3…")
                .arg(QString::fromStdString(design.name), settings.addressFile, settings.session));
    }
    return started;
}

void ScopeBuilderLink::followSession(RunPanel* runs, const SessionController* session,
                                     std::function<live::HostList()> runHosts)
{
    m_session = session;
    m_page->setHostSource(std::move(runHosts));
    m_page->setSessionDesignSource(
        [this]() -> std::optional<Result<std::vector<views::SessionDesign>>> {
            const QString path = m_session->sessionPath();
            if (path.isEmpty()) {
                return std::nullopt;
            }
            return readSessionDesigns(path);
        });
    auto* open = new QAction(tr("Open Its &Scope Design"), runs->list());
    open->setToolTip(tr("Open the scope design this run was recorded with in the scope builder"));
    runs->list()->addAction(open);
    connect(open, &QAction::triggered, this, [this, runs] { openDesignOfRun(runs->currentKey()); });
}

bool ScopeBuilderLink::openDesignOfRun(qint64 run)
{
    return openDesignOfRun(RunKey{m_session ? m_session->sessionPath() : QString(), run});
}

bool ScopeBuilderLink::openDesignOfRun(const RunKey& key)
{
    const QString& path = key.session;
    const qint64 run = key.run;
    if (path.isEmpty() || run <= 0) {
        return false;
    }
    auto designs = designsOfRun(path, run);
    if (!designs) {
        emit failed(tr("Cannot read the session's scope designs: %1")
                        .arg(QString::fromStdString(designs.error().describe())));
        return false;
    }
    if (designs->empty()) {
        emit failed(tr("Run %1 was not recorded through a scope design.").arg(run));
        return false;
    }
    m_page->openStoredDesign(designs->back().design); // the last deployed
    if (auto* dock = qobject_cast<QDockWidget*>(m_page->parentWidget())) {
        dock->show();
        dock->raise();
    }
    return true;
}

void ScopeBuilderLink::showFigures(const QString& line)
{
    auto parsed = live::liveFiguresFromJson(line.toStdString());
    if (!parsed) {
        m_page->setStatus(tr("Unreadable figures from the recording: %1")
                              .arg(QString::fromStdString(parsed.error().describe())));
        return;
    }
    m_page->document()->setFigures(std::move(parsed->nodes), std::move(parsed->outputs));
}

} // namespace xylem::gui
