#pragma once

// The inspector of the scope builder: the properties of the selected node, only those its kind
// has — host; helper threads, synchronization and time-out (relays and the front-end); pull
// period (front-end); ring size and buffer policy (collectors); filter kind and parameters
// (filters) — and the validation messages placed on it. Each change is one undoable edit of
// the ScopeDocument; a value the model refuses snaps back to the design's.

#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace xylem::views {

class ScopeDocument;

class ScopeInspector : public QWidget
{
    Q_OBJECT

public:
    explicit ScopeInspector(ScopeDocument* document, QWidget* parent = nullptr);

    void showNode(int id); // kNoNode: the design's own settings
    int shownNode() const { return m_id; }
    // A plugin library to offer when a filter becomes a plugin (the shipped example filters);
    // with it, an empty library box is filled and the filter box suggests its filters' names.
    void suggestPluginLibrary(const QString& path, const QString& filters);

private:
    void build();
    void buildCoschedule();
    void load();
    void applyHost();
    void applyGather();
    void applyPullPeriod();
    void applyRing();
    void applyFilter();
    void setRowsVisible();
    void browsePluginLibrary();

    ScopeDocument* m_document;
    int m_id = -1;
    bool m_loading = false;
    QFormLayout* m_form;
    QLabel* m_heading;
    QLineEdit* m_host;
    QSpinBox* m_helpers;
    QComboBox* m_sync;
    QSpinBox* m_timeoutMs;
    QSpinBox* m_pullMs;
    QComboBox* m_ring;
    QComboBox* m_policy;
    QComboBox* m_filterKind;
    QComboBox* m_reduce;
    QLineEdit* m_pluginLibrary;
    QLineEdit* m_pluginFilter;
    QLineEdit* m_arguments;
    QComboBox* m_coschedule;
    QLabel* m_issues;
    QString m_suggestedLibrary;
};

} // namespace xylem::views
