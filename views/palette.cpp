#include "views/palette.h"

namespace xylem::views {

namespace {
enum OkabeIto : std::size_t
{
    Black,
    Orange,
    SkyBlue,
    BluishGreen,
    Yellow,
    Blue,
    Vermillion,
    ReddishPurple
};
} // namespace

const std::array<QColor, 8>& okabeIto()
{
    static const std::array<QColor, 8> colours{
        QColor(0, 0, 0),      QColor(230, 159, 0), QColor(86, 180, 233), QColor(0, 158, 115),
        QColor(240, 228, 66), QColor(0, 114, 178), QColor(213, 94, 0),   QColor(204, 121, 167)};
    return colours;
}

QColor seriesColour(std::size_t index)
{
    static constexpr std::size_t order[] = {Blue,          Orange,  BluishGreen, Vermillion,
                                            ReddishPurple, SkyBlue, Yellow,      Black};
    return okabeIto()[order[index % std::size(order)]];
}

QColor stageColour(Stage stage)
{
    switch (stage) {
    case Stage::ArrivalWait:
        return QColor(187, 187, 187);
    case Stage::DownLatency:
        return okabeIto()[SkyBlue];
    case Stage::Down:
        return okabeIto()[Blue];
    case Stage::Store:
        return okabeIto()[Yellow];
    case Stage::Operation:
        return okabeIto()[Vermillion];
    case Stage::DepartureWait:
        return okabeIto()[ReddishPurple];
    case Stage::UpLatency:
        return okabeIto()[BluishGreen];
    case Stage::Up:
        return okabeIto()[Orange];
    }
    return QColor(187, 187, 187);
}

} // namespace xylem::views
