// Inputs that fuzz_gather (tests/fuzz) found breaking the gather tree's filters, kept with what
// the filter must now do. The fuzzer's input is in tests/fuzz/corpus/gather/finding-*.

#include "core/gather/filter.h"

#include <QtTest>

#include <limits>

using namespace xylem;
using namespace xylem::gather;

class TestGatherFuzzFindings : public QObject
{
    Q_OBJECT

private slots:
    // fuzz_gather, 27 Nov 2026: two children's statistics of one key whose counts add past
    // INT64_MAX (counts come off the wire) overflowed in mergeStats (batch.h). The count saturates.
    void statsMergeOfHugeCountsSaturates()
    {
        const std::int64_t a = 1299693117697425412;
        const std::int64_t b = 8532480098916371201;
        const std::vector<Batch> inputs{Batch{1, Stats{{StatEntry{59, a, 1.0, 0, 1, 2}}}},
                                        Batch{1, Stats{{StatEntry{59, b, 3.0, 0, 0, 5}}}}};
        const FilterRegistry registry;
        const auto out = applyFilter(registry, FilterSpec{"stats-merge", {}, ""}, inputs);
        QVERIFY2(out, out ? "" : out.error().describe().c_str());
        const auto& entries = std::get<Stats>(out->content).entries;
        QCOMPARE(entries.size(), size_t(1));
        QCOMPARE(entries[0].count, std::numeric_limits<std::int64_t>::max());
        QVERIFY(entries[0].mean > 1.0 && entries[0].mean < 3.0);
        QCOMPARE(entries[0].min, std::int64_t(0));
        QCOMPARE(entries[0].max, std::int64_t(5));

        // Counts that fit still add exactly.
        const std::vector<Batch> small{Batch{1, Stats{{StatEntry{1, 2, 1.0, 0, 1, 1}}}},
                                       Batch{1, Stats{{StatEntry{1, 3, 2.0, 0, 2, 2}}}}};
        QCOMPARE(std::get<Stats>(applyFilter(registry, FilterSpec{"stats-merge", {}, ""}, small)
                                     ->content)
                     .entries[0]
                     .count,
                 std::int64_t(5));
    }
};

QTEST_GUILESS_MAIN(TestGatherFuzzFindings)
#include "tst_gatherfuzzfindings.moc"
