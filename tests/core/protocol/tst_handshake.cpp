// core/protocol/handshake.h: the challenge-response both connections use. Two ends with the
// same token and purpose accept each other; a wrong token fails on either side (a server without
// it is caught by the client before the client proves anything); a proof seen on one exchange is
// worth nothing on another (replay), for another claim, for the other purpose, or in the other
// role (reflection).

#include "core/protocol/handshake.h"

#include <QtTest>

using namespace xylem;
using namespace xylem::protocol;

namespace {

struct Exchange
{
    ClientHandshake client;
    ServerHandshake server;
};

// A client with clientToken says its hello claiming `who`; a server with serverToken answers.
Exchange exchange(std::string_view clientToken, std::string_view serverToken,
                  std::string_view purpose = "tree", const std::string& who = "node 3")
{
    auto client = ClientHandshake::begin(clientToken, purpose, who).value();
    auto server = ServerHandshake::begin(serverToken, purpose, client.nonce(), who).value();
    return Exchange{client, server};
}

} // namespace

class TestHandshake : public QObject
{
    Q_OBJECT

private slots:
    void theRightTokenPassesBothWays()
    {
        for (const char* purpose : {"tree", "gsum"}) {
            const auto [client, server] = exchange("3f9c0a", "3f9c0a", purpose);
            QVERIFY(client.serverKnowsToken(server.nonce(), server.proof()));
            QVERIFY(server.clientKnowsToken(client.proof(server.nonce())));
        }
    }

    void aClientWithTheWrongTokenIsRefused()
    {
        const auto [client, server] = exchange("not-the-token", "3f9c0a");
        QVERIFY(!server.clientKnowsToken(client.proof(server.nonce())));
        // It cannot even pretend the server is right: the server's proof fails for it too.
        QVERIFY(!client.serverKnowsToken(server.nonce(), server.proof()));
    }

    void aServerWithTheWrongTokenIsRefused()
    {
        const auto [client, server] = exchange("3f9c0a", "not-the-token");
        QVERIFY(!client.serverKnowsToken(server.nonce(), server.proof()));
        QVERIFY(!client.serverKnowsToken(server.nonce(), Mac{})); // nor a proof of zeros
    }

    void aReplayedProofFails()
    {
        // An eavesdropper saw one whole exchange...
        const auto [client, server] = exchange("3f9c0a", "3f9c0a");
        const Mac seenClientProof = client.proof(server.nonce());
        // ...and replays the client's proof to the server, which draws a new nonce.
        auto again = ServerHandshake::begin("3f9c0a", "tree", client.nonce(), "node 3").value();
        QVERIFY(again.nonce() != server.nonce());
        QVERIFY(!again.clientKnowsToken(seenClientProof));
        // ...or replays the server's challenge to a client, whose nonce is new.
        auto fresh = ClientHandshake::begin("3f9c0a", "tree", "node 3").value();
        QVERIFY(fresh.nonce() != client.nonce());
        QVERIFY(!fresh.serverKnowsToken(server.nonce(), server.proof()));
    }

    void aProofIsBoundToTheClaim()
    {
        auto client = ClientHandshake::begin("3f9c0a", "tree", "node 3").value();
        auto server = ServerHandshake::begin("3f9c0a", "tree", client.nonce(), "node 4").value();
        QVERIFY(!client.serverKnowsToken(server.nonce(), server.proof()));
        QVERIFY(!server.clientKnowsToken(client.proof(server.nonce())));
    }

    void treeAndGsumKeysDiffer()
    {
        auto client = ClientHandshake::begin("3f9c0a", "gsum", "node 3").value();
        auto server = ServerHandshake::begin("3f9c0a", "tree", client.nonce(), "node 3").value();
        QVERIFY(!client.serverKnowsToken(server.nonce(), server.proof()));
        QVERIFY(!server.clientKnowsToken(client.proof(server.nonce())));
        const Mac key = deriveKey("3f9c0a", "tree");
        const Nonce a = randomNonce().value();
        const Nonce b = randomNonce().value();
        QVERIFY(serverProof(key, a, b, "x") != serverProof(deriveKey("3f9c0a", "gsum"), a, b, "x"));
    }

    void theRolesCannotBeSwapped()
    {
        // Reflection: a server that hands the client's own nonce back, or the same bytes in the
        // other role, gets nothing that passes.
        const Mac key = deriveKey("3f9c0a", "tree");
        const Nonce a = randomNonce().value();
        const Nonce b = randomNonce().value();
        QVERIFY(serverProof(key, a, b, "node 3") != clientProof(key, b, a, "node 3"));
        QVERIFY(serverProof(key, a, b, "node 3") != clientProof(key, a, b, "node 3"));
        auto client = ClientHandshake::begin("3f9c0a", "tree", "node 3").value();
        // The client's own proof for nonce b, shown to it as the server's proof for b.
        QVERIFY(!client.serverKnowsToken(b, client.proof(b)));
        auto server = ServerHandshake::begin("3f9c0a", "tree", client.nonce(), "node 3").value();
        QVERIFY(!server.clientKnowsToken(server.proof())); // its own proof, reflected
    }

    void proofsAreWhatTheHeaderSays()
    {
        // So that another implementation can agree with it.
        const Mac key = deriveKey("3f9c0a", "gsum");
        Nonce c{};
        Nonce s{};
        c.fill(1);
        s.fill(2);
        std::vector<std::uint8_t> data{'s', 'e', 'r', 'v', 'e', 'r'};
        data.insert(data.end(), c.begin(), c.end());
        data.insert(data.end(), s.begin(), s.end());
        data.insert(data.end(), {'w', 'h', 'o'});
        QCOMPARE(serverProof(key, c, s, "who"), hmacSha256(key, data));
        std::vector<std::uint8_t> client{'c', 'l', 'i', 'e', 'n', 't'};
        client.insert(client.end(), s.begin(), s.end());
        client.insert(client.end(), c.begin(), c.end());
        client.insert(client.end(), {'w', 'h', 'o'});
        QCOMPARE(clientProof(key, s, c, "who"), hmacSha256(key, client));
    }
};

QTEST_GUILESS_MAIN(TestHandshake)
#include "tst_handshake.moc"
