#pragma once

// Deploys the scope builder's design and brings its live figures back onto the canvas. The
// first Deploy starts a recording of a local gsum cluster on the design's collector hosts
// (`xylem-cli record --hosts ... --design F --figures-json`, through the LiveController);
// every later Deploy while it runs rewrites F (a temporary file renamed over it), which the
// recording rereads and redeploys without restarting the program. Each figures line of the
// recording becomes the canvas's figures; when the recording ends, the figures go and the
// session opens like any live recording's.

#include <QObject>
#include <QString>

#include <functional>

namespace xylem::live {
struct ScopeDesign;
}
namespace xylem::views {
class ScopeBuilderPage;
}

namespace xylem::gui {

class LiveController;

// "<Documents>/xylem-scope-<date-time>.xylem": where a recording of a deployed design goes.
QString newScopeSessionPath();

class ScopeBuilderLink : public QObject
{
    Q_OBJECT

public:
    // newSession: where a new recording goes (a fresh .xylem path).
    ScopeBuilderLink(views::ScopeBuilderPage* page, LiveController* live,
                     std::function<QString()> newSession, QObject* parent = nullptr);

    QString designFile() const { return m_designFile; }
    bool deploy(const live::ScopeDesign& design);

signals:
    void failed(const QString& message);

private:
    bool writeDesign(const live::ScopeDesign& design);
    void showFigures(const QString& line);

    views::ScopeBuilderPage* m_page;
    LiveController* m_live;
    std::function<QString()> m_newSession;
    QString m_designFile; // of the recording under way; empty when none of ours runs
};

} // namespace xylem::gui
