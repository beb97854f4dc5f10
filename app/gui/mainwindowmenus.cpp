// MainWindow's menu bar: File, View, Live and Help, and which Live actions a recording leaves
// enabled. (The window itself, its docks and what they show: mainwindow.cpp.)

#include "app/gui/attachdialog.h"
#include "app/gui/clusterrecorddialog.h"
#include "app/gui/demodialog.h"
#include "app/gui/languagemenu.h"
#include "app/gui/mainwindow.h"
#include "app/gui/mpirecorddialog.h"
#include "app/gui/recentsessionsmenu.h"
#include "app/gui/runpanel.h"
#include "app/gui/tunemenu.h"
#include "views/weightedtreeview.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>

namespace xylem::gui {

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Session…"), QKeySequence::Open, this, &MainWindow::chooseSession);
    file->addAction(tr("A&dd Session…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                    &MainWindow::chooseAddedSession)
        ->setToolTip(tr("Open another session beside the open ones, to compare their runs"));
    m_recent = new RecentSessionsMenu(tr("Open &Recent"), this);
    file->addMenu(m_recent);
    connect(m_recent, &RecentSessionsMenu::openRequested, this,
            [this](const QString& path) { openSession(path); });
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] {
        m_runs->flushNotes();
        m_controller.save();
    });
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::chooseSaveAs);
    file->addSeparator();
    file->addAction(tr("&Export Table as CSV…"), this, &MainWindow::exportTable);
    file->addAction(tr("Export &View as PNG, SVG or PDF…"), this, &MainWindow::saveViewImage);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Find Node"), QKeySequence::Find, this, [this] { m_find->setFocus(); });
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this,
                    [this] { m_tree->scale(1.25, 1.25); });
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this,
                    [this] { m_tree->scale(0.8, 0.8); });
    view->addAction(tr("&Fit Tree"), this, [this] { m_tree->fitTree(); });
    view->addSeparator();
    QMenu* views = view->addMenu(tr("&Views"));
    for (const auto& [kind, dock] : m_viewDocks) {
        views->addAction(dock->toggleViewAction());
    }
    view->addMenu(new LanguageMenu(this));
    buildLiveMenu();
    menuBar()->addMenu(new TuneMenu(this));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Open &Sample Session"), this, &MainWindow::openSampleSession);
    help->addAction(tr("&About Xylem"), this, [this] {
        QMessageBox::about(this, tr("About Xylem"),
                           tr("<b>Xylem %1</b><p>Performance analysis of collective communication: "
                              "which thread, which hop, which tree shape.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::buildLiveMenu()
{
    QMenu* live = menuBar()->addMenu(tr("&Live"));
    QAction* demo = live->addAction(tr("Start Local &Demo…"), this, [this] {
        DemoDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            startLiveDemo(dialog.settings());
        }
    });
    QAction* cluster = live->addAction(tr("Record on a &Cluster…"), this, [this] {
        ClusterRecordDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            startClusterRecording(dialog.settings());
        }
    });
    QAction* monitor = live->addAction(tr("&Monitor a Running Program…"), this, [this] {
        AttachDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            startMonitoring(dialog.settings());
        }
    });
    QAction* mpi = live->addAction(tr("Record an &MPI Program…"), this, [this] {
        MpiRecordDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            startMpiRecording(dialog.settings());
        }
    });
    QAction* stop =
        live->addAction(tr("&Stop and Keep the Session"), this, [this] { m_live.stop(); });
    stop->setEnabled(false);
    const auto recording = [demo, cluster, monitor, mpi, stop](bool on) {
        for (QAction* start : {demo, cluster, monitor, mpi}) {
            start->setEnabled(!on);
        }
        stop->setEnabled(on);
    };
    connect(&m_live, &LiveController::started, this, [recording] { recording(true); });
    connect(&m_live, &LiveController::finished, this, [recording] { recording(false); });
}

} // namespace xylem::gui
