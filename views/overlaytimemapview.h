#pragma once

// The overlay of N runs' timemaps in the comparison (metrics.md §6): a list of the session's runs
// with check boxes (at first every analysed run, at most eight: one Okabe–Ito colour each), a
// thread picker that stays usable with thousands of threads (type to filter), and the plot of
// the chosen thread's timemap in every checked run, depth scaled to [0, 1]. Checking a run not
// analysed yet asks for it (analysisWanted) and draws it when setReports brings its report.

#include "views/labelledreport.h"

#include <QString>
#include <QWidget>

#include <set>
#include <vector>

class QComboBox;
class QLabel;
class QListWidget;
class QListWidgetItem;

namespace xylem::views {

class OverlayTimemapPlot;

class OverlayTimemapView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMaxRuns = 8; // the palette's colours

    explicit OverlayTimemapView(QWidget* parent = nullptr);

    // Every run of the session, analysed or not; runs seen before keep their check, new ones
    // are checked when analysed and fewer than kMaxRuns are; the chosen thread stays chosen.
    void setReports(const std::vector<LabelledReport>& reports);
    // Checks or unchecks run i of the runs given (as the user does); false when refused.
    bool setChecked(int run, bool checked);
    // Picks the thread (an id); false when no checked run has it.
    bool setThread(const QString& id);
    QString thread() const; // the thread drawn (chosen, or the first run's slowest)
    QString state() const;  // the line above the plot: waiting, refused, missing thread
    OverlayTimemapPlot* plot() const { return m_plot; }
    QListWidget* runList() const { return m_runs; }
    QComboBox* threadPicker() const { return m_thread; }

signals:
    void analysisWanted(const QString& key);

private:
    void checkChanged(QListWidgetItem* item);
    void pickThread();
    void fillThreads();
    void redraw();

    std::vector<LabelledReport> m_reports;
    std::set<QString> m_analysed; // identities seen analysed before
    std::set<QString> m_touched;  // identities the user checked or unchecked
    std::set<QString> m_checked;  // identities checked
    QString m_chosen;            // the thread the user picked; empty: the default
    QString m_refused;           // why the last check was refused
    QListWidget* m_runs;
    QComboBox* m_thread;
    QLabel* m_state;
    OverlayTimemapPlot* m_plot;
};

} // namespace xylem::views
