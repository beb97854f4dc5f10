// FrameDecoder and encodeFrame: the 16-byte header on the wire, frames that survive any split
// of the byte stream, errors that name the problem and are final, and a seeded fuzz run.

#include "core/protocol/frame.h"
#include "core/protocol/messagetype.h"

#include <QtTest>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

using namespace xylem;
using namespace xylem::protocol;

namespace {

using Bytes = std::vector<std::uint8_t>;

struct Decoded
{
    std::vector<Frame> frames;
    bool failed = false;
    bool stateAgrees = true; // failed() says what feed() said
    std::string error;
};

bool sameFrames(const std::vector<Frame>& a, const std::vector<Frame>& b)
{
    if (a.size() != b.size()) {
        return false;
    }
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].type != b[i].type || a[i].stream != b[i].stream || a[i].payload != b[i].payload) {
            return false;
        }
    }
    return true;
}

// Feeds bytes in pieces of the given sizes (the rest in one piece), stopping at the first error.
Decoded decode(const Bytes& bytes, const std::vector<size_t>& pieces = {})
{
    FrameDecoder decoder;
    Decoded d;
    size_t at = 0;
    for (size_t k = 0; at < bytes.size() || k == 0; ++k) {
        const size_t n =
            k < pieces.size() ? std::min(pieces[k], bytes.size() - at) : bytes.size() - at;
        const auto result = decoder.feed(std::span(bytes).subspan(at, n), d.frames);
        at += n;
        if (!result) {
            d.failed = true;
            d.error = result.error().describe();
            break;
        }
    }
    d.stateAgrees = decoder.failed() == d.failed;
    return d;
}

std::vector<size_t> randomPieces(std::mt19937& rng, size_t total)
{
    std::vector<size_t> pieces;
    std::uniform_int_distribution<size_t> size(0, 40);
    for (size_t sum = 0; sum < total;) {
        pieces.push_back(size(rng));
        sum += pieces.back();
    }
    return pieces;
}

const std::vector<MessageType> kAllTypes{
    MessageType::Error,         MessageType::RegisterRing, MessageType::ListRings,
    MessageType::RingList,      MessageType::SetPolicy,    MessageType::ReadTuples,
    MessageType::TupleBatch,    MessageType::ReadSamples,  MessageType::SampleBatch,
    MessageType::InstallFilter, MessageType::PollFilter,   MessageType::FilterResult,
    MessageType::RemoveFilter,  MessageType::Ack,          MessageType::Hello,
    MessageType::Welcome};

// One frame of every type with payloads of different sizes (empty included) and streams.
std::vector<Frame> sampleFrames()
{
    std::vector<Frame> frames;
    std::uint32_t stream = 0;
    for (MessageType type : kAllTypes) {
        Bytes payload(static_cast<size_t>(stream) * 37 % 300);
        for (size_t i = 0; i < payload.size(); ++i) {
            payload[i] = static_cast<std::uint8_t>(i * 31 + stream);
        }
        frames.push_back(Frame{type, stream == 3 ? 0xFFFFFFFFu : stream, payload});
        ++stream;
    }
    return frames;
}

Bytes streamOf(const std::vector<Frame>& frames)
{
    Bytes bytes;
    for (const Frame& f : frames) {
        const Bytes one = encodeFrame(f.type, f.stream, f.payload);
        bytes.insert(bytes.end(), one.begin(), one.end());
    }
    return bytes;
}

Bytes header(std::uint32_t magic, std::uint16_t version, std::uint16_t type, std::uint32_t length)
{
    Bytes h;
    for (int i = 0; i < 4; ++i) {
        h.push_back(static_cast<std::uint8_t>(magic >> (8 * i)));
    }
    h.push_back(static_cast<std::uint8_t>(version));
    h.push_back(static_cast<std::uint8_t>(version >> 8));
    h.push_back(static_cast<std::uint8_t>(type));
    h.push_back(static_cast<std::uint8_t>(type >> 8));
    h.insert(h.end(), {0, 0, 0, 0});
    for (int i = 0; i < 4; ++i) {
        h.push_back(static_cast<std::uint8_t>(length >> (8 * i)));
    }
    return h;
}

constexpr std::uint32_t kMagic = 0x31575958; // "XYW1" read little-endian

} // namespace

class TestFrame : public QObject
{
    Q_OBJECT

private slots:
    void headerLayout();
    void roundTripsEveryType();
    void byteByByteGivesTheSameFrames();
    void randomSplitsGiveTheSameFrames();
    void waitsForAnIncompleteFrame();
    void acceptsTheLargestPayloadHeader();
    void aLowerLimitIsCheckedOnTheHeader();
    void errorsNameTheProblemAndAreFinal_data();
    void errorsNameTheProblemAndAreFinal();
    void framesBeforeABadOneAreDelivered();
    void fuzzNeverCrashes();
};

void TestFrame::headerLayout()
{
    const Bytes bytes = encodeFrame(MessageType::RegisterRing, 0x01020304, Bytes{0xAA, 0xBB});
    const Bytes expected{'X', 'Y', 'W', '1', 2, 0, 10, 0, 4, 3, 2, 1, 2, 0, 0, 0, 0xAA, 0xBB};
    QCOMPARE(bytes, expected);
    QCOMPARE(kFrameHeaderBytes, size_t(16));
}

void TestFrame::roundTripsEveryType()
{
    const std::vector<Frame> frames = sampleFrames();
    for (const Frame& f : frames) {
        const Decoded d = decode(encodeFrame(f.type, f.stream, f.payload));
        QVERIFY2(!d.failed, d.error.c_str());
        QVERIFY2(sameFrames(d.frames, {f}), std::string(toString(f.type)).c_str());
    }
    const Decoded all = decode(streamOf(frames));
    QVERIFY2(!all.failed, all.error.c_str());
    QVERIFY(sameFrames(all.frames, frames));
}

void TestFrame::byteByByteGivesTheSameFrames()
{
    const std::vector<Frame> frames = sampleFrames();
    const Bytes bytes = streamOf(frames);
    const Decoded d = decode(bytes, std::vector<size_t>(bytes.size(), 1));
    QVERIFY2(!d.failed, d.error.c_str());
    QVERIFY(sameFrames(d.frames, frames));
}

void TestFrame::randomSplitsGiveTheSameFrames()
{
    const std::vector<Frame> frames = sampleFrames();
    const Bytes bytes = streamOf(frames);
    std::mt19937 rng(20240611);
    for (int round = 0; round < 300; ++round) {
        const Decoded d = decode(bytes, randomPieces(rng, bytes.size()));
        QVERIFY2(!d.failed, d.error.c_str());
        QVERIFY2(sameFrames(d.frames, frames), qPrintable(QStringLiteral("round %1").arg(round)));
    }
}

void TestFrame::waitsForAnIncompleteFrame()
{
    const Bytes bytes = encodeFrame(MessageType::Ack, 5, Bytes(100, 7));
    FrameDecoder decoder;
    std::vector<Frame> out;
    QVERIFY(decoder.feed(std::span(bytes).first(bytes.size() - 1), out).ok());
    QVERIFY(out.empty());
    QCOMPARE(decoder.buffered(), bytes.size() - 1);
    QVERIFY(decoder.feed(std::span(bytes).last(1), out).ok());
    QCOMPARE(out.size(), size_t(1));
    QCOMPARE(out[0].payload, Bytes(100, 7));
    QCOMPARE(decoder.buffered(), size_t(0));
}

void TestFrame::acceptsTheLargestPayloadHeader()
{
    FrameDecoder decoder;
    std::vector<Frame> out;
    const auto result = decoder.feed(header(kMagic, kWireVersion, 22, kMaxPayloadBytes), out);
    QVERIFY2(result.ok(), result ? "" : result.error().describe().c_str());
    QVERIFY(!decoder.failed());
    QVERIFY(out.empty());
}

// A connection that has not shown its token accepts a hello and no more: a frame announcing
// more is refused on its 16-byte header, before any of its payload is waited for or kept.
void TestFrame::aLowerLimitIsCheckedOnTheHeader()
{
    FrameDecoder decoder;
    decoder.setMaxPayload(kMaxHelloPayloadBytes);
    std::vector<Frame> out;
    const Bytes atLimit = encodeFrame(MessageType::Ack, 0, Bytes(kMaxHelloPayloadBytes, 1));
    QVERIFY(decoder.feed(atLimit, out).ok());
    QCOMPARE(out.size(), size_t(1));
    const auto refused = decoder.feed(header(kMagic, kWireVersion, 22, 40u << 20), out);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("41943040 bytes exceeds the limit of 4096") !=
                 std::string::npos,
             refused.error().describe().c_str());
    QCOMPARE(decoder.buffered(), size_t(0));
    FrameDecoder raised;
    raised.setMaxPayload(0xFFFFFFFF); // never above the protocol's own bound
    QCOMPARE(raised.maxPayload(), kMaxPayloadBytes);
}

void TestFrame::errorsNameTheProblemAndAreFinal_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("mentions");
    const auto raw = [](const Bytes& b) {
        return QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size()));
    };
    QTest::newRow("bad magic") << raw(header(0x31575959, kWireVersion, 22, 0)) << "magic";
    QTest::newRow("HTTP") << QByteArray("GET / HTTP/1.1\r\n\r\n") << "magic";
    // A peer of wire version 1 (before fields were described once) is refused, named with ours.
    QTest::newRow("version 1") << raw(header(kMagic, 1, 22, 0)) << "wire version 1, this side speaks 2";
    QTest::newRow("version 3") << raw(header(kMagic, 3, 22, 0)) << "version 3";
    QTest::newRow("version 0") << raw(header(kMagic, 0, 22, 0)) << "version 0";
    QTest::newRow("type 0") << raw(header(kMagic, kWireVersion, 0, 0)) << "type 0";
    QTest::newRow("type 2") << raw(header(kMagic, kWireVersion, 2, 0)) << "type 2";
    QTest::newRow("type 25") << raw(header(kMagic, kWireVersion, 25, 0)) << "type 25";
    QTest::newRow("type 65535") << raw(header(kMagic, kWireVersion, 0xFFFF, 0)) << "type 65535";
    QTest::newRow("length max+1") << raw(header(kMagic, kWireVersion, 22, kMaxPayloadBytes + 1))
                                  << QString::number(kMaxPayloadBytes + 1);
    QTest::newRow("length 4 GiB") << raw(header(kMagic, kWireVersion, 22, 0xFFFFFFFF)) << "4294967295";
}

void TestFrame::errorsNameTheProblemAndAreFinal()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, mentions);
    FrameDecoder decoder;
    std::vector<Frame> out;
    const auto first =
        decoder.feed(std::span(reinterpret_cast<const std::uint8_t*>(bytes.constData()),
                               static_cast<size_t>(bytes.size())),
                     out);
    QVERIFY(!first.ok());
    const QString message = QString::fromStdString(first.error().describe());
    QVERIFY2(message.contains(mentions), qPrintable(message));
    QCOMPARE(static_cast<int>(first.error().code), static_cast<int>(ErrorCode::MalformedInput));
    QVERIFY(decoder.failed());
    QVERIFY(out.empty());
    // A valid frame afterwards is refused too: the stream cannot be resynchronised.
    const auto later = decoder.feed(encodeFrame(MessageType::Ack, 0, {}), out);
    QVERIFY(!later.ok());
    QVERIFY(decoder.failed());
    QVERIFY(out.empty());
}

void TestFrame::framesBeforeABadOneAreDelivered()
{
    Bytes bytes = encodeFrame(MessageType::Hello, 1, Bytes{1, 2, 3});
    const Bytes bad = header(kMagic, kWireVersion, 999, 0);
    bytes.insert(bytes.end(), bad.begin(), bad.end());
    const Decoded d = decode(bytes);
    QVERIFY(d.failed);
    QVERIFY2(QString::fromStdString(d.error).contains("999"), d.error.c_str());
    QCOMPARE(d.frames.size(), size_t(1));
    QCOMPARE(QString::fromUtf8(toString(d.frames[0].type)), QStringLiteral("Hello"));
}

// Random bytes and mutated valid streams: no crash, every frame has a known type, and the
// outcome does not depend on how the bytes were split.
void TestFrame::fuzzNeverCrashes()
{
    std::mt19937 rng(424242);
    std::uniform_int_distribution<int> byte(0, 255);
    const Bytes valid = streamOf(sampleFrames());
    int decodedFrames = 0;
    for (int round = 0; round < 4000; ++round) {
        Bytes input;
        if (round < 2000) {
            input.resize(std::uniform_int_distribution<size_t>(0, 200)(rng));
            for (auto& b : input) {
                b = static_cast<std::uint8_t>(byte(rng));
            }
        } else {
            input = valid;
            const int mutations = std::uniform_int_distribution<int>(1, 4)(rng);
            for (int m = 0; m < mutations; ++m) {
                input[std::uniform_int_distribution<size_t>(0, input.size() - 1)(rng)] =
                    static_cast<std::uint8_t>(byte(rng));
            }
            input.resize(
                std::uniform_int_distribution<size_t>(input.size() / 2, input.size())(rng));
        }
        const Decoded whole = decode(input);
        const Decoded split = decode(input, randomPieces(rng, input.size()));
        const QByteArray where = QStringLiteral("round %1").arg(round).toUtf8();
        QVERIFY2(whole.failed == split.failed, where.constData());
        QVERIFY2(whole.stateAgrees && split.stateAgrees, where.constData());
        QVERIFY2(sameFrames(whole.frames, split.frames), where.constData());
        for (const Frame& f : whole.frames) {
            QVERIFY2(isKnownMessageType(static_cast<std::uint16_t>(f.type)), where.constData());
            QVERIFY2(f.payload.size() <= kMaxPayloadBytes, where.constData());
        }
        decodedFrames += static_cast<int>(whole.frames.size());
    }
    QVERIFY2(decodedFrames > 100, "the mutated streams should still carry many valid frames");
}

QTEST_APPLESS_MAIN(TestFrame)
#include "tst_frame.moc"
