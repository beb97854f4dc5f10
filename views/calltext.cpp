#include "views/calltext.h"

#include "core/model/durationunits.h"

#include <QCoreApplication>

namespace xylem::views {

double unitFor(double spanNs, QString* symbol)
{
    const DurationUnit unit = durationUnitFor(spanNs);
    *symbol = QString::fromUtf8(unitSymbol(unit).data(), qsizetype(unitSymbol(unit).size()));
    return nanosecondsPer(unit);
}

QString callStageName(Stage stage)
{
    switch (stage) {
    case Stage::ArrivalWait:
        return QCoreApplication::translate("xylem::views::CallView", "arrival wait");
    case Stage::DownLatency:
        return QCoreApplication::translate("xylem::views::CallView", "down latency");
    case Stage::Down:
        return QCoreApplication::translate("xylem::views::CallView", "down (hop)");
    case Stage::Store:
        return QCoreApplication::translate("xylem::views::CallView", "store");
    case Stage::Operation:
        return QCoreApplication::translate("xylem::views::CallView", "operation");
    case Stage::DepartureWait:
        return QCoreApplication::translate("xylem::views::CallView", "departure wait");
    case Stage::UpLatency:
        return QCoreApplication::translate("xylem::views::CallView", "up latency");
    case Stage::Up:
        return QCoreApplication::translate("xylem::views::CallView", "up (hop)");
    }
    return {};
}

} // namespace xylem::views
