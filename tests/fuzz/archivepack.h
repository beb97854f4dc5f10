#pragma once

// An OTF2 archive (a folder: the .otf2 anchor, the .def files, the event files) as one run of
// bytes that libFuzzer can mutate, and back: per file, its path's length (u8), the path relative
// to the folder, the content's length (u32, little-endian) and the content. The seeds tool packs
// exportOtf2's archives; the OTF2 target unpacks a mutated one into a folder and imports it.

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

namespace xylem::fuzz {

inline std::vector<std::uint8_t> packArchive(const std::filesystem::path& folder)
{
    std::vector<std::uint8_t> out;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
        if (!entry.is_regular_file()) {
            continue;
        }
        const std::string name = std::filesystem::relative(entry.path(), folder).string();
        std::ifstream in(entry.path(), std::ios::binary);
        const std::vector<char> content{std::istreambuf_iterator<char>(in), {}};
        out.push_back(static_cast<std::uint8_t>(name.size()));
        out.insert(out.end(), name.begin(), name.end());
        const auto n = static_cast<std::uint32_t>(content.size());
        for (int i = 0; i < 4; ++i) {
            out.push_back(static_cast<std::uint8_t>(n >> (8 * i)));
        }
        out.insert(out.end(), content.begin(), content.end());
    }
    return out;
}

// Writes the files into folder (which exists); a path that would leave the folder, or a file
// cut short, ends the unpacking there. Returns how many files were written.
inline size_t unpackArchive(std::span<const std::uint8_t> bytes, const std::filesystem::path& folder)
{
    size_t at = 0;
    size_t files = 0;
    while (at < bytes.size() && files < 64) {
        const size_t nameBytes = bytes[at++];
        if (nameBytes == 0 || at + nameBytes + 4 > bytes.size()) {
            break;
        }
        const std::string name(reinterpret_cast<const char*>(bytes.data() + at), nameBytes);
        at += nameBytes;
        std::uint32_t n = 0;
        for (int i = 0; i < 4; ++i) {
            n |= std::uint32_t(bytes[at + i]) << (8 * i);
        }
        at += 4;
        n = static_cast<std::uint32_t>(std::min<size_t>(n, bytes.size() - at));
        const std::filesystem::path relative(name);
        bool inside = !relative.is_absolute() && !name.empty();
        for (const auto& part : relative) {
            inside = inside && part != ".." && part != "." && !part.empty();
        }
        if (!inside || name.find('\0') != std::string::npos) {
            break;
        }
        const auto file = folder / relative;
        std::error_code ignored;
        std::filesystem::create_directories(file.parent_path(), ignored);
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data() + at), n);
        at += n;
        ++files;
    }
    return files;
}

} // namespace xylem::fuzz
