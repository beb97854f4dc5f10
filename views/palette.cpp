#include "views/palette.h"

#include <iterator>

namespace xylem::views {

QColor seriesColour(std::size_t index)
{
    static const QColor colours[] = {QColor(52, 101, 164), QColor(204, 0, 0),  QColor(78, 154, 6),
                                     QColor(117, 80, 123), QColor(206, 92, 0), QColor(32, 128, 128),
                                     QColor(193, 125, 17), QColor(85, 87, 83)};
    return colours[index % std::size(colours)];
}

} // namespace xylem::views
