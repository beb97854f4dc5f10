#pragma once

// Makes memory that a long-running Xylem process frees go back to the system, so that its
// resident set follows the data it holds now rather than the largest burst it ever held.
//
// Why: glibc raises its mmap threshold to the size of any large block freed (up to 32 MiB) and
// its trim threshold to twice that. After one burst (a front-end stalled for a few seconds, then
// a wave carrying seconds of tuples), later batches of that size come from the heap and up to
// twice the burst stays resident for good: measured on a five-minute recording (two hosts, two
// threads, raw tracing and load balance, a parallel build beside it), a collector's anonymous
// memory stepped from 2-4 MiB to 7.6 MiB and stayed there for minutes, and the front-end's
// breathed over 6 MiB. With fixed thresholds (these values) the same recording held each
// collector at 2.0-2.9 MiB and the front-end within 1.4 MiB.
//
// Call once, early in main, before threads start. A block of 1 MiB or more is then mapped on
// its own and unmapped when freed; more than 1 MiB free at the heap's top is given back. Not
// lower: a block mapped on its own costs a page fault for every 4 KiB each time it is made, and
// a wave's arrays are hundreds of KiB — at 256 KiB a front-end gathering gsum with a
// load-balance scope took 7 000 page faults a second, a collector 2 300 (perf stat); at 1 MiB,
// with last-arrival's arrays kept between waves, 540 and 100.

namespace xylem {

void returnFreedMemoryToSystem();

// Gives back the free pages inside the heap as well (malloc_trim). The thresholds above return
// large blocks and the heap's top; a burst of small blocks (the calls of a wave that carries
// seconds of tuples after a stall) leaves its pages below blocks still in use, resident for
// good: measured on the same recording, the front-end spiked to 102 MiB once and stayed 8 MiB
// above where it stood before. A long-running loop calls this now and then (a recording: once
// a second, see core/record/gathering.cpp).
void giveBackFreePages();

} // namespace xylem
