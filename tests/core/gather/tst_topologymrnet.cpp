// MRNet's topology text, `host:rank => children ;`: the documented example, free-form layout
// with '#' comments, names split at the last colon, the canonical text written back, and every
// input refused with the line at fault (syntax, a child twice, cycles, a second root).

#include "core/gather/topology.h"
#include "tests/core/gather/topologytesthelpers.h"

#include <QtTest>

#include <fstream>
#include <string>
#include <vector>

using namespace xylem;
using namespace xylem::gather;
using xylem::gathertest::addErrorColumns;
using xylem::gathertest::checkError;
using xylem::gathertest::kExample;
using xylem::gathertest::kInvalid;
using xylem::gathertest::kMalformed;
using xylem::gathertest::names;
using xylem::gathertest::q;

class TestTopologyMrnet : public QObject
{
    Q_OBJECT

private slots:
    void parsesMrnetExample();
    void mrnetIsFreeFormWithComments();
    void mrnetNamesSplitAtTheLastColon();
    void writesMrnetText();
    void refusesBadMrnet_data();
    void refusesBadMrnet();
};

void TestTopologyMrnet::parsesMrnetExample()
{
    XYLEM_REQUIRE_TOPOLOGY(t, parseMrnetTopology(kExample));
    QVERIFY(names(t) == (std::vector<std::string>{"fe:0", "r1:0", "r2:0", "n1:0", "n2:0", "n3:0"}));
    QVERIFY(t.nodes[0].children == (std::vector<std::uint32_t>{1, 2}));
    QVERIFY(t.nodes[1].children == (std::vector<std::uint32_t>{3, 4}));
    QCOMPARE(t.nodes[5].parent, 2);
    QVERIFY(t.nodes[2].role == NodeRole::Relay);
    QVERIFY(t.nodes[5].role == NodeRole::Leaf);
    QCOMPARE(t.depth(), 2u);
    QCOMPARE(gathertest::structureProblem(t), QString());
}

void TestTopologyMrnet::mrnetIsFreeFormWithComments()
{
    XYLEM_REQUIRE_TOPOLOGY(expected, parseMrnetTopology(kExample));
    const std::string variants[] = {
        "fe:0=>r1:0 r2:0;r1:0=>n1:0 n2:0;r2:0=>n3:0;",
        "# a gather tree => ; \n\n  fe:0\n =>\tr1:0\n r2:0 # two relays\n ;\r\n"
        "r1:0 => n1:0 n2:0 ; r2:0 => n3:0 ; # done",
        // Statement order does not matter: the root is the one node that is nobody's child.
        "r2:0 => n3:0 ;\nr1:0 => n1:0 n2:0 ;\nfe:0 => r1:0 r2:0 ;",
    };
    for (const std::string& text : variants) {
        XYLEM_REQUIRE_TOPOLOGY(t, parseMrnetTopology(text));
        QVERIFY2(t == expected, text.c_str());
    }
}

void TestTopologyMrnet::mrnetNamesSplitAtTheLastColon()
{
    XYLEM_REQUIRE_TOPOLOGY(t, parseMrnetTopology("fe:0 => ::1:2 node:a:007 fe:1 ;"));
    QCOMPARE(q(t.nodes[1].host), QStringLiteral("::1"));
    QCOMPARE(t.nodes[1].rank, 2u);
    QCOMPARE(q(t.nodes[2].host), QStringLiteral("node:a"));
    QCOMPARE(t.nodes[2].rank, 7u);
    QCOMPARE(q(t.nodes[3].name()), QStringLiteral("fe:1"));
}

void TestTopologyMrnet::writesMrnetText()
{
    XYLEM_REQUIRE_TOPOLOGY(t, parseMrnetTopology("fe:0=>r1:0 r2:0; r1:0=>n1:0 n2:0; r2:0=>n3:0;"));
    QCOMPARE(q(toMrnetText(t)), q(kExample));
}

void TestTopologyMrnet::refusesBadMrnet_data()
{
    addErrorColumns();
    const struct
    {
        const char* name;
        const char* text;
        int code;
        const char* where;
        const char* problem;
    } rows[] = {
        {"empty", "", kMalformed, "line 1", "no topology"},
        {"only comments", "# nothing\n# here\n", kMalformed, "line 3", "no topology"},
        {"no arrow", "fe:0 r1:0 ;", kMalformed, "line 1", "expected '=>' after fe:0"},
        {"no semicolon", "fe:0 => a:0 ;\nr:0 => b:0", kMalformed, "line 2", "missing ';'"},
        {"arrow among children", "fe:0 => a:0 =>\n b:0 ;", kMalformed, "line 1", "missing ';'"},
        {"no children", "fe:0 =>\n ;", kMalformed, "line 1", "fe:0 has no children"},
        {"stray semicolon", "fe:0 => a:0 ;\n;", kMalformed, "line 2", "expected host:rank"},
        {"leading arrow", "=> a:0 ;", kMalformed, "line 1", "expected host:rank, found '=>'"},
        {"no rank", "fe:0 => a:0 ;\nfe => b:0 ;", kMalformed, "line 2", "\"fe\" is not host:rank"},
        {"rank not a number", "fe:0 =>\n a:x ;", kMalformed, "line 2", "\"a:x\" is not host:rank"},
        {"no host", "fe:0 => :3 ;", kMalformed, "line 1", "\":3\" is not host:rank"},
        {"rank too big", "fe:0 => a:4294967296 ;", kMalformed, "line 1", "is not host:rank"},
        {"child twice in a line", "fe:0 => a:0 a:00 ;", kInvalid, "line 1",
         "a:0 is already a child of fe:0 (line 1)"},
        {"child twice", "fe:0 => r:0 a:0 ;\n\nr:0 => a:0 ;", kInvalid, "line 3",
         "a:0 is already a child of fe:0 (line 1)"},
        {"two child lists", "fe:0 => a:0 ;\nfe:0 => b:0 ;", kInvalid, "line 2",
         "fe:0 already has its children on line 1"},
        {"cycle", "fe:0 => a:0 ;\nb:0 => c:0 ;\nc:0 => b:0 ;", kInvalid, "line 3",
         "cycle: b:0 -> c:0 -> b:0"},
        {"own child", "fe:0 => a:0 ;\nx:0 => x:0 ;", kInvalid, "line 2", "cycle: x:0 -> x:0"},
        {"no root", "a:0 => b:0 ;\nb:0 => a:0 ;", kInvalid, "line 2", "cycle"},
        {"front-end as a child", "fe:0 => a:0 ;\na:0 => fe:0 ;", kInvalid, "line 2", "cycle"},
        {"parent line without a parent", "fe:0 => r1:0 ;\nr1:0 => n1:0 ;\nr2:0 => n2:0 ;", kInvalid,
         "line 3", "r2:0 has children but no parent: a second root besides fe:0 (line 1)"},
        {"two trees", "fe:0 => a:0 ;\n\n\nfe2:0 => b:0 ;", kInvalid, "line 4", "a second root"},
    };
    for (const auto& r : rows) {
        QTest::newRow(r.name) << QString::fromUtf8(r.text) << r.code << QString::fromUtf8(r.where)
                              << QString::fromUtf8(r.problem);
    }
}

void TestTopologyMrnet::refusesBadMrnet()
{
    QFETCH(QString, text);
    checkError(parseMrnetTopology(text.toStdString()));
}

QTEST_APPLESS_MAIN(TestTopologyMrnet)
#include "tst_topologymrnet.moc"
