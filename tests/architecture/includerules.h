#pragma once

// The folder rules of architecture.md, read off the #include lines: core/ and collectors/
// never include Qt; views/ never includes Boost or collectors/; nothing below app/ includes
// app/; core/ includes neither views/ nor collectors/.

#include <QString>
#include <QStringList>

struct IncludeViolation
{
    QString file; // relative to the scanned root
    int line = 0;
    QString include;
    QString rule;
};

QList<IncludeViolation> findIncludeViolations(const QString& root);
// The rule an include breaks in a file of the given top-level folder, or an empty string.
QString brokenRule(const QString& folder, const QString& includeTarget);
