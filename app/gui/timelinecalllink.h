#pragma once

// Opens a call from the timeline (issue 23, item 2): a double-click on the timeline, or its
// context menu's "Open the slowest call here", names the time under the pointer, in ns on the
// run's clock (the time axis the timeline shows, TimelineView::window()). Which call that is —
// the slowest of the bucket there — is the window's to find from the store (mainwindowcalls.cpp);
// the link only reads the pointer. It stands outside the view so that the view keeps drawing
// only, like the other links of the window (scopebuilderlink.h).

#include <QObject>

#include <cstdint>

class QPoint;
class QWidget;

namespace xylem::views {
class TimelineView;
}

namespace xylem::gui {

class TimelineCallLink : public QObject
{
    Q_OBJECT

public:
    TimelineCallLink(views::TimelineView* timeline, QObject* parent = nullptr);

    // The time on the run's clock at x, a position in surface(), the timeline's plot.
    std::int64_t timeAt(int x) const;
    QWidget* surface() const;

signals:
    void callWanted(std::int64_t atNs);

private:
    void showMenu(const QPoint& pos);

    views::TimelineView* m_timeline;
};

} // namespace xylem::gui
