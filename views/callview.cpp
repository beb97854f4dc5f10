#include "views/callview.h"

#include "views/callganttplot.h"
#include "views/calltext.h"
#include "views/palette.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <set>

namespace xylem::views {

namespace {

QString idOf(const CallDetail& d, int w)
{
    return QString::fromStdString(d.configuration->wrapper(w).id).toHtmlEscaped();
}

int clampToInt(std::int64_t v)
{
    return static_cast<int>(std::clamp<std::int64_t>(v, std::numeric_limits<int>::min(),
                                                     std::numeric_limits<int>::max()));
}

QString swatch(const QColor& colour, const QString& text)
{
    return QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
        .arg(colour.name(), text.toHtmlEscaped());
}

} // namespace

CallView::CallView(QWidget* parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_error(new QLabel(this))
    , m_legend(new QLabel(this))
    , m_slower(new QPushButton(tr("Slower call"), this))
    , m_faster(new QPushButton(tr("Faster call"), this))
    , m_seq(new QSpinBox(this))
    , m_all(new QCheckBox(tr("Show every wrapper"), this))
    , m_foldNote(new QLabel(this))
    , m_scroll(new QScrollArea(this))
    , m_plot(new CallGanttPlot)
{
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setWordWrap(true);
    m_error->setAlignment(Qt::AlignCenter);
    m_error->hide();
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setWordWrap(true);
    m_slower->setToolTip(tr("The next slower call of the run, by operation time"));
    m_faster->setToolTip(tr("The next faster call of the run, by operation time"));
    m_seq->setKeyboardTracking(false);
    m_seq->setRange(0, std::numeric_limits<int>::max()); // until a run's calls are known
    m_seq->setPrefix(tr("call #"));
    m_all->setToolTip(
        tr("List every wrapper of the tree; otherwise only the slowest thread's "
           "path and the chain of last arrivals, the others of each gred in one row"));
    m_scroll->setWidget(m_plot);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_faster);
    buttons->addWidget(m_slower);
    buttons->addWidget(m_seq);
    buttons->addStretch();
    buttons->addWidget(m_foldNote);
    buttons->addWidget(m_all);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addLayout(buttons);
    layout->addWidget(m_legend);
    layout->addWidget(m_plot->axis());
    layout->addWidget(m_scroll, 1);
    layout->addWidget(m_error, 1);

    connect(m_slower, &QPushButton::clicked, this, [this] {
        if (m_neighbours.slower) {
            emit callRequested(*m_neighbours.slower);
        }
    });
    connect(m_faster, &QPushButton::clicked, this, [this] {
        if (m_neighbours.faster) {
            emit callRequested(*m_neighbours.faster);
        }
    });
    connect(m_seq, &QSpinBox::valueChanged, this, [this](int seq) {
        if (!m_detail || seq != m_detail->times.seq) {
            emit callRequested(seq);
        }
    });
    connect(m_all, &QCheckBox::toggled, this, [this](bool all) {
        m_foldChosen = true;
        setFolded(!all);
    });
    showError(tr("No call is shown. Open one from the timeline or a table."));
}

void CallView::setCall(std::shared_ptr<const CallDetail> detail, CallNeighbours neighbours,
                       std::int64_t firstSeq, std::int64_t lastSeq)
{
    m_detail = std::move(detail);
    m_neighbours = neighbours;
    if (!m_foldChosen && m_detail) {
        m_folded = m_detail->configuration->wrapperCount() > kCallRowsFoldAbove;
    }
    {
        const QSignalBlocker block(m_seq);
        m_seq->setRange(clampToInt(firstSeq), clampToInt(lastSeq));
        m_seq->setValue(m_detail ? clampToInt(m_detail->times.seq) : clampToInt(firstSeq));
        const QSignalBlocker blockAll(m_all);
        m_all->setChecked(!m_folded);
    }
    m_slower->setEnabled(neighbours.slower.has_value());
    m_faster->setEnabled(neighbours.faster.has_value());
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_scroll, m_plot->axis(), m_legend, m_all, m_foldNote}) {
        w->show();
    }
    m_error->hide();
    rebuild();
}

void CallView::showError(const QString& message)
{
    m_detail.reset();
    m_neighbours = {};
    m_plot->setCall(nullptr, {});
    m_header->setText(QString());
    m_error->setText(message);
    m_error->show();
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_scroll, m_plot->axis(), m_legend, m_all, m_foldNote}) {
        w->hide(); // the seq box stays: another call can be asked for
    }
    m_slower->setEnabled(false);
    m_faster->setEnabled(false);
}

void CallView::setFolded(bool folded)
{
    m_folded = folded;
    {
        const QSignalBlocker block(m_all);
        m_all->setChecked(!folded);
    }
    rebuild();
}

QString CallView::headerText() const
{
    return m_header->text();
}

QString CallView::errorText() const
{
    return m_error->isVisibleTo(this) ? m_error->text() : QString();
}

void CallView::rebuild()
{
    if (!m_detail) {
        return;
    }
    const CallDetail& d = *m_detail;
    QStringList chain;
    for (const int w : d.lastArrivalPath) {
        chain << idOf(d, w);
    }
    const std::size_t threads = d.threads.size();
    m_header->setText(
        tr("<b>Call #%1</b> &mdash; operation time <b>%2</b>, slowest thread <b>%3</b> (%4); "
           "threads: %5<br>Last arrivals from the root: %6")
            .arg(d.times.seq)
            .arg(formatNanoseconds(double(d.times.operationTime)), idOf(d, d.slowestThread),
                 formatNanoseconds(double(d.times.slowestThreadTime)), QString::number(threads),
                 chain.join(QStringLiteral(" &gt; "))));
    m_plot->setCall(m_detail, callGanttRows(d, m_folded));
    const int wrappers = d.configuration->wrapperCount();
    const auto rows = static_cast<int>(m_plot->rows().size());
    m_foldNote->setText(rows < wrappers
                            ? tr("%1 rows for %2 wrappers: the slowest thread's path and the "
                                 "chain of last arrivals")
                                  .arg(rows)
                                  .arg(wrappers)
                            : QString());
    fillLegend();
}

void CallView::fillLegend()
{
    std::set<Stage> shown;
    bool estimated = false;
    for (const CallThread& t : m_detail->threads) {
        for (const CallStageSpan& s : t.stages) {
            shown.insert(s.stage);
            estimated = estimated || s.estimate == StageEstimate::HalfTwoWay;
        }
    }
    QStringList items;
    for (const Stage stage : shown) {
        items << swatch(stageColour(stage), callStageName(stage));
    }
    items << QStringLiteral("&#9633;&nbsp;%1").arg(tr("edge: down to up").toHtmlEscaped())
          << QStringLiteral("<span style=\"color:#d55e00\">&#9660;</span>&nbsp;%1")
                 .arg(tr("last arrival at its gred").toHtmlEscaped())
          << swatch(QColor(247, 225, 210), tr("chain of last arrivals from the root"));
    if (estimated) {
        items << tr("hatched: half the hop's two-way latency (no clock model)").toHtmlEscaped();
    }
    m_legend->setText(items.join(QStringLiteral(" &nbsp; ")));
}

} // namespace xylem::views
