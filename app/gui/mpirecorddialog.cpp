#include "app/gui/mpirecorddialog.h"

#include "app/gui/sessionpaths.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>

#include <unistd.h>

namespace xylem::gui {

QString MpiRecordDialog::defaultCommand()
{
    const QString loop = mpiLoopProgram();
    // OpenMPI refuses root without being told; more ranks than cores need --oversubscribe.
    const QString root = ::geteuid() == 0 ? QStringLiteral("--allow-run-as-root ") : QString();
    return QStringLiteral("mpirun %1--oversubscribe -np 4 %2 --iterations 2000 --late-rank 2 "
                          "--late-us 200")
        .arg(root, loop.isEmpty() ? QStringLiteral("xylem-mpiloop") : loop);
}

MpiRecordDialog::MpiRecordDialog(QWidget* parent)
    : QDialog(parent)
    , m_command(new QLineEdit(defaultCommand(), this))
    , m_shape(new QComboBox(this))
    , m_session(new QLineEdit(this))
{
    setWindowTitle(tr("Record an MPI Program"));
    m_command->setMinimumWidth(520);
    m_command->setToolTip(tr("Run with the PMPI interposer preloaded into every rank; every MPI "
                             "call of every rank is recorded"));
    m_shape->addItem(tr("Hierarchy (ranks, hosts, clusters)"), QStringLiteral("hierarchy"));
    m_shape->addItem(tr("Flat (ranks under one root)"), QStringLiteral("flat"));
    m_session->setText(newSessionPath(QStringLiteral("xylem-mpi")));
    auto* form = new QFormLayout(this);
    form->addRow(tr("Command:"), m_command);
    form->addRow(tr("Tree of the run:"), m_shape);
    form->addRow(tr("Session file:"), m_session);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Record"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_command, &QLineEdit::textChanged, this, [this, buttons](const QString& text) {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
    });
}

MpiRecordSettings MpiRecordDialog::settings() const
{
    MpiRecordSettings s;
    s.command = QProcess::splitCommand(m_command->text());
    s.shape = m_shape->currentData().toString();
    s.session = m_session->text().trimmed();
    return s;
}

} // namespace xylem::gui
