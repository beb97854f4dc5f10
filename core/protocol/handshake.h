#pragma once

// How two ends of a gather-tree edge or a gsum path show each other that they hold the same
// token without sending it (issue 19): a mutual HMAC-SHA256 challenge-response.
//
//   client -> server  hello      {what it claims to be (who), clientNonce}
//   server -> client  challenge  {serverNonce,
//                                 HMAC(key, "server" | clientNonce | serverNonce | who)}
//   client -> server  proof      {HMAC(key, "client" | serverNonce | clientNonce | who)}
//
// The client checks the server's proof before it proves anything, so a server without the token
// learns nothing it could replay; the role labels keep one side's proof from passing as the
// other's (reflection), fresh nonces on both sides keep an old proof from passing again (replay),
// `who` binds the proofs to what the hello claimed, and the key is derived per purpose ("tree",
// "gsum"), so that a proof made for one is worth nothing for the other. The hellos are encoded
// beside their connection's other messages (treemessages.h, allreducemessages.h: what they
// claim differs); the challenge and the proof are the same for both and encoded here.

#include "core/model/result.h"
#include "core/protocol/hmac.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xylem::protocol {

struct ChallengeMessage
{
    Nonce nonce = {}; // the server's challenge to the client
    Mac proof = {};   // the server's answer to the client's
};

struct ProofMessage
{
    Mac proof = {}; // the client's answer to the server's challenge
};

std::vector<std::uint8_t> encode(const ChallengeMessage& m);
std::vector<std::uint8_t> encode(const ProofMessage& m);
// `what` names the message in errors ("TreeChallenge", "PathProof").
Result<ChallengeMessage> decodeChallenge(std::span<const std::uint8_t> payload,
                                         std::string_view what);
Result<ProofMessage> decodeProof(std::span<const std::uint8_t> payload, std::string_view what);

// The two proofs, in one place for both sides and both purposes.
Mac serverProof(const Mac& key, const Nonce& clientNonce, const Nonce& serverNonce,
                std::string_view who);
Mac clientProof(const Mac& key, const Nonce& serverNonce, const Nonce& clientNonce,
                std::string_view who);

// The side that dialled.
class ClientHandshake
{
public:
    // Draws the client's nonce; an error when the system has no random bytes.
    static Result<ClientHandshake> begin(std::string_view token, std::string_view purpose,
                                         std::string who);

    const Nonce& nonce() const { return m_nonce; }
    // Whether the challenge's proof was made with the token (false: the caller refuses the
    // server, naming it, and sends no proof of its own).
    bool serverKnowsToken(const Nonce& serverNonce, const Mac& proof) const;
    // The client's answer to the challenge; only once serverKnowsToken held.
    Mac proof(const Nonce& serverNonce) const;

private:
    ClientHandshake(const Mac& key, const Nonce& nonce, std::string who);

    Mac m_key;
    Nonce m_nonce;
    std::string m_who;
};

// The side that accepted: made from the client's hello.
class ServerHandshake
{
public:
    // Draws the server's nonce and makes its proof; an error when the system has no random bytes.
    static Result<ServerHandshake> begin(std::string_view token, std::string_view purpose,
                                         const Nonce& clientNonce, std::string who);

    const Nonce& nonce() const { return m_nonce; }
    const Mac& proof() const { return m_proof; }
    bool clientKnowsToken(const Mac& clientProofSeen) const;

private:
    ServerHandshake(const Mac& key, const Nonce& clientNonce, const Nonce& nonce, std::string who);

    Mac m_key;
    Nonce m_clientNonce;
    Nonce m_nonce;
    std::string m_who;
    Mac m_proof;
};

} // namespace xylem::protocol
