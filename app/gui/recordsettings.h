#pragma once

// The recordings the Live menu offers, as its dialogs fill them in, and what each asks of
// core/record: a local demo cluster, the machines of a host file, collectors of a program
// started elsewhere (recorded in this process), and an MPI program (by xylem-cli mpi).

#include "core/record/recordrequest.h"

#include <QString>
#include <QStringList>

namespace xylem::gui {

struct DemoSettings
{
    int hosts = 4;
    int threadsPerHost = 2;
    QString shape = QStringLiteral("hierarchy");   // flat, kary, binomial, hierarchy
    QString noise = QStringLiteral("h2.t1:200:1"); // THREAD:DELAY_US[:EVERY]; empty for none
    qint64 iterations = 100000000;                 // until stopped, in practice
    QString session;                               // the file to record into
    QString hostList;   // "n0,n1,..." instead of `hosts` h0..h<n-1> (a scope design's hosts)
    QString designFile; // a scope design to record through (--design, with --figures-json)
};

// Monitoring a program started elsewhere: the recording writes addressFile, the program's
// collectors (`xylem-collector --attach ADDRESSFILE --host H --ring-prefix P`) join through it.
struct AttachSettings
{
    QString configuration; // the program's xylem-tree/1 file
    QString addressFile;
    QString scope;      // an xylem-scope/1 file; empty for the default scope
    QString designFile; // or a scope design to record through (--design, with --figures-json)
    int durationSeconds = 3600;
    QString session;
};

// An MPI program recorded through the PMPI interposer (`xylem-cli mpi -o S -- COMMAND`).
struct MpiRecordSettings
{
    QStringList command;                         // mpirun and its arguments, as exec takes them
    QString shape = QStringLiteral("hierarchy"); // hierarchy or flat
    QString session;
};

// The gsum benchmark on the machines of a host file: hosts of this machine run here, the others
// start through the launcher.
struct ClusterRecordSettings
{
    QString hostFile; // OpenMPI or Slurm host file, optional cluster=NAME and slots=N
    QString launcher = QStringLiteral("ssh {host} {command}");
    QString listen = QStringLiteral("auto"); // the front-end's address, or auto
    int threadsPerHost = 0;                  // 0: each host's slots
    qint64 iterations = 0;                   // 0: run for durationSeconds instead
    int durationSeconds = 600;
    QString benchmark = QStringLiteral("gsum"); // gsum or compute-gsum
    QString noise;                              // THREAD:DELAY_US[:EVERY]; empty for none
    QString scope;                              // an xylem-scope/1 file; empty for the default
    QString designFile;                         // or a scope design (--design, --figures-json)
    QString session;
};

// What each kind of recording asks of core/record (the run named in the user's language).
record::RecordRequest demoRequest(const DemoSettings& settings);
record::RecordRequest attachRequest(const AttachSettings& settings);
record::RecordRequest clusterRequest(const ClusterRecordSettings& settings);

} // namespace xylem::gui
