#include "views/scopeinspector.h"

#include "core/model/recording.h"
#include "views/scopedocument.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStyle>

#include <array>

namespace xylem::views {

namespace {

QString utf8(const char* text)
{
    return QString::fromUtf8(text);
}

void fillCombo(QComboBox* box, std::initializer_list<std::pair<QString, int>> items)
{
    for (const auto& [text, value] : items) {
        box->addItem(text, value);
    }
}

// Rich text, so that a tool tip of long sentences wraps instead of running off the screen.
QString paragraphs(const QStringList& sentences)
{
    QString html;
    for (const QString& sentence : sentences) {
        html += QStringLiteral("<p>%1</p>").arg(sentence.toHtmlEscaped());
    }
    return html;
}

void selectData(QComboBox* box, int value)
{
    box->setCurrentIndex(std::max(0, box->findData(value)));
}

} // namespace

ScopeInspector::ScopeInspector(ScopeDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_form(new QFormLayout(this))
    , m_heading(new QLabel(this))
    , m_host(new QLineEdit(this))
    , m_helpers(new QSpinBox(this))
    , m_sync(new QComboBox(this))
    , m_timeoutMs(new QSpinBox(this))
    , m_pullMs(new QSpinBox(this))
    , m_ring(new QComboBox(this))
    , m_policy(new QComboBox(this))
    , m_filterKind(new QComboBox(this))
    , m_reduce(new QComboBox(this))
    , m_pluginLibrary(new QLineEdit(this))
    , m_pluginFilter(new QLineEdit(this))
    , m_arguments(new QLineEdit(this))
    , m_coschedule(new QComboBox(this))
    , m_issues(new QLabel(this))
{
    build();
    connect(document, &ScopeDocument::changed, this, &ScopeInspector::load);
    showNode(live::kNoNode);
}

void ScopeInspector::build()
{
    m_heading->setWordWrap(true);
    m_issues->setWordWrap(true);
    m_issues->setStyleSheet(QStringLiteral("color: #cc0000"));
    m_helpers->setRange(1, 64);
    m_timeoutMs->setRange(1, 600000);
    m_timeoutMs->setSuffix(tr(" ms"));
    m_pullMs->setRange(1, 600000);
    m_pullMs->setSuffix(tr(" ms"));
    fillCombo(m_sync, {{tr("wait for all"), static_cast<int>(gather::SyncMode::WaitForAll)},
                       {tr("time-out"), static_cast<int>(gather::SyncMode::TimeOut)},
                       {tr("do not wait"), static_cast<int>(gather::SyncMode::DoNotWait)}});
    for (int shift = 10; shift <= 24; ++shift) {
        m_ring->addItem(tr("%1 tuples").arg(1 << shift), 1 << shift);
    }
    for (int p = 0; p <= static_cast<int>(BufferPolicy::ReplaceDrain); ++p) {
        const std::string_view name = toString(static_cast<BufferPolicy>(p));
        const QString policy = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
        m_policy->addItem(policy, policy);
    }
    for (int k = 0; k <= static_cast<int>(live::FilterKind::Plugin); ++k) {
        m_filterKind->addItem(utf8(live::filterKindName(static_cast<live::FilterKind>(k))), k);
    }
    for (int o = 0; o <= static_cast<int>(live::ReduceOperator::Average); ++o) {
        m_reduce->addItem(utf8(live::reduceOperatorName(static_cast<live::ReduceOperator>(o))), o);
    }
    buildCoschedule();
    m_arguments->setPlaceholderText(tr("integers, separated by commas"));
    m_pluginLibrary->setPlaceholderText(tr("path of the shared library (.so)"));
    QAction* browse = m_pluginLibrary->addAction(style()->standardIcon(QStyle::SP_DirOpenIcon),
                                                 QLineEdit::TrailingPosition);
    browse->setToolTip(tr("Choose the plugin library…"));
    connect(browse, &QAction::triggered, this, &ScopeInspector::browsePluginLibrary);
    connect(m_pluginLibrary, &QLineEdit::textChanged, m_pluginLibrary, &QLineEdit::setToolTip);
    m_form->addRow(m_heading);
    m_form->addRow(tr("Host:"), m_host);
    m_form->addRow(tr("Helper threads:"), m_helpers);
    m_form->addRow(tr("Synchronization:"), m_sync);
    m_form->addRow(tr("Time-out:"), m_timeoutMs);
    m_form->addRow(tr("Pull period:"), m_pullMs);
    m_form->addRow(tr("Ring size:"), m_ring);
    m_form->addRow(tr("Buffer policy:"), m_policy);
    m_form->addRow(tr("Filter:"), m_filterKind);
    m_form->addRow(tr("Reduce with:"), m_reduce);
    m_form->addRow(tr("Plugin library:"), m_pluginLibrary);
    m_form->addRow(tr("Plugin filter:"), m_pluginFilter);
    m_form->addRow(tr("Arguments:"), m_arguments);
    m_form->addRow(tr("Coschedule:"), m_coschedule);
    m_form->addRow(m_issues);
    connect(m_host, &QLineEdit::editingFinished, this, &ScopeInspector::applyHost);
    connect(m_helpers, &QSpinBox::editingFinished, this, &ScopeInspector::applyGather);
    connect(m_sync, &QComboBox::activated, this, &ScopeInspector::applyGather);
    connect(m_timeoutMs, &QSpinBox::editingFinished, this, &ScopeInspector::applyGather);
    connect(m_pullMs, &QSpinBox::editingFinished, this, &ScopeInspector::applyPullPeriod);
    connect(m_ring, &QComboBox::activated, this, &ScopeInspector::applyRing);
    connect(m_policy, &QComboBox::activated, this, &ScopeInspector::applyRing);
    for (QComboBox* box : {m_filterKind, m_reduce, m_coschedule}) {
        connect(box, &QComboBox::activated, this, &ScopeInspector::applyFilter);
    }
    for (QLineEdit* edit : {m_pluginLibrary, m_pluginFilter, m_arguments}) {
        connect(edit, &QLineEdit::editingFinished, this, &ScopeInspector::applyFilter);
    }
}

// The modes of core/live/scopedesign.h's FilterSettings::coschedule, as the design file names
// them; each explained in its item's tool tip, all three in the box's.
void ScopeInspector::buildCoschedule()
{
    m_coschedule->setObjectName(QStringLiteral("coschedule"));
    const std::array<std::pair<QString, QString>, 3> modes{{
        {tr("off"), tr("Off: the collectors read, filter and send when the front-end pulls, "
                       "whatever the program is doing.")},
        {tr("after sending"),
         tr("After sending: the collectors work while the program's threads wait inside "
            "the collective, from when all their contributions are sent.")},
        {tr("after release"),
         tr("After release: the collectors wait until all the program's threads have "
            "been released with the collective's result, which disturbs the program least.")},
    }};
    const std::array<const char*, 3> names{"off", "after-send", "after-release"};
    QStringList tips;
    for (size_t m = 0; m < modes.size(); ++m) {
        m_coschedule->addItem(modes[m].first, QString::fromLatin1(names[m]));
        m_coschedule->setItemData(static_cast<int>(m), paragraphs({modes[m].second}),
                                  Qt::ToolTipRole);
        tips << modes[m].second;
    }
    tips << tr("The design deploys the most demanding mode of its filters.");
    m_coschedule->setToolTip(paragraphs(tips));
}

void ScopeInspector::showNode(int id)
{
    m_id = id;
    load();
}

void ScopeInspector::load()
{
    m_loading = true; // the boxes' signals, fired by filling them, change nothing
    const live::DesignNode* node = m_document->design().find(m_id);
    if (!node) {
        m_id = live::kNoNode;
        m_heading->setText(tr("Select a node to see its properties. Drag from a node's circle "
                              "to another node to connect them."));
    } else {
        m_heading->setText(
            QStringLiteral("<b>%1</b>")
                .arg(QString::fromStdString(live::describeNode(*node)).toHtmlEscaped()));
        m_host->setText(QString::fromStdString(node->host));
        m_helpers->setValue(static_cast<int>(node->gather.helperThreads));
        selectData(m_sync, static_cast<int>(node->gather.sync.mode));
        m_timeoutMs->setValue(static_cast<int>(std::max<std::int64_t>(
            1, std::chrono::duration_cast<std::chrono::milliseconds>(node->gather.sync.timeout)
                   .count())));
        m_pullMs->setValue(static_cast<int>(node->pullPeriod.count()));
        selectData(m_ring, static_cast<int>(node->ring.capacity));
        m_policy->setCurrentIndex(
            std::max(0, m_policy->findData(QString::fromStdString(node->ring.bufferPolicy))));
        selectData(m_filterKind, static_cast<int>(node->filter.kind));
        selectData(m_reduce, static_cast<int>(node->filter.reduce));
        m_pluginLibrary->setText(QString::fromStdString(node->filter.pluginLibrary));
        m_pluginFilter->setText(QString::fromStdString(node->filter.pluginFilter));
        QStringList arguments;
        for (const std::int64_t a : node->filter.arguments) {
            arguments << QString::number(a);
        }
        m_arguments->setText(arguments.join(QStringLiteral(", ")));
        m_coschedule->setCurrentIndex(
            std::max(0, m_coschedule->findData(QString::fromStdString(node->filter.coschedule))));
    }
    m_issues->setText(m_document->issuesOf(m_id).join(QLatin1Char('\n')));
    setRowsVisible();
    m_loading = false;
}

void ScopeInspector::setRowsVisible()
{
    const live::DesignNode* node = m_document->design().find(m_id);
    using live::DesignNodeKind;
    const auto kind = node ? std::optional(node->kind) : std::nullopt;
    const bool gathers = kind == DesignNodeKind::FrontEnd || kind == DesignNodeKind::Relay;
    const bool filter = kind == DesignNodeKind::Filter;
    // From the boxes, not the node: a plugin or a time-out chosen but not yet complete shows
    // the rows still to fill in.
    const auto filterKind = static_cast<live::FilterKind>(m_filterKind->currentData().toInt());
    const auto syncMode = static_cast<gather::SyncMode>(m_sync->currentData().toInt());
    const bool plugin = filter && filterKind == live::FilterKind::Plugin;
    m_form->setRowVisible(m_host, kind && !filter);
    m_form->setRowVisible(m_helpers, gathers);
    m_form->setRowVisible(m_sync, gathers);
    m_form->setRowVisible(m_timeoutMs, gathers && syncMode == gather::SyncMode::TimeOut);
    m_form->setRowVisible(m_pullMs, kind == DesignNodeKind::FrontEnd);
    m_form->setRowVisible(m_ring, kind == DesignNodeKind::Collector);
    m_form->setRowVisible(m_policy, kind == DesignNodeKind::Collector);
    m_form->setRowVisible(m_filterKind, filter);
    m_form->setRowVisible(m_reduce, filter && filterKind == live::FilterKind::Reduce);
    m_form->setRowVisible(m_pluginLibrary, plugin);
    m_form->setRowVisible(m_pluginFilter, plugin);
    m_form->setRowVisible(m_arguments, plugin);
    m_form->setRowVisible(m_coschedule, filter);
}

void ScopeInspector::applyHost()
{
    const live::DesignNode* node = m_document->design().find(m_id);
    const QString host = m_host->text().trimmed();
    if (!m_loading && node && host.toStdString() != node->host) {
        m_document->setHost(m_id, host);
    }
}

void ScopeInspector::applyGather()
{
    const live::DesignNode* node = m_document->design().find(m_id);
    if (m_loading || !node) {
        return;
    }
    live::GatherSettings settings;
    settings.helperThreads = static_cast<std::uint32_t>(m_helpers->value());
    settings.sync.mode = static_cast<gather::SyncMode>(m_sync->currentData().toInt());
    if (settings.sync.mode == gather::SyncMode::TimeOut) {
        settings.sync.timeout = std::chrono::milliseconds(m_timeoutMs->value());
    }
    if (!(settings == node->gather) && !m_document->setGather(m_id, settings)) {
        load();
    }
}

void ScopeInspector::applyPullPeriod()
{
    const live::DesignNode* node = m_document->design().find(m_id);
    if (!m_loading && node && m_pullMs->value() != node->pullPeriod.count()) {
        m_document->setPullPeriod(m_id, m_pullMs->value());
    }
}

void ScopeInspector::applyRing()
{
    const live::DesignNode* node = m_document->design().find(m_id);
    if (m_loading || !node) {
        return;
    }
    live::RingSettings ring{static_cast<std::uint32_t>(m_ring->currentData().toInt()),
                            m_policy->currentData().toString().toStdString()};
    if (!(ring == node->ring) && !m_document->setRing(m_id, ring)) {
        load();
    }
}

void ScopeInspector::suggestPluginLibrary(const QString& path, const QString& filters)
{
    m_suggestedLibrary = path;
    m_pluginFilter->setPlaceholderText(filters.isEmpty() ? QString()
                                                         : tr("for example %1").arg(filters));
}

void ScopeInspector::browsePluginLibrary()
{
    const QString start =
        m_pluginLibrary->text().isEmpty() ? m_suggestedLibrary : m_pluginLibrary->text();
    const QString chosen = QFileDialog::getOpenFileName(
        this, tr("Filter Plugin Library"), start, tr("Shared libraries (*.so);;All files (*)"));
    if (!chosen.isEmpty()) {
        m_pluginLibrary->setText(chosen);
        applyFilter();
    }
}

void ScopeInspector::applyFilter()
{
    const live::DesignNode* node = m_document->design().find(m_id);
    if (m_loading || !node) {
        return;
    }
    live::FilterSettings filter = node->filter;
    filter.kind = static_cast<live::FilterKind>(m_filterKind->currentData().toInt());
    filter.reduce = static_cast<live::ReduceOperator>(m_reduce->currentData().toInt());
    if (filter.kind == live::FilterKind::Plugin && m_pluginLibrary->text().isEmpty()) {
        m_pluginLibrary->setText(m_suggestedLibrary);
    }
    filter.pluginLibrary = m_pluginLibrary->text().trimmed().toStdString();
    filter.pluginFilter = m_pluginFilter->text().trimmed().toStdString();
    if (filter.kind == live::FilterKind::Plugin &&
        (filter.pluginLibrary.empty() || filter.pluginFilter.empty())) {
        setRowsVisible(); // a plugin needs its library and name before it can be set
        return;
    }
    filter.coschedule = m_coschedule->currentData().toString().toStdString();
    filter.arguments.clear();
    for (const QString& part : m_arguments->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qlonglong value = part.trimmed().toLongLong(&ok);
        if (ok) {
            filter.arguments.push_back(value);
        }
    }
    if (!(filter == node->filter) && !m_document->setFilter(m_id, filter)) {
        load();
    }
}

} // namespace xylem::views
