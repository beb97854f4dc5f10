// Inputs that fuzz_chunks (tests/fuzz) found breaking a chunk codec, kept with what the codec
// must now say. Under the asan preset (UBSan, no recovery) the old code aborts on them; in every
// build the chunk must be refused as Corrupt, naming the event, and its neighbour that is
// whole must still decode. The same inputs are in tests/fuzz/corpus/chunks/finding-*.

#include "core/store/chunkframe.h"
#include "core/store/mpicodec.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace xylem;

namespace {

using Bytes = std::vector<std::uint8_t>;

// The payload in a frame whose header and CRC are right, as a stored MPI event chunk.
Bytes mpiChunk(const Bytes& payload, std::uint32_t count)
{
    Bytes out;
    store::beginFrame(out, payload.size());
    out.insert(out.end(), payload.begin(), payload.end());
    store::endFrame(out, store::FrameKind{'X', 'M', 1, "MPI event chunk"}, count);
    return out;
}

// One event: rank, enter, seq, duration, bytes, communicator 0, then partner + 1 (zig-zag)
// as the 10-byte varint given, tag 0 and call code 2.
Bytes eventWithPartner(const Bytes& partnerVarint)
{
    Bytes e{0, 0, 0, 0, 0, 0};
    e.insert(e.end(), partnerVarint.begin(), partnerVarint.end());
    e.push_back(0);
    e.push_back(2);
    return e;
}

} // namespace

class TestFuzzFindings : public QObject
{
    Q_OBJECT

private slots:
    // fuzz_chunks, 27 Nov 2026: a partner of 2^64 - 1 (zig-zag: INT64_MIN) made the decoder
    // compute INT64_MIN - 1 (signed overflow) before checking the range (mpicodec.cpp).
    void mpiPartnerAtInt64MinIsCorrupt()
    {
        const Bytes huge{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01};
        std::vector<MpiEvent> out;
        const auto r = store::decodeMpiEventChunk(mpiChunk(eventWithPartner(huge), 1), out);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Corrupt);
        QVERIFY2(r.error().message.find("bad event 0") != std::string::npos,
                 r.error().message.c_str());

        // The neighbours in range: partner + 1 = 0 is "no partner" (-1).
        out.clear();
        QVERIFY(store::decodeMpiEventChunk(mpiChunk(eventWithPartner({0x00}), 1), out));
        QCOMPARE(out.size(), size_t(1));
        QCOMPARE(out[0].partner, -1);
    }

    // The fuzzer's own input (minimised): nine events, the second with that partner.
    void mpiFuzzerInputIsCorrupt()
    {
        const Bytes payload{
            0x00, 0x80, 0x80, 0xd0, 0xe2, 0xc6, 0xbf, 0xce, 0x97, 0x27, 0xdf, 0xa0, 0x1f, 0x80,
            0x01, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x02, 0xc8, 0x01, 0x00, 0xb4, 0x1f, 0x80,
            0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 0xc8, 0x01, 0x00,
            0x1f, 0x80, 0x01, 0x00, 0x02, 0x00, 0x01, 0x09, 0x00, 0x00, 0x00, 0x00, 0x02, 0xc8,
            0x00, 0x02, 0x00, 0x01, 0x09, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0xff, 0x01, 0xc8, 0x01, 0x00, 0xc8, 0x00, 0x01, 0x09, 0x00, 0x00};
        std::vector<MpiEvent> out;
        const auto r = store::decodeMpiEventChunk(mpiChunk(payload, 9), out);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Corrupt);
    }
};

QTEST_GUILESS_MAIN(TestFuzzFindings)
#include "tst_fuzzfindings.moc"
