#pragma once

// The scope design the builder edits (core/live/scopedesign.h), with undo and redo. Every edit
// goes through here as a QUndoCommand that calls the model's operation and keeps what it
// replaced, so undo is the model's inverse operation, never a guess. A refused edit (a cycle,
// a ring on a relay) changes nothing and is reported by `refused` with the model's reason.
// After every change, `changed` fires and issues() holds the design's validation.

#include "core/live/scopedesign.h"
#include "core/live/scopefigures.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QUndoStack;

namespace xylem::views {

class ScopeDocument : public QObject
{
    Q_OBJECT

public:
    explicit ScopeDocument(QObject* parent = nullptr);

    const live::ScopeDesign& design() const { return m_design; }
    const std::vector<live::DesignIssue>& issues() const { return m_issues; }
    // The issues placed on one node (kNoNode: the design's own).
    QStringList issuesOf(int nodeId) const;
    QUndoStack* undoStack() const { return m_undo; }

    // Edits, each one undoable step. They return false when the model refuses (see refused).
    std::optional<int> addNode(live::DesignNode node);
    bool removeNode(int id);
    bool connectNodes(int child, int parent);
    bool disconnectNode(int child);
    bool setHost(int id, const QString& host);
    bool setGather(int id, const live::GatherSettings& settings);
    bool setPullPeriod(int id, int milliseconds);
    bool setRing(int id, const live::RingSettings& ring);
    bool setFilter(int id, const live::FilterSettings& filter);
    // Consecutive moves of one node are one undo step (each drag reports its move on release,
    // so several drags of the same node in a row undo together); any other edit in between, or a
    // move of another node, starts a new step.
    bool moveNode(int id, double x, double y);
    bool setName(const QString& name);
    // A whole new design (generated, a preset applied, opened from a file): one step.
    void replaceDesign(live::ScopeDesign design, const QString& what);

    // Live figures of a deployed design, by node id (empty: not deployed), and the newest
    // result of its reduce, equivalence and plugin filters.
    void setFigures(live::DesignFigures figures, live::FilterOutputs outputs = {});
    const live::DesignFigures& figures() const { return m_figures; }
    const live::FilterOutputs& filterOutputs() const { return m_outputs; }

signals:
    void changed();
    void figuresChanged();
    void refused(const QString& reason);

private:
    // Applies edit to the design; on success pushes it (already done) with its inverse.
    bool
    push(const QString& text,
         std::function<Result<std::function<void(live::ScopeDesign&)>>(live::ScopeDesign&)> edit,
         int mergeId = -1);
    void designChanged();

    live::ScopeDesign m_design;
    std::vector<live::DesignIssue> m_issues;
    live::DesignFigures m_figures;
    live::FilterOutputs m_outputs;
    QUndoStack* m_undo;
};

} // namespace xylem::views
