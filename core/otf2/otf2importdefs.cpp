#include "core/otf2/otf2importdefs.h"

#include "core/model/int128.h"
#include "core/otf2/otf2status.h"

#include <filesystem>
#include <memory>

namespace xylem::otf2 {

namespace {

ImportDefs& defsOf(void* user)
{
    return *static_cast<ImportDefs*>(user);
}

OTF2_CallbackCode onString(void* user, OTF2_StringRef self, const char* text)
{
    defsOf(user).strings[self] = text != nullptr ? text : "";
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onClock(void* user, uint64_t resolution, uint64_t offset, uint64_t,
                          uint64_t realtime)
{
    defsOf(user).timerResolution = resolution;
    defsOf(user).globalOffset = offset;
    defsOf(user).realtime = realtime;
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onNode(void* user, OTF2_SystemTreeNodeRef self, OTF2_StringRef name,
                         OTF2_StringRef, OTF2_SystemTreeNodeRef parent)
{
    defsOf(user).nodes[self] = {name, parent};
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onLocationGroup(void* user, OTF2_LocationGroupRef self, OTF2_StringRef name,
                                  OTF2_LocationGroupType, OTF2_SystemTreeNodeRef node,
                                  OTF2_LocationGroupRef)
{
    defsOf(user).locationGroups[self] = {name, node};
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onLocation(void* user, OTF2_LocationRef self, OTF2_StringRef name,
                             OTF2_LocationType, uint64_t, OTF2_LocationGroupRef group)
{
    defsOf(user).locations[self] = group;
    defsOf(user).locationNames[self] = name;
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onGroupProperty(void* user, OTF2_LocationGroupRef group, OTF2_StringRef name,
                                  OTF2_Type type, OTF2_AttributeValue value)
{
    if (type == OTF2_TYPE_STRING)
        defsOf(user).groupProperties.push_back({group, name, value.stringRef});
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onAttribute(void* user, OTF2_AttributeRef self, OTF2_StringRef name,
                              OTF2_StringRef, OTF2_Type)
{
    defsOf(user).attributes[self] = name;
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onRegion(void* user, OTF2_RegionRef self, OTF2_StringRef name, OTF2_StringRef,
                           OTF2_StringRef, OTF2_RegionRole, OTF2_Paradigm, OTF2_RegionFlag,
                           OTF2_StringRef, uint32_t, uint32_t)
{
    defsOf(user).regions[self] = name;
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onGroup(void* user, OTF2_GroupRef self, OTF2_StringRef, OTF2_GroupType type,
                          OTF2_Paradigm paradigm, OTF2_GroupFlag, uint32_t count,
                          const uint64_t* members)
{
    defsOf(user).groups[self] = {type, paradigm,
                                 std::vector<std::uint64_t>(members, members + count)};
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onComm(void* user, OTF2_CommRef self, OTF2_StringRef name, OTF2_GroupRef group,
                         OTF2_CommRef, OTF2_CommFlag)
{
    defsOf(user).comms[self] = {name, group};
    return OTF2_CALLBACK_SUCCESS;
}

struct CallbacksDeleter
{
    void operator()(OTF2_GlobalDefReaderCallbacks* c) const
    {
        OTF2_GlobalDefReaderCallbacks_Delete(c);
    }
};

std::unique_ptr<OTF2_GlobalDefReaderCallbacks, CallbacksDeleter> callbacks()
{
    std::unique_ptr<OTF2_GlobalDefReaderCallbacks, CallbacksDeleter> c(
        OTF2_GlobalDefReaderCallbacks_New());
    OTF2_GlobalDefReaderCallbacks_SetStringCallback(c.get(), onString);
    OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(c.get(), onClock);
    OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(c.get(), onNode);
    OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(c.get(), onLocationGroup);
    OTF2_GlobalDefReaderCallbacks_SetLocationCallback(c.get(), onLocation);
    OTF2_GlobalDefReaderCallbacks_SetRegionCallback(c.get(), onRegion);
    OTF2_GlobalDefReaderCallbacks_SetGroupCallback(c.get(), onGroup);
    OTF2_GlobalDefReaderCallbacks_SetCommCallback(c.get(), onComm);
    OTF2_GlobalDefReaderCallbacks_SetLocationGroupPropertyCallback(c.get(), onGroupProperty);
    OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(c.get(), onAttribute);
    return c;
}

} // namespace

std::int64_t ImportDefs::toNs(std::uint64_t ticks) const
{
    const auto elapsed = static_cast<Int128>(ticks) - static_cast<Int128>(globalOffset);
    const Int128 ns = elapsed * 1'000'000'000 / static_cast<Int128>(timerResolution);
    const Int128 origin = realtime == OTF2_UNDEFINED_TIMESTAMP
                              ? static_cast<Int128>(globalOffset) * 1'000'000'000 /
                                    static_cast<Int128>(timerResolution)
                              : static_cast<Int128>(realtime);
    return static_cast<std::int64_t>(origin + ns);
}

Result<ImportDefs> readGlobalDefinitions(OTF2_Reader* reader, const std::string& archive)
{
    ImportDefs defs;
    OTF2_GlobalDefReader* global = OTF2_Reader_GetGlobalDefReader(reader);
    if (global == nullptr)
        return makeError(ErrorCode::MalformedInput, "the archive has no global definitions",
                         archive);
    const auto c = callbacks();
    XYLEM_OTF2(OTF2_Reader_RegisterGlobalDefCallbacks(reader, global, c.get(), &defs),
               "reading the definitions", archive);
    std::uint64_t read = 0;
    XYLEM_OTF2(OTF2_Reader_ReadAllGlobalDefinitions(reader, global, &read),
               "reading the definitions", archive);
    XYLEM_OTF2(OTF2_Reader_CloseGlobalDefReader(reader, global), "reading the definitions",
               archive);
    if (defs.timerResolution == 0)
        return makeError(ErrorCode::MalformedInput,
                         "the archive has no clock properties (timer resolution 0)", archive);
    return defs;
}

Result<OpenArchive> openArchive(const std::string& anchor)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(anchor, ec))
        return makeError(ErrorCode::IoError, "no such OTF2 anchor file", anchor);
    ReaderPtr reader(OTF2_Reader_Open(anchor.c_str()));
    std::uint64_t locations = 0;
    if (!reader || OTF2_Reader_GetNumberOfLocations(reader.get(), &locations) != OTF2_SUCCESS)
        return makeError(ErrorCode::MalformedInput, "not an OTF2 archive (unreadable anchor file)",
                         anchor);
    XYLEM_OTF2(OTF2_Reader_SetSerialCollectiveCallbacks(reader.get()), "opening the archive",
               anchor);
    XYLEM_TRY(defs, readGlobalDefinitions(reader.get(), anchor));
    return OpenArchive{std::move(reader), std::move(defs).value()};
}

} // namespace xylem::otf2
