#include "app/gui/busybar.h"

#include "app/gui/sessioncontroller.h"

#include <QCoreApplication>
#include <QProgressBar>

#include <algorithm>

namespace xylem::gui {

void showProgress(QProgressBar& bar, int percent)
{
    if (percent < 0) {
        bar.setRange(0, 0); // Qt's busy indicator
        bar.setTextVisible(false);
        return;
    }
    bar.setRange(0, 100);
    bar.setValue(std::min(percent, 100));
    bar.setFormat(QCoreApplication::translate("xylem::gui::BusyBar", "reading %p%"));
    bar.setTextVisible(true);
}

void followProgress(QProgressBar* bar, SessionController* controller)
{
    QObject::connect(controller, &SessionController::busy, bar, [bar](bool working) {
        if (working) {
            showProgress(*bar, -1); // not the last job's 100 %
        }
    });
    QObject::connect(controller, &SessionController::progress, bar,
                     [bar](int percent) { showProgress(*bar, percent); });
}

} // namespace xylem::gui
