#pragma once

// Touching memory that another process may take away. A ring is a file in /dev/shm that its
// writer (or anyone with the writer's rights) can shrink at any moment; a load from a page past
// the file's new end raises SIGBUS, whose default action would take the collector down with
// every other ring it serves. A guarded access turns that fault into a failed call instead.
//
// Why a signal handler and not copies through a system call (pread, process_vm_readv): the
// ring's header is used in place, with atomic loads, stores and compare-and-swap that no copy
// can stand in for, and a copy per access would put a system call on the collector's hottest
// path. The handler is process-wide by nature (the one piece of global state here): installed
// once, it acts only for a thread inside guardedAccess() whose fault lies in the guarded range,
// and gives every other SIGBUS to the disposition that was there before.

#include <cstddef>
#include <type_traits>

namespace xylem::ring {

// Runs body(context): true when it ran to its end, false when it touched a page of
// [begin, begin + bytes) that is gone (SIGBUS), in which case it was abandoned where it faulted.
// body is left by siglongjmp: it must allocate nothing and create no object with a destructor.
bool guardedAccess(const void* begin, size_t bytes, void (*body)(void*), void* context);

template <typename F> bool guarded(const void* begin, size_t bytes, F&& body)
{
    using Body = std::remove_reference_t<F>;
    return guardedAccess(
        begin, bytes, [](void* f) { (*static_cast<Body*>(f))(); }, &body);
}

} // namespace xylem::ring
