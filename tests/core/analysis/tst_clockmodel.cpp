// The clock model (metrics.md §7) on hand-made traces whose clocks are known exactly:
// a host's clock = reference * (1 + d) + o.

#include "core/analysis/clockmodel.h"
#include "core/analysis/clockmodeljson.h"
#include "core/analysis/clockresidual.h"
#include "core/model/mpitracejson.h"
#include "tests/support/mpitracebuilder.h"

#include <QtTest>

#include <cmath>
#include <cstdlib>

using namespace xylem;

namespace {

constexpr std::int64_t kSecond = 1'000'000'000;
constexpr std::int64_t kT0 = 1'700'000'000 * kSecond; // CLOCK_REALTIME-sized timestamps

struct SkewedClock
{
    double drift = 0; // d
    std::int64_t offset = 0;

    std::int64_t local(std::int64_t reference) const
    {
        return reference + std::llround(static_cast<long double>(reference) * drift) + offset;
    }
    std::int64_t reference(std::int64_t localNs) const
    {
        return std::llround(static_cast<long double>(localNs - offset) / (1.0L + drift));
    }
    // A ping-pong at reference time r whose reading is off by `error` (|error| <= rtt / 2).
    MpiClockSample sample(const std::string& host, const std::string& against, std::int64_t r,
                          std::int64_t rtt, std::int64_t error) const
    {
        return {host, against, local(r), r - local(r) + error, rtt};
    }
};

MpiTrace twoHosts()
{
    MpiTrace trace;
    trace.referenceHost = "A";
    trace.ranks = {{0, "A", "c0"}, {1, "B", "c0"}};
    trace.communicators = {{0, "MPI_COMM_WORLD", {0, 1}}};
    return trace;
}

MpiEvent mpiEvent(int rank, MpiCall call, std::int64_t enter, std::int64_t exit, int partner = -1)
{
    return testing::MpiTraceBuilder::event(rank, call, enter, exit, partner);
}

} // namespace

class TestClockModel : public QObject
{
    Q_OBJECT

private slots:
    void offsetAndDriftAreCorrectedWithinTheBound()
    {
        const SkewedClock b{50e-6, 3 * kSecond};
        MpiTrace trace = twoHosts();
        // Start: three exchanges, the 800 ns one (reading off by 300 ns) is kept; end likewise.
        trace.clockSamples = {b.sample("B", "", kT0, 5000, 2400),
                              b.sample("B", "", kT0 + 1000, 800, 300),
                              b.sample("B", "", kT0 + 2000, 3000, -1400),
                              b.sample("B", "", kT0 + 60 * kSecond, 600, -250),
                              b.sample("B", "", kT0 + 60 * kSecond + 900, 4000, 1900)};
        const auto model = ClockModel::build(trace);
        QVERIFY2(model.ok(), model.ok() ? "" : model.error().describe().c_str());
        const HostClock* clock = model->host("B");
        QVERIFY(clock && clock->measured && clock->master == "A");
        QCOMPARE(clock->start.roundTripNs, std::int64_t(800));
        QCOMPARE(clock->end.roundTripNs, std::int64_t(600));
        QCOMPARE(*clock->errorBoundNs, std::int64_t(400));
        QVERIFY(std::abs(clock->driftPpm() - (-50e-6 / (1 + 50e-6)) * 1e6) < 0.01);
        QCOMPARE(*model->host("A")->errorBoundNs, std::int64_t(0));

        for (std::int64_t r = kT0 + kSecond; r < kT0 + 60 * kSecond; r += 7 * kSecond) {
            trace.events.push_back(mpiEvent(1, MpiCall::Barrier, b.local(r), b.local(r + 5000)));
            trace.events.push_back(mpiEvent(0, MpiCall::Barrier, r, r + 5000));
        }
        const MpiTrace raw = trace;
        model->correct(trace);
        QVERIFY(trace.clockSamples.empty());
        for (std::size_t i = 0; i < trace.events.size(); ++i) {
            const std::int64_t truth =
                raw.events[i].rank == 1 ? b.reference(raw.events[i].enter) : raw.events[i].enter;
            QVERIFY2(std::abs(trace.events[i].enter - truth) <= *clock->errorBoundNs,
                     qPrintable(QStringLiteral("event %1 off by %2 ns")
                                    .arg(i)
                                    .arg(trace.events[i].enter - truth)));
        }
    }

    void oneSampleGivesAConstantOffset()
    {
        MpiTrace trace = twoHosts();
        trace.clockSamples = {{"B", "A", kT0, -2500, 100}};
        const auto model = ClockModel::build(trace);
        QVERIFY(model.ok());
        QCOMPARE(model->toReference("B", kT0 + 90 * kSecond), kT0 + 90 * kSecond - 2500);
        QCOMPARE(model->host("B")->driftPpm(), 0.0);
        QCOMPARE(*model->host("B")->errorBoundNs, std::int64_t(50));
    }

    void twoClustersComposeAlongTheLocalMaster()
    {
        // Cluster c0: A (reference), B. Cluster c1: C is its local master, D measured against C.
        const SkewedClock c{-20e-6, -7 * kSecond};
        const SkewedClock dAgainstC{10e-6, 40'000}; // D's clock as a function of C's clock
        MpiTrace trace;
        trace.referenceHost = "A";
        trace.ranks = {{0, "A", "c0"}, {1, "B", "c0"}, {2, "C", "c1"}, {3, "D", "c1"}};
        const std::int64_t end = kT0 + 30 * kSecond;
        trace.clockSamples = {c.sample("C", "", kT0, 2000, -900), c.sample("C", "", end, 1000, 500),
                              dAgainstC.sample("D", "C", c.local(kT0), 300, 120),
                              dAgainstC.sample("D", "C", c.local(end), 200, -100)};
        const auto model = ClockModel::build(trace);
        QVERIFY2(model.ok(), model.ok() ? "" : model.error().describe().c_str());
        QCOMPARE(model->host("D")->master, std::string("C"));
        QCOMPARE(*model->host("D")->errorBoundNs, std::int64_t(1000 + 150));
        QCOMPARE(*model->host("C")->errorBoundNs, std::int64_t(1000));
        for (std::int64_t r = kT0; r <= end; r += 3 * kSecond) {
            const std::int64_t dLocal = dAgainstC.local(c.local(r));
            QVERIFY(std::abs(model->toReference("D", dLocal) - r) <= 1150);
        }
        // B has no samples: kept as the identity and flagged unmeasured.
        const HostClock* b = model->host("B");
        QVERIFY(b && !b->measured && !b->reference && !b->errorBoundNs);
        QCOMPARE(model->toReference("B", kT0), kT0);
    }

    void brokenChainsAreErrorsNamingTheHost()
    {
        MpiTrace trace = twoHosts();
        trace.clockSamples = {{"B", "M", kT0, 10, 100}};
        auto model = ClockModel::build(trace);
        QVERIFY(!model.ok());
        QVERIFY(model.error().describe().find("B") != std::string::npos);
        QVERIFY(model.error().message.find("M,") != std::string::npos);

        trace.clockSamples = {{"B", "C", kT0, 10, 100}, {"C", "B", kT0, 10, 100}};
        model = ClockModel::build(trace);
        QVERIFY(!model.ok());
        QVERIFY(model.error().message.find("cycle") != std::string::npos);

        trace.clockSamples = {{"B", "", kT0, 10, -1}};
        model = ClockModel::build(trace);
        QVERIFY(!model.ok());
        QVERIFY(model.error().message.find("negative round trip") != std::string::npos);

        trace.clockSamples = {{"B", "", kT0, 10, 1}, {"B", "C", kT0 + 5, 10, 1}};
        QVERIFY(!ClockModel::build(trace).ok());
    }

    void residualSkewCountsHappenedBeforeViolations()
    {
        MpiTrace trace = twoHosts();
        trace.ranks.push_back({2, "A", "c0"});
        // B's clock runs 1 ms behind and there are no samples: its receive seems to end 999.6 us
        // before A's send started, and its barrier exit before A's late entry.
        const std::int64_t behind = 1'000'000;
        MpiEvent send = mpiEvent(0, MpiCall::Send, kT0, kT0 + 100, 1);
        MpiEvent recv = mpiEvent(1, MpiCall::Recv, kT0 - behind + 300, kT0 - behind + 400, 0);
        trace.events = {send, recv, mpiEvent(0, MpiCall::Barrier, kT0 + 1000, kT0 + 2000, -1),
                        mpiEvent(2, MpiCall::Barrier, kT0 + 900, kT0 + 2000, -1),
                        mpiEvent(1, MpiCall::Barrier, kT0 + 950 - behind, kT0 + 1990 - behind)};
        auto model = ClockModel::build(trace);
        QVERIFY(model.ok());
        model->correct(trace);
        measureResidualSkew(trace, model.value());
        const ResidualSkew& b = model->host("B")->residual;
        QCOMPARE(b.checks,
                 std::int64_t(2)); // the message, and leaving before rank 0 (last) entered
        QCOMPARE(b.violations, std::int64_t(2));
        QCOMPARE(b.maxViolationNs, behind - 400); // the message: larger than the barrier's 999010
        QCOMPARE(model->host("A")->residual.violations, std::int64_t(2));

        // Measured: the same trace corrected with the right offset has no violation.
        trace.events = {send, recv, mpiEvent(0, MpiCall::Barrier, kT0 + 1000, kT0 + 2000, -1),
                        mpiEvent(2, MpiCall::Barrier, kT0 + 900, kT0 + 2000, -1),
                        mpiEvent(1, MpiCall::Barrier, kT0 + 950 - behind, kT0 + 1990 - behind)};
        trace.clockSamples = {{"B", "", kT0, behind, 40}};
        model = ClockModel::build(trace);
        QVERIFY(model.ok());
        model->correct(trace);
        measureResidualSkew(trace, model.value());
        QCOMPARE(model->host("B")->residual.violations, std::int64_t(0));
        QCOMPARE(model->host("B")->residual.checks,
                 std::int64_t(2)); // rank 2 shares A's clock: not checked
    }

    void aFormatThatIsNotAStringIsRefused()
    {
        // Found by fuzz_json (CI's fuzz stage, seed 1): a "format" of another type made the
        // parser throw out of its caller instead of saying the document is not a clock model.
        for (const char* format : {"true", "3", "null", "[]", "{}"}) {
            const auto parsed =
                parseClockModelJson(std::string("{\"format\": ") + format + ", \"host\": \"A\"}");
            QVERIFY(!parsed.ok());
            QCOMPARE(parsed.error().code, ErrorCode::MalformedInput);
            const auto mpi = mpiRunInfoFromJson(std::string("{\"format\": ") + format + "}");
            QVERIFY(!mpi.ok());
            QCOMPARE(mpi.error().code, ErrorCode::MalformedInput);
        }
    }

    void anMpiRunWithAMemberBeyondIntIsRefused()
    {
        // Found by fuzz_json (CI's fuzz stage, seed 1): a communicator member of 6.7e125 was
        // converted to int (undefined) instead of being refused. The input, after its byte
        // that chooses the parser, is kept in the fuzz corpus.
        QFile input(XYLEM_SOURCE_DIR "/tests/fuzz/corpus/json/finding-mpi-run-member-beyond-int");
        QVERIFY(input.open(QIODevice::ReadOnly));
        const QByteArray text = input.readAll().mid(1);
        const auto parsed = mpiRunInfoFromJson(text.toStdString());
        QVERIFY(!parsed.ok());
        QVERIFY2(parsed.error().message.find("\"members\"") != std::string::npos,
                 parsed.error().message.c_str());
    }

    void jsonRoundTrips()
    {
        MpiTrace trace = twoHosts();
        trace.clockSamples = {{"B", "", kT0, -2500, 100}, {"B", "", kT0 + 10 * kSecond, -2400, 90}};
        auto model = ClockModel::build(trace);
        QVERIFY(model.ok());
        model->host("B")->residual = {77, 2, 9};
        for (const auto& clock : model->hosts()) {
            const auto back = parseClockModelJson(clockModelJson(clock, "A"));
            QVERIFY(back.ok());
            QCOMPARE(back->host, clock.host);
            QCOMPARE(back->measured, clock.measured);
            QCOMPARE(back->errorBoundNs, clock.errorBoundNs);
            QCOMPARE(back->start.offsetNs, clock.start.offsetNs);
            QCOMPARE(back->end.localNs, clock.end.localNs);
            QCOMPARE(back->residual.maxViolationNs, clock.residual.maxViolationNs);
            QCOMPARE(back->offsetAt(kT0 + 5 * kSecond), clock.offsetAt(kT0 + 5 * kSecond));
        }
        QVERIFY(!parseClockModelJson("{\"format\": \"xylem-clock/1\"}").ok());
        QVERIFY(!parseClockModelJson("[1]").ok());
    }
};

QTEST_APPLESS_MAIN(TestClockModel)
#include "tst_clockmodel.moc"
