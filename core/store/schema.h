#pragma once

// The session file's schema, one numbered step per format version. A file records its version
// in PRAGMA user_version and Xylem's mark in PRAGMA application_id; opening an older file runs
// the missing steps (see Session), a newer one is refused.
//
//   1  runs (configuration, metadata, status) and their tuples in encoded chunks
//   2  per-call records and level-of-detail summaries for the timeline, event scopes,
//      system-metric samples, clock models and cached results
//   3  MPI data of a run: ranks, communicators, events (framed chunks), clock samples; no data
//      moves (older runs simply have none)
//   4  the edges of Xylem's tree of an MPI run recorded with --tree (one framed blob per run);
//      no data moves (older runs have none)
//   5  what --adapt's run-time tuner did in an MPI run: its settings, trial blocks and tree
//      switches (mpitreeadapt.h); no data moves (older runs have none)

#include "core/model/result.h"
#include "core/store/sqlitedatabase.h"

#include <cstdint>

namespace xylem::store {

inline constexpr std::int64_t kApplicationId = 0x58594C4D; // "XYLM"
inline constexpr int kCurrentFormat = 5;

// The DDL of one step (from - 1 to `to`); the caller wraps it in a transaction.
Result<Ok> applySchemaStep(Database& db, int to);

// The tables a file of this version must have, for a cheap sanity check on open.
const char* const* requiredTables(int version);

} // namespace xylem::store
