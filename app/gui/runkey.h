#pragma once

// A stored run as the window names it when several sessions are open at once: the session's
// file and the run's id in it (ids restart at 1 in every session, so the id alone collides).

#include <QMetaType>
#include <QString>

#include <compare>

namespace xylem::gui {

struct RunKey
{
    QString session; // the session file's path as opened
    qint64 run = 0;  // 0: none

    bool isNull() const { return run == 0; }
    friend bool operator==(const RunKey& a, const RunKey& b)
    {
        return a.run == b.run && a.session == b.session;
    }
    friend bool operator<(const RunKey& a, const RunKey& b)
    {
        return a.session != b.session ? a.session < b.session : a.run < b.run;
    }
};

// The key as text, for the views that take an opaque key (views::LabelledReport::key):
// "RUN@SESSION"; runKeyFromText reads it back (a null key for other text).
inline QString runKeyText(const RunKey& key)
{
    return QString::number(key.run) + QLatin1Char('@') + key.session;
}

inline RunKey runKeyFromText(const QString& text)
{
    const qsizetype at = text.indexOf(QLatin1Char('@'));
    bool ok = false;
    const qint64 run = at > 0 ? text.left(at).toLongLong(&ok) : 0;
    return ok && run > 0 ? RunKey{text.mid(at + 1), run} : RunKey{};
}

} // namespace xylem::gui

Q_DECLARE_METATYPE(xylem::gui::RunKey)
