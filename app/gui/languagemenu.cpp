#include "app/gui/languagemenu.h"

#include "app/gui/languages.h"

#include <QActionGroup>
#include <QMessageBox>
#include <QSettings>

namespace xylem::gui {

LanguageMenu::LanguageMenu(QWidget* parent)
    : QMenu(tr("&Language"), parent)
{
    auto* group = new QActionGroup(this);
    const QString chosen = QSettings().value(QLatin1String(kLanguageSetting)).toString();
    const auto add = [this, group, &chosen](const QString& text, const QString& code,
                                            const QString& name) {
        QAction* action = addAction(text, this, [this, code, name] { choose(code, name); });
        action->setCheckable(true);
        action->setChecked(code == chosen);
        action->setData(code);
        group->addAction(action);
    };
    add(tr("&System Language"), QString(), tr("the system language"));
    addSeparator();
    for (const Language& language : availableLanguages()) {
        add(language.nativeName, language.code, language.nativeName);
    }
}

void LanguageMenu::choose(const QString& code, const QString& name)
{
    QSettings settings;
    if (code.isEmpty()) {
        settings.remove(QLatin1String(kLanguageSetting));
    } else {
        settings.setValue(QLatin1String(kLanguageSetting), code);
    }
    QMessageBox::information(parentWidget(), tr("Language"),
                             tr("Xylem will use %1 the next time it starts.").arg(name));
}

} // namespace xylem::gui
