#pragma once

// The live table of Tune ▸ Find a Faster Tree: one row per try of the tuner (core/tune/tuner.h),
// added when the try starts and filled in when it ends. A thin model over the tuner's own
// TuneTry values; the dialog feeds it on the GUI thread.

#include "core/tune/tuner.h"

#include <QAbstractTableModel>

#include <vector>

namespace xylem::gui {

class TuneTriesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Try,
        Change,
        Run,
        Mean,
        Speedup,
        Outcome,
        ColumnCount
    };

    explicit TuneTriesModel(QObject* parent = nullptr);

    // A try that starts: a new row, or (when it finished) its row filled in.
    void setTry(const tune::TuneTry& attempt, bool finished);
    void clear();
    const tune::TuneTry& attempt(int row) const { return m_tries[static_cast<size_t>(row)].value; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        tune::TuneTry value;
        bool finished = false;
    };
    QString outcomeText(const Row& row) const;

    std::vector<Row> m_tries;
};

} // namespace xylem::gui
