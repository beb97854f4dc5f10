#pragma once

// The analysis window on the timeline (issue 23 item 5): a shaded band over the calls from one
// time to another with its bounds written at its top, in the plot's x coordinates (seconds from
// the view's origin), so it stays on its times while the user zooms and pans. A drag with Shift
// held draws a new band and reports it when the button is released (a plain drag still pans the
// plot). TimelineView owns one and turns seconds into ns on the run's clock.

#include <QObject>

#include <optional>
#include <utility>

class QCustomPlot;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;

namespace xylem::views {

class TimelineRangeBand : public QObject
{
    Q_OBJECT

public:
    explicit TimelineRangeBand(QCustomPlot* plot);

    // The band from .first to .second s; nullopt hides it.
    void show(std::optional<std::pair<double, double>> seconds);
    std::optional<std::pair<double, double>> shown() const { return m_shown; }
    // Its bounds as the band writes them ("analysis window: 1.20 s – 8.80 s"); empty when hidden.
    QString text() const;
    bool selecting() const { return m_anchor.has_value(); }

signals:
    // A Shift-drag ended on a band at least a few pixels wide (from < to), now shown.
    void chosen(std::pair<double, double> seconds);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void place(double from, double to);
    void keepTextInView();

    QCustomPlot* m_plot;
    QCPItemRect* m_band;
    QCPItemStraightLine* m_left;
    QCPItemStraightLine* m_right;
    QCPItemText* m_label;
    std::optional<std::pair<double, double>> m_shown;
    std::optional<double> m_anchor; // a Shift-drag under way: where it began (s)
};

} // namespace xylem::views
