#include "app/gui/subtreeserializationfeed.h"

#include "core/analysis/serialization.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "views/serializationview.h"

namespace xylem::gui {

namespace {

// Runs whose configuration has no wrapper `subtreeRoot` are left out.
Result<std::vector<views::LabelledCurve>> curvesOf(const std::vector<LabelledRun>& runs,
                                                   const std::string& subtreeRoot,
                                                   const Ticket& ticket)
{
    std::vector<views::LabelledCurve> curves;
    for (const auto& [key, label] : runs) {
        if (!ticket.current()) {
            break; // stale: stop loading tuples nobody will look at
        }
        XYLEM_TRY(session,
                  store::Session::open(key.session.toStdString(), store::OpenMode::ReadOnly));
        XYLEM_TRY(loaded, store::loadRun(session.value(), key.run));
        const int root = loaded->configuration.indexOf(subtreeRoot);
        if (root < 0) {
            continue;
        }
        XYLEM_TRY(curve, subtreeSerialization(loaded->configuration, loaded->tuples, root));
        curves.push_back({label, std::move(curve).value()});
    }
    return curves;
}

} // namespace

SubtreeSerializationFeed::SubtreeSerializationFeed(views::SerializationView* view,
                                                   std::function<std::vector<LabelledRun>()> runs,
                                                   QObject* parent)
    : QObject(parent)
    , m_view(view)
    , m_runs(std::move(runs))
{
    connect(view, &views::SerializationView::subtreeCurvesWanted, this,
            &SubtreeSerializationFeed::load);
}

void SubtreeSerializationFeed::load(const QString& subtreeRoot)
{
    const Ticket ticket = m_requests.next();
    runOffThread(
        this, ticket,
        [ticket, runs = m_runs(), root = subtreeRoot.toStdString()](const JobProgress&) {
            return curvesOf(runs, root, ticket);
        },
        [subtreeRoot](SubtreeSerializationFeed* self,
                      Result<std::vector<views::LabelledCurve>> curves) {
            if (!curves) {
                emit self->failed(
                    tr("Cannot work out the serialization of subtree %1: %2")
                        .arg(subtreeRoot, QString::fromStdString(curves.error().describe())));
                return;
            }
            self->m_view->setSubtreeCurves(subtreeRoot, curves.value());
        });
}

} // namespace xylem::gui
