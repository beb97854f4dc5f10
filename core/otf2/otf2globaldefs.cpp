#include "core/otf2/otf2globaldefs.h"

#include "core/otf2/otf2status.h"
#include "core/otf2/otf2tuples.h"

namespace xylem::otf2 {

GlobalDefs::GlobalDefs()
{
    node("machine", {"machine", "machine", OTF2_UNDEFINED_SYSTEM_TREE_NODE});
}

std::uint32_t GlobalDefs::string(const std::string& text)
{
    const auto [it, added] =
        m_stringIds.emplace(text, static_cast<std::uint32_t>(m_strings.size()));
    if (added)
        m_strings.push_back(text);
    return it->second;
}

std::uint32_t GlobalDefs::node(const std::string& key, Node definition)
{
    const auto [it, added] = m_nodeIds.emplace(key, static_cast<std::uint32_t>(m_nodes.size()));
    if (added)
        m_nodes.push_back(std::move(definition));
    return it->second;
}

std::uint32_t GlobalDefs::hostNode(const std::string& cluster, const std::string& host)
{
    std::uint32_t parent = 0; // the machine
    if (!cluster.empty())
        parent = node("cluster\n" + cluster, {cluster, "cluster", 0});
    return node("node\n" + cluster + "\n" + host, {host, "node", parent});
}

std::uint32_t GlobalDefs::locationGroup(const std::string& name, std::uint32_t node)
{
    const auto [it, added] = m_groupIds.emplace(name + "\n" + std::to_string(node),
                                                static_cast<std::uint32_t>(m_groups.size()));
    if (added)
        m_groups.push_back({name, node});
    return it->second;
}

std::uint32_t GlobalDefs::region(const std::string& name, OTF2_Paradigm paradigm,
                                 OTF2_RegionRole role)
{
    const auto [it, added] =
        m_regionIds.emplace(name, static_cast<std::uint32_t>(m_regions.size()));
    if (added)
        m_regions.push_back({name, paradigm, role});
    return it->second;
}

void GlobalDefs::setTimeRange(std::uint64_t first, std::uint64_t last)
{
    m_first = first;
    m_last = last;
}

Result<Ok> GlobalDefs::writeTree(OTF2_GlobalDefWriter* writer, const std::string& archive)
{
    for (std::uint32_t i = 0; i < m_nodes.size(); ++i) {
        const Node& n = m_nodes[i];
        XYLEM_OTF2(OTF2_GlobalDefWriter_WriteSystemTreeNode(writer, i, string(n.name),
                                                            string(n.className), n.parent),
                   "writing the system tree", archive);
    }
    for (std::uint32_t i = 0; i < m_groups.size(); ++i) {
        XYLEM_OTF2(OTF2_GlobalDefWriter_WriteLocationGroup(
                       writer, i, string(m_groups[i].name), OTF2_LOCATION_GROUP_TYPE_PROCESS,
                       m_groups[i].node, OTF2_UNDEFINED_LOCATION_GROUP),
                   "writing a location group", archive);
    }
    for (const Location& l : m_locations) {
        XYLEM_OTF2(OTF2_GlobalDefWriter_WriteLocation(writer, l.id, string(l.name),
                                                      OTF2_LOCATION_TYPE_CPU_THREAD, l.events,
                                                      l.group),
                   "writing a location", archive);
    }
    return Ok{};
}

Result<Ok> GlobalDefs::writeComms(OTF2_GlobalDefWriter* writer, const std::string& archive)
{
    if (m_mpiLocations.empty())
        return Ok{};
    XYLEM_OTF2(OTF2_GlobalDefWriter_WriteGroup(
                   writer, 0, string("MPI_COMM_WORLD locations"), OTF2_GROUP_TYPE_COMM_LOCATIONS,
                   OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                   static_cast<std::uint32_t>(m_mpiLocations.size()), m_mpiLocations.data()),
               "writing the MPI locations group", archive);
    for (std::uint32_t i = 0; i < m_comms.size(); ++i) {
        const Comm& c = m_comms[i];
        XYLEM_OTF2(OTF2_GlobalDefWriter_WriteGroup(
                       writer, i + 1, string(c.name + " group"), OTF2_GROUP_TYPE_COMM_GROUP,
                       OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                       static_cast<std::uint32_t>(c.worldRanks.size()), c.worldRanks.data()),
                   "writing the group of communicator " + c.name, archive);
        XYLEM_OTF2(OTF2_GlobalDefWriter_WriteComm(writer, c.id, string(c.name), i + 1,
                                                  OTF2_UNDEFINED_COMM, OTF2_COMM_FLAG_NONE),
                   "writing communicator " + c.name, archive);
    }
    return Ok{};
}

Result<Ok> GlobalDefs::writeXylemDefinitions(OTF2_GlobalDefWriter* writer,
                                             const std::string& archive)
{
    for (const Property& p : m_properties) {
        OTF2_AttributeValue value;
        value.stringRef = string(p.value);
        XYLEM_OTF2(OTF2_GlobalDefWriter_WriteLocationGroupProperty(writer, p.group, string(p.name),
                                                                   OTF2_TYPE_STRING, value),
                   "writing property " + p.name, archive);
    }
    for (std::uint32_t i = 0; m_tupleAttributes && i < kTupleAttributes.size(); ++i) {
        XYLEM_OTF2(OTF2_GlobalDefWriter_WriteAttribute(writer, i, string(kTupleAttributes[i]),
                                                       string(""), OTF2_TYPE_INT64),
                   std::string("writing attribute ") + kTupleAttributes[i], archive);
    }
    return Ok{};
}

Result<Ok> GlobalDefs::write(OTF2_GlobalDefWriter* writer, const std::string& archive)
{
    XYLEM_OTF2(OTF2_GlobalDefWriter_WriteClockProperties(writer, 1'000'000'000, m_first,
                                                         m_last - m_first, m_first),
               "writing the clock properties", archive);
    // Interning while writing would emit a string after its first use: intern everything first.
    string("");
    for (const Node& n : m_nodes) {
        string(n.name);
        string(n.className);
    }
    for (const Group& g : m_groups)
        string(g.name);
    for (const Location& l : m_locations)
        string(l.name);
    for (const Region& r : m_regions)
        string(r.name);
    for (const Comm& c : m_comms) {
        string(c.name);
        string(c.name + " group");
    }
    string("MPI_COMM_WORLD locations");
    for (const Property& p : m_properties) {
        string(p.name);
        string(p.value);
    }
    for (std::size_t i = 0; m_tupleAttributes && i < kTupleAttributes.size(); ++i)
        string(kTupleAttributes[i]);
    for (std::uint32_t i = 0; i < m_strings.size(); ++i)
        XYLEM_OTF2(OTF2_GlobalDefWriter_WriteString(writer, i, m_strings[i].c_str()),
                   "writing a string", archive);
    XYLEM_TRY(tree, writeTree(writer, archive));
    XYLEM_TRY(xylem, writeXylemDefinitions(writer, archive));
    for (std::uint32_t i = 0; i < m_regions.size(); ++i) {
        const Region& r = m_regions[i];
        const auto name = string(r.name);
        XYLEM_OTF2(OTF2_GlobalDefWriter_WriteRegion(writer, i, name, name, string(""), r.role,
                                                    r.paradigm, OTF2_REGION_FLAG_NONE, string(""),
                                                    0, 0),
                   "writing region " + r.name, archive);
    }
    return writeComms(writer, archive);
}

} // namespace xylem::otf2
