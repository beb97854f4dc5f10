# cmake/sanitizersuites.cmake: which test suites CI runs under the sanitizers
# (packaging/setup/sanitizer-suites.sh), as CTest labels that xylem_add_test gives them, so one
# list says what is covered and `ctest -L untrusted` / `ctest -L threads` runs a group.
# A whole build of every suite under ASan and under TSan does not fit CI's time on two cores;
# these are the suites whose code reads bytes from others or runs on several threads.

# ASan + UBSan (the asan preset): the code that parses bytes a peer, a file or a ring gives it:
# the wire protocol and its handshake, gather batches and filters, topology files, the store's
# codecs and damaged files, rings others write, the collector's socket, OTF2 import, the tree's
# messages and host files, and a recording's plan and accounting.
set(XYLEM_UNTRUSTED_SUITES
    tst_frame tst_collectormessages tst_hmac tst_handshake tst_protocolfuzz tst_wireversion
    tst_batchcodec tst_filters tst_topology tst_topologyjson tst_topologymrnet
    tst_codecs tst_chunkdamage tst_crashsafety tst_migration
    tst_ringtrust tst_ringpolicies tst_collectortrust tst_collectorsocket
    tst_otf2 tst_otf2scorep
    tst_treemessages tst_treetrust tst_hostfile tst_listenaddress
    tst_recordplan tst_accountingjson)

# TSan (the tsan preset): the suites whose code runs on several threads: the ring's writers and
# reader, the collector service, the gather tree and its spawner, a live design reaching a
# collector, and the GUI's off-thread jobs.
set(XYLEM_THREADED_SUITES
    tst_ringconcurrency tst_ringcoschedule
    tst_collectorservice tst_collectorpause tst_ringdirectory
    tst_gathertree tst_gathertreefailure tst_spawner
    tst_designcoschedule
    tst_calldetailjob tst_overtimejob)
