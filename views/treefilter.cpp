#include "views/treefilter.h"

#include <QRegularExpression>

namespace xylem::views {

std::vector<bool> matchNodes(const WeightedTreeGraph& graph, const Configuration& config,
                             const QString& text)
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    const QStringList terms = text.split(separators, Qt::SkipEmptyParts);
    if (terms.isEmpty()) {
        return {};
    }
    std::vector<QRegularExpression> patterns;
    for (const QString& term : terms) {
        patterns.emplace_back(QRegularExpression::wildcardToRegularExpression(
                                  term, QRegularExpression::UnanchoredWildcardConversion),
                              QRegularExpression::CaseInsensitiveOption);
        patterns.back().setPattern(QStringLiteral("^(?:%1)$").arg(patterns.back().pattern()));
    }
    std::vector<bool> matches(graph.nodes.size(), false);
    for (size_t i = 0; i < graph.nodes.size(); ++i) {
        const Wrapper& wrapper = config.wrapper(graph.nodes[i].wrapper);
        const QString id = QString::fromStdString(wrapper.id);
        QStringList names = id.split(QLatin1Char('.'));
        names << id;
        if (graph.nodes[i].isThread) {
            names << QString::fromStdString(wrapper.host);
        }
        for (const QRegularExpression& pattern : patterns) {
            for (const QString& name : names) {
                matches[i] = matches[i] || pattern.match(name).hasMatch();
            }
        }
    }
    return matches;
}

} // namespace xylem::views
