// importOtf2 on an archive written with libotf2 the way Score-P lays it out (no Score-P here):
// a "machine -> node -> MPI Rank" system tree, location ids that are not ranks, a 2 GHz timer
// with a realtime origin, MPI_COMM_WORLD not comm 0, a COMM_SELF comm, and a user region and an
// unsupported MPI call around the supported ones.

#include "core/otf2/otf2import.h"

#include <QTemporaryDir>
#include <QtTest>

#include <otf2/otf2.h>

using namespace xylem;

namespace {

constexpr std::uint64_t kRealtime = 1'600'000'000'000'000'000;
constexpr std::uint64_t kOffset = 1000; // ticks; 2 ticks per ns

OTF2_FlushType preFlush(void*, OTF2_FileType, OTF2_LocationRef, void*, bool)
{
    return OTF2_FLUSH;
}
OTF2_TimeStamp postFlush(void*, OTF2_FileType, OTF2_LocationRef)
{
    return 0;
}

enum Region : OTF2_RegionRef
{
    Main,
    Send,
    Recv,
    Allreduce,
    CommRank,
};

void writeRank0(OTF2_EvtWriter* w)
{
    OTF2_EvtWriter_Enter(w, nullptr, 1000, Main);
    OTF2_EvtWriter_Enter(w, nullptr, 1200, CommRank);
    OTF2_EvtWriter_Leave(w, nullptr, 1300, CommRank);
    OTF2_EvtWriter_Enter(w, nullptr, 2000, Allreduce);
    OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, 2000);
    OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, 2400, OTF2_COLLECTIVE_OP_ALLREDUCE, 5,
                                    OTF2_UNDEFINED_UINT32, 8, 8);
    OTF2_EvtWriter_Leave(w, nullptr, 2400, Allreduce);
    OTF2_EvtWriter_Enter(w, nullptr, 3000, Send);
    OTF2_EvtWriter_MpiSend(w, nullptr, 3000, 1, 5, 3, 16);
    OTF2_EvtWriter_Leave(w, nullptr, 3100, Send);
    OTF2_EvtWriter_Leave(w, nullptr, 5000, Main);
}

void writeRank1(OTF2_EvtWriter* w)
{
    OTF2_EvtWriter_Enter(w, nullptr, 1000, Main);
    OTF2_EvtWriter_Enter(w, nullptr, 2100, Allreduce);
    OTF2_EvtWriter_MpiCollectiveBegin(w, nullptr, 2100);
    OTF2_EvtWriter_MpiCollectiveEnd(w, nullptr, 2400, OTF2_COLLECTIVE_OP_ALLREDUCE, 5,
                                    OTF2_UNDEFINED_UINT32, 8, 8);
    OTF2_EvtWriter_Leave(w, nullptr, 2400, Allreduce);
    OTF2_EvtWriter_Enter(w, nullptr, 2900, Recv);
    OTF2_EvtWriter_MpiRecv(w, nullptr, 3200, 0, 5, 3, 16);
    OTF2_EvtWriter_Leave(w, nullptr, 3200, Recv);
    OTF2_EvtWriter_Leave(w, nullptr, 5000, Main);
}

void writeDefinitions(OTF2_GlobalDefWriter* d)
{
    OTF2_GlobalDefWriter_WriteClockProperties(d, 2'000'000'000, kOffset, 4000, kRealtime);
    const char* strings[] = {"",
                             "Linux",
                             "machine",
                             "n01",
                             "node",
                             "n02",
                             "MPI Rank 0",
                             "MPI Rank 1",
                             "Master thread",
                             "main",
                             "MPI_Send",
                             "MPI_Recv",
                             "MPI_Allreduce",
                             "MPI_Comm_rank",
                             "MPI_COMM_WORLD",
                             "MPI_COMM_SELF"};
    for (std::uint32_t i = 0; i < std::size(strings); ++i)
        OTF2_GlobalDefWriter_WriteString(d, i, strings[i]);
    OTF2_GlobalDefWriter_WriteSystemTreeNode(d, 0, 1, 2, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
    OTF2_GlobalDefWriter_WriteSystemTreeNode(d, 1, 3, 4, 0);
    OTF2_GlobalDefWriter_WriteSystemTreeNode(d, 2, 5, 4, 0);
    OTF2_GlobalDefWriter_WriteLocationGroup(d, 0, 6, OTF2_LOCATION_GROUP_TYPE_PROCESS, 1,
                                            OTF2_UNDEFINED_LOCATION_GROUP);
    OTF2_GlobalDefWriter_WriteLocationGroup(d, 1, 7, OTF2_LOCATION_GROUP_TYPE_PROCESS, 2,
                                            OTF2_UNDEFINED_LOCATION_GROUP);
    OTF2_GlobalDefWriter_WriteLocation(d, 7, 8, OTF2_LOCATION_TYPE_CPU_THREAD, 11, 0);
    OTF2_GlobalDefWriter_WriteLocation(d, 3, 8, OTF2_LOCATION_TYPE_CPU_THREAD, 9, 1);
    const std::pair<Region, std::uint32_t> regions[] = {
        {Main, 9}, {Send, 10}, {Recv, 11}, {Allreduce, 12}, {CommRank, 13}};
    for (const auto& [region, name] : regions)
        OTF2_GlobalDefWriter_WriteRegion(d, region, name, name, 0, OTF2_REGION_ROLE_FUNCTION,
                                         region == Main ? OTF2_PARADIGM_USER : OTF2_PARADIGM_MPI,
                                         OTF2_REGION_FLAG_NONE, 0, 0, 0);
    const std::uint64_t locations[] = {7, 3}; // world rank order
    const std::uint64_t ranks[] = {0, 1};
    OTF2_GlobalDefWriter_WriteGroup(d, 0, 0, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, 2, locations);
    OTF2_GlobalDefWriter_WriteGroup(d, 1, 0, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, 2, ranks);
    OTF2_GlobalDefWriter_WriteGroup(d, 2, 0, OTF2_GROUP_TYPE_COMM_SELF, OTF2_PARADIGM_MPI,
                                    OTF2_GROUP_FLAG_NONE, 0, nullptr);
    OTF2_GlobalDefWriter_WriteComm(d, 5, 14, 1, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
    OTF2_GlobalDefWriter_WriteComm(d, 0, 15, 2, OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE);
}

bool writeArchive(const std::string& dir)
{
    OTF2_Archive* a = OTF2_Archive_Open(dir.c_str(), "traces", OTF2_FILEMODE_WRITE, 1 << 20,
                                        4 << 20, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
    if (a == nullptr)
        return false;
    static const OTF2_FlushCallbacks flush = {preFlush, postFlush};
    OTF2_Archive_SetFlushCallbacks(a, &flush, nullptr);
    OTF2_Archive_SetSerialCollectiveCallbacks(a);
    OTF2_Archive_OpenEvtFiles(a);
    OTF2_EvtWriter* w0 = OTF2_Archive_GetEvtWriter(a, 7);
    writeRank0(w0);
    OTF2_Archive_CloseEvtWriter(a, w0);
    OTF2_EvtWriter* w1 = OTF2_Archive_GetEvtWriter(a, 3);
    writeRank1(w1);
    OTF2_Archive_CloseEvtWriter(a, w1);
    OTF2_Archive_CloseEvtFiles(a);
    OTF2_GlobalDefWriter* d = OTF2_Archive_GetGlobalDefWriter(a);
    writeDefinitions(d);
    OTF2_Archive_CloseGlobalDefWriter(a, d);
    return OTF2_Archive_Close(a) == OTF2_SUCCESS;
}

std::int64_t ns(std::uint64_t ticks)
{
    return static_cast<std::int64_t>(kRealtime + (ticks - kOffset) / 2);
}

} // namespace

class TestOtf2ScoreP : public QObject
{
    Q_OBJECT

private slots:
    void scorePLayoutImports()
    {
        QTemporaryDir dir;
        const std::string archive = dir.filePath("scorep").toStdString();
        QVERIFY(writeArchive(archive));
        const auto imported = otf2::importOtf2(archive + "/traces.otf2");
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().describe().c_str());
        const MpiTrace& t = imported.value();
        QCOMPARE(t.ranks.size(), std::size_t(2));
        QCOMPARE(t.ranks[0].host, std::string("n01"));
        QCOMPARE(t.ranks[1].host, std::string("n02"));
        QCOMPARE(t.ranks[1].cluster, std::string()); // the node's parent is the machine
        QCOMPARE(t.referenceHost, std::string("n01"));
        QCOMPARE(t.communicators.size(), std::size_t(2));
        QCOMPARE(t.communicators[0].id, 0);
        QCOMPARE(t.communicators[0].name, std::string("MPI_COMM_WORLD"));
        QCOMPARE(t.communicators[0].worldRanks, (std::vector<int>{0, 1}));
        QCOMPARE(t.communicators[1].name, std::string("MPI_COMM_SELF"));
        QVERIFY(t.communicators[1].worldRanks.empty());

        QCOMPARE(t.events.size(), std::size_t(4)); // main and MPI_Comm_rank only nest
        MpiEvent allreduce0;
        allreduce0.rank = 0;
        allreduce0.call = MpiCall::Allreduce;
        allreduce0.enter = ns(2000);
        allreduce0.exit = ns(2400);
        allreduce0.bytes = 8;
        MpiEvent send;
        send.rank = 0;
        send.call = MpiCall::Send;
        send.enter = ns(3000);
        send.exit = ns(3100);
        send.partner = 1;
        send.tag = 3;
        send.bytes = 16;
        MpiEvent recv = send;
        recv.rank = 1;
        recv.call = MpiCall::Recv;
        recv.enter = ns(2900);
        recv.exit = ns(3200);
        recv.partner = 0;
        const auto has = [&](const MpiEvent& e) {
            return std::find(t.events.begin(), t.events.end(), e) != t.events.end();
        };
        QVERIFY(has(allreduce0));
        QVERIFY(has(send));
        QVERIFY(has(recv));
    }
};

QTEST_GUILESS_MAIN(TestOtf2ScoreP)
#include "tst_otf2scorep.moc"
