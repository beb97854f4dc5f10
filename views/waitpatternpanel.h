#pragma once

// One wait-state pattern at a time (core/analysis/waitstates.h): a list of the patterns with
// their waiting, share of MPI time, grid part and main cause; picking one shows who waits and
// who made them wait (ranks: waited, grid share, caused), where they waited (call sites: MPI
// function and communicator) and on which communicators. Selecting a rank emits rankChosen.

#include "core/analysis/waitstates.h"

#include <QWidget>

#include <vector>

class QLabel;
class QStandardItemModel;
class QTableView;

namespace xylem::views {

class WaitPatternPanel : public QWidget
{
    Q_OBJECT

public:
    // Columns of the ranks table, and the raw (numeric) role of every cell.
    enum RankColumn
    {
        RankId,
        Host,
        Cluster,
        Waited,
        Waits,
        GridShare,
        Caused
    };
    static constexpr int kRawRole = Qt::UserRole + 1;

    explicit WaitPatternPanel(QWidget* parent = nullptr);

    void setReport(const WaitStateReport& report, std::vector<MpiRank> ranks);
    // Shows the pattern's ranks and call sites, and selects it in the list.
    void showPattern(WaitPattern pattern);
    WaitPattern pattern() const { return m_pattern; }

    QTableView* patterns() const { return m_patterns; }
    QTableView* ranks() const { return m_ranks; }
    QTableView* callSites() const { return m_sites; }
    QTableView* communicators() const { return m_comms; }
    QString heading() const;

signals:
    void rankChosen(int rank);

private:
    void fillPatterns();
    void fillRanks(const PatternSeverity& p);
    void fillSites(const PatternSeverity& p);

    WaitStateReport m_report;
    std::vector<MpiRank> m_rankInfo;
    WaitPattern m_pattern = WaitPattern::WaitAtNxN;
    QLabel* m_heading;
    QStandardItemModel* m_patternModel;
    QStandardItemModel* m_rankModel;
    QStandardItemModel* m_siteModel;
    QStandardItemModel* m_commModel;
    QTableView* m_patterns;
    QTableView* m_ranks;
    QTableView* m_sites;
    QTableView* m_comms;
};

} // namespace xylem::views
