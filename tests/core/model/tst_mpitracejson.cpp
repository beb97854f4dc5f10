// The MPI run description (core/model/mpitracejson.h): ranks, communicators and clock samples
// survive the round trip; a missing field, a member that is no rank and another format are
// refused naming the item.

#include "core/model/mpitracejson.h"

#include <QtTest>

using namespace xylem;

namespace {

MpiRunInfo example()
{
    MpiRunInfo info;
    info.complete = true;
    info.trace.referenceHost = "n0";
    info.trace.ranks = {{0, "n0", "c0"}, {1, "n0", "c0"}, {2, "n1", "c1"}};
    info.trace.communicators = {{0, "MPI_COMM_WORLD", {0, 1, 2}}, {4097, "comm 4097", {2, 0}}};
    info.trace.clockSamples = {{"n1", "", 123456789, -42, 900}};
    return info;
}

bool mentions(const Error& e, const char* text)
{
    return e.describe().find(text) != std::string::npos;
}

} // namespace

class TestMpiTraceJson : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip()
    {
        const MpiRunInfo info = example();
        const auto back = mpiRunInfoFromJson(mpiRunInfoToJson(info));
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
        QCOMPARE(back->complete, true);
        QCOMPARE(back->trace.referenceHost, std::string("n0"));
        QCOMPARE(back->trace.ranks.size(), size_t(3));
        QCOMPARE(back->trace.ranks[2].cluster, std::string("c1"));
        QCOMPARE(back->trace.communicators.size(), size_t(2));
        QCOMPARE(back->trace.communicators[1].worldRanks, (std::vector<int>{2, 0}));
        QCOMPARE(back->trace.clockSamples.size(), size_t(1));
        QCOMPARE(back->trace.clockSamples[0].offsetNs, std::int64_t(-42));
        QCOMPARE(back->trace.clockSamples[0].roundTripNs, std::int64_t(900));
    }

    void badDocumentsNameTheItem()
    {
        std::string text = mpiRunInfoToJson(example());
        auto missing = text;
        missing.replace(missing.find("\"round_trip_ns\""), 15, "\"rtt\"");
        const auto a = mpiRunInfoFromJson(missing);
        QVERIFY(!a.ok());
        QVERIFY(mentions(a.error(), "clock_samples[0]: missing field \"round_trip_ns\""));

        MpiRunInfo stray = example();
        stray.trace.communicators[1].worldRanks = {2, 7};
        const auto b = mpiRunInfoFromJson(mpiRunInfoToJson(stray));
        QVERIFY(!b.ok());
        QVERIFY(mentions(b.error(), "communicator comm 4097: member 7 is no world rank"));

        const auto c = mpiRunInfoFromJson("{\"format\": \"xylem-tree/1\"}");
        QVERIFY(!c.ok());
        QVERIFY(mentions(c.error(), "not an MPI run description"));
        QVERIFY(!mpiRunInfoFromJson("{\"format\": ").ok());
    }
};

QTEST_GUILESS_MAIN(TestMpiTraceJson)
#include "tst_mpitracejson.moc"
