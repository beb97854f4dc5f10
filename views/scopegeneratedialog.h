#pragma once

// Asks how to lay out a new scope design: the shape (flat, k-ary, k-nomial, hierarchy-aware),
// the fan-out, the front-end's host and the hosts (one collector each) with their clusters —
// typed, or taken from the open run's configuration or a running tree by whoever opens the
// dialog (setHosts).

#include "core/live/scopegenerator.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace xylem::views {

class ScopeGenerateDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ScopeGenerateDialog(QWidget* parent = nullptr);

    void setHosts(const live::HostList& hosts);
    // One "host" or "host cluster" per line; blank lines skipped.
    live::DesignSpec spec() const;

private:
    QComboBox* m_shape;
    QSpinBox* m_fanout;
    QLineEdit* m_frontEnd;
    QPlainTextEdit* m_hosts;
};

} // namespace xylem::views
