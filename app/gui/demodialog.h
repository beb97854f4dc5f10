#pragma once

// The settings of a local live demo: hosts, threads per host, tree shape, a planted culprit
// and where the session goes.

#include "app/gui/livecontroller.h"

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace xylem::gui {

class DemoDialog : public QDialog
{
    Q_OBJECT

public:
    explicit DemoDialog(QWidget* parent = nullptr);
    DemoSettings settings() const;

private:
    QSpinBox* m_hosts;
    QSpinBox* m_threads;
    QComboBox* m_shape;
    QLineEdit* m_noise;
    QLineEdit* m_session;
};

} // namespace xylem::gui
