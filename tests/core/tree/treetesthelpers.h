#pragma once

// Starting real gather trees of xylem-relay and xylem-collector processes on 127.0.0.1.

#include "core/tree/frontend.h"

#include <memory>
#include <string>
#include <vector>

namespace xylem::tree::testing {

FrontEndOptions localTree(const std::vector<std::uint32_t>& levels);
std::unique_ptr<FrontEnd> startTree(const std::vector<std::uint32_t>& levels);
std::unique_ptr<FrontEnd> startTree(FrontEndOptions options);

// Opens a stream, pulls one wave and returns it (QFAIL-free: errors become an empty optional).
Result<Wave> oneWave(FrontEnd& tree, const StreamSpec& spec);

StreamSpec stream(std::uint32_t id, const std::string& filter, const std::string& source,
                  std::vector<std::int64_t> sourceArguments = {});

// The sum of the leaves' node indices.
double sumOfLeaves(const gather::Topology& topology);

} // namespace xylem::tree::testing
