#include "views/stagename.h"

#include <QCoreApplication>

namespace xylem::views {

QString stageName(Stage stage)
{
    switch (stage) {
    case Stage::ArrivalWait:
        return QCoreApplication::translate("xylem::views::StageName", "arrival wait");
    case Stage::DownLatency:
        return QCoreApplication::translate("xylem::views::StageName", "down latency");
    case Stage::Down:
        return QCoreApplication::translate("xylem::views::StageName", "down (network hop)");
    case Stage::Store:
        return QCoreApplication::translate("xylem::views::StageName", "store");
    case Stage::Operation:
        return QCoreApplication::translate("xylem::views::StageName", "operation");
    case Stage::DepartureWait:
        return QCoreApplication::translate("xylem::views::StageName", "departure wait");
    case Stage::UpLatency:
        return QCoreApplication::translate("xylem::views::StageName", "up latency");
    case Stage::Up:
        return QCoreApplication::translate("xylem::views::StageName", "up (network hop)");
    }
    return {};
}

} // namespace xylem::views
