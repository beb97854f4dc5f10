#include "views/comparisonview.h"

#include "core/model/durationunits.h"

#include "views/distributionplot.h"
#include "views/overlaytimemapview.h"
#include "views/palette.h"
#include "views/plotcsvexport.h"
#include "views/plotlegend.h"
#include "views/scaledtimemapplot.h"
#include "views/tablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <memory>

namespace xylem::views {

namespace {

// Up to this many calls in both runs together the interval is bootstrapped on the spot (2000
// resamples at ~1 ns a draw: ~40 ms); larger runs are resampled off the GUI thread.
constexpr size_t kCallsResampledAtOnce = 20'000;

QString stageLabel(const StageComparison& s)
{
    const auto name = toString(s.stage);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())) +
           QStringLiteral(" @ ") + QString::fromStdString(s.wrapper);
}

// Per thread, A's and B's slowest share (the fraction of calls it was the slowest).
Table shareTable(const Comparison& c)
{
    Table t{"slowest share", {"thread", "a_slowest_share", "b_slowest_share"}, {}};
    for (const auto& [thread, share] : c.a.slowestShare) {
        Cell b;
        for (const auto& [other, otherShare] : c.b.slowestShare) {
            if (other == thread) {
                b = otherShare;
            }
        }
        t.rows.push_back({thread, share, b});
    }
    for (const auto& [thread, share] : c.b.slowestShare) {
        const bool inA = std::any_of(c.a.slowestShare.begin(), c.a.slowestShare.end(),
                                     [&](const auto& a) { return a.first == thread; });
        if (!inA) {
            t.rows.push_back({thread, Cell{}, share});
        }
    }
    return t;
}

} // namespace

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent)
    , m_a(new QComboBox(this))
    , m_b(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_plot(new QCustomPlot(this))
    , m_table(new QTableView(this))
    , m_shares(new TableModel(this))
    , m_distribution(new DistributionPlot(this))
    , m_timemapA(new ScaledTimemapPlot(this))
    , m_timemapB(new ScaledTimemapPlot(this))
    , m_overlay(new OverlayTimemapView(this))
    , m_tabs(new QTabWidget(this))
{
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("A:"), this));
    bar->addWidget(m_a, 1);
    bar->addWidget(new QLabel(tr("B:"), this));
    bar->addWidget(m_b, 1);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setModel(m_shares);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(m_plot);
    top->addWidget(m_table);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 1);
    auto* bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_distribution);
    bottom->addWidget(m_timemapA);
    bottom->addWidget(m_timemapB);
    m_tabs->addTab(bottom, tr("A and B side by side"));
    m_tabs->addTab(m_overlay, tr("Overlay of runs"));
    m_tabs->setDocumentMode(true);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(m_tabs);
    split->setSizes({100000, 100000}); // equal heights (tiny sizes are not scaled evenly)
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    placeLegendAbove(m_plot);
    addCsvExport(m_plot, {QStringLiteral("comparison.csv"), tr("stage"), {}});
    connect(m_overlay, &OverlayTimemapView::analysisWanted, this, &ComparisonView::analysisWanted);
    connect(m_a, &QComboBox::currentIndexChanged, this, &ComparisonView::choose);
    connect(m_b, &QComboBox::currentIndexChanged, this, &ComparisonView::choose);
}

ComparisonView::~ComparisonView()
{
    for (QThread* worker : m_workers) { // a resampling cannot be stopped; it ends within seconds
        worker->wait();
        delete worker;
    }
}

// Keeps the runs chosen before (by key) where they are still given; B is another run than A
// whenever there are two or more, an analysed one when there is one.
void ComparisonView::setReports(std::vector<LabelledReport> reports)
{
    const QString previousA = identityAt(m_a->currentIndex());
    const QString previousB = identityAt(m_b->currentIndex());
    m_reports = std::move(reports);
    std::erase_if(m_asked, [this](const QString& key) {
        const int i = indexOf(key);
        return i < 0 || m_reports[static_cast<size_t>(i)].analysed();
    });
    const QSignalBlocker blockA(m_a), blockB(m_b);
    m_a->clear();
    m_b->clear();
    for (const LabelledReport& r : m_reports) {
        //: a run of the session listed for comparison that has not been analysed yet
        const QString text = r.analysed() ? r.label : tr("%1 (not analysed)").arg(r.label);
        m_a->addItem(text);
        m_b->addItem(text);
    }
    int a = indexOf(previousA);
    if (a < 0) {
        const auto analysed = std::find_if(m_reports.begin(), m_reports.end(),
                                           [](const LabelledReport& r) { return r.analysed(); });
        a = m_reports.empty()                ? -1
            : analysed != m_reports.end() ? static_cast<int>(analysed - m_reports.begin())
                                          : 0;
    }
    int b = indexOf(previousB);
    if (b < 0 || (b == a && m_reports.size() > 1)) {
        b = defaultB(a);
    }
    m_a->setCurrentIndex(a);
    m_b->setCurrentIndex(b);
    m_overlay->setReports(m_reports);
    redraw();
}

void ComparisonView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_waiting) {
        redraw();
    }
}

void ComparisonView::showOverlay()
{
    m_tabs->setCurrentWidget(m_overlay);
}

int ComparisonView::indexOf(const QString& identity) const
{
    if (identity.isEmpty()) {
        return -1;
    }
    for (size_t i = 0; i < m_reports.size(); ++i) {
        if (m_reports[i].identity() == identity) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

QString ComparisonView::identityAt(int index) const
{
    return index >= 0 && index < static_cast<int>(m_reports.size())
               ? m_reports[static_cast<size_t>(index)].identity()
               : QString();
}

// Another run than a: the first analysed one, else the first other one, else a itself.
int ComparisonView::defaultB(int a) const
{
    int other = -1;
    for (size_t i = 0; i < m_reports.size(); ++i) {
        if (static_cast<int>(i) == a) {
            continue;
        }
        if (m_reports[i].analysed()) {
            return static_cast<int>(i);
        }
        if (other < 0) {
            other = static_cast<int>(i);
        }
    }
    return other >= 0 ? other : a;
}

void ComparisonView::choose()
{
    // A run chosen again is asked for again (its analysis may have failed or been dropped).
    std::erase(m_asked, identityAt(m_a->currentIndex()));
    std::erase(m_asked, identityAt(m_b->currentIndex()));
    redraw();
}

// While a or b is not analysed: says so, asks for it once, and returns true.
bool ComparisonView::waitFor(const LabelledReport& a, const LabelledReport& b)
{
    std::vector<const LabelledReport*> missing;
    for (const LabelledReport* r : {&a, &b}) {
        if (!r->analysed() && (missing.empty() || missing.front() != r)) {
            missing.push_back(r);
        }
    }
    m_waiting = !missing.empty();
    if (missing.empty()) {
        return false;
    }
    m_summary->setText((missing.size() == 1 ? tr("Analysing %1…").arg(missing[0]->label)
                                            : tr("Analysing %1 and %2…")
                                                  .arg(missing[0]->label, missing[1]->label))
                           .toHtmlEscaped());
    if (!isVisible()) {
        return true; // asked for when shown (showEvent)
    }
    for (const LabelledReport* r : missing) {
        if (std::find(m_asked.begin(), m_asked.end(), r->identity()) == m_asked.end()) {
            m_asked.push_back(r->identity());
            emit analysisWanted(r->key);
        }
    }
    return true;
}

int ComparisonView::currentA() const
{
    return m_a->currentIndex();
}

int ComparisonView::currentB() const
{
    return m_b->currentIndex();
}

bool ComparisonView::compare(int a, int b)
{
    if (a < 0 || b < 0 || a >= static_cast<int>(m_reports.size()) ||
        b >= static_cast<int>(m_reports.size())) {
        return false;
    }
    const QSignalBlocker blockA(m_a), blockB(m_b);
    m_a->setCurrentIndex(a);
    m_b->setCurrentIndex(b);
    choose();
    return m_comparison.has_value();
}

QString ComparisonView::summary() const
{
    return m_summary->text();
}

void ComparisonView::redraw()
{
    ++m_generation; // an interval still being resampled is for runs no longer shown
    m_waiting = false;
    m_plot->clearPlottables();
    m_comparison.reset();
    m_shares->setTable({});
    m_distribution->setSeries({}, {});
    m_timemapA->show(nullptr, {}, tr("A"));
    m_timemapB->show(nullptr, {}, tr("B"));
    const int a = m_a->currentIndex(), b = m_b->currentIndex();
    if (a < 0 || b < 0 || m_reports.empty()) {
        m_summary->setText(tr("Open two runs of the session to compare them."));
        m_plot->replot();
        return;
    }
    if (waitFor(m_reports[static_cast<size_t>(a)], m_reports[static_cast<size_t>(b)])) {
        m_plot->replot();
        return;
    }
    auto compared = compareRuns(*m_reports[static_cast<size_t>(a)].report,
                                *m_reports[static_cast<size_t>(b)].report);
    if (!compared) {
        m_summary->setText(
            tr("Cannot compare: %1")
                .arg(QString::fromStdString(compared.error().describe()))
                .toHtmlEscaped());
        m_plot->replot();
        return;
    }
    m_comparison = std::move(compared).value();
    const Comparison& c = *m_comparison;
    drawSideBySide(m_reports[static_cast<size_t>(a)], m_reports[static_cast<size_t>(b)], c);
    m_head = (a == b ? tr("A and B are the same run: analyse another run of the session to "
                          "compare it with. ")
                     : QString()) +
             tr("Speedup %1 (%2).")
                 .arg(c.speedup, 0, 'f', 3)
                 .arg(c.speedup > 1   ? tr("B is faster")
                      : c.speedup < 1 ? tr("A is faster")
                                      : tr("equal"));
    m_tail = tr("Mean operation time: A %1, B %2. Mean slowest-thread time: A %3, B %4. Stages of "
                "%5 (A) and %6 (B):")
                 .arg(formatNanoseconds(c.a.meanOperationTime),
                      formatNanoseconds(c.b.meanOperationTime),
                      formatNanoseconds(c.a.meanSlowestThreadTime),
                      formatNanoseconds(c.b.meanSlowestThreadTime),
                      QString::fromStdString(c.a.thread), QString::fromStdString(c.b.thread));
    drawStageBars(c);
    m_shares->setTable(shareTable(c));
    startInterval(m_reports[static_cast<size_t>(a)], m_reports[static_cast<size_t>(b)]);
}

// The speedup's bootstrap interval from both runs' per-call operation times (metrics.md §9).
void ComparisonView::startInterval(const LabelledReport& a, const LabelledReport& b)
{
    const int generation = ++m_generation;
    if (!a.operationTimes || !b.operationTimes || a.operationTimes->empty() ||
        b.operationTimes->empty()) {
        showInterval(std::nullopt, tr("No confidence interval: the session has no per-call "
                                      "times of these runs."));
        return;
    }
    if (a.operationTimes->size() + b.operationTimes->size() <= kCallsResampledAtOnce) {
        auto interval = speedupInterval(*a.operationTimes, *b.operationTimes, {.threads = 1});
        showInterval(interval ? std::optional(interval.value()) : std::nullopt, QString());
        return;
    }
    setSummary(tr("95 % interval: resampling the calls…"));
    auto result = std::make_shared<std::optional<SpeedupInterval>>();
    QThread* worker = QThread::create([timesA = a.operationTimes, timesB = b.operationTimes,
                                       result] {
        if (auto interval = speedupInterval(*timesA, *timesB)) {
            *result = interval.value();
        }
    });
    m_workers.push_back(worker);
    connect(worker, &QThread::finished, this, [this, worker, result, generation] {
        std::erase(m_workers, worker);
        worker->deleteLater();
        if (generation == m_generation) {
            showInterval(*result, QString());
        }
    });
    worker->start(QThread::LowPriority);
}

void ComparisonView::showInterval(std::optional<SpeedupInterval> interval, const QString& note)
{
    if (m_comparison) {
        m_comparison->interval = interval;
    }
    setSummary(interval ? intervalText(interval) : note);
    emit intervalShown();
}

// The speedup and what its interval says on a bold first line, the means below.
void ComparisonView::setSummary(const QString& interval)
{
    m_summary->setText(QStringLiteral("<b>%1</b><br>%2")
                           .arg((m_head + QLatin1Char(' ') + interval).toHtmlEscaped(),
                                m_tail.toHtmlEscaped()));
}

QString ComparisonView::intervalText(const std::optional<SpeedupInterval>& i) const
{
    //: the speedup's bootstrap confidence interval and what it says
    return tr("%1 % interval: %2 to %3 — %4.")
        .arg(qRound(i->confidence * 100))
        .arg(i->lower, 0, 'f', 3)
        .arg(i->upper, 0, 'f', 3)
        .arg(i->noSignificantDifference() ? tr("no significant difference")
             : i->lower > 1               ? tr("B is significantly faster")
                                          : tr("A is significantly faster"));
}

void ComparisonView::drawStageBars(const Comparison& c)
{
    // Horizontal bars: the stages' names read across on the left, the first stage on top,
    // whatever their number; the means in the unit the largest of them reads best in.
    double largest = 0;
    for (const StageComparison& stage : c.stages) {
        largest = std::max({largest, stage.meanA.value_or(0), stage.meanB.value_or(0)});
    }
    const DurationUnit unit = durationUnitFor(largest);
    const double per = nanosecondsPer(unit);
    QVector<double> ticks, meanA, meanB;
    QVector<QString> labels;
    for (size_t i = 0; i < c.stages.size(); ++i) {
        ticks << static_cast<double>(i);
        labels << stageLabel(c.stages[i]);
        meanA << c.stages[i].meanA.value_or(0) / per;
        meanB << c.stages[i].meanB.value_or(0) / per;
    }
    auto* group = new QCPBarsGroup(m_plot);
    const std::pair<QVector<double>*, QColor> sides[] = {{&meanA, seriesColour(0)},
                                                         {&meanB, seriesColour(1)}};
    for (int side = 0; side < 2; ++side) {
        auto* bars = new QCPBars(m_plot->yAxis, m_plot->xAxis);
        bars->setData(ticks, *sides[side].first);
        bars->setBrush(sides[side].second);
        bars->setPen(QPen(sides[side].second.darker(130)));
        bars->setWidth(0.35);
        bars->setBarsGroup(group);
        bars->setName(side == 0 ? tr("A: %1").arg(m_a->currentText())
                                : tr("B: %1").arg(m_b->currentText()));
    }
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->addTicks(ticks, labels);
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRangeReversed(true);
    m_plot->yAxis->grid()->setVisible(false);
    const std::string_view symbol = unitSymbol(unit);
    m_plot->xAxis->setLabel(tr("mean time of the stage (%1)")
                                .arg(QString::fromUtf8(symbol.data(), qsizetype(symbol.size()))));
    m_plot->rescaleAxes(true);
    m_plot->yAxis->setRange(-0.6, static_cast<double>(c.stages.size()) - 0.4);
    m_plot->xAxis->setRangeLower(0);
    m_plot->xAxis->setRangeUpper(m_plot->xAxis->range().upper * 1.1);
    m_plot->replot();
}

void ComparisonView::drawSideBySide(const LabelledReport& a, const LabelledReport& b,
                                    const Comparison& c)
{
    const std::vector<std::int64_t> none;
    m_distribution->setSeries({tr("A"), tr("B")}, {a.operationTimes ? *a.operationTimes : none,
                                                   b.operationTimes ? *b.operationTimes : none});
    const auto [lowA, highA] = m_timemapA->show(a.report, c.a.thread, tr("A"));
    const auto [lowB, highB] = m_timemapB->show(b.report, c.b.thread, tr("B"));
    m_timemapA->setXRange(std::min(lowA, lowB), std::max(highA, highB));
    m_timemapB->setXRange(std::min(lowA, lowB), std::max(highA, highB));
}

} // namespace xylem::views
