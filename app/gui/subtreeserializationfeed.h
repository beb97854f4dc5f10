#pragma once

// Feeds the serialization view its whole-subtree curves (metrics.md §5) for the runs the
// window has analysed, of whichever open session each run is. Per-gred curves come with every analysis report, but a subtree's curve
// needs each run's tuples, which are loaded here off the GUI thread when the view asks. Only
// the newest request reports (generation counter), so flicking through greds never queues
// work for the ones already left behind.

#include "app/gui/offthread.h"
#include "app/gui/runkey.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace xylem::views {
class SerializationView;
}

namespace xylem::gui {

// A run to overlay: its session and id, and its legend label.
using LabelledRun = std::pair<RunKey, QString>;

class SubtreeSerializationFeed : public QObject
{
    Q_OBJECT

public:
    SubtreeSerializationFeed(views::SerializationView* view,
                             std::function<std::vector<LabelledRun>()> runs,
                             QObject* parent = nullptr);

signals:
    void failed(const QString& message);

private:
    void load(const QString& subtreeRoot);

    views::SerializationView* m_view;
    std::function<std::vector<LabelledRun>()> m_runs;
    Generation m_requests; // a newer subtree's curves make older ones stale
};

} // namespace xylem::gui
