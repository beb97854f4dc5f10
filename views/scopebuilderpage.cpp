#include "views/scopebuilderpage.h"

#include "core/live/scopedesignjson.h"
#include "views/scopecanvas.h"
#include "views/scopedocument.h"
#include "views/scopegeneratedialog.h"
#include "views/scopeinspector.h"

#include <QAction>
#include <QFileDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QSplitter>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace xylem::views {

namespace {

QString describe(const Error& error)
{
    return QString::fromStdString(error.describe());
}

} // namespace

ScopeBuilderPage::ScopeBuilderPage(QWidget* parent)
    : QWidget(parent)
    , m_document(new ScopeDocument(this))
    , m_canvas(new ScopeCanvas(m_document, this))
    , m_inspector(new ScopeInspector(m_document, this))
    , m_issueList(new QListWidget(this))
    , m_toolBar(new QToolBar(this))
    , m_status(new QLabel(this))
{
    buildToolBar();
    m_issueList->setWordWrap(true);
    auto* side = new QSplitter(Qt::Vertical, this);
    side->addWidget(m_inspector);
    side->addWidget(m_issueList);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_canvas);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({760, 300});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toolBar);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    // A long status (paths) wraps instead of widening the page; the whole of it is the tip too.
    m_status->setWordWrap(true);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    connect(m_canvas, &ScopeCanvas::nodeSelected, m_inspector, &ScopeInspector::showNode);
    connect(m_document, &ScopeDocument::changed, this, &ScopeBuilderPage::showIssues);
    connect(m_document, &ScopeDocument::refused, this, &ScopeBuilderPage::setStatus);
    connect(m_issueList, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        m_canvas->selectNode(item->data(Qt::UserRole).toInt());
    });
    showIssues();
}

QAction* ScopeBuilderPage::addAction(const QString& text, const QString& tip,
                                     std::function<void()> job)
{
    QAction* action = m_toolBar->addAction(text);
    action->setToolTip(tip);
    connect(action, &QAction::triggered, this, [job = std::move(job)] { job(); });
    return action;
}

// A tool button that opens menu (named after it) at once.
void ScopeBuilderPage::addMenuButton(QMenu* menu)
{
    auto* button = new QToolButton(this);
    button->setText(menu->title());
    button->setMenu(menu);
    button->setPopupMode(QToolButton::InstantPopup);
    menu->setToolTipsVisible(true);
    m_toolBar->addWidget(button);
}

void ScopeBuilderPage::buildToolBar()
{
    auto* add = new QMenu(tr("Add"), this);
    using live::DesignNodeKind;
    add->addAction(tr("Front-end"), this, [this] { addNode(DesignNodeKind::FrontEnd); });
    add->addAction(tr("Relay"), this, [this] { addNode(DesignNodeKind::Relay); });
    add->addAction(tr("Collector"), this, [this] { addNode(DesignNodeKind::Collector); });
    QMenu* filters = add->addMenu(tr("Filter"));
    for (int k = 0; k <= static_cast<int>(live::FilterKind::Plugin); ++k) {
        const auto kind = static_cast<live::FilterKind>(k);
        filters->addAction(QString::fromUtf8(live::filterKindName(kind)), this,
                           [this, kind] { addNode(DesignNodeKind::Filter, kind); });
    }
    addMenuButton(add);
    QAction* remove = addAction(tr("Remove"), tr("Remove the selected node"),
                                [this] { m_document->removeNode(m_canvas->selectedNode()); });
    remove->setShortcut(QKeySequence::Delete);
    buildUndoActions();
    m_toolBar->addSeparator();
    addAction(tr("Generate…"), tr("Lay out a tree over a list of hosts"),
              [this] { chooseGenerate(); });
    auto* presets = new QMenu(tr("Preset"), this);
    for (const auto& [monitor, text] :
         {std::pair{live::Monitor::Raw, tr("Raw tracing")},
          std::pair{live::Monitor::LoadBalance, tr("Load balance (single scope)")},
          std::pair{live::Monitor::LoadBalanceDistributed, tr("Load balance (distributed)")},
          std::pair{live::Monitor::Statistics, tr("Statistics")}}) {
        presets->addAction(text, this, [this, m = monitor] { applyPreset(m); });
    }
    addMenuButton(presets);
    auto* open = new QMenu(tr("Open"), this);
    open->addAction(tr("Design File…"), this, [this] { chooseOpen(); })
        ->setToolTip(tr("Open a scope design file"));
    m_openFromSession =
        open->addAction(tr("From the Session…"), this, [this] { chooseFromSession(); });
    m_openFromSession->setToolTip(
        tr("Open a design kept in the open session, with the runs recorded through it"));
    addMenuButton(open);
    addAction(tr("Save As…"), tr("Save the design to a file to share"), [this] { chooseSave(); });
    addAction(tr("Fit"), tr("Fit the whole design into the view"), [this] { m_canvas->fitAll(); });
    buildDeployActions();
}

// Undo and Redo keep their short names on the tool bar; what they would undo is their tip.
void ScopeBuilderPage::buildUndoActions()
{
    QUndoStack* stack = m_document->undoStack();
    QAction* undo = stack->createUndoAction(this, tr("Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = stack->createRedoAction(this, tr("Redo"));
    redo->setShortcut(QKeySequence::Redo);
    connect(stack, &QUndoStack::undoTextChanged, undo, [undo] {
        undo->setToolTip(undo->text());
        undo->setText(tr("Undo"));
    });
    connect(stack, &QUndoStack::redoTextChanged, redo, [redo] {
        redo->setToolTip(redo->text());
        redo->setText(tr("Redo"));
    });
    m_toolBar->addAction(undo);
    m_toolBar->addAction(redo);
}

void ScopeBuilderPage::buildDeployActions()
{
    m_toolBar->addSeparator();
    m_deploy = addAction(tr("Deploy"),
                         tr("Deploy the design to the running tree (again after "
                            "a change: the program keeps running)"),
                         [this] { emit deployRequested(m_document->design()); });
    m_deployToProgram =
        addAction(tr("Deploy to Program…"),
                  tr("Deploy the design as the gather tree of a program started elsewhere, "
                     "whose collectors attach through an address file"),
                  [this] { emit deployToProgramRequested(m_document->design()); });
    m_stop = addAction(tr("Stop"), tr("Stop the deployed scope"), [this] { emit stopRequested(); });
}

std::optional<int> ScopeBuilderPage::addNode(live::DesignNodeKind kind, live::FilterKind filter)
{
    live::DesignNode node;
    node.kind = kind;
    node.filter.kind = filter;
    if (kind != live::DesignNodeKind::Filter) {
        node.host = "localhost";
    }
    const QPointF at = m_canvas->freePosition();
    node.x = at.x();
    node.y = at.y();
    const live::DesignNode* selected = m_document->design().find(m_canvas->selectedNode());
    const bool underSelected = selected && (kind == live::DesignNodeKind::Filter ||
                                            selected->kind == live::DesignNodeKind::FrontEnd ||
                                            selected->kind == live::DesignNodeKind::Relay);
    if (underSelected) {
        node.parent = selected->id; // a new node joins the one selected, where it can
        node.x = selected->x + (kind == live::DesignNodeKind::Filter ? 220 : 0);
        node.y = selected->y + (kind == live::DesignNodeKind::Filter ? 0 : 130);
    }
    auto id = m_document->addNode(node);
    if (id) {
        m_canvas->selectNode(*id);
    }
    return id;
}

bool ScopeBuilderPage::generate(const live::DesignSpec& spec)
{
    auto design = live::generateDesign(spec);
    if (!design) {
        emit failed(tr("Cannot generate the scope: %1").arg(describe(design.error())));
        return false;
    }
    m_document->replaceDesign(std::move(design).value(), tr("Generate"));
    return true;
}

bool ScopeBuilderPage::applyPreset(live::Monitor preset)
{
    live::ScopeDesign design = m_document->design();
    if (auto ok = live::applyPreset(design, preset); !ok) {
        emit failed(tr("Cannot apply the preset: %1").arg(describe(ok.error())));
        return false;
    }
    m_document->replaceDesign(std::move(design),
                              tr("Preset %1").arg(QString::fromUtf8(live::monitorName(preset))));
    return true;
}

bool ScopeBuilderPage::openDesign(const QString& path)
{
    auto design = live::readDesignFile(path.toStdString());
    if (!design) {
        emit failed(tr("Cannot open %1: %2").arg(path, describe(design.error())));
        return false;
    }
    m_document->replaceDesign(std::move(design).value(), tr("Open %1").arg(path));
    m_canvas->fitAll();
    return true;
}

bool ScopeBuilderPage::saveDesign(const QString& path)
{
    if (auto ok = live::writeDesignFile(path.toStdString(), m_document->design()); !ok) {
        emit failed(tr("Cannot save %1: %2").arg(path, describe(ok.error())));
        return false;
    }
    setStatus(tr("Saved %1.").arg(path));
    return true;
}

void ScopeBuilderPage::chooseGenerate()
{
    ScopeGenerateDialog dialog(this);
    if (m_hostSource) {
        dialog.setRunHosts(m_hostSource());
    }
    if (dialog.exec() == QDialog::Accepted) {
        generate(dialog.spec());
    }
}

void ScopeBuilderPage::chooseOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scope Design"), {},
                                                      tr("Scope designs (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        openDesign(path);
    }
}

void ScopeBuilderPage::openStoredDesign(const live::ScopeDesign& design)
{
    m_document->replaceDesign(
        design, tr("Open “%1” from the session").arg(QString::fromStdString(design.name)));
    m_canvas->fitAll();
}

void ScopeBuilderPage::chooseFromSession()
{
    auto designs = m_sessionDesigns ? m_sessionDesigns() : std::nullopt;
    if (!designs) {
        emit failed(tr("Open a session first: its scope designs are kept with its runs."));
        return;
    }
    if (!*designs) {
        emit failed(
            tr("Cannot read the session's scope designs: %1").arg(describe(designs->error())));
        return;
    }
    ScopeSessionDialog dialog(std::move(*designs).value(), this);
    if (dialog.exec() == QDialog::Accepted) {
        if (auto chosen = dialog.chosen()) {
            openStoredDesign(*chosen);
        }
    }
}

void ScopeBuilderPage::chooseSave()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Scope Design"), {},
                                                      tr("Scope designs (*.json)"));
    if (!path.isEmpty()) {
        saveDesign(path);
    }
}

void ScopeBuilderPage::showIssues()
{
    m_issueList->clear();
    for (const live::DesignIssue& issue : m_document->issues()) {
        auto* item = new QListWidgetItem(QString::fromStdString(issue.message), m_issueList);
        item->setData(Qt::UserRole, issue.nodeId);
        item->setForeground(QColor(204, 0, 0));
    }
    if (m_document->issues().empty()) {
        new QListWidgetItem(tr("The design can be deployed."), m_issueList);
    }
    updateActions();
}

// Deploy needs a design without issues; Deploy to Program also needs none deployed yet.
void ScopeBuilderPage::updateActions()
{
    const bool clean = m_document->issues().empty();
    m_deploy->setEnabled(clean);
    m_deploy->setText(m_deployed ? tr("Redeploy") : tr("Deploy"));
    m_deployToProgram->setEnabled(clean && !m_deployed);
    m_stop->setEnabled(m_deployed);
}

void ScopeBuilderPage::setStatus(const QString& text)
{
    m_status->setText(text);
    m_status->setToolTip(text);
}

void ScopeBuilderPage::setDeployed(bool deployed)
{
    m_deployed = deployed;
    updateActions();
}

} // namespace xylem::views
