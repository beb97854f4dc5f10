#include "app/gui/languages.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

namespace xylem::gui {

namespace {

constexpr char kSource[] = "en";
// Marks the translators installLanguage() owns, so that another call replaces them.
constexpr char kTranslatorName[] = "xylem-language";

QString nativeName(const QString& code)
{
    if (code == QLatin1String(kSource)) {
        return QStringLiteral("English");
    }
    QString name = QLocale(code).nativeLanguageName();
    if (!name.isEmpty()) {
        name[0] = name[0].toUpper(); // "norsk bokmål" starts a menu entry
    }
    return name.isEmpty() ? code : name;
}

void removeInstalledTranslators()
{
    QCoreApplication* app = QCoreApplication::instance();
    const auto installed =
        app->findChildren<QTranslator*>(QLatin1String(kTranslatorName), Qt::FindDirectChildrenOnly);
    for (QTranslator* translator : installed) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

bool install(const QString& file, const QString& directory)
{
    auto* translator = new QTranslator(QCoreApplication::instance());
    translator->setObjectName(QLatin1String(kTranslatorName));
    if (!translator->load(file, directory) || !QCoreApplication::installTranslator(translator)) {
        delete translator;
        return false;
    }
    return true;
}

} // namespace

QList<Language> availableLanguages()
{
    QList<Language> languages{{QLatin1String(kSource), nativeName(QLatin1String(kSource))}};
    const QStringList files =
        QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("xylem_*.qm")}, QDir::Files);
    for (const QString& file : files) {                    // sorted by name, so by code
        const QString code = file.mid(6, file.size() - 9); // xylem_CODE.qm
        languages.append({code, nativeName(code)});
    }
    return languages;
}

QString languageArgument(const QStringList& arguments)
{
    const QLatin1String option("--language");
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        if (argument == option && i + 1 < arguments.size()) {
            return arguments[i + 1];
        }
        if (argument.startsWith(option + QLatin1Char('='))) {
            return argument.mid(option.size() + 1);
        }
    }
    return {};
}

QString matchLanguage(const QString& name)
{
    const QString wanted = name.trimmed().toLower().replace(QLatin1Char('_'), QLatin1Char('-'));
    if (wanted.isEmpty()) {
        return {};
    }
    const QLocale::Language spoken = QLocale(wanted).language();
    for (const Language& language : availableLanguages()) {
        if (wanted == language.code || wanted.startsWith(language.code + QLatin1Char('-'))) {
            return language.code;
        }
        // Aliases such as "no" for Norwegian Bokmål.
        if (spoken != QLocale::C && spoken != QLocale::AnyLanguage &&
            spoken == QLocale(language.code).language()) {
            return language.code;
        }
    }
    return {};
}

QString chooseLanguage(const QString& requested, const QLocale& system)
{
    QString name = requested;
    if (name.isEmpty()) {
        name = QSettings().value(QLatin1String(kLanguageSetting)).toString();
    }
    if (name.isEmpty()) {
        for (const QString& ui : system.uiLanguages()) {
            if (const QString code = matchLanguage(ui); !code.isEmpty()) {
                return code;
            }
        }
        return QLatin1String(kSource);
    }
    const QString code = matchLanguage(name);
    return code.isEmpty() ? QLatin1String(kSource) : code;
}

QString installLanguage(const QString& code)
{
    removeInstalledTranslators();
    const QString chosen = matchLanguage(code);
    if (chosen.isEmpty() || chosen == QLatin1String(kSource) ||
        !install(QStringLiteral("xylem_%1").arg(chosen), QStringLiteral(":/i18n"))) {
        return QLatin1String(kSource);
    }
    // Qt's own texts (standard buttons, file dialogs), when Qt's translations are installed.
    install(QStringLiteral("qtbase_%1").arg(chosen),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    return chosen;
}

} // namespace xylem::gui
