#pragma once

// Open ▸ From the Session: the scope designs kept in the open session (core/live/designstore.h),
// each by name with the runs recorded through it, to load one into the scope builder. The
// dialog only shows what it is given; whoever opens it reads the session.

#include "core/live/scopedesign.h"

#include <QDialog>
#include <QStringList>

#include <optional>
#include <vector>

class QListWidget;
class QPushButton;

namespace xylem::views {

struct SessionDesign
{
    live::ScopeDesign design;
    QStringList runs; // the runs recorded with it, as labels ("run 2: live demo")
};

class ScopeSessionDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ScopeSessionDialog(std::vector<SessionDesign> designs, QWidget* parent = nullptr);

    QListWidget* list() const { return m_list; }
    QPushButton* openButton() const { return m_open; }
    // The selected design; nullopt when none is.
    std::optional<live::ScopeDesign> chosen() const;

private:
    std::vector<SessionDesign> m_designs;
    QListWidget* m_list;
    QPushButton* m_open;
};

} // namespace xylem::views
