// Addressing, without processes: HOST:PORT as users write it (IPv6 in brackets, names, bad
// ports), where a node binds and what it advertises (auto with the route lookup faked), which
// child hosts auto routes to, and the front-end's answer to a collector attaching by address.

#include "core/gather/topology.h"
#include "core/tree/attachlocate.h"
#include "core/tree/hostport.h"
#include "core/tree/listenaddress.h"
#include "core/tree/parentlink.h"
#include "core/tree/subtreelauncher.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <unistd.h>

using namespace xylem;
using namespace xylem::tree;

namespace {

// A route lookup that knows a few hosts, and counts what it was asked.
struct FakeRoutes
{
    std::map<std::string, Result<std::string>> table;
    std::vector<std::string> asked;

    RouteLookup lookup()
    {
        return [this](const std::string& host) -> Result<std::string> {
            asked.push_back(host);
            const auto it = table.find(host);
            return it == table.end()
                       ? Result<std::string>(makeError(ErrorCode::NotFound, "unknown host " + host))
                       : it->second;
        };
    }
};

std::vector<std::string> hosts(const QString& list)
{
    std::vector<std::string> out;
    for (const QString& h : list.split(',', Qt::SkipEmptyParts)) {
        out.push_back(h.toStdString());
    }
    return out;
}

} // namespace

class TestListenAddress : public QObject
{
    Q_OBJECT

private slots:
    void parsesHostAndPort_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("host"); // empty: refused
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("message"); // part of the refusal
        QTest::newRow("ipv4") << "10.1.2.3:7000"
                              << "10.1.2.3" << 7000 << "";
        QTest::newRow("name") << "node17:40123"
                              << "node17" << 40123 << "";
        QTest::newRow("dotted name") << "n1.cluster.example:1"
                                     << "n1.cluster.example" << 1 << "";
        QTest::newRow("ipv6") << "[fe80::1]:65535"
                              << "fe80::1" << 65535 << "";
        QTest::newRow("ipv6 loopback") << "[::1]:80"
                                       << "::1" << 80 << "";
        QTest::newRow("no port") << "node17"
                                 << "" << 0 << "expected HOST:PORT";
        QTest::newRow("empty port") << "node17:"
                                    << "" << 0 << "not a number from 1 to 65535";
        QTest::newRow("port 0") << "node17:0"
                                << "" << 0 << "not a number from 1 to 65535";
        QTest::newRow("port too big") << "node17:65536"
                                      << "" << 0 << "'65536' is not a number";
        QTest::newRow("port not a number") << "node17:http"
                                           << "" << 0 << "'http' is not";
        QTest::newRow("port with a tail") << "node17:80x"
                                          << "" << 0 << "'80x' is not";
        QTest::newRow("negative port") << "node17:-1"
                                       << "" << 0 << "'-1' is not";
        QTest::newRow("no host") << ":7000"
                                 << "" << 0 << "no host before the port";
        QTest::newRow("bare ipv6") << "fe80::1:7000"
                                   << "" << 0 << "[ADDRESS]:PORT";
        QTest::newRow("unclosed bracket") << "[fe80::1:7000"
                                          << "" << 0 << "[IPV6]:PORT";
        QTest::newRow("bracket, no port") << "[fe80::1]"
                                          << "" << 0 << "[IPV6]:PORT";
        QTest::newRow("bracketed name") << "[node17]:7000"
                                        << "" << 0 << "not an IPv6 address";
        QTest::newRow("space in host") << "no de:7000"
                                       << "" << 0 << "not a host name";
        QTest::newRow("empty") << ""
                               << "" << 0 << "expected HOST:PORT";
    }
    void parsesHostAndPort()
    {
        QFETCH(QString, text);
        QFETCH(QString, host);
        QFETCH(int, port);
        QFETCH(QString, message);
        const auto parsed = parseHostPort(text.toStdString());
        if (host.isEmpty()) {
            QVERIFY(!parsed);
            const QString said = QString::fromStdString(parsed.error().message);
            QVERIFY2(said.contains(message), qPrintable(said));
            QVERIFY2(said.contains("'" + text + "'"), qPrintable(said)); // names the text
            return;
        }
        QVERIFY2(parsed, parsed ? "" : parsed.error().message.c_str());
        QCOMPARE(QString::fromStdString(parsed->host), host);
        QCOMPARE(int(parsed->port), port);
        QCOMPARE(QString::fromStdString(toString(parsed.value())), text); // and back
    }

    void parentAddressesTakeNamesAndIpv6()
    {
        QVERIFY(parseParentAddress("localhost:4000"));
        QCOMPARE(parseParentAddress("[::1]:4000")->host, std::string("::1"));
        const auto bad = parseParentAddress("10.0.0.1");
        QVERIFY(!bad);
        QVERIFY(bad.error().message.starts_with("parent address '10.0.0.1'"));
    }

    void resolvesNamesAndAddresses()
    {
        const auto ip = resolve(HostPort{"127.0.0.1", 4000});
        QVERIFY(ip);
        QCOMPARE(ip->size(), size_t(1));
        QCOMPARE(ip->front().address().to_string(), std::string("127.0.0.1"));
        QCOMPARE(ip->front().port(), 4000);
        const auto name = resolve(HostPort{"localhost", 4001}); // /etc/hosts
        QVERIFY2(name, name ? "" : name.error().message.c_str());
        QVERIFY(std::any_of(name->begin(), name->end(),
                            [](const auto& e) { return e.address().is_loopback(); }));
        const auto unknown = resolve(HostPort{"no-such-host.invalid", 4000}); // RFC 6761
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().code, ErrorCode::NotFound);
        QVERIFY2(unknown.error().message.starts_with(
                     "cannot resolve 'no-such-host.invalid' (of no-such-host.invalid:4000): "),
                 unknown.error().message.c_str());
    }

    void findsTheRouteSourceWithoutSending()
    {
        const auto loopback = routeSourceAddress("127.0.0.1");
        QVERIFY2(loopback, loopback ? "" : loopback.error().message.c_str());
        QCOMPARE(loopback.value(), std::string("127.0.0.1"));
        const auto other = routeSourceAddress("127.0.0.2"); // the whole of 127/8 is this host
        QVERIFY(other);
        QVERIFY(other->starts_with("127."));
        const auto unknown = routeSourceAddress("no-such-host.invalid");
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().code, ErrorCode::NotFound);
    }

    void knowsThisHost()
    {
        char name[256] = {};
        ::gethostname(name, sizeof name - 1);
        for (const std::string& h :
             std::vector<std::string>{"", "localhost", "127.0.0.1", "127.0.1.1", "::1", name}) {
            QVERIFY2(isLocalHost(h), h.c_str());
        }
        for (const std::string& h : std::vector<std::string>{"10.0.0.1", "node17", "fe80::1"}) {
            QVERIFY2(!isLocalHost(h), h.c_str());
        }
    }

    void choosesWhereToListen_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<QString>("childHosts");
        QTest::addColumn<QString>("bind"); // empty: refused
        QTest::addColumn<QString>("advertise");
        QTest::addColumn<QString>("asked"); // the hosts the route lookup was asked about
        QTest::newRow("auto, every host local") << "auto"
                                                << "localhost,127.0.0.1"
                                                << "127.0.0.1"
                                                << "127.0.0.1"
                                                << "";
        QTest::newRow("auto, no hosts") << "auto"
                                        << ""
                                        << "127.0.0.1"
                                        << "127.0.0.1"
                                        << "";
        QTest::newRow("empty is auto") << ""
                                       << ""
                                       << "127.0.0.1"
                                       << "127.0.0.1"
                                       << "";
        QTest::newRow("auto, first remote host") << "auto"
                                                 << "localhost,n1,n2"
                                                 << "10.0.0.5"
                                                 << "10.0.0.5"
                                                 << "n1";
        QTest::newRow("auto, labels skipped") << "auto"
                                              << "h0,h1,n2"
                                              << "10.0.1.5"
                                              << "10.0.1.5"
                                              << "h0,h1,n2";
        QTest::newRow("auto, only labels") << "auto"
                                           << "h0,h1"
                                           << "127.0.0.1"
                                           << "127.0.0.1"
                                           << "h0,h1";
        QTest::newRow("auto, no route") << "auto"
                                        << "far"
                                        << ""
                                        << ""
                                        << "far";
        QTest::newRow("auto over ipv6") << "auto"
                                        << "v6host"
                                        << "fd00::5"
                                        << "fd00::5"
                                        << "v6host";
        QTest::newRow("explicit address") << "10.0.0.9"
                                          << "n1"
                                          << "10.0.0.9"
                                          << "10.0.0.9"
                                          << "";
        QTest::newRow("explicit ipv6") << "fd00::9"
                                       << ""
                                       << "fd00::9"
                                       << "fd00::9"
                                       << "";
        QTest::newRow("every interface") << "0.0.0.0"
                                         << "n1"
                                         << "0.0.0.0"
                                         << "10.0.0.5"
                                         << "n1";
        QTest::newRow("every interface, local hosts") << "0.0.0.0"
                                                      << "localhost"
                                                      << "0.0.0.0"
                                                      << "127.0.0.1"
                                                      << "";
        QTest::newRow("every v6 interface") << "::"
                                            << "v6host"
                                            << "::"
                                            << "fd00::5"
                                            << "v6host";
        QTest::newRow("0.0.0.0 towards ipv6") << "0.0.0.0"
                                              << "v6host"
                                              << ""
                                              << ""
                                              << "v6host";
        QTest::newRow("a name") << "node17"
                                << ""
                                << ""
                                << ""
                                << "";
        QTest::newRow("garbage") << "10.0.0"
                                 << ""
                                 << ""
                                 << ""
                                 << "";
    }
    void choosesWhereToListen()
    {
        QFETCH(QString, option);
        QFETCH(QString, childHosts);
        QFETCH(QString, bind);
        QFETCH(QString, advertise);
        QFETCH(QString, asked);
        FakeRoutes routes;
        routes.table.emplace("n1", std::string("10.0.0.5"));
        routes.table.emplace("n2", std::string("10.0.1.5"));
        routes.table.emplace("v6host", std::string("fd00::5"));
        routes.table.emplace("far", makeError(ErrorCode::IoError, "no route to far (10.9.9.9)"));
        const auto choice = chooseListen(option.toStdString(), hosts(childHosts), routes.lookup());
        QCOMPARE(routes.asked, hosts(asked));
        if (bind.isEmpty()) {
            QVERIFY(!choice);
            const QString said = QString::fromStdString(choice.error().message);
            QVERIFY2(said.contains("--listen") || said.contains("far"), qPrintable(said));
            return;
        }
        QVERIFY2(choice, choice ? "" : choice.error().message.c_str());
        QCOMPARE(QString::fromStdString(choice->bind), bind);
        QCOMPARE(QString::fromStdString(choice->advertise), advertise);
        QVERIFY(!choice->why.empty());
    }

    void refusalsNameTheCause()
    {
        const auto name = chooseListen("node17", {});
        QVERIFY(!name);
        QCOMPARE(name.error().message,
                 std::string("--listen 'node17': not an IP address (give an address of this "
                             "host, auto, 0.0.0.0 or ::)"));
        FakeRoutes routes;
        routes.table.emplace("far", makeError(ErrorCode::IoError, "no route to far (10.9.9.9)"));
        const auto far = chooseListen("auto", {"far"}, routes.lookup());
        QVERIFY(!far);
        QVERIFY2(far.error().message.find("no route to far (10.9.9.9)") != std::string::npos &&
                     far.error().message.find("--listen ADDRESS") != std::string::npos,
                 far.error().message.c_str());
    }

    // Auto routes to the hosts that may be other machines: those the launcher starts and the
    // leaves that attach by themselves; children started here run here.
    void autoRoutesToLaunchedAndAttachedChildren()
    {
        const auto topology = gather::levelTopology({2, 4}, "n"); // 2 relays, 2 leaves each
        QVERIFY(topology);
        const std::uint32_t relay = topology->nodes[0].children[0];
        LaunchSettings here;
        QVERIFY(childHosts(topology.value(), 0, here).empty());
        QVERIFY(childHosts(topology.value(), relay, here).empty());
        LaunchSettings ssh;
        ssh.launcher = "ssh {host} {command}";
        QCOMPARE(childHosts(topology.value(), 0, ssh).size(), size_t(2));
        QCOMPARE(childHosts(topology.value(), relay, ssh).size(), size_t(2));
        LaunchSettings attached;
        attached.leavesAttach = true;
        QVERIFY(childHosts(topology.value(), 0, attached).empty()); // relays start here
        QCOMPARE(childHosts(topology.value(), relay, attached), std::vector<std::string>(2, "n"));
    }

    void relaysAreToldToChooseTheirOwnAddress()
    {
        const auto topology = gather::levelTopology({2, 4}, "localhost");
        QVERIFY(topology);
        LaunchSettings settings;
        settings.relayExecutable = "xylem-relay";
        settings.collectorExecutable = "xylem-collector";
        const auto relay = childCommand(topology.value(), topology->nodes[0].children[0], settings,
                                        "10.0.0.5", 4000);
        const auto listen = std::find(relay.begin(), relay.end(), "--listen");
        QVERIFY(listen != relay.end() && listen + 1 != relay.end());
        QCOMPARE(*(listen + 1), std::string("auto")); // not the front-end's own address
        QVERIFY(std::find(relay.begin(), relay.end(), "10.0.0.5:4000") != relay.end());
        const auto v6 = childCommand(topology.value(), topology->nodes[0].children[0], settings,
                                     "fd00::5", 4000);
        QVERIFY(std::find(v6.begin(), v6.end(), "[fd00::5]:4000") != v6.end());
    }

    void locateMessagesRoundTrip()
    {
        const TreeLocateMessage request{kLocateNode, "node17", 3};
        const auto back = decodeTreeLocate(encode(request));
        QVERIFY(back);
        QCOMPARE(back->node, kLocateNode);
        QCOMPARE(back->host, std::string("node17"));
        QCOMPARE(back->rank, 3u);
        QCOMPARE(back->jobIndex, kLocateNode);
        TreeLocateMessage launched{kLocateNode, "node17", 0};
        launched.jobIndex = 7;
        QCOMPARE(decodeTreeLocate(encode(launched))->jobIndex, 7u);
        const TreeLocatedMessage answer{5, 2, "10.0.0.5", 4000, "n5"};
        const auto again = decodeTreeLocated(encode(answer));
        QVERIFY(again);
        QCOMPARE(again->node, 5u);
        QCOMPARE(again->parent, 2u);
        QCOMPARE(again->host, std::string("10.0.0.5"));
        QCOMPARE(again->port, 4000);
        QCOMPARE(again->leafHost, std::string("n5"));
        auto truncated = encode(answer);
        truncated.pop_back();
        QVERIFY(!decodeTreeLocated(truncated));
    }

    void theFrontEndLocatesALeafAsTheAddressFileWould()
    {
        AddressBook book;
        book.topology = gather::levelTopology({2, 4}, "h").value();
        book.listening = {NodeAddress{0, "10.0.0.1", 4000}};
        for (const std::uint32_t relay : book.topology.nodes[0].children) {
            book.listening.push_back(NodeAddress{relay, "10.0.0.2", std::uint16_t(5000 + relay)});
        }
        const std::uint32_t leaf = book.topology.leaves().back();
        const auto byNode = locateIn(book, TreeLocateMessage{leaf, "", 0});
        QVERIFY2(byNode, byNode ? "" : byNode.error().message.c_str());
        QCOMPARE(byNode->node, leaf);
        QCOMPARE(byNode->parent, std::uint32_t(book.topology.nodes[leaf].parent));
        QCOMPARE(byNode->host, std::string("10.0.0.2"));
        QCOMPARE(byNode->port, std::uint16_t(5000 + byNode->parent));
        const auto& node = book.topology.nodes[leaf];
        const auto byHost = locateIn(book, TreeLocateMessage{kLocateNode, node.host, node.rank});
        QVERIFY(byHost);
        QCOMPARE(byHost->node, leaf);
        const auto stranger = locateIn(book, TreeLocateMessage{kLocateNode, "elsewhere", 0});
        QVERIFY(!stranger);
        QVERIFY(stranger.error().message.find("no leaf for host elsewhere") != std::string::npos);
        QVERIFY(!locateIn(book, TreeLocateMessage{0, "", 0})); // the front-end is no leaf
        // A task of srun on a node the tree does not know by name: the job's n-th node takes the
        // n-th leaf; a name the tree knows goes first; an index beyond the leaves is refused.
        TreeLocateMessage byJob{kLocateNode, "elsewhere", 0};
        byJob.jobIndex = 1;
        const auto second = locateIn(book, byJob);
        QVERIFY2(second, second ? "" : second.error().message.c_str());
        QCOMPARE(second->node, book.topology.leaves()[1]);
        QCOMPARE(second->leafHost, book.topology.nodes[book.topology.leaves()[1]].host);
        TreeLocateMessage named{kLocateNode, node.host, node.rank};
        named.jobIndex = 0;
        QCOMPARE(locateIn(book, named)->node, leaf);
        byJob.jobIndex = static_cast<std::uint32_t>(book.topology.leaves().size());
        const auto beyond = locateIn(book, byJob);
        QVERIFY(!beyond);
        QVERIFY(beyond.error().message.find("start one collector per node") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestListenAddress)
#include "tst_listenaddress.moc"
