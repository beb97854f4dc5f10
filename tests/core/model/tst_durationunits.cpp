// The one rule for duration units (core/model/durationunits.h), which xylem-cli and the GUI
// share: the unit of one value and of a column, and the decimals.

#include "core/model/durationunits.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace xylem;

class TestDurationUnits : public QObject
{
    Q_OBJECT

private slots:
    void oneValueGetsTheLargestUnitItReachesOneOf()
    {
        QCOMPARE(durationUnitFor(0.0), DurationUnit::Nanoseconds);
        QCOMPARE(durationUnitFor(999.9), DurationUnit::Nanoseconds);
        QCOMPARE(durationUnitFor(1e3), DurationUnit::Microseconds);
        QCOMPARE(durationUnitFor(-2.5e3), DurationUnit::Microseconds); // by magnitude
        QCOMPARE(durationUnitFor(999'999.0), DurationUnit::Microseconds);
        QCOMPARE(durationUnitFor(1e6), DurationUnit::Milliseconds);
        QCOMPARE(durationUnitFor(1e9), DurationUnit::Seconds);
        QCOMPARE(durationUnitFor(3.6e12), DurationUnit::Seconds);
        QCOMPARE(durationUnitFor(std::nan("")), DurationUnit::Nanoseconds);
    }

    void aColumnTakesTheUnitOfItsLargestValue()
    {
        const std::vector<double> column{850, 12'300, 4.5e6, std::nan(""), -7e5};
        QCOMPARE(durationUnitFor(column), DurationUnit::Milliseconds);
        QCOMPARE(durationUnitFor(std::vector<double>{}), DurationUnit::Nanoseconds);
        QCOMPARE(durationUnitFor(std::vector<double>{std::nan("")}), DurationUnit::Nanoseconds);
        // The small values keep three significant digits in the column's unit.
        QCOMPARE(formatDuration(850, DurationUnit::Milliseconds), std::string("0.000850 ms"));
        QCOMPARE(formatDuration(12'300, DurationUnit::Milliseconds), std::string("0.0123 ms"));
        QCOMPARE(formatDuration(4.5e6, DurationUnit::Milliseconds), std::string("4.500 ms"));
        QCOMPARE(formatDuration(0, DurationUnit::Milliseconds), std::string("0.000 ms"));
    }

    // The CLI's texts from before the rule moved to core, character for character.
    void oneValueReadsAsTheCliAlwaysWroteIt()
    {
        QCOMPARE(formatDuration(850), std::string("850.0 ns"));
        QCOMPARE(formatDuration(0), std::string("0.0 ns"));
        QCOMPARE(formatDuration(12'346), std::string("12.35 µs"));
        QCOMPARE(formatDuration(1'234), std::string("1.234 µs"));
        QCOMPARE(formatDuration(123'456), std::string("123.5 µs"));
        QCOMPARE(formatDuration(4'560'000), std::string("4.560 ms"));
        QCOMPARE(formatDuration(1.2e9), std::string("1.200 s"));
        QCOMPARE(formatDuration(-2.5e3), std::string("-2.500 µs"));
        QCOMPARE(formatDuration(7.2e12), std::string("7200.0 s"));
        QVERIFY(formatDuration(std::nan("")).empty());
        QCOMPARE(formatInUnit(4'560'000, DurationUnit::Milliseconds), std::string("4.560"));
    }

    void scalingAndSymbols()
    {
        QCOMPARE(nanosecondsPer(DurationUnit::Nanoseconds), 1.0);
        QCOMPARE(nanosecondsPer(DurationUnit::Microseconds), 1e3);
        QCOMPARE(nanosecondsPer(DurationUnit::Milliseconds), 1e6);
        QCOMPARE(nanosecondsPer(DurationUnit::Seconds), 1e9);
        QCOMPARE(inUnit(2.5e6, DurationUnit::Milliseconds), 2.5);
        QCOMPARE(unitSymbol(DurationUnit::Nanoseconds), std::string_view("ns"));
        QCOMPARE(unitSymbol(DurationUnit::Microseconds), std::string_view("µs"));
        QCOMPARE(unitSymbol(DurationUnit::Milliseconds), std::string_view("ms"));
        QCOMPARE(unitSymbol(DurationUnit::Seconds), std::string_view("s"));
    }
};

QTEST_MAIN(TestDurationUnits)
#include "tst_durationunits.moc"
