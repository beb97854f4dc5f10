#include "app/gui/scopebuilderlink.h"

#include "app/gui/livecontroller.h"
#include "core/live/scopedesignjson.h"
#include "views/scopebuilderpage.h"
#include "views/scopedocument.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace xylem::gui {

namespace {

// "n0,n1,...": the design's collector hosts, in node order, for record --hosts.
QString collectorHosts(const live::ScopeDesign& design)
{
    QStringList hosts;
    for (const live::DesignNode& node : design.nodes) {
        if (node.kind == live::DesignNodeKind::Collector) {
            hosts << QString::fromStdString(node.host);
        }
    }
    return hosts.join(QLatin1Char(','));
}

} // namespace

QString newScopeSessionPath()
{
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    return QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
        .filePath(QStringLiteral("xylem-scope-%1.xylem").arg(stamp));
}

ScopeBuilderLink::ScopeBuilderLink(views::ScopeBuilderPage* page, LiveController* live,
                                   std::function<QString()> newSession, QObject* parent)
    : QObject(parent)
    , m_page(page)
    , m_live(live)
    , m_newSession(std::move(newSession))
{
    connect(page, &views::ScopeBuilderPage::deployRequested, this,
            [this](const live::ScopeDesign& design) { deploy(design); });
    connect(page, &views::ScopeBuilderPage::stopRequested, live, &LiveController::stop);
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

bool ScopeBuilderLink::deploy(const live::ScopeDesign& design)
{
    if (!m_designFile.isEmpty() && m_live->running()) {
        if (!writeDesign(design)) {
            return false;
        }
        m_page->setStatus(tr("Redeploying “%1”: the program keeps running…")
                              .arg(QString::fromStdString(design.name)));
        return true;
    }
    if (m_live->running()) {
        emit failed(tr("A recording is under way already: stop it first (Live ▸ Stop)."));
        return false;
    }
    const QString session = m_newSession();
    m_designFile = session + QStringLiteral(".design.json");
    if (!writeDesign(design)) {
        m_designFile.clear();
        return false;
    }
    DemoSettings settings;
    settings.hostList = collectorHosts(design);
    settings.noise.clear(); // the design names the hosts: no planted thread to delay
    settings.designFile = m_designFile;
    settings.session = session;
    if (!m_live->start(settings)) {
        QFile::remove(m_designFile);
        m_designFile.clear();
        emit failed(tr("Cannot start the recording for the scope design."));
        return false;
    }
    m_page->setDeployed(true);
    m_page->setStatus(tr("Deploying “%1” on a local gsum cluster; recording into %2…")
                          .arg(QString::fromStdString(design.name), session));
    return true;
}

void ScopeBuilderLink::showFigures(const QString& line)
{
    auto figures = live::figuresFromJson(line.toStdString());
    auto outputs = live::filterOutputsFromJson(line.toStdString());
    if (!figures || !outputs) {
        const Error& error = !figures ? figures.error() : outputs.error();
        m_page->setStatus(tr("Unreadable figures from the recording: %1")
                              .arg(QString::fromStdString(error.describe())));
        return;
    }
    m_page->document()->setFigures(std::move(figures).value(), std::move(outputs).value());
}

} // namespace xylem::gui
