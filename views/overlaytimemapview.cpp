#include "views/overlaytimemapview.h"

#include "core/analysis/overlaytimemap.h"
#include "views/overlaytimemapplot.h"
#include "views/palette.h"

#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPixmap>
#include <QVBoxLayout>

#include <unordered_set>

namespace xylem::views {

namespace {

QIcon swatch(const QColor& colour)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(colour);
    return QIcon(pixmap);
}

} // namespace

OverlayTimemapView::OverlayTimemapView(QWidget* parent)
    : QWidget(parent)
    , m_runs(new QListWidget(this))
    , m_thread(new QComboBox(this))
    , m_state(new QLabel(this))
    , m_plot(new OverlayTimemapPlot(this))
{
    // Thousands of threads: type part of an id and pick it from the filtered list.
    m_thread->setEditable(true);
    m_thread->setInsertPolicy(QComboBox::NoInsert);
    m_thread->setMaxVisibleItems(20);
    m_thread->completer()->setFilterMode(Qt::MatchContains);
    m_thread->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_thread->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    m_thread->setMinimumContentsLength(16);
    m_thread->setToolTip(tr("The thread whose timemap is overlaid; type to filter"));
    m_runs->setToolTip(tr("The runs overlaid, at most %1").arg(kMaxRuns));
    m_state->setWordWrap(true);
    auto* side = new QVBoxLayout;
    side->addWidget(new QLabel(tr("Thread:"), this));
    side->addWidget(m_thread);
    side->addWidget(new QLabel(tr("Runs overlaid:"), this));
    side->addWidget(m_runs, 1);
    side->addWidget(m_state);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(side);
    layout->addWidget(m_plot, 1);
    m_runs->setFixedWidth(260);
    // Long labels are shortened in the middle, keeping the run's number and "(not analysed)".
    m_runs->setTextElideMode(Qt::ElideMiddle);
    m_runs->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_thread->setFixedWidth(260);
    connect(m_runs, &QListWidget::itemChanged, this, &OverlayTimemapView::checkChanged);
    connect(m_thread, &QComboBox::currentIndexChanged, this, &OverlayTimemapView::pickThread);
}

void OverlayTimemapView::setReports(const std::vector<LabelledReport>& reports)
{
    m_reports = reports;
    std::set<QString> given;
    for (const LabelledReport& r : m_reports) {
        given.insert(r.identity());
        // Analysed for the first time, not chosen by the user: checked while there is room.
        if (r.analysed() && m_analysed.insert(r.identity()).second &&
            !m_touched.contains(r.identity()) && static_cast<int>(m_checked.size()) < kMaxRuns) {
            m_checked.insert(r.identity());
        }
    }
    std::erase_if(m_checked, [&](const QString& id) { return !given.contains(id); });
    m_refused.clear();
    const QSignalBlocker block(m_runs);
    m_runs->clear();
    for (const LabelledReport& r : m_reports) {
        //: a run of the session listed for comparison that has not been analysed yet
        const QString text = r.analysed() ? r.label : tr("%1 (not analysed)").arg(r.label);
        auto* item = new QListWidgetItem(text, m_runs);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(m_checked.contains(r.identity()) ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(r.label);
    }
    fillThreads();
    redraw();
}

bool OverlayTimemapView::setChecked(int run, bool checked)
{
    QListWidgetItem* item = m_runs->item(run);
    if (!item) {
        return false;
    }
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked); // as a click: checkChanged
    return (item->checkState() == Qt::Checked) == checked;
}

bool OverlayTimemapView::setThread(const QString& id)
{
    const int index = m_thread->findText(id);
    if (index < 0) {
        return false;
    }
    m_chosen = id;
    const QSignalBlocker block(m_thread);
    m_thread->setCurrentIndex(index);
    redraw();
    return true;
}

QString OverlayTimemapView::thread() const
{
    return m_thread->currentText();
}

QString OverlayTimemapView::state() const
{
    return m_state->text();
}

void OverlayTimemapView::checkChanged(QListWidgetItem* item)
{
    const int row = m_runs->row(item);
    if (row < 0 || row >= static_cast<int>(m_reports.size())) {
        return;
    }
    const LabelledReport& r = m_reports[static_cast<size_t>(row)];
    m_refused.clear();
    if (item->checkState() == Qt::Checked) {
        if (static_cast<int>(m_checked.size()) >= kMaxRuns && !m_checked.contains(r.identity())) {
            const QSignalBlocker block(m_runs);
            item->setCheckState(Qt::Unchecked);
            m_refused = tr("At most %1 runs at once: uncheck one first.").arg(kMaxRuns);
            redraw();
            return;
        }
        m_checked.insert(r.identity());
        if (!r.analysed()) {
            emit analysisWanted(r.key);
        }
    } else {
        m_checked.erase(r.identity());
    }
    m_touched.insert(r.identity());
    fillThreads();
    redraw();
}

void OverlayTimemapView::pickThread()
{
    if (m_thread->currentIndex() >= 0) {
        m_chosen = m_thread->currentText();
        redraw();
    }
}

// The threads of every checked analysed run, the first run's in its order, then others'.
void OverlayTimemapView::fillThreads()
{
    QStringList ids;
    std::unordered_set<std::string> listed;
    for (const LabelledReport& r : m_reports) {
        if (!r.analysed() || !m_checked.contains(r.identity())) {
            continue;
        }
        for (const ThreadReport& t : r.report->threads) {
            std::string id = r.report->idOf(t.wrapper);
            if (listed.insert(id).second) {
                ids << QString::fromStdString(id);
            }
        }
    }
    const QSignalBlocker block(m_thread);
    m_thread->clear();
    m_thread->addItems(ids);
    m_thread->setCurrentIndex(-1);
}

void OverlayTimemapView::redraw()
{
    std::vector<const LabelledReport*> drawn;
    QStringList waiting;
    for (const LabelledReport& r : m_reports) {
        if (m_checked.contains(r.identity())) {
            if (r.analysed()) {
                drawn.push_back(&r);
            } else {
                waiting << r.label;
            }
        }
    }
    QStringList state;
    if (!m_refused.isEmpty()) {
        state << m_refused;
    }
    if (!waiting.isEmpty()) {
        state << tr("Analysing %1…").arg(waiting.join(QStringLiteral(", ")));
    }
    std::vector<OverlayRun> runs;
    QString thread;
    if (!drawn.empty()) {
        // The reference run: the first checked one that has the thread chosen.
        const LabelledReport* reference = drawn.front();
        std::optional<std::string> chosen;
        if (!m_chosen.isEmpty()) {
            const std::string id = m_chosen.toStdString();
            const auto has = std::find_if(drawn.begin(), drawn.end(), [&](const auto* r) {
                return r->report->thread(r->report->configuration->indexOf(id)) != nullptr;
            });
            if (has != drawn.end()) {
                reference = *has;
                chosen = id;
            } else {
                state << tr("No run checked has thread %1.").arg(m_chosen);
            }
        }
        std::vector<const AnalysisReport*> reports;
        for (const LabelledReport* r : drawn) {
            reports.push_back(r->report.get());
        }
        auto maps = overlayTimemaps(*reference->report, reports, chosen);
        if (!maps) {
            state << tr("Cannot overlay: %1").arg(QString::fromStdString(maps.error().describe()));
        } else {
            const size_t ref = static_cast<size_t>(
                std::find(drawn.begin(), drawn.end(), reference) - drawn.begin());
            thread = QString::fromStdString(chosen ? *chosen : (*maps)[ref].thread);
            for (size_t i = 0; i < drawn.size(); ++i) {
                runs.push_back({drawn[i]->label, std::move((*maps)[i])});
            }
        }
    } else if (waiting.isEmpty()) {
        state << tr("Check the runs to overlay.");
    }
    m_plot->show(std::move(runs), thread);
    {
        const QSignalBlocker block(m_thread);
        m_thread->setCurrentIndex(m_thread->findText(thread));
    }
    // The list's swatches: each drawn run in the colour of its line.
    const QSignalBlocker block(m_runs);
    size_t colour = 0;
    for (int row = 0; row < m_runs->count(); ++row) {
        const LabelledReport& r = m_reports[static_cast<size_t>(row)];
        const bool isDrawn = r.analysed() && m_checked.contains(r.identity());
        m_runs->item(row)->setIcon(isDrawn ? swatch(seriesColour(colour++)) : QIcon());
    }
    m_state->setText(state.join(QLatin1Char(' ')));
    m_state->setVisible(!m_state->text().isEmpty());
}

} // namespace xylem::views
