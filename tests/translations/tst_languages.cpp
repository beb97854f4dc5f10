// The GUI's languages: "de" and "nb" translate the main window (its menus keep their
// accelerators apart), an unknown code leaves English; the language comes from the command
// line, else the setting, else the system; View ▸ Language keeps the choice in the setting.

#include "app/gui/languagemenu.h"
#include "app/gui/languages.h"
#include "app/gui/mainwindow.h"

#include <QDir>
#include <QFile>
#include <QLibraryInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>
#include <QtTest>

using namespace xylem;

namespace {

// Texts of menus whose accelerators clash: "File: &Open, &Options".
void findClashes(const QString& title, const QList<QAction*>& actions, QStringList& clashes)
{
    QMap<QKeySequence, QStringList> byKey;
    for (const QAction* action : actions) {
        if (action->isSeparator()) {
            continue;
        }
        if (const QKeySequence key = QKeySequence::mnemonic(action->text()); !key.isEmpty()) {
            byKey[key] << action->text();
        }
        if (action->menu()) {
            findClashes(action->text(), action->menu()->actions(), clashes);
        }
    }
    for (const QStringList& texts : std::as_const(byKey)) {
        if (texts.size() > 1) {
            clashes << title + QStringLiteral(": ") + texts.join(QStringLiteral(", "));
        }
    }
}

} // namespace

class TestLanguages : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_languages"));
        QSettings().remove(QLatin1String(gui::kLanguageSetting));
    }

    void cleanup()
    {
        gui::installLanguage(QStringLiteral("en"));
        QSettings().remove(QLatin1String(gui::kLanguageSetting));
    }

    void theTranslationsAreInsideTheProgram()
    {
        QStringList languages;
        for (const gui::Language& language : gui::availableLanguages()) {
            languages << language.code + QLatin1Char('=') + language.nativeName;
        }
        QCOMPARE(languages, QStringList({QStringLiteral("en=English"), QStringLiteral("de=Deutsch"),
                                         QStringLiteral("nb=Norsk bokmål")}));
    }

    void theWindowSpeaksTheLanguage_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("installed");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("view");
        QTest::newRow("de") << "de"
                            << "de"
                            << "&Datei"
                            << "&Ansicht";
        QTest::newRow("nb") << "nb"
                            << "nb"
                            << "&Fil"
                            << "&Vis";
        QTest::newRow("de_AT") << "de_AT"
                               << "de"
                               << "&Datei"
                               << "&Ansicht";
        QTest::newRow("no") << "no"
                            << "nb"
                            << "&Fil"
                            << "&Vis";
        QTest::newRow("en") << "en"
                            << "en"
                            << "&File"
                            << "&View";
        QTest::newRow("unknown") << "xx"
                                 << "en"
                                 << "&File"
                                 << "&View";
        QTest::newRow("empty") << ""
                               << "en"
                               << "&File"
                               << "&View";
    }

    void theWindowSpeaksTheLanguage()
    {
        QFETCH(QString, code);
        QFETCH(QString, installed);
        QFETCH(QString, file);
        QFETCH(QString, view);
        gui::installLanguage(QStringLiteral("de")); // replaced by the next one
        QCOMPARE(gui::installLanguage(code), installed);
        gui::MainWindow window;
        const QList<QAction*> menus = window.menuBar()->actions();
        QVERIFY(menus.size() >= 2);
        QCOMPARE(menus[0]->text(), file);
        QCOMPARE(menus[1]->text(), view);
    }

    void theAcceleratorsOfAMenuDiffer_data()
    {
        QTest::addColumn<QString>("code");
        for (const gui::Language& language : gui::availableLanguages()) {
            if (language.code != QLatin1String("en")) { // English is the source, not ours
                QTest::newRow(qPrintable(language.code)) << language.code;
            }
        }
    }

    void theAcceleratorsOfAMenuDiffer()
    {
        QFETCH(QString, code);
        QCOMPARE(gui::installLanguage(code), code);
        gui::MainWindow window;
        QStringList clashes;
        findClashes(QStringLiteral("menu bar"), window.menuBar()->actions(), clashes);
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
    }

    void qtsOwnTextsFollowWhenInstalled()
    {
        const QString qtbase = QDir(QLibraryInfo::path(QLibraryInfo::TranslationsPath))
                                   .filePath(QStringLiteral("qtbase_de.qm"));
        if (!QFile::exists(qtbase)) {
            QSKIP("Qt's translations are not installed (qt6-translations-l10n)");
        }
        QCOMPARE(gui::installLanguage(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"),
                 QStringLiteral("Abbrechen"));
    }

    void theLanguageComesFromTheCommandLineTheSettingOrTheSystem()
    {
        const QString program = QStringLiteral("xylem");
        QCOMPARE(gui::languageArgument({program, QStringLiteral("--language"), QStringLiteral("nb"),
                                        QStringLiteral("a.xylem")}),
                 QStringLiteral("nb"));
        QCOMPARE(gui::languageArgument({program, QStringLiteral("--language=de")}),
                 QStringLiteral("de"));
        QCOMPARE(gui::languageArgument({program, QStringLiteral("a.xylem")}), QString());

        const QLocale german(QLocale::German, QLocale::Germany);
        const QLocale french(QLocale::French, QLocale::France);
        const QLocale norwegian(QLocale::NorwegianBokmal, QLocale::Norway);
        QCOMPARE(gui::chooseLanguage(QString(), german), QStringLiteral("de"));
        QCOMPARE(gui::chooseLanguage(QString(), norwegian), QStringLiteral("nb"));
        QCOMPARE(gui::chooseLanguage(QString(), french), QStringLiteral("en"));
        QCOMPARE(gui::chooseLanguage(QStringLiteral("nb"), german), QStringLiteral("nb"));

        QSettings().setValue(QLatin1String(gui::kLanguageSetting), QStringLiteral("nb"));
        QCOMPARE(gui::chooseLanguage(QString(), german), QStringLiteral("nb"));
        QCOMPARE(gui::chooseLanguage(QStringLiteral("de"), norwegian), QStringLiteral("de"));
        QCOMPARE(gui::chooseLanguage(QStringLiteral("klingon"), german), QStringLiteral("en"));
        QSettings().setValue(QLatin1String(gui::kLanguageSetting), QStringLiteral("fr"));
        QCOMPARE(gui::chooseLanguage(QString(), german), QStringLiteral("en"));
    }

    void theLanguageMenuKeepsTheChoice()
    {
        gui::MainWindow window;
        const gui::LanguageMenu* menu = new gui::LanguageMenu(&window);
        QString told;
        QTimer closer; // the message box is modal: read and close it
        connect(&closer, &QTimer::timeout, this, [&told] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                told = box->text();
                box->accept();
            }
        });
        closer.start(10);
        const auto choose = [menu](const QString& code) {
            for (QAction* action : menu->actions()) {
                if (!action->isSeparator() && action->data().toString() == code) {
                    action->trigger();
                    return true;
                }
            }
            return false;
        };
        QVERIFY(choose(QStringLiteral("de")));
        QCOMPARE(QSettings().value(QLatin1String(gui::kLanguageSetting)).toString(),
                 QStringLiteral("de"));
        QVERIFY2(told.contains(QStringLiteral("Deutsch")), qPrintable(told));
        QVERIFY(choose(QString())); // the system's language
        QVERIFY(!QSettings().contains(QLatin1String(gui::kLanguageSetting)));
        QVERIFY2(told.contains(QStringLiteral("system")), qPrintable(told));
    }
};

QTEST_MAIN(TestLanguages)
#include "tst_languages.moc"
