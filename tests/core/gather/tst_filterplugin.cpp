// FilterRegistry::loadPlugin: a plugin's filters join the registry and run like built-ins;
// a missing file, a library without the entry point, another ABI version and a bad table are
// errors that name the file and what went wrong, and add nothing.

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

    void badTableAddsNothing()
    {
        const Error e = failure(XYLEM_TEST_PLUGIN_BADTABLE);
        QVERIFY(e.code == ErrorCode::InvalidArgument);
        QVERIFY2(QString::fromStdString(e.message).contains("no function"), e.message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFilterPlugin)
#include "tst_filterplugin.moc"
