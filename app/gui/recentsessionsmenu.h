#pragma once

// File ▸ Open Recent: the sessions opened last, newest first, kept in QSettings
// ("recentSessions", at most eight). Choosing one asks for it to be opened.

#include <QMenu>

namespace xylem::gui {

class RecentSessionsMenu : public QMenu
{
    Q_OBJECT

public:
    explicit RecentSessionsMenu(const QString& title, QWidget* parent = nullptr);

    // Puts path first (once) and refreshes the menu.
    void remember(const QString& path);

signals:
    void openRequested(const QString& path);

private:
    void fill();
};

} // namespace xylem::gui
