#pragma once

// Reads a Qt Linguist .ts file: its language and its messages, each with the context, the
// source text, the disambiguating comment, whether it has plural forms, and its translation.

#include <QList>
#include <QString>
#include <QStringList>

struct TsMessage
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    // type="unfinished", "vanished" or "obsolete": not used by the program.
    bool finished = false;
    QStringList forms; // the translation, or its plural forms (numerus)
};

struct TsFile
{
    QString language; // "de_DE"
    QList<TsMessage> messages;
    QString error; // not empty when the file cannot be read
};

TsFile readTsFile(const QString& path);
