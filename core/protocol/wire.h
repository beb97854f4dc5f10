#pragma once

// Each message's fields, described once for both directions. A message type has a free function
//
//   template <class V, DescribedAs<PingMessage> M> void fields(V& v, M& m)
//   {
//       v("id", m.id);
//   }
//
// that names its fields in wire order; WireWriter appends them and WireReader reads them back,
// bounded, so that no message's encoder and decoder can drift apart. A field may carry a bound:
// MaxSize for strings (bytes) and lists (items), Range for numbers, enums and flags (the values
// a reader accepts). How each kind of field looks on the wire:
//
//   bool, enums, integers  little-endian, their own width (a bool is one byte, 0 or 1)
//   double                 its IEEE-754 bits as a u64
//   std::string            u32 length, the bytes (at most kMaxText unless bounded)
//   std::array<u8, N>      N bytes, no length
//   std::vector<T>         u32 count, the items
//   std::optional<T>       u8 0 (absent) or 1 and the value
//   std::chrono::duration  its count as an i64
//   a described struct     its fields, in order
//   a type with encodeWire/decodeWire (found by ADL): whatever those write (a gather Batch)
//
// A reader that fails remembers the first field that did, with the path to it
// ("rings[2].name"); finish() turns that into an error naming the message and the field.

#include "core/model/result.h"
#include "core/protocol/bytes.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace xylem::protocol {

// M is T or const T: fields() serves the writer (const) and the reader alike.
template <class M, class T>
concept DescribedAs = std::same_as<std::remove_const_t<M>, T>;

inline constexpr size_t kMaxText = 1 << 16;       // names, hosts, labels, metrics
inline constexpr size_t kMaxDocument = 16u << 20; // configurations, topologies, results as JSON

struct MaxSize
{
    size_t max = 0;
};

struct Range
{
    std::int64_t lo = std::numeric_limits<std::int64_t>::min();
    std::int64_t hi = std::numeric_limits<std::int64_t>::max();
};

template <class T> struct IsVector : std::false_type
{
};
template <class T> struct IsVector<std::vector<T>> : std::true_type
{
};
template <class T> struct IsOptional : std::false_type
{
};
template <class T> struct IsOptional<std::optional<T>> : std::true_type
{
};
template <class T> struct IsByteArray : std::false_type
{
};
template <size_t N> struct IsByteArray<std::array<std::uint8_t, N>> : std::true_type
{
};
template <class T> struct IsDuration : std::false_type
{
};
template <class R, class P> struct IsDuration<std::chrono::duration<R, P>> : std::true_type
{
};

class WireWriter;
class WireReader;

template <class T>
concept CustomWire = requires(WireWriter& w, WireReader& r, const T& c, T& m) {
    encodeWire(w, c);
    { decodeWire(r, m) } -> std::same_as<Result<Ok>>;
};

class WireWriter
{
public:
    WireWriter() = default;
    // Writes after what `out` holds (several batches in one payload).
    explicit WireWriter(ByteWriter& out)
        : m_out(&out)
    {
    }
    WireWriter(const WireWriter&) = delete;
    WireWriter& operator=(const WireWriter&) = delete;

    template <class T> void operator()(const char*, const T& value) { put(value); }
    template <class T> void operator()(const char*, const T& value, MaxSize) { put(value); }
    template <class T> void operator()(const char*, const T& value, Range) { put(value); }

    ByteWriter& bytes() { return *m_out; }
    std::vector<std::uint8_t> take() { return m_out->take(); }

private:
    template <class T> void put(const T& value)
    {
        if constexpr (std::is_same_v<T, bool>) {
            m_out->u8(value ? 1 : 0);
        } else if constexpr (std::is_enum_v<T>) {
            put(static_cast<std::underlying_type_t<T>>(value));
        } else if constexpr (std::is_integral_v<T>) {
            putInteger(static_cast<std::uint64_t>(value), sizeof(T));
        } else if constexpr (std::is_same_v<T, double>) {
            m_out->f64(value);
        } else if constexpr (std::is_same_v<T, std::string>) {
            m_out->string(value);
        } else if constexpr (IsByteArray<T>::value) {
            m_out->bytes(value);
        } else if constexpr (IsDuration<T>::value) {
            m_out->i64(static_cast<std::int64_t>(value.count()));
        } else if constexpr (IsOptional<T>::value) {
            m_out->u8(value ? 1 : 0);
            if (value) {
                put(*value);
            }
        } else if constexpr (std::is_same_v<T, std::vector<std::uint8_t>>) {
            m_out->u32(static_cast<std::uint32_t>(value.size())); // a list of bytes, as one block
            m_out->bytes(value);
        } else if constexpr (IsVector<T>::value) {
            m_out->u32(static_cast<std::uint32_t>(value.size()));
            for (const auto& item : value) {
                put(item);
            }
        } else if constexpr (CustomWire<T>) {
            encodeWire(*this, value);
        } else {
            fields(*this, value);
        }
    }

    void putInteger(std::uint64_t v, size_t width)
    {
        switch (width) {
        case 1:
            m_out->u8(static_cast<std::uint8_t>(v));
            break;
        case 2:
            m_out->u16(static_cast<std::uint16_t>(v));
            break;
        case 4:
            m_out->u32(static_cast<std::uint32_t>(v));
            break;
        default:
            m_out->u64(v);
            break;
        }
    }

    ByteWriter m_own;
    ByteWriter* m_out = &m_own;
};

class WireReader
{
public:
    explicit WireReader(std::span<const std::uint8_t> bytes)
        : m_own(bytes)
    {
    }
    // Reads on from where `in` stands (several batches in one payload); a failure fails `in`.
    explicit WireReader(ByteReader& in)
        : m_own({})
        , m_in(&in)
    {
    }
    WireReader(const WireReader&) = delete;
    WireReader& operator=(const WireReader&) = delete;

    template <class T> void operator()(const char* name, T& value) { field(name, value, {}, {}); }
    template <class T> void operator()(const char* name, T& value, MaxSize max)
    {
        field(name, value, max, {});
    }
    template <class T> void operator()(const char* name, T& value, Range range)
    {
        field(name, value, {}, range);
    }

    bool ok() const { return m_in->ok() && m_problem.empty(); }
    bool atEnd() const { return m_in->atEnd(); }
    ByteReader& bytes() { return *m_in; }
    // A custom field's own failure (decodeWire): recorded as this field's problem.
    void failWith(std::string problem);

    // The message as read, or an error naming it and the first field that failed ("malformed
    // TreeHello message: field 'nonce' is truncated"); bytes after the last field are an error.
    Result<Ok> finish(std::string_view message) const;
    // The same, for a part of a payload that more may follow (no check of the end).
    Result<Ok> status(std::string_view what) const;

private:
    struct Step
    {
        const char* name;
        long index; // -1: not an item of a list
    };

    template <class T> void field(const char* name, T& value, MaxSize max, Range range)
    {
        if (!ok()) {
            return;
        }
        m_path.push_back(Step{name, -1});
        get(value, max, range);
        m_path.pop_back();
    }

    template <class T> void get(T& value, MaxSize max, Range range)
    {
        if constexpr (std::is_same_v<T, bool>) {
            std::uint8_t v = 0;
            get(v, max, Range{0, 1});
            value = v == 1;
        } else if constexpr (std::is_enum_v<T>) {
            std::underlying_type_t<T> v{};
            get(v, max, range);
            value = static_cast<T>(v);
        } else if constexpr (std::is_integral_v<T>) {
            const std::uint64_t raw = getInteger(sizeof(T));
            value = static_cast<T>(raw);
            if (m_in->ok() && !inRange(value, range)) {
                fail("is out of range (" + toText(value) + ")");
            }
        } else if constexpr (std::is_same_v<T, double>) {
            value = m_in->f64();
            checkRead();
        } else if constexpr (std::is_same_v<T, std::string>) {
            getString(value, max.max == 0 ? kMaxText : max.max);
        } else if constexpr (IsByteArray<T>::value) {
            const auto taken = m_in->bytes(value.size());
            if (checkRead()) {
                std::copy(taken.begin(), taken.end(), value.begin());
            }
        } else if constexpr (IsDuration<T>::value) {
            std::int64_t v = 0;
            get(v, max, range);
            value = T(static_cast<typename T::rep>(v));
        } else if constexpr (IsOptional<T>::value) {
            bool present = false;
            get(present, {}, {});
            if (present && ok()) {
                typename T::value_type inner{};
                get(inner, max, range);
                value = std::move(inner);
            } else {
                value.reset();
            }
        } else if constexpr (IsVector<T>::value) {
            getList(value, max);
        } else if constexpr (CustomWire<T>) {
            const auto decoded = decodeWire(*this, value);
            if (!decoded) {
                failWith(decoded.error().message);
            }
        } else {
            fields(*this, value);
        }
    }

    template <class Item> void getList(std::vector<Item>& list, MaxSize max)
    {
        constexpr size_t itemBytes = std::is_arithmetic_v<Item> ? sizeof(Item) : 1;
        const std::uint32_t n = m_in->u32();
        if (!checkRead()) {
            return;
        }
        if (max.max != 0 && n > max.max) {
            fail("has " + std::to_string(n) + " items, more than " + std::to_string(max.max));
            return;
        }
        if (n > m_in->remaining() / itemBytes) {
            fail("claims " + std::to_string(n) + " items, more than the payload holds");
            return;
        }
        list.clear();
        if constexpr (std::is_same_v<Item, std::uint8_t>) {
            const auto taken = m_in->bytes(n); // a list of bytes, as one block
            list.assign(taken.begin(), taken.end());
            return;
        }
        if constexpr (std::is_arithmetic_v<Item>) {
            list.reserve(n); // n items of this size are in the payload: no more than it
        }
        for (std::uint32_t i = 0; i < n && ok(); ++i) {
            m_path.back().index = static_cast<long>(i);
            Item item{};
            get(item, {}, {});
            list.push_back(std::move(item));
        }
        m_path.back().index = -1;
    }

    template <class T> static bool inRange(T v, Range range)
    {
        if constexpr (std::is_signed_v<T>) {
            return static_cast<std::int64_t>(v) >= range.lo &&
                   static_cast<std::int64_t>(v) <= range.hi;
        } else {
            const auto u = static_cast<std::uint64_t>(v);
            // The default Range's hi bounds nothing: a u64 may use all its bits.
            const bool unbounded = range.hi == std::numeric_limits<std::int64_t>::max();
            return (range.lo <= 0 || u >= static_cast<std::uint64_t>(range.lo)) &&
                   (unbounded || (range.hi >= 0 && u <= static_cast<std::uint64_t>(range.hi)));
        }
    }

    template <class T> static std::string toText(T v)
    {
        if constexpr (std::is_signed_v<T>) {
            return std::to_string(static_cast<std::int64_t>(v));
        } else {
            return std::to_string(static_cast<std::uint64_t>(v));
        }
    }

    std::uint64_t getInteger(size_t width);
    void getString(std::string& s, size_t maxBytes);
    bool checkRead(); // false (and the field failed as truncated) when the last read ran out
    void fail(std::string problem);

    ByteReader m_own;
    ByteReader* m_in = &m_own;
    std::vector<Step> m_path;
    std::string m_problem; // "field 'x' is truncated"; empty while every read succeeded
};

// The payload of a described message.
template <class M> std::vector<std::uint8_t> encodeFields(const M& m)
{
    WireWriter w;
    fields(w, m);
    return w.take();
}

// A described message from a payload; `name` names it in errors ("TreeHello").
template <class M> Result<M> decodeFields(std::span<const std::uint8_t> payload, std::string_view name)
{
    WireReader r(payload);
    M m{};
    fields(r, m);
    XYLEM_TRY(done, r.finish(name));
    return m;
}

} // namespace xylem::protocol
