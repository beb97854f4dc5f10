#pragma once

// Monitoring a program started elsewhere: its configuration, the address file its collectors
// attach through, an optional event scope, how long to record and where the session goes.
// The dialog shows the command each node runs to attach its collector. For a scope design
// (DeployDesign) the design stands in for the event scope, and the command is shown for each
// of the design's collector hosts.

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
    enum class Purpose
    {
        Monitor,     // Live ▸ Monitor a Running Program: an optional event scope file
        DeployDesign // the scope builder's design
    };
    explicit AttachDialog(QWidget* parent = nullptr, Purpose purpose = Purpose::Monitor);
    // The design's collector hosts: one attach command each (else HOST stands for them).
    void setCollectorHosts(const QStringList& hosts);
    AttachSettings settings() const;
    QLineEdit* configurationField() const { return m_configuration; }
    QLineEdit* addressField() const { return m_address; }
    QLabel* commandLabel() const { return m_command; }

private:
    void setDefaults(bool design);
    QLineEdit* fileField(const QString& filter, bool save);
    void describeCollectorCommand();

    QLineEdit* m_configuration;
    QLineEdit* m_address;
    QLineEdit* m_scope;
    QSpinBox* m_minutes;
    QLineEdit* m_session;
    QLabel* m_command;
    QStringList m_hosts;
};

} // namespace xylem::gui
