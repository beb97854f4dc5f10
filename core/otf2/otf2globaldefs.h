#pragma once

// The global definitions an export collects while it writes events, then writes at once:
// strings are interned, system tree nodes and location groups found by name.

#include "core/model/result.h"

#include <cstdint>
#include <map>
#include <otf2/otf2.h>
#include <string>
#include <vector>

namespace xylem::otf2 {

class GlobalDefs
{
public:
    struct Location
    {
        std::uint64_t id = 0;
        std::string name;
        std::uint32_t group = 0;
        std::uint64_t events = 0;
    };
    struct Comm
    {
        std::uint32_t id = 0;
        std::string name;
        std::vector<std::uint64_t> worldRanks;
    };

    GlobalDefs();

    // The system tree node of a host (created with its cluster's node on first use).
    std::uint32_t hostNode(const std::string& cluster, const std::string& host);
    std::uint32_t locationGroup(const std::string& name, std::uint32_t node);
    std::uint32_t region(const std::string& name, OTF2_Paradigm paradigm, OTF2_RegionRole role);
    void addLocation(Location location) { m_locations.push_back(std::move(location)); }
    void addComm(Comm comm) { m_comms.push_back(std::move(comm)); }
    void setMpiLocations(std::vector<std::uint64_t> locations)
    {
        m_mpiLocations = std::move(locations);
    }
    void setTimeRange(std::uint64_t first, std::uint64_t last);
    // A string property of a location group (a run's tree, otf2tuples.h).
    void groupProperty(std::uint32_t group, std::string name, std::string value)
    {
        m_properties.push_back({group, std::move(name), std::move(value)});
    }
    // Defines the tuple attributes of otf2tuples.h (ids 0 to 4).
    void defineTupleAttributes() { m_tupleAttributes = true; }

    const std::vector<Location>& locations() const { return m_locations; }
    Result<Ok> write(OTF2_GlobalDefWriter* writer, const std::string& archive);

private:
    struct Node
    {
        std::string name;
        std::string className;
        std::uint32_t parent = OTF2_UNDEFINED_SYSTEM_TREE_NODE;
    };
    struct Group
    {
        std::string name;
        std::uint32_t node = 0;
    };
    struct Property
    {
        std::uint32_t group = 0;
        std::string name;
        std::string value;
    };
    struct Region
    {
        std::string name;
        OTF2_Paradigm paradigm = OTF2_PARADIGM_USER;
        OTF2_RegionRole role = OTF2_REGION_ROLE_FUNCTION;
    };

    std::uint32_t string(const std::string& text);
    std::uint32_t node(const std::string& key, Node node);
    Result<Ok> writeTree(OTF2_GlobalDefWriter* writer, const std::string& archive);
    Result<Ok> writeComms(OTF2_GlobalDefWriter* writer, const std::string& archive);
    Result<Ok> writeXylemDefinitions(OTF2_GlobalDefWriter* writer, const std::string& archive);

    std::map<std::string, std::uint32_t> m_stringIds;
    std::vector<std::string> m_strings;
    std::map<std::string, std::uint32_t> m_nodeIds;
    std::vector<Node> m_nodes;
    std::map<std::string, std::uint32_t> m_groupIds;
    std::vector<Group> m_groups;
    std::map<std::string, std::uint32_t> m_regionIds;
    std::vector<Region> m_regions;
    std::vector<Location> m_locations;
    std::vector<Comm> m_comms;
    std::vector<std::uint64_t> m_mpiLocations;
    std::vector<Property> m_properties;
    bool m_tupleAttributes = false;
    std::uint64_t m_first = 0;
    std::uint64_t m_last = 0;
};

} // namespace xylem::otf2
