#include "core/export/traceeventwriter.h"

#include <cstdio>

namespace xylem {

TraceEventWriter::TraceEventWriter(std::ostream& out, std::string_view otherData)
    : m_out(out)
{
    m_out << "{\"displayTimeUnit\":\"ns\",\"otherData\":{" << otherData << "},\n\"traceEvents\":[";
}

std::string TraceEventWriter::microseconds(std::int64_t ns)
{
    if (ns < 0) {
        ns = 0;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%lld.%03lld", static_cast<long long>(ns / 1000),
                  static_cast<long long>(ns % 1000));
    return text;
}

std::string TraceEventWriter::quoted(std::string_view text)
{
    std::string q = "\"";
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            q += '\\';
            q += c;
        } else if (u < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", u);
            q += escaped;
        } else {
            q += c; // UTF-8 passes as it is
        }
    }
    return q + '"';
}

void TraceEventWriter::begin(char phase, std::string_view name, int pid, int tid)
{
    m_line.clear();
    m_line += m_events == 0 ? "\n{\"ph\":\"" : ",\n{\"ph\":\"";
    m_line += phase;
    m_line += "\",\"name\":";
    m_line += quoted(name);
    m_line += ",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid);
}

void TraceEventWriter::end()
{
    m_line += '}';
    m_out << m_line;
    ++m_events;
}

void TraceEventWriter::processName(int pid, std::string_view name)
{
    begin('M', "process_name", pid, 0);
    m_line += ",\"args\":{\"name\":" + quoted(name) + '}';
    end();
}

void TraceEventWriter::threadName(int pid, int tid, std::string_view name)
{
    begin('M', "thread_name", pid, tid);
    m_line += ",\"args\":{\"name\":" + quoted(name) + '}';
    end();
}

void TraceEventWriter::threadSortIndex(int pid, int tid, int index)
{
    begin('M', "thread_sort_index", pid, tid);
    m_line += ",\"args\":{\"sort_index\":" + std::to_string(index) + '}';
    end();
}

void TraceEventWriter::slice(std::string_view name, std::string_view cat, int pid, int tid,
                             std::int64_t tsNs, std::int64_t durNs, std::string_view args)
{
    begin('X', name, pid, tid);
    m_line += ",\"cat\":" + quoted(cat) + ",\"ts\":" + microseconds(tsNs) +
              ",\"dur\":" + microseconds(durNs);
    if (!args.empty()) {
        m_line += ",\"args\":{";
        m_line += args;
        m_line += '}';
    }
    end();
}

void TraceEventWriter::flowStart(std::uint64_t id, std::string_view name, std::string_view cat,
                                 int pid, int tid, std::int64_t tsNs)
{
    begin('s', name, pid, tid);
    m_line += ",\"cat\":" + quoted(cat) + ",\"id\":" + std::to_string(id) +
              ",\"ts\":" + microseconds(tsNs);
    end();
}

void TraceEventWriter::flowEnd(std::uint64_t id, std::string_view name, std::string_view cat,
                               int pid, int tid, std::int64_t tsNs)
{
    begin('f', name, pid, tid);
    m_line += ",\"cat\":" + quoted(cat) + ",\"id\":" + std::to_string(id) +
              ",\"ts\":" + microseconds(tsNs) + ",\"bp\":\"e\"";
    end();
}

void TraceEventWriter::finish()
{
    m_out << "\n]}\n";
}

} // namespace xylem
