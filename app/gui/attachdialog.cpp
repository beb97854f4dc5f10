#include "app/gui/attachdialog.h"

#include "app/gui/sessionpaths.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>

namespace xylem::gui {

AttachDialog::AttachDialog(QWidget* parent, Purpose purpose)
    : QDialog(parent)
    , m_configuration(fileField(tr("Tree configurations (*.json);;All files (*)"), false))
    , m_address(fileField(tr("Address files (*.address);;All files (*)"), true))
    , m_scope(fileField(tr("Event scopes (*.json);;All files (*)"), false))
    , m_minutes(new QSpinBox(this))
    , m_session(fileField(tr("Xylem sessions (*.xylem)"), true))
    , m_command(new QLabel(this))
{
    const bool design = purpose == Purpose::DeployDesign;
    setDefaults(design);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setWordWrap(true);
    setMinimumWidth(640); // a collector's command on one line
    auto* form = new QFormLayout(this);
    form->addRow(tr("Program's tree configuration:"), m_configuration);
    form->addRow(tr("Address file to write:"), m_address);
    form->addRow(tr("Event scope:"), m_scope);
    form->addRow(tr("Record for at most:"), m_minutes);
    form->addRow(tr("Session file:"), m_session);
    form->addRow(m_command);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    QPushButton* start = buttons->button(QDialogButtonBox::Ok);
    start->setText(design ? tr("Deploy") : tr("Start Monitoring"));
    form->setRowVisible(m_scope, !design); // the design is the scope
    start->setEnabled(false);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit* field : {m_configuration, m_address, m_session}) {
        connect(field, &QLineEdit::textChanged, this, [this, start] {
            start->setEnabled(QFileInfo(m_configuration->text().trimmed()).isFile() &&
                              !m_address->text().trimmed().isEmpty() &&
                              !m_session->text().trimmed().isEmpty());
            describeCollectorCommand();
        });
    }
    describeCollectorCommand();
}

// Title, and fields filled as most users keep them: files named after the date and time.
void AttachDialog::setDefaults(bool design)
{
    setWindowTitle(design ? tr("Deploy to a Running Program") : tr("Monitor a Running Program"));
    m_address->setText(newSessionPath(QStringLiteral("xylem"), QStringLiteral(".address")));
    m_session->setText(
        newSessionPath(design ? QStringLiteral("xylem-scope") : QStringLiteral("xylem-monitor")));
    m_scope->setPlaceholderText(tr("the default scope (raw tracing)"));
    m_minutes->setRange(1, 24 * 60);
    m_minutes->setValue(60);
    m_minutes->setSuffix(tr(" min"));
}

// A line edit with a "Browse…" action that opens a file dialog.
QLineEdit* AttachDialog::fileField(const QString& filter, bool save)
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

void AttachDialog::setCollectorHosts(const QStringList& hosts)
{
    m_hosts = hosts;
    describeCollectorCommand();
}

void AttachDialog::describeCollectorCommand()
{
    const QString address = m_address->text().trimmed();
    if (m_hosts.isEmpty()) {
        m_command->setText(tr("Then start on each node of the program:\n"
                              "xylem-collector --attach %1 --host HOST --ring-prefix PREFIX\n"
                              "and run the program with XYLEM_RING_PREFIX=PREFIX.")
                               .arg(address));
        return;
    }
    QStringList lines;
    for (const QString& host : m_hosts) {
        lines << QStringLiteral("%1:  xylem-collector --attach %2 --host %1 --ring-prefix PREFIX")
                     .arg(host, address);
    }
    m_command->setText(tr("Then start one collector on each host of the design:\n%1\n"
                          "and run the program with XYLEM_RING_PREFIX=PREFIX.")
                           .arg(lines.join(QLatin1Char('\n'))));
}

AttachSettings AttachDialog::settings() const
{
    AttachSettings s;
    s.configuration = m_configuration->text().trimmed();
    s.addressFile = m_address->text().trimmed();
    s.scope = m_scope->text().trimmed();
    s.durationSeconds = m_minutes->value() * 60;
    s.session = m_session->text().trimmed();
    return s;
}

} // namespace xylem::gui
