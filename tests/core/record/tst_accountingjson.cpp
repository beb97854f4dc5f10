// A recording's stored accounting: what accountingJson writes is what info and the GUI read back
// (the figures, and every lost or slow node's episode with its last counts).

#include "core/record/accountingjson.h"

#include <QtTest>

using namespace xylem;

class TestAccountingJson : public QObject
{
    Q_OBJECT

private slots:
    void troublesComeBackInTimeOrder()
    {
        live::ScopeAccounting a;
        a.tuples = 1200;
        a.seconds = 2;
        a.read = 990;
        a.overwritten = 10;
        a.written = 1000;
        live::NodeTrouble slow{2,      "h1", "collector", false, 3.1, 9.8, "h1:0: no answer",
                               "back", {}};
        live::NodeTrouble lost{3,
                               "h2",
                               "collector",
                               true,
                               5.2,
                               std::nullopt,
                               "h2:0: closed",
                               "",
                               gather::NodeCounts{"h2", 1200, 1190, 10, 2}};
        a.troubles = {slow, lost};
        a.lost = {3};
        a.collectors["h2"] = *lost.lastCounts;
        a.baselineUs = 10;
        a.recordedUs = 11;
        const auto j = nlohmann::json::parse(record::accountingJson(a));
        QCOMPARE(j.at("tuples").get<std::int64_t>(), std::int64_t{1200});
        QCOMPARE(j.at("tuples_per_s").get<double>(), 600.0);
        QCOMPARE(j.at("gather_rate_pct").get<double>(), 99.0);
        QCOMPARE(j.at("slowdown_pct").get<double>(), 10.0);
        QCOMPARE(j.at("gather_rate_complete").get<bool>(), false);
        QCOMPARE(j.at("collectors").at("h2").at("read").get<std::uint64_t>(), std::uint64_t{1190});
        const auto back = record::troublesFromJson(j);
        QCOMPARE(back.size(), size_t{2});
        QCOMPARE(back[0].host, std::string("h1"));
        QVERIFY(!back[0].lost && back[0].until && *back[0].until == 9.8);
        QCOMPARE(back[0].backReason, std::string("back"));
        QCOMPARE(back[1].host, std::string("h2"));
        QVERIFY(back[1].lost && !back[1].until && back[1].lastCounts);
        QCOMPARE(back[1].lastCounts->overwritten, std::uint64_t{10});
    }

    void noRateWithoutReads()
    {
        const auto j = nlohmann::json::parse(record::accountingJson(live::ScopeAccounting{}));
        QVERIFY(j.at("gather_rate_pct").is_null());
        QVERIFY(!j.contains("slowdown_pct"));
        QVERIFY(record::troublesFromJson(j).empty());
        QVERIFY(record::troublesFromJson(nlohmann::json::object()).empty()); // version 1
    }
};

QTEST_APPLESS_MAIN(TestAccountingJson)
#include "tst_accountingjson.moc"
