#!/usr/bin/env python3
"""Turns the markdown output of `swift package benchmark` into BENCHMARKS.md's ratio tables.

Every figure is a median (p50) of one run; every ratio compares two benchmarks of that same run.
"""
import re
import sys

UNITS = {"ns": 1e-9, "μs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}
SCALE = {"K": 1e3, "M": 1e6, "G": 1e9}


def parse(path):
    results, name = {}, None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("### "):
            name = line[4:].strip()
            results[name] = {}
            continue
        if not name or not line.startswith("|") or line.startswith("|:") or "Metric" in line:
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        metric, p50 = cells[0].rstrip(" *"), cells[3]
        try:
            value = float(p50)
        except ValueError:
            continue
        units = re.findall(r"\(([^()]*)\)", metric)
        base = re.sub(r"\s*\([^()]*\)", "", metric).strip()
        if "Time" in metric:
            unit = units[-1] if units else "ns"
            results[name]["seconds"] = value * UNITS.get(unit, 1.0)
        else:
            scale = SCALE.get(units[-1], 1.0) if units and units[-1] in SCALE else 1.0
            if metric.startswith("Memory Δ (resident peak)"):
                unit = units[-1] if len(units) > 1 else ""
                results[name]["peak delta MB"] = value * {"M": 1, "K": 1e-3, "G": 1e3}.get(unit, 1e-6)
            elif metric.startswith("Malloc (bytes total)"):
                unit = units[-1] if len(units) > 1 else ""
                results[name]["malloc MB"] = value * {"M": 1, "K": 1e-3, "G": 1e3}.get(unit, 1e-6)
            elif metric.startswith("Malloc"):
                results[name]["mallocs"] = value * scale
            else:
                results[name][base] = value * scale
    return results


def t(seconds):
    if seconds is None:
        return "-"
    for unit, factor in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= factor:
            return f"{seconds / factor:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def ratio(a, b):
    return "-" if a is None or b is None or b == 0 else f"{a / b:.2f}x"


def get(results, name, key="seconds"):
    return results.get(name, {}).get(key)


def main():
    r = parse(sys.argv[1])
    sizes = ["10", "1000", "10000"]
    out = []

    def ns(name, key):
        value = get(r, name, key)
        return None if value is None else value * 1e-9

    out += ["### 1. Durable save of one scene's navigation state (per operation)", "",
            "navstate: a change of the cookbook's model connected through `PersistentScene`, made durable by `flush()`, timed on the main actor with its floor and the sample's save; "
            "the store's value API: `setSceneValue(.json(NavigationCoding.encode(state)))`, each interleaved with its own floor.", "",
            "| path | navstate | floor (raw syscalls) | sample (JSONEncoder + Data.write .atomic) | navstate / floor | sample / floor | value API / its floor |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for s in sizes:
        n, f, p = (ns(f"save/{s} ids", f"{v} ns") for v in ("navstate", "floor", "sample"))
        vn, vf = (ns(f"save value api/{s} ids", f"{v} ns") for v in ("navstate", "floor"))
        out.append(f"| {s} IDs | {t(n)} | {t(f)} | {t(p)} | {ratio(n, f)} | {ratio(p, f)} | {ratio(vn, vf)} |")

    out += ["", "The cookbook's recipes against an app's routes, each saved through `PersistentScene` and made durable "
            "by `flush()`, the three interleaved in each iteration (the cookbook has no path of its own: "
            "`Recipe.ID` is an app's own identifier type with a UUID inside).", "",
            "| path | cookbook (Recipe) | app, `UUID` ID | app, own `JSONIdentifier` ID | UUID / cookbook | own ID / cookbook |",
            "| --- | --- | --- | --- | --- | --- |"]
    for s in sizes:
        c, u, o = (ns(f"routes save/{s} ids", f"{v} ns") for v in ("cookbook", "uuid", "own id"))
        out.append(f"| {s} IDs | {t(c)} | {t(u)} | {t(o)} | {ratio(u, c)} | {ratio(o, c)} |")

    b = r.get("burst/navstate/100000 mutations", {})
    floor = ns("save/10 ids", "floor ns")
    sample = get(r, "burst/sample/1000 changes")
    latency = b.get("last mutation to durable ns")
    out += ["", "### 2. Write-through of a burst of 100,000 mutations", "",
            "| measure | navstate | baseline | ratio |", "| --- | --- | --- | --- |",
            f"| producer cost per mutation | {t(b.get('producer ns per mutation', 0) * 1e-9) if b else '-'} | target < 1 µs | - |",
            f"| physical writes | {int(b.get('physical writes', 0)) if b else '-'} | 100,000 (one per change) | - |",
            f"| last mutation to durable | {t(latency * 1e-9) if latency else '-'} | one floor write: {t(floor)} | {ratio(latency * 1e-9 if latency else None, floor)} |",
            f"| whole burst, wall clock | {t(b.get('seconds'))} | sample's recipe, 1,000 changes: {t(sample)} (x100 = {t(sample * 100) if sample else '-'}) | {ratio(sample * 100 if sample else None, b.get('seconds'))} faster |"]

    yb = r.get("burst/navstate yielding/1000 mutations", {})
    yl, yf = yb.get("last mutation to durable ns"), yb.get("floor ns")
    out += ["", "A burst as apps make changes: 1,000 changes to a scene connected through `PersistentScene`, the main actor yielded after each (`Task.yield()`), then `flush()`; one floor write of the scene's file in the same iteration.", "",
            "| measure | navstate | one floor write, same iteration | ratio (target: at most 1.30x) |", "| --- | --- | --- | --- |",
            f"| last mutation to durable | {t(yl * 1e-9) if yl else '-'} | {t(yf * 1e-9) if yf else '-'} | {ratio(yl, yf)} |"]

    out += ["", "### 3. Restore: read, decode, look up, report", "",
            "| path | data set | navstate | sample (JSONDecoder + dictionary) | linear first(where:) | sample / navstate | linear / navstate |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for d in ["26", "1000", "100000"]:
        for s in sizes:
            name = f"{s} ids of {d} recipes"
            n, p, l = (get(r, f"restore/{v}/{name}") for v in ("navstate", "sample", "linear"))
            out.append(f"| {s} | {d} | {t(n)} | {t(p)} | {t(l)} | {ratio(p, n)} | {ratio(l, n)} |")

    out += ["", "### 4. Encoding and decoding the navigation payload alone", "",
            "| path | encode navstate | encode JSONEncoder | speed-up | decode navstate | decode JSONDecoder | speed-up |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for s in sizes:
        en, ef, dn, df = (get(r, f"{k}/{v}/{s} ids") for k, v in
                          (("encode", "navstate"), ("encode", "foundation"), ("decode", "navstate"), ("decode", "foundation")))
        out.append(f"| {s} IDs | {t(en)} | {t(ef)} | {ratio(ef, en)} | {t(dn)} | {t(df)} | {ratio(df, dn)} |")

    out += ["", "### 5. Listing and inspecting an app folder", "",
            "| scenes | navstate scenes() | per scene | Foundation read + JSONSerialization | ratio |", "| --- | --- | --- | --- | --- |"]
    for c in ["1000", "10000"]:
        n, f = get(r, f"list/navstate/{c} scenes"), get(r, f"list/foundation/{c} scenes")
        out.append(f"| {c} | {t(n)} | {t(n / int(c)) if n else '-'} | {t(f)} | {ratio(n, f)} |")

    c = "cli/restore"
    cli, triv, found = ns(c, "navstate ns"), ns(c, "trivial swift ns"), ns(c, "trivial foundation ns")
    scli, striv = ns(c, "navstate static ns"), ns(c, "trivial swift static ns")
    out += ["", "### 6. The CLI end to end (`navstate restore`, release build, one process per run, interleaved)", "",
            "| program | time | navstate / it |", "| --- | --- | --- |",
            f"| navstate restore (as `swift build -c release` builds it) | {t(cli)} | 1.00x |",
            f"| trivial Swift program | {t(triv)} | {ratio(cli, triv)} |",
            f"| trivial Swift program that loads Foundation | {t(found)} | {ratio(cli, found)} |",
            f"| navstate restore, `--static-swift-stdlib` | {t(scli)} | 1.00x |",
            f"| trivial Swift program, `--static-swift-stdlib` | {t(striv)} | {ratio(scli, striv)} |"]

    def mb(value):
        return "-" if value is None else f"{value:.3g} MB"
    n, p = "restore/navstate/10000 ids of 100000 recipes", "restore/sample/10000 ids of 100000 recipes"
    out += ["", "### 7. Memory of the largest restore (10,000 IDs of 100,000 recipes, per restore)", "",
            "| measure | navstate | sample | sample / navstate |", "| --- | --- | --- | --- |",
            f"| peak resident growth | {mb(get(r, n, 'peak delta MB'))} | {mb(get(r, p, 'peak delta MB'))} | {ratio(get(r, p, 'peak delta MB'), get(r, n, 'peak delta MB'))} |",
            f"| bytes allocated | {mb(get(r, n, 'malloc MB'))} | {mb(get(r, p, 'malloc MB'))} | {ratio(get(r, p, 'malloc MB'), get(r, n, 'malloc MB'))} |",
            f"| allocations | {int(get(r, n, 'mallocs') or 0)} | {int(get(r, p, 'mallocs') or 0)} | {ratio(get(r, p, 'mallocs'), get(r, n, 'mallocs'))} |"]
    rr = "routes/restore/10000 routes"
    fv, fb, jd = ns(rr, "navstate from value ns"), ns(rr, "navstate from bytes ns"), ns(rr, "jsondecoder ns")
    rm, jm = "routes/restore memory/10000 routes", "routes/jsondecoder memory/10000 routes"
    out += ["", "### 8. Any app's routes: restore of 10,000 enum routes with associated values (interleaved)", "",
            "| measure | time | / JSONDecoder on [Route] |", "| --- | --- | --- |",
            f"| `JSONDecoder().decode([Route].self)` (salvages nothing) | {t(jd)} | 1.00x |",
            f"| element-by-element restore from the parsed scene value | {t(fv)} | {ratio(fv, jd)} |",
            f"| element-by-element restore from the bytes (`NavigationCoding.decode(_:from:)` of `.binary` bytes) | {t(fb)} | {ratio(fb, jd)} |",
            f"| bytes allocated, restore / JSONDecoder | {mb(get(r, rm, 'malloc MB'))} / {mb(get(r, jm, 'malloc MB'))} | {ratio(get(r, rm, 'malloc MB'), get(r, jm, 'malloc MB'))} |",
            f"| allocations, restore / JSONDecoder | {int(get(r, rm, 'mallocs') or 0)} / {int(get(r, jm, 'mallocs') or 0)} | {ratio(get(r, rm, 'mallocs'), get(r, jm, 'mallocs'))} |"]
    rb = r.get("burst/routes/100000 mutations", {})
    rlatency = rb.get("last mutation to durable ns")
    out += ["", "### 9. Any app's routes: write-through of a burst of 100,000 route mutations", "",
            "| measure | SceneNavigationModel | baseline | ratio |", "| --- | --- | --- | --- |",
            f"| producer cost per mutation | {t(rb.get('producer ns per mutation', 0) * 1e-9) if rb else '-'} | target < 1 µs | - |",
            f"| physical writes | {int(rb.get('physical writes', 0)) if rb else '-'} | 100,000 (one per change) | - |",
            f"| last mutation to durable | {t(rlatency * 1e-9) if rlatency else '-'} | one floor write: {t(floor)} | {ratio(rlatency * 1e-9 if rlatency else None, floor)} |"]
    ub = r.get("burst/routes, not Sendable/100000 mutations", {})
    ulatency = ub.get("last mutation to durable ns")
    mb_ = r.get("burst/routes, main actor/100000 mutations", {})
    mlatency = mb_.get("last mutation to durable ns")
    sv = "save/routes/one change then flush"
    ssave, msave = get(r, sv, "Sendable ns per save"), get(r, sv, "main actor ns per save")

    def per(b, key):
        return t(b.get(key, 0) * 1e-9) if b else '-'

    out += ["", "Every state is encoded on the main actor, where it lives, once per write, and only its bytes go to the writer; a burst that never yields the main actor is written once, when it ends. The same routes declared three ways: `Sendable` (above), not `Sendable` (a class inside), and in a target with Xcode 26's main-actor default isolation (their `Codable` and `Hashable` conformances isolated to the main actor):", "",
            "| measure | Sendable (above) | not Sendable | main actor | main actor / Sendable |", "| --- | --- | --- | --- | --- |",
            f"| producer cost per mutation | {per(rb, 'producer ns per mutation')} | {per(ub, 'producer ns per mutation')} | {per(mb_, 'producer ns per mutation')} | {ratio(mb_.get('producer ns per mutation') if mb_ else None, rb.get('producer ns per mutation') if rb else None)} |",
            f"| physical writes | {int(rb.get('physical writes', 0)) if rb else '-'} | {int(ub.get('physical writes', 0)) if ub else '-'} | {int(mb_.get('physical writes', 0)) if mb_ else '-'} | - |",
            f"| last mutation to durable | {t(rlatency * 1e-9) if rlatency else '-'} | {t(ulatency * 1e-9) if ulatency else '-'} | {t(mlatency * 1e-9) if mlatency else '-'} | {ratio(mlatency, rlatency)} |",
            f"| one save: a change, then `flush()` until durable (interleaved) | {t(ssave * 1e-9) if ssave else '-'} | - | {t(msave * 1e-9) if msave else '-'} | {ratio(msave, ssave)} |",
            f"| main-actor time per write (encoding the state, 4 routes) | - | {t(get(r, 'burst/routes, not Sendable, main actor per write/4 routes'))} | - | - |"]
    mx = "mixed/1000 elements"
    ne, be = ns(mx, "navstate encode ns"), ns(mx, "baseline encode ns")
    nd, nr, bd = ns(mx, "navstate decode ns"), ns(mx, "navstate restore ns"), ns(mx, "baseline decode ns")

    def mem(name, key):
        return get(r, "mixed memory/" + name, key)

    out += ["", "### 10. SwiftUI's NavigationPath format: 1,000 mixed elements (Int, String, a struct, an enum; interleaved)", "",
            "| measure | navstate `MixedPath` | backports' way | navstate / backports |", "| --- | --- | --- | --- |",
            f"| encode (`JSONEncoder().encode(path)`) | {t(ne)} | {t(be)} | {ratio(ne, be)} |",
            f"| decode, strict (`JSONDecoder` with the registry) | {t(nd)} | {t(bd)} | {ratio(nd, bd)} |",
            f"| decode with a report (`NavigationCoding.decode(_:from:types:)` of `.binary` bytes) | {t(nr)} | {t(bd)} | {ratio(nr, bd)} |",
            f"| bytes allocated, encode | {mb(mem('navstate encode', 'malloc MB'))} | {mb(mem('baseline encode', 'malloc MB'))} | {ratio(mem('navstate encode', 'malloc MB'), mem('baseline encode', 'malloc MB'))} |",
            f"| bytes allocated, strict decode | {mb(mem('navstate decode', 'malloc MB'))} | {mb(mem('baseline decode', 'malloc MB'))} | {ratio(mem('navstate decode', 'malloc MB'), mem('baseline decode', 'malloc MB'))} |",
            f"| bytes allocated, decode with a report | {mb(mem('navstate restore', 'malloc MB'))} | {mb(mem('baseline decode', 'malloc MB'))} | {ratio(mem('navstate restore', 'malloc MB'), mem('baseline decode', 'malloc MB'))} |",
            f"| allocations, encode | {int(mem('navstate encode', 'mallocs') or 0)} | {int(mem('baseline encode', 'mallocs') or 0)} | {ratio(mem('navstate encode', 'mallocs'), mem('baseline encode', 'mallocs'))} |",
            f"| allocations, decode with a report | {int(mem('navstate restore', 'mallocs') or 0)} | {int(mem('baseline decode', 'mallocs') or 0)} | {ratio(mem('navstate restore', 'mallocs'), mem('baseline decode', 'mallocs'))} |"]
    gr = "guard/restore/10 routes"
    gd, ug = ns(gr, "guarded ns"), ns(gr, "unguarded ns")
    gb = r.get("burst/routes after a guarded restore/100000 mutations", {})
    out += ["", "### 11. The crash-loop guard: restore of 10 routes with and without it (interleaved)", "",
            "| measure | time | ratio |", "| --- | --- | --- |",
            f"| `ScenePersistence.connect` without the guard (read, decode, apply) | {t(ug)} | 1.00x |",
            f"| with the guard (marker written, not synced, before applying; removed by `markHealthy()`) | {t(gd)} | {ratio(gd, ug)} |",
            f"| added by the guard, per restore | {t(gd - ug) if gd and ug else '-'} | {ratio(gd - ug if gd and ug else None, floor)} of one floor write ({t(floor)}) |",
            f"| producer cost per mutation, burst after a guarded restore | {t(gb.get('producer ns per mutation', 0) * 1e-9) if gb else '-'} | {ratio(gb.get('producer ns per mutation') if gb else None, rb.get('producer ns per mutation') if rb else None)} of the unguarded burst (section 9) |"]
    def link(name):
        return get(r, "links/" + name)

    lp, lw, lb, lf = (link("navstate/parse 10 elements"), link("navstate/print 10 elements"),
                      link("navstate/parse and print 10 elements"), link("foundation/URLComponents 10 elements"))
    pj = link("parts/parse as JSON 10 elements")
    dj, ej = link("parts/decode 10 routes from JSON"), link("parts/encode 10 routes to JSON")
    cb = link("cookbook/parse and print 10 recipes")
    out += ["", "### 15. Links: a 10-element link read as a path and printed back", "",
            "Ten enum routes of three cases (typed parameters, a percent-encoded title, a query), and the cookbook's ten recipe IDs. The same run's `URLComponents` takes the link apart without reading anything.", "",
            "| measure | time | / URLComponents |", "| --- | --- | --- |",
            f"| enum routes: read and printed (target: under 10 us) | {t(lb)} | {ratio(lb, lf)} |",
            f"| enum routes: read as a path, with a report (`routes(fromLink:)`) | {t(lp)} | {ratio(lp, lf)} |",
            f"| enum routes: printed (`link(for:)`) | {t(lw)} | {ratio(lw, lf)} |",
            f"| of which: the routes decoded from their JSON (`NavigationCoding.decode`, the restore's decoder) | {t(dj)} | {ratio(dj, lf)} |",
            f"| of which: the routes encoded to JSON (`NavigationCoding.encode`) | {t(ej)} | {ratio(ej, lf)} |",
            f"| the same link read as JSON values (`LinkMapping<JSONValue>`) | {t(pj)} | {ratio(pj, lf)} |",
            f"| cookbook: 10 recipe IDs read (looked up in 100,000 recipes) and printed | {t(cb)} | {ratio(cb, lf)} |",
            f"| `URLComponents(string:)`, its path split and query items | {t(lf)} | 1.00x |"]
    pr, pd = "presentations/restore/10 routes and a two-level chain", "presentations/decode/10 routes and a two-level chain"
    out += ["", "### 16. A scene's whole navigation: 10 routes with a two-level chain of presentations over them (interleaved)", "",
            "Each iteration restores a scene whose state is a path of 10 enum routes alone, and one whose state is the same path with a sheet and a popover over it, alternating which of the two runs first.", "",
            "| measure | path alone | with the chain | with / alone (target: at most 1.10x) |", "| --- | --- | --- | --- |",
            f"| restore from the store (`restore(from:scene:)`: read, decode, report) | {t(ns(pr, 'path alone ns'))} | {t(ns(pr, 'with chain ns'))} | {ratio(ns(pr, 'with chain ns'), ns(pr, 'path alone ns'))} |",
            f"| decode alone, from the parsed value (`NavigationCoding.decode`) | {t(ns(pd, 'path alone ns'))} | {t(ns(pd, 'with chain ns'))} | {ratio(ns(pd, 'with chain ns'), ns(pd, 'path alone ns'))} |"]
    la = "launch/restore/10 routes"
    out += ["", "### 18. A scene's launch: 10 routes restored before the first frame, with the crash-loop guard's record (interleaved)", "",
            "| measure | time | / the restore alone |", "| --- | --- | --- |",
            f"| the scene's view appears (`PersistentScene`, guarded: the marker written, the file read, decoded, applied) | {t(ns(la, 'launch ns'))} | {ratio(ns(la, 'launch ns'), ns(la, 'restore ns'))} |",
            f"| the same scene restored alone (`restore(from:scene:)`) | {t(ns(la, 'restore ns'))} | 1.00x |"]
    print("\n".join(out))


if __name__ == "__main__":
    main()
