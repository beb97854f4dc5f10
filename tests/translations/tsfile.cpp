#include "tsfile.h"

#include <QFile>
#include <QXmlStreamReader>

namespace {

void readTranslation(QXmlStreamReader& xml, TsMessage& message)
{
    const QString type = xml.attributes().value(QLatin1String("type")).toString();
    message.finished = type.isEmpty();
    if (!message.numerus) {
        message.forms = {xml.readElementText()};
        return;
    }
    while (xml.readNextStartElement()) {
        if (xml.name() == QLatin1String("numerusform")) {
            message.forms << xml.readElementText();
        } else {
            xml.skipCurrentElement();
        }
    }
}

TsMessage readMessage(QXmlStreamReader& xml, const QString& context)
{
    TsMessage message;
    message.context = context;
    message.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
    while (xml.readNextStartElement()) {
        if (xml.name() == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (xml.name() == QLatin1String("comment")) {
            message.comment = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            readTranslation(xml, message);
        } else {
            xml.skipCurrentElement(); // location, extracomment, translatorcomment...
        }
    }
    return message;
}

void readContext(QXmlStreamReader& xml, TsFile& ts)
{
    QString name;
    while (xml.readNextStartElement()) {
        if (xml.name() == QLatin1String("name")) {
            name = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            ts.messages << readMessage(xml, name);
        } else {
            xml.skipCurrentElement();
        }
    }
}

} // namespace

TsFile readTsFile(const QString& path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = QStringLiteral("cannot open %1: %2").arg(path, file.errorString());
        return ts;
    }
    QXmlStreamReader xml(&file);
    if (xml.readNextStartElement() && xml.name() == QLatin1String("TS")) {
        ts.language = xml.attributes().value(QLatin1String("language")).toString();
        while (xml.readNextStartElement()) {
            if (xml.name() == QLatin1String("context")) {
                readContext(xml, ts);
            } else {
                xml.skipCurrentElement();
            }
        }
    } else if (!xml.hasError()) {
        ts.error = QStringLiteral("%1 is not a .ts file").arg(path);
    }
    if (xml.hasError()) {
        ts.error =
            QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    }
    return ts;
}
