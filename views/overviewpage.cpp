#include "views/overviewpage.h"

#include "core/analysis/findingsjson.h"
#include "views/palette.h"

#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace xylem::views {

namespace {

constexpr int kViewCount = 9;

// The severity as a sign that reads without colour too: a triangle for a problem, a dot for
// what is worth knowing, a tick for what is fine (Okabe–Ito vermillion, orange, bluish green).
QString marker(Severity severity)
{
    const auto& palette = okabeIto();
    const auto [sign, colour] = severity == Severity::Problem  ? std::pair{u"▲", palette[6]}
                                : severity == Severity::Notice ? std::pair{u"●", palette[1]}
                                                               : std::pair{u"✓", palette[3]};
    return QStringLiteral("<span style=\"color:%1; font-size:x-large\">%2</span>")
        .arg(colour.name(), QString::fromUtf16(sign));
}

QString link(FindingView view)
{
    return QStringLiteral("<a href=\"view:%1\">%2</a>")
        .arg(QString::fromUtf8(findingViewKey(view).data()),
             OverviewPage::tr("Show in %1").arg(OverviewPage::viewTitle(view)));
}

QString row(Severity severity, const QString& heading, const QString& body, FindingView view)
{
    return QStringLiteral("<tr><td width=\"34\" valign=\"top\" align=\"center\">%1</td>"
                          "<td valign=\"top\" style=\"padding-bottom:10px\"><b>%2</b><br/>%3"
                          "<br/>%4</td></tr>")
        .arg(marker(severity), heading, body, link(view));
}

} // namespace

OverviewPage::OverviewPage(QWidget* parent)
    : QWidget(parent)
    , m_browser(new QTextBrowser(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    m_browser->setOpenLinks(false);
    m_browser->document()->setDocumentMargin(16);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &OverviewPage::follow);
    clear(tr("Open a session (File ▸ Open) to see what Xylem finds in its runs."));
}

void OverviewPage::setFindings(const Findings& findings, const QString& title)
{
    QString html = QStringLiteral("<h2>%1</h2><p>%2</p>")
                       .arg(tr("What Xylem found in %1").arg(title.toHtmlEscaped()),
                            tr("%1 calls analysed, mean operation time %2.")
                                .arg(findings.calls)
                                .arg(formatNanoseconds(findings.meanOperationNs)));
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"4\" width=\"100%\">");
    for (const Finding& f : findings.findings) {
        const OverviewText words = describe(findings, f);
        html += row(f.severity, words.heading, words.body, f.view);
    }
    html += QStringLiteral("</table>");
    if (!findings.suggestions.empty()) {
        html += QStringLiteral("<h3>%1</h3><ul>").arg(tr("What to try next"));
        for (const Suggestion& s : findings.suggestions) {
            html += QStringLiteral("<li style=\"margin-bottom:6px\">%1 %2</li>")
                        .arg(describe(findings, s), link(s.view));
        }
        html += QStringLiteral("</ul>");
    }
    m_browser->setHtml(html);
}

void OverviewPage::clear(const QString& why)
{
    m_browser->setHtml(QStringLiteral("<p>%1</p>").arg(why.toHtmlEscaped()));
}

QString OverviewPage::plainText() const
{
    return m_browser->toPlainText();
}

QString OverviewPage::viewTitle(FindingView view)
{
    switch (view) {
    case FindingView::WeightedTree:
        return tr("Weighted tree");
    case FindingView::Timemap:
        return tr("Timemap");
    case FindingView::Serialization:
        return tr("Serialization");
    case FindingView::Timeline:
        return tr("Timeline");
    case FindingView::Tables:
        return tr("Tables");
    case FindingView::WaitStates:
        return tr("Wait states");
    case FindingView::Clocks:
        return tr("Clocks");
    case FindingView::Monitors:
        return tr("Monitors");
    case FindingView::OverTime:
        return tr("Over time");
    }
    return {};
}

void OverviewPage::follow(const QUrl& target)
{
    if (target.scheme() != QStringLiteral("view")) {
        return;
    }
    for (int v = 0; v < kViewCount; ++v) {
        const auto view = static_cast<FindingView>(v);
        if (target.path() == QString::fromUtf8(findingViewKey(view).data())) {
            emit viewRequested(view);
            return;
        }
    }
}

} // namespace xylem::views
