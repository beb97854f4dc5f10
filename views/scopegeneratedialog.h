#pragma once

// Asks how to lay out a new scope design: the shape (flat, k-ary, k-nomial, hierarchy-aware),
// the fan-out, the front-end's host and the hosts (one collector each) with their clusters —
// typed, or taken from the open run's configuration (setRunHosts), from a tree configuration
// file (xylem-tree/1) or from a running tree's address file. A file that does not read leaves
// the hosts as they were and says why in the dialog, naming the file.

#include "core/live/scopegenerator.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace xylem::views {

class ScopeGenerateDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ScopeGenerateDialog(QWidget* parent = nullptr);

    void setHosts(const live::HostList& hosts);
    // The open run's hosts: shown now, and again by "From the Open Run".
    void setRunHosts(const live::HostList& hosts);
    bool takeHostsFromConfiguration(const QString& path);
    bool takeHostsFromAddressFile(const QString& path);
    QLabel* message() const { return m_message; }
    // One "host" or "host cluster" per line; blank lines skipped.
    live::DesignSpec spec() const;

private:
    QWidget* hostSourceButtons();
    bool takeHosts(const Result<live::HostList>& hosts, const QString& failed,
                   const QString& empty);

    QComboBox* m_shape;
    QSpinBox* m_fanout;
    QLineEdit* m_frontEnd;
    QPlainTextEdit* m_hosts;
    QLabel* m_message;
    QPushButton* m_fromRun = nullptr;
    live::HostList m_runHosts;
};

} // namespace xylem::views
