#pragma once

// The GUI's languages: English (the source text) and every translation carried inside the
// program as :/i18n/xylem_CODE.qm (translations/). The language is, in this order: the
// command line's `--language CODE`, the setting "language" (View ▸ Language), the system
// locale; a language without a translation is English, silently.

#include <QList>
#include <QLocale>
#include <QString>
#include <QStringList>

namespace xylem::gui {

struct Language
{
    QString code;       // "en", "nb", "de"
    QString nativeName; // "English", "Norsk bokmål", "Deutsch"
};

// The QSettings key of the chosen language; absent means the system's.
inline constexpr char kLanguageSetting[] = "language";

// English first, then the translations inside the program by code.
QList<Language> availableLanguages();

// CODE of `--language CODE` or `--language=CODE` in a program's arguments, else empty.
QString languageArgument(const QStringList& arguments);

// The available language a name ("de", "nb_NO", "de-AT", "no") stands for, else empty.
QString matchLanguage(const QString& name);

// The language to use: requested when not empty, else the setting when set, else the first
// of the system's UI languages that is available; "en" when the one chosen has no translation.
QString chooseLanguage(const QString& requested, const QLocale& system = QLocale::system());

// Replaces the application's translators by Xylem's and Qt's own (qtbase_CODE from Qt's
// translations folder, when there) for code; returns the language now in use ("en" for one
// without a translation).
QString installLanguage(const QString& code);

} // namespace xylem::gui
