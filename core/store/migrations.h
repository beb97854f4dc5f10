#pragma once

// The data half of a format upgrade (the DDL half is in schema.h): after the tables of a step
// exist, fill them from what the older file holds. Runs inside the upgrade's transaction.

#include "core/model/result.h"
#include "core/store/sqlitedatabase.h"

namespace xylem::store {

Result<Ok> migrateData(Database& db, int toVersion);

} // namespace xylem::store
