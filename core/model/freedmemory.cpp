#include "core/model/freedmemory.h"

#include <malloc.h>

namespace xylem {

namespace {

constexpr int kOwnMappingBytes = 1024 * 1024;
constexpr int kHeapTopKeptBytes = 1024 * 1024;

} // namespace

void returnFreedMemoryToSystem()
{
    // Setting either value also turns off glibc's adjustment of both.
    mallopt(M_MMAP_THRESHOLD, kOwnMappingBytes);
    mallopt(M_TRIM_THRESHOLD, kHeapTopKeptBytes);
}

void giveBackFreePages()
{
    malloc_trim(0);
}

} // namespace xylem
