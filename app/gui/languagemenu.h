#pragma once

// View ▸ Language: the system's language or one of availableLanguages(), kept in the setting
// "language" (languages.h); the choice applies when Xylem starts next.

#include <QMenu>

namespace xylem::gui {

class LanguageMenu : public QMenu
{
    Q_OBJECT

public:
    // Message boxes open over parent (the main window).
    explicit LanguageMenu(QWidget* parent);

private:
    void choose(const QString& code, const QString& name);
};

} // namespace xylem::gui
