#pragma once

// The global definitions of an OTF2 archive, as read (importOtf2 turns them into ranks, hosts,
// clusters and communicators).

#include "core/model/result.h"

#include <cstdint>
#include <map>
#include <memory>
#include <otf2/otf2.h>
#include <string>
#include <vector>

namespace xylem::otf2 {

struct ImportDefs
{
    struct Node
    {
        std::uint32_t name = 0;
        std::uint32_t parent = OTF2_UNDEFINED_SYSTEM_TREE_NODE;
    };
    struct LocationGroup
    {
        std::uint32_t name = 0;
        std::uint32_t node = OTF2_UNDEFINED_SYSTEM_TREE_NODE;
    };
    struct Group
    {
        OTF2_GroupType type = OTF2_GROUP_TYPE_UNKNOWN;
        OTF2_Paradigm paradigm = OTF2_PARADIGM_UNKNOWN;
        std::vector<std::uint64_t> members;
    };
    struct Comm
    {
        std::uint32_t name = 0;
        std::uint32_t group = 0;
    };

    std::map<std::uint32_t, std::string> strings;
    std::map<std::uint32_t, Node> nodes;
    std::map<std::uint32_t, LocationGroup> locationGroups;
    struct Property
    {
        std::uint32_t group = 0;
        std::uint32_t name = 0;
        std::uint32_t value = 0; // a string
    };

    std::map<std::uint64_t, std::uint32_t> locations; // location -> its location group
    std::map<std::uint64_t, std::uint32_t> locationNames;
    std::vector<Property> groupProperties;             // string properties only
    std::map<std::uint32_t, std::uint32_t> attributes; // attribute -> its name
    std::map<std::uint32_t, std::uint32_t> regions;    // region -> its name
    std::map<std::uint32_t, Group> groups;
    std::map<std::uint32_t, Comm> comms;
    std::uint64_t timerResolution = 0;
    std::uint64_t globalOffset = 0;
    std::uint64_t realtime = OTF2_UNDEFINED_TIMESTAMP;

    std::string string(std::uint32_t id) const
    {
        const auto it = strings.find(id);
        return it == strings.end() ? std::string() : it->second;
    }
    // ns since the clock's origin: realtime of the global offset (when given) + elapsed ticks.
    std::int64_t toNs(std::uint64_t ticks) const;
};

Result<ImportDefs> readGlobalDefinitions(OTF2_Reader* reader, const std::string& archive);

struct ReaderCloser
{
    void operator()(OTF2_Reader* reader) const { OTF2_Reader_Close(reader); }
};
using ReaderPtr = std::unique_ptr<OTF2_Reader, ReaderCloser>;

struct OpenArchive
{
    ReaderPtr reader;
    ImportDefs defs;
};

// The archive's reader and global definitions; an error naming `anchor` when it is missing or
// no OTF2 archive.
Result<OpenArchive> openArchive(const std::string& anchor);

} // namespace xylem::otf2
