// GredWrapper and CoreWrapper in one process, driven by std::threads: the sums over many calls
// on a two-level tree; and, with the arrival order forced call by call, the two promises of
// gredwrapper.h: the last arrival is the one that continues down, and the blocked children are
// released in the order they arrived (first arrived, first released).
//
// How the release order is seen: the last arrival hands each waiter its own copy of the result
// (waiter.result = result), one after the other, in release order. This suite replaces the
// global operator new so that the releasing thread can log the buffers it allocates after the
// parent returned; each waiter then finds its result's buffer at its release position in that
// log. (A waiter's wake-up order is up to the scheduler, the order of the copies is not.)

#include "collectors/allreduce/corewrapper.h"
#include "collectors/allreduce/gredwrapper.h"
#include "collectors/allreduce/wrapper.h"
#include "tests/support/waituntil.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <new>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace xylem;
using namespace xylem::allreduce;

// ---- allocation log of the releasing thread (see the file comment) ----

namespace {

constexpr int kMaxLogged = 64;
thread_local bool t_logAllocations = false;
thread_local int t_loggedCount = 0;
thread_local std::array<void*, kMaxLogged> t_logged{};

void* allocate(std::size_t size)
{
    void* p = std::malloc(size == 0 ? 1 : size);
    if (!p) {
        throw std::bad_alloc();
    }
    if (t_logAllocations && t_loggedCount < kMaxLogged) {
        t_logged[static_cast<size_t>(t_loggedCount++)] = p;
    }
    return p;
}

} // namespace

void* operator new(std::size_t size)
{
    return allocate(size);
}
void* operator new[](std::size_t size)
{
    return allocate(size);
}
void operator delete(void* p) noexcept
{
    std::free(p);
}
void operator delete[](void* p) noexcept
{
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept
{
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept
{
    std::free(p);
}

namespace {

// Which child position the current thread calls from (set by each test thread).
thread_local int t_child = -1;

std::int64_t valueOf(int child, std::int64_t seq, size_t element)
{
    return (child + 1) * 1'000'003LL + seq * 7 + static_cast<std::int64_t>(element) * 11;
}

// The parent of the gred under test: logs who came down with what, then (optionally) starts
// the allocation log of the calling thread, which is the gred's last arrival.
class ObservingParent final : public RuntimeWrapper
{
public:
    struct Visit
    {
        int thread = -1; // t_child of the thread that came down
        int childPosition = -1;
        std::int64_t seq = -1;
        Payload value;
    };

    explicit ObservingParent(RuntimeWrapper* next = nullptr)
        : m_next(next)
    {
    }

    Payload call(CallContext& context, int childPosition, std::int64_t seq, Payload value) override
    {
        {
            std::lock_guard lock(m_mutex);
            m_visits.push_back(Visit{t_child, childPosition, seq, value});
        }
        Payload result =
            m_next ? m_next->call(context, 0, seq, std::move(value)) : std::move(value);
        if (m_logAfterReturn) {
            t_loggedCount = 0;
            t_logAllocations = true;
        }
        return result;
    }

    void logAfterReturn(bool on) { m_logAfterReturn = on; }
    std::vector<Visit> visits()
    {
        std::lock_guard lock(m_mutex);
        return m_visits;
    }

private:
    RuntimeWrapper* m_next;
    std::mutex m_mutex;
    std::vector<Visit> m_visits;
    bool m_logAfterReturn = false;
};

pid_t currentTid()
{
    return static_cast<pid_t>(::syscall(SYS_gettid));
}

// The scheduler state of one of this process's threads ('R', 'S', ...), read without
// allocating (the threads under test allocate; a malloc lock held here could put one of them
// to sleep and fake the state this waits for). 0 when it cannot be read.
char threadState(pid_t tid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/self/task/%d/stat", static_cast<int>(tid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return 0;
    }
    char buffer[512];
    const ssize_t n = ::read(fd, buffer, sizeof buffer - 1);
    ::close(fd);
    if (n <= 0) {
        return 0;
    }
    buffer[n] = '\0';
    const char* close = std::strrchr(buffer, ')'); // the name may contain spaces and ')'
    return close && close[1] == ' ' ? close[2] : 0;
}

// Waits until the thread sleeps (blocked in the gred: the only place it can sleep after it
// published its tid) for several reads in a row. False after 10 s.
bool waitUntilBlocked(pid_t tid)
{
    int sleepingReads = 0;
    return xylem::testing::waitUntil(
        [&] {
            sleepingReads = threadState(tid) == 'S' ? sleepingReads + 1 : 0;
            return sleepingReads >= 3;
        },
        std::chrono::seconds(10), std::chrono::microseconds(500));
}

struct ForcedCall
{
    std::vector<Payload> results;           // per child position, kept alive for the pointers
    std::vector<const void*> resultBuffers; // per child position
    std::vector<const void*> releaserLog;   // buffers the last arrival allocated after its parent
    bool ordered = true;                    // every arrival but the last was seen blocked
};

// One call of `gred` with the children arriving in `arrival` order: each starts only once the
// previous one is blocked in the gred. The last arrival logs its allocations after the parent.
ForcedCall forcedCall(GredWrapper& gred, const std::vector<int>& arrival, std::int64_t seq,
                      size_t elements)
{
    const size_t children = arrival.size();
    ForcedCall out;
    out.results.resize(children);
    out.resultBuffers.resize(children);
    std::vector<std::thread> threads;
    const auto tids = std::make_unique<std::atomic<pid_t>[]>(children);
    for (size_t k = 0; k < children; ++k) {
        const int child = arrival[k];
        const bool last = k + 1 == children;
        std::atomic<pid_t>* tid = &tids[k];
        threads.emplace_back([&out, &gred, seq, elements, tid, child, last] {
            t_child = child;
            Payload value(elements);
            for (size_t e = 0; e < elements; ++e) {
                value[e] = valueOf(child, seq, e);
            }
            CallContext context;
            tid->store(currentTid());
            Payload result = gred.call(context, child, seq, std::move(value));
            if (last) {
                t_logAllocations = false;
                out.releaserLog.assign(t_logged.begin(), t_logged.begin() + t_loggedCount);
            }
            out.resultBuffers[static_cast<size_t>(child)] = result.data();
            out.results[static_cast<size_t>(child)] = std::move(result);
        });
        if (!last) {
            while (tid->load() == 0) {
                std::this_thread::yield();
            }
            out.ordered = waitUntilBlocked(tid->load()) && out.ordered;
        }
    }
    for (auto& t : threads) {
        t.join();
    }
    return out;
}

Payload expectedSum(int children, std::int64_t seq, size_t elements)
{
    Payload sum(elements, 0);
    for (int c = 0; c < children; ++c) {
        for (size_t e = 0; e < elements; ++e) {
            sum[e] += valueOf(c, seq, e);
        }
    }
    return sum;
}

} // namespace

class TestGredWrapper : public QObject
{
    Q_OBJECT

private slots:
    void addIntoWidensAndSums();
    void singleChildPassesThrough();
    void lastArrivalContinuesDownAndFirstArrivedIsReleasedFirst();
    void rootGredReturnsTheSumToEveryChild();
    void twoLevelTreeSumsRightOverManyCalls();
};

void TestGredWrapper::addIntoWidensAndSums()
{
    Payload sum;
    addInto(sum, {1, 2});
    addInto(sum, {10, 20, 30});
    addInto(sum, {100});
    QVERIFY((sum == Payload{111, 22, 30}));
}

void TestGredWrapper::singleChildPassesThrough()
{
    CoreWrapper core;
    ObservingParent parent(&core);
    GredWrapper gred(1, Edge(&parent, 0, 7));
    CallContext context;
    t_child = 0;
    for (std::int64_t seq = 0; seq < 5; ++seq) {
        const Payload result = gred.call(context, 0, seq, {seq, -seq});
        QVERIFY((result == Payload{seq, -seq}));
    }
    const auto visits = parent.visits();
    QCOMPARE(visits.size(), size_t(5));
    for (size_t i = 0; i < visits.size(); ++i) {
        QCOMPARE(visits[i].seq, std::int64_t(i));
        QCOMPARE(visits[i].childPosition, 0); // the gred's own position under its parent
    }
}

void TestGredWrapper::lastArrivalContinuesDownAndFirstArrivedIsReleasedFirst()
{
    constexpr int kChildren = 4;
    constexpr int kCalls = 24;
    constexpr size_t kElements = 3;
    CoreWrapper core;
    ObservingParent parent(&core);
    parent.logAfterReturn(true);
    GredWrapper gred(kChildren, Edge(&parent, 2, 9));

    std::vector<int> arrival(kChildren);
    std::iota(arrival.begin(), arrival.end(), 0);
    std::mt19937 random(20240611);
    for (int seq = 0; seq < kCalls; ++seq) {
        // The identity and its reverse first, then shuffled orders: every child is last
        // (and first) in some calls.
        if (seq == 1) {
            std::reverse(arrival.begin(), arrival.end());
        } else if (seq > 1) {
            std::shuffle(arrival.begin(), arrival.end(), random);
        }
        const ForcedCall call = forcedCall(gred, arrival, seq, kElements);
        QVERIFY2(call.ordered, "an arrival was never seen blocked in the gred (10 s)");

        const Payload expected = expectedSum(kChildren, seq, kElements);
        for (int c = 0; c < kChildren; ++c) {
            QVERIFY2(call.results[static_cast<size_t>(c)] == expected,
                     qPrintable(QString("call %1: child %2 got a wrong sum").arg(seq).arg(c)));
        }

        // The last arrival, and only it, continued down, with the whole partial sum.
        const auto visits = parent.visits();
        QCOMPARE(visits.size(), size_t(seq + 1));
        const auto& visit = visits.back();
        QCOMPARE(visit.seq, std::int64_t(seq));
        QCOMPARE(visit.childPosition, 2);
        QVERIFY2(visit.thread == arrival.back(),
                 qPrintable(QString("call %1: child %2 went down, but child %3 arrived last")
                                .arg(seq)
                                .arg(visit.thread)
                                .arg(arrival.back())));
        QVERIFY(visit.value == expected);

        // The waiters were handed their results in arrival order.
        QVERIFY2(call.releaserLog.size() == size_t(kChildren - 1),
                 qPrintable(QString("call %1: the last arrival made %2 result copies, expected %3")
                                .arg(seq)
                                .arg(call.releaserLog.size())
                                .arg(kChildren - 1)));
        for (int k = 0; k + 1 < kChildren; ++k) {
            const int child = arrival[static_cast<size_t>(k)];
            const auto at = std::find(call.releaserLog.begin(), call.releaserLog.end(),
                                      call.resultBuffers[static_cast<size_t>(child)]);
            QVERIFY2(at != call.releaserLog.end(),
                     qPrintable(QString("call %1: child %2's result is not a copy the last "
                                        "arrival made")
                                    .arg(seq)
                                    .arg(child)));
            QVERIFY2(at - call.releaserLog.begin() == k,
                     qPrintable(QString("call %1: child %2 arrived %3th but was released %4th")
                                    .arg(seq)
                                    .arg(child)
                                    .arg(k)
                                    .arg(at - call.releaserLog.begin())));
        }
    }
}

void TestGredWrapper::rootGredReturnsTheSumToEveryChild()
{
    constexpr int kChildren = 3;
    GredWrapper root(kChildren, std::nullopt);
    std::vector<int> arrival{2, 0, 1};
    for (int seq = 0; seq < 6; ++seq) {
        std::rotate(arrival.begin(), arrival.begin() + 1, arrival.end());
        const ForcedCall call = forcedCall(root, arrival, seq, 2);
        QVERIFY(call.ordered);
        for (int c = 0; c < kChildren; ++c) {
            QVERIFY(call.results[static_cast<size_t>(c)] == expectedSum(kChildren, seq, 2));
        }
    }
}

// Threads calling freely, back to back, through leaf greds of 3 and 2 threads, a root gred and
// the core: every thread gets every sum right and the core sees each call once, in order, with
// the whole sum.
void TestGredWrapper::twoLevelTreeSumsRightOverManyCalls()
{
    constexpr std::int64_t kCalls = 3000;
    constexpr size_t kElements = 4;
    constexpr int kThreads = 5;
    CoreWrapper core;
    ObservingParent atCore(&core);
    GredWrapper root(2, Edge(&atCore, 0, 0));
    GredWrapper left(3, Edge(&root, 0, 1));
    GredWrapper right(2, Edge(&root, 1, 2));
    struct Seat
    {
        GredWrapper* gred;
        int position;
    };
    const std::array<Seat, kThreads> seats{
        {{&left, 0}, {&left, 1}, {&left, 2}, {&right, 0}, {&right, 1}}};

    std::vector<std::int64_t> wrong(kThreads, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            t_child = t;
            CallContext context;
            Payload value(kElements);
            for (std::int64_t seq = 0; seq < kCalls; ++seq) {
                for (size_t e = 0; e < kElements; ++e) {
                    value[e] = valueOf(t, seq, e);
                }
                const Seat& seat = seats[static_cast<size_t>(t)];
                const Payload sum = seat.gred->call(context, seat.position, seq, value);
                wrong[static_cast<size_t>(t)] +=
                    sum == expectedSum(kThreads, seq, kElements) ? 0 : 1;
            }
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    for (int t = 0; t < kThreads; ++t) {
        QVERIFY2(
            wrong[static_cast<size_t>(t)] == 0,
            qPrintable(
                QString("thread %1: %2 wrong sums").arg(t).arg(wrong[static_cast<size_t>(t)])));
    }
    const auto visits = atCore.visits();
    QCOMPARE(visits.size(), size_t(kCalls));
    for (std::int64_t seq = 0; seq < kCalls; ++seq) {
        const auto& v = visits[static_cast<size_t>(seq)];
        QCOMPARE(v.seq, seq);
        QVERIFY(v.value == expectedSum(kThreads, seq, kElements));
    }
}

QTEST_APPLESS_MAIN(TestGredWrapper)
#include "tst_gredwrapper.moc"
