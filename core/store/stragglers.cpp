#include "core/store/stragglers.h"

#include "core/store/varint.h"

#include <algorithm>
#include <limits>

namespace xylem::store {

Result<StragglerStore> StragglerStore::create(Database& db, std::int64_t run, size_t width)
{
    const std::string suffix = std::to_string(run);
    StragglerStore store(db, "temp.xylem_pieces_" + suffix, "temp.xylem_settled_" + suffix, width);
    // Left by an assembly of the same run that failed on this connection: start afresh.
    XYLEM_TRY(dropped, store.drop());
    XYLEM_TRY(pieces, db.exec("CREATE TABLE " + store.m_piecesTable +
                              " (seq INTEGER NOT NULL, ord INTEGER NOT NULL, data "
                              "BLOB NOT NULL, PRIMARY KEY (seq, ord)) WITHOUT ROWID"));
    XYLEM_TRY(settled, db.exec("CREATE TABLE " + store.m_settledTable +
                               " (first INTEGER PRIMARY KEY, last INTEGER NOT NULL)"));
    return store;
}

Result<Ok> StragglerStore::drop()
{
    XYLEM_TRY(pieces, m_db->exec("DROP TABLE IF EXISTS " + m_piecesTable));
    return m_db->exec("DROP TABLE IF EXISTS " + m_settledTable);
}

void StragglerStore::addEntry(std::uint32_t collector, const EdgeTimes& times)
{
    putVarint(m_bytes, collector);
    putVarint(m_bytes, zigzag(times.down));
    putVarint(m_bytes, zigzag(times.up));
}

void StragglerStore::endPiece(std::int64_t seq)
{
    m_newPieces.push_back(Piece{seq, m_bytes.size()});
}

void StragglerStore::addPiece(std::int64_t seq, const EdgeTimes* row)
{
    for (size_t w = 0; w < m_width; ++w) {
        if (row[w].down != kEmptyDown) {
            addEntry(static_cast<std::uint32_t>(w), row[w]);
        }
    }
    endPiece(seq);
}

void StragglerStore::addTuple(const Tuple& tuple)
{
    addEntry(tuple.collector, EdgeTimes{tuple.down, tuple.up});
    endPiece(tuple.seq);
}

void StragglerStore::settled(std::int64_t seq)
{
    if (m_open && m_open->last != std::numeric_limits<std::int64_t>::max() &&
        m_open->last + 1 == seq) {
        m_open->last = seq;
        return;
    }
    if (m_open) {
        m_newRanges.push_back(*m_open);
    }
    m_open = Range{seq, seq};
}

Result<Ok> StragglerStore::store()
{
    if (!m_newPieces.empty()) {
        XYLEM_TRY(insert, m_db->prepare("INSERT INTO " + m_piecesTable +
                                        " (seq, ord, data) VALUES (?, ?, ?)"));
        size_t begin = 0;
        for (const Piece& p : m_newPieces) {
            const auto bytes = std::span(m_bytes).subspan(begin, p.end - begin);
            XYLEM_TRY(ok,
                      insert.value().bind(1, p.seq).bind(2, m_pieces++).bindBlob(3, bytes).run());
            begin = p.end;
        }
        m_newPieces.clear();
        m_bytes.clear();
    }
    if (!m_newRanges.empty()) {
        XYLEM_TRY(insert,
                  m_db->prepare("INSERT INTO " + m_settledTable + " (first, last) VALUES (?, ?)"));
        for (const Range& r : m_newRanges) {
            XYLEM_TRY(ok, insert.value().bind(1, r.first).bind(2, r.last).run());
        }
        m_newRanges.clear();
    }
    return Ok{};
}

namespace {

// One seq's row as its pieces fill it, the first tuple of each collector kept.
struct Group
{
    std::int64_t seq = 0;
    std::vector<EdgeTimes> row;
    std::uint32_t filled = 0;

    Result<Ok> add(std::span<const std::uint8_t> bytes)
    {
        VarintReader in(bytes.data(), bytes.data() + bytes.size());
        while (!in.atEnd()) {
            std::uint64_t collector, down, up;
            if (!in.read(collector) || !in.read(down) || !in.read(up) || collector >= row.size()) {
                return makeError(ErrorCode::Corrupt,
                                 "a damaged late piece of call " + std::to_string(seq));
            }
            EdgeTimes& cell = row[collector];
            if (cell.down == kEmptyDown) {
                cell = EdgeTimes{unzigzag(down), unzigzag(up)};
                ++filled;
            }
        }
        return Ok{};
    }
};

// The settled ranges in order, asked for seqs that only grow.
class SettledRanges
{
public:
    explicit SettledRanges(Statement query)
        : m_query(std::move(query))
    {
    }

    Result<bool> contains(std::int64_t seq)
    {
        while (!m_done && (!m_range || m_range->second < seq)) {
            XYLEM_TRY(row, m_query.step());
            m_done = !row.value();
            if (!m_done) {
                m_range = std::pair(m_query.columnInt(0), m_query.columnInt(1));
            }
        }
        return m_range && m_range->first <= seq && seq <= m_range->second;
    }

private:
    Statement m_query;
    std::optional<std::pair<std::int64_t, std::int64_t>> m_range;
    bool m_done = false;
};

} // namespace

Result<StragglerStore::Outcome>
StragglerStore::resolve(std::uint32_t collectors,
                        const std::function<Result<Ok>(std::int64_t, const EdgeTimes*)>& call)
{
    if (m_open) {
        m_newRanges.push_back(*m_open);
        m_open.reset();
    }
    XYLEM_TRY(stored, store());
    Outcome outcome;
    {
        XYLEM_TRY(ranges,
                  m_db->prepare("SELECT first, last FROM " + m_settledTable + " ORDER BY first"));
        SettledRanges settled(std::move(ranges).value());
        XYLEM_TRY(query,
                  m_db->prepare("SELECT seq, data FROM " + m_piecesTable + " ORDER BY seq, ord"));
        Group group;
        const auto finishGroup = [&]() -> Result<Ok> {
            XYLEM_TRY(repeat, settled.contains(group.seq));
            if (repeat.value()) {
                ++outcome.repeats;
            } else if (group.filled == collectors) {
                return call(group.seq, group.row.data());
            } else {
                ++outcome.incomplete;
            }
            return Ok{};
        };
        bool any = false;
        for (;;) {
            XYLEM_TRY(row, query.value().step());
            const bool more = row.value();
            if (any && (!more || query.value().columnInt(0) != group.seq)) {
                XYLEM_TRY(finished, finishGroup());
                any = false;
            }
            if (!more) {
                break;
            }
            if (!any) {
                group.seq = query.value().columnInt(0);
                group.row.assign(m_width, EdgeTimes{kEmptyDown, 0});
                group.filled = 0;
                any = true;
            }
            XYLEM_TRY(added, group.add(query.value().columnBlob(1)));
        }
    }
    XYLEM_TRY(dropped, drop());
    return outcome;
}

} // namespace xylem::store
