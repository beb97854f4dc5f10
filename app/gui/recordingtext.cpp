#include "app/gui/recordingtext.h"

namespace xylem::gui {

namespace {

QString gatherRate(const live::ScopeAccounting& a, bool collectorsOnly)
{
    if (collectorsOnly) {
        return RecordingText::tr("none (collectors only)");
    }
    const auto lost = static_cast<int>(a.lostCollectors().size());
    const QString rate = QStringLiteral("%1 %").arg(a.gatherRatePct(), 0, 'f', 2);
    return lost == 0 ? rate
                     : RecordingText::tr("%1 of what was counted, %2 collector(s) lost")
                           .arg(rate)
                           .arg(lost);
}

} // namespace

QString RecordingText::phase(record::Phase phase)
{
    switch (phase) {
    case record::Phase::Preparing:
        return tr("Preparing the recording…");
    case record::Phase::Baseline:
        return tr("Running the program once without collectors (baseline)…");
    case record::Phase::StartingTree:
        return tr("Starting the gather tree…");
    case record::Phase::AwaitingCollectors:
        return tr("Waiting for the collectors to attach…");
    case record::Phase::Deploying:
        return tr("Deploying the scope and measuring the clocks…");
    case record::Phase::Recording:
        return tr("Recording…");
    case record::Phase::Draining:
        return tr("The program ended: gathering what the rings still hold…");
    case record::Phase::Storing:
        return tr("Storing the run…");
    }
    return {};
}

QString RecordingText::awaitingCollectors(const QString& addressFile, const QString& address)
{
    return tr("Waiting for the collectors to attach through %1 (or at %2 with the tree's token)…")
        .arg(addressFile, address);
}

QString RecordingText::treeUp(int nodes, double latencyMs)
{
    return tr("Gather tree: %1 nodes up in %2 ms").arg(nodes).arg(latencyMs, 0, 'f', 1);
}

QString RecordingText::baseline(double usPerIteration)
{
    return tr("Baseline without collectors: %1 µs per iteration").arg(usPerIteration, 0, 'f', 2);
}

QString RecordingText::clocksNotMeasured(bool atEnd, const QString& error)
{
    return atEnd ? tr("Clocks not measured at the end: %1").arg(error)
                 : tr("Clocks not measured at the start: %1").arg(error);
}

QString RecordingText::status(const record::RecordingStatus& s, const Configuration* config)
{
    const live::ScopeAccounting& a = s.accounting;
    const QString culprit =
        !config || s.imbalancePath.empty() || s.imbalancePath.back() >= config->wrapperCount()
            ? QStringLiteral("–")
            : QString::fromStdString(config->wrapper(s.imbalancePath.back()).id);
    QString line = tr("Recording: %1 s, %2 calls, %3 tuples (%4 k/s), gather rate %5, "
                      "%6 overwritten, delay %7 ms, culprit %8")
                       .arg(a.seconds, 0, 'f', 1)
                       .arg(s.completeCalls)
                       .arg(a.tuples)
                       .arg(a.tuplesPerSecond() / 1e3, 0, 'f', 1)
                       .arg(gatherRate(a, s.collectorsOnly))
                       .arg(a.overwritten)
                       .arg(a.meanDelayMs, 0, 'f', 1)
                       .arg(culprit);
    if (!a.lost.empty() || !a.slow.empty()) {
        line += tr("; nodes lost: %1, slow: %2").arg(a.lost.size()).arg(a.slow.size());
    }
    return line;
}

QString RecordingText::redeployed(const QString& design, const QString& change,
                                  const QString& refusal)
{
    return refusal.isEmpty() ? tr("Design \"%1\" redeployed: %2").arg(design, change)
                             : tr("Redeploy refused: %1").arg(refusal);
}

QString RecordingText::summary(const record::RecordingOutcome& o)
{
    const live::ScopeAccounting& a = o.accounting;
    QStringList lines;
    lines << tr("Run %1 stored in %2: %3 complete calls, %4 incomplete; %5 tuples from %6 rings; "
                "gather rate %7 (%8 overwritten of %9 written).")
                 .arg(o.run)
                 .arg(QString::fromStdString(o.sessionPath))
                 .arg(o.stored.calls)
                 .arg(o.stored.incomplete)
                 .arg(a.tuples)
                 .arg(a.rings)
                 .arg(gatherRate(a, o.scope.monitors.empty()))
                 .arg(a.overwritten)
                 .arg(a.written);
    if (o.workload && (o.workload->exit.signalled || o.workload->exit.number != 0)) {
        lines << tr("The program %1.").arg(QString::fromStdString(o.workload->exit.describe()));
    }
    if (o.incomplete) {
        lines << tr("Gathering ended early, the run keeps what came before: %1")
                     .arg(QString::fromStdString(o.incomplete->describe()));
    }
    return lines.join(QLatin1Char('\n'));
}

QString RecordingText::mpiStatus(qint64 tuples, double seconds, double tuplesPerSecond)
{
    return tr("Recording the MPI program: %1 s, %2 tuples gathered (%3 k/s)")
        .arg(seconds, 0, 'f', 1)
        .arg(tuples)
        .arg(tuplesPerSecond / 1e3, 0, 'f', 1);
}

QString RecordingText::mpiOutput(const QString& line)
{
    return tr("The MPI program: %1").arg(line);
}

QString RecordingText::programExit(const record::ProcessExit& exit)
{
    return exit.signalled ? tr("was killed by signal %1").arg(exit.number)
                          : tr("exited with code %1").arg(exit.number);
}

namespace {

QString noCalls(const record::MpiRecordingOutcome& o)
{
    const QString exit = RecordingText::programExit(o.exit);
    const QString program = QString::fromStdString(o.program);
    switch (o.noCalls.value_or(record::MpiNoCalls::NotVisible)) {
    case record::MpiNoCalls::LauncherFailed:
        return RecordingText::tr("%1 %2 and its ranks recorded no MPI call: its own messages say "
                                 "why; nothing was stored.")
            .arg(QString::fromStdString(o.launcher), exit);
    case record::MpiNoCalls::FailedEarly:
        return RecordingText::tr("%1 %2 and recorded no MPI call (it failed before MPI_Init, or "
                                 "is no MPI program); nothing was stored.")
            .arg(program, exit);
    case record::MpiNoCalls::NotVisible:
        break;
    }
    return RecordingText::tr("%1 %2 but recorded no MPI call: it never called MPI_Init, or its "
                             "MPI library is linked statically; nothing was stored.")
        .arg(program, exit);
}

} // namespace

QString RecordingText::mpiSummary(const record::MpiRecordingOutcome& o)
{
    if (o.runs.empty()) {
        return noCalls(o);
    }
    QStringList lines;
    lines << tr("The MPI program %1; %2 ranks, %3 communicators, %4 MPI calls, stored in %5.")
                 .arg(programExit(o.exit))
                 .arg(o.ranks)
                 .arg(o.communicators)
                 .arg(o.calls)
                 .arg(QString::fromStdString(o.sessionPath));
    for (const record::StoredMpiRun& r : o.runs) {
        lines << (r.label.empty() ? tr("Run %1 (no complete collective that synchronizes every "
                                       "member).")
                                        .arg(r.id)
                                  : tr("Run %1: %2, %3 calls.")
                                        .arg(r.id)
                                        .arg(QString::fromStdString(r.label))
                                        .arg(r.calls));
    }
    if (o.interrupted) {
        lines << tr("Interrupted: what the program recorded is stored.");
    }
    if (!o.complete) {
        lines << tr("The program did not reach MPI_Finalize: clock samples and communicators made "
                    "later are missing.");
    }
    if (o.unmatchedDetails > 0) {
        lines << tr("%1 calls were lost to full rings.").arg(o.unmatchedDetails);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace xylem::gui
