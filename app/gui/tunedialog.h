#pragma once

// Tune ▸ Find a Faster Tree: runs the tuner (core/tune/tuner.h) from the shown run's
// configuration on a thread of its own, every try a new run of the session, with a live table
// of the tries (TuneTriesModel). Stop ends the try that is recording (its run is kept) and
// starts no other; closing the dialog stops it too and waits for its end. finished() says
// which run was best, so the window can show the session's new runs.

#include "app/gui/tunetriesmodel.h"
#include "core/model/configuration.h"
#include "core/tune/tuner.h"

#include <QDialog>
#include <QString>

#include <memory>
#include <thread>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace xylem::gui {

class TuneDialog : public QDialog
{
    Q_OBJECT

public:
    TuneDialog(Configuration start, QString sessionPath, QWidget* parent = nullptr);
    ~TuneDialog() override;

    TuneTriesModel* tries() const { return m_model; }
    bool running() const { return m_thread.joinable(); }
    void setIterations(int iterations);
    void setMaxTries(int tries);
    void setMinSpeedup(double speedup);
    void setClusterLink(const QString& link);
    QString summary() const; // the status line: the try under way, or the best and why it ended

public slots:
    void startTuning();
    void stopTuning();

signals:
    // Once the tuner ends (done, stopped or failed); bestRun 0 when nothing was measured.
    void finished(qint64 bestRun);

protected:
    void reject() override; // Close and Escape stop the tuner first

private:
    void finish(std::shared_ptr<const Result<tune::TuneOutcome>> outcome);
    void join();

    Configuration m_start;
    QString m_sessionPath;
    TuneTriesModel* m_model;
    QSpinBox* m_iterations;
    QSpinBox* m_maxTries;
    QDoubleSpinBox* m_minSpeedup;
    QLineEdit* m_clusterLink;
    QTableView* m_table;
    QLabel* m_status;
    QPushButton* m_startButton;
    QPushButton* m_stopButton;
    std::unique_ptr<tune::Tuner> m_tuner;
    std::thread m_thread;
};

} // namespace xylem::gui
