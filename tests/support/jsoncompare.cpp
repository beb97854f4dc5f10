#include "tests/support/jsoncompare.h"

#include <algorithm>
#include <cmath>

namespace xylem::testing {

namespace {

void compare(const nlohmann::json& e, const nlohmann::json& a, const std::string& path, double tol,
             std::vector<std::string>& out)
{
    if (e.is_number() && a.is_number()) {
        const double x = e.get<double>();
        const double y = a.get<double>();
        const double scale = std::max({std::fabs(x), std::fabs(y), 1e-300});
        if (std::fabs(x - y) > tol * scale) {
            out.push_back(path + ": expected " + e.dump() + ", got " + a.dump());
        }
        return;
    }
    if (e.type() != a.type()) {
        out.push_back(path + ": expected " + e.dump() + ", got " + a.dump());
        return;
    }
    if (e.is_object()) {
        for (const auto& [key, value] : e.items()) {
            if (!a.contains(key)) {
                out.push_back(path + "/" + key + ": missing");
            } else {
                compare(value, a.at(key), path + "/" + key, tol, out);
            }
        }
        for (const auto& [key, value] : a.items()) {
            if (!e.contains(key)) {
                out.push_back(path + "/" + key + ": not expected");
            }
        }
    } else if (e.is_array()) {
        if (e.size() != a.size()) {
            out.push_back(path + ": expected " + std::to_string(e.size()) + " elements, got " +
                          std::to_string(a.size()));
            return;
        }
        for (size_t i = 0; i < e.size(); ++i) {
            compare(e[i], a[i], path + "/" + std::to_string(i), tol, out);
        }
    } else if (e != a) {
        out.push_back(path + ": expected " + e.dump() + ", got " + a.dump());
    }
}

} // namespace

std::vector<std::string> jsonDifferences(const nlohmann::json& expected,
                                         const nlohmann::json& actual, double relativeTolerance)
{
    std::vector<std::string> out;
    compare(expected, actual, "", relativeTolerance, out);
    return out;
}

} // namespace xylem::testing
