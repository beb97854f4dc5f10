// core/protocol/hmac.h: HMAC-SHA256 gives RFC 4231's values (keys shorter and longer than a
// block, and an empty key), nonces differ from call to call, macEqual is false for any
// difference including length, and a key derived for one purpose differs from another's.

#include "core/protocol/hmac.h"

#include <QtTest>

#include <set>
#include <string>
#include <vector>

using namespace xylem;
using namespace xylem::protocol;

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes bytesOf(const std::string& text)
{
    return Bytes(text.begin(), text.end());
}

std::string hex(const Mac& mac)
{
    static const char* const kDigits = "0123456789abcdef";
    std::string text;
    for (const std::uint8_t b : mac) {
        text += kDigits[b >> 4];
        text += kDigits[b & 15];
    }
    return text;
}

} // namespace

class TestHmac : public QObject
{
    Q_OBJECT

private slots:
    void rfc4231_data();
    void rfc4231();
    void noncesAreFresh();
    void macEqualSeesEveryDifference();
    void keysDifferByPurposeAndToken();
};

void TestHmac::rfc4231_data()
{
    QTest::addColumn<Bytes>("key");
    QTest::addColumn<Bytes>("data");
    QTest::addColumn<QString>("expected");
    QTest::newRow("case 1") << Bytes(20, 0x0b) << bytesOf("Hi There")
                            << "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7";
    QTest::newRow("case 2") << bytesOf("Jefe") << bytesOf("what do ya want for nothing?")
                            << "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
    QTest::newRow("case 3") << Bytes(20, 0xaa) << Bytes(50, 0xdd)
                            << "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe";
    Bytes counting;
    for (std::uint8_t i = 1; i <= 25; ++i) {
        counting.push_back(i);
    }
    QTest::newRow("case 4") << counting << Bytes(50, 0xcd)
                            << "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b";
    QTest::newRow("case 6: key longer than a block")
        << Bytes(131, 0xaa) << bytesOf("Test Using Larger Than Block-Size Key - Hash Key First")
        << "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54";
    QTest::newRow("case 7: key and data longer than a block")
        << Bytes(131, 0xaa)
        << bytesOf("This is a test using a larger than block-size key and a larger than "
                   "block-size data. The key needs to be hashed before being used by the HMAC "
                   "algorithm.")
        << "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2";
    QTest::newRow("empty key and data") // Python's hmac module gives the same
        << Bytes{} << Bytes{} << "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad";
}

void TestHmac::rfc4231()
{
    QFETCH(Bytes, key);
    QFETCH(Bytes, data);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(hex(hmacSha256(key, data))), expected);
}

void TestHmac::noncesAreFresh()
{
    std::set<Nonce> seen;
    for (int i = 0; i < 1000; ++i) {
        const auto nonce = randomNonce();
        QVERIFY(nonce);
        QVERIFY(seen.insert(nonce.value()).second);
    }
}

void TestHmac::macEqualSeesEveryDifference()
{
    const Mac mac = hmacSha256(bytesOf("key"), bytesOf("data"));
    QVERIFY(macEqual(mac, hmacSha256(bytesOf("key"), bytesOf("data"))));
    for (size_t i = 0; i < mac.size(); ++i) {
        Mac other = mac;
        other[i] ^= 1;
        QVERIFY(!macEqual(mac, other));
    }
    QVERIFY(!macEqual(mac, std::span<const std::uint8_t>(mac.data(), 31))); // truncated
    QVERIFY(!macEqual(mac, Bytes{}));
    QVERIFY(macEqual(Bytes{}, Bytes{}));
}

void TestHmac::keysDifferByPurposeAndToken()
{
    QVERIFY(deriveKey("3f9c", "tree") != deriveKey("3f9c", "gsum"));
    QVERIFY(deriveKey("3f9c", "tree") != deriveKey("3f9d", "tree"));
    QCOMPARE(deriveKey("3f9c", "tree"), deriveKey("3f9c", "tree"));
    // What it is, so that another implementation can agree with it.
    QCOMPARE(deriveKey("3f9c", "tree"), hmacSha256(bytesOf("3f9c"), bytesOf("xylem/2 key tree")));
}

QTEST_GUILESS_MAIN(TestHmac)
#include "tst_hmac.moc"
