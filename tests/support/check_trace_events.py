#!/usr/bin/env python3
"""Checks a Chrome trace event file (JSON) against the rules a viewer such as Perfetto's UI
relies on, and prints every broken rule with the event's index. Exit status: 0 when the file
keeps every rule, 1 when it breaks one, 2 when it cannot be read as JSON at all.

Rules
- The file is an object with a "traceEvents" array (or that array alone).
- Every event is an object with a string "ph", integer "pid" and "tid", and a string "name".
- "X" (complete slice): numeric "ts" >= 0 and "dur" >= 0.
- "M" (metadata): name is process_name, thread_name, process_sort_index, thread_sort_index or
  process_labels; *_name events carry args.name (string), *_sort_index args.sort_index (int).
- "s"/"t"/"f" (flow): an "id" (int or string), a string "cat", numeric "ts" >= 0; "bp", if
  there, is "e". Per (cat, id) exactly one "s" and one "f", the "f" not before the "s"; each end
  lies inside a slice of its own track (pid, tid), so that it binds to one.
- Slices of one track (pid, tid) nest: one that starts inside another ends inside it too.
- Every track with slices is named by a thread_name event, every pid by a process_name event.
Timestamps are compared exactly (decimal), not as floating point.
"""

import json
import sys
from collections import defaultdict
from decimal import Decimal

METADATA = {"process_name", "thread_name", "process_sort_index", "thread_sort_index",
            "process_labels"}


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_number(v):
    return is_int(v) or isinstance(v, Decimal)


def check(doc):
    errors = []
    if isinstance(doc, dict):
        events = doc.get("traceEvents")
    else:
        events = doc
    if not isinstance(events, list):
        return ["the file holds no traceEvents array"]

    def bad(i, what):
        errors.append("event %d: %s" % (i, what))

    slices = defaultdict(list)  # (pid, tid) -> [(ts, end, index)]
    flows = defaultdict(lambda: {"s": [], "f": []})  # (cat, id) -> ends
    thread_names, process_names = set(), set()
    for i, e in enumerate(events):
        if not isinstance(e, dict):
            bad(i, "not an object")
            continue
        ph = e.get("ph")
        if not isinstance(ph, str):
            bad(i, "no string 'ph'")
            continue
        if not is_int(e.get("pid")) or not is_int(e.get("tid")):
            bad(i, "'pid' and 'tid' must be integers")
            continue
        if not isinstance(e.get("name"), str):
            bad(i, "no string 'name'")
            continue
        track = (e["pid"], e["tid"])
        if ph == "X":
            ts, dur = e.get("ts"), e.get("dur")
            if not is_number(ts) or ts < 0:
                bad(i, "slice: 'ts' must be a number >= 0")
            elif not is_number(dur) or dur < 0:
                bad(i, "slice: 'dur' must be a number >= 0")
            else:
                slices[track].append((ts, ts + dur, i))
        elif ph == "M":
            name, args = e["name"], e.get("args")
            if name not in METADATA:
                bad(i, "metadata: unknown name '%s'" % name)
            elif not isinstance(args, dict):
                bad(i, "metadata: no 'args' object")
            elif name.endswith("_name") and not isinstance(args.get("name"), str):
                bad(i, "metadata %s: args.name must be a string" % name)
            elif name.endswith("_sort_index") and not is_int(args.get("sort_index")):
                bad(i, "metadata %s: args.sort_index must be an integer" % name)
            elif name == "thread_name":
                thread_names.add(track)
            elif name == "process_name":
                process_names.add(e["pid"])
        elif ph in ("s", "t", "f"):
            ts, fid, cat = e.get("ts"), e.get("id"), e.get("cat")
            if not is_number(ts) or ts < 0:
                bad(i, "flow: 'ts' must be a number >= 0")
            elif not (is_int(fid) or isinstance(fid, str)):
                bad(i, "flow: no 'id'")
            elif not isinstance(cat, str):
                bad(i, "flow: no string 'cat'")
            elif "bp" in e and e["bp"] != "e":
                bad(i, "flow: 'bp' must be \"e\"")
            elif ph != "t":
                flows[(cat, fid)][ph].append((ts, track, i))
        else:
            bad(i, "unknown phase '%s'" % ph)

    for track, spans in slices.items():
        if track not in thread_names:
            errors.append("track pid %d tid %d has slices but no thread_name" % track)
        if track[0] not in process_names:
            errors.append("pid %d has slices but no process_name" % track[0])
        spans.sort(key=lambda s: (s[0], -s[1]))
        stack = []
        for start, end, i in spans:
            while stack and start >= stack[-1][1]:
                stack.pop()
            if stack and end > stack[-1][1]:
                errors.append("event %d: slice [%s, %s] overlaps slice %d [%s, %s] on pid %d "
                              "tid %d without nesting" % (i, start, end, stack[-1][2],
                                                          stack[-1][0], stack[-1][1], *track))
            stack.append((start, end, i))

    def inside(ts, track):
        return any(s <= ts <= e for s, e, _ in slices.get(track, []))

    for (cat, fid), ends in flows.items():
        if len(ends["s"]) != 1 or len(ends["f"]) != 1:
            errors.append("flow %s/%s: %d start(s) and %d end(s), not one of each"
                          % (cat, fid, len(ends["s"]), len(ends["f"])))
            continue
        (ts_s, track_s, i_s), (ts_f, track_f, i_f) = ends["s"][0], ends["f"][0]
        if ts_f < ts_s:
            errors.append("flow %s/%s: ends (event %d) before it starts (event %d)"
                          % (cat, fid, i_f, i_s))
        for ts, track, i in ((ts_s, track_s, i_s), (ts_f, track_f, i_f)):
            if not inside(ts, track):
                errors.append("event %d: flow %s/%s is in no slice of pid %d tid %d"
                              % (i, cat, fid, *track))
    return errors


def main():
    if len(sys.argv) != 2:
        print("usage: check_trace_events.py FILE.json", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            doc = json.load(f, parse_float=Decimal)
    except (OSError, ValueError) as e:
        print("%s: not a JSON file: %s" % (sys.argv[1], e), file=sys.stderr)
        return 2
    errors = check(doc)
    for e in errors[:50]:
        print("%s: %s" % (sys.argv[1], e), file=sys.stderr)
    if len(errors) > 50:
        print("%s: ... and %d more" % (sys.argv[1], len(errors) - 50), file=sys.stderr)
    if errors:
        return 1
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    counts = defaultdict(int)
    for e in events:
        counts[e["ph"]] += 1
    print("%s: %d events (%s), every rule kept" % (
        sys.argv[1], len(events), ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
