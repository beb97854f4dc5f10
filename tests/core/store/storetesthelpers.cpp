#include "storetesthelpers.h"

#include "core/store/runwriter.h"
#include "tests/support/testdata.h"

#include <QtTest>

#include <sys/wait.h>
#include <unistd.h>

namespace xylem::storetest {

store::Session sessionWithExamples(const std::string& path)
{
    auto session = store::Session::create(path);
    if (!session) {
        qFatal("cannot create %s: %s", path.c_str(), session.error().describe().c_str());
    }
    for (const char* name : {"two-hosts", "flat-mpi"}) {
        const Run run = testing::exampleRun(name);
        auto id = store::importRun(session.value(), run.configuration, run.tuples,
                                   {name, "", "test", "", ""});
        if (!id) {
            qFatal("cannot import %s: %s", name, id.error().describe().c_str());
        }
    }
    return std::move(session).value();
}

bool integrityOk(store::Session& session)
{
    auto check = session.database().prepare("PRAGMA integrity_check");
    if (!check) {
        return false;
    }
    auto row = check.value().step();
    return row && row.value() && check.value().columnText(0) == "ok";
}

int inChildProcess(const std::function<int()>& job)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::_exit(job());
    }
    int status = 0;
    if (pid < 0 || ::waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
        return -1;
    }
    return WEXITSTATUS(status);
}

bool runningAsRoot()
{
    return ::geteuid() == 0;
}

bool dropPrivileges()
{
    constexpr uid_t kNobody = 65534;
    return ::setgid(kNobody) == 0 && ::setuid(kNobody) == 0;
}

} // namespace xylem::storetest
