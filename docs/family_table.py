#!/usr/bin/env python3
"""The table of docs/family.md from the study files: one row per rule set
named on the command line, with the solver's winnable share (and its 95%
Wilson interval), the expert's and the greedy player's win shares, and the
solver's mean milliseconds per deal in wasm.

    python3 docs/family_table.py rulesets/difficulty/*.json /tmp/greedy.json

Any number of `patience compare --format json` outputs; a rule set's
records are added up across files by its name and settings."""

import json
import math
import sys
from collections import defaultdict


def wilson(won, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percent(x):
    return f"{100 * x:.1f}"


def main(paths):
    rows = defaultdict(lambda: {"solved": 0, "winnable": 0, "unknown": 0, "micros": 0,
                                "expert": 0, "expert_won": 0, "greedy": 0, "greedy_won": 0,
                                "budgets": set(), "experts": set()})
    order = []
    for path in paths:
        with open(path) as f:
            study = json.load(f)
        for record in study["records"]:
            rule_set = study["rule_sets"][record["rule_set"]]
            key = (rule_set["name"], rule_set["settings"])
            if key not in rows:
                order.append(key)
            row = rows[key]
            if record.get("solver"):
                row["solved"] += 1
                row["micros"] += record["micros"]
                row["budgets"].add(study["budget"])
                verdict = record["solver"]["verdict"]
                row["winnable"] += verdict == "winnable"
                row["unknown"] += verdict == "unknown"
            if record.get("expert"):
                row["expert"] += 1
                row["expert_won"] += record["expert"]["won"]
                row["experts"].add((study["expert"]["samples"], study["expert"]["budget"]))
            if record.get("greedy"):
                row["greedy"] += 1
                row["greedy_won"] += record["greedy"]["won"]
    print("| game | winnable % [95%] | deals | unknown | expert % (deals) | greedy % (deals) | solver ms/deal |")
    print("|---|---|---|---|---|---|---|")
    for key in order:
        row = rows[key]
        if row["solved"] == 0:
            continue
        low, high = wilson(row["winnable"], row["solved"])
        winnable = f"{percent(row['winnable'] / row['solved'])} [{percent(low)}–{percent(high)}]"
        if row["unknown"]:
            winnable = "≥ " + winnable
        budget = "" if row["budgets"] == {20_000_000} else f" (budget {', '.join(f'{b:,}' for b in sorted(row['budgets']))})"
        expert = f"{percent(row['expert_won'] / row['expert'])} ({row['expert']})" if row["expert"] else "–"
        if row["experts"] and row["experts"] != {(6, 20000)}:
            expert += "†"
        greedy = f"{percent(row['greedy_won'] / row['greedy'])} ({row['greedy']})" if row["greedy"] else "–"
        ms = row["micros"] / row["solved"] / 1000
        print(f"| {key[0]}{budget} | {winnable} | {row['solved']} | {row['unknown']} | {expert} | {greedy} | {ms:.1f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
