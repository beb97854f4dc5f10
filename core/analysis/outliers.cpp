#include "core/analysis/outliers.h"

#include "core/analysis/callmatrix.h"
#include "core/analysis/callstages.h"
#include "core/analysis/calltimes.h"
#include "core/analysis/topology.h"

#include <algorithm>
#include <limits>

namespace xylem {

namespace {

// Slower in the order of the ranking: larger value, then the later call.
bool slower(const OutlierCall& a, const OutlierCall& b)
{
    return a.valueNs != b.valueNs ? a.valueNs > b.valueNs : a.seq > b.seq;
}

// The N slowest calls offered so far: a heap whose front is the fastest of them.
class SlowestCalls
{
public:
    explicit SlowestCalls(size_t n)
        : m_n(n)
    {
        m_heap.reserve(n);
    }
    void offer(double valueNs, std::int64_t seq, std::int64_t startNs)
    {
        const OutlierCall call{seq, valueNs, startNs};
        if (m_heap.size() < m_n) {
            m_heap.push_back(call);
            std::push_heap(m_heap.begin(), m_heap.end(), slower);
        } else if (m_n > 0 && slower(call, m_heap.front())) {
            std::pop_heap(m_heap.begin(), m_heap.end(), slower);
            m_heap.back() = call;
            std::push_heap(m_heap.begin(), m_heap.end(), slower);
        }
    }
    std::vector<OutlierCall> take()
    {
        std::sort(m_heap.begin(), m_heap.end(), slower);
        return std::move(m_heap);
    }

private:
    size_t m_n;
    std::vector<OutlierCall> m_heap;
};

// The representative of the slowest class: the largest mean call time among the classes'
// representatives, ties to the later one in the configuration (metrics.md §1, §6).
const ThreadReport* slowestRepresentative(const AnalysisReport& r)
{
    const ThreadReport* best = nullptr;
    for (const ThreadClass& c : r.classes) {
        const ThreadReport* t = r.thread(c.representative);
        if (t && (!best || t->callTime.mean > best->callTime.mean ||
                  (t->callTime.mean == best->callTime.mean && t->wrapper > best->wrapper))) {
            best = t;
        }
    }
    return best || r.threads.empty() ? best : &r.threads.front();
}

Result<const ThreadReport*> chosenThread(const AnalysisReport& r, const OutlierOptions& options)
{
    if (!options.thread) {
        if (const ThreadReport* t = slowestRepresentative(r)) {
            return t;
        }
        return makeError(ErrorCode::InvalidArgument, "the run has no thread");
    }
    const int w = r.configuration->indexOf(*options.thread);
    if (const ThreadReport* t = w >= 0 ? r.thread(w) : nullptr) {
        return t;
    }
    return makeError(ErrorCode::InvalidArgument,
                     "'" + *options.thread + "' is not a thread of the run");
}

// Per timemap stage: the other direction of the same proxy hop when the stage is half the
// hop's two-way latency, else -1.
std::vector<int> twoWayPartners(const ThreadReport& t)
{
    std::vector<int> partner(t.timemap.size(), -1);
    for (size_t i = 0; i < t.timemap.size(); ++i) {
        for (size_t j = 0; j < t.timemap.size(); ++j) {
            const TimemapStage& a = t.timemap[i];
            const TimemapStage& b = t.timemap[j];
            if (i != j && a.estimate == StageEstimate::HalfTwoWay && a.wrapper == b.wrapper) {
                partner[i] = static_cast<int>(j);
            }
        }
    }
    return partner;
}

bool sameStages(const std::vector<StageSpan>& spans, const ThreadReport& t)
{
    if (spans.size() != t.timemap.size()) {
        return false;
    }
    for (size_t i = 0; i < spans.size(); ++i) {
        if (spans[i].stage != t.timemap[i].stage || spans[i].wrapper != t.timemap[i].wrapper) {
            return false;
        }
    }
    return true;
}

std::int64_t firstDown(std::span<const Tuple> tuples)
{
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    for (const Tuple& t : tuples) {
        first = std::min(first, t.down);
    }
    return tuples.empty() ? 0 : first;
}

} // namespace

Result<Outliers> findOutliers(const AnalysisReport& report, std::span<const Tuple> tuples,
                              const OutlierOptions& options)
{
    XYLEM_TRY(chosen, chosenThread(report, options));
    const ThreadReport& thread = *chosen.value();
    const Topology topology(*report.configuration);
    const CallMatrix matrix = CallMatrix::build(*report.configuration, tuples);
    const auto slot = static_cast<size_t>(topology.threadSlot(thread.wrapper));
    const std::vector<int> partner = twoWayPartners(thread);
    const size_t n = options.count;

    Outliers out;
    out.count = n;
    out.firstDownNs = firstDown(tuples);
    out.stagesOf = report.idOf(thread.wrapper);
    SlowestCalls operation(n);
    std::vector<SlowestCalls> callTime(topology.threads().size(), SlowestCalls(n));
    std::vector<SlowestCalls> stageTime(thread.timemap.size(), SlowestCalls(n));
    CallStages stages(topology);
    std::vector<StageSpan> spans;
    bool checked = false;
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (!matrix.isComplete(r)) {
            continue;
        }
        const EdgeTimes* row = matrix.row(r);
        const std::int64_t seq = matrix.seq(r);
        const CallTimes call = callTimes(topology, row, seq);
        const std::int64_t start = call.startNs - out.firstDownNs;
        operation.offer(static_cast<double>(call.operationTime), seq, start);
        for (size_t i = 0; i < topology.threads().size(); ++i) {
            const EdgeTimes& e = row[topology.threads()[i].wrapper];
            callTime[i].offer(static_cast<double>(e.up - e.down), seq, start);
        }
        stages.evaluate(row);
        stages.stagesOf(slot, spans);
        if (!checked && !sameStages(spans, thread)) { // the first call tells
            return makeError(ErrorCode::InvalidArgument,
                             "the report is not the analysis of these tuples", out.stagesOf);
        }
        checked = true;
        for (size_t i = 0; i < spans.size(); ++i) {
            const auto span = [&](size_t k) {
                return static_cast<double>(spans[k].endNs - spans[k].startNs);
            };
            const double value =
                partner[i] < 0 ? span(i) : (span(i) + span(static_cast<size_t>(partner[i]))) / 2;
            stageTime[i].offer(value, seq, start);
        }
    }
    out.operationTime = operation.take();
    for (size_t i = 0; i < callTime.size(); ++i) {
        out.callTime.push_back(
            ThreadOutliers{report.idOf(topology.threads()[i].wrapper), callTime[i].take()});
    }
    for (size_t i = 0; i < thread.timemap.size(); ++i) {
        const TimemapStage& s = thread.timemap[i];
        out.stages.push_back(StageOutliers{s.stage, s.direction, report.idOf(s.wrapper),
                                           s.estimate, stageTime[i].take()});
    }
    return out;
}

namespace {

nlohmann::ordered_json callsJson(const std::vector<OutlierCall>& calls)
{
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const OutlierCall& c : calls) {
        list.push_back({{"seq", c.seq}, {"value_ns", c.valueNs}, {"start_ns", c.startNs}});
    }
    return list;
}

} // namespace

nlohmann::ordered_json outliersToJson(const Outliers& o)
{
    nlohmann::ordered_json threads = nlohmann::ordered_json::object();
    for (const ThreadOutliers& t : o.callTime) {
        threads[t.thread] = callsJson(t.calls);
    }
    nlohmann::ordered_json stages = nlohmann::ordered_json::array();
    for (const StageOutliers& s : o.stages) {
        nlohmann::ordered_json stage = {{"stage", toString(s.stage)},
                                        {"wrapper", s.wrapper},
                                        {"direction", toString(s.direction)}};
        if (s.estimate == StageEstimate::HalfTwoWay) {
            stage["estimate"] = "half two-way"; // as the timemap says it
        }
        stage["calls"] = callsJson(s.calls);
        stages.push_back(std::move(stage));
    }
    return {{"count", o.count},
            {"first_down_ns", o.firstDownNs},
            {"operation_time", callsJson(o.operationTime)},
            {"call_time", std::move(threads)},
            {"stages_of", o.stagesOf},
            {"stages", std::move(stages)}};
}

} // namespace xylem
