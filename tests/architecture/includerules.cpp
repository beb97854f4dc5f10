#include "includerules.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>

namespace {

bool isQt(const QString& target)
{
    static const QRegularExpression qt(QStringLiteral("^(Q[A-Za-z0-9]|Qt[A-Za-z]*/|qcustomplot)"));
    return qt.match(target).hasMatch();
}

} // namespace

QString brokenRule(const QString& folder, const QString& target)
{
    const bool qt = isQt(target);
    const bool boost = target.startsWith(QLatin1String("boost/"));
    if ((folder == QLatin1String("core") || folder == QLatin1String("collectors")) && qt) {
        return folder + QStringLiteral("/ never includes Qt");
    }
    if (folder == QLatin1String("views") &&
        (boost || target.startsWith(QLatin1String("collectors/")))) {
        return QStringLiteral("views/ never includes Boost or collectors/");
    }
    if (folder == QLatin1String("core") && (target.startsWith(QLatin1String("views/")) ||
                                            target.startsWith(QLatin1String("collectors/")))) {
        return QStringLiteral("core/ never includes views/ or collectors/");
    }
    if (folder != QLatin1String("app") && target.startsWith(QLatin1String("app/"))) {
        return QStringLiteral("only app/ includes app/");
    }
    if (folder == QLatin1String("collectors") && target.startsWith(QLatin1String("views/"))) {
        return QStringLiteral("collectors/ never includes views/");
    }
    return {};
}

QList<IncludeViolation> findIncludeViolations(const QString& root)
{
    static const QRegularExpression include(
        QStringLiteral(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])"));
    QList<IncludeViolation> violations;
    for (const QString& folder :
         {QStringLiteral("core"), QStringLiteral("collectors"), QStringLiteral("views")}) {
        QDirIterator it(root + QLatin1Char('/') + folder, {"*.h", "*.hpp", "*.cpp", "*.cc"},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
                violations.append({path, 0, {}, QStringLiteral("cannot read the file")});
                continue;
            }
            int lineNo = 0;
            while (!file.atEnd()) {
                const QString line = QString::fromUtf8(file.readLine());
                ++lineNo;
                const auto m = include.match(line);
                if (!m.hasMatch()) {
                    continue;
                }
                const QString rule = brokenRule(folder, m.captured(1));
                if (!rule.isEmpty()) {
                    violations.append({path.mid(root.size() + 1), lineNo, m.captured(1), rule});
                }
            }
        }
    }
    return violations;
}
