#include "core/analysis/latereceiver.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

namespace xylem {

namespace {

using Index = std::size_t;

void sortBySeq(const MpiTrace& trace, std::vector<Index>& v)
{
    std::sort(v.begin(), v.end(), [&](Index a, Index b) {
        return std::tie(trace.events[a].seq, a) < std::tie(trace.events[b].seq, b);
    });
}

bool isSendCompletion(const MpiEvent& e)
{
    return mpiCallClass(e.call) == MpiCallClass::Completion && e.completes == MpiCompletion::Send;
}

// Isend/Issend -> the completion event that finished it: per (rank, communicator, destination,
// tag), the k-th completion in the rank's order finishes the k-th send (the receiver matches
// that key's messages in order, so they complete in order too).
std::unordered_map<Index, Index> sendCompletions(const MpiTrace& trace)
{
    using Key = std::tuple<std::int32_t, std::int32_t, std::int32_t, std::int32_t>;
    std::map<Key, std::pair<std::vector<Index>, std::vector<Index>>> keys;
    for (Index i = 0; i < trace.events.size(); ++i) {
        const MpiEvent& e = trace.events[i];
        const Key key{e.rank, e.communicator, e.partner, e.tag};
        if (e.call == MpiCall::Isend || e.call == MpiCall::Issend) {
            keys[key].first.push_back(i);
        } else if (isSendCompletion(e)) {
            keys[key].second.push_back(i);
        }
    }
    std::unordered_map<Index, Index> completion;
    for (auto& [key, ends] : keys) {
        sortBySeq(trace, ends.first);
        sortBySeq(trace, ends.second);
        for (size_t k = 0; k < std::min(ends.first.size(), ends.second.size()); ++k) {
            completion.emplace(ends.first[k], ends.second[k]);
        }
    }
    return completion;
}

// A receive completion -> the Irecv it finished: on its rank and communicator, the earliest
// Irecv not yet finished, made before it, whose source and tag (negative: any) admit it.
std::unordered_map<Index, Index> receivePosts(const MpiTrace& trace)
{
    std::map<std::pair<std::int32_t, std::int32_t>,
             std::pair<std::vector<Index>, std::vector<Index>>>
        byRank;
    for (Index i = 0; i < trace.events.size(); ++i) {
        const MpiEvent& e = trace.events[i];
        if (e.call == MpiCall::Irecv) {
            byRank[{e.rank, e.communicator}].first.push_back(i);
        } else if (mpiCallClass(e.call) == MpiCallClass::Completion &&
                   e.completes == MpiCompletion::Receive) {
            byRank[{e.rank, e.communicator}].second.push_back(i);
        }
    }
    std::unordered_map<Index, Index> post;
    for (auto& [key, lists] : byRank) {
        auto& [posts, completions] = lists;
        sortBySeq(trace, posts);
        sortBySeq(trace, completions);
        std::vector<bool> taken(posts.size(), false);
        size_t first = 0; // every post before it is taken
        for (Index c : completions) {
            const MpiEvent& done = trace.events[c];
            while (first < posts.size() && taken[first]) {
                ++first;
            }
            for (size_t p = first; p < posts.size(); ++p) {
                const MpiEvent& irecv = trace.events[posts[p]];
                if (irecv.seq > done.seq) {
                    break;
                }
                if (!taken[p] && (irecv.partner < 0 || irecv.partner == done.partner) &&
                    (irecv.tag < 0 || irecv.tag == done.tag)) {
                    taken[p] = true;
                    post.emplace(c, posts[p]);
                    break;
                }
            }
        }
    }
    return post;
}

} // namespace

void lateReceiverWaits(const MpiTrace& trace, const std::vector<MpiMessage>& messages,
                       std::vector<P2pWait>& out)
{
    const auto completions = sendCompletions(trace);
    const auto posts = receivePosts(trace);
    for (const MpiMessage& m : messages) {
        const MpiEvent& send = trace.events[m.send];
        Index blocking = m.send;
        if (send.call == MpiCall::Isend || send.call == MpiCall::Issend) {
            const auto c = completions.find(m.send);
            if (c == completions.end()) {
                continue; // never finished in the trace (freed, or cut short)
            }
            blocking = c->second;
        } else if (send.call == MpiCall::Bsend || send.call == MpiCall::Rsend) {
            continue; // buffered, or the receive was posted already: never waits for it
        }
        Index postEvent = m.receive;
        if (mpiCallClass(trace.events[m.receive].call) == MpiCallClass::Completion) {
            const auto p = posts.find(m.receive);
            if (p == posts.end()) {
                continue; // the Irecv is not in the trace
            }
            postEvent = p->second;
        }
        const std::int64_t post = trace.events[postEvent].enter;
        const MpiEvent& b = trace.events[blocking];
        const bool synchronous = send.call == MpiCall::Ssend || send.call == MpiCall::Issend;
        if (!synchronous && b.exit <= post) {
            continue; // a standard-mode send that returned before the receive: it did not block
        }
        out.push_back(
            P2pWait{WaitPattern::LateReceiver, blocking, postEvent, std::min(post, b.exit)});
    }
}

} // namespace xylem
