<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="nb_NO">
<context>
    <name>ColumnTitle</name>
    <message>
        <source>thread</source>
        <translation>tråd</translation>
    </message>
    <message>
        <source>host</source>
        <translation>vert</translation>
    </message>
    <message>
        <source>class</source>
        <translation>klasse</translation>
    </message>
    <message>
        <source>critical arrivals</source>
        <translation>kritiske ankomster</translation>
    </message>
    <message>
        <source>slowest share</source>
        <translation>andel som tregest</translation>
    </message>
    <message>
        <source>A: slowest share</source>
        <translation>A: andel som tregest</translation>
    </message>
    <message>
        <source>B: slowest share</source>
        <translation>B: andel som tregest</translation>
    </message>
    <message>
        <source>gred</source>
        <translation>gred</translation>
    </message>
    <message>
        <source>contributor</source>
        <translation>bidragsyter</translation>
    </message>
    <message>
        <source>last arrivals</source>
        <translation>siste ankomster</translation>
    </message>
    <message>
        <source>arrival order</source>
        <translation>ankomstrekkefølge</translation>
    </message>
    <message>
        <source>departure order</source>
        <translation>avgangsrekkefølge</translation>
    </message>
    <message>
        <source>wrapper</source>
        <translation>wrapper</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>type</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>måltall</translation>
    </message>
    <message>
        <source>rank</source>
        <translation>rang</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>trinn</translation>
    </message>
    <message>
        <source>position</source>
        <translation>posisjon</translation>
    </message>
    <message>
        <source>direction</source>
        <translation>retning</translation>
    </message>
    <message>
        <source>depth</source>
        <translation>dybde</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>gjennomsnitt</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>tråder</translation>
    </message>
    <message>
        <source>representative</source>
        <translation>representant</translation>
    </message>
    <message>
        <source>members</source>
        <translation>medlemmer</translation>
    </message>
    <message>
        <source>call time</source>
        <translation>kalltid</translation>
    </message>
    <message>
        <source>arrival wait</source>
        <translation>ankomstventing</translation>
    </message>
    <message>
        <source>departure wait</source>
        <translation>avgangsventing</translation>
    </message>
    <message>
        <source>total latency</source>
        <translation>total forsinkelse</translation>
    </message>
    <message>
        <source>value</source>
        <translation>verdi</translation>
    </message>
    <message>
        <source>count</source>
        <translation>antall</translation>
    </message>
    <message>
        <source>median</source>
        <translation>median</translation>
    </message>
    <message>
        <source>min</source>
        <translation>min.</translation>
    </message>
    <message>
        <source>max</source>
        <translation>maks.</translation>
    </message>
    <message>
        <source>stddev</source>
        <translation>std.avvik</translation>
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
        <translation>hva</translation>
    </message>
    <message>
        <source>of</source>
        <translation>av</translation>
    </message>
    <message>
        <source>call #</source>
        <translation>kall #</translation>
    </message>
    <message>
        <source>start</source>
        <translation>start</translation>
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
        <translation>ingen (bare innsamlere)</translation>
    </message>
    <message>
        <source>%1 of what was counted, %2 collector(s) lost</source>
        <translation>%1 av det som ble talt, %2 innsamler(e) tapt</translation>
    </message>
    <message>
        <source>Preparing the recording…</source>
        <translation>Forbereder opptaket…</translation>
    </message>
    <message>
        <source>Running the program once without collectors (baseline)…</source>
        <translation>Kjører programmet én gang uten innsamlere (grunnlinje)…</translation>
    </message>
    <message>
        <source>Starting the gather tree…</source>
        <translation>Starter innsamlingstreet…</translation>
    </message>
    <message>
        <source>Waiting for the collectors to attach…</source>
        <translation>Venter på at innsamlerne kobler seg til…</translation>
    </message>
    <message>
        <source>Deploying the scope and measuring the clocks…</source>
        <translation>Utplasserer scopet og måler klokkene…</translation>
    </message>
    <message>
        <source>Recording…</source>
        <translation>Tar opp…</translation>
    </message>
    <message>
        <source>The program ended: gathering what the rings still hold…</source>
        <translation>Programmet er ferdig: samler inn det ringene fortsatt holder…</translation>
    </message>
    <message>
        <source>Storing the run…</source>
        <translation>Lagrer kjøringen…</translation>
    </message>
    <message>
        <source>Waiting for the collectors to attach through %1 (or at %2 with the tree&apos;s token)…</source>
        <translation>Venter på at innsamlerne kobler seg til gjennom %1 (eller på %2 med treets token)…</translation>
    </message>
    <message>
        <source>Gather tree: %1 nodes up in %2 ms</source>
        <translation>Innsamlingstre: %1 noder oppe på %2 ms</translation>
    </message>
    <message>
        <source>Baseline without collectors: %1 µs per iteration</source>
        <translation>Grunnlinje uten innsamlere: %1 µs per iterasjon</translation>
    </message>
    <message>
        <source>Clocks not measured at the end: %1</source>
        <translation>Klokkene ble ikke målt ved slutten: %1</translation>
    </message>
    <message>
        <source>Clocks not measured at the start: %1</source>
        <translation>Klokkene ble ikke målt ved starten: %1</translation>
    </message>
    <message>
        <source>Recording: %1 s, %2 calls, %3 tuples (%4 k/s), gather rate %5, %6 overwritten, delay %7 ms, culprit %8</source>
        <translation>Opptak: %1 s, %2 kall, %3 tupler (%4 k/s), innsamlingsrate %5, %6 overskrevet, forsinkelse %7 ms, synder %8</translation>
    </message>
    <message>
        <source>; nodes lost: %1, slow: %2</source>
        <translation>; noder tapt: %1, trege: %2</translation>
    </message>
    <message>
        <source>Design &quot;%1&quot; redeployed: %2</source>
        <translation>Designet «%1» utplassert på nytt: %2</translation>
    </message>
    <message>
        <source>Redeploy refused: %1</source>
        <translation>Ny utplassering avvist: %1</translation>
    </message>
    <message>
        <source>Run %1 stored in %2: %3 complete calls, %4 incomplete; %5 tuples from %6 rings; gather rate %7 (%8 overwritten of %9 written).</source>
        <translation>Kjøring %1 lagret i %2: %3 fullstendige kall, %4 ufullstendige; %5 tupler fra %6 ringer; innsamlingsrate %7 (%8 overskrevet av %9 skrevet).</translation>
    </message>
    <message>
        <source>The program %1.</source>
        <translation>Programmet: %1.</translation>
    </message>
    <message>
        <source>Gathering ended early, the run keeps what came before: %1</source>
        <translation>Innsamlingen sluttet tidlig, kjøringen beholder det som kom før: %1</translation>
    </message>
    <message>
        <source>Recording the MPI program: %1 s, %2 tuples gathered (%3 k/s)</source>
        <translation>Tar opp MPI-programmet: %1 s, %2 tupler samlet inn (%3 k/s)</translation>
    </message>
    <message>
        <source>The MPI program: %1</source>
        <translation>MPI-programmet: %1</translation>
    </message>
    <message>
        <source>was killed by signal %1</source>
        <translation>ble drept av signal %1</translation>
    </message>
    <message>
        <source>exited with code %1</source>
        <translation>avsluttet med kode %1</translation>
    </message>
    <message>
        <source>%1 %2 and its ranks recorded no MPI call: its own messages say why; nothing was stored.</source>
        <translation>%1 %2, og rankene registrerte ingen MPI-kall: programmets egne meldinger sier hvorfor; ingenting ble lagret.</translation>
    </message>
    <message>
        <source>%1 %2 and recorded no MPI call (it failed before MPI_Init, or is no MPI program); nothing was stored.</source>
        <translation>%1 %2 og registrerte ingen MPI-kall (det feilet før MPI_Init, eller er ikke et MPI-program); ingenting ble lagret.</translation>
    </message>
    <message>
        <source>%1 %2 but recorded no MPI call: it never called MPI_Init, or its MPI library is linked statically; nothing was stored.</source>
        <translation>%1 %2, men registrerte ingen MPI-kall: det kalte aldri MPI_Init, eller MPI-biblioteket er statisk lenket; ingenting ble lagret.</translation>
    </message>
    <message>
        <source>The MPI program %1; %2 ranks, %3 communicators, %4 MPI calls, stored in %5.</source>
        <translation>MPI-programmet %1; %2 ranks, %3 kommunikatorer, %4 MPI-kall, lagret i %5.</translation>
    </message>
    <message>
        <source>Run %1 (no complete collective that synchronizes every member).</source>
        <translation>Kjøring %1 (ingen fullstendig kollektiv operasjon som synkroniserer alle medlemmer).</translation>
    </message>
    <message>
        <source>Run %1: %2, %3 calls.</source>
        <translation>Kjøring %1: %2, %3 kall.</translation>
    </message>
    <message>
        <source>Interrupted: what the program recorded is stored.</source>
        <translation>Avbrutt: Det programmet registrerte, er lagret.</translation>
    </message>
    <message>
        <source>The program did not reach MPI_Finalize: clock samples and communicators made later are missing.</source>
        <translation>Programmet nådde ikke MPI_Finalize: klokkeprøver og kommunikatorer laget senere mangler.</translation>
    </message>
    <message>
        <source>%1 calls were lost to full rings.</source>
        <translation>%1 kall gikk tapt i fulle ringer.</translation>
    </message>
</context>
<context>
    <name>ScopeNodeItem</name>
    <message>
        <source>wait for all</source>
        <translation>vent på alle</translation>
    </message>
    <message>
        <source>time-out %1 ms</source>
        <translation>tidsavbrudd %1 ms</translation>
    </message>
    <message>
        <source>do not wait</source>
        <translation>ikke vent</translation>
    </message>
    <message>
        <source>%1 filter</source>
        <translation>%1-filter</translation>
    </message>
    <message>
        <source>%1 (no host)</source>
        <translation>%1 (ingen vert)</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 på %2</translation>
    </message>
    <message>
        <source>pull %1 ms · %2 helpers · %3</source>
        <translation>henter %1 ms · %2 hjelpere · %3</translation>
    </message>
    <message>
        <source>%1 helpers · %2</source>
        <translation>%1 hjelpere · %2</translation>
    </message>
    <message>
        <source>ring %1 · %2</source>
        <translation>ring %1 · %2</translation>
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
        <translation>%1 · %2 % lest · %3 tapt
</translation>
    </message>
    <message>
        <source>delay %1 ms</source>
        <translation>forsinkelse %1 ms</translation>
    </message>
    <message>
        <source>CPU %1 %</source>
        <translation>CPU %1 %</translation>
    </message>
    <message>
        <source>LOST</source>
        <translation>TAPT</translation>
    </message>
    <message>
        <source>collectors by gather rate</source>
        <translation>innsamlere etter innsamlingsrate</translation>
    </message>
    <message>
        <source>coscheduled after sending</source>
        <translation>samplanlagt etter sending</translation>
    </message>
    <message>
        <source>coscheduled after release</source>
        <translation>samplanlagt etter frigjøring</translation>
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
        <translation>Ytelsesanalyse av kollektiv kommunikasjon</translation>
    </message>
    <message>
        <source>The run to show first.</source>
        <translation>Kjøringen som vises først.</translation>
    </message>
    <message>
        <source>Save the window as PNG once the run is shown, then quit.</source>
        <translation>Lagre vinduet som PNG når kjøringen vises, og avslutt.</translation>
    </message>
    <message>
        <source>Record a local demo cluster (4 hosts x 2 threads, h2.t1 delayed) into FILE and show it live.</source>
        <translation>Ta opp en lokal demoklynge (4 verter x 2 tråder, h2.t1 forsinket) i FILE og vis den i sanntid.</translation>
    </message>
    <message>
        <source>The language of the window: %1 (default: the choice in View ▸ Language, else the system&apos;s).</source>
        <translation>Språket i vinduet: %1 (standard: valget under Vis ▸ Språk, ellers systemets).</translation>
    </message>
    <message>
        <source>With --screenshot: show run N after the first and save the window then (the comparison puts the two side by side).</source>
        <translation>Med --screenshot: vis kjøring N etter den første, og lagre vinduet først da (sammenligningen setter de to side om side).</translation>
    </message>
    <message>
        <source>Open a scope design (*.design.json) in the Scope builder.</source>
        <translation>Åpne et omfangsutkast (*.design.json) i omfangsbyggeren.</translation>
    </message>
    <message>
        <source>The tab to show: overview (the default), tree, timemap, serialization, comparison, timeline, overtime, call (the run&apos;s slowest call), tables, waitstates, scopes, clocks or monitors.</source>
        <translation>Fanen som vises: overview (standard), tree, timemap, serialization, comparison, timeline, overtime, call (kjøringens tregeste kall), tables, waitstates, scopes, clocks eller monitors.</translation>
    </message>
    <message>
        <source>Session files to open, side by side.</source>
        <translation>Øktfiler som skal åpnes side om side.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::AttachDialog</name>
    <message>
        <source>Tree configurations (*.json);;All files (*)</source>
        <translation>Trekonfigurasjoner (*.json);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Address files (*.address);;All files (*)</source>
        <translation>Adressefiler (*.address);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Event scopes (*.json);;All files (*)</source>
        <translation>Hendelsesomfang (*.json);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Xylem sessions (*.xylem)</source>
        <translation>Xylem-økter (*.xylem)</translation>
    </message>
    <message>
        <source>Monitor a Running Program</source>
        <translation>Overvåk et kjørende program</translation>
    </message>
    <message>
        <source>the default scope (raw tracing)</source>
        <translation>standardomfanget (rå sporing)</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Program&apos;s tree configuration:</source>
        <translation>Programmets trekonfigurasjon:</translation>
    </message>
    <message>
        <source>Address file to write:</source>
        <translation>Adressefil som skal skrives:</translation>
    </message>
    <message>
        <source>Event scope:</source>
        <translation>Hendelsesomfang:</translation>
    </message>
    <message>
        <source>Record for at most:</source>
        <translation>Ta opp i høyst:</translation>
    </message>
    <message>
        <source>Session file:</source>
        <translation>Øktfil:</translation>
    </message>
    <message>
        <source>Start Monitoring</source>
        <translation>Start overvåking</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Bla gjennom…</translation>
    </message>
    <message>
        <source>Then start on each node of the program:
xylem-collector --attach %1 --host HOST --ring-prefix PREFIX
and run the program with XYLEM_RING_PREFIX=PREFIX.</source>
        <translation>Start deretter på hver node i programmet:
xylem-collector --attach %1 --host HOST --ring-prefix PREFIX
og kjør programmet med XYLEM_RING_PREFIX=PREFIX.</translation>
    </message>
    <message>
        <source>Deploy to a Running Program</source>
        <translation>Rull ut på et kjørende program</translation>
    </message>
    <message>
        <source>Deploy</source>
        <translation>Rull ut</translation>
    </message>
    <message>
        <source>Then start one collector on each host of the design:
%1
and run the program with XYLEM_RING_PREFIX=PREFIX.</source>
        <translation>Start deretter én kollektor på hver vert i utkastet:
%1
og kjør programmet med XYLEM_RING_PREFIX=PREFIX.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::BusyBar</name>
    <message>
        <source>reading %p%</source>
        <translation>leser %p%</translation>
    </message>
</context>
<context>
    <name>xylem::gui::CallDetailJob</name>
    <message>
        <source>Cannot show call #%1 of run %2: %3</source>
        <translation>Kan ikke vise kall #%1 i kjøring %2: %3</translation>
    </message>
</context>
<context>
    <name>xylem::gui::ClusterRecordDialog</name>
    <message>
        <source>Host files (*);;Text files (*.txt)</source>
        <translation>Vertsfiler (*);;Tekstfiler (*.txt)</translation>
    </message>
    <message>
        <source>Event scopes and scope designs (*.json);;All files (*)</source>
        <translation>Hendelsesomfang og omfangsutkast (*.json);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Xylem sessions (*.xylem)</source>
        <translation>Xylem-økter (*.xylem)</translation>
    </message>
    <message>
        <source>Record on a Cluster</source>
        <translation>Ta opp på en klynge</translation>
    </message>
    <message>
        <source>one host per line, as mpirun and Slurm take them</source>
        <translation>én vert per linje, slik mpirun og Slurm leser dem</translation>
    </message>
    <message>
        <source>Starts a relay or collector on another machine: {host} is the machine, {command} what runs there</source>
        <translation>Starter et relé eller en kollektor på en annen maskin: {host} er maskinen, {command} det som kjører der</translation>
    </message>
    <message>
        <source>Where the front-end listens: an address of this machine, or auto for the interface that routes to the other machines</source>
        <translation>Hvor frontenden lytter: en adresse på denne maskinen, eller auto for grensesnittet som ruter til de andre maskinene</translation>
    </message>
    <message>
        <source>the host file&apos;s slots</source>
        <translation>vertsfilens plasser (slots)</translation>
    </message>
    <message>
        <source>iterations</source>
        <translation>iterasjoner</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>sekunder</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>minutter</translation>
    </message>
    <message>
        <source>gsum (allreduce only)</source>
        <translation>gsum (bare allreduce)</translation>
    </message>
    <message>
        <source>compute-gsum (computation between allreduces)</source>
        <translation>compute-gsum (beregning mellom allreduce-kallene)</translation>
    </message>
    <message>
        <source>none (e.g. node02.t1:200:1)</source>
        <translation>ingen (f.eks. node02.t1:200:1)</translation>
    </message>
    <message>
        <source>THREAD:DELAY_US[:EVERY] — a thread made late to plant a culprit; empty for none</source>
        <translation>THREAD:DELAY_US[:EVERY] — en tråd som forsinkes for å plante en synder; tom for ingen</translation>
    </message>
    <message>
        <source>the default scope (raw tracing)</source>
        <translation>standardomfanget (rå sporing)</translation>
    </message>
    <message>
        <source>A new or existing session; its folder is made when missing</source>
        <translation>En ny eller eksisterende økt; mappen opprettes hvis den mangler</translation>
    </message>
    <message>
        <source>Host file:</source>
        <translation>Vertsfil:</translation>
    </message>
    <message>
        <source>Launcher:</source>
        <translation>Oppstarter:</translation>
    </message>
    <message>
        <source>Listen on:</source>
        <translation>Lytt på:</translation>
    </message>
    <message>
        <source>Threads per host:</source>
        <translation>Tråder per vert:</translation>
    </message>
    <message>
        <source>Run for:</source>
        <translation>Kjør i:</translation>
    </message>
    <message>
        <source>Benchmark:</source>
        <translation>Ytelsestest:</translation>
    </message>
    <message>
        <source>Delayed thread:</source>
        <translation>Forsinket tråd:</translation>
    </message>
    <message>
        <source>Event scope or design:</source>
        <translation>Hendelsesomfang eller utkast:</translation>
    </message>
    <message>
        <source>Session file:</source>
        <translation>Øktfil:</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Ta opp</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Bla gjennom…</translation>
    </message>
    <message>
        <source>Choose the host file of the machines to record on.</source>
        <translation>Velg vertsfilen med maskinene det skal tas opp på.</translation>
    </message>
    <message>
        <source>Choose a host file.</source>
        <translation>Velg en vertsfil.</translation>
    </message>
    <message>
        <source>The host file is not valid: %1</source>
        <translation>Vertsfilen er ugyldig: %1</translation>
    </message>
    <message>
        <source>Hosts: %1 · clusters: %2 · threads: %3 · started through the launcher: %4</source>
        <translation>Verter: %1 · klynger: %2 · tråder: %3 · startet via oppstarteren: %4</translation>
    </message>
    <message>
        <source>Cannot read the event scope %1: %2</source>
        <translation>Kan ikke lese hendelsesomfanget %1: %2</translation>
    </message>
    <message>
        <source>%1 is neither an event scope (xylem-scope/1) nor a scope design (xylem-scope-design/1).</source>
        <translation>%1 er verken et hendelsesomfang (xylem-scope/1) eller et omfangsutkast (xylem-scope-design/1).</translation>
    </message>
    <message>
        <source>The launcher must say where the host and the command go, with {host} and {command}, as in ssh {host} {command}.</source>
        <translation>Oppstarteren må si hvor verten og kommandoen skal stå, med {host} og {command}, som i ssh {host} {command}.</translation>
    </message>
    <message>
        <source>Listen on an address of this machine, or auto.</source>
        <translation>Lytt på en adresse på denne maskinen, eller auto.</translation>
    </message>
    <message>
        <source>A delayed thread is THREAD:DELAY_US[:EVERY], e.g. node02.t1:200:1.</source>
        <translation>En forsinket tråd skrives THREAD:DELAY_US[:EVERY], f.eks. node02.t1:200:1.</translation>
    </message>
    <message>
        <source>Choose the session file to record into.</source>
        <translation>Velg øktfilen det skal tas opp i.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::DemoDialog</name>
    <message>
        <source>Start a Local Demo</source>
        <translation>Start en lokal demo</translation>
    </message>
    <message>
        <source>THREAD:DELAY_US[:EVERY] — a thread made late to plant a culprit; empty for none</source>
        <translation>THREAD:DELAY_US[:EVERY] — en tråd som forsinkes for å plante en synder; tom for ingen</translation>
    </message>
    <message>
        <source>Hosts:</source>
        <translation>Verter:</translation>
    </message>
    <message>
        <source>Threads per host:</source>
        <translation>Tråder per vert:</translation>
    </message>
    <message>
        <source>Tree shape:</source>
        <translation>Treform:</translation>
    </message>
    <message>
        <source>Delayed thread:</source>
        <translation>Forsinket tråd:</translation>
    </message>
    <message>
        <source>Session file:</source>
        <translation>Øktfil:</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
</context>
<context>
    <name>xylem::gui::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Språk</translation>
    </message>
    <message>
        <source>&amp;System Language</source>
        <translation>&amp;Systemspråk</translation>
    </message>
    <message>
        <source>the system language</source>
        <translation>systemspråket</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Språk</translation>
    </message>
    <message>
        <source>Xylem will use %1 the next time it starts.</source>
        <translation>Xylem bruker %1 neste gang programmet starter.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::LiveController</name>
    <message>
        <source>the recording failed: %1</source>
        <translation>opptaket mislyktes: %1</translation>
    </message>
    <message>
        <source>live demo</source>
        <translation>live-demo</translation>
    </message>
    <message>
        <source>monitored program</source>
        <translation>overvåket program</translation>
    </message>
    <message>
        <source>cluster recording</source>
        <translation>klyngeopptak</translation>
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
        <translation>Finn en gred eller tråd etter ID…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Avbryt</translation>
    </message>
    <message>
        <source>Stop waiting for the session or analysis under way</source>
        <translation>Slutt å vente på økten eller analysen som pågår</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Avbrutt.</translation>
    </message>
    <message>
        <source>Analysing run %1…</source>
        <translation>Analyserer kjøring %1…</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>kjøring %1: %2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>Lagret %1.</translation>
    </message>
    <message>
        <source>Saved as %1.</source>
        <translation>Lagret som %1.</translation>
    </message>
    <message>
        <source>Open a session (File ▸ Open) or drop a .xylem file here.</source>
        <translation>Åpne en økt (Fil ▸ Åpne økt) eller slipp en .xylem-fil her.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fil</translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation>Å&amp;pne økt…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Åpne &amp;nylig brukt</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Lagre</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Lagre &amp;som…</translation>
    </message>
    <message>
        <source>&amp;Export Table as CSV…</source>
        <translation>&amp;Eksporter tabell som CSV…</translation>
    </message>
    <message>
        <source>Export &amp;View as PNG, SVG or PDF…</source>
        <translation>Eksporter &amp;visning som PNG, SVG eller PDF…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Avslutt</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Vis</translation>
    </message>
    <message>
        <source>&amp;Find Node</source>
        <translation>&amp;Finn node</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Zoom &amp;inn</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Zoom &amp;ut</translation>
    </message>
    <message>
        <source>&amp;Fit Tree</source>
        <translation>&amp;Tilpass treet</translation>
    </message>
    <message>
        <source>&amp;Views</source>
        <translation>Vis&amp;ninger</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hjelp</translation>
    </message>
    <message>
        <source>Open &amp;Sample Session</source>
        <translation>Åpne &amp;eksempeløkt</translation>
    </message>
    <message>
        <source>&amp;About Xylem</source>
        <translation>&amp;Om Xylem</translation>
    </message>
    <message>
        <source>About Xylem</source>
        <translation>Om Xylem</translation>
    </message>
    <message>
        <source>&lt;b&gt;Xylem %1&lt;/b&gt;&lt;p&gt;Performance analysis of collective communication: which thread, which hop, which tree shape.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Xylem %1&lt;/b&gt;&lt;p&gt;Ytelsesanalyse av kollektiv kommunikasjon: hvilken tråd, hvilket hopp, hvilken treform.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Live</source>
        <translation>&amp;Sanntid</translation>
    </message>
    <message>
        <source>Start Local &amp;Demo…</source>
        <translation>Start lokal &amp;demo…</translation>
    </message>
    <message>
        <source>&amp;Monitor a Running Program…</source>
        <translation>&amp;Overvåk et kjørende program…</translation>
    </message>
    <message>
        <source>&amp;Stop and Keep the Session</source>
        <translation>S&amp;topp og behold økten</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Kjøringer</translation>
    </message>
    <message>
        <source>Weighted tree</source>
        <translation>Vektet tre</translation>
    </message>
    <message>
        <source>Timemap</source>
        <translation>Tidskart</translation>
    </message>
    <message>
        <source>Serialization</source>
        <translation>Serialisering</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Sammenligning</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Tidslinje</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tabeller</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Åpne økt</translation>
    </message>
    <message>
        <source>Xylem sessions (*.xylem);;All files (*)</source>
        <translation>Xylem-økter (*.xylem);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Open a session first: there is nothing to save.</source>
        <translation>Åpne en økt først: det er ingenting å lagre.</translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation>Lagre økt som</translation>
    </message>
    <message>
        <source>Xylem sessions (*.xylem)</source>
        <translation>Xylem-økter (*.xylem)</translation>
    </message>
    <message>
        <source>Saving as %1…</source>
        <translation>Lagrer som %1…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>Åpner %1…</translation>
    </message>
    <message>
        <source>Starting a local demo of %1 × %2 threads into %3…</source>
        <translation>Starter en lokal demo med %1 × %2 tråder i %3…</translation>
    </message>
    <message>
        <source>A recording is under way already: stop it first (Live ▸ Stop).</source>
        <translation>Et opptak pågår allerede: stopp det først (Sanntid ▸ Stopp).</translation>
    </message>
    <message>
        <source>Waiting for collectors to attach through %1…</source>
        <translation>Venter på at innsamlere kobler seg til via %1…</translation>
    </message>
    <message>
        <source>Cannot copy the sample session to %1</source>
        <translation>Kan ikke kopiere eksempeløkten til %1</translation>
    </message>
    <message>
        <source>%1 — Xylem</source>
        <translation>%1 — Xylem</translation>
    </message>
    <message>
        <source>%1 holds no run.</source>
        <translation>%1 inneholder ingen kjøring.</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) in %1</source>
        <translation>
            <numerusform>%n kjøring i %1</numerusform>
            <numerusform>%n kjøringer i %1</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>ingen node</translation>
    </message>
    <message>
        <source>Run %1: %2 calls, %3 incomplete; the imbalance path ends at %4.</source>
        <translation>Kjøring %1: %2 kall, %3 ufullstendige; ubalansestien ender i %4.</translation>
    </message>
    <message>
        <source>Export Table</source>
        <translation>Eksporter tabell</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Kan ikke skrive %1: %2</translation>
    </message>
    <message>
        <source>Export View</source>
        <translation>Eksporter visning</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-bilde (*.png);;SVG-tegning (*.svg);;PDF-dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Cannot export the view: %1</source>
        <translation>Kan ikke eksportere visningen: %1</translation>
    </message>
    <message>
        <source>No gred or thread &apos;%1&apos; in this run.</source>
        <translation>Ingen gred eller tråd «%1» i denne kjøringen.</translation>
    </message>
    <message>
        <source>Wait states</source>
        <translation>Ventetilstander</translation>
    </message>
    <message>
        <source>Run %1 has no MPI data: wait states need a run recorded through the MPI interposer or imported from OTF2.</source>
        <translation>Kjøring %1 har ingen MPI-data: ventetilstander krever en kjøring tatt opp gjennom MPI-avlytteren eller importert fra OTF2.</translation>
    </message>
    <message>
        <source>Record an &amp;MPI Program…</source>
        <translation>Ta opp et &amp;MPI-program…</translation>
    </message>
    <message>
        <source>Scope builder</source>
        <translation>Omfangsbygger</translation>
    </message>
    <message>
        <source>Recording %1 into %2…</source>
        <translation>Tar opp %1 i %2…</translation>
    </message>
    <message>
        <source>Give the MPI program&apos;s command line, e.g. mpirun -np 4 PROGRAM.</source>
        <translation>Oppgi kommandolinjen til MPI-programmet, f.eks. mpirun -np 4 PROGRAM.</translation>
    </message>
    <message>
        <source>Recording on the hosts of %1 into %2…</source>
        <translation>Tar opp på vertene i %1 til %2…</translation>
    </message>
    <message>
        <source>Record on a &amp;Cluster…</source>
        <translation>Ta opp på en &amp;klynge…</translation>
    </message>
    <message>
        <source>Clocks</source>
        <translation>Klokker</translation>
    </message>
    <message>
        <source>Monitors</source>
        <translation>Monitorer</translation>
    </message>
    <message>
        <source>Recording: shown from the stored run once the recording ends.</source>
        <translation>Opptak: vises fra den lagrede kjøringen når opptaket er ferdig.</translation>
    </message>
    <message>
        <source>Recording: the system samples are shown from the stored run once the recording ends.</source>
        <translation>Opptak: systemmålingene vises fra den lagrede kjøringen når opptaket er ferdig.</translation>
    </message>
    <message>
        <source>Recording: the accounting is shown as soon as the collectors&apos; streams are open.</source>
        <translation>Opptak: regnskapet vises så snart innsamlernes strømmer er åpne.</translation>
    </message>
    <message>
        <source>Recording an MPI program: its runs are shown once they are stored.</source>
        <translation>Tar opp et MPI-program: Kjøringene vises når de er lagret.</translation>
    </message>
    <message>
        <source>A call can be opened once its run is stored.</source>
        <translation>Et kall kan åpnes når kjøringen er lagret.</translation>
    </message>
    <message>
        <source>No call starts there.</source>
        <translation>Ingen kall starter der.</translation>
    </message>
    <message>
        <source>Cannot read the calls of run %1: %2</source>
        <translation>Kan ikke lese kallene i kjøring %1: %2</translation>
    </message>
    <message>
        <source>No complete call starts there.</source>
        <translation>Ingen fullstendige kall starter der.</translation>
    </message>
    <message>
        <source>Analysing run %1 over time…</source>
        <translation>Analyserer kjøring %1 over tid…</translation>
    </message>
    <message>
        <source>Open a session: a call of its run is shown here, the slowest first; double-click the timeline to open the slowest call of a moment.</source>
        <translation>Åpne en økt: Et kall i kjøringen vises her, det tregeste først; dobbeltklikk i tidslinjen for å åpne det tregeste kallet på et tidspunkt.</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Oversikt</translation>
    </message>
    <message>
        <source>Over time</source>
        <translation>Over tid</translation>
    </message>
    <message>
        <source>One call</source>
        <translation>Ett kall</translation>
    </message>
    <message>
        <source>the recording under way</source>
        <translation>opptaket som pågår</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>kjøring %1</translation>
    </message>
    <message>
        <source>Recording: the findings are shown as soon as the first calls are analysed.</source>
        <translation>Opptak: Funnene vises så snart de første kallene er analysert.</translation>
    </message>
    <message>
        <source>Add Session</source>
        <translation>Legg til økt</translation>
    </message>
    <message>
        <source>Opening %1 beside the sessions open…</source>
        <translation>Åpner %1 ved siden av de åpne øktene…</translation>
    </message>
    <message>
        <source>%1 — %2: %3 calls, %4 incomplete; the imbalance path ends at %5.</source>
        <translation>%1 — %2: %3 kall, %4 ufullstendige; ubalansestien ender i %5.</translation>
    </message>
    <message>
        <source>Analysing %1 from %2…</source>
        <translation>Analyserer %1 fra %2…</translation>
    </message>
    <message>
        <source>calls #%1–#%2, %3</source>
        <translation>kall #%1–#%2, %3</translation>
    </message>
    <message>
        <source>No call of the analysis window starts there.</source>
        <translation>Ingen kall i analysevinduet starter der.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>A&amp;dd Session…</source>
        <translation>Legg &amp;til økt…</translation>
    </message>
    <message>
        <source>Open another session beside the open ones, to compare their runs</source>
        <translation>Åpne en økt til ved siden av de åpne, for å sammenligne kjøringene deres</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) in %1, beside the sessions open</source>
        <translation>
            <numerusform>%n kjøring i %1, ved siden av de åpne øktene</numerusform>
            <numerusform>%n kjøringer i %1, ved siden av de åpne øktene</numerusform>
        </translation>
    </message>
    <message>
        <source>Closed %1.</source>
        <translation>Lukket %1.</translation>
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
        <translation>MPI-type</translation>
    </message>
    <message>
        <source> MPI kind: </source>
        <translation> MPI-type: </translation>
    </message>
    <message>
        <source>Each MPI collective kind on each communicator is a run of its own: mixing kinds gives meaningless stages</source>
        <translation>Hver type kollektivt MPI-kall på hver kommunikator er en egen kjøring: blandede typer gir meningsløse trinn</translation>
    </message>
    <message>
        <source> — no stage tree: see Wait states</source>
        <translation> — intet trinntre: se Ventetilstander</translation>
    </message>
    <message>
        <source> — not stored as a run</source>
        <translation> — ikke lagret som kjøring</translation>
    </message>
    <message>
        <source>This kind was not stored as a run of its own</source>
        <translation>Denne typen ble ikke lagret som egen kjøring</translation>
    </message>
    <message>
        <source>A rooted or prefix collective lets ranks leave before the last arrives: it has no stage tree. Its waiting is in the Wait states view.</source>
        <translation>En kollektiv med rot eller prefiks lar ranger gå før den siste kommer: den har intet trinntre. Ventingen vises i Ventetilstander.</translation>
    </message>
    <message>
        <source>Negative stage: %1</source>
        <translation>Negativt trinn: %1</translation>
    </message>
</context>
<context>
    <name>xylem::gui::MpiRecordDialog</name>
    <message>
        <source>Record an MPI Program</source>
        <translation>Ta opp et MPI-program</translation>
    </message>
    <message>
        <source>Run with the PMPI interposer preloaded into every rank; every MPI call of every rank is recorded</source>
        <translation>Kjør med PMPI-mellomleddet forhåndslastet i hver rang; hvert MPI-kall i hver rang tas opp</translation>
    </message>
    <message>
        <source>Hierarchy (ranks, hosts, clusters)</source>
        <translation>Hierarki (ranger, verter, klynger)</translation>
    </message>
    <message>
        <source>Flat (ranks under one root)</source>
        <translation>Flatt (ranger under én rot)</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Kommando:</translation>
    </message>
    <message>
        <source>Tree of the run:</source>
        <translation>Treet for kjøringen:</translation>
    </message>
    <message>
        <source>Session file:</source>
        <translation>Øktfil:</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Ta opp</translation>
    </message>
</context>
<context>
    <name>xylem::gui::OverTimeJob</name>
    <message>
        <source>Cannot analyse run %1 over time: %2</source>
        <translation>Kan ikke analysere kjøring %1 over tid: %2</translation>
    </message>
</context>
<context>
    <name>xylem::gui::RunPanel</name>
    <message>
        <source>Notes on this run:</source>
        <translation>Notater om denne kjøringen:</translation>
    </message>
    <message>
        <source>What was special about this run…</source>
        <translation>Hva var spesielt med denne kjøringen…</translation>
    </message>
    <message>
        <source>&amp;Rename Run…</source>
        <translation>&amp;Gi kjøringen nytt navn…</translation>
    </message>
    <message>
        <source>%1 calls, %2 tuples (%3)</source>
        <translation>%1 kall, %2 tupler (%3)</translation>
    </message>
    <message>
        <source>Rename Run</source>
        <translation>Gi kjøringen nytt navn</translation>
    </message>
    <message>
        <source>Name of run %1:</source>
        <translation>Navn på kjøring %1:</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(uten navn)</translation>
    </message>
    <message>
        <source>&amp;Close Session</source>
        <translation>&amp;Lukk økt</translation>
    </message>
    <message>
        <source>Close the session of this run (or header); the other sessions stay open</source>
        <translation>Lukk økten til denne kjøringen (eller overskriften); de andre øktene forblir åpne</translation>
    </message>
</context>
<context>
    <name>xylem::gui::ScopeBuilderLink</name>
    <message>
        <source>Cannot write the scope design to %1: %2</source>
        <translation>Kan ikke skrive omfangsutkastet til %1: %2</translation>
    </message>
    <message>
        <source>Redeploying “%1”: the program keeps running…</source>
        <translation>Ruller ut «%1» på nytt: programmet fortsetter å kjøre…</translation>
    </message>
    <message>
        <source>A recording is under way already: stop it first (Live ▸ Stop).</source>
        <translation>Et opptak pågår allerede: stopp det først (Sanntid ▸ Stopp).</translation>
    </message>
    <message>
        <source>Cannot start the recording for the scope design.</source>
        <translation>Kan ikke starte opptaket for omfangsutkastet.</translation>
    </message>
    <message>
        <source>Deploying “%1” on a local gsum cluster; recording into %2…</source>
        <translation>Ruller ut «%1» på en lokal gsum-klynge; tar opp i %2…</translation>
    </message>
    <message>
        <source>Unreadable figures from the recording: %1</source>
        <translation>Uleselige måltall fra opptaket: %1</translation>
    </message>
    <message>
        <source>Deploying “%1” for a running program: start its collectors with --attach %2; recording into %3…</source>
        <translation>Ruller ut «%1» for et kjørende program: start kollektorene med --attach %2; tar opp i %3…</translation>
    </message>
    <message>
        <source>Open Its &amp;Scope Design</source>
        <translation>Åpne &amp;omfangsutkastet</translation>
    </message>
    <message>
        <source>Open the scope design this run was recorded with in the scope builder</source>
        <translation>Åpne omfangsutkastet denne kjøringen ble tatt opp med, i omfangsbyggeren</translation>
    </message>
    <message>
        <source>Cannot read the session&apos;s scope designs: %1</source>
        <translation>Kan ikke lese øktens omfangsutkast: %1</translation>
    </message>
    <message>
        <source>Run %1 was not recorded through a scope design.</source>
        <translation>Kjøring %1 ble ikke tatt opp gjennom et omfangsutkast.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::ScreenshotJob</name>
    <message>
        <source>nothing more was shown within %1 s</source>
        <translation>ingenting mer ble vist innen %1 s</translation>
    </message>
    <message>
        <source>%1 holds no run: the window shows the empty session</source>
        <translation>%1 inneholder ingen kjøring: vinduet viser den tomme økten</translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation>lagret %1</translation>
    </message>
    <message>
        <source>cannot save %1</source>
        <translation>kan ikke lagre %1</translation>
    </message>
    <message>
        <source>run %1 is shown; now run %2</source>
        <translation>kjøring %1 vises; nå kjøring %2</translation>
    </message>
    <message>
        <source>the session holds no run %1</source>
        <translation>økten har ingen kjøring %1</translation>
    </message>
</context>
<context>
    <name>xylem::gui::SessionController</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Kan ikke åpne %1: %2</translation>
    </message>
    <message>
        <source>Cannot analyse run %1: %2</source>
        <translation>Kan ikke analysere kjøring %1: %2</translation>
    </message>
    <message>
        <source>Cannot read the timeline of run %1: %2</source>
        <translation>Kan ikke lese tidslinjen for kjøring %1: %2</translation>
    </message>
    <message>
        <source>Cannot %1: no session is open.</source>
        <translation>Kan ikke %1: ingen økt er åpen.</translation>
    </message>
    <message>
        <source>Cannot %1: %2</source>
        <translation>Kan ikke %1: %2</translation>
    </message>
    <message>
        <source>rename run %1</source>
        <translation>gi kjøring %1 nytt navn</translation>
    </message>
    <message>
        <source>keep the notes of run %1</source>
        <translation>lagre notatene for kjøring %1</translation>
    </message>
    <message>
        <source>save the session</source>
        <translation>lagre økten</translation>
    </message>
    <message>
        <source>save the session as %1</source>
        <translation>lagre økten som %1</translation>
    </message>
    <message>
        <source>Cannot read the system samples of run %1: %2</source>
        <translation>Kan ikke lese systemmålingene for kjøring %1: %2</translation>
    </message>
    <message>
        <source>Cannot work out the wait states of run %1: %2</source>
        <translation>Kan ikke beregne ventetilstandene til kjøring %1: %2</translation>
    </message>
    <message>
        <source>Cannot read the clocks of run %1: %2</source>
        <translation>Kan ikke lese klokkene til kjøring %1: %2</translation>
    </message>
    <message>
        <source>Cannot analyse run %1 in that window: %2</source>
        <translation>Kan ikke analysere kjøring %1 i det vinduet: %2</translation>
    </message>
</context>
<context>
    <name>xylem::gui::SubtreeSerializationFeed</name>
    <message>
        <source>Cannot work out the serialization of subtree %1: %2</source>
        <translation>Kan ikke beregne serialiseringen av deltreet %1: %2</translation>
    </message>
</context>
<context>
    <name>xylem::gui::TimelineCallLink</name>
    <message>
        <source>Open the slowest call here</source>
        <translation>Åpne det tregeste kallet her</translation>
    </message>
</context>
<context>
    <name>xylem::gui::TuneDialog</name>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Start</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;topp</translation>
    </message>
    <message>
        <source>Find a Faster Tree</source>
        <translation>Finn et raskere tre</translation>
    </message>
    <message>
        <source>Start tree:</source>
        <translation>Starttre:</translation>
    </message>
    <message>
        <source>Session:</source>
        <translation>Økt:</translation>
    </message>
    <message>
        <source>Allreduce calls per thread in each try</source>
        <translation>Allreduce-kall per tråd i hvert forsøk</translation>
    </message>
    <message>
        <source>Calls per try:</source>
        <translation>Kall per forsøk:</translation>
    </message>
    <message>
        <source>Trials in all, the start&apos;s included</source>
        <translation>Forsøk i alt, starten medregnet</translation>
    </message>
    <message>
        <source>Most tries:</source>
        <translation>Flest forsøk:</translation>
    </message>
    <message>
        <source>none, or e.g. 2ms or 500us/100Mbit</source>
        <translation>ingen, eller f.eks. 2ms eller 500us/100Mbit</translation>
    </message>
    <message>
        <source>An emulated wide-area link on every proxy whose hop joins two clusters</source>
        <translation>En emulert fjernforbindelse på hver proxy der hoppet forbinder to klynger</translation>
    </message>
    <message>
        <source>Link between clusters:</source>
        <translation>Forbindelse mellom klynger:</translation>
    </message>
    <message>
        <source>Each try records xylem-gsum on a neighbour of the tree that the analysis points at, and moves there when it is faster beyond its interval.</source>
        <translation>Hvert forsøk tar opp xylem-gsum på en nabo av treet som analysen peker på, og flytter dit når den er raskere utover intervallet sitt.</translation>
    </message>
    <message>
        <source>Link between clusters: %1</source>
        <translation>Forbindelse mellom klynger: %1</translation>
    </message>
    <message>
        <source>Try %1: %2</source>
        <translation>Forsøk %1: %2</translation>
    </message>
    <message>
        <source>Stopping: the try under way ends and its run is kept…</source>
        <translation>Stopper: forsøket som pågår avsluttes, og kjøringen beholdes…</translation>
    </message>
    <message>
        <source>The tuner failed: %1</source>
        <translation>Tuneren feilet: %1</translation>
    </message>
    <message>
        <source>Best: %1 (run %2), mean %3</source>
        <translation>Best: %1 (kjøring %2), middel %3</translation>
    </message>
    <message>
        <source>, %1× [%2, %3] against the start</source>
        <translation>, %1× [%2, %3] mot starten</translation>
    </message>
    <message>
        <source>. Ended: %1.</source>
        <translation>. Avsluttet: %1.</translation>
    </message>
    <message>
        <source>Move only when the speedup&apos;s interval lies above this. The interval holds the noise within a run, not from one run to the next: 1.05 keeps noise from moving the climb.</source>
        <translation>Flytt bare når intervallet for hastighetsøkningen ligger over dette. Intervallet rommer støyen innenfor en kjøring, ikke fra én kjøring til den neste: 1,05 hindrer at støy flytter søket.</translation>
    </message>
    <message>
        <source>Move when faster than:</source>
        <translation>Flytt når raskere enn:</translation>
    </message>
</context>
<context>
    <name>xylem::gui::TuneMenu</name>
    <message>
        <source>T&amp;une</source>
        <translation>&amp;Optimer</translation>
    </message>
    <message>
        <source>&amp;Find a Faster Tree…</source>
        <translation>&amp;Finn et raskere tre…</translation>
    </message>
    <message>
        <source>Record neighbours of the shown run&apos;s tree that its analysis points at, and keep the fastest</source>
        <translation>Ta opp naboer av treet til den viste kjøringen som analysen peker på, og behold den raskeste</translation>
    </message>
    <message>
        <source>Find a Faster Tree</source>
        <translation>Finn et raskere tre</translation>
    </message>
    <message>
        <source>Show a stored run first: the tuner starts from its tree and adds its tries to its session.</source>
        <translation>Vis en lagret kjøring først: tuneren starter fra treet dens og legger forsøkene til økten dens.</translation>
    </message>
</context>
<context>
    <name>xylem::gui::TuneTriesModel</name>
    <message>
        <source>recording…</source>
        <translation>tar opp…</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>feilet: %1</translation>
    </message>
    <message>
        <source>start</source>
        <translation>start</translation>
    </message>
    <message>
        <source>faster: moved here</source>
        <translation>raskere: flyttet hit</translation>
    </message>
    <message>
        <source>not faster beyond its interval</source>
        <translation>ikke raskere utover intervallet sitt</translation>
    </message>
    <message>
        <source>%1 [%2, %3]</source>
        <translation>%1 [%2, %3]</translation>
    </message>
    <message>
        <source>%1× [%2, %3] vs try %4</source>
        <translation>%1× [%2, %3] mot forsøk %4</translation>
    </message>
    <message>
        <source>Try</source>
        <translation>Forsøk</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Endring</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Kjøring</translation>
    </message>
    <message>
        <source>Mean operation time [95 %]</source>
        <translation>Middels operasjonstid [95 %]</translation>
    </message>
    <message>
        <source>Speedup [95 %]</source>
        <translation>Hastighetsøkning [95 %]</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Utfall</translation>
    </message>
</context>
<context>
    <name>xylem::views::CallGanttPlot</name>
    <message>
        <source>%1 more under %2</source>
        <translation>%1 til under %2</translation>
    </message>
    <message>
        <source> (slowest)</source>
        <translation> (tregest)</translation>
    </message>
    <message>
        <source>time since the call&apos;s start (%1)</source>
        <translation>tid siden kallets start (%1)</translation>
    </message>
    <message>
        <source>operation time %1</source>
        <translation>operasjonstid %1</translation>
    </message>
    <message>
        <source>%1: %2 at %3, %4 (from %5 to %6)%7</source>
        <translation>%1: %2 ved %3, %4 (fra %5 til %6)%7</translation>
    </message>
    <message>
        <source>; half the hop&apos;s two-way latency: no clock model</source>
        <translation>; halve hoppets tur-retur-latens: ingen klokkemodell</translation>
    </message>
    <message>
        <source>%1: the call takes %2</source>
        <translation>%1: kallet tar %2</translation>
    </message>
    <message>
        <source>%1: down at %2, up at %3, %4</source>
        <translation>%1: ned ved %2, opp ved %3, %4</translation>
    </message>
    <message>
        <source>; holds the last arrival at %1</source>
        <translation>; har den siste ankomsten ved %1</translation>
    </message>
    <message>
        <source>; arrived last at its gred</source>
        <translation>; kom sist til sin gred</translation>
    </message>
</context>
<context>
    <name>xylem::views::CallView</name>
    <message>
        <source>arrival wait</source>
        <translation>ankomstventing</translation>
    </message>
    <message>
        <source>down latency</source>
        <translation>nedlatens</translation>
    </message>
    <message>
        <source>down (hop)</source>
        <translation>ned (hopp)</translation>
    </message>
    <message>
        <source>store</source>
        <translation>lagring</translation>
    </message>
    <message>
        <source>operation</source>
        <translation>operasjon</translation>
    </message>
    <message>
        <source>departure wait</source>
        <translation>avgangsventing</translation>
    </message>
    <message>
        <source>up latency</source>
        <translation>opplatens</translation>
    </message>
    <message>
        <source>up (hop)</source>
        <translation>opp (hopp)</translation>
    </message>
    <message>
        <source>Slower call</source>
        <translation>Tregere kall</translation>
    </message>
    <message>
        <source>Faster call</source>
        <translation>Raskere kall</translation>
    </message>
    <message>
        <source>Show every wrapper</source>
        <translation>Vis alle wrappere</translation>
    </message>
    <message>
        <source>The next slower call of the run, by operation time</source>
        <translation>Det neste tregere kallet i kjøringen, etter operasjonstid</translation>
    </message>
    <message>
        <source>The next faster call of the run, by operation time</source>
        <translation>Det neste raskere kallet i kjøringen, etter operasjonstid</translation>
    </message>
    <message>
        <source>call #</source>
        <translation>kall #</translation>
    </message>
    <message>
        <source>List every wrapper of the tree; otherwise only the slowest thread&apos;s path and the chain of last arrivals, the others of each gred in one row</source>
        <translation>List opp alle wrapperne i treet; ellers bare den tregeste trådens sti og kjeden av siste ankomster, de andre i hver gred på én rad</translation>
    </message>
    <message>
        <source>No call is shown. Open one from the timeline or a table.</source>
        <translation>Ingen kall vises. Åpne et fra tidslinjen eller en tabell.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Call #%1&lt;/b&gt; &amp;mdash; operation time &lt;b&gt;%2&lt;/b&gt;, slowest thread &lt;b&gt;%3&lt;/b&gt; (%4); threads: %5&lt;br&gt;Last arrivals from the root: %6</source>
        <translation>&lt;b&gt;Kall #%1&lt;/b&gt; &amp;mdash; operasjonstid &lt;b&gt;%2&lt;/b&gt;, tregeste tråd &lt;b&gt;%3&lt;/b&gt; (%4); tråder: %5&lt;br&gt;Siste ankomster fra roten: %6</translation>
    </message>
    <message>
        <source>%1 rows for %2 wrappers: the slowest thread&apos;s path and the chain of last arrivals</source>
        <translation>%1 rader for %2 wrappere: den tregeste trådens sti og kjeden av siste ankomster</translation>
    </message>
    <message>
        <source>edge: down to up</source>
        <translation>kant: ned til opp</translation>
    </message>
    <message>
        <source>last arrival at its gred</source>
        <translation>siste ankomst ved sin gred</translation>
    </message>
    <message>
        <source>chain of last arrivals from the root</source>
        <translation>kjeden av siste ankomster fra roten</translation>
    </message>
    <message>
        <source>hatched: half the hop&apos;s two-way latency (no clock model)</source>
        <translation>skravert: halve hoppets tur-retur-latens (ingen klokkemodell)</translation>
    </message>
</context>
<context>
    <name>xylem::views::ClockSkewModel</name>
    <message>
        <source>reference</source>
        <translation>referanse</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>ikke målt</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 av %2</translation>
    </message>
    <message>
        <source>The residual skew exceeds the error bound: the clock model does not describe this host&apos;s clock well.</source>
        <translation>Restavviket overstiger feilgrensen: klokkemodellen beskriver ikke klokken til denne verten godt.</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Vert</translation>
    </message>
    <message>
        <source>Measured against</source>
        <translation>Målt mot</translation>
    </message>
    <message>
        <source>Offset</source>
        <translation>Forskyvning</translation>
    </message>
    <message>
        <source>Drift (ppm)</source>
        <translation>Drift (ppm)</translation>
    </message>
    <message>
        <source>Error bound</source>
        <translation>Feilgrense</translation>
    </message>
    <message>
        <source>Residual skew</source>
        <translation>Restavvik</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>Brudd</translation>
    </message>
</context>
<context>
    <name>xylem::views::ClockSkewView</name>
    <message>
        <source>No clock model is stored with this run.</source>
        <translation>Ingen klokkemodell er lagret med denne kjøringen.</translation>
    </message>
    <message numerus="yes">
        <source>Clocks of %n host(s).</source>
        <translation>
            <numerusform>Klokken til %n vert.</numerusform>
            <numerusform>Klokkene til %n verter.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Clocks of %n host(s), mapped onto %1.</source>
        <translation>
            <numerusform>Klokken til %n vert, avbildet på %1.</numerusform>
            <numerusform>Klokkene til %n verter, avbildet på %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>No residual skew: every checked ordering holds.</source>
        <translation>Intet restavvik: hver kontrollerte rekkefølge holder.</translation>
    </message>
    <message>
        <source>Largest residual skew %1 on %2.</source>
        <translation>Største restavvik %1 på %2.</translation>
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
        <translation>Åpne to kjøringer i økten for å sammenligne dem.</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Kan ikke sammenligne: %1</translation>
    </message>
    <message>
        <source>B is faster</source>
        <translation>B er raskere</translation>
    </message>
    <message>
        <source>A is faster</source>
        <translation>A er raskere</translation>
    </message>
    <message>
        <source>equal</source>
        <translation>like raske</translation>
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
        <translation>trinn</translation>
    </message>
    <message>
        <source>A and B are the same run: analyse another run of the session to compare it with. </source>
        <translation>A og B er samme kjøring: analyser en annen kjøring i økten for å sammenligne med den. </translation>
    </message>
    <message>
        <source>Speedup %1 (%2).</source>
        <translation>Speedup %1 (%2).</translation>
    </message>
    <message>
        <source>Mean operation time: A %1, B %2. Mean slowest-thread time: A %3, B %4. Stages of %5 (A) and %6 (B):</source>
        <translation>Gjennomsnittlig operasjonstid: A %1, B %2. Gjennomsnittlig tid for tregeste tråd: A %3, B %4. Faser for %5 (A) og %6 (B):</translation>
    </message>
    <message>
        <source>No confidence interval: the session has no per-call times of these runs.</source>
        <translation>Ingen konfidensintervall: Økten har ikke tider per kall for disse kjøringene.</translation>
    </message>
    <message>
        <source>95 % interval: resampling the calls…</source>
        <translation>95 %-intervall: trekker kallene på nytt…</translation>
    </message>
    <message>
        <source>%1 % interval: %2 to %3 — %4.</source>
        <extracomment>the speedup&apos;s bootstrap confidence interval and what it says</extracomment>
        <translation>%1 %-intervall: %2 til %3 — %4.</translation>
    </message>
    <message>
        <source>no significant difference</source>
        <translation>ingen signifikant forskjell</translation>
    </message>
    <message>
        <source>B is significantly faster</source>
        <translation>B er signifikant raskere</translation>
    </message>
    <message>
        <source>A is significantly faster</source>
        <translation>A er signifikant raskere</translation>
    </message>
    <message>
        <source>A and B side by side</source>
        <translation>A og B side om side</translation>
    </message>
    <message>
        <source>Overlay of runs</source>
        <translation>Kjøringer lagt over hverandre</translation>
    </message>
    <message>
        <source>%1 (not analysed)</source>
        <extracomment>a run of the session listed for comparison that has not been analysed yet</extracomment>
        <translation>%1 (ikke analysert)</translation>
    </message>
    <message>
        <source>Analysing %1…</source>
        <translation>Analyserer %1…</translation>
    </message>
    <message>
        <source>Analysing %1 and %2…</source>
        <translation>Analyserer %1 og %2…</translation>
    </message>
    <message>
        <source>mean time of the stage (%1)</source>
        <translation>gjennomsnittlig tid i trinnet (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::DistributionPlot</name>
    <message>
        <source>share of calls (%)</source>
        <translation>andel av kallene (%)</translation>
    </message>
    <message>
        <source>%1: no call times</source>
        <translation>%1: ingen kalltider</translation>
    </message>
    <message>
        <source>%1: %2 calls, %3 beyond the axis</source>
        <translation>%1: %2 kall, %3 utenfor aksen</translation>
    </message>
    <message>
        <source>%1: %2 calls</source>
        <translation>%1: %2 kall</translation>
    </message>
    <message>
        <source>operation time (%1)</source>
        <translation>operasjonstid (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::MonitorTableModel</name>
    <message>
        <source>host</source>
        <translation>vert</translation>
    </message>
    <message>
        <source>rings</source>
        <translation>ringer</translation>
    </message>
    <message>
        <source>written</source>
        <translation>skrevet</translation>
    </message>
    <message>
        <source>read</source>
        <translation>lest</translation>
    </message>
    <message>
        <source>overwritten</source>
        <translation>overskrevet</translation>
    </message>
    <message>
        <source>gather rate (%)</source>
        <translation>innsamlingsrate (%)</translation>
    </message>
    <message>
        <source>episode</source>
        <translation>episode</translation>
    </message>
    <message>
        <source>role</source>
        <translation>rolle</translation>
    </message>
    <message>
        <source>node</source>
        <translation>node</translation>
    </message>
    <message>
        <source>from (s)</source>
        <translation>fra (s)</translation>
    </message>
    <message>
        <source>to (s)</source>
        <translation>til (s)</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>årsak</translation>
    </message>
    <message>
        <source>back</source>
        <translation>tilbake</translation>
    </message>
    <message>
        <source>form</source>
        <translation>form</translation>
    </message>
    <message>
        <source>gred</source>
        <translation>gred</translation>
    </message>
    <message>
        <source>contributor</source>
        <translation>bidragsyter</translation>
    </message>
    <message>
        <source>last arrivals</source>
        <translation>siste ankomster</translation>
    </message>
    <message>
        <source>share of the gred&apos;s calls</source>
        <translation>andel av gredens kall</translation>
    </message>
    <message>
        <source>on the imbalance path</source>
        <translation>på ubalansestien</translation>
    </message>
    <message>
        <source>direction</source>
        <translation>retning</translation>
    </message>
    <message>
        <source>position</source>
        <translation>posisjon</translation>
    </message>
    <message>
        <source>calls</source>
        <translation>kall</translation>
    </message>
    <message>
        <source>gred or collector</source>
        <translation>gred eller innsamler</translation>
    </message>
    <message>
        <source>measure</source>
        <translation>mål</translation>
    </message>
    <message>
        <source>count</source>
        <translation>antall</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>gjennomsnitt</translation>
    </message>
    <message>
        <source>window median</source>
        <translation>vindusmedian</translation>
    </message>
    <message>
        <source>min</source>
        <translation>min</translation>
    </message>
    <message>
        <source>max</source>
        <translation>maks</translation>
    </message>
    <message>
        <source>stddev</source>
        <translation>std.avvik</translation>
    </message>
</context>
<context>
    <name>xylem::views::MonitorsView</name>
    <message>
        <source>Cannot read the stored results: %1</source>
        <translation>Kan ikke lese de lagrede resultatene: %1</translation>
    </message>
    <message>
        <source>Per collector: its program&apos;s ring records</source>
        <translation>Per innsamler: ringoppføringene til programmet</translation>
    </message>
    <message>
        <source>Lost and slow nodes</source>
        <translation>Tapte og trege noder</translation>
    </message>
    <message>
        <source>Accounting</source>
        <translation>Regnskap</translation>
    </message>
    <message>
        <source>Load balance</source>
        <translation>Lastbalanse</translation>
    </message>
    <message>
        <source>Filter by host, gred, collector or measure…</source>
        <translation>Filtrer etter vert, gred, innsamler eller mål…</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistikk</translation>
    </message>
    <message>
        <source>No run shown.</source>
        <translation>Ingen kjøring vises.</translation>
    </message>
    <message>
        <source>Run %1 has no stored monitor results: a live recording (Live menu, xylem-cli record) stores them with its run.</source>
        <translation>Kjøring %1 har ingen lagrede monitorresultater: et live-opptak (Live-menyen, xylem-cli record) lagrer dem med kjøringen.</translation>
    </message>
    <message>
        <source>%1 tuples gathered in %2 s (%3 tuples/s), in %4 waves from %5 rings.</source>
        <translation>%1 tupler samlet inn på %2 s (%3 tupler/s), i %4 bølger fra %5 ringer.</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>none (collectors only)</source>
        <translation>ingen (bare innsamlere)</translation>
    </message>
    <message>
        <source>Gather rate %1: %2 read, %3 overwritten before they were read, of %4 written.</source>
        <translation>Innsamlingsrate %1: %2 lest, %3 overskrevet før de ble lest, av %4 skrevet.</translation>
    </message>
    <message>
        <source>Collectors were lost: their counts stop where they were lost.</source>
        <translation>Innsamlere gikk tapt: tellingene deres stopper der de gikk tapt.</translation>
    </message>
    <message>
        <source>Mean delay from a tuple&apos;s record to the front-end: %1.</source>
        <translation>Gjennomsnittlig forsinkelse fra et tuppel registreres til frontenden: %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n lost or slow node episode(s)</source>
        <translation>
            <numerusform>%n episode med tapt eller treg node</numerusform>
            <numerusform>%n episoder med tapte eller trege noder</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 more not listed</source>
        <translation>, %1 til ikke listet</translation>
    </message>
    <message>
        <source>; %1 invalid tuples; %2 system samples stored, %3 lost.</source>
        <translation>; %1 ugyldige tupler; %2 systemprøver lagret, %3 tapt.</translation>
    </message>
    <message>
        <source>Slowdown %1 % (%2 µs per iteration recorded, %3 µs without collectors).</source>
        <translation>Nedbremsing %1 % (%2 µs per iterasjon med opptak, %3 µs uten innsamlere).</translation>
    </message>
    <message>
        <source>Load balance (%1): imbalance path %2</source>
        <translation>Lastbalanse (%1): ubalansesti %2</translation>
    </message>
    <message>
        <source>(no complete call)</source>
        <translation>(ingen fullstendige kall)</translation>
    </message>
    <message>
        <source>The load-balance monitor was not in the run&apos;s scope.</source>
        <translation>Lastbalansemonitoren var ikke med i kjøringens scope.</translation>
    </message>
    <message>
        <source>%1: %2 calls</source>
        <translation>%1: %2 kall</translation>
    </message>
    <message>
        <source>The statistics monitor was not in the run&apos;s scope.</source>
        <translation>Statistikkmonitoren var ikke med i kjøringens scope.</translation>
    </message>
    <message>
        <source>Running statistics of every host&apos;s greds and collectors; the window median is the median of the last %1 values. %2.</source>
        <translation>Løpende statistikk for hver verts greder og innsamlere; vindusmedianen er medianen av de siste %1 verdiene. %2.</translation>
    </message>
    <message>
        <source>Recording: the statistics monitor&apos;s results are shown once the run is stored.</source>
        <translation>Opptak: statistikkmonitorens resultater vises når kjøringen er lagret.</translation>
    </message>
    <message>
        <source>All gathered: the run is being stored.</source>
        <translation>Alt er samlet inn: kjøringen lagres.</translation>
    </message>
    <message>
        <source>Recording: the accounting so far, as the run will store it.</source>
        <translation>Opptak: regnskapet så langt, slik kjøringen vil lagre det.</translation>
    </message>
    <message>
        <source>Cannot read the live accounting: %1</source>
        <translation>Kan ikke lese det løpende regnskapet: %1</translation>
    </message>
    <message>
        <source>Recording: %1 complete calls so far, imbalance path %2. Every gred&apos;s last-arrival counts are shown once the run is stored.</source>
        <translation>Opptak: %1 fullstendige kall så langt, ubalansesti %2. Hver greds tellinger av siste ankomster vises når kjøringen er lagret.</translation>
    </message>
</context>
<context>
    <name>xylem::views::OverTimeView</name>
    <message>
        <source>periodic slow calls</source>
        <translation>periodisk trege kall</translation>
    </message>
    <message>
        <source>%1: last at the root in %2 of %3 buckets</source>
        <translation>%1: sist ved roten i %2 av %3 intervaller</translation>
    </message>
    <message>
        <source>other threads: %1 buckets</source>
        <translation>andre tråder: %1 intervaller</translation>
    </message>
    <message>
        <source>culprit</source>
        <translation>synder</translation>
    </message>
    <message numerus="yes">
        <source>%n other stage(s), shorter</source>
        <translation>
            <numerusform>%n annen, kortere fase</numerusform>
            <numerusform>%n andre, kortere faser</numerusform>
        </translation>
    </message>
    <message>
        <source>stages of %1 (%2)</source>
        <translation>faser for %1 (%2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ingen</translation>
    </message>
    <message>
        <source>No run analysed over time yet.</source>
        <translation>Ingen kjøring er analysert over tid ennå.</translation>
    </message>
    <message>
        <source>This run has no complete call: there is nothing to show over time.</source>
        <translation>Denne kjøringen har ingen fullstendige kall: Det er ingenting å vise over tid.</translation>
    </message>
    <message>
        <source>time since the run&apos;s first call (%1)</source>
        <translation>tid siden kjøringens første kall (%1)</translation>
    </message>
    <message>
        <source>culprit of the bucket</source>
        <translation>synderen i intervallet</translation>
    </message>
    <message>
        <source>shortest mean call time of %1 threads (%2)</source>
        <translation>korteste gjennomsnittlige kalltid for %1 tråder (%2)</translation>
    </message>
    <message>
        <source>mean call time (%1)</source>
        <translation>gjennomsnittlig kalltid (%1)</translation>
    </message>
    <message>
        <source>call time per thread (%1)</source>
        <translation>kalltid per tråd (%1)</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>tråder</translation>
    </message>
    <message>
        <source>%1 to %2 after the run&apos;s first call, %3 calls</source>
        <translation>%1 til %2 etter kjøringens første kall, %3 kall</translation>
    </message>
    <message>
        <source>%1: mean %2, longest %3</source>
        <translation>%1: gjennomsnitt %2, lengste %3</translation>
    </message>
    <message>
        <source>Slow calls every %1 (phase %2): %3 calls, +%4 each, victim %5 (%6 % of them).</source>
        <translation>Trege kall hver %1 (fase %2): %3 kall, +%4 hver, offer %5 (%6 % av dem).</translation>
    </message>
    <message>
        <source>No periodic pattern: no call is slow (slower than %1).</source>
        <translation>Ingen periodisk mønster: Ingen kall er trege (tregere enn %1).</translation>
    </message>
    <message>
        <source>No periodic pattern: %1 slow calls (slower than %2) in %3 strikes that do not recur at a regular period.</source>
        <translation>Ingen periodisk mønster: %1 trege kall (tregere enn %2) i %3 utslag som ikke gjentar seg med fast periode.</translation>
    </message>
    <message>
        <source>Last at the root: %1 in every bucket, the same thread all run.</source>
        <translation>Sist ved roten: %1 i hvert intervall, samme tråd hele kjøringen.</translation>
    </message>
    <message>
        <source>%1 in %2 of %3 buckets</source>
        <translation>%1 i %2 av %3 intervaller</translation>
    </message>
    <message>
        <source>other threads in %1</source>
        <translation>andre tråder i %1</translation>
    </message>
    <message numerus="yes">
        <source>Last at the root: the culprit changes %n time(s) over the run: %1.</source>
        <translation>
            <numerusform>Sist ved roten: Synderen skifter %n gang i løpet av kjøringen: %1.</numerusform>
            <numerusform>Sist ved roten: Synderen skifter %n ganger i løpet av kjøringen: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 ved %2</translation>
    </message>
    <message>
        <source>culprit %1: last at the root in %2 of them (%3 %)</source>
        <translation>synder %1: sist ved roten i %2 av dem (%3 %)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>time since the analysis window&apos;s first call (%1)</source>
        <translation>tid siden analysevinduets første kall (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::OverlayTimemapPlot</name>
    <message>
        <source>depth (scaled, root = 1)</source>
        <translation>dybde (skalert, rot = 1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (down &lt; 0 &lt; up)</source>
        <translation>%1 (ned &lt; 0 &lt; opp)</translation>
    </message>
    <message>
        <source>Check runs to overlay their timemaps</source>
        <translation>Kryss av kjøringer for å legge tidskartene deres over hverandre</translation>
    </message>
    <message>
        <source>Timemap of thread %1 in each run checked</source>
        <translation>Tidskart for tråd %1 i hver avkrysset kjøring</translation>
    </message>
    <message>
        <source>%1 — %2
%3 @ %4: %5 (depth %6 of %7)</source>
        <extracomment>hover over a run&apos;s step in the overlay: run, thread; stage @ wrapper, duration</extracomment>
        <translation>%1 — %2
%3 @ %4: %5 (dybde %6 av %7)</translation>
    </message>
</context>
<context>
    <name>xylem::views::OverlayTimemapView</name>
    <message>
        <source>The thread whose timemap is overlaid; type to filter</source>
        <translation>Tråden hvis tidskart legges over; skriv for å filtrere</translation>
    </message>
    <message>
        <source>The runs overlaid, at most %1</source>
        <translation>Kjøringene som legges over hverandre, høyst %1</translation>
    </message>
    <message>
        <source>Thread:</source>
        <translation>Tråd:</translation>
    </message>
    <message>
        <source>Runs overlaid:</source>
        <translation>Kjøringer lagt over:</translation>
    </message>
    <message>
        <source>%1 (not analysed)</source>
        <extracomment>a run of the session listed for comparison that has not been analysed yet</extracomment>
        <translation>%1 (ikke analysert)</translation>
    </message>
    <message>
        <source>At most %1 runs at once: uncheck one first.</source>
        <translation>Høyst %1 kjøringer om gangen: fjern avkryssingen for én først.</translation>
    </message>
    <message>
        <source>Analysing %1…</source>
        <translation>Analyserer %1…</translation>
    </message>
    <message>
        <source>No run checked has thread %1.</source>
        <translation>Ingen avkrysset kjøring har tråd %1.</translation>
    </message>
    <message>
        <source>Cannot overlay: %1</source>
        <translation>Kan ikke legge over: %1</translation>
    </message>
    <message>
        <source>Check the runs to overlay.</source>
        <translation>Kryss av kjøringene som skal legges over hverandre.</translation>
    </message>
</context>
<context>
    <name>xylem::views::OverviewPage</name>
    <message>
        <source>Show in %1</source>
        <translation>Vis i %1</translation>
    </message>
    <message>
        <source>Open a session (File ▸ Open) to see what Xylem finds in its runs.</source>
        <translation>Åpne en økt (Fil ▸ Åpne) for å se hva Xylem finner i kjøringene.</translation>
    </message>
    <message>
        <source>What Xylem found in %1</source>
        <translation>Hva Xylem fant i %1</translation>
    </message>
    <message>
        <source>%1 calls analysed, mean operation time %2.</source>
        <translation>%1 kall analysert, gjennomsnittlig operasjonstid %2.</translation>
    </message>
    <message>
        <source>What to try next</source>
        <translation>Hva du kan prøve nå</translation>
    </message>
    <message>
        <source>Weighted tree</source>
        <translation>Vektet tre</translation>
    </message>
    <message>
        <source>Timemap</source>
        <translation>Tidskart</translation>
    </message>
    <message>
        <source>Serialization</source>
        <translation>Serialisering</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Tidslinje</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tabeller</translation>
    </message>
    <message>
        <source>Wait states</source>
        <translation>Ventetilstander</translation>
    </message>
    <message>
        <source>Clocks</source>
        <translation>Klokker</translation>
    </message>
    <message>
        <source>Monitors</source>
        <translation>Monitorer</translation>
    </message>
    <message>
        <source>Balance the work of %1 or move it off host %2: while one thread is late, a faster tree gains little.</source>
        <translation>Fordel arbeidet til %1 jevnere eller flytt den bort fra vert %2: Så lenge én tråd er sen, vinner et raskere tre lite.</translation>
    </message>
    <message>
        <source>Balance the work of rank %1: the other ranks wait for it.</source>
        <translation>Fordel arbeidet til rang %1 jevnere: De andre rangene venter på den.</translation>
    </message>
    <message>
        <source>Give %1 one more tree level (fewer than its %2 children per gred), then compare the two runs.</source>
        <translation>Gi %1 ett trenivå til (færre enn sine %2 barn per gred), og sammenlign så de to kjøringene.</translation>
    </message>
    <message>
        <source>Run fewer threads on host %1: they leave %2 one after another.</source>
        <translation>Kjør færre tråder på vert %1: De forlater %2 etter hverandre.</translation>
    </message>
    <message>
        <source>Take the network hop %1 off the slowest path: fewer tree levels across hosts, or its gred on the other host (weighed against the load on the root host).</source>
        <translation>Ta nettverkshoppet %1 ut av den tregeste stien: færre trenivåer mellom verter, eller dens gred på den andre verten (veid mot lasten på rotverten).</translation>
    </message>
    <message>
        <source>The run is balanced: time is won in the tree itself. Record other tree shapes and compare them.</source>
        <translation>Kjøringen er balansert: Tid vinnes i selve treet. Ta opp andre treformer og sammenlign dem.</translation>
    </message>
    <message>
        <source>Give the collectors&apos; rings more room or pull more often, so that no tuple is overwritten.</source>
        <translation>Gi innsamlernes ringer mer plass eller hent oftere, slik at ingen tupler overskrives.</translation>
    </message>
    <message>
        <source>Coschedule the monitor&apos;s filters with the program (Scope builder), so that monitoring slows it less.</source>
        <translation>Samplanlegg monitorens filtre med programmet (omfangsbyggeren), slik at overvåkingen sinker det mindre.</translation>
    </message>
    <message>
        <source>Look for a daemon or timer on host %1: something there delays %2 periodically.</source>
        <translation>Se etter en daemon eller tidtaker på vert %1: Noe der forsinker %2 periodisk.</translation>
    </message>
    <message>
        <source>Measure the clocks of every host (%1 has no model), so that one-way times across hosts are measured.</source>
        <translation>Mål klokkene på alle verter (%1 har ingen modell), slik at enveistider mellom verter blir målt.</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>i.t.</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 (host %2) is the last to arrive at the root in %3 of the calls.</source>
        <translation>%1 (vert %2) kommer sist til roten i %3 av kallene.</translation>
    </message>
    <message>
        <source>At %1 the others wait at least %2 for it: %3 of the mean operation time.</source>
        <translation>Ved %1 venter de andre minst %2 på den: %3 av gjennomsnittlig operasjonstid.</translation>
    </message>
    <message>
        <source>Culprit: %1</source>
        <translation>Synder: %1</translation>
    </message>
    <message>
        <source>No complete call</source>
        <translation>Ingen fullstendige kall</translation>
    </message>
    <message>
        <source>Every call misses a tuple, so nobody can be found late.</source>
        <translation>Hvert kall mangler et tuppel, så ingen kan finnes sen.</translation>
    </message>
    <message>
        <source>The most frequent last arrival, %1, is last at the root in %2 of the calls</source>
        <translation>Den hyppigste siste ankomsten, %1, er sist ved roten i %2 av kallene</translation>
    </message>
    <message>
        <source> and costs %1 of the mean operation time.</source>
        <translation> og koster %1 av gjennomsnittlig operasjonstid.</translation>
    </message>
    <message>
        <source>Balanced: no single culprit</source>
        <translation>Balansert: ingen enkelt synder</translation>
    </message>
    <message>
        <source>Hottest stage: %1 at %2</source>
        <translation>Varmeste fase: %1 ved %2</translation>
    </message>
    <message>
        <source>In the slowest class of paths (%1, %2, represented by %3) the %4 at %5 takes %6: %7 of the call time, %8 of the time without waiting for others.</source>
        <translation>I den tregeste stiklassen (%1, %2, representert av %3) tar %4 ved %5 %6: %7 av kalltiden, %8 av tiden uten venting på andre.</translation>
    </message>
    <message>
        <source>1 thread</source>
        <translation>1 tråd</translation>
    </message>
    <message>
        <source>%1 threads</source>
        <translation>%1 tråder</translation>
    </message>
    <message>
        <source>Of its %1 children the first is released %2 after the gred&apos;s release, the last %3 after it (%4 more per position): %5 of the mean operation time.</source>
        <translation>Av sine %1 barn slippes det første %2 etter at greden slippes, det siste %3 etter (%4 mer per posisjon): %5 av gjennomsnittlig operasjonstid.</translation>
    </message>
    <message>
        <source>%1 greds serialize steeply.</source>
        <translation>%1 greder serialiserer bratt.</translation>
    </message>
    <message>
        <source>Steep departure serialization at %1</source>
        <translation>Bratt avgangsserialisering ved %1</translation>
    </message>
    <message>
        <source>All calls complete</source>
        <translation>Alle kall fullstendige</translation>
    </message>
    <message>
        <source>Every one of the %1 calls has all its tuples.</source>
        <translation>Hvert av de %1 kallene har alle sine tupler.</translation>
    </message>
    <message>
        <source>%1 incomplete calls</source>
        <translation>%1 ufullstendige kall</translation>
    </message>
    <message>
        <source>%1 of %2 calls (%3) miss a tuple and are left out of every number.</source>
        <translation>%1 av %2 kall (%3) mangler et tuppel og er utelatt fra alle tall.</translation>
    </message>
    <message>
        <source>%1 of the recorded tuples were gathered</source>
        <translation>%1 av de registrerte tuplene ble samlet inn</translation>
    </message>
    <message>
        <source>%1 of %2 were overwritten before they were read</source>
        <translation>%1 av %2 ble overskrevet før de ble lest</translation>
    </message>
    <message>
        <source>gather-tree nodes lost: %1, slow: %2</source>
        <translation>noder i innsamlingstreet tapt: %1, trege: %2</translation>
    </message>
    <message>
        <source>the program ran %1 slower while monitored</source>
        <translation>programmet gikk %1 tregere under overvåking</translation>
    </message>
    <message>
        <source>Tuples were lost</source>
        <translation>Tupler gikk tapt</translation>
    </message>
    <message>
        <source>Everything was gathered</source>
        <translation>Alt ble samlet inn</translation>
    </message>
    <message>
        <source>Clocks hold</source>
        <translation>Klokkene holder</translation>
    </message>
    <message>
        <source>One host: every timestamp is on one clock.</source>
        <translation>Én vert: Alle tidsstempler er fra samme klokke.</translation>
    </message>
    <message>
        <source>Clocks not modelled</source>
        <translation>Klokkene er ikke modellert</translation>
    </message>
    <message>
        <source>%1 hosts and no clock model stored: times across hosts are taken as they are.</source>
        <translation>%1 verter og ingen klokkemodell lagret: Tider mellom verter tas som de er.</translation>
    </message>
    <message>
        <source>%1 of %2 hosts have a clock model, error bound up to %3.</source>
        <translation>%1 av %2 verter har en klokkemodell, feilgrense opptil %3.</translation>
    </message>
    <message>
        <source>Clocks not measured</source>
        <translation>Klokkene er ikke målt</translation>
    </message>
    <message>
        <source>Hosts never measured: %1 (the first: %2).</source>
        <translation>Verter som aldri ble målt: %1 (den første: %2).</translation>
    </message>
    <message>
        <source>Residual skew up to %1 on %2, beyond its error bound.</source>
        <translation>Restavvik opptil %1 på %2, utover feilgrensen.</translation>
    </message>
    <message>
        <source>Residual skew up to %1 on %2.</source>
        <translation>Restavvik opptil %1 på %2.</translation>
    </message>
    <message>
        <source>Clocks skewed</source>
        <translation>Klokkene avviker</translation>
    </message>
    <message>
        <source>Negative stage times</source>
        <translation>Negative fasetider</translation>
    </message>
    <message>
        <source>Negative stage means: %1 (the worst %2); the clocks explain them.</source>
        <translation>Negative fasegjennomsnitt: %1 (det verste %2); klokkene forklarer dem.</translation>
    </message>
    <message>
        <source>Negative stage means: %1 (the worst %2), more than the clocks explain.</source>
        <translation>Negative fasegjennomsnitt: %1 (det verste %2), mer enn klokkene forklarer.</translation>
    </message>
    <message>
        <source>No MPI waiting</source>
        <translation>Ingen MPI-venting</translation>
    </message>
    <message>
        <source>No rank waited for another.</source>
        <translation>Ingen rang ventet på en annen.</translation>
    </message>
    <message>
        <source>Ranks waited %1 in %2 calls: %3 of the time in MPI.</source>
        <translation>Ranger ventet %1 i %2 kall: %3 av tiden i MPI.</translation>
    </message>
    <message>
        <source>Rank %1%2 caused %3 of it.</source>
        <translation>Rang %1%2 forårsaket %3 av det.</translation>
    </message>
    <message>
        <source>MPI wait states: %1</source>
        <translation>MPI-ventetilstander: %1</translation>
    </message>
    <message>
        <source>No slow calls</source>
        <translation>Ingen trege kall</translation>
    </message>
    <message>
        <source>No call took longer than %1.</source>
        <translation>Ingen kall tok lenger enn %1.</translation>
    </message>
    <message>
        <source>Slow calls without a period</source>
        <translation>Trege kall uten periode</translation>
    </message>
    <message>
        <source>%1 calls took longer than %2, in %3 bursts that do not recur regularly.</source>
        <translation>%1 kall tok lenger enn %2, i %3 utbrudd som ikke gjentar seg regelmessig.</translation>
    </message>
    <message>
        <source>%1 of the %2 slow calls come every %3 (the first at %4), each %5 slower on average.</source>
        <translation>%1 av de %2 trege kallene kommer hver %3 (det første ved %4), hvert i snitt %5 tregere.</translation>
    </message>
    <message>
        <source>%1 (host %2) is the late one in %3 of them.</source>
        <translation>%1 (vert %2) er den sene i %3 av dem.</translation>
    </message>
    <message>
        <source>Periodic slow calls: every %1</source>
        <translation>Periodisk trege kall: hver %1</translation>
    </message>
    <message>
        <source>Over time</source>
        <translation>Over tid</translation>
    </message>
</context>
<context>
    <name>xylem::views::PlotCsvExport</name>
    <message>
        <source>Export data as CSV…</source>
        <translation>Eksporter data som CSV…</translation>
    </message>
    <message>
        <source>Export Data as CSV</source>
        <translation>Eksporter data som CSV</translation>
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
        <translation>Kan ikke skrive %1: %2</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScaledTimemapPlot</name>
    <message>
        <source>depth (scaled)</source>
        <translation>dybde (skalert)</translation>
    </message>
    <message>
        <source>no such thread</source>
        <translation>ingen slik tråd</translation>
    </message>
    <message>
        <source>%1 — %2, call %3</source>
        <translation>%1 — %2, kall %3</translation>
    </message>
    <message>
        <source>%1 (down &lt; 0 &lt; up)</source>
        <translation>%1 (ned &lt; 0 &lt; opp)</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScopeBuilderPage</name>
    <message>
        <source>Add</source>
        <translation>Legg til</translation>
    </message>
    <message>
        <source>Front-end</source>
        <translation>Frontende</translation>
    </message>
    <message>
        <source>Relay</source>
        <translation>Relé</translation>
    </message>
    <message>
        <source>Collector</source>
        <translation>Innsamler</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Fjern</translation>
    </message>
    <message>
        <source>Remove the selected node</source>
        <translation>Fjern den valgte noden</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Angre</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Gjør om</translation>
    </message>
    <message>
        <source>Generate…</source>
        <translation>Generer…</translation>
    </message>
    <message>
        <source>Lay out a tree over a list of hosts</source>
        <translation>Legg et tre over en liste med verter</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Forhåndsvalg</translation>
    </message>
    <message>
        <source>Raw tracing</source>
        <translation>Rå sporing</translation>
    </message>
    <message>
        <source>Load balance (single scope)</source>
        <translation>Lastbalanse (ett omfang)</translation>
    </message>
    <message>
        <source>Load balance (distributed)</source>
        <translation>Lastbalanse (distribuert)</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistikk</translation>
    </message>
    <message>
        <source>Open a scope design file</source>
        <translation>Åpne en fil med omfangsutkast</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>Lagre som…</translation>
    </message>
    <message>
        <source>Save the design to a file to share</source>
        <translation>Lagre utkastet i en fil som kan deles</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Tilpass</translation>
    </message>
    <message>
        <source>Fit the whole design into the view</source>
        <translation>Tilpass hele utkastet til visningen</translation>
    </message>
    <message>
        <source>Deploy</source>
        <translation>Rull ut</translation>
    </message>
    <message>
        <source>Deploy the design to the running tree (again after a change: the program keeps running)</source>
        <translation>Rull ut utkastet på det kjørende treet (på nytt etter en endring: programmet fortsetter å kjøre)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop the deployed scope</source>
        <translation>Stopp det utrullede omfanget</translation>
    </message>
    <message>
        <source>Cannot generate the scope: %1</source>
        <translation>Kan ikke generere omfanget: %1</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Generer</translation>
    </message>
    <message>
        <source>Cannot apply the preset: %1</source>
        <translation>Kan ikke bruke forhåndsvalget: %1</translation>
    </message>
    <message>
        <source>Preset %1</source>
        <translation>Forhåndsvalg %1</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Kan ikke åpne %1: %2</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>Åpne %1</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>Kan ikke lagre %1: %2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>Lagret %1.</translation>
    </message>
    <message>
        <source>Open Scope Design</source>
        <translation>Åpne omfangsutkast</translation>
    </message>
    <message>
        <source>Scope designs (*.json);;All files (*)</source>
        <translation>Omfangsutkast (*.json);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Save Scope Design</source>
        <translation>Lagre omfangsutkast</translation>
    </message>
    <message>
        <source>Scope designs (*.json)</source>
        <translation>Omfangsutkast (*.json)</translation>
    </message>
    <message>
        <source>The design can be deployed.</source>
        <translation>Utkastet kan rulles ut.</translation>
    </message>
    <message>
        <source>Redeploy</source>
        <translation>Rull ut på nytt</translation>
    </message>
    <message>
        <source>Open a design kept in the open session, with the runs recorded through it</source>
        <translation>Åpne et utkast lagret i den åpne økten, med kjøringene som ble tatt opp gjennom det</translation>
    </message>
    <message>
        <source>Deploy the design as the gather tree of a program started elsewhere, whose collectors attach through an address file</source>
        <translation>Rull ut utkastet som innsamlingstreet til et program startet et annet sted, der kollektorene kobler seg til gjennom en adressefil</translation>
    </message>
    <message>
        <source>Open “%1” from the session</source>
        <translation>Åpne «%1» fra økten</translation>
    </message>
    <message>
        <source>Open a session first: its scope designs are kept with its runs.</source>
        <translation>Åpne en økt først: omfangsutkastene lagres sammen med kjøringene.</translation>
    </message>
    <message>
        <source>Cannot read the session&apos;s scope designs: %1</source>
        <translation>Kan ikke lese øktens omfangsutkast: %1</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Åpne</translation>
    </message>
    <message>
        <source>Design File…</source>
        <translation>Utkastfil…</translation>
    </message>
    <message>
        <source>From the Session…</source>
        <translation>Fra økten…</translation>
    </message>
    <message>
        <source>Deploy to Program…</source>
        <translation>Rull ut på program…</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScopeDocument</name>
    <message>
        <source>Add %1</source>
        <translation>Legg til %1</translation>
    </message>
    <message>
        <source>Remove node %1</source>
        <translation>Fjern node %1</translation>
    </message>
    <message>
        <source>Connect %1 to %2</source>
        <translation>Koble %1 til %2</translation>
    </message>
    <message>
        <source>Disconnect %1</source>
        <translation>Koble fra %1</translation>
    </message>
    <message>
        <source>Set host of %1</source>
        <translation>Sett vert for %1</translation>
    </message>
    <message>
        <source>Set gathering of %1</source>
        <translation>Still inn innsamling for %1</translation>
    </message>
    <message>
        <source>Set pull period of %1</source>
        <translation>Sett henteintervall for %1</translation>
    </message>
    <message>
        <source>Set ring of %1</source>
        <translation>Still inn ringen til %1</translation>
    </message>
    <message>
        <source>Set filter %1</source>
        <translation>Still inn filter %1</translation>
    </message>
    <message>
        <source>Move node %1</source>
        <translation>Flytt node %1</translation>
    </message>
    <message>
        <source>Rename scope</source>
        <translation>Gi omfanget nytt navn</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScopeGenerateDialog</name>
    <message>
        <source>Generate a Scope</source>
        <translation>Generer et omfang</translation>
    </message>
    <message>
        <source>k-ary</source>
        <translation>k-ært</translation>
    </message>
    <message>
        <source>k-nomial</source>
        <translation>k-nomialt</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>flatt</translation>
    </message>
    <message>
        <source>hierarchy-aware (one relay per cluster)</source>
        <translation>hierarkibevisst (ett relé per klynge)</translation>
    </message>
    <message>
        <source>one host per line, optionally followed by its cluster:
n1 c0
n2 c0
n3 c1</source>
        <translation>én vert per linje, eventuelt fulgt av klyngen:
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
        <translation>Forgreningsgrad:</translation>
    </message>
    <message>
        <source>Front-end host:</source>
        <translation>Vert for frontenden:</translation>
    </message>
    <message>
        <source>Hosts:</source>
        <translation>Verter:</translation>
    </message>
    <message>
        <source>Take hosts:</source>
        <translation>Hent verter:</translation>
    </message>
    <message>
        <source>From the Open Run</source>
        <translation>Fra den åpne kjøringen</translation>
    </message>
    <message>
        <source>The hosts of the open run&apos;s configuration</source>
        <translation>Vertene i den åpne kjøringens konfigurasjon</translation>
    </message>
    <message>
        <source>From a Configuration…</source>
        <translation>Fra en konfigurasjon…</translation>
    </message>
    <message>
        <source>The hosts of a tree configuration file (xylem-tree/1)</source>
        <translation>Vertene i en trekonfigurasjonsfil (xylem-tree/1)</translation>
    </message>
    <message>
        <source>From a Running Tree…</source>
        <translation>Fra et kjørende tre…</translation>
    </message>
    <message>
        <source>The collectors&apos; hosts in a running tree&apos;s address file</source>
        <translation>Kollektorenes verter i adressefilen til et kjørende tre</translation>
    </message>
    <message>
        <source>Hosts of a Configuration</source>
        <translation>Verter i en konfigurasjon</translation>
    </message>
    <message>
        <source>Tree configurations (*.json);;All files (*)</source>
        <translation>Trekonfigurasjoner (*.json);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Hosts of a Running Tree</source>
        <translation>Verter i et kjørende tre</translation>
    </message>
    <message>
        <source>Address files (*.address);;All files (*)</source>
        <translation>Adressefiler (*.address);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Cannot read the configuration %1: %2</source>
        <translation>Kan ikke lese konfigurasjonen %1: %2</translation>
    </message>
    <message>
        <source>The configuration %1 names no hosts.</source>
        <translation>Konfigurasjonen %1 nevner ingen verter.</translation>
    </message>
    <message>
        <source>Cannot read the address file %1: %2</source>
        <translation>Kan ikke lese adressefilen %1: %2</translation>
    </message>
    <message>
        <source>The address file %1 names no collectors.</source>
        <translation>Adressefilen %1 nevner ingen kollektorer.</translation>
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
        <translation>vent på alle</translation>
    </message>
    <message>
        <source>time-out</source>
        <translation>tidsavbrudd</translation>
    </message>
    <message>
        <source>do not wait</source>
        <translation>ikke vent</translation>
    </message>
    <message>
        <source>%1 tuples</source>
        <translation>%1 tupler</translation>
    </message>
    <message>
        <source>integers, separated by commas</source>
        <translation>heltall, skilt med komma</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>Vert:</translation>
    </message>
    <message>
        <source>Helper threads:</source>
        <translation>Hjelpetråder:</translation>
    </message>
    <message>
        <source>Synchronization:</source>
        <translation>Synkronisering:</translation>
    </message>
    <message>
        <source>Time-out:</source>
        <translation>Tidsavbrudd:</translation>
    </message>
    <message>
        <source>Pull period:</source>
        <translation>Henteintervall:</translation>
    </message>
    <message>
        <source>Ring size:</source>
        <translation>Ringstørrelse:</translation>
    </message>
    <message>
        <source>Buffer policy:</source>
        <translation>Bufferstrategi:</translation>
    </message>
    <message>
        <source>Filter:</source>
        <translation>Filter:</translation>
    </message>
    <message>
        <source>Reduce with:</source>
        <translation>Reduser med:</translation>
    </message>
    <message>
        <source>Plugin library:</source>
        <translation>Tilleggsbibliotek:</translation>
    </message>
    <message>
        <source>Plugin filter:</source>
        <translation>Tilleggsfilter:</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Argumenter:</translation>
    </message>
    <message>
        <source>Select a node to see its properties. Drag from a node&apos;s circle to another node to connect them.</source>
        <translation>Velg en node for å se egenskapene. Dra fra sirkelen på en node til en annen node for å koble dem sammen.</translation>
    </message>
    <message>
        <source>path of the shared library (.so)</source>
        <translation>sti til det delte biblioteket (.so)</translation>
    </message>
    <message>
        <source>Choose the plugin library…</source>
        <translation>Velg tilleggsbiblioteket…</translation>
    </message>
    <message>
        <source>for example %1</source>
        <translation>for eksempel %1</translation>
    </message>
    <message>
        <source>Filter Plugin Library</source>
        <translation>Bibliotek for filtertillegg</translation>
    </message>
    <message>
        <source>Shared libraries (*.so);;All files (*)</source>
        <translation>Delte biblioteker (*.so);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Coschedule:</source>
        <translation>Samplanlegging:</translation>
    </message>
    <message>
        <source>off</source>
        <translation>av</translation>
    </message>
    <message>
        <source>Off: the collectors read, filter and send when the front-end pulls, whatever the program is doing.</source>
        <translation>Av: Kollektorene leser, filtrerer og sender når frontenden henter, uansett hva programmet gjør.</translation>
    </message>
    <message>
        <source>after sending</source>
        <translation>etter sending</translation>
    </message>
    <message>
        <source>After sending: the collectors work while the program&apos;s threads wait inside the collective, from when all their contributions are sent.</source>
        <translation>Etter sending: Kollektorene arbeider mens programmets tråder venter inne i den kollektive operasjonen, fra alle bidragene deres er sendt.</translation>
    </message>
    <message>
        <source>after release</source>
        <translation>etter frigjøring</translation>
    </message>
    <message>
        <source>After release: the collectors wait until all the program&apos;s threads have been released with the collective&apos;s result, which disturbs the program least.</source>
        <translation>Etter frigjøring: Kollektorene venter til alle programmets tråder er frigjort med resultatet av den kollektive operasjonen, noe som forstyrrer programmet minst.</translation>
    </message>
    <message>
        <source>The design deploys the most demanding mode of its filters.</source>
        <translation>Designet tar i bruk den mest krevende modusen blant filtrene sine.</translation>
    </message>
</context>
<context>
    <name>xylem::views::ScopeSessionDialog</name>
    <message>
        <source>not used by a run</source>
        <translation>ikke brukt av noen kjøring</translation>
    </message>
    <message>
        <source>used by %1</source>
        <translation>brukt av %1</translation>
    </message>
    <message>
        <source>Open a Scope Design from the Session</source>
        <translation>Åpne et omfangsutkast fra økten</translation>
    </message>
    <message>
        <source>This session keeps no scope designs: they are stored with the runs recorded through one.</source>
        <translation>Denne økten har ingen omfangsutkast: de lagres med kjøringene som ble tatt opp gjennom et.</translation>
    </message>
    <message>
        <source>%1 — nodes: %2
%3</source>
        <translation>%1 — noder: %2
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
        <translation>avgangsposisjon r (0 = først ut)</translation>
    </message>
    <message>
        <source>fit: %1 + %2 per position</source>
        <translation>tilpasning: %1 + %2 per posisjon</translation>
    </message>
    <message>
        <source>its children</source>
        <translation>dens barn</translation>
    </message>
    <message>
        <source>its whole subtree</source>
        <translation>hele deltreet</translation>
    </message>
    <message>
        <source>Rank the gred&apos;s own children, or every thread below it</source>
        <translation>Ranger gredens egne barn, eller hver tråd under den</translation>
    </message>
    <message>
        <source>departures of</source>
        <translation>avganger for</translation>
    </message>
    <message>
        <source>loading the runs&apos; tuples…</source>
        <translation>laster kjøringenes tupler…</translation>
    </message>
    <message>
        <source>mean t4(r) − t3 (%1)</source>
        <translation>gjennomsnittlig t4(r) − t3 (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::StageName</name>
    <message>
        <source>arrival wait</source>
        <translation>ankomstventing</translation>
    </message>
    <message>
        <source>down latency</source>
        <translation>nedlatens</translation>
    </message>
    <message>
        <source>down (network hop)</source>
        <translation>ned (nettverkshopp)</translation>
    </message>
    <message>
        <source>store</source>
        <translation>lagring</translation>
    </message>
    <message>
        <source>operation</source>
        <translation>operasjon</translation>
    </message>
    <message>
        <source>departure wait</source>
        <translation>avgangsventing</translation>
    </message>
    <message>
        <source>up latency</source>
        <translation>opplatens</translation>
    </message>
    <message>
        <source>up (network hop)</source>
        <translation>opp (nettverkshopp)</translation>
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
        <translation>Filtrer rader…</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopier</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Tabell:</translation>
    </message>
</context>
<context>
    <name>xylem::views::TimelineRangeBand</name>
    <message>
        <source>analysis window: %1 – %2 s</source>
        <translation>analysevindu: %1 – %2 s</translation>
    </message>
</context>
<context>
    <name>xylem::views::TimelineSwitchMarks</name>
    <message>
        <source>→ %1 (settled)</source>
        <translation>→ %1 (valgt)</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>call %1: switched to %2 (settled)</source>
        <translation>kall %1: byttet til %2 (valgt)</translation>
    </message>
    <message>
        <source>call %1: switched to %2 (trial block)</source>
        <translation>kall %1: byttet til %2 (prøveblokk)</translation>
    </message>
</context>
<context>
    <name>xylem::views::TimelineView</name>
    <message>
        <source>time in the run (s)</source>
        <translation>tid i kjøringen (s)</translation>
    </message>
    <message>
        <source>operation time, mean (band: min..max)</source>
        <translation>operasjonstid, gjennomsnitt (bånd: min..maks)</translation>
    </message>
    <message>
        <source>slowest-thread time, mean</source>
        <translation>tid for tregeste tråd, gjennomsnitt</translation>
    </message>
    <message>
        <source>CPU busy (%)</source>
        <translation>CPU-belastning (%)</translation>
    </message>
    <message>
        <source>network (MB/s)</source>
        <translation>nettverk (MB/s)</translation>
    </message>
    <message>
        <source>no system samples in this run</source>
        <translation>ingen systemmålinger i denne kjøringen</translation>
    </message>
    <message>
        <source>%1 CPU busy</source>
        <translation>%1 CPU-belastning</translation>
    </message>
    <message>
        <source>%1 network</source>
        <translation>%1 nettverk</translation>
    </message>
    <message>
        <source>operation time, min</source>
        <translation>operasjonstid, minimum</translation>
    </message>
    <message>
        <source>operation time, max</source>
        <translation>operasjonstid, maksimum</translation>
    </message>
    <message>
        <source>slowest-thread time, min</source>
        <translation>tid for tregeste tråd, minimum</translation>
    </message>
    <message>
        <source>slowest-thread time, max</source>
        <translation>tid for tregeste tråd, maksimum</translation>
    </message>
    <message>
        <source>calls still being assembled</source>
        <translation>kall som fortsatt settes sammen</translation>
    </message>
    <message>
        <source>time in the recording so far (s): a call is drawn once all its tuples came</source>
        <translation>tid i opptaket så langt (s): et kall tegnes når alle tuplene er kommet</translation>
    </message>
    <message>
        <source>per call (%1)</source>
        <translation>per kall (%1)</translation>
    </message>
    <message>
        <source>Analyse this range</source>
        <translation>Analyser dette området</translation>
    </message>
    <message>
        <source>Analyse the calls that start in the span in view; every view shows that window (Shift-drag on the timeline chooses a range too)</source>
        <translation>Analyser kallene som starter i det synlige tidsrommet; hver visning viser det vinduet (dra med Shift på tidslinjen velger også et område)</translation>
    </message>
    <message>
        <source>Analyse the whole run</source>
        <translation>Analyser hele kjøringen</translation>
    </message>
</context>
<context>
    <name>xylem::views::TimemapView</name>
    <message>
        <source>Show arrival waits</source>
        <translation>Vis ankomstventetider</translation>
    </message>
    <message>
        <source>depth along the path</source>
        <translation>dybde langs stien</translation>
    </message>
    <message>
        <source>%1: %2 at %3, mean %4</source>
        <translation>%1: %2 ved %3, gjennomsnitt %4</translation>
    </message>
    <message>
        <source>≈ Hatched stages are estimates: no clock model is stored for %1, so each direction of a proxy hop that has one of them at an end is shown as half the hop&apos;s two-way latency.</source>
        <translation>≈ Skraverte trinn er anslag: ingen klokkemodell er lagret for %1, så hver retning av et proxyhopp som har en av dem i en ende, vises som halvparten av hoppets tur-retur-latens.</translation>
    </message>
    <message>
        <source>≈ half the two-way latency: no clock model for host %1</source>
        <translation>≈ halvparten av tur-retur-latensen: ingen klokkemodell for vert %1</translation>
    </message>
    <message>
        <source>time along the path (%1); 0 = the call reaches the root</source>
        <translation>tid langs stien (%1); 0 = kallet når roten</translation>
    </message>
    <message>
        <source>%1 (culprit)</source>
        <translation>%1 (synder)</translation>
    </message>
    <message>
        <source>culprit&apos;s path: %1</source>
        <translation>synderens sti: %1</translation>
    </message>
</context>
<context>
    <name>xylem::views::TreeClockModel</name>
    <message>
        <source>the reference clock</source>
        <translation>referanseklokken</translation>
    </message>
    <message>
        <source>corrected onto %1</source>
        <translation>korrigert til %1</translation>
    </message>
    <message>
        <source>as they are: the offset is within its error bound</source>
        <translation>uendret: forskyvningen er innenfor feilgrensen</translation>
    </message>
    <message>
        <source>as they are: the host was never measured</source>
        <translation>uendret: verten ble aldri målt</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>referanse</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>ikke målt</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>ikke kontrollert</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 av %2</translation>
    </message>
    <message>
        <source>The residual skew exceeds the error bound: the clock model does not describe this host&apos;s clock well.</source>
        <translation>Restavviket overstiger feilgrensen: klokkemodellen beskriver ikke klokken til denne verten godt.</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Vert</translation>
    </message>
    <message>
        <source>Measured against</source>
        <translation>Målt mot</translation>
    </message>
    <message>
        <source>Offset at start</source>
        <translation>Forskyvning ved start</translation>
    </message>
    <message>
        <source>Offset at end</source>
        <translation>Forskyvning ved slutt</translation>
    </message>
    <message>
        <source>Drift (ppm)</source>
        <translation>Drift (ppm)</translation>
    </message>
    <message>
        <source>Error bound</source>
        <translation>Feilgrense</translation>
    </message>
    <message>
        <source>Residual skew</source>
        <translation>Restavvik</translation>
    </message>
    <message>
        <source>Violations</source>
        <translation>Brudd</translation>
    </message>
    <message>
        <source>Timestamps</source>
        <translation>Tidsstempler</translation>
    </message>
</context>
<context>
    <name>xylem::views::TreeClockView</name>
    <message numerus="yes">
        <source>Clocks of %n host(s), measured by the front-end through the gather tree; a host&apos;s tuples were moved onto the front-end&apos;s clock where its offset was beyond its error bound.</source>
        <translation>
            <numerusform>Klokken til %n vert, målt av frontenden gjennom innsamlingstreet; en verts tupler ble flyttet til frontendens klokke der forskyvningen var utenfor feilgrensen.</numerusform>
            <numerusform>Klokkene til %n verter, målt av frontenden gjennom innsamlingstreet; en verts tupler ble flyttet til frontendens klokke der forskyvningen var utenfor feilgrensen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Clocks of %n host(s) of an MPI run; every measured host&apos;s events were mapped onto the reference clock.</source>
        <translation>
            <numerusform>Klokken til %n vert i en MPI-kjøring; hendelsene til hver målte vert ble overført til referanseklokken.</numerusform>
            <numerusform>Klokkene til %n verter i en MPI-kjøring; hendelsene til hver målte vert ble overført til referanseklokken.</numerusform>
        </translation>
    </message>
    <message>
        <source>Never measured: %1 (in the timemap, proxy hops to or from it are half their two-way latency).</source>
        <translation>Aldri målt: %1 (i tidskartet er proxyhopp til eller fra den halvparten av tur-retur-latensen).</translation>
    </message>
    <message>
        <source>Residual skew not checked: no proxy hop joins two hosts.</source>
        <translation>Restavvik ikke kontrollert: ingen proxyhopp forbinder to verter.</translation>
    </message>
    <message>
        <source>No residual skew: every checked ordering holds.</source>
        <translation>Intet restavvik: hver kontrollerte rekkefølge holder.</translation>
    </message>
    <message>
        <source>Largest residual skew %1 on %2.</source>
        <translation>Største restavvik %1 på %2.</translation>
    </message>
    <message>
        <source>No run is shown.</source>
        <translation>Ingen kjøring vises.</translation>
    </message>
    <message>
        <source>No clock model is stored with this run: its timestamps are taken as they are, and in the timemap each direction of a proxy hop between two hosts is half the hop&apos;s two-way latency.</source>
        <translation>Ingen klokkemodell er lagret med denne kjøringen: tidsstemplene tas som de er, og i tidskartet er hver retning av et proxyhopp mellom to verter halvparten av hoppets tur-retur-latens.</translation>
    </message>
</context>
<context>
    <name>xylem::views::WaitPatternPanel</name>
    <message>
        <source>Ranks: who waited, and whom they waited for (caused)</source>
        <translation>Ranger: hvem som ventet, og hvem det ble ventet på (forårsaket)</translation>
    </message>
    <message>
        <source>Call sites where ranks waited</source>
        <translation>Kallsteder der ranger ventet</translation>
    </message>
    <message>
        <source>Communicators</source>
        <translation>Kommunikatorer</translation>
    </message>
    <message>
        <source>Patterns</source>
        <translation>Mønstre</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>Mønster</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Venting</translation>
    </message>
    <message>
        <source>MPI share</source>
        <translation>MPI-andel</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>Grid</translation>
    </message>
    <message>
        <source>Main cause</source>
        <translation>Hovedårsak</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rang %1</translation>
    </message>
    <message>
        <source>%1: no rank waited.</source>
        <translation>%1: ingen rang ventet.</translation>
    </message>
    <message>
        <source>1 call</source>
        <translation>1 kall</translation>
    </message>
    <message>
        <source>%1 calls</source>
        <translation>%1 kall</translation>
    </message>
    <message>
        <source>%1: %2 waited in %3, %4 of it across clusters; rank %5 caused %6 of it.</source>
        <translation>%1: %2 ventet i %3, %4 av det på tvers av klynger; rang %5 forårsaket %6 av det.</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Vert</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Klynge</translation>
    </message>
    <message>
        <source>Waited</source>
        <translation>Ventet</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Kall</translation>
    </message>
    <message>
        <source>Grid share</source>
        <translation>Grid-andel</translation>
    </message>
    <message>
        <source>Caused</source>
        <translation>Forårsaket</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>Kall</translation>
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
        <translation>Vert</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Klynge</translation>
    </message>
    <message>
        <source>%1: grid share</source>
        <translation>%1: andel mellom klynger</translation>
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
        <translation>rang</translation>
    </message>
    <message>
        <source>No MPI run shown.</source>
        <translation>Ingen MPI-kjøring vist.</translation>
    </message>
    <message>
        <source>%1 collective instances analysed, %2 incomplete (left out); %3 unmatched sends, %4 unmatched receives. Call sites are MPI function and communicator: no return addresses are recorded.</source>
        <translation>%1 kollektive kall analysert, %2 ufullstendige (utelatt); %3 sendinger og %4 mottak uten motpart. Kallsteder er MPI-funksjon og kommunikator: returadresser blir ikke registrert.</translation>
    </message>
    <message>
        <source>By pattern</source>
        <translation>Etter mønster</translation>
    </message>
    <message>
        <source>Per rank</source>
        <translation>Per rang</translation>
    </message>
    <message>
        <source>waiting time (%1)</source>
        <translation>ventetid (%1)</translation>
    </message>
</context>
<context>
    <name>xylem::views::WeightedTreeView</name>
    <message>
        <source>thread %1</source>
        <translation>tråd %1</translation>
    </message>
    <message>
        <source>gred %1 (double-click folds)</source>
        <translation>gred %1 (dobbeltklikk for å folde sammen)</translation>
    </message>
    <message>
        <source>%1 → %2: last to arrive in %3 of %4 calls</source>
        <translation>%1 → %2: sist ankommet i %3 av %4 kall</translation>
    </message>
    <message>
        <source>
arrival order (rank: calls): %1</source>
        <translation>
ankomstrekkefølge (plass: kall): %1</translation>
    </message>
    <message>
        <source>
departure order (rank: calls): %1</source>
        <translation>
avgangsrekkefølge (plass: kall): %1</translation>
    </message>
    <message>
        <source>
on the imbalance path</source>
        <translation>
på ubalansestien</translation>
    </message>
    <message>
        <source>gred %1, folded: %2 threads; the chain of last arrivals from the root ended in them in %3 of %4 calls (double-click unfolds)</source>
        <translation>gred %1, foldet sammen: %2 tråder; kjeden av siste ankomster fra roten endte hos dem i %3 av %4 kall (dobbeltklikk folder ut)</translation>
    </message>
    <message>
        <source>Filter: host, cluster or thread (h17, c0, t3, h1*)</source>
        <translation>Filter: vert, klynge eller tråd (h17, c0, t3, h1*)</translation>
    </message>
    <message>
        <source>Keeps the hosts, clusters and threads whose ids match, the way to them and the imbalance path. Several terms: separate them by commas or spaces; * and ? are wildcards.</source>
        <translation>Beholder vertene, klyngene og trådene med samsvarende id, veien til dem og ubalansestien. Flere ord: skill dem med komma eller mellomrom; * og ? er jokertegn.</translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s)</source>
        <translation>
            <numerusform>%n tråd</numerusform>
            <numerusform>%n tråder</numerusform>
        </translation>
    </message>
    <message>
        <source>last in %1</source>
        <translation>sist i %1</translation>
    </message>
    <message>
        <source>%1 of %2 threads shown; double-click a host to unfold it</source>
        <translation>%1 av %2 tråder vist; dobbeltklikk på en vert for å folde den ut</translation>
    </message>
    <message>
        <source>Unfold</source>
        <translation>Fold ut</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>Fold sammen</translation>
    </message>
    <message>
        <source>Fold Every Host</source>
        <translation>Fold sammen alle verter</translation>
    </message>
    <message>
        <source>Unfold Everything</source>
        <translation>Fold ut alt</translation>
    </message>
    <message>
        <source>Clear the Filter</source>
        <translation>Tøm filteret</translation>
    </message>
    <message>
        <source>Fit Tree</source>
        <translation>Tilpass treet</translation>
    </message>
</context>
</TS>
