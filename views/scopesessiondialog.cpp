#include "views/scopesessiondialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace xylem::views {

namespace {

QString describeDesign(const SessionDesign& stored)
{
    const QString name = QString::fromStdString(stored.design.name);
    const QString used =
        stored.runs.isEmpty()
            ? ScopeSessionDialog::tr("not used by a run")
            : ScopeSessionDialog::tr("used by %1").arg(stored.runs.join(QStringLiteral("; ")));
    return ScopeSessionDialog::tr("%1 — nodes: %2\n%3")
        .arg(name)
        .arg(stored.design.nodes.size())
        .arg(used);
}

} // namespace

ScopeSessionDialog::ScopeSessionDialog(std::vector<SessionDesign> designs, QWidget* parent)
    : QDialog(parent)
    , m_designs(std::move(designs))
    , m_list(new QListWidget(this))
{
    m_list->setAlternatingRowColors(true);
    m_list->setSpacing(2);
    setWindowTitle(tr("Open a Scope Design from the Session"));
    for (const SessionDesign& stored : m_designs) {
        new QListWidgetItem(describeDesign(stored), m_list);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    m_open = buttons->button(QDialogButtonBox::Open);
    m_open->setEnabled(false);
    auto* layout = new QVBoxLayout(this);
    if (m_designs.empty()) {
        layout->addWidget(new QLabel(tr("This session keeps no scope designs: they are stored "
                                        "with the runs recorded through one."),
                                     this));
    }
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::currentRowChanged, this,
            [this](int row) { m_open->setEnabled(row >= 0); });
    connect(m_list, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    if (!m_designs.empty()) {
        m_list->setCurrentRow(static_cast<int>(m_designs.size()) - 1); // the newest
    }
    resize(520, 320);
}

std::optional<live::ScopeDesign> ScopeSessionDialog::chosen() const
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= static_cast<int>(m_designs.size())) {
        return std::nullopt;
    }
    return m_designs[static_cast<size_t>(row)].design;
}

} // namespace xylem::views
