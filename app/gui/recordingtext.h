#pragma once

// What a recording reports (core/record/recordingevents.h, core/record/mpirecording.h), in the
// user's language: the status bar's line for each phase and each live status, the MPI
// program's output, and the summary of a stored run.

#include "core/record/mpirecording.h"
#include "core/record/recordingevents.h"

#include <QCoreApplication>
#include <QString>

namespace xylem::gui {

class RecordingText
{
    Q_DECLARE_TR_FUNCTIONS(RecordingText)

public:
    static QString phase(record::Phase phase);
    static QString awaitingCollectors(const QString& addressFile, const QString& address);
    static QString treeUp(int nodes, double latencyMs);
    static QString baseline(double usPerIteration);
    static QString clocksNotMeasured(bool atEnd, const QString& error);
    // seconds, calls, tuples and their rate, gather rate, overwritten, delay, troubles, culprit
    // (named when config, the recording's, is known).
    static QString status(const record::RecordingStatus& status, const Configuration* config);
    static QString redeployed(const QString& design, const QString& change, const QString& refusal);
    // A few lines: calls stored, tuples, gather rate; the program's exit when it failed; what
    // was left out when gathering ended early.
    static QString summary(const record::RecordingOutcome& outcome);

    // An MPI program's recording: seconds, tuples gathered and their rate.
    static QString mpiStatus(qint64 tuples, double seconds, double tuplesPerSecond);
    // A line the MPI program wrote.
    static QString mpiOutput(const QString& line);
    // "exited with code 3", "was killed by signal 9"
    static QString programExit(const record::ProcessExit& exit);
    // The stored runs: ranks, calls, one line per run, what is missing; or, when nothing was
    // stored, why.
    static QString mpiSummary(const record::MpiRecordingOutcome& outcome);
};

} // namespace xylem::gui
