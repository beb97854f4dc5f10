#pragma once

// The drawing of one call's Gantt (views/callview.h): the rows of views/callganttrows.h, a label
// column indented by depth on the left and bars on a time axis counted from the call's start.
// An edge is a grey bar from its down to its up; a thread's bar is split into its stages,
// coloured by stage kind (views/palette.h), hatched where a hop's one-way time is estimated as
// half its two-way latency; a shared row overlays its members' edges. The last arrival at each
// gred is a vermillion triangle at its down; the chain of last arrivals from the root is
// shaded; the slowest thread's label is bold. The time axis is a strip of its own (axis()) so
// that it stays in sight above a scrolled list of rows. Drawn with QPainter.

#include "views/callganttrows.h"

#include <QWidget>

#include <memory>

namespace xylem::views {

class CallGanttPlot : public QWidget
{
    Q_OBJECT

public:
    explicit CallGanttPlot(QWidget* parent = nullptr);

    void setCall(std::shared_ptr<const CallDetail> detail, std::vector<CallGanttRow> rows);
    const std::vector<CallGanttRow>& rows() const { return m_rows; }
    const CallDetail* detail() const { return m_detail.get(); }
    // The row's text: its id (a shared row: how many it holds), marks in words.
    QString rowLabel(const CallGanttRow& row) const;
    // What hovering at a point tells (row, stage or edge, times), empty off any bar.
    QString describeAt(QPoint at) const;
    // Where a time (ns on the stored clock) is drawn, and the row's vertical band.
    double xOf(std::int64_t ns) const;
    QRect rowRect(size_t row) const;
    int labelWidth() const { return m_labelWidth; }
    QString axisTitle() const;
    // The strip with the time axis, to be put above the scroll area that holds this widget.
    QWidget* axis() const { return m_axis; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    friend class CallGanttAxis;
    void paintRow(QPainter& p, size_t index) const;
    void paintThread(QPainter& p, const CallGanttRow& row, QRect band) const;
    void paintEdge(QPainter& p, std::int64_t down, std::int64_t up, QRect band,
                   const QColor& fill) const;
    void paintAxis(QPainter& p, QWidget* on) const;
    std::int64_t lastArrivalDown(const CallGanttRow& row) const;

    std::shared_ptr<const CallDetail> m_detail;
    std::vector<CallGanttRow> m_rows;
    std::int64_t m_fromNs = 0; // the drawn span
    std::int64_t m_toNs = 1;
    int m_labelWidth = 160;
    QWidget* m_axis;
};

} // namespace xylem::views
