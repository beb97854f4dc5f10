#pragma once

// The window's Tune menu: Find a Faster Tree… opens the tuner's dialog (tunedialog.h) on the
// shown run's tree and session, and shows the session again, on the best run, when it ends.
// A menu of its own, as LanguageMenu is, so the window adds it with one line.

#include <QMenu>

namespace xylem::gui {

class MainWindow;

class TuneMenu : public QMenu
{
    Q_OBJECT

public:
    explicit TuneMenu(MainWindow* window);

private:
    void findFasterTree();

    MainWindow* m_window;
};

} // namespace xylem::gui
