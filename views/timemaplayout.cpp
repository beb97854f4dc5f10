#include "views/timemaplayout.h"

#include <algorithm>
#include <cctype>

namespace xylem::views {

std::vector<TimemapBar> layoutTimemaps(const AnalysisReport& report,
                                       const std::vector<int>& threads, bool arrivalWaits)
{
    std::vector<TimemapBar> bars;
    for (size_t row = 0; row < threads.size(); ++row) {
        const ThreadReport* thread = report.thread(threads[row]);
        if (!thread) {
            continue;
        }
        std::vector<TimemapStage> shown;
        for (const TimemapStage& s : thread->timemap) {
            if (arrivalWaits || s.stage != Stage::ArrivalWait) {
                shown.push_back(s);
            }
        }
        double down = 0;
        for (const TimemapStage& s : shown) {
            down += s.direction == Direction::Down ? s.meanNs : 0;
        }
        double x = -down;
        for (const TimemapStage& s : shown) {
            bars.push_back({threads[row], static_cast<int>(row), s, x, x + s.meanNs});
            x += s.meanNs;
        }
    }
    return bars;
}

std::vector<int> defaultTimemapThreads(const AnalysisReport& report)
{
    std::vector<int> threads;
    if (!report.imbalancePath.empty()) {
        threads.push_back(report.imbalancePath.back());
    }
    for (const ThreadClass& c : report.classes) {
        if (std::find(threads.begin(), threads.end(), c.representative) == threads.end()) {
            threads.push_back(c.representative);
        }
    }
    return threads;
}

int timemapCulprit(const AnalysisReport& report)
{
    return report.imbalancePath.empty() ? -1 : report.imbalancePath.back();
}

std::string stageAbbreviation(Stage stage)
{
    std::string initials;
    bool wordStart = true;
    for (const char c : toString(stage)) {
        if (wordStart && c != ' ') {
            initials += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        wordStart = c == ' ';
    }
    return initials;
}

} // namespace xylem::views
