#pragma once

// Monitoring a program started elsewhere: its configuration, the address file its collectors
// attach through, an optional event scope, how long to record and where the session goes.
// The dialog shows the command each node runs to attach its collector.

#include "app/gui/livecontroller.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QSpinBox;

namespace xylem::gui {

class AttachDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AttachDialog(QWidget* parent = nullptr);
    AttachSettings settings() const;

private:
    QLineEdit* fileField(const QString& filter, bool save);
    void describeCollectorCommand();

    QLineEdit* m_configuration;
    QLineEdit* m_address;
    QLineEdit* m_scope;
    QSpinBox* m_minutes;
    QLineEdit* m_session;
    QLabel* m_command;
};

} // namespace xylem::gui
