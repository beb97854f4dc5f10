// xylem: the desktop application. `xylem [SESSION.xylem...] [--run N]` opens a session (and
// the ones after it beside it, to compare their runs);
// `xylem --live-demo FILE` records a local demo cluster into FILE and shows it as it grows;
// `--screenshot FILE.png [--tab NAME]` renders the window once the run's analysis is
// shown and exits (for documentation, tests, and machines without a display, with
// QT_QPA_PLATFORM=offscreen). `--language CODE` (en, nb, de) overrides View ▸ Language and
// the system's language (app/gui/languages.h). `--help` and `--version` need no display: they
// are answered by a QCoreApplication, before any window system is opened.

#include "app/gui/languages.h"
#include "app/gui/mainwindow.h"
#include "app/gui/screenshotjob.h"
#include "core/model/freedmemory.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>

#include <chrono>
#include <cstring>
#include <memory>

#include "xylem/version.h"

namespace {

// True when the arguments ask for text only (help or version), which QCommandLineParser
// answers and exits: QApplication would abort on a machine without a display first.
bool asksForTextOnly(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0) {
            return false; // what follows is a positional argument
        }
        for (const char* option : {"-h", "-?", "--help", "--help-all", "-v", "--version"}) {
            if (std::strcmp(argv[i], option) == 0) {
                return true;
            }
        }
    }
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    xylem::returnFreedMemoryToSystem(); // a session closed, a recording ended: memory goes back
    const std::unique_ptr<QCoreApplication> application =
        asksForTextOnly(argc, argv) ? std::make_unique<QCoreApplication>(argc, argv)
                                    : std::make_unique<QApplication>(argc, argv);
    QCoreApplication& app = *application;
    QCoreApplication::setApplicationName(QStringLiteral("Xylem"));
    QCoreApplication::setOrganizationName(QStringLiteral("Xylem"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(xylem::kVersion));
    // Before the first translated text: the options' descriptions below are translated too.
    xylem::gui::installLanguage(
        xylem::gui::chooseLanguage(xylem::gui::languageArgument(QCoreApplication::arguments())));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Performance analysis of collective communication"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("sessions"),
        QApplication::translate("main", "Session files to open, side by side."),
        QStringLiteral("[SESSION...]"));
    const QCommandLineOption run(QStringLiteral("run"),
                                 QApplication::translate("main", "The run to show first."),
                                 QStringLiteral("N"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Save the window as PNG once the run is shown, then quit."),
        QStringLiteral("FILE"));
    const QCommandLineOption tab(
        QStringLiteral("tab"),
        QApplication::translate(
            "main", "The tab to show: overview (the default), tree, timemap, serialization, "
                    "comparison, timeline, overtime, call (the run's slowest call), tables, "
                    "waitstates, scopes, clocks or monitors."),
        QStringLiteral("TAB"), QStringLiteral("overview"));
    const QCommandLineOption liveDemo(
        QStringLiteral("live-demo"),
        QApplication::translate("main", "Record a local demo cluster (4 hosts x 2 threads, "
                                        "h2.t1 delayed) into FILE and show it live."),
        QStringLiteral("FILE"));
    const QCommandLineOption thenRun(
        QStringLiteral("then-run"),
        QApplication::translate("main", "With --screenshot: show run N after the first and save "
                                        "the window then (the comparison puts the two side by "
                                        "side)."),
        QStringLiteral("N"));
    const QCommandLineOption design(
        QStringLiteral("design"),
        QApplication::translate("main",
                                "Open a scope design (*.design.json) in the Scope builder."),
        QStringLiteral("FILE"));
    QStringList codes;
    for (const xylem::gui::Language& available : xylem::gui::availableLanguages()) {
        codes << available.code;
    }
    const QCommandLineOption language(
        QStringLiteral("language"),
        QApplication::translate("main", "The language of the window: %1 (default: the choice in "
                                        "View ▸ Language, else the system's).")
            .arg(codes.join(QStringLiteral(", "))),
        QStringLiteral("CODE"));
    parser.addOptions({run, screenshot, tab, liveDemo, language, thenRun, design});
    parser.process(app); // answers --help and --version here, and exits

    // The installed theme's icon (packaging/icons), else the copy inside the program.
    QApplication::setWindowIcon(QIcon::fromTheme(
        QStringLiteral("xylem"), QIcon(QStringLiteral(":/icons/hicolor/scalable/apps/xylem.svg"))));
    // Wayland finds the window's icon and name through the desktop file
    // (packaging/org.xylem.Xylem.desktop).
    QGuiApplication::setDesktopFileName(QStringLiteral("org.xylem.Xylem"));

    xylem::gui::MainWindow window;
    window.resize(1280, 800);
    window.showView(xylem::gui::MainWindow::viewNamed(parser.value(tab))
                        .value_or(xylem::gui::MainWindow::View::Overview));
    std::unique_ptr<xylem::gui::ScreenshotJob> shot;
    if (parser.isSet(screenshot)) {
        shot = std::make_unique<xylem::gui::ScreenshotJob>(window, parser.value(screenshot),
                                                           std::chrono::minutes(2));
        QObject::connect(shot.get(), &xylem::gui::ScreenshotJob::finished, &app,
                         &QCoreApplication::exit);
        shot->showAlso(parser.value(thenRun).toLongLong());
        if (!parser.isSet(liveDemo) && parser.positionalArguments().isEmpty()) {
            shot->shootWhenDrawn(); // nothing to open: the window as it is
        }
    }
    window.show();
    if (parser.isSet(design) && !window.openDesign(parser.value(design))) {
        return 2; // the message is on stderr
    }
    if (parser.isSet(liveDemo)) {
        xylem::gui::DemoSettings demo;
        demo.session = parser.value(liveDemo);
        window.startLiveDemo(demo);
    } else if (!parser.positionalArguments().isEmpty()) {
        const QStringList sessions = parser.positionalArguments();
        window.openSession(sessions.constFirst(), parser.value(run).toLongLong());
        for (qsizetype i = 1; i < sessions.size(); ++i) {
            // Listed once the first is open, in this order; the first's run is shown.
            window.addSession(sessions[i], std::nullopt);
        }
    }
    return app.exec();
}
