#pragma once

// The settings of Live ▸ Record an MPI Program: the command line (mpirun and the program,
// xylem-mpiloop with a late rank by default), the run's shape and where the session goes.

#include "app/gui/livecontroller.h"

#include <QDialog>

class QComboBox;
class QLineEdit;

namespace xylem::gui {

class MpiRecordDialog : public QDialog
{
    Q_OBJECT

public:
    explicit MpiRecordDialog(QWidget* parent = nullptr);
    MpiRecordSettings settings() const;

    // mpirun of 4 ranks of xylem-mpiloop with rank 2 late; as root with --allow-run-as-root.
    static QString defaultCommand();

private:
    QLineEdit* m_command;
    QComboBox* m_shape;
    QLineEdit* m_session;
};

} // namespace xylem::gui
