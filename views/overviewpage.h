#pragma once

// The first page of a run: what the analysis found (core/analysis/findings.h) in sentences with
// their numbers, the most serious first as the engine orders them, each with a link to the view
// that shows it ("Show in Weighted tree"), then what to try next. The page only words the
// findings: every number is the engine's; durations in ns, µs, ms or s as they fit.

#include "core/analysis/findings.h"

#include <QString>
#include <QWidget>

class QTextBrowser;
class QUrl;

namespace xylem::views {

// A finding in words, as HTML fragments (names escaped).
struct OverviewText
{
    QString heading; // short, bold: "Culprit: h1.t1"
    QString body;    // the sentence with its numbers
};

class OverviewPage : public QWidget
{
    Q_OBJECT

public:
    explicit OverviewPage(QWidget* parent = nullptr);

    // title names the run ("run 3: gsum 4x2").
    void setFindings(const Findings& findings, const QString& title);
    void clear(const QString& why);

    // What the page says, as plain text (the sentences and the links' words).
    QString plainText() const;
    QTextBrowser* browser() const { return m_browser; }
    // The view's name as its tab says it: "Weighted tree", "Timemap", ...
    static QString viewTitle(FindingView view);

    // The words of the page (overviewpagetext.cpp).
    static OverviewText describe(const Findings& findings, const Finding& finding);
    static QString describe(const Findings& findings, const Suggestion& suggestion);
    static QString formatNanoseconds(double ns);    // "850.0 ns", "12.35 µs", "4.560 ms", "1.200 s"
    static QString formatFraction(double fraction); // "64.5 %"

signals:
    void viewRequested(xylem::FindingView view);

private:
    void follow(const QUrl& link);

    QTextBrowser* m_browser;
};

} // namespace xylem::views
