#pragma once

// The Chrome trace event format, written as it goes: one JSON object whose "traceEvents" array
// is streamed event by event onto an ostream, so that a run of any size is exported in memory
// bounded by one event. Timestamps are given in ns from the trace's origin and written as
// microseconds with three decimals, exactly (no floating point on the way).

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace xylem {

class TraceEventWriter
{
public:
    // Writes the object's head; otherData is a JSON object's members ("\"k\":\"v\"") or empty.
    TraceEventWriter(std::ostream& out, std::string_view otherData);

    // Metadata ("M"): process_name, thread_name, process_sort_index, thread_sort_index.
    void processName(int pid, std::string_view name);
    void threadName(int pid, int tid, std::string_view name);
    void threadSortIndex(int pid, int tid, int index);
    // A complete slice ("X"); args is a JSON object's members or empty.
    void slice(std::string_view name, std::string_view cat, int pid, int tid, std::int64_t tsNs,
               std::int64_t durNs, std::string_view args = {});
    // A flow's start ("s", bound to the enclosing slice) and its end ("f", bp "e": the
    // enclosing slice as well, not the next one).
    void flowStart(std::uint64_t id, std::string_view name, std::string_view cat, int pid, int tid,
                   std::int64_t tsNs);
    void flowEnd(std::uint64_t id, std::string_view name, std::string_view cat, int pid, int tid,
                 std::int64_t tsNs);
    // Closes the array and the object.
    void finish();

    std::int64_t events() const { return m_events; }

    // "12.345" for 12345 ns; negative values are the caller's bug and written as 0.
    static std::string microseconds(std::int64_t ns);
    // A JSON string literal, quotes included.
    static std::string quoted(std::string_view text);

private:
    void begin(char phase, std::string_view name, int pid, int tid);
    void end();

    std::ostream& m_out;
    std::string m_line; // the event being written
    std::int64_t m_events = 0;
};

} // namespace xylem
