#pragma once

// One node of the weighted tree drawn as a single item: a gred (circle, id above), a thread
// (square, id below) or a folded gred (a box in the colour of its edge's weight, its id inside,
// its thread count and critical arrivals under it). Text is laid out once (QStaticText) and left
// out when it would be smaller than a few pixels on screen, except on prominent nodes (the
// imbalance path, open greds), whose ids stay readable at any zoom: a 4 096-thread tree then paints
// as shapes in a few ms.

#include <QGraphicsItem>
#include <QPen>
#include <QStaticText>

namespace xylem::views {

class WeightedNodeItem : public QGraphicsItem
{
public:
    enum class Kind
    {
        Gred,
        Thread,
        Folded
    };

    // prominent: the id grows to stay readable when the view zooms out.
    WeightedNodeItem(Kind kind, const QString& id, const QStringList& detail, bool onPath,
                     bool prominent);

    Kind kind() const { return m_kind; }
    void setPen(const QPen& pen);
    QPen pen() const { return m_pen; }
    void setBrush(const QColor& fill);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    static constexpr double kRadius = 11;

private:
    QRectF box() const;

    Kind m_kind;
    bool m_onPath;
    bool m_prominent;
    QStaticText m_id;
    QStaticText m_detail;
    QFont m_idFont;
    QFont m_detailFont;
    QPen m_pen;
    QColor m_fill;
    QRectF m_bounds;
};

} // namespace xylem::views
