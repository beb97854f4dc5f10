<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ColumnTitle</name>
    <message>
        <source>thread</source>
        <translation>Thread</translation>
    </message>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>critical arrivals</source>
        <translation>kritische Ankünfte</translation>
    </message>
    <message>
        <source>slowest share</source>
        <translation>Anteil als Langsamster</translation>
    </message>
    <message>
        <source>A: slowest share</source>
        <translation>A: Anteil als Langsamster</translation>
    </message>
    <message>
        <source>B: slowest share</source>
        <translation>B: Anteil als Langsamster</translation>
    </message>
    <message>
        <source>gred</source>
        <translation>Gred</translation>
    </message>
    <message>
        <source>contributor</source>
        <translation>Beitragender</translation>
    </message>
    <message>
        <source>last arrivals</source>
        <translation>letzte Ankünfte</translation>
    </message>
    <message>
        <source>arrival order</source>
        <translation>Ankunftsreihenfolge</translation>
    </message>
    <message>
        <source>departure order</source>
        <translation>Abgangsreihenfolge</translation>
    </message>
    <message>
        <source>wrapper</source>
        <translation>Wrapper</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>depth</source>
        <translation>Tiefe</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>representative</source>
        <translation>Vertreter</translation>
    </message>
    <message>
        <source>members</source>
        <translation>Mitglieder</translation>
    </message>
    <message>
        <source>call time</source>
        <translation>Aufrufzeit</translation>
    </message>
    <message>
        <source>arrival wait</source>
        <translation>Ankunftswartezeit</translation>
    </message>
    <message>
        <source>departure wait</source>
        <translation>Abgangswartezeit</translation>
    </message>
    <message>
        <source>total latency</source>
        <translation>Gesamtlatenz</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>min</source>
        <translation>Min.</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>stddev</source>
        <translation>Std.-Abw.</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>a table column: a measure and a statistic of it, e.g. &quot;call time mean&quot;</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>p99.9</source>
        <translation>p99,9</translation>
    </message>
    <message>
        <source>what</source>
        <translation>was</translation>
    </message>
    <message>
        <source>of</source>
        <translation>von</translation>
    </message>
    <message>
        <source>call #</source>
        <translation>Aufruf #</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Beginn</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>RecordingText</name>
    <message>
        <source>none (collectors only)</source>
        <translation>keine (nur Kollektoren)</translation>
    </message>
    <message>
        <source>%1 of what was counted, %2 collector(s) lost</source>
        <translation>%1 des Gezählten, %2 Kollektor(en) verloren</translation>
    </message>
    <message>
        <source>Preparing the recording…</source>
        <translation>Die Aufzeichnung wird vorbereitet…</translation>
    </message>
    <message>
        <source>Running the program once without collectors (baseline)…</source>
        <translation>Das Programm läuft einmal ohne Kollektoren (Basislinie)…</translation>
    </message>
    <message>
        <source>Starting the gather tree…</source>
        <translation>Der Sammelbaum startet…</translation>
    </message>
    <message>
        <source>Waiting for the collectors to attach…</source>
        <translation>Warten, bis sich die Kollektoren anschließen…</translation>
    </message>
    <message>
        <source>Deploying the scope and measuring the clocks…</source>
        <translation>Der Scope wird verteilt, die Uhren werden gemessen…</translation>
    </message>
    <message>
        <source>Recording…</source>
        <translation>Aufzeichnung läuft…</translation>
    </message>
    <message>
        <source>The program ended: gathering what the rings still hold…</source>
        <translation>Das Programm ist beendet: Der Rest der Ringe wird eingesammelt…</translation>
    </message>
    <message>
        <source>Storing the run…</source>
        <translation>Der Lauf wird gespeichert…</translation>
    </message>
    <message>
        <source>Waiting for the collectors to attach through %1 (or at %2 with the tree&apos;s token)…</source>
        <translation>Warten, bis sich die Kollektoren über %1 anschließen (oder an %2 mit dem Token des Baums)…</translation>
    </message>
    <message>
        <source>Gather tree: %1 nodes up in %2 ms</source>
        <translation>Sammelbaum: %1 Knoten bereit in %2 ms</translation>
    </message>
    <message>
        <source>Baseline without collectors: %1 µs per iteration</source>
        <translation>Basislinie ohne Kollektoren: %1 µs pro Iteration</translation>
    </message>
    <message>
        <source>Clocks not measured at the end: %1</source>
        <translation>Uhren am Ende nicht gemessen: %1</translation>
    </message>
    <message>
        <source>Clocks not measured at the start: %1</source>
        <translation>Uhren am Anfang nicht gemessen: %1</translation>
    </message>
    <message>
        <source>Recording: %1 s, %2 calls, %3 tuples (%4 k/s), gather rate %5, %6 overwritten, delay %7 ms, culprit %8</source>
        <translation>Aufzeichnung: %1 s, %2 Aufrufe, %3 Tupel (%4 k/s), Sammelrate %5, %6 überschrieben, Verzögerung %7 ms, Verursacher %8</translation>
    </message>
    <message>
        <source>; nodes lost: %1, slow: %2</source>
        <translation>; Knoten verloren: %1, langsam: %2</translation>
    </message>
    <message>
        <source>Design &quot;%1&quot; redeployed: %2</source>
        <translation>Entwurf „%1“ neu verteilt: %2</translation>
    </message>
    <message>
        <source>Redeploy refused: %1</source>
        <translation>Neu verteilen abgelehnt: %1</translation>
    </message>
    <message>
        <source>Run %1 stored in %2: %3 complete calls, %4 incomplete; %5 tuples from %6 rings; gather rate %7 (%8 overwritten of %9 written).</source>
        <translation>Lauf %1 in %2 gespeichert: %3 vollständige Aufrufe, %4 unvollständig; %5 Tupel aus %6 Ringen; Sammelrate %7 (%8 von %9 geschriebenen überschrieben).</translation>
    </message>
    <message>
        <source>The program %1.</source>
        <translation>Das Programm: %1.</translation>
    </message>
    <message>
        <source>Gathering ended early, the run keeps what came before: %1</source>
        <translation>Das Sammeln endete vorzeitig, der Lauf behält, was davor kam: %1</translation>
    </message>
    <message>
        <source>Recording the MPI program: %1 s, %2 tuples gathered (%3 k/s)</source>
        <translation>Das MPI-Programm wird aufgezeichnet: %1 s, %2 Tupel gesammelt (%3 k/s)</translation>
    </message>
    <message>
        <source>The MPI program: %1</source>
        <translation>Das MPI-Programm: %1</translation>
    </message>
    <message>
        <source>was killed by signal %1</source>
        <translation>wurde durch Signal %1 beendet</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>endete mit Code %1</translation>
    </message>
    <message>
        <source>%1 %2 and its ranks recorded no MPI call: its own messages say why; nothing was stored.</source>
        <translation>%1 %2, und seine Ranks zeichneten keinen MPI-Aufruf auf: seine eigenen Meldungen sagen, warum; nichts wurde gespeichert.</translation>
    </message>
    <message>
        <source>%1 %2 and recorded no MPI call (it failed before MPI_Init, or is no MPI program); nothing was stored.</source>
        <translation>%1 %2 und zeichnete keinen MPI-Aufruf auf (es scheiterte vor MPI_Init oder ist kein MPI-Programm); nichts wurde gespeichert.</translation>
    </message>
    <message>
        <source>%1 %2 but recorded no MPI call: it never called MPI_Init, or its MPI library is linked statically; nothing was stored.</source>
        <translation>%1 %2, zeichnete aber keinen MPI-Aufruf auf: es rief MPI_Init nie auf, oder seine MPI-Bibliothek ist statisch gelinkt; nichts wurde gespeichert.</translation>
    </message>
    <message>
        <source>The MPI program %1; %2 ranks, %3 communicators, %4 MPI calls, stored in %5.</source>
        <translation>Das MPI-Programm %1; %2 Ranks, %3 Kommunikatoren, %4 MPI-Aufrufe, gespeichert in %5.</translation>
    </message>
    <message>
        <source>Run %1 (no complete collective that synchronizes every member).</source>
        <translation>Lauf %1 (keine vollständige kollektive Operation, die alle Mitglieder synchronisiert).</translation>
    </message>
    <message>
        <source>Run %1: %2, %3 calls.</source>
        <translation>Lauf %1: %2, %3 Aufrufe.</translation>
    </message>
    <message>
        <source>Interrupted: what the program recorded is stored.</source>
        <translation>Unterbrochen: Was das Programm aufgezeichnet hat, ist gespeichert.</translation>
    </message>
    <message>
        <source>The program did not reach MPI_Finalize: clock samples and communicators made later are missing.</source>
        <translation>Das Programm erreichte MPI_Finalize nicht: Uhrenproben und später erzeugte Kommunikatoren fehlen.</translation>
    </message>
    <message>
        <source>%1 calls were lost to full rings.</source>
        <translation>%1 Aufrufe gingen in vollen Ringen verloren.</translation>
    </message>
</context>
<context>
    <name>ScopeNodeItem</name>
    <message>
        <source>wait for all</source>
        <translation>auf alle warten</translation>
    </message>
    <message>
        <source>time-out %1 ms</source>
        <translation>Zeitlimit %1 ms</translation>
    </message>
    <message>
        <source>do not wait</source>
        <translation>nicht warten</translation>
    </message>
    <message>
        <source>%1 filter</source>
        <translation>Filter %1</translation>
    </message>
    <message>
        <source>%1 (no host)</source>
        <translation>%1 (kein Host)</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>pull %1 ms · %2 helpers · %3</source>
        <translation>Abruf %1 ms · %2 Helfer · %3</translation>
    </message>
    <message>
        <source>%1 helpers · %2</source>
        <translation>%1 Helfer · %2</translation>
    </message>
    <message>
        <source>ring %1 · %2</source>
        <translation>Ring %1 · %2</translation>
    </message>
    <message>
        <source>%1 M/s</source>
        <translation>%1 M/s</translation>
    </message>
    <message>
        <source>%1 k/s</source>
        <translation>%1 k/s</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>%1 · %2 % read · %3 lost
</source>
        <translation>%1 · %2 % gelesen · %3 verloren
</translation>
    </message>
    <message>
        <source>delay %1 ms</source>
        <translation>Verzögerung %1 ms</translation>
    </message>
    <message>
        <source>CPU %1 %</source>
        <translation>CPU %1 %</translation>
    </message>
    <message>
        <source>LOST</source>
        <translation>VERLOREN</translation>
    </message>
    <message>
        <source>collectors by gather rate</source>
        <translation>Kollektoren nach Sammelrate</translation>
    </message>
    <message>
        <source>coscheduled after sending</source>
        <translation>Coscheduling nach dem Senden</translation>
    </message>
    <message>
        <source>coscheduled after release</source>
        <translation>Coscheduling nach der Freigabe</translation>
    </message>
    <message>
        <source>+ %1</source>
        <translation>+ %1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Performance analysis of collective communication</source>
        <translation>Leistungsanalyse kollektiver Kommunikation</translation>
    </message>
    <message>
        <source>The run to show first.</source>
        <translation>Der Lauf, der zuerst angezeigt wird.</translation>
    </message>
    <message>
        <source>Save the window as PNG once the run is shown, then quit.</source>
        <translation>Das Fenster als PNG speichern, sobald der Lauf angezeigt wird, und beenden.</translation>
    </message>
    <message>
        <source>Record a local demo cluster (4 hosts x 2 threads, h2.t1 delayed) into FILE and show it live.</source>
        <translation>Einen lokalen Demo-Cluster (4 Hosts x 2 Threads, h2.t1 verzögert) in FILE aufzeichnen und live anzeigen.</translation>
    </message>
    <message>
        <source>The language of the window: %1 (default: the choice in View ▸ Language, else the system&apos;s).</source>
        <translation>Die Sprache des Fensters: %1 (Vorgabe: die Wahl unter Ansicht ▸ Sprache, sonst die des Systems).</translation>
    </message>
    <message>
        <source>With --screenshot: show run N after the first and save the window then (the comparison puts the two side by side).</source>
        <translation>Mit --screenshot: nach dem ersten Lauf Lauf N anzeigen und erst dann das Fenster speichern (der Vergleich stellt beide nebeneinander).</translation>
    </message>
    <message>
        <source>Open a scope design (*.design.json) in the Scope builder.</source>
        <translation>Einen Umfangsentwurf (*.design.json) im Umfang-Baukasten öffnen.</translation>
    </message>
    <message>
        <source>The tab to show: overview (the default), tree, timemap, serialization, comparison, timeline, overtime, call (the run&apos;s slowest call), tables, waitstates, scopes, clocks or monitors.</source>
        <translation>Der anzuzeigende Reiter: overview (Vorgabe), tree, timemap, serialization, comparison, timeline, overtime, call (der langsamste Aufruf des Laufs), tables, waitstates, scopes, clocks oder monitors.</translation>
    </message>
    <message>
        <source>Session files to open, side by side.</source>
        <translation>Sitzungsdateien, die nebeneinander geöffnet werden.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::AttachDialog</name>
    <message>
        <source>Tree configurations (*.json);;All files (*)</source>
        <translation>Baumkonfigurationen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Address files (*.address);;All files (*)</source>
        <translation>Adressdateien (*.address);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Event scopes (*.json);;All files (*)</source>
        <translation>Ereignisumfänge (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Xylem sessions (*.xylem)</source>
        <translation>Xylem-Sitzungen (*.xylem)</translation>
    </message>
    <message>
        <source>Monitor a Running Program</source>
        <translation>Laufendes Programm überwachen</translation>
    </message>
    <message>
        <source>the default scope (raw tracing)</source>
        <translation>der Standardumfang (rohe Ablaufverfolgung)</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Program&apos;s tree configuration:</source>
        <translation>Baumkonfiguration des Programms:</translation>
    </message>
    <message>
        <source>Address file to write:</source>
        <translation>Zu schreibende Adressdatei:</translation>
    </message>
    <message>
        <source>Event scope:</source>
        <translation>Ereignisumfang:</translation>
    </message>
    <message>
        <source>Record for at most:</source>
        <translation>Höchstens aufzeichnen für:</translation>
    </message>
    <message>
        <source>Session file:</source>
        <translation>Sitzungsdatei:</translation>
    </message>
    <message>
        <source>Start Monitoring</source>
        <translation>Überwachung starten</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Then start on each node of the program:
xylem-collector --attach %1 --host HOST --ring-prefix PREFIX
and run the program with XYLEM_RING_PREFIX=PREFIX.</source>
        <translation>Starten Sie dann auf jedem Knoten des Programms:
xylem-collector --attach %1 --host HOST --ring-prefix PREFIX
und führen Sie das Programm mit XYLEM_RING_PREFIX=PREFIX aus.</translation>
    </message>
    <message>
        <source>Deploy to a Running Program</source>
        <translation>Auf ein laufendes Programm ausrollen</translation>
    </message>
    <message>
        <source>Deploy</source>
        <translation>Ausrollen</translation>
    </message>
    <message>
        <source>Then start one collector on each host of the design:
%1
and run the program with XYLEM_RING_PREFIX=PREFIX.</source>
        <translation>Starten Sie dann einen Kollektor auf jedem Host des Entwurfs:
%1
und führen Sie das Programm mit XYLEM_RING_PREFIX=PREFIX aus.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::BusyBar</name>
    <message>
        <source>reading %p%</source>
        <translation>gelesen: %p%</translation>
    </message>
</context>
<context>
    <name>xylem::gui::CallDetailJob</name>
    <message>
        <source>Cannot show call #%1 of run %2: %3</source>
        <translation>Aufruf #%1 von Lauf %2 kann nicht gezeigt werden: %3</translation>
    </message>
</context>
<context>
    <name>xylem::gui::ClusterRecordDialog</name>
    <message>
        <source>Host files (*);;Text files (*.txt)</source>
        <translation>Host-Dateien (*);;Textdateien (*.txt)</translation>
    </message>
    <message>
        <source>Event scopes and scope designs (*.json);;All files (*)</source>
        <translation>Ereignisumfänge und Umfangsentwürfe (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Xylem sessions (*.xylem)</source>
        <translation>Xylem-Sitzungen (*.xylem)</translation>
    </message>
    <message>
        <source>Record on a Cluster</source>
        <translation>Auf einem Cluster aufzeichnen</translation>
    </message>
    <message>
        <source>one host per line, as mpirun and Slurm take them</source>
        <translation>ein Host pro Zeile, wie mpirun und Slurm sie lesen</translation>
    </message>
    <message>
        <source>Starts a relay or collector on another machine: {host} is the machine, {command} what runs there</source>
        <translation>Startet ein Relay oder einen Kollektor auf einem anderen Rechner: {host} ist der Rechner, {command} das, was dort läuft</translation>
    </message>
    <message>
        <source>Where the front-end listens: an address of this machine, or auto for the interface that routes to the other machines</source>
        <translation>Wo das Front-End lauscht: eine Adresse dieses Rechners oder auto für die Schnittstelle, über die die anderen Rechner erreicht werden</translation>
    </message>
    <message>
        <source>the host file&apos;s slots</source>
        <translation>die Slots der Host-Datei</translation>
    </message>
    <message>
        <source>iterations</source>
        <translation>Iterationen</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>gsum (allreduce only)</source>
        <translation>gsum (nur Allreduce)</translation>
    </message>
    <message>
        <source>compute-gsum (computation between allreduces)</source>
        <translation>compute-gsum (Berechnung zwischen den Allreduces)</translation>
    </message>
    <message>
        <source>none (e.g. node02.t1:200:1)</source>
        <translation>keiner (z. B. node02.t1:200:1)</translation>
    </message>
    <message>
        <source>THREAD:DELAY_US[:EVERY] — a thread made late to plant a culprit; empty for none</source>
        <translation>THREAD:DELAY_US[:EVERY] — ein Thread, der als Verursacher verspätet wird; leer für keinen</translation>
    </message>
    <message>
        <source>the default scope (raw tracing)</source>
        <translation>der Standardumfang (rohe Ablaufverfolgung)</translation>
    </message>
    <message>
        <source>A new or existing session; its folder is made when missing</source>
        <translation>Eine neue oder bestehende Sitzung; ihr Ordner wird angelegt, wenn er fehlt</translation>
    </message>
    <message>
        <source>Host file:</source>
        <translation>Host-Datei:</translation>
    </message>
    <message>
        <source>Launcher:</source>
        <translation>Startprogramm:</translation>
    </message>
    <message>
        <source>Listen on:</source>
        <translation>Lauschen auf:</translation>
    </message>
    <message>
        <source>Threads per host:</source>
        <translation>Threads pro Host:</translation>
    </message>
    <message>
        <source>Run for:</source>
        <translation>Laufzeit:</translation>
    </message>
    <message>
        <source>Benchmark:</source>
        <translation>Benchmark:</translation>
    </message>
    <message>
        <source>Delayed thread:</source>
        <translation>Verzögerter Thread:</translation>
    </message>
    <message>
        <source>Event scope or design:</source>
        <translation>Ereignisumfang oder Entwurf:</translation>
    </message>
    <message>
        <source>Session file:</source>
        <translation>Sitzungsdatei:</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Aufzeichnen</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose the host file of the machines to record on.</source>
        <translation>Wählen Sie die Host-Datei der Rechner, auf denen aufgezeichnet werden soll.</translation>
    </message>
    <message>
        <source>Choose a host file.</source>
        <translation>Wählen Sie eine Host-Datei.</translation>
    </message>
    <message>
        <source>The host file is not valid: %1</source>
        <translation>Die Host-Datei ist ungültig: %1</translation>
    </message>
    <message>
        <source>Hosts: %1 · clusters: %2 · threads: %3 · started through the launcher: %4</source>
        <translation>Hosts: %1 · Cluster: %2 · Threads: %3 · über das Startprogramm gestartet: %4</translation>
    </message>
    <message>
        <source>Cannot read the event scope %1: %2</source>
        <translation>Der Ereignisumfang %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is neither an event scope (xylem-scope/1) nor a scope design (xylem-scope-design/1).</source>
        <translation>%1 ist weder ein Ereignisumfang (xylem-scope/1) noch ein Umfangsentwurf (xylem-scope-design/1).</translation>
    </message>
    <message>
        <source>The launcher must say where the host and the command go, with {host} and {command}, as in ssh {host} {command}.</source>
        <translation>Das Startprogramm muss mit {host} und {command} angeben, wohin Host und Befehl gehören, etwa ssh {host} {command}.</translation>
    </message>
    <message>
        <source>Listen on an address of this machine, or auto.</source>
        <translation>Lauschen Sie auf einer Adresse dieses Rechners oder auf auto.</translation>
    </message>
    <message>
        <source>A delayed thread is THREAD:DELAY_US[:EVERY], e.g. node02.t1:200:1.</source>
        <translation>Ein verzögerter Thread wird als THREAD:DELAY_US[:EVERY] angegeben, z. B. node02.t1:200:1.</translation>
    </message>
    <message>
        <source>Choose the session file to record into.</source>
        <translation>Wählen Sie die Sitzungsdatei, in die aufgezeichnet wird.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::DemoDialog</name>
    <message>
        <source>Start a Local Demo</source>
        <translation>Lokale Demo starten</translation>
    </message>
    <message>
        <source>THREAD:DELAY_US[:EVERY] — a thread made late to plant a culprit; empty for none</source>
        <translation>THREAD:DELAY_US[:EVERY] — ein Thread, der als Verursacher verspätet wird; leer für keinen</translation>
    </message>
    <message>
        <source>Hosts:</source>
        <translation>Hosts:</translation>
    </message>
    <message>
        <source>Threads per host:</source>
        <translation>Threads pro Host:</translation>
    </message>
    <message>
        <source>Tree shape:</source>
        <translation>Baumform:</translation>
    </message>
    <message>
        <source>Delayed thread:</source>
        <translation>Verzögerter Thread:</translation>
    </message>
    <message>
        <source>Session file:</source>
        <translation>Sitzungsdatei:</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
</context>
<context>
    <name>xylem::gui::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;System Language</source>
        <translation>&amp;Systemsprache</translation>
    </message>
    <message>
        <source>the system language</source>
        <translation>die Systemsprache</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Xylem will use %1 the next time it starts.</source>
        <translation>Xylem verwendet %1 beim nächsten Start.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::LiveController</name>
    <message>
        <source>the recording failed: %1</source>
        <translation>die Aufzeichnung ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>live demo</source>
        <translation>Live-Demo</translation>
    </message>
    <message>
        <source>monitored program</source>
        <translation>überwachtes Programm</translation>
    </message>
    <message>
        <source>cluster recording</source>
        <translation>Cluster-Aufzeichnung</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>xylem::gui::MainWindow</name>
    <message>
        <source>Xylem</source>
        <translation>Xylem</translation>
    </message>
    <message>
        <source>Find a gred or thread by id…</source>
        <translation>Gred oder Thread nach ID suchen…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop waiting for the session or analysis under way</source>
        <translation>Nicht länger auf die laufende Sitzung oder Analyse warten</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Analysing run %1…</source>
        <translation>Lauf %1 wird analysiert…</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Saved as %1.</source>
        <translation>Als %1 gespeichert.</translation>
    </message>
    <message>
        <source>Open a session (File ▸ Open) or drop a .xylem file here.</source>
        <translation>Öffnen Sie eine Sitzung (Datei ▸ Sitzung öffnen) oder ziehen Sie eine .xylem-Datei hierher.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation>Sitzung ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Export Table as CSV…</source>
        <translation>Tabelle als CSV &amp;exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;View as PNG, SVG or PDF…</source>
        <translation>&amp;Ansicht als PNG, SVG oder PDF exportieren…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Find Node</source>
        <translation>Knoten s&amp;uchen</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Fit Tree</source>
        <translation>Baum &amp;einpassen</translation>
    </message>
    <message>
        <source>&amp;Views</source>
        <translation>A&amp;nsichten</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Open &amp;Sample Session</source>
        <translation>&amp;Beispielsitzung öffnen</translation>
    </message>
    <message>
        <source>&amp;About Xylem</source>
        <translation>Über &amp;Xylem</translation>
    </message>
    <message>
        <source>About Xylem</source>
        <translation>Über Xylem</translation>
    </message>
    <message>
        <source>&lt;b&gt;Xylem %1&lt;/b&gt;&lt;p&gt;Performance analysis of collective communication: which thread, which hop, which tree shape.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Xylem %1&lt;/b&gt;&lt;p&gt;Leistungsanalyse kollektiver Kommunikation: welcher Thread, welcher Hop, welche Baumform.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Live</source>
        <translation>&amp;Live</translation>
    </message>
    <message>
        <source>Start Local &amp;Demo…</source>
        <translation>Lokale &amp;Demo starten…</translation>
    </message>
    <message>
        <source>&amp;Monitor a Running Program…</source>
        <translation>Laufendes Programm ü&amp;berwachen…</translation>
    </message>
    <message>
        <source>&amp;Stop and Keep the Session</source>
        <translation>&amp;Anhalten und Sitzung behalten</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Weighted tree</source>
        <translation>Gewichteter Baum</translation>
    </message>
    <message>
        <source>Timemap</source>
        <translation>Zeitkarte</translation>
    </message>
    <message>
        <source>Serialization</source>
        <translation>Serialisierung</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitverlauf</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tabellen</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>Xylem sessions (*.xylem);;All files (*)</source>
        <translation>Xylem-Sitzungen (*.xylem);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open a session first: there is nothing to save.</source>
        <translation>Öffnen Sie zuerst eine Sitzung: Es gibt nichts zu speichern.</translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation>Sitzung speichern unter</translation>
    </message>
    <message>
        <source>Xylem sessions (*.xylem)</source>
        <translation>Xylem-Sitzungen (*.xylem)</translation>
    </message>
    <message>
        <source>Saving as %1…</source>
        <translation>Wird als %1 gespeichert…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <source>Starting a local demo of %1 × %2 threads into %3…</source>
        <translation>Lokale Demo mit %1 × %2 Threads wird in %3 gestartet…</translation>
    </message>
    <message>
        <source>A recording is under way already: stop it first (Live ▸ Stop).</source>
        <translation>Es läuft bereits eine Aufzeichnung: Halten Sie sie zuerst an (Live ▸ Anhalten).</translation>
    </message>
    <message>
        <source>Waiting for collectors to attach through %1…</source>
        <translation>Warten, bis sich Kollektoren über %1 anbinden…</translation>
    </message>
    <message>
        <source>Cannot copy the sample session to %1</source>
        <translation>Die Beispielsitzung kann nicht nach %1 kopiert werden</translation>
    </message>
    <message>
        <source>%1 — Xylem</source>
        <translation>%1 — Xylem</translation>
    </message>
    <message>
        <source>%1 holds no run.</source>
        <translation>%1 enthält keinen Lauf.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) in %1</source>
        <translation>
            <numerusform>%n Lauf in %1</numerusform>
            <numerusform>%n Läufe in %1</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>keinem Knoten</translation>
    </message>
    <message>
        <source>Run %1: %2 calls, %3 incomplete; the imbalance path ends at %4.</source>
        <translation>Lauf %1: %2 Aufrufe, %3 unvollständig; der Ungleichgewichtspfad endet bei %4.</translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation>Tabelle exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Export View</source>
        <translation>Ansicht exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Cannot export the view: %1</source>
        <translation>Die Ansicht kann nicht exportiert werden: %1</translation>
    </message>
    <message>
        <source>No gred or thread &apos;%1&apos; in this run.</source>
        <translation>Kein Gred oder Thread „%1“ in diesem Lauf.</translation>
    </message>
    <message>
        <source>Wait states</source>
        <translation>Wartezustände</translation>
    </message>
    <message>
        <source>Run %1 has no MPI data: wait states need a run recorded through the MPI interposer or imported from OTF2.</source>
        <translation>Lauf %1 hat keine MPI-Daten: Wartezustände brauchen einen Lauf, der über den MPI-Interposer aufgezeichnet oder aus OTF2 importiert wurde.</translation>
    </message>
    <message>
        <source>Record an &amp;MPI Program…</source>
        <translation>&amp;MPI-Programm aufzeichnen…</translation>
    </message>
    <message>
        <source>Scope builder</source>
        <translation>Umfang-Baukasten</translation>
    </message>
    <message>
        <source>Recording %1 into %2…</source>
        <translation>%1 wird in %2 aufgezeichnet…</translation>
    </message>
    <message>
        <source>Give the MPI program&apos;s command line, e.g. mpirun -np 4 PROGRAM.</source>
        <translation>Geben Sie die Befehlszeile des MPI-Programms an, z. B. mpirun -np 4 PROGRAMM.</translation>
    </message>
    <message>
        <source>Recording on the hosts of %1 into %2…</source>
        <translation>Aufzeichnung auf den Hosts aus %1 in %2…</translation>
    </message>
    <message>
        <source>Record on a &amp;Cluster…</source>
        <translation>Auf einem &amp;Cluster aufzeichnen…</translation>
    </message>
    <message>
        <source>Clocks</source>
        <translation>Uhren</translation>
    </message>
    <message>
        <source>Monitors</source>
        <translation>Monitore</translation>
    </message>
    <message>
        <source>Recording: shown from the stored run once the recording ends.</source>
        <translation>Aufzeichnung: wird aus dem gespeicherten Lauf gezeigt, sobald die Aufzeichnung endet.</translation>
    </message>
    <message>
        <source>Recording: the system samples are shown from the stored run once the recording ends.</source>
        <translation>Aufzeichnung: die Systemmessungen werden aus dem gespeicherten Lauf gezeigt, sobald die Aufzeichnung endet.</translation>
    </message>
    <message>
        <source>Recording: the accounting is shown as soon as the collectors&apos; streams are open.</source>
        <translation>Aufzeichnung: die Abrechnung erscheint, sobald die Datenströme der Kollektoren offen sind.</translation>
    </message>
    <message>
        <source>Recording an MPI program: its runs are shown once they are stored.</source>
        <translation>Ein MPI-Programm wird aufgezeichnet: Seine Läufe werden gezeigt, sobald sie gespeichert sind.</translation>
    </message>
    <message>
        <source>A call can be opened once its run is stored.</source>
        <translation>Ein Aufruf lässt sich öffnen, sobald sein Lauf gespeichert ist.</translation>
    </message>
    <message>
        <source>No call starts there.</source>
        <translation>Dort beginnt kein Aufruf.</translation>
    </message>
    <message>
        <source>Cannot read the calls of run %1: %2</source>
        <translation>Die Aufrufe von Lauf %1 lassen sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>No complete call starts there.</source>
        <translation>Dort beginnt kein vollständiger Aufruf.</translation>
    </message>
    <message>
        <source>Analysing run %1 over time…</source>
        <translation>Lauf %1 wird über die Zeit analysiert…</translation>
    </message>
    <message>
        <source>Open a session: a call of its run is shown here, the slowest first; double-click the timeline to open the slowest call of a moment.</source>
        <translation>Öffnen Sie eine Sitzung: Hier wird ein Aufruf ihres Laufs gezeigt, zuerst der langsamste; ein Doppelklick in den Zeitverlauf öffnet den langsamsten Aufruf eines Zeitpunkts.</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Überblick</translation>
    </message>
    <message>
        <source>Over time</source>
        <translation>Über die Zeit</translation>
    </message>
    <message>
        <source>One call</source>
        <translation>Ein Aufruf</translation>
    </message>
    <message>
        <source>the recording under way</source>
        <translation>die laufende Aufzeichnung</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Recording: the findings are shown as soon as the first calls are analysed.</source>
        <translation>Aufzeichnung: Die Befunde erscheinen, sobald die ersten Aufrufe analysiert sind.</translation>
    </message>
    <message>
        <source>Add Session</source>
        <translation>Sitzung hinzufügen</translation>
    </message>
    <message>
        <source>Opening %1 beside the sessions open…</source>
        <translation>%1 wird neben den offenen Sitzungen geöffnet…</translation>
    </message>
    <message>
        <source>%1 — %2: %3 calls, %4 incomplete; the imbalance path ends at %5.</source>
        <translation>%1 — %2: %3 Aufrufe, %4 unvollständig; der Ungleichgewichtspfad endet bei %5.</translation>
    </message>
    <message>
        <source>Analysing %1 from %2…</source>
        <translation>%1 wird im Bereich %2 analysiert…</translation>
    </message>
    <message>
        <source>calls #%1–#%2, %3</source>
        <translation>Aufrufe #%1–#%2, %3</translation>
    </message>
    <message>
        <source>No call of the analysis window starts there.</source>
        <translation>Dort beginnt kein Aufruf des Analysefensters.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>A&amp;dd Session…</source>
        <translation>Sitzung &amp;hinzufügen…</translation>
    </message>
    <message>
        <source>Open another session beside the open ones, to compare their runs</source>
        <translation>Eine weitere Sitzung neben den offenen öffnen, um ihre Läufe zu vergleichen</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) in %1, beside the sessions open</source>
        <translation>
            <numerusform>%n Lauf in %1, neben den offenen Sitzungen</numerusform>
            <numerusform>%n Läufe in %1, neben den offenen Sitzungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Closed %1.</source>
        <translation>%1 geschlossen.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>%1 — %2 — %3 — Xylem</source>
        <translation>%1 — %2 — %3 — Xylem</translation>
    </message>
</context>
<context>
    <name>xylem::gui::MpiKindBar</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>MPI Kind</source>
        <translation>MPI-Art</translation>
    </message>
    <message>
        <source> MPI kind: </source>
        <translation> MPI-Art: </translation>
    </message>
    <message>
        <source>Each MPI collective kind on each communicator is a run of its own: mixing kinds gives meaningless stages</source>
        <translation>Jede Art kollektiver MPI-Aufrufe auf jedem Kommunikator ist ein eigener Lauf: gemischte Arten ergeben sinnlose Stufen</translation>
    </message>
    <message>
        <source> — no stage tree: see Wait states</source>
        <translation> — kein Stufenbaum: siehe Wartezustände</translation>
    </message>
    <message>
        <source> — not stored as a run</source>
        <translation> — nicht als Lauf gespeichert</translation>
    </message>
    <message>
        <source>This kind was not stored as a run of its own</source>
        <translation>Diese Art wurde nicht als eigener Lauf gespeichert</translation>
    </message>
    <message>
        <source>A rooted or prefix collective lets ranks leave before the last arrives: it has no stage tree. Its waiting is in the Wait states view.</source>
        <translation>Eine Kollektive mit Wurzel oder eine Präfix-Kollektive lässt Ränge gehen, bevor der letzte ankommt: sie hat keinen Stufenbaum. Ihr Warten zeigt die Ansicht Wartezustände.</translation>
    </message>
    <message>
        <source>Negative stage: %1</source>
        <translation>Negative Stufe: %1</translation>
    </message>
</context>
<context>
    <name>xylem::gui::MpiRecordDialog</name>
    <message>
        <source>Record an MPI Program</source>
        <translation>MPI-Programm aufzeichnen</translation>
    </message>
    <message>
        <source>Run with the PMPI interposer preloaded into every rank; every MPI call of every rank is recorded</source>
        <translation>Mit dem vorgeladenen PMPI-Interposer in jedem Rang ausführen; jeder MPI-Aufruf jedes Rangs wird aufgezeichnet</translation>
    </message>
    <message>
        <source>Hierarchy (ranks, hosts, clusters)</source>
        <translation>Hierarchie (Ränge, Hosts, Cluster)</translation>
    </message>
    <message>
        <source>Flat (ranks under one root)</source>
        <translation>Flach (Ränge unter einer Wurzel)</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Befehl:</translation>
    </message>
    <message>
        <source>Tree of the run:</source>
        <translation>Baum des Laufs:</translation>
    </message>
    <message>
        <source>Session file:</source>
        <translation>Sitzungsdatei:</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Aufzeichnen</translation>
    </message>
</context>
<context>
    <name>xylem::gui::OverTimeJob</name>
    <message>
        <source>Cannot analyse run %1 over time: %2</source>
        <translation>Lauf %1 lässt sich nicht über die Zeit analysieren: %2</translation>
    </message>
</context>
<context>
    <name>xylem::gui::RunPanel</name>
    <message>
        <source>Notes on this run:</source>
        <translation>Notizen zu diesem Lauf:</translation>
    </message>
    <message>
        <source>What was special about this run…</source>
        <translation>Was war an diesem Lauf besonders…</translation>
    </message>
    <message>
        <source>&amp;Rename Run…</source>
        <translation>Lauf &amp;umbenennen…</translation>
    </message>
    <message>
        <source>%1 calls, %2 tuples (%3)</source>
        <translation>%1 Aufrufe, %2 Tupel (%3)</translation>
    </message>
    <message>
        <source>Rename Run</source>
        <translation>Lauf umbenennen</translation>
    </message>
    <message>
        <source>Name of run %1:</source>
        <translation>Name von Lauf %1:</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(unbenannt)</translation>
    </message>
    <message>
        <source>&amp;Close Session</source>
        <translation>Sitzung &amp;schließen</translation>
    </message>
    <message>
        <source>Close the session of this run (or header); the other sessions stay open</source>
        <translation>Die Sitzung dieses Laufs (oder dieser Überschrift) schließen; die anderen Sitzungen bleiben offen</translation>
    </message>
</context>
<context>
    <name>xylem::gui::ScopeBuilderLink</name>
    <message>
        <source>Cannot write the scope design to %1: %2</source>
        <translation>Der Umfangsentwurf kann nicht nach %1 geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Redeploying “%1”: the program keeps running…</source>
        <translation>„%1“ wird neu ausgerollt: Das Programm läuft weiter…</translation>
    </message>
    <message>
        <source>A recording is under way already: stop it first (Live ▸ Stop).</source>
        <translation>Es läuft bereits eine Aufzeichnung: Halten Sie sie zuerst an (Live ▸ Anhalten).</translation>
    </message>
    <message>
        <source>Cannot start the recording for the scope design.</source>
        <translation>Die Aufzeichnung für den Umfangsentwurf kann nicht gestartet werden.</translation>
    </message>
    <message>
        <source>Deploying “%1” on a local gsum cluster; recording into %2…</source>
        <translation>„%1“ wird auf einem lokalen gsum-Cluster ausgerollt; Aufzeichnung in %2…</translation>
    </message>
    <message>
        <source>Unreadable figures from the recording: %1</source>
        <translation>Unlesbare Kennzahlen aus der Aufzeichnung: %1</translation>
    </message>
    <message>
        <source>Deploying “%1” for a running program: start its collectors with --attach %2; recording into %3…</source>
        <translation>„%1“ wird für ein laufendes Programm ausgerollt: starten Sie seine Kollektoren mit --attach %2; Aufzeichnung in %3…</translation>
    </message>
    <message>
        <source>Open Its &amp;Scope Design</source>
        <translation>Ihren &amp;Umfangsentwurf öffnen</translation>
    </message>
    <message>
        <source>Open the scope design this run was recorded with in the scope builder</source>
        <translation>Den Umfangsentwurf, mit dem dieser Lauf aufgezeichnet wurde, im Umfang-Baukasten öffnen</translation>
    </message>
    <message>
        <source>Cannot read the session&apos;s scope designs: %1</source>
        <translation>Die Umfangsentwürfe der Sitzung können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Run %1 was not recorded through a scope design.</source>
        <translation>Lauf %1 wurde nicht über einen Umfangsentwurf aufgezeichnet.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::ScreenshotJob</name>
    <message>
        <source>nothing more was shown within %1 s</source>
        <translation>innerhalb von %1 s wurde nichts mehr angezeigt</translation>
    </message>
    <message>
        <source>%1 holds no run: the window shows the empty session</source>
        <translation>%1 enthält keinen Lauf: das Fenster zeigt die leere Sitzung</translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>cannot save %1</source>
        <translation>%1 kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>run %1 is shown; now run %2</source>
        <translation>Lauf %1 wird angezeigt; jetzt Lauf %2</translation>
    </message>
    <message>
        <source>the session holds no run %1</source>
        <translation>die Sitzung enthält keinen Lauf %1</translation>
    </message>
</context>
<context>
    <name>xylem::gui::SessionController</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Cannot analyse run %1: %2</source>
        <translation>Lauf %1 kann nicht analysiert werden: %2</translation>
    </message>
    <message>
        <source>Cannot read the timeline of run %1: %2</source>
        <translation>Der Zeitverlauf von Lauf %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot %1: no session is open.</source>
        <translation>%1 nicht möglich: Es ist keine Sitzung geöffnet.</translation>
    </message>
    <message>
        <source>Cannot %1: %2</source>
        <translation>%1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>rename run %1</source>
        <translation>Umbenennen von Lauf %1</translation>
    </message>
    <message>
        <source>keep the notes of run %1</source>
        <translation>Speichern der Notizen von Lauf %1</translation>
    </message>
    <message>
        <source>save the session</source>
        <translation>Speichern der Sitzung</translation>
    </message>
    <message>
        <source>save the session as %1</source>
        <translation>Speichern der Sitzung als %1</translation>
    </message>
    <message>
        <source>Cannot read the system samples of run %1: %2</source>
        <translation>Die Systemmesswerte von Lauf %1 können nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot work out the wait states of run %1: %2</source>
        <translation>Die Wartezustände von Lauf %1 lassen sich nicht ermitteln: %2</translation>
    </message>
    <message>
        <source>Cannot read the clocks of run %1: %2</source>
        <translation>Die Uhren von Lauf %1 lassen sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>Cannot analyse run %1 in that window: %2</source>
        <translation>Lauf %1 kann in diesem Fenster nicht analysiert werden: %2</translation>
    </message>
</context>
<context>
    <name>xylem::gui::SubtreeSerializationFeed</name>
    <message>
        <source>Cannot work out the serialization of subtree %1: %2</source>
        <translation>Die Serialisierung des Teilbaums %1 kann nicht ermittelt werden: %2</translation>
    </message>
</context>
<context>
    <name>xylem::gui::TimelineCallLink</name>
    <message>
        <source>Open the slowest call here</source>
        <translation>Den langsamsten Aufruf hier öffnen</translation>
    </message>
</context>
<context>
    <name>xylem::gui::TuneDialog</name>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>An&amp;halten</translation>
    </message>
    <message>
        <source>Find a Faster Tree</source>
        <translation>Schnelleren Baum finden</translation>
    </message>
    <message>
        <source>Start tree:</source>
        <translation>Ausgangsbaum:</translation>
    </message>
    <message>
        <source>Session:</source>
        <translation>Sitzung:</translation>
    </message>
    <message>
        <source>Allreduce calls per thread in each try</source>
        <translation>Allreduce-Aufrufe je Thread in jedem Versuch</translation>
    </message>
    <message>
        <source>Calls per try:</source>
        <translation>Aufrufe je Versuch:</translation>
    </message>
    <message>
        <source>Trials in all, the start&apos;s included</source>
        <translation>Versuche insgesamt, den Ausgangsbaum eingeschlossen</translation>
    </message>
    <message>
        <source>Most tries:</source>
        <translation>Höchstens Versuche:</translation>
    </message>
    <message>
        <source>none, or e.g. 2ms or 500us/100Mbit</source>
        <translation>keine, oder z. B. 2ms oder 500us/100Mbit</translation>
    </message>
    <message>
        <source>An emulated wide-area link on every proxy whose hop joins two clusters</source>
        <translation>Eine emulierte Weitverkehrsverbindung auf jedem Proxy, dessen Sprung zwei Cluster verbindet</translation>
    </message>
    <message>
        <source>Link between clusters:</source>
        <translation>Verbindung zwischen Clustern:</translation>
    </message>
    <message>
        <source>Each try records xylem-gsum on a neighbour of the tree that the analysis points at, and moves there when it is faster beyond its interval.</source>
        <translation>Jeder Versuch zeichnet xylem-gsum auf einem Nachbarn des Baums auf, auf den die Analyse zeigt, und wechselt dorthin, wenn er über sein Intervall hinaus schneller ist.</translation>
    </message>
    <message>
        <source>Link between clusters: %1</source>
        <translation>Verbindung zwischen Clustern: %1</translation>
    </message>
    <message>
        <source>Try %1: %2</source>
        <translation>Versuch %1: %2</translation>
    </message>
    <message>
        <source>Stopping: the try under way ends and its run is kept…</source>
        <translation>Wird angehalten: der laufende Versuch endet, sein Lauf bleibt erhalten…</translation>
    </message>
    <message>
        <source>The tuner failed: %1</source>
        <translation>Die Optimierung ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Best: %1 (run %2), mean %3</source>
        <translation>Bester: %1 (Lauf %2), Mittel %3</translation>
    </message>
    <message>
        <source>, %1× [%2, %3] against the start</source>
        <translation>, %1× [%2, %3] gegenüber dem Ausgangsbaum</translation>
    </message>
    <message>
        <source>. Ended: %1.</source>
        <translation>. Beendet: %1.</translation>
    </message>
    <message>
        <source>Move only when the speedup&apos;s interval lies above this. The interval holds the noise within a run, not from one run to the next: 1.05 keeps noise from moving the climb.</source>
        <translation>Nur wechseln, wenn das Intervall der Beschleunigung über diesem Wert liegt. Das Intervall enthält das Rauschen innerhalb eines Laufs, nicht das von einem Lauf zum nächsten: 1,05 verhindert, dass Rauschen die Suche weiterbewegt.</translation>
    </message>
    <message>
        <source>Move when faster than:</source>
        <translation>Wechseln ab Beschleunigung:</translation>
    </message>
</context>
<context>
    <name>xylem::gui::TuneMenu</name>
    <message>
        <source>T&amp;une</source>
        <translation>&amp;Optimieren</translation>
    </message>
    <message>
        <source>&amp;Find a Faster Tree…</source>
        <translation>Schnelleren &amp;Baum finden…</translation>
    </message>
    <message>
        <source>Record neighbours of the shown run&apos;s tree that its analysis points at, and keep the fastest</source>
        <translation>Nachbarn des Baums des gezeigten Laufs aufzeichnen, auf die seine Analyse zeigt, und den schnellsten behalten</translation>
    </message>
    <message>
        <source>Find a Faster Tree</source>
        <translation>Schnelleren Baum finden</translation>
    </message>
    <message>
        <source>Show a stored run first: the tuner starts from its tree and adds its tries to its session.</source>
        <translation>Zeigen Sie zuerst einen gespeicherten Lauf: die Optimierung beginnt bei seinem Baum und fügt ihre Versuche seiner Sitzung hinzu.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::TuneTriesModel</name>
    <message>
        <source>recording…</source>
        <translation>wird aufgezeichnet…</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>faster: moved here</source>
        <translation>schneller: hierher gewechselt</translation>
    </message>
    <message>
        <source>not faster beyond its interval</source>
        <translation>nicht über sein Intervall hinaus schneller</translation>
    </message>
    <message>
        <source>%1 [%2, %3]</source>
        <translation>%1 [%2, %3]</translation>
    </message>
    <message>
        <source>%1× [%2, %3] vs try %4</source>
        <translation>%1× [%2, %3] gegenüber Versuch %4</translation>
    </message>
    <message>
        <source>Try</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Mean operation time [95 %]</source>
        <translation>Mittlere Operationszeit [95 %]</translation>
    </message>
    <message>
        <source>Speedup [95 %]</source>
        <translation>Beschleunigung [95 %]</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
</context>
<context>
    <name>xylem::views::CallGanttPlot</name>
    <message>
        <source>%1 more under %2</source>
        <translation>%1 weitere unter %2</translation>
    </message>
    <message>
        <source> (slowest)</source>
        <translation> (langsamster)</translation>
    </message>
    <message>
        <source>time since the call&apos;s start (%1)</source>
        <translation>Zeit seit Beginn des Aufrufs (%1)</translation>
    </message>
    <message>
        <source>operation time %1</source>
        <translation>Operationszeit %1</translation>
    </message>
    <message>
        <source>%1: %2 at %3, %4 (from %5 to %6)%7</source>
        <translation>%1: %2 bei %3, %4 (von %5 bis %6)%7</translation>
    </message>
    <message>
        <source>; half the hop&apos;s two-way latency: no clock model</source>
        <translation>; die Hälfte der Hin-und-Rück-Latenz des Sprungs: kein Uhrenmodell</translation>
    </message>
    <message>
        <source>%1: the call takes %2</source>
        <translation>%1: der Aufruf dauert %2</translation>
    </message>
    <message>
        <source>%1: down at %2, up at %3, %4</source>
        <translation>%1: abwärts bei %2, aufwärts bei %3, %4</translation>
    </message>
    <message>
        <source>; holds the last arrival at %1</source>
        <translation>; enthält die letzte Ankunft bei %1</translation>
    </message>
    <message>
        <source>; arrived last at its gred</source>
        <translation>; kam als Letzter an seinem Gred an</translation>
    </message>
</context>
<context>
    <name>xylem::views::CallView</name>
    <message>
        <source>arrival wait</source>
        <translation>Ankunftswartezeit</translation>
    </message>
    <message>
        <source>down latency</source>
        <translation>Abwärtslatenz</translation>
    </message>
    <message>
        <source>down (hop)</source>
        <translation>abwärts (Sprung)</translation>
    </message>
    <message>
        <source>store</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>departure wait</source>
        <translation>Abgangswartezeit</translation>
    </message>
    <message>
        <source>up latency</source>
        <translation>Aufwärtslatenz</translation>
    </message>
    <message>
        <source>up (hop)</source>
        <translation>aufwärts (Sprung)</translation>
    </message>
    <message>
        <source>Slower call</source>
        <translation>Langsamerer Aufruf</translation>
    </message>
    <message>
        <source>Faster call</source>
        <translation>Schnellerer Aufruf</translation>
    </message>
    <message>
        <source>Show every wrapper</source>
        <translation>Jeden Wrapper zeigen</translation>
    </message>
    <message>
        <source>The next slower call of the run, by operation time</source>
        <translation>Der nächstlangsamere Aufruf des Laufs, nach Operationszeit</translation>
    </message>
    <message>
        <source>The next faster call of the run, by operation time</source>
        <translation>Der nächstschnellere Aufruf des Laufs, nach Operationszeit</translation>
    </message>
    <message>
        <source>call #</source>
        <translation>Aufruf #</translation>
    </message>
    <message>
        <source>List every wrapper of the tree; otherwise only the slowest thread&apos;s path and the chain of last arrivals, the others of each gred in one row</source>
        <translation>Jeden Wrapper des Baums auflisten; sonst nur den Pfad des langsamsten Threads und die Kette der letzten Ankünfte, die übrigen jedes Greds in einer Zeile</translation>
    </message>
    <message>
        <source>No call is shown. Open one from the timeline or a table.</source>
        <translation>Kein Aufruf wird gezeigt. Öffnen Sie einen aus dem Zeitverlauf oder einer Tabelle.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Call #%1&lt;/b&gt; &amp;mdash; operation time &lt;b&gt;%2&lt;/b&gt;, slowest thread &lt;b&gt;%3&lt;/b&gt; (%4); threads: %5&lt;br&gt;Last arrivals from the root: %6</source>
        <translation>&lt;b&gt;Aufruf #%1&lt;/b&gt; &amp;mdash; Operationszeit &lt;b&gt;%2&lt;/b&gt;, langsamster Thread &lt;b&gt;%3&lt;/b&gt; (%4); Threads: %5&lt;br&gt;Letzte Ankünfte von der Wurzel: %6</translation>
    </message>
    <message>
        <source>%1 rows for %2 wrappers: the slowest thread&apos;s path and the chain of last arrivals</source>
        <translation>%1 Zeilen für %2 Wrapper: der Pfad des langsamsten Threads und die Kette der letzten Ankünfte</translation>
    </message>
    <message>
        <source>edge: down to up</source>
        <translation>Kante: abwärts bis aufwärts</translation>
    </message>
    <message>
        <source>last arrival at its gred</source>
        <translation>letzte Ankunft an seinem Gred</translation>
    </message>
    <message>
        <source>chain of last arrivals from the root</source>
        <translation>Kette der letzten Ankünfte von der Wurzel</translation>
    </message>
    <message>
        <source>hatched: half the hop&apos;s two-way latency (no clock model)</source>
        <translation>schraffiert: die Hälfte der Hin-und-Rück-Latenz des Sprungs (kein Uhrenmodell)</translation>
    </message>
</context>
<context>
    <name>xylem::views::ClockSkewModel</name>
    <message>
        <source>reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>The residual skew exceeds the error bound: the clock model does not describe this host&apos;s clock well.</source>
        <translation>Der Restversatz übersteigt die Fehlerschranke: Das Uhrenmodell beschreibt die Uhr dieses Hosts nicht gut.</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Measured against</source>
        <translation>Gemessen gegen</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Versatz</translation>
    </message>
    <message>
        <source>Drift (ppm)</source>
        <translation>Drift (ppm)</translation>
    </message>
    <message>
        <source>Error bound</source>
        <translation>Fehlerschranke</translation>
    </message>
    <message>
        <source>Residual skew</source>
        <translation>Restversatz</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>Verletzungen</translation>
    </message>
</context>
<context>
    <name>xylem::views::ClockSkewView</name>
    <message>
        <source>No clock model is stored with this run.</source>
        <translation>Zu diesem Lauf ist kein Uhrenmodell gespeichert.</translation>
    </message>
    <message numerus="yes">
        <source>Clocks of %n host(s).</source>
        <translation>
            <numerusform>Uhr von %n Host.</numerusform>
            <numerusform>Uhren von %n Hosts.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Clocks of %n host(s), mapped onto %1.</source>
        <translation>
            <numerusform>Uhr von %n Host, abgebildet auf %1.</numerusform>
            <numerusform>Uhren von %n Hosts, abgebildet auf %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>No residual skew: every checked ordering holds.</source>
        <translation>Kein Restversatz: Jede geprüfte Reihenfolge gilt.</translation>
    </message>
    <message>
        <source>Largest residual skew %1 on %2.</source>
        <translation>Größter Restversatz %1 auf %2.</translation>
    </message>
</context>
<context>
    <name>xylem::views::ComparisonView</name>
    <message>
        <source>A:</source>
        <translation>A:</translation>
    </message>
    <message>
        <source>B:</source>
        <translation>B:</translation>
    </message>
    <message>
        <source>Open two runs of the session to compare them.</source>
        <translation>Öffnen Sie zwei Läufe der Sitzung, um sie zu vergleichen.</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>B is faster</source>
        <translation>B ist schneller</translation>
    </message>
    <message>
        <source>A is faster</source>
        <translation>A ist schneller</translation>
    </message>
    <message>
        <source>equal</source>
        <translation>gleich schnell</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A: %1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B: %1</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>A and B are the same run: analyse another run of the session to compare it with. </source>
        <translation>A und B sind derselbe Lauf: Analysieren Sie einen weiteren Lauf der Sitzung, um damit zu vergleichen. </translation>
    </message>
    <message>
        <source>Speedup %1 (%2).</source>
        <translation>Speedup %1 (%2).</translation>
    </message>
    <message>
        <source>Mean operation time: A %1, B %2. Mean slowest-thread time: A %3, B %4. Stages of %5 (A) and %6 (B):</source>
        <translation>Mittlere Operationszeit: A %1, B %2. Mittlere Zeit des langsamsten Threads: A %3, B %4. Phasen von %5 (A) und %6 (B):</translation>
    </message>
    <message>
        <source>No confidence interval: the session has no per-call times of these runs.</source>
        <translation>Kein Konfidenzintervall: Die Sitzung hat keine Zeiten je Aufruf dieser Läufe.</translation>
    </message>
    <message>
        <source>95 % interval: resampling the calls…</source>
        <translation>95-%-Intervall: Die Aufrufe werden neu gezogen…</translation>
    </message>
    <message>
        <source>%1 % interval: %2 to %3 — %4.</source>
        <extracomment>the speedup&apos;s bootstrap confidence interval and what it says</extracomment>
        <translation>%1-%-Intervall: %2 bis %3 — %4.</translation>
    </message>
    <message>
        <source>no significant difference</source>
        <translation>kein signifikanter Unterschied</translation>
    </message>
    <message>
        <source>B is significantly faster</source>
        <translation>B ist signifikant schneller</translation>
    </message>
    <message>
        <source>A is significantly faster</source>
        <translation>A ist signifikant schneller</translation>
    </message>
    <message>
        <source>A and B side by side</source>
        <translation>A und B nebeneinander</translation>
    </message>
    <message>
        <source>Overlay of runs</source>
        <translation>Läufe überlagert</translation>
    </message>
    <message>
        <source>%1 (not analysed)</source>
        <extracomment>a run of the session listed for comparison that has not been analysed yet</extracomment>
        <translation>%1 (nicht analysiert)</translation>
    </message>
    <message>
        <source>Analysing %1…</source>
        <translation>%1 wird analysiert…</translation>
    </message>
    <message>
        <source>Analysing %1 and %2…</source>
        <translation>%1 und %2 werden analysiert…</translation>
    </message>
    <message>
        <source>mean time of the stage (%1)</source>
        <translation>mittlere Zeit der Stufe (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::DistributionPlot</name>
    <message>
        <source>share of calls (%)</source>
        <translation>Anteil der Aufrufe (%)</translation>
    </message>
    <message>
        <source>%1: no call times</source>
        <translation>%1: keine Aufrufzeiten</translation>
    </message>
    <message>
        <source>%1: %2 calls, %3 beyond the axis</source>
        <translation>%1: %2 Aufrufe, %3 jenseits der Achse</translation>
    </message>
    <message>
        <source>%1: %2 calls</source>
        <translation>%1: %2 Aufrufe</translation>
    </message>
    <message>
        <source>operation time (%1)</source>
        <translation>Operationszeit (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::MonitorTableModel</name>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>rings</source>
        <translation>Ringe</translation>
    </message>
    <message>
        <source>written</source>
        <translation>geschrieben</translation>
    </message>
    <message>
        <source>read</source>
        <translation>gelesen</translation>
    </message>
    <message>
        <source>overwritten</source>
        <translation>überschrieben</translation>
    </message>
    <message>
        <source>gather rate (%)</source>
        <translation>Sammelrate (%)</translation>
    </message>
    <message>
        <source>episode</source>
        <translation>Episode</translation>
    </message>
    <message>
        <source>role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <source>from (s)</source>
        <translation>von (s)</translation>
    </message>
    <message>
        <source>to (s)</source>
        <translation>bis (s)</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>back</source>
        <translation>zurück</translation>
    </message>
    <message>
        <source>form</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>gred</source>
        <translation>Gred</translation>
    </message>
    <message>
        <source>contributor</source>
        <translation>Beitragender</translation>
    </message>
    <message>
        <source>last arrivals</source>
        <translation>letzte Ankünfte</translation>
    </message>
    <message>
        <source>share of the gred&apos;s calls</source>
        <translation>Anteil an den Aufrufen des Greds</translation>
    </message>
    <message>
        <source>on the imbalance path</source>
        <translation>auf dem Ungleichgewichtspfad</translation>
    </message>
    <message>
        <source>direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>position</source>
        <translation>Position</translation>
    </message>
    <message>
        <source>calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>gred or collector</source>
        <translation>Gred oder Kollektor</translation>
    </message>
    <message>
        <source>measure</source>
        <translation>Messgröße</translation>
    </message>
    <message>
        <source>count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>window median</source>
        <translation>Fenstermedian</translation>
    </message>
    <message>
        <source>min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>max</source>
        <translation>Max</translation>
    </message>
    <message>
        <source>stddev</source>
        <translation>Std.-Abw.</translation>
    </message>
</context>
<context>
    <name>xylem::views::MonitorsView</name>
    <message>
        <source>Cannot read the stored results: %1</source>
        <translation>Die gespeicherten Ergebnisse sind nicht lesbar: %1</translation>
    </message>
    <message>
        <source>Per collector: its program&apos;s ring records</source>
        <translation>Pro Kollektor: die Ringeinträge seines Programms</translation>
    </message>
    <message>
        <source>Lost and slow nodes</source>
        <translation>Verlorene und langsame Knoten</translation>
    </message>
    <message>
        <source>Accounting</source>
        <translation>Abrechnung</translation>
    </message>
    <message>
        <source>Load balance</source>
        <translation>Lastverteilung</translation>
    </message>
    <message>
        <source>Filter by host, gred, collector or measure…</source>
        <translation>Nach Host, Gred, Kollektor oder Messgröße filtern…</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>No run shown.</source>
        <translation>Kein Lauf angezeigt.</translation>
    </message>
    <message>
        <source>Run %1 has no stored monitor results: a live recording (Live menu, xylem-cli record) stores them with its run.</source>
        <translation>Lauf %1 hat keine gespeicherten Monitorergebnisse: Eine Live-Aufzeichnung (Menü Live, xylem-cli record) speichert sie mit ihrem Lauf.</translation>
    </message>
    <message>
        <source>%1 tuples gathered in %2 s (%3 tuples/s), in %4 waves from %5 rings.</source>
        <translation>%1 Tupel in %2 s gesammelt (%3 Tupel/s), in %4 Wellen aus %5 Ringen.</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>none (collectors only)</source>
        <translation>keine (nur Kollektoren)</translation>
    </message>
    <message>
        <source>Gather rate %1: %2 read, %3 overwritten before they were read, of %4 written.</source>
        <translation>Sammelrate %1: %2 gelesen, %3 vor dem Lesen überschrieben, von %4 geschriebenen.</translation>
    </message>
    <message>
        <source>Collectors were lost: their counts stop where they were lost.</source>
        <translation>Kollektoren gingen verloren: Ihre Zählungen enden, wo sie verloren gingen.</translation>
    </message>
    <message>
        <source>Mean delay from a tuple&apos;s record to the front-end: %1.</source>
        <translation>Mittlere Verzögerung vom Aufzeichnen eines Tupels bis zum Front-End: %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n lost or slow node episode(s)</source>
        <translation>
            <numerusform>%n Episode eines verlorenen oder langsamen Knotens</numerusform>
            <numerusform>%n Episoden verlorener oder langsamer Knoten</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 more not listed</source>
        <translation>, %1 weitere nicht aufgeführt</translation>
    </message>
    <message>
        <source>; %1 invalid tuples; %2 system samples stored, %3 lost.</source>
        <translation>; %1 ungültige Tupel; %2 Systemproben gespeichert, %3 verloren.</translation>
    </message>
    <message>
        <source>Slowdown %1 % (%2 µs per iteration recorded, %3 µs without collectors).</source>
        <translation>Verlangsamung %1 % (%2 µs pro Iteration aufgezeichnet, %3 µs ohne Kollektoren).</translation>
    </message>
    <message>
        <source>Load balance (%1): imbalance path %2</source>
        <translation>Lastverteilung (%1): Ungleichgewichtspfad %2</translation>
    </message>
    <message>
        <source>(no complete call)</source>
        <translation>(kein vollständiger Aufruf)</translation>
    </message>
    <message>
        <source>The load-balance monitor was not in the run&apos;s scope.</source>
        <translation>Der Lastverteilungsmonitor war nicht im Scope des Laufs.</translation>
    </message>
    <message>
        <source>%1: %2 calls</source>
        <translation>%1: %2 Aufrufe</translation>
    </message>
    <message>
        <source>The statistics monitor was not in the run&apos;s scope.</source>
        <translation>Der Statistikmonitor war nicht im Scope des Laufs.</translation>
    </message>
    <message>
        <source>Running statistics of every host&apos;s greds and collectors; the window median is the median of the last %1 values. %2.</source>
        <translation>Laufende Statistik der Greds und Kollektoren jedes Hosts; der Fenstermedian ist der Median der letzten %1 Werte. %2.</translation>
    </message>
    <message>
        <source>Recording: the statistics monitor&apos;s results are shown once the run is stored.</source>
        <translation>Aufzeichnung: die Ergebnisse des Statistikmonitors erscheinen, sobald der Lauf gespeichert ist.</translation>
    </message>
    <message>
        <source>All gathered: the run is being stored.</source>
        <translation>Alles gesammelt: der Lauf wird gespeichert.</translation>
    </message>
    <message>
        <source>Recording: the accounting so far, as the run will store it.</source>
        <translation>Aufzeichnung: die Abrechnung bis jetzt, so wie der Lauf sie speichern wird.</translation>
    </message>
    <message>
        <source>Cannot read the live accounting: %1</source>
        <translation>Die laufende Abrechnung kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Recording: %1 complete calls so far, imbalance path %2. Every gred&apos;s last-arrival counts are shown once the run is stored.</source>
        <translation>Aufzeichnung: bisher %1 vollständige Aufrufe, Ungleichgewichtspfad %2. Die Zählungen der letzten Ankünfte jedes Greds erscheinen, sobald der Lauf gespeichert ist.</translation>
    </message>
</context>
<context>
    <name>xylem::views::OverTimeView</name>
    <message>
        <source>periodic slow calls</source>
        <translation>periodisch langsame Aufrufe</translation>
    </message>
    <message>
        <source>%1: last at the root in %2 of %3 buckets</source>
        <translation>%1: Letzter an der Wurzel in %2 von %3 Abschnitten</translation>
    </message>
    <message>
        <source>other threads: %1 buckets</source>
        <translation>andere Threads: %1 Abschnitte</translation>
    </message>
    <message>
        <source>culprit</source>
        <translation>Verursacher</translation>
    </message>
    <message numerus="yes">
        <source>%n other stage(s), shorter</source>
        <translation>
            <numerusform>%n andere, kürzere Phase</numerusform>
            <numerusform>%n andere, kürzere Phasen</numerusform>
        </translation>
    </message>
    <message>
        <source>stages of %1 (%2)</source>
        <translation>Phasen von %1 (%2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>No run analysed over time yet.</source>
        <translation>Noch kein Lauf über die Zeit analysiert.</translation>
    </message>
    <message>
        <source>This run has no complete call: there is nothing to show over time.</source>
        <translation>Dieser Lauf hat keinen vollständigen Aufruf: Über die Zeit gibt es nichts zu zeigen.</translation>
    </message>
    <message>
        <source>time since the run&apos;s first call (%1)</source>
        <translation>Zeit seit dem ersten Aufruf des Laufs (%1)</translation>
    </message>
    <message>
        <source>culprit of the bucket</source>
        <translation>Verursacher des Abschnitts</translation>
    </message>
    <message>
        <source>shortest mean call time of %1 threads (%2)</source>
        <translation>kürzeste mittlere Aufrufzeit von %1 Threads (%2)</translation>
    </message>
    <message>
        <source>mean call time (%1)</source>
        <translation>mittlere Aufrufzeit (%1)</translation>
    </message>
    <message>
        <source>call time per thread (%1)</source>
        <translation>Aufrufzeit je Thread (%1)</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>%1 to %2 after the run&apos;s first call, %3 calls</source>
        <translation>%1 bis %2 nach dem ersten Aufruf des Laufs, %3 Aufrufe</translation>
    </message>
    <message>
        <source>%1: mean %2, longest %3</source>
        <translation>%1: Mittel %2, längster %3</translation>
    </message>
    <message>
        <source>Slow calls every %1 (phase %2): %3 calls, +%4 each, victim %5 (%6 % of them).</source>
        <translation>Langsame Aufrufe alle %1 (Phase %2): %3 Aufrufe, je +%4, Opfer %5 (%6 % davon).</translation>
    </message>
    <message>
        <source>No periodic pattern: no call is slow (slower than %1).</source>
        <translation>Kein periodisches Muster: Kein Aufruf ist langsam (langsamer als %1).</translation>
    </message>
    <message>
        <source>No periodic pattern: %1 slow calls (slower than %2) in %3 strikes that do not recur at a regular period.</source>
        <translation>Kein periodisches Muster: %1 langsame Aufrufe (langsamer als %2) in %3 Ausschlägen, die nicht in regelmäßigem Abstand wiederkehren.</translation>
    </message>
    <message>
        <source>Last at the root: %1 in every bucket, the same thread all run.</source>
        <translation>Letzter an der Wurzel: %1 in jedem Abschnitt, derselbe Thread über den ganzen Lauf.</translation>
    </message>
    <message>
        <source>%1 in %2 of %3 buckets</source>
        <translation>%1 in %2 von %3 Abschnitten</translation>
    </message>
    <message>
        <source>other threads in %1</source>
        <translation>andere Threads in %1</translation>
    </message>
    <message numerus="yes">
        <source>Last at the root: the culprit changes %n time(s) over the run: %1.</source>
        <translation>
            <numerusform>Letzter an der Wurzel: Der Verursacher wechselt %n-mal im Lauf: %1.</numerusform>
            <numerusform>Letzter an der Wurzel: Der Verursacher wechselt %n-mal im Lauf: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 bei %2</translation>
    </message>
    <message>
        <source>culprit %1: last at the root in %2 of them (%3 %)</source>
        <translation>Verursacher %1: Letzter an der Wurzel in %2 davon (%3 %)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>time since the analysis window&apos;s first call (%1)</source>
        <translation>Zeit seit dem ersten Aufruf des Analysefensters (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::OverlayTimemapPlot</name>
    <message>
        <source>depth (scaled, root = 1)</source>
        <translation>Tiefe (skaliert, Wurzel = 1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (down &lt; 0 &lt; up)</source>
        <translation>%1 (abwärts &lt; 0 &lt; aufwärts)</translation>
    </message>
    <message>
        <source>Check runs to overlay their timemaps</source>
        <translation>Läufe ankreuzen, um ihre Zeitkarten zu überlagern</translation>
    </message>
    <message>
        <source>Timemap of thread %1 in each run checked</source>
        <translation>Zeitkarte des Threads %1 in jedem angekreuzten Lauf</translation>
    </message>
    <message>
        <source>%1 — %2
%3 @ %4: %5 (depth %6 of %7)</source>
        <extracomment>hover over a run&apos;s step in the overlay: run, thread; stage @ wrapper, duration</extracomment>
        <translation>%1 — %2
%3 @ %4: %5 (Tiefe %6 von %7)</translation>
    </message>
</context>
<context>
    <name>xylem::views::OverlayTimemapView</name>
    <message>
        <source>The thread whose timemap is overlaid; type to filter</source>
        <translation>Der Thread, dessen Zeitkarte überlagert wird; tippen zum Filtern</translation>
    </message>
    <message>
        <source>The runs overlaid, at most %1</source>
        <translation>Die überlagerten Läufe, höchstens %1</translation>
    </message>
    <message>
        <source>Thread:</source>
        <translation>Thread:</translation>
    </message>
    <message>
        <source>Runs overlaid:</source>
        <translation>Überlagerte Läufe:</translation>
    </message>
    <message>
        <source>%1 (not analysed)</source>
        <extracomment>a run of the session listed for comparison that has not been analysed yet</extracomment>
        <translation>%1 (nicht analysiert)</translation>
    </message>
    <message>
        <source>At most %1 runs at once: uncheck one first.</source>
        <translation>Höchstens %1 Läufe auf einmal: zuerst einen abwählen.</translation>
    </message>
    <message>
        <source>Analysing %1…</source>
        <translation>%1 wird analysiert…</translation>
    </message>
    <message>
        <source>No run checked has thread %1.</source>
        <translation>Kein angekreuzter Lauf hat den Thread %1.</translation>
    </message>
    <message>
        <source>Cannot overlay: %1</source>
        <translation>Überlagern nicht möglich: %1</translation>
    </message>
    <message>
        <source>Check the runs to overlay.</source>
        <translation>Die zu überlagernden Läufe ankreuzen.</translation>
    </message>
</context>
<context>
    <name>xylem::views::OverviewPage</name>
    <message>
        <source>Show in %1</source>
        <translation>In %1 zeigen</translation>
    </message>
    <message>
        <source>Open a session (File ▸ Open) to see what Xylem finds in its runs.</source>
        <translation>Öffnen Sie eine Sitzung (Datei ▸ Öffnen), um zu sehen, was Xylem in ihren Läufen findet.</translation>
    </message>
    <message>
        <source>What Xylem found in %1</source>
        <translation>Was Xylem in %1 gefunden hat</translation>
    </message>
    <message>
        <source>%1 calls analysed, mean operation time %2.</source>
        <translation>%1 Aufrufe analysiert, mittlere Operationszeit %2.</translation>
    </message>
    <message>
        <source>What to try next</source>
        <translation>Was als Nächstes zu versuchen ist</translation>
    </message>
    <message>
        <source>Weighted tree</source>
        <translation>Gewichteter Baum</translation>
    </message>
    <message>
        <source>Timemap</source>
        <translation>Zeitkarte</translation>
    </message>
    <message>
        <source>Serialization</source>
        <translation>Serialisierung</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitverlauf</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tabellen</translation>
    </message>
    <message>
        <source>Wait states</source>
        <translation>Wartezustände</translation>
    </message>
    <message>
        <source>Clocks</source>
        <translation>Uhren</translation>
    </message>
    <message>
        <source>Monitors</source>
        <translation>Monitore</translation>
    </message>
    <message>
        <source>Balance the work of %1 or move it off host %2: while one thread is late, a faster tree gains little.</source>
        <translation>Verteilen Sie die Arbeit von %1 gleichmäßiger oder verlegen Sie ihn weg von Host %2: Solange ein Thread zu spät kommt, bringt ein schnellerer Baum wenig.</translation>
    </message>
    <message>
        <source>Balance the work of rank %1: the other ranks wait for it.</source>
        <translation>Verteilen Sie die Arbeit von Rang %1 gleichmäßiger: Die anderen Ränge warten auf ihn.</translation>
    </message>
    <message>
        <source>Give %1 one more tree level (fewer than its %2 children per gred), then compare the two runs.</source>
        <translation>Geben Sie %1 eine Baumebene mehr (weniger als seine %2 Kinder je Gred) und vergleichen Sie dann die beiden Läufe.</translation>
    </message>
    <message>
        <source>Run fewer threads on host %1: they leave %2 one after another.</source>
        <translation>Starten Sie weniger Threads auf Host %1: Sie verlassen %2 nacheinander.</translation>
    </message>
    <message>
        <source>Take the network hop %1 off the slowest path: fewer tree levels across hosts, or its gred on the other host (weighed against the load on the root host).</source>
        <translation>Nehmen Sie den Netzsprung %1 aus dem langsamsten Pfad: weniger Baumebenen über Hosts hinweg oder sein Gred auf dem anderen Host (abzuwägen gegen die Last auf dem Wurzelhost).</translation>
    </message>
    <message>
        <source>The run is balanced: time is won in the tree itself. Record other tree shapes and compare them.</source>
        <translation>Der Lauf ist ausgeglichen: Zeit gewinnt man im Baum selbst. Zeichnen Sie andere Baumformen auf und vergleichen Sie sie.</translation>
    </message>
    <message>
        <source>Give the collectors&apos; rings more room or pull more often, so that no tuple is overwritten.</source>
        <translation>Geben Sie den Ringen der Kollektoren mehr Platz oder holen Sie öfter ab, damit kein Tupel überschrieben wird.</translation>
    </message>
    <message>
        <source>Coschedule the monitor&apos;s filters with the program (Scope builder), so that monitoring slows it less.</source>
        <translation>Planen Sie die Filter des Monitors mit dem Programm zusammen ein (Umfang-Baukasten), damit die Überwachung es weniger bremst.</translation>
    </message>
    <message>
        <source>Look for a daemon or timer on host %1: something there delays %2 periodically.</source>
        <translation>Suchen Sie auf Host %1 nach einem Daemon oder Timer: Etwas dort verzögert %2 periodisch.</translation>
    </message>
    <message>
        <source>Measure the clocks of every host (%1 has no model), so that one-way times across hosts are measured.</source>
        <translation>Messen Sie die Uhren aller Hosts (%1 hat kein Modell), damit Einwegzeiten über Hosts hinweg gemessen werden.</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>k. A.</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 (host %2) is the last to arrive at the root in %3 of the calls.</source>
        <translation>%1 (Host %2) kommt in %3 der Aufrufe als Letzter an der Wurzel an.</translation>
    </message>
    <message>
        <source>At %1 the others wait at least %2 for it: %3 of the mean operation time.</source>
        <translation>Bei %1 warten die anderen mindestens %2 darauf: %3 der mittleren Operationszeit.</translation>
    </message>
    <message>
        <source>Culprit: %1</source>
        <translation>Verursacher: %1</translation>
    </message>
    <message>
        <source>No complete call</source>
        <translation>Kein vollständiger Aufruf</translation>
    </message>
    <message>
        <source>Every call misses a tuple, so nobody can be found late.</source>
        <translation>Jedem Aufruf fehlt ein Tupel, also lässt sich niemand als verspätet finden.</translation>
    </message>
    <message>
        <source>The most frequent last arrival, %1, is last at the root in %2 of the calls</source>
        <translation>Der häufigste letzte Ankömmling, %1, ist in %2 der Aufrufe Letzter an der Wurzel</translation>
    </message>
    <message>
        <source> and costs %1 of the mean operation time.</source>
        <translation> und kostet %1 der mittleren Operationszeit.</translation>
    </message>
    <message>
        <source>Balanced: no single culprit</source>
        <translation>Ausgeglichen: kein einzelner Verursacher</translation>
    </message>
    <message>
        <source>Hottest stage: %1 at %2</source>
        <translation>Heißeste Phase: %1 bei %2</translation>
    </message>
    <message>
        <source>In the slowest class of paths (%1, %2, represented by %3) the %4 at %5 takes %6: %7 of the call time, %8 of the time without waiting for others.</source>
        <translation>In der langsamsten Pfadklasse (%1, %2, vertreten durch %3) dauert die Phase %4 bei %5 %6: %7 der Aufrufzeit, %8 der Zeit ohne Warten auf andere.</translation>
    </message>
    <message>
        <source>1 thread</source>
        <translation>1 Thread</translation>
    </message>
    <message>
        <source>%1 threads</source>
        <translation>%1 Threads</translation>
    </message>
    <message>
        <source>Of its %1 children the first is released %2 after the gred&apos;s release, the last %3 after it (%4 more per position): %5 of the mean operation time.</source>
        <translation>Von seinen %1 Kindern wird das erste %2 nach der Freigabe des Greds freigegeben, das letzte %3 danach (%4 mehr je Position): %5 der mittleren Operationszeit.</translation>
    </message>
    <message>
        <source>%1 greds serialize steeply.</source>
        <translation>%1 Greds serialisieren steil.</translation>
    </message>
    <message>
        <source>Steep departure serialization at %1</source>
        <translation>Steile Abgangsserialisierung bei %1</translation>
    </message>
    <message>
        <source>All calls complete</source>
        <translation>Alle Aufrufe vollständig</translation>
    </message>
    <message>
        <source>Every one of the %1 calls has all its tuples.</source>
        <translation>Jeder der %1 Aufrufe hat alle seine Tupel.</translation>
    </message>
    <message>
        <source>%1 incomplete calls</source>
        <translation>%1 unvollständige Aufrufe</translation>
    </message>
    <message>
        <source>%1 of %2 calls (%3) miss a tuple and are left out of every number.</source>
        <translation>%1 von %2 Aufrufen (%3) fehlt ein Tupel; sie fehlen in jeder Zahl.</translation>
    </message>
    <message>
        <source>%1 of the recorded tuples were gathered</source>
        <translation>%1 der aufgezeichneten Tupel wurden gesammelt</translation>
    </message>
    <message>
        <source>%1 of %2 were overwritten before they were read</source>
        <translation>%1 von %2 wurden überschrieben, bevor sie gelesen wurden</translation>
    </message>
    <message>
        <source>gather-tree nodes lost: %1, slow: %2</source>
        <translation>Knoten des Sammelbaums verloren: %1, langsam: %2</translation>
    </message>
    <message>
        <source>the program ran %1 slower while monitored</source>
        <translation>das Programm lief unter Überwachung %1 langsamer</translation>
    </message>
    <message>
        <source>Tuples were lost</source>
        <translation>Tupel gingen verloren</translation>
    </message>
    <message>
        <source>Everything was gathered</source>
        <translation>Alles wurde gesammelt</translation>
    </message>
    <message>
        <source>Clocks hold</source>
        <translation>Die Uhren stimmen</translation>
    </message>
    <message>
        <source>One host: every timestamp is on one clock.</source>
        <translation>Ein Host: Jeder Zeitstempel stammt von einer Uhr.</translation>
    </message>
    <message>
        <source>Clocks not modelled</source>
        <translation>Uhren nicht modelliert</translation>
    </message>
    <message>
        <source>%1 hosts and no clock model stored: times across hosts are taken as they are.</source>
        <translation>%1 Hosts und kein Uhrenmodell gespeichert: Zeiten über Hosts hinweg werden genommen, wie sie sind.</translation>
    </message>
    <message>
        <source>%1 of %2 hosts have a clock model, error bound up to %3.</source>
        <translation>%1 von %2 Hosts haben ein Uhrenmodell, Fehlerschranke bis %3.</translation>
    </message>
    <message>
        <source>Clocks not measured</source>
        <translation>Uhren nicht gemessen</translation>
    </message>
    <message>
        <source>Hosts never measured: %1 (the first: %2).</source>
        <translation>Nie gemessene Hosts: %1 (der erste: %2).</translation>
    </message>
    <message>
        <source>Residual skew up to %1 on %2, beyond its error bound.</source>
        <translation>Restversatz bis %1 auf %2, jenseits seiner Fehlerschranke.</translation>
    </message>
    <message>
        <source>Residual skew up to %1 on %2.</source>
        <translation>Restversatz bis %1 auf %2.</translation>
    </message>
    <message>
        <source>Clocks skewed</source>
        <translation>Uhren versetzt</translation>
    </message>
    <message>
        <source>Negative stage times</source>
        <translation>Negative Phasenzeiten</translation>
    </message>
    <message>
        <source>Negative stage means: %1 (the worst %2); the clocks explain them.</source>
        <translation>Negative Phasenmittel: %1 (das schlimmste %2); die Uhren erklären sie.</translation>
    </message>
    <message>
        <source>Negative stage means: %1 (the worst %2), more than the clocks explain.</source>
        <translation>Negative Phasenmittel: %1 (das schlimmste %2), mehr als die Uhren erklären.</translation>
    </message>
    <message>
        <source>No MPI waiting</source>
        <translation>Kein MPI-Warten</translation>
    </message>
    <message>
        <source>No rank waited for another.</source>
        <translation>Kein Rang wartete auf einen anderen.</translation>
    </message>
    <message>
        <source>Ranks waited %1 in %2 calls: %3 of the time in MPI.</source>
        <translation>Ränge warteten %1 in %2 Aufrufen: %3 der Zeit in MPI.</translation>
    </message>
    <message>
        <source>Rank %1%2 caused %3 of it.</source>
        <translation>Rang %1%2 verursachte %3 davon.</translation>
    </message>
    <message>
        <source>MPI wait states: %1</source>
        <translation>MPI-Wartezustände: %1</translation>
    </message>
    <message>
        <source>No slow calls</source>
        <translation>Keine langsamen Aufrufe</translation>
    </message>
    <message>
        <source>No call took longer than %1.</source>
        <translation>Kein Aufruf dauerte länger als %1.</translation>
    </message>
    <message>
        <source>Slow calls without a period</source>
        <translation>Langsame Aufrufe ohne Periode</translation>
    </message>
    <message>
        <source>%1 calls took longer than %2, in %3 bursts that do not recur regularly.</source>
        <translation>%1 Aufrufe dauerten länger als %2, in %3 Schüben, die nicht regelmäßig wiederkehren.</translation>
    </message>
    <message>
        <source>%1 of the %2 slow calls come every %3 (the first at %4), each %5 slower on average.</source>
        <translation>%1 der %2 langsamen Aufrufe kommen alle %3 (der erste bei %4), jeder im Mittel %5 langsamer.</translation>
    </message>
    <message>
        <source>%1 (host %2) is the late one in %3 of them.</source>
        <translation>%1 (Host %2) ist in %3 davon der Verspätete.</translation>
    </message>
    <message>
        <source>Periodic slow calls: every %1</source>
        <translation>Periodisch langsame Aufrufe: alle %1</translation>
    </message>
    <message>
        <source>Over time</source>
        <translation>Über die Zeit</translation>
    </message>
</context>
<context>
    <name>xylem::views::PlotCsvExport</name>
    <message>
        <source>Export data as CSV…</source>
        <translation>Daten als CSV exportieren…</translation>
    </message>
    <message>
        <source>Export Data as CSV</source>
        <translation>Daten als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Xylem</source>
        <translation>Xylem</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScaledTimemapPlot</name>
    <message>
        <source>depth (scaled)</source>
        <translation>Tiefe (skaliert)</translation>
    </message>
    <message>
        <source>no such thread</source>
        <translation>kein solcher Thread</translation>
    </message>
    <message>
        <source>%1 — %2, call %3</source>
        <translation>%1 — %2, Aufruf %3</translation>
    </message>
    <message>
        <source>%1 (down &lt; 0 &lt; up)</source>
        <translation>%1 (abwärts &lt; 0 &lt; aufwärts)</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScopeBuilderPage</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Front-end</source>
        <translation>Front-End</translation>
    </message>
    <message>
        <source>Relay</source>
        <translation>Relay</translation>
    </message>
    <message>
        <source>Collector</source>
        <translation>Kollektor</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected node</source>
        <translation>Den gewählten Knoten entfernen</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Generate…</source>
        <translation>Erzeugen…</translation>
    </message>
    <message>
        <source>Lay out a tree over a list of hosts</source>
        <translation>Einen Baum über eine Liste von Hosts anlegen</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>Raw tracing</source>
        <translation>Rohe Ablaufverfolgung</translation>
    </message>
    <message>
        <source>Load balance (single scope)</source>
        <translation>Lastverteilung (ein Umfang)</translation>
    </message>
    <message>
        <source>Load balance (distributed)</source>
        <translation>Lastverteilung (verteilt)</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>Open a scope design file</source>
        <translation>Eine Umfangsentwurfsdatei öffnen</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Save the design to a file to share</source>
        <translation>Den Entwurf in eine Datei zum Weitergeben speichern</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <source>Fit the whole design into the view</source>
        <translation>Den ganzen Entwurf in die Ansicht einpassen</translation>
    </message>
    <message>
        <source>Deploy</source>
        <translation>Ausrollen</translation>
    </message>
    <message>
        <source>Deploy the design to the running tree (again after a change: the program keeps running)</source>
        <translation>Den Entwurf auf dem laufenden Baum ausrollen (nach einer Änderung erneut: das Programm läuft weiter)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop the deployed scope</source>
        <translation>Den ausgerollten Umfang anhalten</translation>
    </message>
    <message>
        <source>Cannot generate the scope: %1</source>
        <translation>Der Umfang kann nicht erzeugt werden: %1</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Erzeugen</translation>
    </message>
    <message>
        <source>Cannot apply the preset: %1</source>
        <translation>Die Vorlage kann nicht angewendet werden: %1</translation>
    </message>
    <message>
        <source>Preset %1</source>
        <translation>Vorlage %1</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>%1 öffnen</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>%1 kann nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Open Scope Design</source>
        <translation>Umfangsentwurf öffnen</translation>
    </message>
    <message>
        <source>Scope designs (*.json);;All files (*)</source>
        <translation>Umfangsentwürfe (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save Scope Design</source>
        <translation>Umfangsentwurf speichern</translation>
    </message>
    <message>
        <source>Scope designs (*.json)</source>
        <translation>Umfangsentwürfe (*.json)</translation>
    </message>
    <message>
        <source>The design can be deployed.</source>
        <translation>Der Entwurf kann ausgerollt werden.</translation>
    </message>
    <message>
        <source>Redeploy</source>
        <translation>Neu ausrollen</translation>
    </message>
    <message>
        <source>Open a design kept in the open session, with the runs recorded through it</source>
        <translation>Einen in der offenen Sitzung gespeicherten Entwurf öffnen, mit den damit aufgezeichneten Läufen</translation>
    </message>
    <message>
        <source>Deploy the design as the gather tree of a program started elsewhere, whose collectors attach through an address file</source>
        <translation>Den Entwurf als Sammelbaum eines anderswo gestarteten Programms ausrollen, dessen Kollektoren sich über eine Adressdatei anschließen</translation>
    </message>
    <message>
        <source>Open “%1” from the session</source>
        <translation>„%1“ aus der Sitzung öffnen</translation>
    </message>
    <message>
        <source>Open a session first: its scope designs are kept with its runs.</source>
        <translation>Öffnen Sie zuerst eine Sitzung: ihre Umfangsentwürfe werden mit ihren Läufen gespeichert.</translation>
    </message>
    <message>
        <source>Cannot read the session&apos;s scope designs: %1</source>
        <translation>Die Umfangsentwürfe der Sitzung können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Design File…</source>
        <translation>Entwurfsdatei…</translation>
    </message>
    <message>
        <source>From the Session…</source>
        <translation>Aus der Sitzung…</translation>
    </message>
    <message>
        <source>Deploy to Program…</source>
        <translation>Auf Programm ausrollen…</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScopeDocument</name>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove node %1</source>
        <translation>Knoten %1 entfernen</translation>
    </message>
    <message>
        <source>Connect %1 to %2</source>
        <translation>%1 mit %2 verbinden</translation>
    </message>
    <message>
        <source>Disconnect %1</source>
        <translation>%1 abtrennen</translation>
    </message>
    <message>
        <source>Set host of %1</source>
        <translation>Host von %1 setzen</translation>
    </message>
    <message>
        <source>Set gathering of %1</source>
        <translation>Sammeln von %1 einstellen</translation>
    </message>
    <message>
        <source>Set pull period of %1</source>
        <translation>Abrufintervall von %1 setzen</translation>
    </message>
    <message>
        <source>Set ring of %1</source>
        <translation>Ring von %1 einstellen</translation>
    </message>
    <message>
        <source>Set filter %1</source>
        <translation>Filter %1 einstellen</translation>
    </message>
    <message>
        <source>Move node %1</source>
        <translation>Knoten %1 verschieben</translation>
    </message>
    <message>
        <source>Rename scope</source>
        <translation>Umfang umbenennen</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScopeGenerateDialog</name>
    <message>
        <source>Generate a Scope</source>
        <translation>Einen Umfang erzeugen</translation>
    </message>
    <message>
        <source>k-ary</source>
        <translation>k-när</translation>
    </message>
    <message>
        <source>k-nomial</source>
        <translation>k-nomial</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>flach</translation>
    </message>
    <message>
        <source>hierarchy-aware (one relay per cluster)</source>
        <translation>hierarchiebewusst (ein Relay pro Cluster)</translation>
    </message>
    <message>
        <source>one host per line, optionally followed by its cluster:
n1 c0
n2 c0
n3 c1</source>
        <translation>ein Host pro Zeile, optional gefolgt von seinem Cluster:
n1 c0
n2 c0
n3 c1</translation>
    </message>
    <message>
        <source>Shape:</source>
        <translation>Form:</translation>
    </message>
    <message>
        <source>Fan-out:</source>
        <translation>Verzweigungsgrad:</translation>
    </message>
    <message>
        <source>Front-end host:</source>
        <translation>Host des Front-Ends:</translation>
    </message>
    <message>
        <source>Hosts:</source>
        <translation>Hosts:</translation>
    </message>
    <message>
        <source>Take hosts:</source>
        <translation>Hosts übernehmen:</translation>
    </message>
    <message>
        <source>From the Open Run</source>
        <translation>Aus dem offenen Lauf</translation>
    </message>
    <message>
        <source>The hosts of the open run&apos;s configuration</source>
        <translation>Die Hosts der Konfiguration des offenen Laufs</translation>
    </message>
    <message>
        <source>From a Configuration…</source>
        <translation>Aus einer Konfiguration…</translation>
    </message>
    <message>
        <source>The hosts of a tree configuration file (xylem-tree/1)</source>
        <translation>Die Hosts einer Baumkonfigurationsdatei (xylem-tree/1)</translation>
    </message>
    <message>
        <source>From a Running Tree…</source>
        <translation>Aus einem laufenden Baum…</translation>
    </message>
    <message>
        <source>The collectors&apos; hosts in a running tree&apos;s address file</source>
        <translation>Die Hosts der Kollektoren in der Adressdatei eines laufenden Baums</translation>
    </message>
    <message>
        <source>Hosts of a Configuration</source>
        <translation>Hosts einer Konfiguration</translation>
    </message>
    <message>
        <source>Tree configurations (*.json);;All files (*)</source>
        <translation>Baumkonfigurationen (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Hosts of a Running Tree</source>
        <translation>Hosts eines laufenden Baums</translation>
    </message>
    <message>
        <source>Address files (*.address);;All files (*)</source>
        <translation>Adressdateien (*.address);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot read the configuration %1: %2</source>
        <translation>Die Konfiguration %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The configuration %1 names no hosts.</source>
        <translation>Die Konfiguration %1 nennt keine Hosts.</translation>
    </message>
    <message>
        <source>Cannot read the address file %1: %2</source>
        <translation>Die Adressdatei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The address file %1 names no collectors.</source>
        <translation>Die Adressdatei %1 nennt keine Kollektoren.</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScopeInspector</name>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>wait for all</source>
        <translation>auf alle warten</translation>
    </message>
    <message>
        <source>time-out</source>
        <translation>Zeitlimit</translation>
    </message>
    <message>
        <source>do not wait</source>
        <translation>nicht warten</translation>
    </message>
    <message>
        <source>%1 tuples</source>
        <translation>%1 Tupel</translation>
    </message>
    <message>
        <source>integers, separated by commas</source>
        <translation>ganze Zahlen, durch Kommas getrennt</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Host:</translation>
    </message>
    <message>
        <source>Helper threads:</source>
        <translation>Helfer-Threads:</translation>
    </message>
    <message>
        <source>Synchronization:</source>
        <translation>Synchronisierung:</translation>
    </message>
    <message>
        <source>Time-out:</source>
        <translation>Zeitlimit:</translation>
    </message>
    <message>
        <source>Pull period:</source>
        <translation>Abrufintervall:</translation>
    </message>
    <message>
        <source>Ring size:</source>
        <translation>Ringgröße:</translation>
    </message>
    <message>
        <source>Buffer policy:</source>
        <translation>Pufferstrategie:</translation>
    </message>
    <message>
        <source>Filter:</source>
        <translation>Filter:</translation>
    </message>
    <message>
        <source>Reduce with:</source>
        <translation>Reduzieren mit:</translation>
    </message>
    <message>
        <source>Plugin library:</source>
        <translation>Plugin-Bibliothek:</translation>
    </message>
    <message>
        <source>Plugin filter:</source>
        <translation>Plugin-Filter:</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Argumente:</translation>
    </message>
    <message>
        <source>Select a node to see its properties. Drag from a node&apos;s circle to another node to connect them.</source>
        <translation>Wählen Sie einen Knoten, um seine Eigenschaften zu sehen. Ziehen Sie vom Kreis eines Knotens zu einem anderen Knoten, um sie zu verbinden.</translation>
    </message>
    <message>
        <source>path of the shared library (.so)</source>
        <translation>Pfad der Shared Library (.so)</translation>
    </message>
    <message>
        <source>Choose the plugin library…</source>
        <translation>Plugin-Bibliothek wählen…</translation>
    </message>
    <message>
        <source>for example %1</source>
        <translation>zum Beispiel %1</translation>
    </message>
    <message>
        <source>Filter Plugin Library</source>
        <translation>Filter-Plugin-Bibliothek</translation>
    </message>
    <message>
        <source>Shared libraries (*.so);;All files (*)</source>
        <translation>Shared Libraries (*.so);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Coschedule:</source>
        <translation>Coscheduling:</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Off: the collectors read, filter and send when the front-end pulls, whatever the program is doing.</source>
        <translation>Aus: Die Kollektoren lesen, filtern und senden, wenn das Frontend abruft, gleich was das Programm gerade tut.</translation>
    </message>
    <message>
        <source>after sending</source>
        <translation>nach dem Senden</translation>
    </message>
    <message>
        <source>After sending: the collectors work while the program&apos;s threads wait inside the collective, from when all their contributions are sent.</source>
        <translation>Nach dem Senden: Die Kollektoren arbeiten, während die Threads des Programms in der kollektiven Operation warten, sobald alle ihre Beiträge gesendet sind.</translation>
    </message>
    <message>
        <source>after release</source>
        <translation>nach der Freigabe</translation>
    </message>
    <message>
        <source>After release: the collectors wait until all the program&apos;s threads have been released with the collective&apos;s result, which disturbs the program least.</source>
        <translation>Nach der Freigabe: Die Kollektoren warten, bis alle Threads des Programms mit dem Ergebnis der kollektiven Operation freigegeben sind; das stört das Programm am wenigsten.</translation>
    </message>
    <message>
        <source>The design deploys the most demanding mode of its filters.</source>
        <translation>Der Entwurf setzt den anspruchsvollsten Modus seiner Filter ein.</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScopeSessionDialog</name>
    <message>
        <source>not used by a run</source>
        <translation>von keinem Lauf verwendet</translation>
    </message>
    <message>
        <source>used by %1</source>
        <translation>verwendet von %1</translation>
    </message>
    <message>
        <source>Open a Scope Design from the Session</source>
        <translation>Einen Umfangsentwurf aus der Sitzung öffnen</translation>
    </message>
    <message>
        <source>This session keeps no scope designs: they are stored with the runs recorded through one.</source>
        <translation>Diese Sitzung enthält keine Umfangsentwürfe: sie werden mit den Läufen gespeichert, die über einen aufgezeichnet wurden.</translation>
    </message>
    <message>
        <source>%1 — nodes: %2
%3</source>
        <translation>%1 — Knoten: %2
%3</translation>
    </message>
</context>
<context>
    <name>xylem::views::SerializationView</name>
    <message>
        <source>Gred:</source>
        <translation>Gred:</translation>
    </message>
    <message>
        <source>departure position r (0 = first to leave)</source>
        <translation>Abgangsposition r (0 = verlässt als Erster)</translation>
    </message>
    <message>
        <source>fit: %1 + %2 per position</source>
        <translation>Anpassung: %1 + %2 pro Position</translation>
    </message>
    <message>
        <source>its children</source>
        <translation>seiner Kinder</translation>
    </message>
    <message>
        <source>its whole subtree</source>
        <translation>seines ganzen Teilbaums</translation>
    </message>
    <message>
        <source>Rank the gred&apos;s own children, or every thread below it</source>
        <translation>Die eigenen Kinder des Greds ordnen oder jeden Thread darunter</translation>
    </message>
    <message>
        <source>departures of</source>
        <translation>Abgänge</translation>
    </message>
    <message>
        <source>loading the runs&apos; tuples…</source>
        <translation>Tupel der Läufe werden geladen…</translation>
    </message>
    <message>
        <source>mean t4(r) − t3 (%1)</source>
        <translation>mittleres t4(r) − t3 (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::StageName</name>
    <message>
        <source>arrival wait</source>
        <translation>Ankunftswartezeit</translation>
    </message>
    <message>
        <source>down latency</source>
        <translation>Abwärtslatenz</translation>
    </message>
    <message>
        <source>down (network hop)</source>
        <translation>abwärts (Netzsprung)</translation>
    </message>
    <message>
        <source>store</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>departure wait</source>
        <translation>Abgangswartezeit</translation>
    </message>
    <message>
        <source>up latency</source>
        <translation>Aufwärtslatenz</translation>
    </message>
    <message>
        <source>up (network hop)</source>
        <translation>aufwärts (Netzsprung)</translation>
    </message>
</context>
<context>
    <name>xylem::views::TableModel</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>xylem::views::TablePage</name>
    <message>
        <source>Filter rows…</source>
        <translation>Zeilen filtern…</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Tabelle:</translation>
    </message>
</context>
<context>
    <name>xylem::views::TimelineRangeBand</name>
    <message>
        <source>analysis window: %1 – %2 s</source>
        <translation>Analysefenster: %1 – %2 s</translation>
    </message>
</context>
<context>
    <name>xylem::views::TimelineSwitchMarks</name>
    <message>
        <source>→ %1 (settled)</source>
        <translation>→ %1 (festgelegt)</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>call %1: switched to %2 (settled)</source>
        <translation>Aufruf %1: gewechselt zu %2 (festgelegt)</translation>
    </message>
    <message>
        <source>call %1: switched to %2 (trial block)</source>
        <translation>Aufruf %1: gewechselt zu %2 (Probeblock)</translation>
    </message>
</context>
<context>
    <name>xylem::views::TimelineView</name>
    <message>
        <source>time in the run (s)</source>
        <translation>Zeit im Lauf (s)</translation>
    </message>
    <message>
        <source>operation time, mean (band: min..max)</source>
        <translation>Operationszeit, Mittelwert (Band: min..max)</translation>
    </message>
    <message>
        <source>slowest-thread time, mean</source>
        <translation>Zeit des langsamsten Threads, Mittelwert</translation>
    </message>
    <message>
        <source>CPU busy (%)</source>
        <translation>CPU-Auslastung (%)</translation>
    </message>
    <message>
        <source>network (MB/s)</source>
        <translation>Netzwerk (MB/s)</translation>
    </message>
    <message>
        <source>no system samples in this run</source>
        <translation>keine Systemmesswerte in diesem Lauf</translation>
    </message>
    <message>
        <source>%1 CPU busy</source>
        <translation>%1 CPU-Auslastung</translation>
    </message>
    <message>
        <source>%1 network</source>
        <translation>%1 Netzwerk</translation>
    </message>
    <message>
        <source>operation time, min</source>
        <translation>Operationszeit, Minimum</translation>
    </message>
    <message>
        <source>operation time, max</source>
        <translation>Operationszeit, Maximum</translation>
    </message>
    <message>
        <source>slowest-thread time, min</source>
        <translation>Zeit des langsamsten Threads, Minimum</translation>
    </message>
    <message>
        <source>slowest-thread time, max</source>
        <translation>Zeit des langsamsten Threads, Maximum</translation>
    </message>
    <message>
        <source>calls still being assembled</source>
        <translation>Aufrufe werden noch zusammengesetzt</translation>
    </message>
    <message>
        <source>time in the recording so far (s): a call is drawn once all its tuples came</source>
        <translation>Zeit in der bisherigen Aufzeichnung (s): Ein Aufruf wird gezeichnet, sobald alle seine Tupel da sind</translation>
    </message>
    <message>
        <source>per call (%1)</source>
        <translation>je Aufruf (%1)</translation>
    </message>
    <message>
        <source>Analyse this range</source>
        <translation>Diesen Bereich analysieren</translation>
    </message>
    <message>
        <source>Analyse the calls that start in the span in view; every view shows that window (Shift-drag on the timeline chooses a range too)</source>
        <translation>Die Aufrufe analysieren, die im sichtbaren Zeitraum beginnen; jede Ansicht zeigt dieses Fenster (Ziehen mit Umschalt auf der Zeitleiste wählt ebenfalls einen Bereich)</translation>
    </message>
    <message>
        <source>Analyse the whole run</source>
        <translation>Den ganzen Lauf analysieren</translation>
    </message>
</context>
<context>
    <name>xylem::views::TimemapView</name>
    <message>
        <source>Show arrival waits</source>
        <translation>Ankunftswartezeiten anzeigen</translation>
    </message>
    <message>
        <source>depth along the path</source>
        <translation>Tiefe entlang des Pfads</translation>
    </message>
    <message>
        <source>%1: %2 at %3, mean %4</source>
        <translation>%1: %2 bei %3, Mittelwert %4</translation>
    </message>
    <message>
        <source>≈ Hatched stages are estimates: no clock model is stored for %1, so each direction of a proxy hop that has one of them at an end is shown as half the hop&apos;s two-way latency.</source>
        <translation>≈ Schraffierte Stufen sind Schätzungen: Für %1 ist kein Uhrenmodell gespeichert, daher wird jede Richtung eines Proxy-Sprungs, an dessen einem Ende einer davon liegt, als die Hälfte der Hin-und-Rück-Latenz des Sprungs gezeigt.</translation>
    </message>
    <message>
        <source>≈ half the two-way latency: no clock model for host %1</source>
        <translation>≈ die Hälfte der Hin-und-Rück-Latenz: kein Uhrenmodell für Host %1</translation>
    </message>
    <message>
        <source>time along the path (%1); 0 = the call reaches the root</source>
        <translation>Zeit entlang des Pfads (%1); 0 = der Aufruf erreicht die Wurzel</translation>
    </message>
    <message>
        <source>%1 (culprit)</source>
        <translation>%1 (Verursacher)</translation>
    </message>
    <message>
        <source>culprit&apos;s path: %1</source>
        <translation>Pfad des Verursachers: %1</translation>
    </message>
</context>
<context>
    <name>xylem::views::TreeClockModel</name>
    <message>
        <source>the reference clock</source>
        <translation>die Referenzuhr</translation>
    </message>
    <message>
        <source>corrected onto %1</source>
        <translation>auf %1 korrigiert</translation>
    </message>
    <message>
        <source>as they are: the offset is within its error bound</source>
        <translation>unverändert: der Versatz liegt innerhalb seiner Fehlerschranke</translation>
    </message>
    <message>
        <source>as they are: the host was never measured</source>
        <translation>unverändert: der Host wurde nie gemessen</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>nicht geprüft</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>The residual skew exceeds the error bound: the clock model does not describe this host&apos;s clock well.</source>
        <translation>Der Restversatz übersteigt die Fehlerschranke: Das Uhrenmodell beschreibt die Uhr dieses Hosts nicht gut.</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Measured against</source>
        <translation>Gemessen gegen</translation>
    </message>
    <message>
        <source>Offset at start</source>
        <translation>Versatz am Anfang</translation>
    </message>
    <message>
        <source>Offset at end</source>
        <translation>Versatz am Ende</translation>
    </message>
    <message>
        <source>Drift (ppm)</source>
        <translation>Drift (ppm)</translation>
    </message>
    <message>
        <source>Error bound</source>
        <translation>Fehlerschranke</translation>
    </message>
    <message>
        <source>Residual skew</source>
        <translation>Restversatz</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>Verletzungen</translation>
    </message>
    <message>
        <source>Timestamps</source>
        <translation>Zeitstempel</translation>
    </message>
</context>
<context>
    <name>xylem::views::TreeClockView</name>
    <message numerus="yes">
        <source>Clocks of %n host(s), measured by the front-end through the gather tree; a host&apos;s tuples were moved onto the front-end&apos;s clock where its offset was beyond its error bound.</source>
        <translation>
            <numerusform>Uhr von %n Host, vom Front-End über den Sammelbaum gemessen; die Tupel eines Hosts wurden auf die Uhr des Front-Ends verschoben, wo sein Versatz jenseits seiner Fehlerschranke lag.</numerusform>
            <numerusform>Uhren von %n Hosts, vom Front-End über den Sammelbaum gemessen; die Tupel eines Hosts wurden auf die Uhr des Front-Ends verschoben, wo sein Versatz jenseits seiner Fehlerschranke lag.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Clocks of %n host(s) of an MPI run; every measured host&apos;s events were mapped onto the reference clock.</source>
        <translation>
            <numerusform>Uhr von %n Host eines MPI-Laufs; die Ereignisse jedes gemessenen Hosts wurden auf die Referenzuhr abgebildet.</numerusform>
            <numerusform>Uhren von %n Hosts eines MPI-Laufs; die Ereignisse jedes gemessenen Hosts wurden auf die Referenzuhr abgebildet.</numerusform>
        </translation>
    </message>
    <message>
        <source>Never measured: %1 (in the timemap, proxy hops to or from it are half their two-way latency).</source>
        <translation>Nie gemessen: %1 (in der Zeitkarte sind Proxy-Sprünge dorthin oder von dort die Hälfte ihrer Hin-und-Rück-Latenz).</translation>
    </message>
    <message>
        <source>Residual skew not checked: no proxy hop joins two hosts.</source>
        <translation>Restversatz nicht geprüft: Kein Proxy-Sprung verbindet zwei Hosts.</translation>
    </message>
    <message>
        <source>No residual skew: every checked ordering holds.</source>
        <translation>Kein Restversatz: Jede geprüfte Reihenfolge gilt.</translation>
    </message>
    <message>
        <source>Largest residual skew %1 on %2.</source>
        <translation>Größter Restversatz %1 auf %2.</translation>
    </message>
    <message>
        <source>No run is shown.</source>
        <translation>Es wird kein Lauf angezeigt.</translation>
    </message>
    <message>
        <source>No clock model is stored with this run: its timestamps are taken as they are, and in the timemap each direction of a proxy hop between two hosts is half the hop&apos;s two-way latency.</source>
        <translation>Zu diesem Lauf ist kein Uhrenmodell gespeichert: Seine Zeitstempel werden unverändert genommen, und in der Zeitkarte ist jede Richtung eines Proxy-Sprungs zwischen zwei Hosts die Hälfte der Hin-und-Rück-Latenz des Sprungs.</translation>
    </message>
</context>
<context>
    <name>xylem::views::WaitPatternPanel</name>
    <message>
        <source>Ranks: who waited, and whom they waited for (caused)</source>
        <translation>Ränge: wer wartete und auf wen gewartet wurde (verursacht)</translation>
    </message>
    <message>
        <source>Call sites where ranks waited</source>
        <translation>Aufrufstellen, an denen Ränge warteten</translation>
    </message>
    <message>
        <source>Communicators</source>
        <translation>Kommunikatoren</translation>
    </message>
    <message>
        <source>Patterns</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Muster</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Warten</translation>
    </message>
    <message>
        <source>MPI share</source>
        <translation>MPI-Anteil</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>Grid</translation>
    </message>
    <message>
        <source>Main cause</source>
        <translation>Hauptursache</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rang %1</translation>
    </message>
    <message>
        <source>%1: no rank waited.</source>
        <translation>%1: kein Rang wartete.</translation>
    </message>
    <message>
        <source>1 call</source>
        <translation>1 Aufruf</translation>
    </message>
    <message>
        <source>%1 calls</source>
        <translation>%1 Aufrufe</translation>
    </message>
    <message>
        <source>%1: %2 waited in %3, %4 of it across clusters; rank %5 caused %6 of it.</source>
        <translation>%1: %2 gewartet in %3, davon %4 über Cluster hinweg; Rang %5 verursachte %6 davon.</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Waited</source>
        <translation>Gewartet</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Grid share</source>
        <translation>Grid-Anteil</translation>
    </message>
    <message>
        <source>Caused</source>
        <translation>Verursacht</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>Aufruf</translation>
    </message>
    <message>
        <source>Comm.</source>
        <translation>Komm.</translation>
    </message>
</context>
<context>
    <name>xylem::views::WaitStateModel</name>
    <message>
        <source>Wait at N×N</source>
        <translation>Wait at N×N</translation>
    </message>
    <message>
        <source>Late Broadcast</source>
        <translation>Late Broadcast</translation>
    </message>
    <message>
        <source>Early Reduce</source>
        <translation>Early Reduce</translation>
    </message>
    <message>
        <source>Late Sender</source>
        <translation>Late Sender</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>%1: grid share</source>
        <translation>%1: Anteil zwischen Clustern</translation>
    </message>
    <message>
        <source>Late Receiver</source>
        <translation>Late Receiver</translation>
    </message>
    <message>
        <source>Wait at Barrier</source>
        <translation>Wait at Barrier</translation>
    </message>
</context>
<context>
    <name>xylem::views::WaitStateView</name>
    <message>
        <source>rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>No MPI run shown.</source>
        <translation>Kein MPI-Lauf angezeigt.</translation>
    </message>
    <message>
        <source>%1 collective instances analysed, %2 incomplete (left out); %3 unmatched sends, %4 unmatched receives. Call sites are MPI function and communicator: no return addresses are recorded.</source>
        <translation>%1 kollektive Aufrufe analysiert, %2 unvollständig (ausgelassen); %3 Sendungen und %4 Empfänge ohne Gegenstück. Aufrufstellen sind MPI-Funktion und Kommunikator: Rücksprungadressen werden nicht aufgezeichnet.</translation>
    </message>
    <message>
        <source>By pattern</source>
        <translation>Nach Muster</translation>
    </message>
    <message>
        <source>Per rank</source>
        <translation>Pro Rang</translation>
    </message>
    <message>
        <source>waiting time (%1)</source>
        <translation>Wartezeit (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::WeightedTreeView</name>
    <message>
        <source>thread %1</source>
        <translation>Thread %1</translation>
    </message>
    <message>
        <source>gred %1 (double-click folds)</source>
        <translation>Gred %1 (Doppelklick klappt ein)</translation>
    </message>
    <message>
        <source>%1 → %2: last to arrive in %3 of %4 calls</source>
        <translation>%1 → %2: in %3 von %4 Aufrufen als Letzter angekommen</translation>
    </message>
    <message>
        <source>
arrival order (rank: calls): %1</source>
        <translation>
Ankunftsreihenfolge (Rang: Aufrufe): %1</translation>
    </message>
    <message>
        <source>
departure order (rank: calls): %1</source>
        <translation>
Abgangsreihenfolge (Rang: Aufrufe): %1</translation>
    </message>
    <message>
        <source>
on the imbalance path</source>
        <translation>
auf dem Ungleichgewichtspfad</translation>
    </message>
    <message>
        <source>gred %1, folded: %2 threads; the chain of last arrivals from the root ended in them in %3 of %4 calls (double-click unfolds)</source>
        <translation>Gred %1, eingeklappt: %2 Threads; die Kette der letzten Ankünfte von der Wurzel endete in %3 von %4 Aufrufen bei ihnen (Doppelklick klappt auf)</translation>
    </message>
    <message>
        <source>Filter: host, cluster or thread (h17, c0, t3, h1*)</source>
        <translation>Filter: Host, Cluster oder Thread (h17, c0, t3, h1*)</translation>
    </message>
    <message>
        <source>Keeps the hosts, clusters and threads whose ids match, the way to them and the imbalance path. Several terms: separate them by commas or spaces; * and ? are wildcards.</source>
        <translation>Behält die Hosts, Cluster und Threads, deren Kennungen passen, den Weg zu ihnen und den Ungleichgewichtspfad. Mehrere Begriffe durch Kommas oder Leerzeichen trennen; * und ? sind Platzhalter.</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n Thread</numerusform>
            <numerusform>%n Threads</numerusform>
        </translation>
    </message>
    <message>
        <source>last in %1</source>
        <translation>Letzter in %1</translation>
    </message>
    <message>
        <source>%1 of %2 threads shown; double-click a host to unfold it</source>
        <translation>%1 von %2 Threads gezeigt; Doppelklick auf einen Host klappt ihn auf</translation>
    </message>
    <message>
        <source>Unfold</source>
        <translation>Aufklappen</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>Einklappen</translation>
    </message>
    <message>
        <source>Fold Every Host</source>
        <translation>Jeden Host einklappen</translation>
    </message>
    <message>
        <source>Unfold Everything</source>
        <translation>Alles aufklappen</translation>
    </message>
    <message>
        <source>Clear the Filter</source>
        <translation>Filter leeren</translation>
    </message>
    <message>
        <source>Fit Tree</source>
        <translation>Baum einpassen</translation>
    </message>
</context>
</TS>
