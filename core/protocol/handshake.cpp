#include "core/protocol/handshake.h"

#include "core/protocol/wire.h"

#include <vector>

namespace xylem::protocol {

template <class V, DescribedAs<ChallengeMessage> M> void fields(V& v, M& m)
{
    v("nonce", m.nonce);
    v("proof", m.proof);
}

template <class V, DescribedAs<ProofMessage> M> void fields(V& v, M& m)
{
    v("proof", m.proof);
}

std::vector<std::uint8_t> encode(const ChallengeMessage& m)
{
    return encodeFields(m);
}

std::vector<std::uint8_t> encode(const ProofMessage& m)
{
    return encodeFields(m);
}

Result<ChallengeMessage> decodeChallenge(std::span<const std::uint8_t> payload,
                                         std::string_view what)
{
    return decodeFields<ChallengeMessage>(payload, what);
}

Result<ProofMessage> decodeProof(std::span<const std::uint8_t> payload, std::string_view what)
{
    return decodeFields<ProofMessage>(payload, what);
}

namespace {

// role | first nonce | second nonce | who: the role and the nonces have fixed lengths, so the
// concatenation is unambiguous.
Mac proofOf(const Mac& key, std::string_view role, const Nonce& first, const Nonce& second,
            std::string_view who)
{
    std::vector<std::uint8_t> data(role.begin(), role.end());
    data.insert(data.end(), first.begin(), first.end());
    data.insert(data.end(), second.begin(), second.end());
    data.insert(data.end(), who.begin(), who.end());
    return hmacSha256(key, data);
}

} // namespace

Mac serverProof(const Mac& key, const Nonce& clientNonce, const Nonce& serverNonce,
                std::string_view who)
{
    return proofOf(key, "server", clientNonce, serverNonce, who);
}

Mac clientProof(const Mac& key, const Nonce& serverNonce, const Nonce& clientNonce,
                std::string_view who)
{
    return proofOf(key, "client", serverNonce, clientNonce, who);
}

ClientHandshake::ClientHandshake(const Mac& key, const Nonce& nonce, std::string who)
    : m_key(key)
    , m_nonce(nonce)
    , m_who(std::move(who))
{
}

Result<ClientHandshake> ClientHandshake::begin(std::string_view token, std::string_view purpose,
                                               std::string who)
{
    XYLEM_TRY(nonce, randomNonce());
    return ClientHandshake(deriveKey(token, purpose), nonce.value(), std::move(who));
}

bool ClientHandshake::serverKnowsToken(const Nonce& serverNonce, const Mac& proof) const
{
    return macEqual(serverProof(m_key, m_nonce, serverNonce, m_who), proof);
}

Mac ClientHandshake::proof(const Nonce& serverNonce) const
{
    return clientProof(m_key, serverNonce, m_nonce, m_who);
}

ServerHandshake::ServerHandshake(const Mac& key, const Nonce& clientNonce, const Nonce& nonce,
                                 std::string who)
    : m_key(key)
    , m_clientNonce(clientNonce)
    , m_nonce(nonce)
    , m_who(std::move(who))
    , m_proof(serverProof(m_key, m_clientNonce, m_nonce, m_who))
{
}

Result<ServerHandshake> ServerHandshake::begin(std::string_view token, std::string_view purpose,
                                               const Nonce& clientNonce, std::string who)
{
    XYLEM_TRY(nonce, randomNonce());
    return ServerHandshake(deriveKey(token, purpose), clientNonce, nonce.value(), std::move(who));
}

bool ServerHandshake::clientKnowsToken(const Mac& clientProofSeen) const
{
    return macEqual(clientProof(m_key, m_nonce, m_clientNonce, m_who), clientProofSeen);
}

} // namespace xylem::protocol
