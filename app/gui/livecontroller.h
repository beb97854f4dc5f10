#pragma once

// Live mode: a local demo cluster recorded while the user watches. It runs `xylem-cli record`
// (a gsum cluster under a gather tree of collectors, every tuple into a session) as a child
// process, passes its one-line status on, and ticks once a second so the window re-reads the
// growing run; stop() asks the recording to end cleanly (SIGTERM), which keeps the session.

#include <QObject>
#include <QProcess>
#include <QTimer>

namespace xylem::gui {

struct DemoSettings
{
    int hosts = 4;
    int threadsPerHost = 2;
    QString shape = QStringLiteral("hierarchy");   // flat, kary, binomial, hierarchy
    QString noise = QStringLiteral("h2.t1:200:1"); // THREAD:DELAY_US[:EVERY]; empty for none
    qint64 iterations = 100000000;                 // until stopped, in practice
    QString session;                               // the file to record into
};

class LiveController : public QObject
{
    Q_OBJECT

public:
    explicit LiveController(QObject* parent = nullptr);
    ~LiveController() override;

    bool start(const DemoSettings& settings);
    void stop();
    bool running() const;
    QString session() const { return m_session; }

signals:
    void status(const QString& line);
    void tick(const QString& session);
    void finished(const QString& session, bool ok, const QString& message);

private:
    void readStatus();

    QProcess m_process;
    QTimer m_timer;
    QString m_session;
    QByteArray m_pending;
};

// xylem-cli beside this program (installed), where this build put it, or on the PATH.
QString cliProgram();

} // namespace xylem::gui
