// MRNet's topology format: `host:rank => child child ... ;` statements, free-form whitespace,
// '#' comments to the end of the line. Leaves need no statement of their own.

#include "core/gather/topology.h"

#include <deque>
#include <limits>
#include <map>
#include <set>
#include <utility>

namespace xylem::gather {

namespace {

struct Token
{
    enum class Kind
    {
        Name,
        Arrow,
        Semicolon,
        End
    };
    Kind kind = Kind::End;
    std::string text;
    size_t line = 1;
};

struct Name
{
    std::string key; // canonical "host:rank"
    std::string host;
    std::uint32_t rank = 0;
    size_t line = 1;
};

struct Statement
{
    Name parent;
    std::vector<Name> children;
};

using Key = std::string;

Error syntaxError(size_t line, std::string message)
{
    return makeError(ErrorCode::MalformedInput, std::move(message), "line " + std::to_string(line));
}

Error treeError(size_t line, std::string message)
{
    return makeError(ErrorCode::InvalidConfiguration, std::move(message),
                     "line " + std::to_string(line));
}

std::vector<Token> tokenize(const std::string& text)
{
    std::vector<Token> tokens;
    size_t line = 1;
    size_t i = 0;
    const auto isSpace = [](char c) {
        return static_cast<unsigned char>(c) <= ' ';
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (isSpace(c)) {
            ++i;
        } else if (c == '#') {
            while (i < text.size() && text[i] != '\n') {
                ++i;
            }
        } else if (c == ';') {
            tokens.push_back({Token::Kind::Semicolon, ";", line});
            ++i;
        } else if (text.compare(i, 2, "=>") == 0) {
            tokens.push_back({Token::Kind::Arrow, "=>", line});
            i += 2;
        } else {
            const size_t start = i;
            while (i < text.size() && !isSpace(text[i]) && text[i] != ';' && text[i] != '#' &&
                   text.compare(i, 2, "=>") != 0) {
                ++i;
            }
            tokens.push_back({Token::Kind::Name, text.substr(start, i - start), line});
        }
    }
    tokens.push_back({Token::Kind::End, "", line});
    return tokens;
}

Result<Name> parseName(const Token& token)
{
    const size_t colon = token.text.rfind(':');
    const std::string rank = colon == std::string::npos ? "" : token.text.substr(colon + 1);
    const bool digits = !rank.empty() && rank.size() <= 10 &&
                        rank.find_first_not_of("0123456789") == std::string::npos;
    if (colon == 0 || !digits || std::stoull(rank) > std::numeric_limits<std::uint32_t>::max()) {
        return syntaxError(token.line, "\"" + token.text + "\" is not host:rank");
    }
    Name name{"", token.text.substr(0, colon), static_cast<std::uint32_t>(std::stoull(rank)),
              token.line};
    name.key = name.host + ":" + std::to_string(name.rank);
    return name;
}

Result<std::vector<Statement>> parseStatements(const std::vector<Token>& tokens)
{
    std::vector<Statement> statements;
    size_t at = 0;
    while (tokens[at].kind != Token::Kind::End) {
        if (tokens[at].kind != Token::Kind::Name) {
            return syntaxError(tokens[at].line,
                               "expected host:rank, found '" + tokens[at].text + "'");
        }
        auto parent = parseName(tokens[at++]);
        if (!parent) {
            return parent.error();
        }
        if (tokens[at].kind != Token::Kind::Arrow) {
            return syntaxError(tokens[at].line, "expected '=>' after " + parent->key);
        }
        Statement s{std::move(parent).value(), {}};
        for (++at; tokens[at].kind == Token::Kind::Name; ++at) {
            auto child = parseName(tokens[at]);
            if (!child) {
                return child.error();
            }
            s.children.push_back(std::move(child).value());
        }
        if (tokens[at].kind != Token::Kind::Semicolon) {
            return syntaxError(s.parent.line, "missing ';' after the children of " + s.parent.key);
        }
        if (s.children.empty()) {
            return syntaxError(s.parent.line, s.parent.key + " has no children after '=>'");
        }
        ++at;
        statements.push_back(std::move(s));
    }
    if (statements.empty()) {
        return syntaxError(tokens.back().line, "no topology: expected host:rank => children ;");
    }
    return statements;
}

// Where a node is listed as a child: its parent's name and the child's own occurrence.
struct Link
{
    const Name* parent = nullptr;
    const Name* child = nullptr;
};
using Links = std::map<Key, Link>;

// Follows the parents up from a node that the root never reaches; they must close a loop. The
// loop is reported parent to child, at the line of its last link.
Error cycleError(const Links& parentOf, const Name& start)
{
    std::vector<const Name*> chain{&start}; // start, its parent, its grandparent ...
    std::map<Key, size_t> position{{start.key, 0}};
    for (;;) {
        const auto link = parentOf.find(chain.back()->key);
        if (link == parentOf.end()) { // only a root has no parent, and the root is reached
            return treeError(start.line, start.key + " is not connected to the root");
        }
        const Name* up = link->second.parent;
        if (const auto it = position.find(up->key); it != position.end()) {
            std::string path = up->key;
            for (size_t i = chain.size(); i-- > it->second;) {
                path += " -> " + chain[i]->key;
            }
            const size_t line = parentOf.at(chain[it->second]->key).child->line;
            return treeError(line, "cycle: " + path + " (a node below itself)");
        }
        position.emplace(up->key, chain.size());
        chain.push_back(up);
    }
}

Result<Topology> buildTree(const std::vector<Statement>& statements)
{
    std::map<Key, const Statement*> statementOf;
    Links parentOf;
    for (const Statement& s : statements) {
        if (const auto [it, fresh] = statementOf.emplace(s.parent.key, &s); !fresh) {
            return treeError(s.parent.line, s.parent.key + " already has its children on line " +
                                                std::to_string(it->second->parent.line));
        }
        for (const Name& c : s.children) {
            if (const auto [it, fresh] = parentOf.emplace(c.key, Link{&s.parent, &c}); !fresh) {
                return treeError(c.line, c.key + " is already a child of " +
                                             it->second.parent->key + " (line " +
                                             std::to_string(it->second.child->line) + ")");
            }
        }
    }
    const Statement* root = nullptr;
    for (const Statement& s : statements) {
        if (parentOf.count(s.parent.key) == 0) {
            if (root != nullptr) {
                return treeError(
                    s.parent.line,
                    s.parent.key + " has children but no parent: a second root besides " +
                        root->parent.key + " (line " + std::to_string(root->parent.line) + ")");
            }
            root = &s;
        }
    }
    if (root == nullptr) {
        return cycleError(parentOf, statements.front().parent);
    }
    // Breadth first from the root: parents before children, siblings in the order written.
    std::vector<TopologyNode> nodes{{root->parent.host, root->parent.rank, -1, {}, {}}};
    std::deque<std::pair<const Statement*, std::int32_t>> queue{{root, 0}};
    std::set<const Statement*> reached;
    while (!queue.empty()) {
        const auto [s, index] = queue.front();
        queue.pop_front();
        reached.insert(s);
        for (const Name& c : s->children) {
            const auto childIndex = static_cast<std::int32_t>(nodes.size());
            nodes.push_back({c.host, c.rank, index, {}, {}});
            if (const auto it = statementOf.find(c.key); it != statementOf.end()) {
                queue.emplace_back(it->second, childIndex);
            }
        }
    }
    for (const Statement& s : statements) {
        if (reached.count(&s) == 0) {
            return cycleError(parentOf, s.parent);
        }
    }
    linkChildren(nodes);
    return makeTopology(std::move(nodes));
}

} // namespace

Result<Topology> parseMrnetTopology(const std::string& text)
{
    auto statements = parseStatements(tokenize(text));
    if (!statements) {
        return statements.error();
    }
    return buildTree(statements.value());
}

std::string toMrnetText(const Topology& topology)
{
    std::string text;
    for (const TopologyNode& node : topology.nodes) {
        if (node.children.empty()) {
            continue;
        }
        text += node.name() + " =>";
        for (const std::uint32_t c : node.children) {
            text += " " + (c < topology.nodes.size() ? topology.nodes[c].name() : "?");
        }
        text += " ;\n";
    }
    return text;
}

} // namespace xylem::gather
