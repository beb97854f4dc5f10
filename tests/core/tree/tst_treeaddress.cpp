// Where a real tree listens, and collectors that attach by the front-end's address: listen =
// auto on hosts that are all this one is loopback (and binds nothing else), 0.0.0.0 binds every
// interface and advertises a routable address, and an xylem-collector started with --attach
// HOST:PORT and the tree's token (environment or an owner-only file) is told its parent and
// joins; a wrong or missing token is refused with its cause.

#include "core/tree/addressfile.h"
#include "tests/core/tree/treetesthelpers.h"
#include "tests/support/waituntil.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <boost/asio.hpp>
#include <memory>

using namespace xylem;
using namespace xylem::tree;
using namespace xylem::tree::testing;
namespace asio = boost::asio;

namespace {

// Whether something accepts a TCP connection at ip:port.
bool accepts(const std::string& ip, std::uint16_t port)
{
    asio::io_context io;
    asio::ip::tcp::socket socket(io);
    boost::system::error_code ec;
    socket.connect({asio::ip::make_address(ip), port}, ec);
    return !ec;
}

// Waits until events name `nodes` joined nodes.
bool awaitJoined(FrontEnd& tree, size_t nodes)
{
    size_t count = 0;
    return xylem::testing::waitUntil(
        [&] {
            for (const TreeEvent& e : tree.takeEvents()) {
                count += e.kind == TreeEvent::Kind::Joined ? e.nodes.size() : 0;
            }
            return count >= nodes;
        },
        std::chrono::seconds(30));
}

double sum(const Wave& w)
{
    return std::get<gather::Numbers>(w.batch.content).values.at(0);
}

// An attached collector, ended with the test.
struct Collector
{
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();

    Collector(const QStringList& arguments, const QString& token)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("XYLEM_TREE_TOKEN");
        if (!token.isEmpty()) {
            env.insert("XYLEM_TREE_TOKEN", token);
        }
        process->setProcessEnvironment(env);
        process->start(XYLEM_COLLECTOR, arguments);
        process->waitForStarted();
    }
    ~Collector()
    {
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(5000);
        }
    }
    // Its exit code and what it said, once it ended (-1: still running after 30 s).
    std::pair<int, QString> end()
    {
        if (!process->waitForFinished(30000)) {
            return {-1, {}};
        }
        return {process->exitCode(), QString::fromUtf8(process->readAllStandardError())};
    }
};

QString at(const FrontEnd& tree, const QString& host = "127.0.0.1")
{
    return host + ":" + QString::number(tree.listenPort());
}

} // namespace

class TestTreeAddress : public QObject
{
    Q_OBJECT

private slots:
    void autoOnLocalHostsListensOnLoopbackOnly()
    {
        QTemporaryDir dir;
        FrontEndOptions options = localTree({2, 4});
        options.listen = "auto";
        options.addressFile = dir.filePath("tree.address").toStdString();
        auto tree = startTree(options);
        QVERIFY(tree);
        QCOMPARE(tree->listenAddress(), std::string("127.0.0.1"));
        const auto book = readAddressFile(options.addressFile);
        QVERIFY2(book, book ? "" : book.error().describe().c_str());
        QCOMPARE(book->listening.size(), size_t(3)); // the front-end and both relays
        for (const NodeAddress& a : book->listening) {
            QCOMPARE(a.ip, std::string("127.0.0.1"));
        }
        auto wave = oneWave(*tree, stream(1, "sum", "node-number"));
        QVERIFY2(wave, wave ? "" : wave.error().message.c_str());
        QCOMPARE(sum(wave.value()), sumOfLeaves(tree->topology()));
        // Bound to 127.0.0.1 alone: another loopback address of this host finds nobody.
        QVERIFY(accepts("127.0.0.1", tree->listenPort()));
        QVERIFY(!accepts("127.0.0.2", tree->listenPort()));
    }

    void everyInterfaceIsBoundAndARoutableAddressAdvertised()
    {
        QTemporaryDir dir;
        FrontEndOptions options = localTree({2, 4});
        options.listen = "0.0.0.0";
        options.addressFile = dir.filePath("tree.address").toStdString();
        auto tree = startTree(options);
        QVERIFY(tree);
        QCOMPARE(tree->listenAddress(), std::string("127.0.0.1")); // every host is this one
        const auto book = readAddressFile(options.addressFile);
        QVERIFY(book);
        const auto frontEnd = std::find_if(book->listening.begin(), book->listening.end(),
                                           [](const NodeAddress& a) { return a.node == 0; });
        QVERIFY(frontEnd != book->listening.end());
        QCOMPARE(frontEnd->ip, std::string("127.0.0.1")); // never 0.0.0.0
        QCOMPARE(frontEnd->port, tree->listenPort());
        QFile file(QString::fromStdString(options.addressFile));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("0.0.0.0"));
        QVERIFY(accepts("127.0.0.2", tree->listenPort())); // every interface
        auto wave = oneWave(*tree, stream(1, "sum", "node-number"));
        QVERIFY(wave);
        QCOMPARE(sum(wave.value()), sumOfLeaves(tree->topology()));
    }

    // Leaves below relays (the front-end names the relay) and below the front-end (the leaf
    // keeps the address it dialled); by node, by host and rank, by IP and by name.
    void collectorsAttachByTheFrontEndsAddress_data()
    {
        QTest::addColumn<QList<int>>("levels");
        QTest::addColumn<bool>("tokenFile");
        QTest::newRow("below relays, token in the environment") << QList<int>{2, 4} << false;
        QTest::newRow("below the front-end, token file") << QList<int>{3} << true;
    }
    void collectorsAttachByTheFrontEndsAddress()
    {
        QFETCH(QList<int>, levels);
        QFETCH(bool, tokenFile);
        QTemporaryDir dir;
        FrontEndOptions options =
            localTree(std::vector<std::uint32_t>(levels.begin(), levels.end()));
        options.launch.leavesAttach = true;
        options.addressFile = dir.filePath("tree.address").toStdString();
        auto tree = startTree(options);
        QVERIFY(tree);
        const auto book = readAddressFile(options.addressFile);
        QVERIFY(book);
        const QString token = QString::fromStdString(book->token);
        const QString secret = dir.filePath("token");
        QStringList tokenArguments;
        if (tokenFile) {
            QFile f(secret);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(token.toUtf8() + "\n");
            f.close();
            QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner));
            tokenArguments = {"--token-file", secret};
        }
        const auto leaves = tree->topology().leaves();
        std::vector<std::unique_ptr<Collector>> collectors;
        for (size_t i = 0; i < leaves.size(); ++i) {
            const auto& node = tree->topology().nodes[leaves[i]];
            QStringList arguments{"--attach", at(*tree, i == 1 ? "localhost" : "127.0.0.1")};
            if (i == 0) { // by host and rank, as srun would start it
                arguments << "--host" << QString::fromStdString(node.host) << "--rank"
                          << QString::number(node.rank);
            } else {
                arguments << "--node" << QString::number(leaves[i]);
            }
            collectors.push_back(
                std::make_unique<Collector>(arguments + tokenArguments, tokenFile ? "" : token));
        }
        QVERIFY(awaitJoined(*tree, leaves.size()));
        auto wave = oneWave(*tree, stream(1, "sum", "node-number"));
        QVERIFY2(wave, wave ? "" : wave.error().message.c_str());
        QCOMPARE(sum(wave.value()), sumOfLeaves(tree->topology()));
        QVERIFY(wave->missing.empty());
        tree->shutdown();
        for (auto& c : collectors) {
            const auto [code, said] = c->end();
            QVERIFY2(code == 0, qPrintable(said)); // Shutdown reached every attached leaf
        }
    }

    void aWrongOrMissingTokenIsRefusedWithItsCause_data()
    {
        QTest::addColumn<QString>("token");     // in the environment
        QTest::addColumn<QString>("tokenFile"); // its content, written 0644
        QTest::addColumn<QString>("attach");    // "" : the front-end's address
        QTest::addColumn<QString>("message");
        QTest::newRow("wrong token") << "0123"
                                     << ""
                                     << ""
                                     << "does not know the tree's token (or the token given "
                                        "here is wrong)";
        QTest::newRow("no token") << ""
                                  << ""
                                  << ""
                                  << "--token-file F or $XYLEM_TREE_TOKEN";
        QTest::newRow("token file others may read") << ""
                                                    << "x"
                                                    << ""
                                                    << "chmod";
        QTest::newRow("neither file nor address") << ""
                                                  << ""
                                                  << "nowhere:port"
                                                  << "no such address file, nor HOST:PORT";
        QTest::newRow("unknown host") << "0123"
                                      << ""
                                      << "no-such-host.invalid:4000"
                                      << "cannot resolve 'no-such-host.invalid'";
    }
    void aWrongOrMissingTokenIsRefusedWithItsCause()
    {
        QFETCH(QString, token);
        QFETCH(QString, tokenFile);
        QFETCH(QString, attach);
        QFETCH(QString, message);
        QTemporaryDir dir;
        FrontEndOptions options = localTree({2});
        options.launch.leavesAttach = true;
        options.addressFile = dir.filePath("tree.address").toStdString();
        auto tree = startTree(options);
        QVERIFY(tree);
        QStringList arguments{"--attach", attach.isEmpty() ? at(*tree) : attach, "--node",
                              QString::number(tree->topology().leaves().front())};
        if (!tokenFile.isEmpty()) {
            QFile f(dir.filePath("token"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(tokenFile.toUtf8());
            f.close();
            QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                     QFile::ReadOther));
            arguments << "--token-file" << f.fileName();
        }
        Collector collector(arguments, token);
        const auto [code, said] = collector.end();
        QVERIFY2(code != 0 && code != -1, qPrintable(QString::number(code) + ": " + said));
        QVERIFY2(said.contains(message), qPrintable(said));
        QVERIFY(tree->takeEvents().empty()); // nobody joined
    }
};

QTEST_GUILESS_MAIN(TestTreeAddress)
#include "tst_treeaddress.moc"
