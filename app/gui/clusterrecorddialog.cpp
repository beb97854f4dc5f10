#include "app/gui/clusterrecorddialog.h"

#include "app/gui/hostfilesummary.h"
#include "app/gui/sessionpaths.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStyle>

namespace xylem::gui {

namespace {

enum LengthUnit
{
    Iterations,
    Seconds,
    Minutes
};

} // namespace

ClusterRecordDialog::ClusterRecordDialog(QWidget* parent)
    : QDialog(parent)
    , m_hostFile(fileField(tr("Host files (*);;Text files (*.txt)"), false))
    , m_launcher(new QLineEdit(QStringLiteral("ssh {host} {command}"), this))
    , m_listen(new QLineEdit(QStringLiteral("auto"), this))
    , m_threads(new QSpinBox(this))
    , m_length(new QSpinBox(this))
    , m_lengthUnit(new QComboBox(this))
    , m_benchmark(new QComboBox(this))
    , m_noise(new QLineEdit(this))
    , m_scope(fileField(tr("Event scopes and scope designs (*.json);;All files (*)"), false))
    , m_session(fileField(tr("Xylem sessions (*.xylem)"), true))
    , m_hosts(new QLabel(this))
    , m_problem(new QLabel(this))
{
    setWindowTitle(tr("Record on a Cluster"));
    setMinimumWidth(600); // a launcher template and a path on one line each
    m_hostFile->setPlaceholderText(tr("one host per line, as mpirun and Slurm take them"));
    m_launcher->setToolTip(tr("Starts a relay or collector on another machine: {host} is the "
                              "machine, {command} what runs there"));
    m_listen->setToolTip(tr("Where the front-end listens: an address of this machine, or auto for "
                            "the interface that routes to the other machines"));
    m_threads->setRange(0, 1024);
    m_threads->setSpecialValueText(tr("the host file's slots"));
    m_lengthUnit->addItem(tr("iterations"), Iterations);
    m_lengthUnit->addItem(tr("seconds"), Seconds);
    m_lengthUnit->addItem(tr("minutes"), Minutes);
    m_lengthUnit->setCurrentIndex(Minutes);
    lengthUnitChanged();
    m_benchmark->addItem(tr("gsum (allreduce only)"), QStringLiteral("gsum"));
    m_benchmark->addItem(tr("compute-gsum (computation between allreduces)"),
                         QStringLiteral("compute-gsum"));
    m_noise->setPlaceholderText(tr("none (e.g. node02.t1:200:1)"));
    m_noise->setToolTip(
        tr("THREAD:DELAY_US[:EVERY] — a thread made late to plant a culprit; empty for none"));
    m_scope->setPlaceholderText(tr("the default scope (raw tracing)"));
    m_session->setToolTip(tr("A new or existing session; its folder is made when missing"));
    m_session->setText(newSessionPath(QStringLiteral("xylem-cluster")));
    m_hosts->setWordWrap(true);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020"));
    buildForm();
    validate();
}

void ClusterRecordDialog::buildForm()
{
    auto* form = new QFormLayout(this);
    form->addRow(tr("Host file:"), m_hostFile);
    form->addRow(QString(), m_hosts);
    form->addRow(tr("Launcher:"), m_launcher);
    form->addRow(tr("Listen on:"), m_listen);
    form->addRow(tr("Threads per host:"), m_threads);
    auto* length = new QHBoxLayout;
    length->addWidget(m_length, 1);
    length->addWidget(m_lengthUnit);
    form->addRow(tr("Run for:"), length);
    form->addRow(tr("Benchmark:"), m_benchmark);
    form->addRow(tr("Delayed thread:"), m_noise);
    form->addRow(tr("Event scope or design:"), m_scope);
    form->addRow(tr("Session file:"), m_session);
    form->addRow(m_problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_record = buttons->button(QDialogButtonBox::Ok);
    m_record->setText(tr("Record"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit* field : {m_hostFile, m_launcher, m_listen, m_noise, m_scope, m_session}) {
        connect(field, &QLineEdit::textChanged, this, &ClusterRecordDialog::validate);
    }
    connect(m_threads, &QSpinBox::valueChanged, this, &ClusterRecordDialog::validate);
    connect(m_lengthUnit, &QComboBox::currentIndexChanged, this,
            &ClusterRecordDialog::lengthUnitChanged);
}

// A line edit with a "Browse…" action that opens a file dialog.
QLineEdit* ClusterRecordDialog::fileField(const QString& filter, bool save)
{
    auto* field = new QLineEdit(this);
    QAction* browse = field->addAction(style()->standardIcon(QStyle::SP_DirOpenIcon),
                                       QLineEdit::TrailingPosition);
    browse->setToolTip(tr("Browse…"));
    connect(browse, &QAction::triggered, this, [this, field, filter, save] {
        const QString chosen =
            save ? QFileDialog::getSaveFileName(this, windowTitle(), field->text(), filter)
                 : QFileDialog::getOpenFileName(this, windowTitle(), field->text(), filter);
        if (!chosen.isEmpty()) {
            field->setText(chosen);
        }
    });
    return field;
}

// Iterations count in the thousands, a run's time is bounded by xylem-cli record at a day; each
// unit starts at about ten minutes of a small cluster's run.
void ClusterRecordDialog::lengthUnitChanged()
{
    const int unit = m_lengthUnit->currentData().toInt();
    m_length->setRange(1, unit == Iterations ? 1000000000 : unit == Seconds ? 86400 : 1440);
    m_length->setSingleStep(unit == Iterations ? 1000 : 1);
    m_length->setValue(unit == Iterations ? 1000000 : unit == Seconds ? 600 : 10);
}

QString ClusterRecordDialog::checkHostFile()
{
    const QString path = m_hostFile->text().trimmed();
    if (path.isEmpty()) {
        m_hosts->setText(tr("Choose the host file of the machines to record on."));
        return tr("Choose a host file.");
    }
    const auto summary = summarizeHostFile(path.toStdString());
    if (!summary) {
        const QString error = QString::fromStdString(summary.error().describe());
        m_hosts->setText(error);
        return tr("The host file is not valid: %1").arg(error);
    }
    const HostFileSummary& hosts = summary.value(); // at least one host: readHostFile says so
    const long long threads = m_threads->value() > 0
                                  ? static_cast<long long>(m_threads->value()) * hosts.hosts
                                  : hosts.slotCount;
    m_hosts->setText(tr("Hosts: %1 · clusters: %2 · threads: %3 · started through the "
                        "launcher: %4")
                         .arg(hosts.hosts)
                         .arg(hosts.clusters)
                         .arg(threads)
                         .arg(hosts.remote));
    return {};
}

QString ClusterRecordDialog::checkScope()
{
    m_scopeIsDesign = false;
    const QString path = m_scope->text().trimmed();
    if (path.isEmpty()) {
        return {};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return tr("Cannot read the event scope %1: %2").arg(path, file.errorString());
    }
    const QString format = QJsonDocument::fromJson(file.read(16 << 20))
                               .object()
                               .value(QStringLiteral("format"))
                               .toString();
    if (format == QLatin1String("xylem-scope-design/1")) {
        m_scopeIsDesign = true;
        return {};
    }
    if (format == QLatin1String("xylem-scope/1")) {
        return {};
    }
    return tr("%1 is neither an event scope (xylem-scope/1) nor a scope design "
              "(xylem-scope-design/1).")
        .arg(path);
}

void ClusterRecordDialog::validate()
{
    static const QRegularExpression noise(QStringLiteral("^[^:\\s]+:\\d+(:[1-9]\\d*)?$"));
    const QString launcher = m_launcher->text().trimmed();
    const QString listen = m_listen->text().trimmed();
    const QString delay = m_noise->text().trimmed();
    const QString session = m_session->text().trimmed();
    QString problem = checkHostFile();
    if (problem.isEmpty() && (!launcher.contains(QLatin1String("{host}")) ||
                              !launcher.contains(QLatin1String("{command}")))) {
        problem = tr("The launcher must say where the host and the command go, with {host} and "
                     "{command}, as in ssh {host} {command}.");
    }
    if (problem.isEmpty() && (listen.isEmpty() || listen.contains(QLatin1Char(' ')))) {
        problem = tr("Listen on an address of this machine, or auto.");
    }
    if (problem.isEmpty() && !delay.isEmpty() && !noise.match(delay).hasMatch()) {
        problem = tr("A delayed thread is THREAD:DELAY_US[:EVERY], e.g. node02.t1:200:1.");
    }
    if (problem.isEmpty()) {
        problem = checkScope();
    }
    if (problem.isEmpty() && (session.isEmpty() || QFileInfo(session).isDir())) {
        problem = tr("Choose the session file to record into.");
    }
    m_problemText = problem;
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_record->setEnabled(problem.isEmpty());
}

ClusterRecordSettings ClusterRecordDialog::settings() const
{
    ClusterRecordSettings s;
    s.hostFile = m_hostFile->text().trimmed();
    s.launcher = m_launcher->text().trimmed();
    s.listen = m_listen->text().trimmed();
    s.threadsPerHost = m_threads->value();
    const int unit = m_lengthUnit->currentData().toInt();
    s.iterations = unit == Iterations ? m_length->value() : 0;
    s.durationSeconds = m_length->value() * (unit == Minutes ? 60 : 1);
    s.benchmark = m_benchmark->currentData().toString();
    s.noise = m_noise->text().trimmed();
    (m_scopeIsDesign ? s.designFile : s.scope) = m_scope->text().trimmed();
    s.session = m_session->text().trimmed();
    return s;
}

} // namespace xylem::gui
