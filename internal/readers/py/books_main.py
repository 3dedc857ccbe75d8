# The main of every script runBooks runs (readers/xlsxvalues.go appends it):
# each script defines book(path), the result for one workbook; this reads
# the workbooks argv[2:] in one process and writes the list of results
# to argv[1] as JSON.
import json  # noqa: E402 (appended after the script)
import sys  # noqa: E402


def main():
    books = []
    for i, path in enumerate(sys.argv[2:]):
        try:
            books.append(book(path))
        except Exception as e:  # say which workbook: the caller names it by index
            sys.stderr.write("workbook %d of %d: %s: %s\n" % (i, len(sys.argv) - 2, type(e).__name__, e))
            sys.exit(1)
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(books, f, ensure_ascii=False)


main()
