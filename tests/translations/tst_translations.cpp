// Every tr() string of the GUI (app/gui, views/) has a finished translation in each committed
// translations/xylem_CODE.ts. lupdate (the one CMake found) reads the sources as they are now
// into fresh .ts files; every text it finds (context, source, comment, plural or not) must be
// translated in the committed file, with the plural forms of its language, the same %1..%99
// placeholders and as many & accelerators as the English. A tr() string added without a
// translation turns this red and is named; `cmake --build <dir> --target
// update_translations` adds it to the .ts files to translate (translations/README.md).

#include <QDir>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

#include "tsfile.h"

namespace {

QString keyOf(const TsMessage& m)
{
    return m.context + QChar(0x1f) + m.source + QChar(0x1f) + m.comment;
}

QString describe(const TsMessage& m)
{
    QString source = m.source;
    source.replace(QLatin1Char('\n'), QLatin1String("\\n"));
    return QStringLiteral("[%1] \"%2\"%3")
        .arg(m.context, source,
             m.comment.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(m.comment));
}

std::set<QString> placeholders(const QString& text)
{
    static const QRegularExpression arg(QStringLiteral("%L?[1-9][0-9]?"));
    std::set<QString> found;
    for (const auto& match : arg.globalMatch(text)) {
        found.insert(match.captured());
    }
    return found;
}

int accelerators(const QString& text)
{
    int count = 0;
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&')) {
            continue;
        }
        if (text[i + 1] == QLatin1Char('&')) {
            ++i; // "&&" is a plain ampersand
        } else if (text[i + 1].isLetterOrNumber()) {
            ++count;
        }
    }
    return count;
}

// What is wrong with the committed translation of wanted, or empty.
QString problemWith(const TsMessage& wanted, const TsMessage& committed)
{
    if (committed.numerus != wanted.numerus) {
        return wanted.numerus ? QStringLiteral("has no plural forms (%n)")
                              : QStringLiteral("has plural forms the source has not");
    }
    if (!committed.finished) {
        return QStringLiteral("is unfinished");
    }
    if (committed.forms.size() != wanted.forms.size()) {
        return QStringLiteral("has %1 plural forms, the language has %2")
            .arg(committed.forms.size())
            .arg(wanted.forms.size());
    }
    for (const QString& form : committed.forms) {
        if (form.isEmpty()) {
            return QStringLiteral("has an empty translation");
        }
        if (placeholders(form) != placeholders(wanted.source)) {
            return QStringLiteral("has other placeholders than the source: \"%1\"").arg(form);
        }
        if (accelerators(form) != accelerators(wanted.source)) {
            return QStringLiteral("has %1 & accelerators, the source %2: \"%3\"")
                .arg(accelerators(form))
                .arg(accelerators(wanted.source))
                .arg(form);
        }
    }
    return {};
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    // lupdate over today's sources into fresh .ts files named like the committed ones (so it
    // gives each the language, and the number of plural forms, of its name).
    void initTestCase()
    {
        QVERIFY(m_fresh.isValid());
        const QDir root(QStringLiteral(XYLEM_SOURCE_DIR));
        m_files = QDir(root.filePath(QStringLiteral("translations")))
                      .entryList({QStringLiteral("xylem_*.ts")}, QDir::Files, QDir::Name);
        QVERIFY2(!m_files.isEmpty(), "no translations/xylem_*.ts");
        QStringList arguments{QStringLiteral("-I"),
                              root.path(),
                              QStringLiteral("-locations"),
                              QStringLiteral("none"),
                              QStringLiteral("-no-obsolete"),
                              root.filePath(QStringLiteral("app/gui")),
                              root.filePath(QStringLiteral("views")),
                              QStringLiteral("-ts")};
        for (const QString& file : m_files) {
            arguments << m_fresh.filePath(file);
        }
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(XYLEM_LUPDATE), arguments);
        QVERIFY2(lupdate.waitForFinished(20000), qPrintable(lupdate.errorString()));
        const QByteArray output = lupdate.readAll();
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
                 output.constData());
    }

    void everyStringIsTranslated_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& file : m_files) {
            QTest::newRow(qPrintable(file)) << file;
        }
    }

    void everyStringIsTranslated()
    {
        QFETCH(QString, file);
        const TsFile fresh = readTsFile(m_fresh.filePath(file));
        QVERIFY2(fresh.error.isEmpty(), qPrintable(fresh.error));
        QVERIFY2(!fresh.messages.isEmpty(), "lupdate found no tr() string in app/gui and views/");
        const TsFile committed = readTsFile(QDir(QStringLiteral(XYLEM_SOURCE_DIR))
                                                .filePath(QStringLiteral("translations/") + file));
        QVERIFY2(committed.error.isEmpty(), qPrintable(committed.error));
        QCOMPARE(committed.language, fresh.language);

        QHash<QString, TsMessage> byKey;
        for (const TsMessage& m : committed.messages) {
            byKey.insert(keyOf(m), m);
        }
        QStringList problems;
        for (const TsMessage& wanted : fresh.messages) {
            const auto found = byKey.constFind(keyOf(wanted));
            const QString problem = found == byKey.constEnd() ? QStringLiteral("is missing")
                                                              : problemWith(wanted, *found);
            if (!problem.isEmpty()) {
                problems << describe(wanted) + QLatin1Char(' ') + problem;
            }
        }
        for (const QString& problem : std::as_const(problems)) {
            qWarning("%s: %s", qPrintable(file), qPrintable(problem)); // one line each: no cut
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1: %2 of %3 strings need a translation (listed above; "
                                           "build the update_translations target, then translate "
                                           "them: translations/README.md)")
                                .arg(file)
                                .arg(problems.size())
                                .arg(fresh.messages.size())));
    }

private:
    QTemporaryDir m_fresh;
    QStringList m_files;
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
