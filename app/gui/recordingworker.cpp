#include "app/gui/recordingworker.h"

#include "app/gui/guardedjob.h"
#include "core/live/scopefigures.h"
#include "core/record/accountingjson.h"

#include <QMetaObject>

namespace xylem::gui {

namespace {

QString text(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

RecordingWorker::RecordingWorker(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<xylem::record::Phase>();
    qRegisterMetaType<std::shared_ptr<const xylem::Configuration>>();
    qRegisterMetaType<std::shared_ptr<const xylem::record::RecordingStatus>>();
    qRegisterMetaType<std::shared_ptr<const xylem::store::StoredAccounting>>();
    qRegisterMetaType<std::shared_ptr<const xylem::AnalysisReport>>();
    qRegisterMetaType<std::shared_ptr<const xylem::store::LiveTimeline>>();
    qRegisterMetaType<std::shared_ptr<const xylem::record::RecordingOutcome>>();
}

RecordingWorker::~RecordingWorker()
{
    if (m_session) {
        m_session->stop(); // the run is stored before the window goes
    }
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

template <typename F> void RecordingWorker::post(F&& f)
{
    QMetaObject::invokeMethod(this, std::forward<F>(f), Qt::QueuedConnection);
}

record::RecordingCallbacks RecordingWorker::callbacks()
{
    record::RecordingCallbacks c;
    c.planned = [this](const record::RecordPlan& plan) {
        post([this, config = std::make_shared<const Configuration>(plan.config)] {
            emit planned(config);
        });
    };
    c.phase = [this](record::Phase p) {
        post([this, p] { emit phaseChanged(p); });
    };
    c.baseline = [this](double us) {
        post([this, us] { emit baselineMeasured(us); });
    };
    c.awaitingCollectors = [this](const record::AttachWait& w) {
        post([this, file = text(w.addressFile), address = text(w.address)] {
            emit awaitingCollectors(file, address);
        });
    };
    c.treeUp = [this](const record::TreeUp& up) {
        const int nodes = static_cast<int>(up.nodes);
        const double ms = static_cast<double>(up.latency.count()) / 1e3;
        post([this, nodes, ms] { emit treeUp(nodes, ms); });
    };
    c.clocksNotMeasured = [this](const record::ClocksNotMeasured& failed) {
        post([this, atEnd = failed.atEnd, why = text(failed.error.describe())] {
            emit clocksNotMeasured(atEnd, why);
        });
    };
    c.status = [this](const record::RecordingStatus& s) {
        // The accounting as the run stores it (the same JSON, read back by the same reader):
        // the Monitors view shows the live and the stored one alike.
        auto read = store::parseAccounting(record::accountingJson(s.accounting));
        std::shared_ptr<const store::StoredAccounting> accounting;
        QString error;
        if (read) {
            accounting = std::make_shared<const store::StoredAccounting>(std::move(read).value());
        } else {
            error = text(read.error().describe());
        }
        post([this, s = std::make_shared<const record::RecordingStatus>(s), accounting, error] {
            emit statusChanged(s, accounting, error);
        });
    };
    c.timeline = [this](const store::LiveTimeline& t) {
        post([this, t = std::make_shared<const store::LiveTimeline>(t)] { emit timeline(t); });
    };
    c.liveReport = [this](const AnalysisReport& r) {
        post([this, r = std::make_shared<const AnalysisReport>(r)] { emit liveReport(r); });
    };
    c.figures = [this](const live::DesignFigures& f, const live::FilterOutputs& o) {
        post([this, json = text(live::figuresToJson(f, o))] { emit figures(json); });
    };
    c.redeployed = [this](const record::Redeployment& r) {
        post([this, design = text(r.design),
              change = r.change ? text(r.change->describe()) : QString(),
              refusal = r.refused ? text(r.refused->describe()) : QString()] {
            emit redeployed(design, change, refusal);
        });
    };
    return c;
}

bool RecordingWorker::start(record::RecordRequest request)
{
    if (m_session) {
        return false;
    }
    if (m_thread.joinable()) {
        m_thread.join(); // the previous recording's thread, ended
    }
    m_session = std::make_unique<record::RecordingSession>(std::move(request), callbacks());
    m_thread = std::thread([this, session = m_session.get()] {
        auto outcome = guarded([session] { return session->run(); });
        std::shared_ptr<const record::RecordingOutcome> stored;
        QString error;
        if (outcome) {
            stored = std::make_shared<const record::RecordingOutcome>(std::move(outcome).value());
        } else {
            error = text(outcome.error().describe());
        }
        post([this, stored, error] {
            m_thread.join();
            m_session.reset();
            emit finished(stored, error);
        });
    });
    return true;
}

void RecordingWorker::stop()
{
    if (m_session) {
        m_session->stop();
    }
}

} // namespace xylem::gui
