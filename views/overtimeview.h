#pragma once

// A run over time (issue 23, item 3) on one time axis, time since the run's first down in the
// unit durationunits.h picks for its span: the culprit of every bucket as a coloured band (who
// was last at the root; the few threads that are culprits have a colour each and a legend), the
// mean of every stage of the path thread's path per bucket (a line each), every thread's mean
// call time per bucket (a heatmap threads x buckets, or a line each for at most
// kOverTimeThreadLines threads), and the periodic outliers (a sentence above, and the comb's
// teeth marked on the culprit band). Drag pans and the wheel zooms the time axis of every panel
// together. The numbers are core/analysis/overtimeanalysis.h's; the view only draws them.

#include "core/analysis/outliers.h"
#include "core/analysis/overtimeanalysis.h"
#include "core/model/configuration.h"
#include "core/model/durationunits.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QCustomPlot;
class QCPAxisRect;
class QCPMarginGroup;
class QLabel;
class QStackedWidget;

namespace xylem::views {

inline constexpr size_t kOverTimeThreadLines = 8; // more threads: a heatmap

// What the view shows: the analysis and the id of every wrapper (by wrapper index).
struct OverTimeData
{
    OverTimeAnalysis analysis;
    std::vector<QString> wrapperIds;
    Outliers outliers; // the run's slowest calls, for the Tables page (OverTimeJob fills it)
    // Of an analysis window's calls only: time then counts from the window's first call, not
    // the run's.
    bool windowed = false;

    QString idOf(int wrapper) const;
};

OverTimeData makeOverTimeData(const Configuration& config, OverTimeAnalysis analysis);

class OverTimeView : public QWidget
{
    Q_OBJECT

public:
    enum class Panel
    {
        Culprit,
        Stages,
        Threads
    };

    explicit OverTimeView(QWidget* parent = nullptr);
    ~OverTimeView() override;

    void setData(std::shared_ptr<const OverTimeData> input);
    const std::shared_ptr<const OverTimeData>& data() const { return m_data; } // null: none
    // Nothing drawn, and why in its place (no run yet, the analysis failed, ...).
    void clear(const QString& why);

    // What a user reads: the sentence on the periodic outliers, the one on the culprits, and
    // the message shown instead of the plot (empty while the plot is shown).
    QString periodicText() const;
    QString culpritText() const;
    QString message() const;
    bool showsPlot() const;
    // The colour of bucket i's band in the culprit strip (invalid for an empty bucket).
    QColor culpritColour(size_t bucket) const;
    // The tooltip over a panel at bucket i (row: a thread's row of the heatmap).
    QString tip(Panel panel, size_t bucket, int row = 0) const;
    bool heatmapShown() const { return m_heatmap; }
    DurationUnit timeUnit() const { return m_timeUnit; }
    QCustomPlot* plot() const { return m_plot; }
    QCPAxisRect* panel(Panel panel) const;

private:
    void build();
    void showTip(const QPoint& pos);

    QLabel* m_periodic;
    QLabel* m_culprits;
    QLabel* m_message;
    QStackedWidget* m_stack;
    QCustomPlot* m_plot;
    std::shared_ptr<const OverTimeData> m_data;
    std::vector<QColor> m_bucketColours;
    std::vector<QCPAxisRect*> m_panels; // by Panel
    QCPMarginGroup* m_margins = nullptr;
    double m_nsPerX = 1e6; // x = ns / m_nsPerX
    DurationUnit m_timeUnit = DurationUnit::Milliseconds;
    bool m_heatmap = false;
};

} // namespace xylem::views
