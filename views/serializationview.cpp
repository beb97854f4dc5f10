#include "views/serializationview.h"

#include "core/analysis/serialization.h"
#include "core/model/durationunits.h"
#include "views/palette.h"
#include "views/plotcsvexport.h"
#include "views/tablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <set>

namespace xylem::views {

SerializationView::SerializationView(QWidget* parent)
    : QWidget(parent)
    , m_gred(new QComboBox(this))
    , m_scope(new QComboBox(this))
    , m_state(new QLabel(this))
    , m_plot(new QCustomPlot(this))
{
    m_scope->addItem(tr("its children"), static_cast<int>(Scope::Children));
    m_scope->addItem(tr("its whole subtree"), static_cast<int>(Scope::WholeSubtree));
    m_scope->setToolTip(tr("Rank the gred's own children, or every thread below it"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Gred:"), this));
    bar->addWidget(m_gred);
    bar->addWidget(new QLabel(tr("departures of"), this));
    bar->addWidget(m_scope);
    bar->addWidget(m_state);
    bar->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_plot, 1);
    m_plot->xAxis->setLabel(tr("departure position r (0 = first to leave)"));
    m_plot->legend->setVisible(true);
    // Curves rise to the right: the legend goes where they start low.
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    addCsvExport(m_plot, {QStringLiteral("serialization.csv"), {}, {}});
    connect(m_gred, &QComboBox::currentTextChanged, this, &SerializationView::refresh);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &SerializationView::refresh);
}

// Runs not analysed yet (no report) have no curves: they are left out.
void SerializationView::setReports(std::vector<LabelledReport> reports)
{
    m_reports = std::move(reports);
    std::erase_if(m_reports, [](const LabelledReport& r) { return !r.analysed(); });
    const QString previous = m_gred->currentText();
    std::set<QString> seen;
    QSignalBlocker block(m_gred);
    m_gred->clear();
    for (const LabelledReport& r : m_reports) {
        for (const GredReport& g : r.report->greds) {
            const QString id = QString::fromStdString(r.report->idOf(g.wrapper));
            if (seen.insert(id).second) {
                m_gred->addItem(id);
            }
        }
    }
    if (!previous.isEmpty() && m_gred->findText(previous) >= 0) {
        m_gred->setCurrentText(previous);
    }
    refresh();
}

bool SerializationView::showGred(const QString& id)
{
    if (m_gred->findText(id) < 0) {
        return false;
    }
    m_gred->setCurrentText(id);
    refresh();
    return true;
}

QString SerializationView::currentGred() const
{
    return m_gred->currentText();
}

void SerializationView::setScope(Scope scope)
{
    m_scope->setCurrentIndex(m_scope->findData(static_cast<int>(scope)));
}

SerializationView::Scope SerializationView::scope() const
{
    return static_cast<Scope>(m_scope->currentData().toInt());
}

void SerializationView::refresh()
{
    if (scope() == Scope::Children) {
        m_state->clear();
        plot(childCurves());
        return;
    }
    if (m_gred->currentText().isEmpty()) {
        plot({});
        return;
    }
    m_state->setText(tr("loading the runs' tuples…"));
    emit subtreeCurvesWanted(m_gred->currentText());
}

void SerializationView::setSubtreeCurves(const QString& gred, std::vector<LabelledCurve> curves)
{
    if (scope() != Scope::WholeSubtree || gred != m_gred->currentText()) {
        return;
    }
    m_state->clear();
    plot(curves);
}

std::vector<LabelledCurve> SerializationView::childCurves() const
{
    std::vector<LabelledCurve> curves;
    const std::string id = m_gred->currentText().toStdString();
    for (const LabelledReport& r : m_reports) {
        const int wrapper = r.report->configuration->indexOf(id);
        const GredReport* gred = wrapper < 0 ? nullptr : r.report->gred(wrapper);
        if (gred && !gred->serialization.empty()) {
            curves.push_back({r.label, gred->serialization});
        }
    }
    return curves;
}

void SerializationView::plot(const std::vector<LabelledCurve>& curves)
{
    m_curves.clear();
    m_plot->clearGraphs();
    double top = 0;
    size_t widest = 1;
    std::vector<double> shownNs; // every point and fitted point: the axis's unit is theirs
    for (const LabelledCurve& c : curves) {
        if (c.meanNs.empty()) {
            continue;
        }
        const LineFit fit = fitLine(c.meanNs);
        m_curves.push_back({c.label, c.meanNs, fit.intercept, fit.slope});
        for (size_t p = 0; p < c.meanNs.size(); ++p) {
            shownNs.push_back(c.meanNs[p]);
            shownNs.push_back(fit.intercept + fit.slope * static_cast<double>(p));
        }
    }
    m_unit = durationUnitFor(shownNs);
    const std::string_view symbol = unitSymbol(m_unit);
    m_plot->yAxis->setLabel(
        tr("mean t4(r) − t3 (%1)")
            .arg(QString::fromUtf8(symbol.data(), static_cast<qsizetype>(symbol.size()))));
    for (size_t i = 0; i < m_curves.size(); ++i) {
        const SerializationCurve& c = m_curves[i];
        const LineFit fit{c.interceptNs, c.slopeNs};
        const QColor colour = seriesColour(i);
        QVector<double> x, y, fx, fy;
        for (size_t p = 0; p < c.meanNs.size(); ++p) {
            x << static_cast<double>(p);
            y << inUnit(c.meanNs[p], m_unit);
            fx << static_cast<double>(p);
            fy << inUnit(fit.intercept + fit.slope * static_cast<double>(p), m_unit);
            top = std::max({top, y.back(), fy.back()});
        }
        widest = std::max(widest, c.meanNs.size());
        QCPGraph* curve = m_plot->addGraph();
        curve->setData(x, y);
        curve->setPen(QPen(colour, 2));
        curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 6));
        curve->setName(c.label);
        QCPGraph* line = m_plot->addGraph();
        line->setData(fx, fy);
        line->setPen(QPen(colour, 1, Qt::DashLine));
        line->setName(tr("fit: %1 + %2 per position")
                          .arg(formatNanoseconds(fit.intercept), formatNanoseconds(fit.slope)));
    }
    m_plot->xAxis->setRange(-0.3, static_cast<double>(widest) - 0.7);
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.1 : 1.0);
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1);
    m_plot->xAxis->setTicker(ticker);
    m_plot->replot();
}

} // namespace xylem::views
