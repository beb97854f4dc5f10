#pragma once

// The MPI kind chooser (metrics.md §9), a tool bar above the views: for a run with MPI data, a
// combo box of every (communicator, collective kind) with its time, "MPI_Allreduce · MPI_COMM_WORLD
// (12.3 ms)". Choosing a kind that forms a stage tree opens its stored run (RunPanel::chooseRun);
// a rooted kind is listed but cannot be chosen (it has no stage tree: its Late Broadcast or Early
// Reduce is in the Wait states view and `xylem-cli analyze --kind`). The bar also carries the
// stage guard's note (core/analysis/stageguard.h) when a stage mean of the shown run is
// negative, saying whether the clocks are the cause; the bar is hidden when it has neither.

#include "app/gui/mpikinddata.h"
#include "app/gui/runclocks.h"
#include "app/gui/runpanel.h"
#include "app/gui/sessioncontroller.h"

#include <QToolBar>

#include <memory>

class QComboBox;
class QLabel;

namespace xylem::gui {

class MpiKindBar : public QToolBar
{
    Q_OBJECT

public:
    MpiKindBar(SessionController* controller, RunPanel* runs, QWidget* parent = nullptr);

    QComboBox* combo() const { return m_combo; }
    QLabel* guardNote() const { return m_guard; }
    // Fills the combo box for run (it is made current); empty kinds hide the chooser.
    void setKinds(qint64 run, const std::vector<MpiKindEntry>& kinds);
    // The stage guard of the shown report against the run's clocks.
    void setGuard(const AnalysisReport& report, const std::vector<HostClock>& clocks);

private:
    void load(qint64 run);
    void updateVisibility();

    SessionController* m_controller;
    RunPanel* m_runs;
    QComboBox* m_combo;
    QLabel* m_guard;
    QAction* m_labelAction = nullptr;
    QAction* m_comboAction = nullptr;
    QAction* m_guardAction = nullptr;
    qint64 m_run = 0;
    std::shared_ptr<const AnalysisReport> m_report;
};

} // namespace xylem::gui
