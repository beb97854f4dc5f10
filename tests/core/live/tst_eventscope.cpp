// Event scopes as files: the system_samples switch (on unless a scope turns it off) and the
// coscheduling (off unless set) survive a round trip, and a wrong value is refused with the
// field's name.

#include "core/live/eventscope.h"

#include <QtTest>

using namespace xylem;

class TestEventScope : public QObject
{
    Q_OBJECT

private slots:
    void systemSamplesAreOnUnlessTurnedOff()
    {
        auto plain = live::scopeFromJson(R"({"format": "xylem-scope/1"})");
        QVERIFY(plain);
        QVERIFY(plain->systemSamples);
        auto off = live::scopeFromJson(R"({"format": "xylem-scope/1", "system_samples": false})");
        QVERIFY(off);
        QVERIFY(!off->systemSamples);
        auto again = live::scopeFromJson(live::scopeToJson(off.value()));
        QVERIFY(again);
        QVERIFY(again.value() == off.value());
    }

    void coschedulingIsOffUnlessSet()
    {
        auto plain = live::scopeFromJson(R"({"format": "xylem-scope/1"})");
        QVERIFY(plain);
        QCOMPARE(plain->coschedule, std::string("off"));
        QVERIFY(live::scopeToJson(plain.value()).find("coschedule") == std::string::npos);
        for (const char* mode : {"after-send", "after-release"}) {
            const std::string text =
                std::string("{\"format\": \"xylem-scope/1\", \"coschedule\": \"") + mode + "\"}";
            auto set = live::scopeFromJson(text);
            QVERIFY(set);
            QCOMPARE(set->coschedule, std::string(mode));
            auto again = live::scopeFromJson(live::scopeToJson(set.value()));
            QVERIFY(again);
            QVERIFY(again.value() == set.value());
        }
        auto bad = live::scopeFromJson(R"({"format": "xylem-scope/1", "coschedule": "always"})");
        QVERIFY(!bad);
        QVERIFY(bad.error().describe().find("coschedule") != std::string::npos);
    }

    void aWrongSwitchIsRefused()
    {
        auto bad = live::scopeFromJson(R"({"format": "xylem-scope/1", "system_samples": "yes"})");
        QVERIFY(!bad);
        QCOMPARE(QString::fromStdString(bad.error().describe()),
                 QString("scope field 'system_samples': must be true or false"));
    }
};

QTEST_GUILESS_MAIN(TestEventScope)
#include "tst_eventscope.moc"
