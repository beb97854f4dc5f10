#pragma once

// The culprit strip of the view over time: one band per bucket, coloured by the thread that was
// last at the root most often in it (core/analysis/overtime.h, CulpritBucket), so that "the same
// thread all run" reads as one colour and a culprit that changes as a change of colour. Only the
// threads that are culprits most often get a colour of their own (a legend entry each, with how
// many buckets they hold); the rest share a neutral grey. The teeth of a periodic pattern are
// marked above the bands, on the same time axis.

#include "views/overtimeview.h"

#include <QColor>

#include <vector>

class QCPAxisRect;
class QCPLegend;

namespace xylem::views {

inline constexpr size_t kNamedCulprits = 6;

struct CulpritColours
{
    std::vector<int> named;        // wrappers, most buckets first (ties: earlier wrapper)
    std::vector<std::int64_t> won; // buckets each named one is the culprit of
    std::int64_t othersWon = 0;    // buckets of the culprits without a colour of their own
    std::int64_t nonEmpty = 0;     // buckets with a call

    QColor colourOf(int wrapper) const; // invalid for -1 (an empty bucket)
};

CulpritColours culpritColours(const OverTime& series);
QColor otherCulpritColour();

// Draws the bands (and the comb's teeth when the run is periodic) in rect, x in ns / nsPerX;
// the legend gets one entry per named culprit. Returns the colour of every bucket.
std::vector<QColor> drawCulpritStrip(QCPAxisRect* rect, QCPLegend* legend, const OverTimeData& data,
                                     const CulpritColours& colours, double nsPerX);

} // namespace xylem::views
