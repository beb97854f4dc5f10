#include "core/analysis/waitstatesjson.h"

namespace xylem {

namespace {

void putSeverity(nlohmann::ordered_json& j, const WaitSeverity& s)
{
    j["time_ns"] = s.waitNs;
    j["grid_ns"] = s.gridNs;
    j["waits"] = s.waits;
}

nlohmann::ordered_json patternToJson(const PatternSeverity& p)
{
    nlohmann::ordered_json j;
    j["name"] = std::string(waitPatternName(p.pattern));
    putSeverity(j, p.total);
    j["share_of_mpi_time"] = p.shareOfMpiTime;
    j["main_cause"] = p.mainCause >= 0 ? nlohmann::ordered_json(p.mainCause) : nullptr;
    nlohmann::ordered_json ranks = nlohmann::ordered_json::array();
    for (size_t r = 0; r < p.perRank.size(); ++r) {
        nlohmann::ordered_json rank;
        rank["rank"] = r;
        putSeverity(rank, p.perRank[r]);
        rank["caused_ns"] = p.causedNs[r];
        ranks.push_back(std::move(rank));
    }
    j["ranks"] = std::move(ranks);
    nlohmann::ordered_json sites = nlohmann::ordered_json::array();
    for (const CallSiteSeverity& c : p.perCallSite) {
        nlohmann::ordered_json site;
        site["call"] = std::string(mpiCallName(c.call));
        site["communicator"] = c.communicator;
        putSeverity(site, c.severity);
        sites.push_back(std::move(site));
    }
    j["call_sites"] = std::move(sites);
    nlohmann::ordered_json comms = nlohmann::ordered_json::array();
    for (const CommunicatorSeverity& c : p.perCommunicator) {
        nlohmann::ordered_json comm;
        comm["communicator"] = c.communicator;
        putSeverity(comm, c.severity);
        comms.push_back(std::move(comm));
    }
    j["communicators"] = std::move(comms);
    return j;
}

} // namespace

nlohmann::ordered_json waitStatesToJson(const WaitStateReport& report)
{
    nlohmann::ordered_json j;
    j["mpi_time_ns"] = report.mpiTimeNs;
    j["collective_instances"] = report.collectiveInstances;
    j["incomplete_instances"] = report.incompleteInstances;
    j["unmatched_sends"] = report.unmatchedSends;
    j["unmatched_receives"] = report.unmatchedReceives;
    nlohmann::ordered_json patterns;
    for (const PatternSeverity& p : report.patterns) {
        patterns[std::string(waitPatternKey(p.pattern))] = patternToJson(p);
    }
    j["patterns"] = std::move(patterns);
    return j;
}

} // namespace xylem
