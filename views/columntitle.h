#pragma once

// What a table column is called on screen. Tables from core (core/model/table.h) name their
// columns in snake case for CSV and scripts ("call_time_mean_ns", "a_slowest_share"); people
// read a translated title ("call time mean", in German "Aufrufzeit Mittelwert"). A column
// built from a known measure and a known statistic is titled from both parts; an unknown
// column keeps its name with spaces, so a new column is never blank.

#include <QString>

#include <string>

namespace xylem::views {

QString columnTitle(const std::string& column);

} // namespace xylem::views
