#pragma once

// What an MPI recording (mpirecording.h) reads from the MPI launch command it is given, so that it
// can gather from every node of the job: the hosts the ranks run on, and the command with what the
// ranks must inherit forwarded to the other hosts.
//
//   mpirun|mpiexec -H a,b:2 | --host a,b | --hostfile F | --machinefile F   (OpenMPI, MPICH)
//   srun -w a,b | --nodelist=node[01-04]                                     (Slurm)
//   either inside a Slurm allocation without a list: $SLURM_JOB_NODELIST
//
// A command that names no host runs on this machine only.

#include "core/model/result.h"

#include <string>
#include <vector>

namespace xylem::record {

enum class MpiLauncherKind
{
    OpenMpi, // mpirun, mpiexec, orterun, prterun of OpenMPI: forwards what -x names
    Mpich,   // mpiexec.hydra and MPICH's mpirun: forwards the whole environment by default
    Slurm,   // srun: exports the whole environment by default
    None,    // the program itself, or a launcher Xylem does not know
};

// name as exec finds it: a name with a slash as it is, a bare one on $PATH; empty when it is no
// executable file.
std::string executable(const std::string& name);
// The command's program as exec needs it: a bare name is looked up on $PATH, as a shell would.
std::vector<std::string> resolvedCommand(std::vector<std::string> command);
// The program a run is named after: for "mpirun -np 4 ./ring --late-us 200", ring (after the
// launcher, the first argument that is no option and names an executable file); a command
// without a launcher names its own first argument.
std::string programName(const std::vector<std::string>& command);

MpiLauncherKind launcherKindOf(const std::vector<std::string>& command);

// The job's hosts: those of hostFile when one is given, else those the command names (with
// $SLURM_JOB_NODELIST inside an allocation); empty: this machine.
Result<std::vector<std::string>> mpiJobHosts(const std::vector<std::string>& command,
                                             const std::string& hostFile);

// The job's hosts in the order the command names them, each once; empty when it names none.
// `slurmNodeList` is $SLURM_JOB_NODELIST (empty outside an allocation).
Result<std::vector<std::string>> mpiHostsOf(const std::vector<std::string>& command,
                                            const std::string& slurmNodeList);

// What the launcher is started with so that its ranks get `environment` ("NAME=VALUE" each).
struct RankLaunch
{
    std::vector<std::string> command;
    std::vector<std::string> environment; // the launcher's own, beside what it inherits
};

// An OpenMPI launcher, whose ranks on other hosts inherit only what it is told to forward, gets
// `-x NAME` after its name for each setting, and LD_PRELOAD as `-x LD_PRELOAD=VALUE` in every
// application context instead of in its own environment: the interposer, linked with libmpi,
// loaded into mpirun itself made OpenMPI 4.1's mpirun crash now and then (SIGSEGV in
// PMIx_server_finalize) or hang at the end of a job ended by MPI_Abort. (With --app FILE the
// contexts are in the file: LD_PRELOAD stays in the launcher's environment there.) Other
// launchers pass their whole environment on: as they are.
RankLaunch rankLaunch(std::vector<std::string> command, std::vector<std::string> environment);

} // namespace xylem::record
