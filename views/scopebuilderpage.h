#pragma once

// The scope builder (issue 10): build, deploy and tune an event scope visually. A tool bar to
// add nodes, generate a layout from a host list, apply the monitors' presets, undo and redo,
// open and save design files, open a design kept in the session; the canvas; the inspector of the
// selected node; the list of what stops the design from deploying (clicking one selects its node).
// Deploying is asked for (deployRequested: a local demo cluster, or while deployed a redeployment;
// deployToProgramRequested: a program started elsewhere) and done by whoever owns the live
// link; its figures come back through document()->setFigures.

#include "core/live/scopedesign.h"
#include "core/live/scopegenerator.h"
#include "views/scopesessiondialog.h"

#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QAction;
class QLabel;
class QListWidget;
class QMenu;
class QToolBar;

namespace xylem::views {

class ScopeCanvas;
class ScopeDocument;
class ScopeInspector;

class ScopeBuilderPage : public QWidget
{
    Q_OBJECT

public:
    explicit ScopeBuilderPage(QWidget* parent = nullptr);

    ScopeDocument* document() const { return m_document; }
    ScopeCanvas* canvas() const { return m_canvas; }
    ScopeInspector* inspector() const { return m_inspector; }
    QListWidget* issueList() const { return m_issueList; }
    // Where Generate takes its suggested hosts from (the open run's configuration, say).
    void setHostSource(std::function<live::HostList()> source) { m_hostSource = std::move(source); }
    // Where Open ▸ From the Session reads the open session's designs (nullopt: no session is open).
    using SessionDesignSource = std::function<std::optional<Result<std::vector<SessionDesign>>>()>;
    void setSessionDesignSource(SessionDesignSource source)
    {
        m_sessionDesigns = std::move(source);
    }
    // Shown beside the tool bar: "deployed, 12 nodes reporting", an error, ...
    void setStatus(const QString& text);
    void setDeployed(bool deployed);

    // The tool bar's jobs, callable from tests and menus.
    std::optional<int> addNode(live::DesignNodeKind kind,
                               live::FilterKind filter = live::FilterKind::Concatenation);
    bool generate(const live::DesignSpec& spec);
    bool applyPreset(live::Monitor preset);
    bool openDesign(const QString& path);
    bool saveDesign(const QString& path);
    // A design kept in the session, as one undoable step (undo brings back the design before).
    void openStoredDesign(const live::ScopeDesign& design);
    QAction* openFromSessionAction() const { return m_openFromSession; }
    QAction* deployToProgramAction() const { return m_deployToProgram; }

signals:
    void deployRequested(const xylem::live::ScopeDesign& design);
    void deployToProgramRequested(const xylem::live::ScopeDesign& design);
    void stopRequested();
    void failed(const QString& message);

private:
    void buildToolBar();
    void buildDeployActions();
    void buildUndoActions();
    void addMenuButton(QMenu* menu);
    QAction* addAction(const QString& text, const QString& tip, std::function<void()> job);
    void chooseGenerate();
    void chooseOpen();
    void chooseFromSession();
    void chooseSave();
    void showIssues();
    void updateActions();

    ScopeDocument* m_document;
    ScopeCanvas* m_canvas;
    ScopeInspector* m_inspector;
    QListWidget* m_issueList;
    QToolBar* m_toolBar;
    QLabel* m_status;
    QAction* m_deploy = nullptr;
    QAction* m_stop = nullptr;
    QAction* m_deployToProgram = nullptr;
    QAction* m_openFromSession = nullptr;
    bool m_deployed = false; // a recording of the design runs: Deploy redeploys
    std::function<live::HostList()> m_hostSource;
    SessionDesignSource m_sessionDesigns;
};

} // namespace xylem::views
