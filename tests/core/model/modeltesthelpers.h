#pragma once

// Helpers shared by the model suites: error codes and tuples QCOMPARE can print, std::string to
// QString, generated host lists, the reference configurations, and tuple lists compared element
// by element.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "core/model/result.h"
#include "core/model/tuple.h"
#include "tests/support/testdata.h"

#include <QtTest>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

// QCOMPARE prints values it can turn into text; found by argument-dependent lookup.
namespace xylem {

inline char* toString(ErrorCode code)
{
    static const char* const names[] = {"InvalidArgument", "MalformedInput", "InvalidConfiguration",
                                        "InvalidTrace", "IoError"};
    return qstrdup(names[static_cast<int>(code)]);
}

inline char* toString(const Tuple& t)
{
    return qstrdup(("{collector " + std::to_string(t.collector) + ", seq " + std::to_string(t.seq) +
                    ", down " + std::to_string(t.down) + ", up " + std::to_string(t.up) + ", op " +
                    std::to_string(t.op) + ", ret " + std::to_string(t.ret) + "}")
                       .c_str());
}

} // namespace xylem

namespace xylem::modeltest {

inline QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

inline QString q(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// Hosts h0..h<count-1>, dealt round-robin over the clusters c0..c<clusters-1>.
inline std::vector<Host> makeHosts(int count, int clusters)
{
    std::vector<Host> hosts;
    for (int i = 0; i < count; ++i) {
        hosts.push_back(Host{"h" + std::to_string(i), "c" + std::to_string(i % clusters)});
    }
    return hosts;
}

// A host list as "id:cluster,...".
inline QString hostsText(const std::vector<Host>& hosts)
{
    QStringList parts;
    for (const Host& h : hosts) {
        parts << q(h.id) + QLatin1Char(':') + q(h.cluster);
    }
    return parts.join(QLatin1Char(','));
}

// A configuration of tests/data/; aborts when it does not load (a broken checkout).
inline Configuration loadConfig(const std::string& file)
{
    auto parsed = parseConfigurationJson(testing::readTestFile(file));
    if (!parsed) {
        qFatal("cannot load %s: %s", file.c_str(), parsed.error().describe().c_str());
    }
    return std::move(parsed).value();
}

// Compares two tuple lists element by element, so a failure names the first differing tuple.
inline bool sameTuples(const std::vector<Tuple>& actual, const std::vector<Tuple>& expected)
{
    if (actual.size() != expected.size()) {
        qWarning("tuple counts differ: %zu vs %zu", actual.size(), expected.size());
        return false;
    }
    for (size_t i = 0; i < actual.size(); ++i) {
        if (!(actual[i] == expected[i])) {
            char* a = toString(actual[i]);
            char* e = toString(expected[i]);
            qWarning("tuple %zu differs: %s vs %s", i, a, e);
            delete[] a;
            delete[] e;
            return false;
        }
    }
    return true;
}

} // namespace xylem::modeltest
