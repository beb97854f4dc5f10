#include "views/scopegeneratedialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>

namespace xylem::views {

ScopeGenerateDialog::ScopeGenerateDialog(QWidget* parent)
    : QDialog(parent)
    , m_shape(new QComboBox(this))
    , m_fanout(new QSpinBox(this))
    , m_frontEnd(new QLineEdit(QStringLiteral("localhost"), this))
    , m_hosts(new QPlainTextEdit(this))
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
