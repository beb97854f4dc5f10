// A sweep's plan (core/tune/sweepplan.h): the generated family has one trial per shape × arity
// (k-ary only) × root × message size, each with its readable, unique label and its own
// configuration, the base request's session and workload, and the cluster link; tree files are
// labelled by their names. Bad lists, an empty or oversized family and a bad file are refused
// with a message naming them, before anything would run.

#include "core/model/configurationjson.h"
#include "core/tune/sweepplan.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace xylem;
using namespace xylem::tune;

namespace {

SweepFamily fourHosts()
{
    SweepFamily f;
    f.hosts = parseHostList("A:c0,B:c0,C:c1,D:c1").value();
    f.threadsPerHost = 2;
    f.shapes = {TreeShape::Flat, TreeShape::KAry, TreeShape::Binomial, TreeShape::HierarchyAware};
    f.arities = {2, 4};
    f.elements = {1, 1024};
    return f;
}

record::RecordRequest base()
{
    record::RecordRequest r;
    r.sessionPath = "/tmp/s.xylem";
    r.workload.iterations = 300;
    r.runName = "not a trial's";
    return r;
}

QStringList labels(const std::vector<TrialSpec>& trials)
{
    QStringList out;
    for (const TrialSpec& t : trials) {
        out << QString::fromStdString(t.label);
    }
    return out;
}

QString messageOf(const Error& e)
{
    return QString::fromStdString(e.describe());
}

} // namespace

class TestSweepPlan : public QObject
{
    Q_OBJECT

private slots:
    void familyHasATrialPerCombination()
    {
        auto trials = planFamily(fourHosts(), base(), "2ms");
        QVERIFY2(trials, trials ? "" : trials.error().describe().c_str());
        // flat, kary:2, kary:4, binomial, hierarchy, each with both sizes.
        QCOMPARE(labels(trials.value()),
                 (QStringList{"flat elements=1", "flat elements=1024", "kary:2 elements=1",
                              "kary:2 elements=1024", "kary:4 elements=1", "kary:4 elements=1024",
                              "binomial elements=1", "binomial elements=1024",
                              "hierarchy elements=1", "hierarchy elements=1024"}));
        for (const TrialSpec& t : trials.value()) {
            QVERIFY(t.configuration);
            QCOMPARE(t.configuration->threads().size(), size_t{8});
            QVERIFY(t.request.sessionPath == "/tmp/s.xylem");
            QVERIFY(t.request.workload.iterations == 300);
            QVERIFY(t.request.workload.elements == 1 || t.request.workload.elements == 1024);
            QVERIFY(!t.request.runName); // the trial's label names the run
            QVERIFY(t.clusterLink == "2ms");
        }
        // kary:2 and kary:4 are different trees.
        QVERIFY(!(*trials.value()[2].configuration == *trials.value()[4].configuration));
        const Configuration& k4 = *trials.value()[4].configuration;
        QCOMPARE(k4.children(k4.indexOf("g1.0")).size(), size_t{4});
    }

    void rootsAndSizesAppearOnlyWhenSwept()
    {
        SweepFamily f = fourHosts();
        f.shapes = {TreeShape::Flat};
        f.elements.clear();
        QCOMPARE(labels(planFamily(f, base()).value()), QStringList{"flat"});
        f.roots = {RootKind::Core, RootKind::Gred};
        auto trials = planFamily(f, base());
        QCOMPARE(labels(trials.value()), (QStringList{"flat root=core", "flat root=gred"}));
        const Configuration& gredRoot = *trials.value()[1].configuration;
        QVERIFY(gredRoot.wrapper(gredRoot.root()).kind == WrapperKind::Gred);
        QVERIFY(!trials.value()[0].request.workload.elements);
    }

    void listsParseAndBadItemsAreNamed()
    {
        QVERIFY(parseShapes("flat,hierarchy").value() ==
                (std::vector<TreeShape>{TreeShape::Flat, TreeShape::HierarchyAware}));
        QVERIFY(parseIntegers("2,4", "--arities", 2, 64).value() == (std::vector<int>{2, 4}));
        auto shape = parseShapes("flat,tri");
        QVERIFY(!shape);
        QVERIFY(messageOf(shape.error()).contains("'tri'"));
        QVERIFY(messageOf(parseShapes("flat,").error()).contains("''"));
        auto root = parseRoots("core,top");
        QVERIFY(!root && messageOf(root.error()).contains("'top'"));
        for (const char* bad : {"2,x", "2,,4", "1", "2.5", "4 "}) {
            auto n = parseIntegers(bad, "--arities", 2, 64);
            QVERIFY2(!n, bad);
            QVERIFY2(messageOf(n.error()).contains("--arities"), bad);
        }
    }

    void emptyOrHugeFamiliesAreRefused()
    {
        SweepFamily f = fourHosts();
        f.shapes.clear();
        auto empty = planFamily(f, base());
        QVERIFY(!empty && messageOf(empty.error()).contains("empty"));
        f = fourHosts();
        f.arities.clear();
        for (int k = 2; k < 300; ++k) {
            f.arities.push_back(k);
        }
        auto huge = planFamily(f, base());
        QVERIFY(!huge);
        QVERIFY2(messageOf(huge.error()).contains("more than 256"),
                 huge.error().describe().c_str());
        f = fourHosts();
        f.hosts.clear();
        auto noHosts = planFamily(f, base());
        QVERIFY(!noHosts && messageOf(noHosts.error()).contains("cannot generate 'flat'"));
    }

    void treeFilesAreLabelledByName()
    {
        QTemporaryDir dir;
        auto flat = generateTree(TreeSpec{"f", parseHostList("A,B").value(), 1, TreeShape::Flat,
                                          2, RootKind::Core, {}});
        std::vector<std::string> files;
        for (const char* name : {"one.tree.json", "two.json", "sub/one.tree.json"}) {
            QDir(dir.path()).mkpath("sub");
            const std::string path = dir.filePath(name).toStdString();
            std::ofstream(path) << configurationToJson(flat.value());
            files.push_back(path);
        }
        auto trials = planConfigFiles(files, {8}, base(), "");
        QVERIFY(trials);
        QCOMPARE(labels(trials.value()),
                 (QStringList{"one elements=8", "two elements=8", "one elements=8 (2)"}));
        QVERIFY(*trials.value()[0].configuration == flat.value());

        files.push_back(dir.filePath("missing.tree.json").toStdString());
        auto missing = planConfigFiles(files, {}, base(), "");
        QVERIFY(!missing && messageOf(missing.error()).contains("missing.tree.json"));
        const std::string garbage = dir.filePath("bad.tree.json").toStdString();
        std::ofstream(garbage) << "{not json";
        auto bad = planConfigFiles({garbage}, {}, base(), "");
        QVERIFY(!bad && messageOf(bad.error()).contains("bad.tree.json"));
        QVERIFY(!planConfigFiles({}, {}, base(), ""));
    }
};

QTEST_APPLESS_MAIN(TestSweepPlan)
#include "tst_sweepplan.moc"
