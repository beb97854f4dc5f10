#include "app/gui/tunemenu.h"

#include "app/gui/mainwindow.h"
#include "app/gui/tunedialog.h"

#include <QMessageBox>

namespace xylem::gui {

TuneMenu::TuneMenu(MainWindow* window)
    : QMenu(tr("T&une"), window)
    , m_window(window)
{
    addAction(tr("&Find a Faster Tree…"), this, &TuneMenu::findFasterTree)
        ->setToolTip(tr("Record neighbours of the shown run's tree that its analysis points at, "
                        "and keep the fastest"));
}

void TuneMenu::findFasterTree()
{
    const auto report = m_window->report();
    const RunKey shown = m_window->shownRun();
    if (!report || !report->configuration || shown.isNull()) {
        QMessageBox::information(m_window, tr("Find a Faster Tree"),
                                 tr("Show a stored run first: the tuner starts from its tree and "
                                    "adds its tries to its session."));
        return;
    }
    auto* dialog = new TuneDialog(*report->configuration, shown.session, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &TuneDialog::finished, m_window,
            [window = m_window, session = shown.session](qint64 best) {
                if (best > 0) {
                    window->openSession(session, best); // the tries' runs, the best shown
                }
            });
    dialog->show();
}

} // namespace xylem::gui
