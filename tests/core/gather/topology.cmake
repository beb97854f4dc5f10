#Topologies : the model and its checks, the MRNet and JSON forms, the generators.
foreach (suite topology topologymrnet topologyjson topologygenerator topologyshapes)
xylem_add_test(tst_${suite} SOURCES tst_${suite}.cpp topologytesthelpers.h LIBS xylem_gather)
    endforeach()
