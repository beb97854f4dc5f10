#pragma once

// Xylem's main window: a session's runs on the left, the analysis of the chosen run in tabs
// (the arrival-order weighted tree, the tables), long work off the GUI thread with progress
// in the status bar. Open by menu, recent list, drag and drop or command line; window state
// and recent sessions kept in QSettings. The window only shows: SessionController loads and
// analyses, the views draw.

#include "app/gui/livecontroller.h"
#include "app/gui/sessioncontroller.h"

#include <QMainWindow>

#include <map>
#include <memory>

class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QProgressBar;
class QTabWidget;

namespace xylem::views {
class ComparisonView;
class SerializationView;
class TablePage;
class TimelineView;
class TimemapView;
class WeightedTreeView;
} // namespace xylem::views

namespace xylem::gui {

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openSession(const QString& path, qint64 preferredRun = 0);
    // The session that ships inside Xylem, copied to a temporary file and opened.
    void openSampleSession();
    SessionController& controller() { return m_controller; }
    LiveController& live() { return m_live; }
    // Records a local demo cluster and shows the run as it grows (live mode).
    void startLiveDemo(const DemoSettings& settings);
    views::WeightedTreeView* treeView() const { return m_tree; }
    views::TablePage* tablePage() const { return m_tables; }
    views::TimemapView* timemap() const { return m_timemap; }
    views::SerializationView* serialization() const { return m_serialization; }
    views::ComparisonView* comparison() const { return m_comparison; }
    views::TimelineView* timeline() const { return m_timeline; }
    QTabWidget* tabs() const { return m_tabs; }
    QListWidget* runList() const { return m_runs; }
    std::shared_ptr<const AnalysisReport> report() const { return m_report; }

signals:
    void reportShown(qint64 run); // the views show the run's analysis

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void buildDocks();
    void chooseSession();
    void rememberRecent(const QString& path);
    void fillRecentMenu();
    void showRuns(const QString& path, const QVector<RunEntry>& runs);
    void showReport(qint64 run, std::shared_ptr<const AnalysisReport> report);
    void showError(const QString& message);
    void exportTable();
    void saveViewImage();
    void findNode();
    void refreshLive(const QString& session);

    SessionController m_controller;
    LiveController m_live;
    std::shared_ptr<const AnalysisReport> m_report;
    qint64 m_preferredRun = 0;
    QTabWidget* m_tabs;
    views::WeightedTreeView* m_tree;
    views::TablePage* m_tables;
    views::TimemapView* m_timemap;
    views::SerializationView* m_serialization;
    views::ComparisonView* m_comparison;
    views::TimelineView* m_timeline;
    std::map<qint64, std::pair<qint64, qint64>> m_spans; // run -> first and last ns
    qint64 m_shownRun = 0;
    // Every run analysed so far, for the views that overlay runs.
    std::map<qint64, std::pair<QString, std::shared_ptr<const AnalysisReport>>> m_analysed;
    QListWidget* m_runs;
    QLineEdit* m_find;
    QMenu* m_recent = nullptr;
    QLabel* m_status;
    QProgressBar* m_progress;
};

} // namespace xylem::gui
