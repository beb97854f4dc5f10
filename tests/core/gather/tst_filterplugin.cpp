// FilterRegistry::loadPlugin: a plugin's filters join the registry and run like built-ins;
// a missing file, a library without the entry point, another ABI version and a bad table are
// errors that name the file and what went wrong, and add nothing. resolve() loads a stream's
// library when its filter is not known yet. The shipped example plugin's filters compose.

#include "core/gather/filter.h"
#include "core/gather/filterplugin.h"
#include "tests/core/gather/testbatches.h"

#include <QtTest>

#include <string>

using namespace xylem;
using namespace xylem::gather;
using namespace xylem::gather::test;

class TestFilterPlugin : public QObject
{
    Q_OBJECT

private:
    // The failure of loading path, checked to leave the registry as it was.
    static Error failure(const std::string& path)
    {
        FilterRegistry registry;
        const auto before = registry.names();
        const auto loaded = registry.loadPlugin(path);
        if (loaded.ok()) {
            qFatal("%s loaded", path.c_str());
        }
        if (registry.names() != before) {
            qFatal("a failed load added filters");
        }
        if (loaded.error().where != path) {
            qFatal("the error does not name the file: %s", loaded.error().describe().c_str());
        }
        return loaded.error();
    }

private slots:
    void pluginFiltersJoinTheRegistry()
    {
        FilterRegistry registry;
        const auto loaded = registry.loadPlugin(XYLEM_TEST_PLUGIN_GOOD);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().describe().c_str());
        QVERIFY(*loaded == (std::vector<std::string>{"product", "count"}));
        const auto names = registry.names();
        QVERIFY(std::find(names.begin(), names.end(), "product") != names.end());
        QVERIFY(std::find(names.begin(), names.end(), "sum") != names.end()); // built-ins stay

        const std::vector<Batch> in{numbers({2, 3}, 1), numbers({5}, 2)};
        const auto p = applyFilter(registry, FilterSpec{"product", {}}, in);
        QVERIFY(p.ok());
        QVERIFY(*p == numbers({10, 3}, 3));
        const auto c = applyFilter(registry, FilterSpec{"count", {10}}, in);
        QVERIFY(c.ok() && *c == numbers({20}, 2));
        const auto wrong =
            applyFilter(registry, FilterSpec{"product", {}}, std::vector<Batch>{bytes({1})});
        QVERIFY(!wrong.ok());
        QVERIFY(QString::fromStdString(wrong.error().message).contains("Bytes"));

        // Loading the same file again is harmless.
        QVERIFY(registry.loadPlugin(XYLEM_TEST_PLUGIN_GOOD).ok());
        QVERIFY(applyFilter(registry, FilterSpec{"product", {}}, in).ok());
    }

    void missingFileIsAnError()
    {
        const Error e = failure("/nonexistent/libxylem_no_such_plugin.so");
        QVERIFY(e.code == ErrorCode::IoError);
        QVERIFY2(QString::fromStdString(e.message).contains("No such file"), e.message.c_str());
    }

    void notASharedLibraryIsAnError()
    {
        const Error e = failure(XYLEM_SOURCE_DIR "/tests/core/gather/testfilterplugin.cpp");
        QVERIFY(e.code == ErrorCode::IoError);
        QVERIFY(!e.message.empty());
    }

    void libraryWithoutEntryPointIsAnError()
    {
        const Error e = failure(XYLEM_TEST_PLUGIN_NOSYMBOL);
        QVERIFY(e.code == ErrorCode::NotFound);
        QVERIFY2(QString::fromStdString(e.message).contains("xylem_gather_filters"),
                 e.message.c_str());
    }

    void otherAbiIsAnError()
    {
        const Error e = failure(XYLEM_TEST_PLUGIN_BADABI);
        QVERIFY(e.code == ErrorCode::InvalidArgument);
        const QString m = QString::fromStdString(e.message);
        QVERIFY2(m.contains("ABI") && m.contains(QString::number(kFilterPluginAbi + 1)),
                 e.message.c_str());
    }

    void aStreamsLibraryIsLoadedWhenItsFilterIsNotKnown()
    {
        FilterRegistry registry;
        QVERIFY(registry.resolve(FilterSpec{"sum", {}, {}}).ok()); // a built-in: nothing loaded
        const auto unknown = registry.resolve(FilterSpec{"product", {}, {}});
        QVERIFY(!unknown.ok());
        QVERIFY2(QString::fromStdString(unknown.error().message).contains("unknown filter"),
                 unknown.error().message.c_str());
        const auto product = registry.resolve(FilterSpec{"product", {}, XYLEM_TEST_PLUGIN_GOOD});
        QVERIFY2(product.ok(), product.ok() ? "" : product.error().describe().c_str());
        QVERIFY(*(*product)(std::vector<Batch>{numbers({2}), numbers({4})}, {}) == numbers({8}, 2));
        // A library that does not load: the error names the filter and the file.
        const auto missing = registry.resolve(FilterSpec{"top", {}, "/nonexistent/libtop.so"});
        QVERIFY(!missing.ok());
        QCOMPARE(QString::fromStdString(missing.error().where), QString("/nonexistent/libtop.so"));
        QVERIFY2(QString::fromStdString(missing.error().message).startsWith("filter 'top': "),
                 missing.error().message.c_str());
        // A library that loads but lacks the filter: unknown, with the names it knows now.
        const auto absent = registry.resolve(FilterSpec{"median", {}, XYLEM_TEST_PLUGIN_GOOD});
        QVERIFY(!absent.ok());
        QVERIFY(QString::fromStdString(absent.error().message).contains("product"));
    }

    void theExamplePluginsFiltersCompose()
    {
        FilterRegistry registry;
        QVERIFY(registry.loadPlugin(XYLEM_EXAMPLE_FILTERS).ok());
        const Batch left = tuples({tuple(1, 100, 0, 150), tuple(1, 100, 1, 400)});
        const Batch right = tuples({tuple(2, 100, 2, 300), tuple(1, 120, 3, 420)});
        // longest-wait: edge 1 waited 300 ns, the longest of both (edge 3 also 300, seq 1 too:
        // the larger collector wins the tie).
        auto longest = applyFilter(registry, FilterSpec{"longest-wait", {}}, {{left, right}});
        QVERIFY(longest.ok());
        QVERIFY(*longest == tuples({tuple(1, 120, 3, 420)}, 2));
        auto again = applyFilter(registry, FilterSpec{"longest-wait", {}},
                                 {{*longest, tuples({tuple(9, 0, 5, 10)})}});
        QVERIFY(again.ok() && *again == tuples({tuple(1, 120, 3, 420)}, 3));

        // wait-stats of both at once equals wait-stats of each merged (Chan's formula).
        const Batch more = tuples({tuple(3, 0, 0, 250), tuple(3, 0, 1, 100)});
        auto direct = applyFilter(registry, FilterSpec{"wait-stats", {}}, {{left, more}});
        auto partial = applyFilter(registry, FilterSpec{"wait-stats", {}}, {{left}});
        auto merged = applyFilter(
            registry, FilterSpec{"wait-stats", {}},
            {{*partial, *applyFilter(registry, FilterSpec{"wait-stats", {}}, {{more}})}});
        QVERIFY(direct.ok() && merged.ok());
        const auto& d = std::get<Stats>(direct->content).entries;
        const auto& m = std::get<Stats>(merged->content).entries;
        QCOMPARE(d.size(), size_t(2));
        QCOMPARE(m.size(), d.size());
        for (size_t i = 0; i < d.size(); ++i) {
            QCOMPARE(m[i].key, d[i].key);
            QCOMPARE(m[i].count, d[i].count);
            QCOMPARE(m[i].mean, d[i].mean);
            QVERIFY(std::abs(m[i].m2 - d[i].m2) < 1e-6);
            QCOMPARE(m[i].min, d[i].min);
            QCOMPARE(m[i].max, d[i].max);
        }
        QVERIFY(d[0] == statOf(0, {50, 250}));
        QVERIFY(!applyFilter(registry, FilterSpec{"wait-stats", {}}, {{numbers({1})}}).ok());
    }

    void badTableAddsNothing()
    {
        const Error e = failure(XYLEM_TEST_PLUGIN_BADTABLE);
        QVERIFY(e.code == ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(e.message).contains("no function"), e.message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFilterPlugin)
#include "tst_filterplugin.moc"
