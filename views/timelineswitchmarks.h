#pragma once

// The switches of `xylem-cli mpi --adapt`'s run-time tuner on the timeline (issue 24 item 4): a
// thin vertical line at the start of each switch's call, labelled with the tree it switched to
// ("→ binomial"), a trial block's in one colour of the Okabe–Ito palette, the settling switch's
// in another and bold ("→ binomial (settled)"), with a tooltip saying what happened at that call.
// In the plot's x coordinates (seconds from the view's origin), so the marks stay on their calls
// while the user zooms and pans. TimelineView owns one and turns ns into seconds.

#include <QObject>
#include <QString>

#include <cstdint>
#include <vector>

class QCustomPlot;
class QCPItemStraightLine;
class QCPItemText;
class QCPRange;

namespace xylem::views {

struct TreeSwitchMark
{
    double seconds = 0;    // the start of the switch's call, from the view's origin
    std::int64_t call = 0; // the tuner's count of the world's MPI_Allreduce calls
    QString tree;          // the tree switched to
    bool settle = false;   // the tuner's choice (else the start of a trial block)
};

class TimelineSwitchMarks : public QObject
{
    Q_OBJECT

public:
    explicit TimelineSwitchMarks(QCustomPlot* plot);

    // Replaces the marks; empty: none drawn.
    void show(std::vector<TreeSwitchMark> marks);
    const std::vector<TreeSwitchMark>& shown() const { return m_marks; }
    // The lines and labels as drawn, index for index with shown().
    const std::vector<QCPItemStraightLine*>& lines() const { return m_lines; }
    const std::vector<QCPItemText*>& labels() const { return m_labels; }
    // The tooltip of the mark nearest the plot's pixel column x, within a few pixels of it
    // ("call 16: switched to binomial (settled)"); empty when none is that close.
    QString toolTipAt(double x) const;
    // Trial blocks' marks, the settling one's.
    static QColor trialColour();
    static QColor settleColour();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void drop();
    void showLabelsIn(const QCPRange& range);

    QCustomPlot* m_plot;
    std::vector<TreeSwitchMark> m_marks;
    std::vector<QCPItemStraightLine*> m_lines;
    std::vector<QCPItemText*> m_labels;
};

} // namespace xylem::views
