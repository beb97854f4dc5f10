#pragma once

// One call of a run (issue 23, item 2): a header with the call's seq, operation time and
// slowest thread, the chain of last arrivals from the root, buttons to the next slower and next
// faster call and a spin box for any seq, a legend, and the call's Gantt (callganttplot.h): its
// path through the tree, every edge's down and up, each thread's stages, the last arrival at each
// gred. The view never loads anything: it is handed a CallDetail (core/analysis/calldetail.h)
// and asks for another call with callRequested(seq); whoever owns it loads that call off the GUI
// thread (app/gui/calldetailjob.h) and hands it back, or an error to show.
//
// Trees of more than kCallRowsFoldAbove wrappers open folded (callganttrows.h: the slowest
// thread's path and the chain of last arrivals, the other children of each of their greds in one
// shared row), so 512 threads are a dozen rows that read at a glance; "Show every wrapper" lists
// them all in a scrolled list under a time axis that stays in sight.

#include "core/analysis/calldetail.h"
#include "views/callganttrows.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QCheckBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace xylem::views {

class CallGanttPlot;

class CallView : public QWidget
{
    Q_OBJECT

public:
    explicit CallView(QWidget* parent = nullptr);

    // The call, with its neighbours among the run's complete calls by operation time, and the
    // range of seqs the spin box offers.
    void setCall(std::shared_ptr<const CallDetail> detail, CallNeighbours neighbours,
                 std::int64_t firstSeq, std::int64_t lastSeq);
    // Why the requested call cannot be shown (unknown, incomplete, unreadable): the drawing
    // is cleared and the text shown in its place.
    void showError(const QString& message);
    void setFolded(bool folded);
    bool folded() const { return m_folded; }

    const CallDetail* detail() const { return m_detail.get(); }
    CallGanttPlot* plot() const { return m_plot; }
    QPushButton* slowerButton() const { return m_slower; }
    QPushButton* fasterButton() const { return m_faster; }
    QSpinBox* seqBox() const { return m_seq; }
    QString headerText() const;
    QString errorText() const;

signals:
    void callRequested(std::int64_t seq);

private:
    void rebuild();
    void fillLegend();

    std::shared_ptr<const CallDetail> m_detail;
    CallNeighbours m_neighbours;
    bool m_folded = false;
    bool m_foldChosen = false; // the user ticked or unticked "Show every wrapper"
    QLabel* m_header;
    QLabel* m_error;
    QLabel* m_legend;
    QPushButton* m_slower;
    QPushButton* m_faster;
    QSpinBox* m_seq;
    QCheckBox* m_all;
    QLabel* m_foldNote;
    QScrollArea* m_scroll;
    CallGanttPlot* m_plot;
};

} // namespace xylem::views
