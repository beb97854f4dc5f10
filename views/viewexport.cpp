#include "views/viewexport.h"

#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QWidget>

namespace xylem::views {

namespace {

Error cannotWrite(const QString& path, const QString& why)
{
    return Error{ErrorCode::IoError, why.toStdString(), path.toStdString()};
}

} // namespace

Result<Ok> exportView(QWidget& view, const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png")) {
        if (!view.grab().save(path, "PNG")) {
            return cannotWrite(path, QStringLiteral("cannot write the PNG"));
        }
        return Ok{};
    }
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(view.size());
        svg.setViewBox(QRect(QPoint(0, 0), view.size()));
        svg.setTitle(view.windowTitle());
        QPainter painter;
        if (!painter.begin(&svg)) {
            return cannotWrite(path, QStringLiteral("cannot write the SVG"));
        }
        view.render(&painter);
        painter.end();
        return Ok{};
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(path);
        pdf.setPageSize(QPageSize(QSizeF(view.width(), view.height()), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(72);
        QPainter painter;
        if (!painter.begin(&pdf)) {
            return cannotWrite(path, QStringLiteral("cannot write the PDF"));
        }
        view.render(&painter);
        painter.end();
        return Ok{};
    }
    return Error{ErrorCode::InvalidArgument, "export as .png, .svg or .pdf", path.toStdString()};
}

} // namespace xylem::views
