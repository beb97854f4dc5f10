#include "app/gui/tunedialog.h"

#include "core/model/durationunits.h"
#include "core/tune/clusterlinks.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

namespace xylem::gui {

TuneDialog::TuneDialog(Configuration start, QString sessionPath, QWidget* parent)
    : QDialog(parent)
    , m_start(std::move(start))
    , m_sessionPath(std::move(sessionPath))
    , m_model(new TuneTriesModel(this))
    , m_iterations(new QSpinBox(this))
    , m_maxTries(new QSpinBox(this))
    , m_minSpeedup(new QDoubleSpinBox(this))
    , m_clusterLink(new QLineEdit(this))
    , m_table(new QTableView(this))
    , m_status(new QLabel(this))
    , m_startButton(new QPushButton(tr("&Start"), this))
    , m_stopButton(new QPushButton(tr("S&top"), this))
{
    setWindowTitle(tr("Find a Faster Tree"));
    auto* form = new QFormLayout;
    // Numbers and a short link text: fields as wide as they need, the table takes the width.
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    form->addRow(tr("Start tree:"), new QLabel(QString::fromStdString(m_start.name()), this));
    form->addRow(tr("Session:"), new QLabel(m_sessionPath, this));
    m_iterations->setRange(10, 1 << 20);
    m_iterations->setValue(2000);
    m_iterations->setToolTip(tr("Allreduce calls per thread in each try"));
    form->addRow(tr("Calls per try:"), m_iterations);
    m_maxTries->setRange(1, 1000);
    m_maxTries->setValue(12);
    m_maxTries->setToolTip(tr("Trials in all, the start's included"));
    form->addRow(tr("Most tries:"), m_maxTries);
    m_minSpeedup->setRange(1.0, 10.0);
    m_minSpeedup->setDecimals(2);
    m_minSpeedup->setSingleStep(0.01);
    m_minSpeedup->setSuffix(QStringLiteral("x"));
    m_minSpeedup->setValue(1.0);
    m_minSpeedup->setToolTip(
        tr("Move only when the speedup's interval lies above this. The interval holds the noise "
           "within a run, not from one run to the next: 1.05 keeps noise from moving the climb."));
    form->addRow(tr("Move when faster than:"), m_minSpeedup);
    m_clusterLink->setPlaceholderText(tr("none, or e.g. 2ms or 500us/100Mbit"));
    m_clusterLink->setToolTip(
        tr("An emulated wide-area link on every proxy whose hop joins two clusters"));
    m_clusterLink->setMinimumWidth(
        m_clusterLink->fontMetrics().horizontalAdvance(m_clusterLink->placeholderText()) + 24);
    form->addRow(tr("Link between clusters:"), m_clusterLink);

    m_table->setModel(m_model);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setText(tr("Each try records xylem-gsum on a neighbour of the tree that the analysis "
                         "points at, and moves there when it is faster beyond its interval."));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_startButton, QDialogButtonBox::ActionRole);
    buttons->addButton(m_stopButton, QDialogButtonBox::ActionRole);
    m_stopButton->setEnabled(false);
    connect(m_startButton, &QPushButton::clicked, this, &TuneDialog::startTuning);
    connect(m_stopButton, &QPushButton::clicked, this, &TuneDialog::stopTuning);
    connect(buttons, &QDialogButtonBox::rejected, this, &TuneDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(900, 500);
}

TuneDialog::~TuneDialog()
{
    join();
}

void TuneDialog::setIterations(int iterations)
{
    m_iterations->setValue(iterations);
}

void TuneDialog::setMaxTries(int tries)
{
    m_maxTries->setValue(tries);
}

void TuneDialog::setMinSpeedup(double speedup)
{
    m_minSpeedup->setValue(speedup);
}

void TuneDialog::setClusterLink(const QString& link)
{
    m_clusterLink->setText(link);
}

QString TuneDialog::summary() const
{
    return m_status->text();
}

void TuneDialog::startTuning()
{
    if (running()) {
        return;
    }
    const std::string link = m_clusterLink->text().trimmed().toStdString();
    if (!link.empty()) {
        if (auto checked = tune::checkLink(link); !checked) {
            m_status->setText(tr("Link between clusters: %1")
                                  .arg(QString::fromStdString(checked.error().describe())));
            return;
        }
    }
    tune::TuneRequest request;
    request.request.sessionPath = m_sessionPath.toStdString();
    request.request.workload.iterations = m_iterations->value();
    request.start = m_start;
    request.clusterLink = link;
    request.maxTries = m_maxTries->value();
    request.minSpeedup = m_minSpeedup->value();

    // The tuner's reports come on its thread; each is handed to the GUI thread (the destructor
    // joins the thread first, and what is still queued for a deleted dialog is dropped).
    tune::TunerCallbacks callbacks;
    callbacks.tryStarted = [this](const tune::TuneTry& attempt) {
        QMetaObject::invokeMethod(
            this,
            [this, attempt] {
                m_model->setTry(attempt, false);
                m_status->setText(tr("Try %1: %2")
                                      .arg(attempt.index)
                                      .arg(QString::fromStdString(attempt.reason)));
            },
            Qt::QueuedConnection);
    };
    callbacks.tryFinished = [this](const tune::TuneTry& attempt) {
        QMetaObject::invokeMethod(
            this, [this, attempt] { m_model->setTry(attempt, true); }, Qt::QueuedConnection);
    };
    m_model->clear();
    m_tuner = std::make_unique<tune::Tuner>(std::move(request), std::move(callbacks));
    m_startButton->setEnabled(false);
    m_stopButton->setEnabled(true);
    tune::Tuner* tuner = m_tuner.get();
    m_thread = std::thread([this, tuner] {
        auto outcome = std::make_shared<const Result<tune::TuneOutcome>>(tuner->run());
        QMetaObject::invokeMethod(
            this, [this, outcome] { finish(outcome); }, Qt::QueuedConnection);
    });
}

void TuneDialog::stopTuning()
{
    if (m_tuner) {
        m_tuner->stop();
        m_status->setText(tr("Stopping: the try under way ends and its run is kept…"));
    }
}

void TuneDialog::reject()
{
    stopTuning();
    join();
    QDialog::reject();
}

void TuneDialog::join()
{
    if (m_tuner) {
        m_tuner->stop();
    }
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

void TuneDialog::finish(std::shared_ptr<const Result<tune::TuneOutcome>> outcome)
{
    join();
    m_startButton->setEnabled(true);
    m_stopButton->setEnabled(false);
    if (!*outcome) {
        m_status->setText(
            tr("The tuner failed: %1").arg(QString::fromStdString(outcome->error().describe())));
        emit finished(0);
        return;
    }
    const tune::TuneOutcome& o = outcome->value();
    const tune::TuneTry& best = o.bestTry();
    QString text = tr("Best: %1 (run %2), mean %3")
                       .arg(QString::fromStdString(best.label))
                       .arg(best.result->run)
                       .arg(QString::fromStdString(formatDuration(best.result->meanNs)));
    if (o.bestSpeedup) {
        text += tr(", %1× [%2, %3] against the start")
                    .arg(QString::number(o.bestSpeedup->value, 'f', 2),
                         QString::number(o.bestSpeedup->interval.lower, 'f', 2),
                         QString::number(o.bestSpeedup->interval.upper, 'f', 2));
    }
    text += tr(". Ended: %1.").arg(QString::fromStdString(o.stopReason));
    m_status->setText(text);
    emit finished(best.result->run);
}

} // namespace xylem::gui
