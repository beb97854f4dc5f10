#include "core/analysis/classes.h"

namespace xylem {

std::vector<ThreadClass> classifyThreads(const std::vector<ThreadReport>& threads)
{
    std::vector<ThreadClass> classes;
    std::vector<double> bestMean;
    for (const ThreadReport& t : threads) {
        size_t c = 0;
        while (c < classes.size() && classes[c].signature != t.signature) {
            ++c;
        }
        if (c == classes.size()) {
            classes.push_back(ThreadClass{t.signature, {}, t.wrapper});
            bestMean.push_back(t.callTime.mean);
        } else if (t.callTime.mean >= bestMean[c]) {
            classes[c].representative = t.wrapper;
            bestMean[c] = t.callTime.mean;
        }
        classes[c].threads.push_back(t.wrapper);
    }
    return classes;
}

} // namespace xylem
