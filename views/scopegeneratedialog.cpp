#include "views/scopegeneratedialog.h"

#include "core/model/configurationjson.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

namespace xylem::views {

ScopeGenerateDialog::ScopeGenerateDialog(QWidget* parent)
    : QDialog(parent)
    , m_shape(new QComboBox(this))
    , m_fanout(new QSpinBox(this))
    , m_frontEnd(new QLineEdit(QStringLiteral("localhost"), this))
    , m_hosts(new QPlainTextEdit(this))
    , m_message(new QLabel(this))
{
    setWindowTitle(tr("Generate a Scope"));
    m_shape->addItem(tr("k-ary"), static_cast<int>(gather::TopologyShape::Kary));
    m_shape->addItem(tr("k-nomial"), static_cast<int>(gather::TopologyShape::Knomial));
    m_shape->addItem(tr("flat"), static_cast<int>(gather::TopologyShape::Flat));
    m_shape->addItem(tr("hierarchy-aware (one relay per cluster)"),
                     static_cast<int>(gather::TopologyShape::Hierarchy));
    m_fanout->setRange(2, 1024);
    m_fanout->setValue(4);
    m_hosts->setPlaceholderText(tr("one host per line, optionally followed by its cluster:\n"
                                   "n1 c0\nn2 c0\nn3 c1"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Shape:"), m_shape);
    form->addRow(tr("Fan-out:"), m_fanout);
    form->addRow(tr("Front-end host:"), m_frontEnd);
    form->addRow(tr("Hosts:"), m_hosts);
    form->addRow(tr("Take hosts:"), hostSourceButtons());
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #cc0000"));
    m_message->hide();
    form->addRow(m_message);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void ScopeGenerateDialog::setHosts(const live::HostList& hosts)
{
    QStringList lines;
    for (size_t i = 0; i < hosts.hosts.size(); ++i) {
        QString line = QString::fromStdString(hosts.hosts[i]);
        if (i < hosts.clusters.size() && !hosts.clusters[i].empty()) {
            line += QLatin1Char(' ') + QString::fromStdString(hosts.clusters[i]);
        }
        lines << line;
    }
    m_hosts->setPlainText(lines.join(QLatin1Char('\n')));
}

QWidget* ScopeGenerateDialog::hostSourceButtons()
{
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_fromRun = new QPushButton(tr("From the Open Run"), row);
    m_fromRun->setToolTip(tr("The hosts of the open run's configuration"));
    m_fromRun->setEnabled(false);
    connect(m_fromRun, &QPushButton::clicked, this, [this] { setHosts(m_runHosts); });
    const struct
    {
        QString text, tip, title, filter;
        bool (ScopeGenerateDialog::*take)(const QString&);
    } files[] = {
        {tr("From a Configuration…"), tr("The hosts of a tree configuration file (xylem-tree/1)"),
         tr("Hosts of a Configuration"), tr("Tree configurations (*.json);;All files (*)"),
         &ScopeGenerateDialog::takeHostsFromConfiguration},
        {tr("From a Running Tree…"), tr("The collectors' hosts in a running tree's address file"),
         tr("Hosts of a Running Tree"), tr("Address files (*.address);;All files (*)"),
         &ScopeGenerateDialog::takeHostsFromAddressFile}};
    layout->addWidget(m_fromRun);
    m_fromRun->setAutoDefault(false);
    for (const auto& file : files) {
        auto* button = new QPushButton(file.text, row);
        button->setToolTip(file.tip);
        button->setAutoDefault(false);
        layout->addWidget(button);
        connect(button, &QPushButton::clicked, this, [this, file] {
            const QString path = QFileDialog::getOpenFileName(this, file.title, {}, file.filter);
            if (!path.isEmpty()) {
                (this->*file.take)(path);
            }
        });
    }
    layout->addStretch(1);
    return row;
}

void ScopeGenerateDialog::setRunHosts(const live::HostList& hosts)
{
    m_runHosts = hosts;
    m_fromRun->setEnabled(!hosts.hosts.empty());
    if (!hosts.hosts.empty()) {
        setHosts(hosts);
    }
}

bool ScopeGenerateDialog::takeHostsFromConfiguration(const QString& path)
{
    auto configuration = readConfigurationFile(path.toStdString());
    const Result<live::HostList> hosts =
        configuration ? Result<live::HostList>(live::hostsOfConfiguration(configuration.value()))
                      : Result<live::HostList>(configuration.error());
    return takeHosts(hosts, tr("Cannot read the configuration %1: %2").arg(path),
                     tr("The configuration %1 names no hosts.").arg(path));
}

bool ScopeGenerateDialog::takeHostsFromAddressFile(const QString& path)
{
    return takeHosts(live::hostsOfAddressFile(path.toStdString()),
                     tr("Cannot read the address file %1: %2").arg(path),
                     tr("The address file %1 names no collectors.").arg(path));
}

// failed: a message with %2 for the reason.
bool ScopeGenerateDialog::takeHosts(const Result<live::HostList>& hosts, const QString& failed,
                                    const QString& empty)
{
    if (!hosts) {
        const Error& error = hosts.error(); // its where is often the file, named already
        m_message->setText(failed.arg(QString::fromStdString(
            failed.contains(QString::fromStdString(error.where)) ? error.message
                                                                 : error.describe())));
    } else if (hosts->hosts.empty()) {
        m_message->setText(empty);
    } else {
        m_message->hide();
        setHosts(hosts.value());
        return true;
    }
    m_message->show();
    return false;
}

live::DesignSpec ScopeGenerateDialog::spec() const
{
    live::DesignSpec spec;
    spec.shape = static_cast<gather::TopologyShape>(m_shape->currentData().toInt());
    spec.fanout = static_cast<std::uint32_t>(m_fanout->value());
    spec.frontEndHost = m_frontEnd->text().trimmed().toStdString();
    bool anyCluster = false;
    for (const QString& line : m_hosts->toPlainText().split(QLatin1Char('\n'))) {
        const QStringList words = line.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (words.isEmpty()) {
            continue;
        }
        spec.hosts.hosts.push_back(words[0].toStdString());
        spec.hosts.clusters.push_back(words.size() > 1 ? words[1].toStdString() : std::string());
        anyCluster = anyCluster || words.size() > 1;
    }
    if (!anyCluster) {
        spec.hosts.clusters.clear();
    }
    return spec;
}

} // namespace xylem::views
