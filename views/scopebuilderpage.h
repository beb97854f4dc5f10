#pragma once

// The scope builder (issue 10): build, deploy and tune an event scope visually. A tool bar to
// add nodes, generate a layout from a host list, apply the monitors' presets, undo and redo,
// open and save design files; the canvas; the inspector of the selected node; the list of
// what stops the design from deploying (clicking one selects its node). Deploying is asked
// for (deployRequested) and done by whoever owns the live link; its figures come back through
// document()->setFigures.

#include "core/live/scopedesign.h"
#include "core/live/scopegenerator.h"

#include <QWidget>

#include <functional>

class QAction;
class QLabel;
class QListWidget;
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

signals:
    void deployRequested(const xylem::live::ScopeDesign& design);
    void stopRequested();
    void failed(const QString& message);

private:
    void buildToolBar();
    QAction* addAction(const QString& text, const QString& tip, std::function<void()> job);
    void chooseGenerate();
    void chooseOpen();
    void chooseSave();
    void showIssues();

    ScopeDocument* m_document;
    ScopeCanvas* m_canvas;
    ScopeInspector* m_inspector;
    QListWidget* m_issueList;
    QToolBar* m_toolBar;
    QLabel* m_status;
    QAction* m_deploy = nullptr;
    QAction* m_stop = nullptr;
    std::function<live::HostList()> m_hostSource;
};

} // namespace xylem::views
