#pragma once

// What a run's call assembly could not settle in its window, kept aside on disk so that memory
// stays bounded however much comes late (a collector a million calls behind): temporary tables
// of the session's connection, which go with it and are never part of the file's schema.
//
//   pieces   a call that left the window unfinished (the tuples it had) and each tuple that
//            came after its call had left, by (seq, arrival);
//   settled  the seq ranges of the calls that left the window complete, so that a tuple
//            repeating one of them is known for a repeat.
//
// resolve() merges the pieces of each seq in seq order, keeping the first tuple of each
// collector, as the batch form does (CallMatrix).

#include "core/analysis/edgetimes.h"
#include "core/analysis/topology.h"
#include "core/model/result.h"
#include "core/model/tuple.h"
#include "core/store/sqlitedatabase.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace xylem::store {

class StragglerStore
{
public:
    // Makes the tables (inside the caller's transaction, if any). width: wrappers per row.
    static Result<StragglerStore> create(Database& db, std::int64_t run, size_t width);

    void addPiece(std::int64_t seq, const EdgeTimes* row);
    void addTuple(const Tuple& tuple);
    // A call that left the window complete; seqs come in increasing order.
    void settled(std::int64_t seq);

    // Writes what was added since the last store().
    Result<Ok> store();

    struct Outcome
    {
        std::int64_t incomplete = 0; // seqs whose pieces make no complete call
        std::int64_t repeats = 0;    // seqs of settled calls: their pieces are repeats
    };
    // Each seq's pieces merged, in seq order: complete calls go to `call` (its row, one
    // EdgeTimes per wrapper), the others are counted. Then the tables are dropped.
    Result<Outcome> resolve(std::uint32_t collectors,
                            const std::function<Result<Ok>(std::int64_t, const EdgeTimes*)>& call);

private:
    StragglerStore(Database& db, std::string pieces, std::string settled, size_t width)
        : m_db(&db)
        , m_piecesTable(std::move(pieces))
        , m_settledTable(std::move(settled))
        , m_width(width)
    {
    }

    void addEntry(std::uint32_t collector, const EdgeTimes& times);
    void endPiece(std::int64_t seq);
    Result<Ok> drop();

    struct Range
    {
        std::int64_t first;
        std::int64_t last;
    };
    struct Piece
    {
        std::int64_t seq;
        size_t end; // in m_bytes
    };

    Database* m_db;
    std::string m_piecesTable;
    std::string m_settledTable;
    size_t m_width;
    std::vector<std::uint8_t> m_bytes; // encoded entries of the pieces not yet stored
    std::vector<Piece> m_newPieces;
    std::vector<Range> m_newRanges; // closed, not yet stored
    std::optional<Range> m_open;    // still growing
    std::int64_t m_pieces = 0;      // added in all; also their arrival order
};

} // namespace xylem::store
