#include "views/weightednodeitem.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace xylem::views {

namespace {

constexpr double kFoldedHeight = 24;
constexpr double kTextGap = 3;
constexpr double kPathTextPixels = 11; // the path's ids on screen, at the least
constexpr double kMinTextPixels = 6.5; // smaller text is left out

QFont pixelFont(int pixels, bool bold)
{
    QFont font;
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

} // namespace

WeightedNodeItem::WeightedNodeItem(Kind kind, const QString& id, const QStringList& detail,
                                   bool onPath, bool prominent)
    : m_kind(kind)
    , m_onPath(onPath)
    , m_prominent(prominent)
    , m_id(id)
    , m_detail(detail.join(QLatin1Char('\n')))
    , m_idFont(pixelFont(kind == Kind::Folded ? 10 : 12, onPath))
    , m_detailFont(pixelFont(9, false))
{
    m_id.setTextFormat(Qt::PlainText);
    m_detail.setTextFormat(Qt::PlainText);
    m_id.prepare(QTransform(), m_idFont);
    m_detail.prepare(QTransform(), m_detailFont);
    QRectF bounds = box();
    const QSizeF idSize = m_id.size();
    const QSizeF detailSize = m_detail.size();
    const double below = box().bottom() + kTextGap;
    if (m_kind == Kind::Gred) {
        bounds |= QRectF(-idSize.width() / 2, box().top() - kTextGap - idSize.height(),
                         idSize.width(), idSize.height());
    } else if (m_kind == Kind::Thread) {
        bounds |= QRectF(-idSize.width() / 2, below, idSize.width(), idSize.height());
    } else if (!detail.isEmpty()) {
        bounds |= QRectF(-detailSize.width() / 2, below, detailSize.width(), detailSize.height());
    }
    // Prominent labels grow to stay readable when zoomed out: room for four times the size.
    m_bounds = m_prominent
                   ? QRectF(bounds.center() - QPointF(2 * bounds.width(), 2 * bounds.height()),
                            bounds.size() * 4)
                   : bounds.adjusted(-2, -2, 2, 2);
}

void WeightedNodeItem::setPen(const QPen& pen)
{
    m_pen = pen;
    update();
}

void WeightedNodeItem::setBrush(const QColor& fill)
{
    m_fill = fill;
    update();
}

QRectF WeightedNodeItem::box() const
{
    if (m_kind == Kind::Folded) {
        const double width = std::max(2 * kRadius + 20, m_id.size().width() + 10);
        return {-width / 2, -kFoldedHeight / 2, width, kFoldedHeight};
    }
    return {-kRadius, -kRadius, 2 * kRadius, 2 * kRadius};
}

QRectF WeightedNodeItem::boundingRect() const
{
    return m_bounds;
}

QPainterPath WeightedNodeItem::shape() const
{
    QPainterPath path;
    path.addRect(box());
    return path;
}

void WeightedNodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = option->state & QStyle::State_Selected;
    painter->setPen(selected ? QPen(option->palette.highlight().color(), 4) : m_pen);
    painter->setBrush(m_fill);
    const QRectF r = box();
    switch (m_kind) {
    case Kind::Gred:
        painter->drawEllipse(r);
        break;
    case Kind::Thread:
        painter->drawRect(r);
        break;
    case Kind::Folded:
        painter->drawRoundedRect(r, 5, 5);
        break;
    }
    const double idPixels = m_idFont.pixelSize() * lod;
    if (idPixels < kMinTextPixels && !m_prominent) {
        return;
    }
    // Prominent, zoomed out: the id drawn larger in the scene so it stays readable.
    const double grow = m_prominent ? std::clamp(kPathTextPixels / idPixels, 1.0, 4.0) : 1.0;
    const QSizeF size = m_id.size() * grow;
    QPointF at;
    switch (m_kind) {
    case Kind::Gred:
        at = {-size.width() / 2, r.top() - kTextGap - size.height()};
        break;
    case Kind::Thread:
        at = {-size.width() / 2, r.bottom() + kTextGap};
        break;
    case Kind::Folded:
        at = {-size.width() / 2, -size.height() / 2};
        break;
    }
    painter->save();
    painter->translate(at);
    painter->scale(grow, grow);
    // Inside a dark box the id is white.
    const bool dark = m_kind == Kind::Folded && m_fill.lightnessF() < 0.45;
    painter->setPen(dark ? QColor(Qt::white) : option->palette.text().color());
    painter->setFont(m_idFont);
    painter->drawStaticText(QPointF(0, 0), m_id);
    painter->restore();
    if (m_kind == Kind::Folded && m_detailFont.pixelSize() * lod >= kMinTextPixels) {
        painter->setPen(option->palette.text().color());
        painter->setFont(m_detailFont);
        painter->drawStaticText(QPointF(-m_detail.size().width() / 2, r.bottom() + kTextGap),
                                m_detail);
    }
}

} // namespace xylem::views
