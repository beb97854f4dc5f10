#pragma once

// One node of a scope design on the canvas: its kind and id, host and the settings that matter
// for it, the validation messages placed on it (red outline, the messages under it), and, when
// the design is deployed, its live figures coloured by level (core/live/scopefigures.h) or, on
// a reduce, equivalence or plugin filter, the newest result of its stream. The
// small circle on top is its out-port: dragging from it to another node connects the two.

#include "core/live/scopedesign.h"
#include "core/live/scopefigures.h"

#include <QGraphicsObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace xylem::views {

class ScopeNodeItem : public QGraphicsObject
{
    Q_OBJECT

public:
    ScopeNodeItem(const live::DesignNode& node, QStringList issues,
                  std::optional<live::NodeFigures> figures,
                  std::optional<live::FilterOutput> output = std::nullopt);

    int nodeId() const { return m_node.id; }
    const QStringList& issues() const { return m_issues; }
    // New live figures or filter output (none: not deployed), redrawn in place.
    void setLive(std::optional<live::NodeFigures> figures,
                 std::optional<live::FilterOutput> output);
    bool hasFigures() const { return m_figures.has_value(); }
    bool hasOutput() const { return m_output.has_value(); }
    // The lines under the title: a node's settings; a filter's operator, plugin or grouping,
    // and its coscheduling when it is not off.
    QString settingsLine() const;
    // In a compact canvas: the titles of the filters folded into this collector, one line.
    void setFoldedFilters(const QStringList& titles);
    static QString filterTitle(const live::DesignNode& filter); // e.g. "last-arrival filter"
    // Scene positions where edges meet the node.
    QPointF outPort() const;
    QPointF inPort() const;
    bool isOnOutPort(const QPointF& scenePoint) const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

signals:
    // The user let go after dragging the node: where it now is.
    void moved(int id, QPointF position);

protected:
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;

private:
    QRectF box() const;
    double bodyHeight() const; // the title and the settings, without the band
    double bandHeight() const; // of the figures or the output, 0 without either
    void paintBand(QPainter* painter, const QRectF& r) const;
    QString title() const;
    QString figuresLine() const;
    QColor kindColour() const;
    QStringList issueLines() const;

    live::DesignNode m_node;
    QStringList m_issues;
    std::optional<live::NodeFigures> m_figures;
    std::optional<live::FilterOutput> m_output;
    QStringList m_foldedFilters;
};

} // namespace xylem::views
