#pragma once

// An allocator for per-call value arrays: cache-line aligned (whole lines can be streamed),
// and without the zero-fill that std::vector's resize() would do before every element is
// overwritten anyway. (Transparent huge pages were tried for the large arrays: with the
// kernel's synchronous compaction the first analysis got slower as often as faster.)

#include <cstddef>
#include <new>
#include <utility>
#include <vector>

namespace xylem {

template <typename T> struct CacheLineAllocator
{
    using value_type = T;
    CacheLineAllocator() = default;
    template <typename U> CacheLineAllocator(const CacheLineAllocator<U>&) noexcept {}

    static constexpr std::align_val_t kAlignment{64};

    T* allocate(std::size_t n)
    {
        return static_cast<T*>(::operator new(n * sizeof(T), kAlignment));
    }
    void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, kAlignment); }

    // Default-initialise on resize(): the caller writes every element right after.
    template <typename U> void construct(U* p) noexcept { ::new (static_cast<void*>(p)) U; }
    template <typename U, typename... Args> void construct(U* p, Args&&... args)
    {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }

    template <typename U> bool operator==(const CacheLineAllocator<U>&) const noexcept
    {
        return true;
    }
};

template <typename T> using AlignedVector = std::vector<T, CacheLineAllocator<T>>;

} // namespace xylem
