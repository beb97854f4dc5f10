#include "app/gui/sessionpaths.h"

#include <QDateTime>
#include <QDir>
#include <QStandardPaths>

namespace xylem::gui {

QString newSessionPath(const QString& prefix, const QString& suffix)
{
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    return QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
        .filePath(prefix + QLatin1Char('-') + stamp + suffix);
}

} // namespace xylem::gui
