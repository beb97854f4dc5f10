#include "app/gui/calldetailjob.h"

#include "core/model/tuplecheck.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "core/store/storedclocks.h"

#include <algorithm>

namespace xylem::gui {

namespace {

// The call's tuples from the chunks around its start, or nothing when they are not all there.
// On the front-end's clock every edge of a call goes down between the call's start and its end;
// a margin of one operation time (at least 1 ms) on either side keeps a clock model's small
// errors inside the span read.
Result<std::vector<Tuple>> tuplesNear(store::Session& session, std::int64_t run,
                                      const Configuration& config, const CallTimes& call)
{
    const std::int64_t margin = std::max<std::int64_t>(call.operationTime, 1'000'000);
    XYLEM_TRY(near,
              store::loadTuplesIn(session, run,
                                  store::TimeWindow{call.startNs - margin,
                                                    call.startNs + call.operationTime + margin}));
    std::vector<Tuple> own;
    for (const Tuple& t : near.value()) {
        if (t.seq == call.seq) {
            own.push_back(t);
        }
    }
    std::vector<bool> seen(static_cast<size_t>(config.wrapperCount()), false);
    int distinct = 0;
    for (const Tuple& t : own) {
        if (t.collector < seen.size() && !seen[t.collector]) {
            seen[t.collector] = true;
            ++distinct;
        }
    }
    if (distinct != config.collectorCount()) {
        return std::vector<Tuple>{};
    }
    // Stored tuples passed these rules when written; as loadRun, refuse a damaged file's.
    if (const auto problem = findUnsafeTuple(config, own)) {
        return makeError(ErrorCode::Corrupt,
                         "damaged: run " + std::to_string(run) + ": " + problem->message,
                         session.path());
    }
    return own;
}

} // namespace

Result<LoadedCall> loadCall(const std::string& sessionPath, std::int64_t run, std::int64_t seq)
{
    XYLEM_TRY(session, store::Session::open(sessionPath, store::OpenMode::ReadOnly));
    XYLEM_TRY(config, store::runConfiguration(session.value(), run));
    XYLEM_TRY(calls, store::loadCalls(session.value(), run));
    XYLEM_TRY(clocks, store::storedClockCoverage(session.value(), run));
    const std::vector<CallTimes>& all = calls.value();
    const auto it = std::lower_bound(all.begin(), all.end(), seq,
                                     [](const CallTimes& c, std::int64_t s) { return c.seq < s; });
    std::vector<Tuple> tuples;
    LoadedCall loaded;
    if (it != all.end() && it->seq == seq) {
        XYLEM_TRY(near, tuplesNear(session.value(), run, config.value(), *it));
        tuples = std::move(near).value();
    }
    if (tuples.empty()) {
        // No record, or a tuple outside the span read: the run, so that core can say why.
        XYLEM_TRY(whole, store::loadRun(session.value(), run));
        tuples = std::move(whole->tuples);
        loaded.wholeRunRead = true;
    }
    XYLEM_TRY(detail, callDetail(config.value(), tuples, seq, clocks.value()));
    XYLEM_TRY(neighbours, callNeighbours(all, seq));
    loaded.detail = std::make_shared<const CallDetail>(std::move(detail).value());
    loaded.neighbours = neighbours.value();
    loaded.firstSeq = all.empty() ? 0 : all.front().seq;
    loaded.lastSeq = all.empty() ? 0 : all.back().seq;
    return loaded;
}

CallDetailJob::CallDetailJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const xylem::gui::LoadedCall>>();
}

void CallDetailJob::request(const QString& sessionPath, qint64 run, qint64 seq)
{
    runOffThread(
        this, m_requests.next(),
        [path = sessionPath.toStdString(), run, seq](const JobProgress&) {
            return loadCall(path, run, seq);
        },
        [run, seq](CallDetailJob* self, Result<LoadedCall> loaded) {
            if (!loaded) {
                emit self->failed(run, seq,
                                  tr("Cannot show call #%1 of run %2: %3")
                                      .arg(seq)
                                      .arg(run)
                                      .arg(QString::fromStdString(loaded.error().describe())));
                return;
            }
            emit self->available(run,
                                 std::make_shared<const LoadedCall>(std::move(loaded).value()));
        });
}

} // namespace xylem::gui
