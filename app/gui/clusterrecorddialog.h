#pragma once

// The settings of Live ▸ Record on a Cluster: the host file (the dialog says how many hosts and
// clusters it names, or where it is wrong), the launcher that starts the other machines' nodes,
// where the front-end listens, the program (the gsum benchmark: threads per host, how long, which
// benchmark, a planted culprit), an optional event scope or scope design, and the session file.
// Record stays disabled, with the reason shown, while any of it is invalid.

#include "app/gui/livecontroller.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace xylem::gui {

class ClusterRecordDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ClusterRecordDialog(QWidget* parent = nullptr);
    ClusterRecordSettings settings() const;

    // The first thing that keeps the recording from starting; empty when there is none.
    QString problem() const { return m_problemText; }

    QLineEdit* hostFileField() const { return m_hostFile; }
    QLineEdit* launcherField() const { return m_launcher; }
    QLineEdit* listenField() const { return m_listen; }
    QSpinBox* threadsField() const { return m_threads; }
    QSpinBox* lengthField() const { return m_length; }
    QComboBox* lengthUnitField() const { return m_lengthUnit; }
    QComboBox* benchmarkField() const { return m_benchmark; }
    QLineEdit* noiseField() const { return m_noise; }
    QLineEdit* scopeField() const { return m_scope; }
    QLineEdit* sessionField() const { return m_session; }
    QLabel* hostsLabel() const { return m_hosts; }
    QLabel* problemLabel() const { return m_problem; }
    QPushButton* recordButton() const { return m_record; }

private:
    QLineEdit* fileField(const QString& filter, bool save);
    void buildForm();
    void validate();
    // The host file's summary or error into m_hosts; its error, if any, as the result.
    QString checkHostFile();
    // Sorts the scope file into a scope or a design (m_scopeIsDesign); its error, if any.
    QString checkScope();
    void lengthUnitChanged();

    QLineEdit* m_hostFile;
    QLineEdit* m_launcher;
    QLineEdit* m_listen;
    QSpinBox* m_threads;
    QSpinBox* m_length;
    QComboBox* m_lengthUnit;
    QComboBox* m_benchmark;
    QLineEdit* m_noise;
    QLineEdit* m_scope;
    QLineEdit* m_session;
    QLabel* m_hosts;
    QLabel* m_problem;
    QPushButton* m_record = nullptr;
    QString m_problemText;
    bool m_scopeIsDesign = false;
};

} // namespace xylem::gui
