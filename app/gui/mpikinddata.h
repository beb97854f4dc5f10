#pragma once

// What the MPI kind chooser (mpikindbar.h) lists for a run with MPI data: every
// (communicator, collective kind) of the run's MPI data with its time (core/model/mpikinds.h) and,
// for a kind that forms a stage tree, the stored run of that kind from the same recording. Runs
// of one recording are named "NAME: MPI_Allreduce on MPI_COMM_WORLD" (core/record/mpistoring.h): the
// run of a kind is the one with the current run's NAME and that kind's label, nearest by id.
// Read off the GUI thread.

#include "app/gui/sessioncontroller.h"
#include "core/model/mpikinds.h"
#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xylem::gui {

struct MpiKindEntry
{
    std::int64_t run = 0; // the stored run of the kind; 0: none (a rooted kind, or not stored)
    std::string call;     // "MPI_Allreduce"
    std::string communicator;
    std::int64_t calls = 0; // complete instances
    std::int64_t timeNs = 0;
    bool stageTree = false;
    bool isDefault = false; // the kind with the most time
};

// nullopt for a run without MPI data.
Result<std::optional<std::vector<MpiKindEntry>>> loadMpiKinds(store::Session& session,
                                                              std::int64_t run);

// The run a session opens on when asked for its newest: the newest run or, when that is one of a
// recording's runs per MPI kind ("NAME: MPI_Allreduce on MPI_COMM_WORLD", stored the most time
// first), that recording's first run: the kind with the most time. 0 for no runs.
qint64 newestRecordingStart(const QVector<RunEntry>& runs);

} // namespace xylem::gui
