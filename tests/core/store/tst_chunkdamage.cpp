// Damaged chunks (chunkframe.h, tuplecodec.h, callcodec.h): a flipped byte anywhere, a
// truncation at any length, a wrong count, magic or length is ErrorCode::Corrupt, never a crash
// or wrong numbers; an unknown codec version is ErrorCode::NewerFormat.

#include "core/store/chunkframe.h"
#include "core/store/crc32.h"
#include "tests/core/store/codectesthelpers.h"

#include <QtTest>

#include <functional>

using namespace xylem;
using namespace xylem::store;
using namespace xylem::storetest;

namespace {

using Decoder = std::function<Result<Ok>(std::span<const std::uint8_t>)>;

void putU32(Bytes& b, size_t at, std::uint32_t v)
{
    for (size_t i = 0; i < 4; ++i) {
        b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
    }
}

std::uint32_t getU32(const Bytes& b, size_t at)
{
    return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16 |
           std::uint32_t(b[at + 3]) << 24;
}

void fixCrc(Bytes& b)
{
    putU32(b, 12, crc32(std::span<const std::uint8_t>(b).subspan(kFrameHeaderSize)));
}

// A small valid chunk of each kind and its decoder, bounded as the chunk was written for.
// "steady": one collector's calls at a steady period, every stored difference the same (a
// codec that stores repeated values once must still check the count against the payload).
std::pair<Bytes, Decoder> smallChunk(const QString& kind)
{
    const auto tupleDecoder = [](std::span<const std::uint8_t> b) {
        std::vector<Tuple> out;
        return decodeTupleChunk(b, 4, out);
    };
    const std::vector<Tuple> varied{
        {0, 1000, 12700, 0, 0, 0}, {0, 1200, 13000, 1, 7, -1}, {1, 21000, 33300, 3, 65535, 32767}};
    if (kind == "tuple") {
        return {encoded(varied), tupleDecoder};
    }
    if (kind == "tuple, steady") {
        return {encoded(std::vector<Tuple>{
                    {1, 100, 150, 2, 0, 0}, {2, 200, 250, 2, 0, 0}, {3, 300, 350, 2, 0, 0}}),
                tupleDecoder};
    }
    return {
        encoded(std::vector<CallTimes>{{0, 1000, 12000, 11700, 1}, {1, 21000, 12300, 12300, 0}}),
        [](std::span<const std::uint8_t> b) {
            std::vector<CallTimes> out;
            return decodeCallChunk(b, 3, out);
        }};
}

} // namespace

class TestChunkDamage : public QObject
{
    Q_OBJECT

private slots:
    void everyFlippedByteIsAnError_data()
    {
        QTest::addColumn<QString>("kind");
        for (const char* kind : {"tuple", "tuple, steady", "call"}) {
            QTest::newRow(kind) << kind;
        }
    }
    void everyFlippedByteIsAnError()
    {
        QFETCH(QString, kind);
        const auto [chunk, decode] = smallChunk(kind);
        QCOMPARE(outcome(decode(chunk)), kOk);
        for (size_t i = 0; i < chunk.size(); ++i) {
            if (i == 3) {
                continue; // the reserved byte: reservedByteMustBeZero
            }
            for (std::uint8_t mask : {0x01, 0x10, 0x80, 0xFF}) {
                Bytes damaged = chunk;
                damaged[i] ^= mask;
                // A changed version byte names a codec this Xylem does not know.
                const int got = outcome(decode(damaged));
                const bool expected = got == static_cast<int>(ErrorCode::Corrupt) ||
                                      (i == 2 && got == static_cast<int>(ErrorCode::NewerFormat));
                QVERIFY2(expected,
                         qPrintable(QString("byte %1 ^ 0x%2: got %3 (-1 is Ok), expected Corrupt")
                                        .arg(i)
                                        .arg(mask, 0, 16)
                                        .arg(got)));
            }
        }
    }

    // The checksum covers the payload only; a reserved byte that is not zero is damage too.
    void reservedByteMustBeZero_data() { everyFlippedByteIsAnError_data(); }
    void reservedByteMustBeZero()
    {
        QFETCH(QString, kind);
        Bytes chunk = smallChunk(kind).first;
        const Decoder decode = smallChunk(kind).second;
        QCOMPARE(chunk[3], std::uint8_t(0));
        chunk[3] = 0x01;
        QCOMPARE(outcome(decode(chunk)), static_cast<int>(ErrorCode::Corrupt));
    }

    // With the checksum made to match, the payload decoder itself meets the damage: it must
    // answer Ok or Corrupt, never crash or read out of bounds.
    void damagedPayloadBehindAValidChecksum_data() { everyFlippedByteIsAnError_data(); }
    void damagedPayloadBehindAValidChecksum()
    {
        QFETCH(QString, kind);
        const auto [chunk, decode] = smallChunk(kind);
        for (size_t i = kFrameHeaderSize; i < chunk.size(); ++i) {
            for (std::uint8_t mask : {0x01, 0x40, 0x80, 0xFF}) {
                Bytes damaged = chunk;
                damaged[i] ^= mask;
                fixCrc(damaged);
                const int got = outcome(decode(damaged));
                QVERIFY2(
                    got == kOk || got == static_cast<int>(ErrorCode::Corrupt),
                    qPrintable(QString("byte %1 ^ 0x%2: got %3").arg(i).arg(mask, 0, 16).arg(got)));
            }
        }
    }

    void everyTruncationIsCorrupt_data() { everyFlippedByteIsAnError_data(); }
    void everyTruncationIsCorrupt()
    {
        QFETCH(QString, kind);
        const auto [chunk, decode] = smallChunk(kind);
        for (size_t n = 0; n < chunk.size(); ++n) {
            QVERIFY2(outcome(decode(std::span(chunk).first(n))) ==
                         static_cast<int>(ErrorCode::Corrupt),
                     qPrintable(QString("first %1 bytes").arg(n)));
        }
    }

    void badCountsMagicAndLengths_data() { everyFlippedByteIsAnError_data(); }
    void badCountsMagicAndLengths()
    {
        QFETCH(QString, kind);
        const auto [chunk, decode] = smallChunk(kind);
        const int corrupt = static_cast<int>(ErrorCode::Corrupt);
        const std::uint32_t count = getU32(chunk, 4);
        const auto payload = static_cast<std::uint32_t>(chunk.size() - kFrameHeaderSize);
        for (std::uint32_t c : {count - 1, count + 1, 0u, payload + 1, 0xFFFFFFFFu}) {
            Bytes b = chunk;
            putU32(b, 4, c);
            QVERIFY2(outcome(decode(b)) == corrupt, qPrintable(QString("count %1").arg(c)));
        }
        Bytes b = chunk;
        b[0] = 'Y';
        QCOMPARE(outcome(decode(b)), corrupt);
        b = chunk;
        b[1] = kind.startsWith("tuple") ? 'C' : 'T'; // the other kind's magic
        QCOMPARE(outcome(decode(b)), corrupt);
        b = chunk;
        putU32(b, 8, payload + 1);
        QCOMPARE(outcome(decode(b)), corrupt);
        b = chunk;
        b.push_back(0); // one byte more than the header says
        QCOMPARE(outcome(decode(b)), corrupt);
        putU32(b, 8, payload + 1);
        QCOMPARE(outcome(decode(b)), corrupt); // length fits, checksum does not
        fixCrc(b);
        QCOMPARE(outcome(decode(b)), corrupt); // a valid frame with a byte after the last item
    }

    void unknownVersionIsNewerFormat_data() { everyFlippedByteIsAnError_data(); }
    void unknownVersionIsNewerFormat()
    {
        QFETCH(QString, kind);
        const auto [chunk, decode] = smallChunk(kind);
        QVERIFY(chunk[2] >= 1);
        for (std::uint8_t version : {100, 255}) {
            Bytes b = chunk;
            b[2] = version;
            QCOMPARE(outcome(decode(b)), static_cast<int>(ErrorCode::NewerFormat));
        }
    }
};

QTEST_APPLESS_MAIN(TestChunkDamage)
#include "tst_chunkdamage.moc"
