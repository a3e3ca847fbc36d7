"""The leaderboard as text (terminal), JSON (scripts) and one HTML page (a projector).

The HTML page is self-contained - styles inline, the chart an inline SVG, no
script, font or image from anywhere - so it opens from a USB stick on a
classroom computer with no internet.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Sequence

from bots.failures import Disqualification
from game.i18n import N_, _, active_language, ngettext
from lab.totals import confidence
from lab.totals import clock_note
from .standings import BOOTSTRAP_SAMPLES, Standing

FORMAT = "6takes-tournament-standings/1"


def to_dict(standings: Sequence[Standing], info: dict[str, Any]) -> dict[str, Any]:
    """``{"standings": [...best first], "rules", "games", "seed", ...}`` for ``--json``."""
    return {"format": FORMAT, **info, "standings": [line.to_dict() for line in standings]}


def text(standings: Sequence[Standing], info: dict[str, Any]) -> str:
    """The leaderboard for a terminal, best first, and each disqualified bot's first report."""
    head = [_(header).format(confidence=confidence()) for header, _width in _COLUMNS]
    name_w = max([7, len(head[0]), *(len(line.name) for line in standings)])
    w = [max(width, len(header)) for header, (_english, width) in zip(head, _COLUMNS)]
    lines = [
        _("{games} games ({rules} rules, seed {seed}, {entrants} entrants, {deals} deals x 4 seat rotations)").format(
            **info),
        f"{'#':>3} {head[0]:<{name_w}} " + " ".join(f"{head[i]:>{w[i]}}" for i in range(1, len(head))),
    ]
    between = _("({low} to {high})")
    for place, line in enumerate(standings, start=1):
        low, high = line.ci95
        r_low, r_high = line.rating_interval
        cells = [f"{line.rating:.0f}", between.format(low=f"{r_low:.0f}", high=f"{r_high:.0f}"),
                 f"{line.mean_place:.2f}", f"{line.mean_penalty_per_round:.2f}",
                 between.format(low=f"{low:.2f}", high=f"{high:.2f}"), str(line.games), str(line.wins),
                 str(line.disqualifications)]
        lines.append(f"{place:>3} {line.name:<{name_w}} " + " ".join(
            f"{cell:>{w[i + 1]}}" for i, cell in enumerate(cells)))
    lines.append(_("(rating: Bradley-Terry fitted to every pair of seats of all the games at once, on the Elo "
                   "scale; lowest penalty wins a game, ties count for each)"))
    if "clock" in info:
        lines.append(clock_note(str(info["clock"])))
    for line in standings:
        if line.first_disqualification is not None:
            lines.append(ngettext("{name}: disqualified in {count} of {games} game; first, in game {game}: {report}",
                                  "{name}: disqualified in {count} of {games} games; first, in game {game}: {report}",
                                  line.games).format(
                name=line.name, count=line.disqualifications, games=line.games,
                game=line.first_disqualification["game"], report=report_text(line.first_disqualification)))
    return "\n".join(lines)


_COLUMNS = ((N_("entrant"), 7), (N_("rating"), 6), (N_("({confidence} interval)"), 14), (N_("place"), 5),
            (N_("penalty/round"), 13), (N_("({confidence} interval)"), 16), (N_("games"), 6), (N_("wins"), 6),
            (N_("disq."), 6))
"""The leaderboard's columns after the place: heading, and the least width."""


def report_text(report: dict[str, Any]) -> str:
    """A bot's disqualification as kept in the results, in the language in use where it can be
    (its reason and frame; the detail stays as the worker wrote it)."""
    try:
        return Disqualification.from_dict(report).describe()
    except (KeyError, TypeError, ValueError):
        return str(report.get("text", ""))


# ------------------------------------------------------------------ HTML
_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 72rem;
       padding: 0 1.5rem; color: #1d2a22; background: #f6f3ea; }
h1 { margin: 0 0 .3rem; font-size: 2.2rem; color: #1f5c3a; }
p.meta { margin: 0 0 1.5rem; color: #55645a; font-size: 1.05rem; }
table { border-collapse: collapse; width: 100%; font-size: 1.05rem; margin: 1rem 0 2rem; }
th, td { padding: .45rem .6rem; text-align: right; border-bottom: 1px solid #d9d2bf; }
th { background: #1f5c3a; color: #fff; font-weight: 600; }
td.name, th.name { text-align: left; font-weight: 600; }
tr:nth-child(even) td { background: #efe9da; }
td.dq { color: #a2361f; }
table.h2h td, table.h2h th { text-align: center; font-size: .95rem; }
table.h2h td.self { color: #9aa39c; }
h2 { font-size: 1.4rem; color: #1f5c3a; margin: 1.5rem 0 .5rem; }
.reports li { margin: .3rem 0; font-family: ui-monospace, monospace; font-size: .9rem; white-space: pre-wrap; }
svg text { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
"""


def page(standings: Sequence[Standing], info: dict[str, Any]) -> str:
    """One HTML page: the title, the chart, the table, and the disqualification reports."""
    title = info.get("title") or _("6 Takes! bot tournament")
    meta = _("{games} games &middot; {rules} rules &middot; {entrants} entrants &middot; {deals} deals, each "
             "played from every seat &middot; seed {seed}").format(
        games=info["games"], rules=html.escape(str(info["rules"])), entrants=info["entrants"], deals=info["deals"],
        seed=info["seed"])
    rows = _table_rows(standings)
    report_part = _disqualification_part(standings)
    cells = [f"<th>{_(text).format(confidence=confidence())}</th>" for text in _HTML_COLUMNS]
    cells[1] = cells[1].replace("<th>", '<th class="name">', 1)
    head = "".join(cells[:5]) + "\n" + "".join(cells[5:])
    clock = f'<p class="meta">{html.escape(clock_note(str(info["clock"])))}</p>' if "clock" in info else ""
    return f"""<!DOCTYPE html>
<html lang="{active_language()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title><style>{_STYLE}</style></head>
<body>
<h1>{html.escape(title)}</h1>
<p class="meta">{meta}</p>
{chart(standings)}
<table>
<thead><tr>{head}</tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody></table>
{head_to_head(standings)}
{report_part}
<p class="meta">{_footnote()}</p>
{clock}
</body></html>
"""


def _disqualification_part(standings: Sequence[Standing]) -> str:
    """Each disqualified entrant's first report, under a heading (nothing if none)."""
    reports = [
        "<li>" + ngettext("<b>{name}</b> ({count} of {games} game) &ndash; first, in game {game}: {report}",
                          "<b>{name}</b> ({count} of {games} games) &ndash; first, in game {game}: {report}",
                          line.games).format(
            name=html.escape(line.name), count=line.disqualifications, games=line.games,
            game=line.first_disqualification["game"], report=html.escape(report_text(line.first_disqualification)))
        + "</li>"
        for line in standings if line.first_disqualification is not None]
    heading = _("Disqualifications")
    return f"<h2>{heading}</h2><ul class=\"reports\">{''.join(reports)}</ul>" if reports else ""


_HTML_COLUMNS = ("#", N_("Entrant"), N_("Rating"), N_("{confidence} interval"), N_("Mean place"),
                 N_("Penalty per round"), N_("{confidence} interval"), N_("Games"), N_("Wins"), N_("Disqualified"))


def _footnote() -> str:
    return _("Rating: a Bradley-Terry model fitted to all the games at once (every pair of seats of a game: "
             "the lower penalty finished ahead, a tie is half a win each, a disqualified bot is behind everyone), "
             "on the Elo scale: 1500 is the average, 400 more is 10 to 1 odds of finishing ahead. The order of "
             "the games changes nothing. Intervals: the middle {confidence} of {samples} resamples of the games. "
             "Mean place: 1 is first. Penalty per round: lower is better.").format(samples=BOOTSTRAP_SAMPLES,
                                                                              confidence=confidence())


def head_to_head(standings: Sequence[Standing]) -> str:
    """A table of every pair of entrants: how often the row's entrant finished ahead of, level
    with and behind the column's, in the games both played."""
    if len(standings) < 2:
        return ""
    names = [line.name for line in standings]
    top = "".join(f"<th>{index}</th>" for index in range(1, len(names) + 1))
    rows = []
    for index, line in enumerate(standings, start=1):
        cells = []
        for other in names:
            if other == line.name:
                cells.append('<td class="self">&ndash;</td>')
                continue
            ahead, level, behind = line.head_to_head.get(other, [0, 0, 0])
            cells.append(f"<td>{ahead}&ndash;{level}&ndash;{behind}</td>")
        rows.append(f'<tr><td>{index}</td><td class="name">{html.escape(line.name)}</td>{"".join(cells)}</tr>')
    heading = _("Head to head")
    note = _("Each cell: games the row's entrant finished ahead of &ndash; level with &ndash; behind the column's "
             "(numbered as in the standings), in the games both played.")
    return (f'<h2>{heading}</h2><p class="meta">{note}</p><table class="h2h"><thead><tr><th>#</th>'
            f'<th class="name">{_("Entrant")}</th>{top}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _table_rows(standings: Sequence[Standing]) -> list[str]:
    """The leaderboard's rows, one per entrant, best first."""
    rows = []
    for place, line in enumerate(standings, start=1):
        low, high = line.ci95
        r_low, r_high = line.rating_interval
        rate = 100 * line.wins / line.games if line.games else 0.0
        rows.append(
            f"<tr><td>{place}</td><td class=\"name\">{html.escape(line.name)}</td>"
            f"<td>{line.rating:.0f}</td><td>{r_low:.0f} &ndash; {r_high:.0f}</td><td>{line.mean_place:.2f}</td>"
            f"<td>{line.mean_penalty_per_round:.2f}</td>"
            f"<td>{low:.2f} &ndash; {high:.2f}</td><td>{line.games}</td><td>{line.wins} ({rate:.0f}%)</td>"
            f"<td class=\"{'dq' if line.disqualifications else ''}\">{line.disqualifications}</td></tr>")
    return rows


def chart(standings: Sequence[Standing]) -> str:
    """An inline SVG: each entrant's rating (dot) and interval (bar), best at the top."""
    if not standings:
        return ""
    label_w, plot_w, right_w, row_h, top, bottom = 230, 640, 90, 34, 46, 40
    width = label_w + plot_w + right_w
    height = top + row_h * len(standings) + bottom
    lows = [line.rating_interval[0] for line in standings]
    highs = [line.rating_interval[1] for line in standings]
    low, high = _nice_range(min(lows), max(highs))

    def x(value: float) -> float:
        return label_w + (value - low) / (high - low) * plot_w

    label = _("Ratings with intervals")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
             f'role="img" aria-label="{label}">',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fffdf7" rx="8"/>',
             f'<text x="{label_w}" y="28" font-size="17" font-weight="600" fill="#1f5c3a">'
             + _("Rating (dot) and its {confidence} interval (bar)").format(confidence=confidence())
             + '</text>']
    parts += _ticks(low, high, x, top, height - bottom)
    for index, line in enumerate(standings):
        y = top + row_h * index + row_h / 2
        r_low, r_high = line.rating_interval
        colour = "#a2361f" if line.disqualifications else "#1f5c3a"
        parts.append(f'<text x="{label_w - 12}" y="{y + 5:.1f}" font-size="15" fill="#1d2a22" '
                     f'text-anchor="end">{index + 1}. {html.escape(_short(line.name))}</text>')
        parts.append(f'<line x1="{x(r_low):.1f}" y1="{y:.1f}" x2="{x(r_high):.1f}" y2="{y:.1f}" '
                     f'stroke="{colour}" stroke-opacity="0.35" stroke-width="10" stroke-linecap="round"/>')
        parts.append(f'<circle cx="{x(line.rating):.1f}" cy="{y:.1f}" r="7" fill="{colour}"/>')
        parts.append(f'<text x="{label_w + plot_w + 12}" y="{y + 5:.1f}" font-size="15" fill="#1d2a22">'
                     f'{line.rating:.0f}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _ticks(low: float, high: float, x: Callable[[float], float], top: int, bottom_y: int) -> list[str]:
    """The chart's vertical grid lines and their values, from ``low`` to ``high``."""
    parts = []
    step = _tick_step(high - low)
    tick = low
    while tick <= high + 1e-9:
        tx = x(tick)
        parts.append(f'<line x1="{tx:.1f}" y1="{top - 6}" x2="{tx:.1f}" y2="{bottom_y + 4}" '
                     f'stroke="#e3dccb" stroke-width="1"/>')
        parts.append(f'<text x="{tx:.1f}" y="{bottom_y + 22}" font-size="13" fill="#55645a" '
                     f'text-anchor="middle">{tick:g}</text>')
        tick += step
    return parts


def _short(name: str, limit: int = 24) -> str:
    return name if len(name) <= limit else name[:limit - 1] + "\u2026"


def _tick_step(span: float) -> float:
    for step in (0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500):
        if span / step <= 10:
            return float(step)
    return 1000.0


def _nice_range(low: float, high: float) -> tuple[float, float]:
    """``low``-``high`` widened to whole ticks (and never empty)."""
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    step = _tick_step(high - low)
    return step * (low // step), step * -(-high // step)
