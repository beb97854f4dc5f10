// xylem: the desktop application. `xylem [SESSION.xylem] [--run N]` opens a session;
// `xylem --live-demo FILE` records a local demo cluster into FILE and shows it as it grows;
// `--screenshot FILE.png [--tab tree|tables]` renders the window once the run's analysis is
// shown and exits (for documentation, tests, and machines without a display, with
// QT_QPA_PLATFORM=offscreen).

#include "app/gui/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Xylem"));
    QApplication::setOrganizationName(QStringLiteral("Xylem"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Performance analysis of collective communication"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("session"),
                                 QApplication::translate("main", "A session file to open."));
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
            "main",
            "The tab to show: tree, timemap, serialization, comparison, timeline or tables."),
        QStringLiteral("TAB"), QStringLiteral("tree"));
    const QCommandLineOption liveDemo(
        QStringLiteral("live-demo"),
        QApplication::translate("main", "Record a local demo cluster (4 hosts x 2 threads, "
                                        "h2.t1 delayed) into FILE and show it live."),
        QStringLiteral("FILE"));
    parser.addOptions({run, screenshot, tab, liveDemo});
    parser.process(app);

    xylem::gui::MainWindow window;
    window.resize(1280, 800);
    const QStringList tabs{QStringLiteral("tree"),          QStringLiteral("timemap"),
                           QStringLiteral("serialization"), QStringLiteral("comparison"),
                           QStringLiteral("timeline"),      QStringLiteral("tables")};
    window.tabs()->setCurrentIndex(
        std::max<int>(0, static_cast<int>(tabs.indexOf(parser.value(tab)))));
    if (parser.isSet(screenshot)) {
        const QString file = parser.value(screenshot);
        QObject::connect(&window, &xylem::gui::MainWindow::reportShown, &app, [&window, file] {
            QTimer::singleShot(400, &window,
                               [&window, file] { // the timeline arrives after the report
                                   const bool saved = window.grab().save(file);
                                   std::fprintf(saved ? stdout : stderr, "xylem: %s %s\n",
                                                saved ? "saved" : "cannot save", qPrintable(file));
                                   QApplication::exit(saved ? 0 : 1);
                               });
        });
        QObject::connect(&window.controller(), &xylem::gui::SessionController::failed, &app,
                         [](const QString& message) {
                             std::fprintf(stderr, "xylem: %s\n", qPrintable(message));
                             QApplication::exit(1);
                         });
    }
    window.show();
    if (parser.isSet(liveDemo)) {
        xylem::gui::DemoSettings demo;
        demo.session = parser.value(liveDemo);
        window.startLiveDemo(demo);
    } else if (!parser.positionalArguments().isEmpty()) {
        window.openSession(parser.positionalArguments().constFirst(),
                           parser.value(run).toLongLong());
    }
    return app.exec();
}
