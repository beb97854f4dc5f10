#include "app/gui/demodialog.h"

#include "app/gui/sessionpaths.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace xylem::gui {

DemoDialog::DemoDialog(QWidget* parent)
    : QDialog(parent)
    , m_hosts(new QSpinBox(this))
    , m_threads(new QSpinBox(this))
    , m_shape(new QComboBox(this))
    , m_noise(new QLineEdit(QStringLiteral("h2.t1:200:1"), this))
    , m_session(new QLineEdit(this))
{
    setWindowTitle(tr("Start a Local Demo"));
    m_hosts->setRange(1, 16);
    m_hosts->setValue(4);
    m_threads->setRange(1, 8);
    m_threads->setValue(2);
    m_shape->addItems({QStringLiteral("hierarchy"), QStringLiteral("flat"), QStringLiteral("kary"),
                       QStringLiteral("binomial")});
    m_noise->setToolTip(
        tr("THREAD:DELAY_US[:EVERY] — a thread made late to plant a culprit; empty for none"));
    m_session->setText(newSessionPath(QStringLiteral("xylem-live")));
    auto* form = new QFormLayout(this);
    form->addRow(tr("Hosts:"), m_hosts);
    form->addRow(tr("Threads per host:"), m_threads);
    form->addRow(tr("Tree shape:"), m_shape);
    form->addRow(tr("Delayed thread:"), m_noise);
    form->addRow(tr("Session file:"), m_session);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Start"));
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

DemoSettings DemoDialog::settings() const
{
    DemoSettings s;
    s.hosts = m_hosts->value();
    s.threadsPerHost = m_threads->value();
    s.shape = m_shape->currentText();
    s.noise = m_noise->text().trimmed();
    s.session = m_session->text().trimmed();
    return s;
}

} // namespace xylem::gui
