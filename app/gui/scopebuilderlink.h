#pragma once

// Deploys the scope builder's design and brings its live figures back onto the canvas. The
// first Deploy starts a recording of a local gsum cluster on the design's collector hosts
// (`xylem-cli record --hosts ... --design F --figures-json`, through the LiveController);
// every later Deploy while it runs rewrites F (a temporary file renamed over it), which the
// recording rereads and redeploys without restarting the program. Each figures line of the
// recording becomes the canvas's figures; when the recording ends, the figures go and the
// session opens like any live recording's. Deploy to Program does the same through
// `xylem-cli record --attach ADDRESSFILE --config CONFIG --design F --figures-json` (CONFIG: the
// program's tree configuration, chosen in the dialog; F: the design file as above): the
// program's collectors join the design's tree through the address file, and later Deploys redeploy
// it the same way. The link also feeds the page from the open session: the run's hosts for
// Generate, the stored designs for Open ▸ From the Session, and the runs panel's "Open Its Scope
// Design".

#include "app/gui/runkey.h"

#include <QObject>
#include <QString>

#include <functional>

namespace xylem::live {
struct HostList;
struct ScopeDesign;
} // namespace xylem::live
namespace xylem::views {
class ScopeBuilderPage;
}

namespace xylem::gui {

class LiveController;
class RunPanel;
class SessionController;
struct AttachSettings;

class ScopeBuilderLink : public QObject
{
    Q_OBJECT

public:
    // newSession: where a new recording goes (a fresh .xylem path).
    ScopeBuilderLink(views::ScopeBuilderPage* page, LiveController* live,
                     std::function<QString()> newSession, QObject* parent = nullptr);

    QString designFile() const { return m_designFile; }
    bool deploy(const live::ScopeDesign& design);
    // The first deployment to a program started elsewhere (settings.designFile is set here).
    bool deployToProgram(const live::ScopeDesign& design, AttachSettings settings);
    // The open session (the controller's) and the open run's hosts; runs: where "Open Its
    // Scope Design" goes (its list's context menu).
    void followSession(RunPanel* runs, const SessionController* session,
                       std::function<live::HostList()> runHosts);
    // The newest design the run was recorded with, into the builder; false (and failed) if none.
    bool openDesignOfRun(qint64 run);
    bool openDesignOfRun(const RunKey& key); // a run of any open session

signals:
    void failed(const QString& message);

private:
    bool writeDesign(const live::ScopeDesign& design);
    bool redeploy(const live::ScopeDesign& design);
    bool startRecording(const live::ScopeDesign& design, const QString& session,
                        const std::function<bool(const QString&)>& start);
    void chooseProgram(const live::ScopeDesign& design);
    void showFigures(const QString& line);

    views::ScopeBuilderPage* m_page;
    LiveController* m_live;
    std::function<QString()> m_newSession;
    const SessionController* m_session = nullptr;
    QString m_designFile; // of the recording under way; empty when none of ours runs
};

} // namespace xylem::gui
