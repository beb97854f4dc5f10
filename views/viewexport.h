#pragma once

// Any view as a picture or a document, by the file's suffix: .png (pixels, as on screen),
// .svg (vectors) or .pdf (vectors, one page the size of the view).

#include "core/model/result.h"

#include <QString>

class QWidget;

namespace xylem::views {

Result<Ok> exportView(QWidget& view, const QString& path);

} // namespace xylem::views
