#include "views/scopedocument.h"

#include <QUndoCommand>
#include <QUndoStack>

#include <utility>

namespace xylem::views {

namespace {

using Inverse = std::function<void(live::ScopeDesign&)>;
using Edit = std::function<Result<Inverse>(live::ScopeDesign&)>;

// One step: `edit` was applied when the command was pushed; undo applies the inverse it
// returned, redo applies the edit again (and keeps the new inverse).
class DesignCommand : public QUndoCommand
{
public:
    DesignCommand(const QString& text, live::ScopeDesign& design, Edit edit, Inverse inverse,
                  std::function<void()> changed, int mergeId)
        : QUndoCommand(text)
        , m_design(design)
        , m_edit(std::move(edit))
        , m_inverse(std::move(inverse))
        , m_changed(std::move(changed))
        , m_mergeId(mergeId)
    {
    }

    void undo() override
    {
        m_inverse(m_design);
        m_changed();
    }

    void redo() override
    {
        if (m_applied) {
            m_applied = false; // the push itself: the edit is done already
            return;
        }
        if (auto inverse = m_edit(m_design)) {
            m_inverse = std::move(inverse).value();
        }
        m_changed();
    }

    int id() const override { return m_mergeId; }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const DesignCommand*>(other);
        m_edit = next->m_edit; // the first inverse stays: undo goes back before the first move
        return true;
    }

private:
    live::ScopeDesign& m_design;
    Edit m_edit;
    Inverse m_inverse;
    std::function<void()> m_changed;
    int m_mergeId;
    bool m_applied = true;
};

// An edit from one of the model's setters, which return the value they replaced.
template <typename Value, typename Setter> Edit setterEdit(int id, Value value, Setter setter)
{
    return [id, value = std::move(value), setter](live::ScopeDesign& d) -> Result<Inverse> {
        auto previous = setter(d, id, value);
        if (!previous) {
            return previous.error();
        }
        return Inverse([id, setter, old = std::move(previous).value()](live::ScopeDesign& d2) {
            (void)setter(d2, id, old);
        });
    };
}

// Restores a parent link as it was (none, or that parent).
void relink(live::ScopeDesign& design, int child, int parent)
{
    if (parent == live::kNoNode) {
        (void)live::disconnect(design, child);
    } else {
        (void)live::connect(design, child, parent);
    }
}

} // namespace

ScopeDocument::ScopeDocument(QObject* parent)
    : QObject(parent)
    , m_undo(new QUndoStack(this))
{
    designChanged();
}

QStringList ScopeDocument::issuesOf(int nodeId) const
{
    QStringList found;
    for (const live::DesignIssue& issue : m_issues) {
        if (issue.nodeId == nodeId) {
            found << QString::fromStdString(issue.message);
        }
    }
    return found;
}

bool ScopeDocument::push(const QString& text, Edit edit, int mergeId)
{
    auto inverse = edit(m_design);
    if (!inverse) {
        emit refused(QString::fromStdString(inverse.error().describe()));
        return false;
    }
    m_undo->push(new DesignCommand(
        text, m_design, std::move(edit), std::move(inverse).value(), [this] { designChanged(); },
        mergeId));
    designChanged();
    return true;
}

void ScopeDocument::designChanged()
{
    m_issues = live::validate(m_design);
    emit changed();
}

std::optional<int> ScopeDocument::addNode(live::DesignNode node)
{
    auto assigned = std::make_shared<int>(node.id);
    const bool ok = push(tr("Add %1").arg(QString::fromUtf8(live::nodeKindName(node.kind))),
                         [node, assigned](live::ScopeDesign& d) -> Result<Inverse> {
                             live::DesignNode again = node;
                             again.id = *assigned; // redo keeps the id the first add got
                             auto id = live::addNode(d, again);
                             if (!id) {
                                 return id.error();
                             }
                             *assigned = id.value();
                             return Inverse([id = id.value()](live::ScopeDesign& d2) {
                                 (void)live::removeNode(d2, id);
                             });
                         });
    return ok ? std::optional<int>(*assigned) : std::nullopt;
}

bool ScopeDocument::removeNode(int id)
{
    return push(tr("Remove node %1").arg(id), [id](live::ScopeDesign& d) -> Result<Inverse> {
        auto removed = live::removeNode(d, id);
        if (!removed) {
            return removed.error();
        }
        return Inverse([removed = std::move(removed).value()](live::ScopeDesign& d2) {
            (void)live::restoreNode(d2, removed);
        });
    });
}

bool ScopeDocument::connectNodes(int child, int parent)
{
    return push(tr("Connect %1 to %2").arg(child).arg(parent),
                [child, parent](live::ScopeDesign& d) -> Result<Inverse> {
                    auto previous = live::connect(d, child, parent);
                    if (!previous) {
                        return previous.error();
                    }
                    return Inverse([child, old = previous.value()](live::ScopeDesign& d2) {
                        relink(d2, child, old);
                    });
                });
}

bool ScopeDocument::disconnectNode(int child)
{
    return push(tr("Disconnect %1").arg(child), [child](live::ScopeDesign& d) -> Result<Inverse> {
        auto previous = live::disconnect(d, child);
        if (!previous) {
            return previous.error();
        }
        return Inverse(
            [child, old = previous.value()](live::ScopeDesign& d2) { relink(d2, child, old); });
    });
}

bool ScopeDocument::setHost(int id, const QString& host)
{
    return push(tr("Set host of %1").arg(id), setterEdit(id, host.toStdString(), live::setHost));
}

bool ScopeDocument::setGather(int id, const live::GatherSettings& settings)
{
    return push(tr("Set gathering of %1").arg(id), setterEdit(id, settings, live::setGather));
}

bool ScopeDocument::setPullPeriod(int id, int milliseconds)
{
    return push(tr("Set pull period of %1").arg(id),
                setterEdit(id, std::chrono::milliseconds(milliseconds), live::setPullPeriod));
}

bool ScopeDocument::setRing(int id, const live::RingSettings& ring)
{
    return push(tr("Set ring of %1").arg(id), setterEdit(id, ring, live::setRing));
}

bool ScopeDocument::setFilter(int id, const live::FilterSettings& filter)
{
    return push(tr("Set filter %1").arg(id), setterEdit(id, filter, live::setFilter));
}

bool ScopeDocument::moveNode(int id, double x, double y)
{
    constexpr int kMoveMergeBase = 1 << 20; // one merge id per node: moves of others stay apart
    return push(tr("Move node %1").arg(id), setterEdit(id, live::Position{x, y}, live::setPosition),
                kMoveMergeBase + id);
}

bool ScopeDocument::setName(const QString& name)
{
    return push(tr("Rename scope"),
                [name = name.toStdString()](live::ScopeDesign& d) -> Result<Inverse> {
                    auto previous = live::setName(d, name);
                    if (!previous) {
                        return previous.error();
                    }
                    return Inverse([old = previous.value()](live::ScopeDesign& d2) {
                        (void)live::setName(d2, old);
                    });
                });
}

void ScopeDocument::replaceDesign(live::ScopeDesign design, const QString& what)
{
    (void)push(what, [design = std::move(design)](live::ScopeDesign& d) -> Result<Inverse> {
        live::ScopeDesign old = std::exchange(d, design);
        return Inverse([old = std::move(old)](live::ScopeDesign& d2) { d2 = old; });
    });
}

void ScopeDocument::setFigures(live::DesignFigures figures, live::FilterOutputs outputs)
{
    m_figures = std::move(figures);
    m_outputs = std::move(outputs);
    emit figuresChanged();
}

} // namespace xylem::views
