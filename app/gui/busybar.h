#pragma once

// The status bar's busy bar (issue 20): a percentage while the work under way can be counted
// (SessionController::progress, e.g. reading a run's chunks), a moving bar while it cannot.

class QProgressBar;

namespace xylem::gui {

class SessionController;

// percent 0..100 shows "reading 45%"; -1 shows the moving bar.
void showProgress(QProgressBar& bar, int percent);

// The bar follows the controller: moving at the start of each job, then its progress.
void followProgress(QProgressBar* bar, SessionController* controller);

} // namespace xylem::gui
