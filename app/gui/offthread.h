#pragma once

// Work off the GUI thread with its answer on it (architecture.md, "Staged results"), the one way
// the window's controllers do it: the job runs on Qt's thread pool, an exception it throws
// becomes an Error (guarded), and its result — with any progress it reports on the way — is
// handed to the GUI thread only while the owner lives and the request is still the newest of
// its kind (a Ticket of a Generation: a newer request or cancel() makes older ones stale, and
// their results are dropped, never shown).

#include "app/gui/guardedjob.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent>

#include <atomic>
#include <functional>
#include <memory>

namespace xylem::gui {

// One request's turn; a default Ticket is never stale (requests that all report, e.g. edits).
class Ticket
{
public:
    Ticket() = default;
    Ticket(std::shared_ptr<const std::atomic<int>> count, int turn)
        : m_count(std::move(count))
        , m_turn(turn)
    {
    }
    // False once a newer request of the same Generation was made (or it was cancelled).
    bool current() const { return !m_count || *m_count == m_turn; }

private:
    std::shared_ptr<const std::atomic<int>> m_count;
    int m_turn = 0;
};

// The requests of one kind (opening and analysing; the timeline's windows; ...).
class Generation
{
public:
    Ticket next() { return Ticket(m_count, ++*m_count); }
    void cancel() { ++*m_count; }

private:
    std::shared_ptr<std::atomic<int>> m_count = std::make_shared<std::atomic<int>>(0);
};

// How far a job is, 0..100, or -1 while it cannot be counted; called on the job's thread.
using JobProgress = std::function<void(int percent)>;

// Runs job(progress) off the GUI thread (not at all when ticket is stale by then), then, on the
// GUI thread while owner lives and ticket is current, done(owner, result). What the job reports
// through progress reaches onProgress(owner, percent) the same way, once per change.
template <typename Owner, typename Job, typename Done>
void runOffThread(Owner* owner, Ticket ticket, Job job, Done done,
                  std::function<void(Owner*, int)> onProgress = {})
{
    QPointer<Owner> self(owner);
    (void)QtConcurrent::run([self, ticket, job = std::move(job), done = std::move(done),
                             onProgress = std::move(onProgress)]() mutable {
        if (!ticket.current()) {
            return; // already stale: the file is not even opened
        }
        int shown = -2;
        const JobProgress progress = [&](int percent) {
            if (!onProgress || percent == shown) {
                return;
            }
            shown = percent;
            QMetaObject::invokeMethod(qApp, [self, ticket, onProgress, percent] {
                if (self && ticket.current()) {
                    onProgress(self.data(), percent);
                }
            });
        };
        auto result = guarded([&] { return job(progress); });
        QMetaObject::invokeMethod(qApp, [self, ticket, done = std::move(done),
                                         result = std::move(result)]() mutable {
            if (self && ticket.current()) {
                done(self.data(), std::move(result));
            }
        });
    });
}

} // namespace xylem::gui
