#include "app/gui/recentsessionsmenu.h"

#include <QSettings>

namespace xylem::gui {

namespace {
constexpr int kMaxRecent = 8;
const QString kKey = QStringLiteral("recentSessions");
} // namespace

RecentSessionsMenu::RecentSessionsMenu(const QString& title, QWidget* parent)
    : QMenu(title, parent)
{
    fill();
}

void RecentSessionsMenu::remember(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(kKey).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    settings.setValue(kKey, recent.mid(0, kMaxRecent));
    fill();
}

void RecentSessionsMenu::fill()
{
    clear();
    const QStringList recent = QSettings().value(kKey).toStringList();
    for (const QString& path : recent) {
        addAction(path, this, [this, path] { emit openRequested(path); });
    }
    setEnabled(!recent.isEmpty());
}

} // namespace xylem::gui
