"""Printable decklists (Markdown and HTML): parsed back, the counts, totals, escaping and reproducibility."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from html.parser import HTMLParser
from typing import Any

import pytest
from conftest import LEGAL_VANGUARD_TOML, VANGUARD_RECORDS, cipher_unit, make_db, make_deck

from deckcheck.checking.deck import check_deck
from deckcheck.formats.printable import BLANK, Sheet, render_html, render_markdown
from deckcheck.model.deck import Deck

ODD_NAME = "A<&>B | C *D* \\E"
RECORDS = [*VANGUARD_RECORDS, {"number": "T-900", "name": ODD_NAME, "type": "normal", "grade": 1, "clans": ["C"]}]


@pytest.fixture(scope="module")
def db():
    return make_db("vanguard", RECORDS)


def vanguard_deck(db, **changes: Any) -> Deck:
    """A 50-card main deck with the same card written twice (by number and by name), and a G deck."""
    sections: dict[str, Any] = {
        "name": "Royal <Paladin> & friends",
        "main": {"T-000": 1, "T-001": 2, "Crit": 2, "T-004": 4, "T-100": 4, ODD_NAME: 3, "T-101": 4, "T-102": 30},
        "g": {"T-201": 4},
    }
    sections.update(changes)
    return make_deck(db, **{key: value for key, value in sections.items() if value is not None})


def expected_counts(deck: Deck, section: str) -> Counter[str]:
    return Counter({card.number: count for card, count in deck.cards(section)})


# Markdown ------------------------------------------------------------------------------------------------


def md_unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def md_tables(text: str) -> dict[str, dict[str, Any]]:
    """{section heading: {"rows": [(count, number, name)], "total": int}} read back from the Markdown."""
    tables: dict[str, dict[str, Any]] = {}
    current: dict[str, Any] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = tables.setdefault(md_unescape(line[3:]), {"rows": [], "total": None})
        elif line.startswith("|") and current is not None and not line.startswith(("| Count", "|---")):
            cells = [md_unescape(cell.strip()) for cell in re.split(r"(?<!\\)\|", line)[1:-1]]
            assert len(cells) == 3, line
            if cells[0].startswith("**"):
                current["total"] = int(cells[0].strip("*"))
            else:
                current["rows"].append((cells[0], cells[1], cells[2]))
    return tables


def test_markdown_rows_give_back_the_counts(db) -> None:
    deck = vanguard_deck(db)
    text = render_markdown(deck)
    tables = md_tables(text)
    assert list(tables) == ["Main deck", "G deck"]
    main = tables["Main deck"]
    assert Counter({number: int(count) for count, number, _ in main["rows"]}) == expected_counts(deck, "main")
    assert ("4", "T-001", "Crit") in main["rows"]  # written by number and by name: summed on one row
    assert len([row for row in main["rows"] if row[1] == "T-001"]) == 1
    assert ("3", "T-900", ODD_NAME) in main["rows"]  # `|` and other markup escaped, read back intact
    assert main["total"] == 50 and tables["G deck"]["total"] == 4
    assert tables["G deck"]["rows"] == [("4", "T-201", "Stride")]


def test_markdown_header_keys_and_grand_total(db) -> None:
    deck = vanguard_deck(db, first_vanguard="始まりの騎士", regulation="Standard")
    lines = render_markdown(deck).splitlines()
    assert lines[0] == r"# Royal \<Paladin\> \& friends"
    assert "- Game: Cardfight!! Vanguard" in lines
    assert "- First vanguard: 始まりの騎士 (T-000)" in lines
    assert "- Regulation: Standard" in lines
    assert lines[-1] == "**Total: 54 cards (Main deck 50, G deck 4)**"


def test_markdown_escapes_pipes_in_names(db) -> None:
    text = render_markdown(vanguard_deck(db))
    (row,) = [line for line in text.splitlines() if "T-900" in line]
    assert row == r"| 3 | T-900 | A\<\&\>B \| C \*D\* \\E |"
    assert row.count("|") - row.count(r"\|") == 4  # exactly three cells


def test_untitled_deck_skips_empty_optional_sections_but_keeps_main(db) -> None:
    empty = vanguard_deck(db, name=None, main={}, g=None)
    text = render_markdown(empty)
    assert text.startswith("# Untitled deck\n")
    tables = md_tables(text)
    assert tables == {"Main deck": {"rows": [], "total": 0}}  # no G deck table, but the main deck is listed
    assert text.endswith("**Total: 0 cards (Main deck 0)**\n")


def test_unknown_and_bad_entries_are_listed_as_written(db) -> None:
    main = {"T-000": 1, "T-102": 4, "NO-SUCH": 2, "Unit 0": 0}
    deck = vanguard_deck(db, main=main)
    tables = md_tables(render_markdown(deck))
    rows = tables["Main deck"]["rows"]
    assert ("2", "", "NO-SUCH *(unknown card)*") in rows
    assert ("0", "T-100", "Unit 0 *(bad count)*") in rows
    assert tables["Main deck"]["total"] == 7  # the unknown card counts toward the size, the bad count does not


def test_build_divide_lists_territory_and_skips_an_empty_d_deck() -> None:
    unit = {"type": "unit", "colors": ["black"], "cost": 2, "total_cost": 2}
    records = [
        {"number": "BD-A", "name": "ユニットA", **unit},
        {
            "number": "BD-T",
            "name": "閉じた門",
            "type": "territory",
            "open_name": "門",
            "colors": ["red"],
            "total_cost": 6,
        },
    ]
    bd = make_db("build-divide", records)
    with_territory = make_deck(bd, main={"BD-A": 4}, d={}, territory={"BD-T": 1})
    assert list(md_tables(render_markdown(with_territory))) == ["Main deck", "Starting territory"]
    # A missing starting territory still gets its (empty) table: a legal deck always has one.
    without = make_deck(bd, main={"BD-A": 4})
    assert md_tables(render_markdown(without))["Starting territory"] == {"rows": [], "total": 0}


def test_evolve_and_cipher_keys() -> None:
    ev = make_db(
        "evolve",
        [
            {"number": "EV-L", "name": "森の長", "type": "leader", "class": "forest"},
            {"number": "EV-1", "name": "森人", "type": "follower", "class": "forest", "cost": 1},
            {"number": "EV-E", "name": "森人", "type": "follower", "class": "forest", "evolve": True},
        ],
    )
    deck = make_deck(ev, leader={"EV-L": 1}, main={"EV-1": 3}, evolve={"EV-E": 2}, basis="class")
    text = render_markdown(deck)
    assert "- Deck basis: class" in text.splitlines()
    assert list(md_tables(text)) == ["Leader", "Main deck", "EVOLVE deck"]
    assert "**Total: 6 cards (Leader 1, Main deck 3, EVOLVE deck 2)**" in text

    cipher = make_db("cipher", [cipher_unit("CL-1", "見習い君主", "リーフィ", 1)])
    lord = render_markdown(make_deck(cipher, main={"CL-1": 4}, lord="CL-1"))
    assert "- Lord: 見習い君主 リーフィ (CL-1)" in lord.splitlines()
    unknown = render_markdown(make_deck(cipher, main={"CL-1": 4}, lord="誰か"))
    assert "- Lord: 誰か (unknown card)" in unknown.splitlines()


# HTML ------------------------------------------------------------------------------------------------------

VOID = {"meta", "br", "hr", "img", "link", "input"}


class Page(HTMLParser):
    """Checks that tags nest and close, and collects the text of the title, h1, h2, rows and paragraphs."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.doctype: str | None = None
        self.charset: str | None = None
        self.texts: dict[str, list[str]] = {"title": [], "h1": [], "h2": [], "p": []}
        self.rows: list[tuple[str, list[str]]] = []  # (thead/tbody/tfoot, cells)
        self._text: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "meta" and dict(attrs).get("charset"):
            self.charset = dict(attrs)["charset"]
        if tag in VOID:
            return
        self.stack.append(tag)
        if tag in self.texts:
            self._text = []
        elif tag == "tr":
            part = next(t for t in reversed(self.stack) if t in ("thead", "tbody", "tfoot"))
            self.rows.append((part, []))
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()
        if tag in self.texts and self._text is not None:
            self.texts[tag].append("".join(self._text))
            self._text = None
        elif tag in ("td", "th") and self._cell is not None:
            self.rows[-1][1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        for sink in (self._text, self._cell):
            if sink is not None:
                sink.append(data)


def parse_page(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    assert page.stack == [], f"unclosed: {page.stack}"
    return page


def test_html_is_a_well_formed_standalone_document(db) -> None:
    text = render_html(vanguard_deck(db, first_vanguard="T-000"))
    assert text.startswith("<!doctype html>\n") and text.endswith("</html>\n") and not text.endswith("\n\n")
    page = parse_page(text)
    assert page.doctype == "doctype html" and page.charset == "utf-8"
    assert "<style>" in text and "@page" in text and "<link" not in text and "<script" not in text
    assert page.texts["title"] == ["Royal <Paladin> & friends — Cardfight!! Vanguard"]
    assert page.texts["h1"] == ["Royal <Paladin> & friends"]
    assert page.texts["h2"] == ["Main deck", "G deck"]
    assert page.texts["p"] == ["Total: 54 cards (Main deck 50, G deck 4)"]
    assert 'First vanguard</dt><dd lang="ja">始まりの騎士 (T-000)</dd>' in text


def test_html_rows_give_back_the_counts_and_totals(db) -> None:
    deck = vanguard_deck(db)
    page = parse_page(render_html(deck))
    body = [cells for part, cells in page.rows if part == "tbody"]
    feet = [cells for part, cells in page.rows if part == "tfoot"]
    main_rows = body[: len(deck.cards("main"))]
    assert Counter({number: int(count) for count, number, _ in main_rows}) == expected_counts(deck, "main")
    assert body[len(main_rows) :] == [["4", "T-201", "Stride"]]
    assert feet == [["50", "", "Main deck total"], ["4", "", "G deck total"]]
    assert all(cells == ["Count", "Number", "Name"] for part, cells in page.rows if part == "thead")


def test_html_escapes_every_text(db) -> None:
    deck = vanguard_deck(db, main={"T-900": 3, "<b>x</b>": 1})
    text = render_html(deck)
    assert "A&lt;&amp;&gt;B | C *D* \\E" in text
    assert "<b>" not in text and "&lt;b&gt;x&lt;/b&gt;" in text
    assert "Royal &lt;Paladin&gt; &amp; friends" in text
    page = parse_page(text)
    names = [cells[2] for part, cells in page.rows if part == "tbody"]
    assert names[:2] == [ODD_NAME, "<b>x</b> (unknown card)"]


def test_same_deck_same_bytes(db) -> None:
    for render in (render_markdown, render_html):
        first = render(vanguard_deck(db))
        assert first == render(vanguard_deck(db)) == render(vanguard_deck(db))
        assert first.endswith("\n")
        assert not re.search(r"\b20\d\d-\d\d-\d\d\b", first)  # no printed-on date


# A sheet: player and event, other keys, an illegal deck marked, the language of Japanese text --------------------


def illegal_deck(db) -> Deck:
    """Five copies of one card (vanguard.copies), an unknown card, and a `notes` key over two lines."""
    return vanguard_deck(db, main={"T-100": 5, "NO-SUCH": 2, "T-101": 4}, g=None, notes="Side plan:\nbring 2 more")


def test_player_and_event_are_blanks_to_fill_in_unless_given(db) -> None:
    lines = render_markdown(vanguard_deck(db)).splitlines()
    assert f"- Player: {BLANK.replace('_', chr(92) + '_')}" in lines and any(
        line.startswith("- Event: ") for line in lines
    )
    filled = render_markdown(vanguard_deck(db), Sheet(player="山田 太郎", event="Shop <Cup>")).splitlines()
    assert "- Player: 山田 太郎" in filled and r"- Event: Shop \<Cup\>" in filled
    page = render_html(vanguard_deck(db), Sheet(event="Cup"))
    assert '<dt>Player</dt><dd class="blank"></dd>' in page and "<dt>Event</dt><dd>Cup</dd>" in page


def test_notes_and_other_keys_are_printed_not_dropped(db) -> None:
    deck = vanguard_deck(db, notes="Side plan:\nbring *2* more", tags=["a", "b"])
    text = render_markdown(deck)
    assert "**Notes**\n\n> Side plan:\n> bring \\*2\\* more\n" in text
    assert '**tags**\n\n> \\["a", "b"\\]' in text
    page = render_html(deck)
    assert '<blockquote class="notes">Side plan:\nbring *2* more</blockquote>' in page
    parse_page(page)


def test_a_legal_deck_has_no_problems_block(db) -> None:
    data = tomllib.loads(LEGAL_VANGUARD_TOML)
    deck = make_deck(db, **{key: value for key, value in data.items() if key != "game"})
    violations = check_deck(deck, db)
    assert not [v for v in violations if v.severity == "error"]
    text = render_markdown(deck, Sheet(violations=violations))
    assert "NOT LEGAL" not in text and "see " not in text


def test_an_illegal_deck_lists_every_problem_and_marks_its_rows(db) -> None:
    deck = illegal_deck(db)
    violations = check_deck(deck, db)
    errors = [v for v in violations if v.severity == "error"]
    text = render_markdown(deck, Sheet(violations=violations))
    assert f"## NOT LEGAL: {len(errors)} errors" in text.splitlines()
    for violation in violations:
        assert any(line.startswith(f"- **{violation.severity}** {violation.rule}") for line in text.splitlines())
    rows = md_tables(text)["Main deck"]["rows"]
    assert ("5", "T-100", "Unit 0 *(see vanguard.copies)*") in rows
    assert ("2", "", "NO-SUCH *(unknown card)*") in rows
    assert ("4", "T-101", "Unit 1") in rows  # a card no problem names is not marked
    page = render_html(deck, Sheet(violations=violations))
    parsed = parse_page(page)
    assert parsed.texts["h2"][0] == f"NOT LEGAL: {len(errors)} errors"
    assert page.count('<tr class="problem">') == 2


def test_japanese_text_is_marked_japanese_in_html(db) -> None:
    deck = vanguard_deck(db, name="暁光の騎士団", main={"始まりの騎士": 1, "T-100": 4})
    page = render_html(deck)
    assert '<html lang="en">' in page  # the sheet's own words are English
    assert '<h1 lang="ja">暁光の騎士団</h1>' in page
    assert '<td lang="ja">始まりの騎士</td>' in page and "<td>Unit 0</td>" in page


def test_convert_warns_about_an_illegal_deck_and_still_prints_it(run_cli, tmp_path, vanguard_carddb) -> None:
    deck = tmp_path / "bad.deck.toml"
    deck.write_text('game = "vanguard"\nnotes = "keep me"\n[main]\n"T-100" = 5\n', encoding="utf-8")
    code, out, err = run_cli("convert", deck, "--to", "markdown", "--carddb", vanguard_carddb, "--player", "Aki")
    assert code == 0
    assert "warning: the deck is not legal" in err and "vanguard.copies" in err
    assert "## NOT LEGAL" in out and "- Player: Aki" in out and "> keep me" in out
    legal = tmp_path / "legal.deck.toml"
    legal.write_text(LEGAL_VANGUARD_TOML, encoding="utf-8")
    code, out, err = run_cli("convert", legal, "--to", "html", "--carddb", vanguard_carddb)
    assert code == 0 and "not legal" not in err and "NOT LEGAL" not in out
    code, _, err = run_cli("convert", legal, "--to", "toml", "--player", "Aki", "--carddb", vanguard_carddb)
    assert code == 2 and "--player applies to a printed list" in err


def test_a_printed_list_is_judged_under_the_regulation_given(run_cli, tmp_path, isolated_carddb) -> None:
    deck = tmp_path / "r.deck.toml"
    deck.write_text('game = "vanguard"\n[main]\n"BT01/015" = 1\n', encoding="utf-8")  # banned by both shipped samples
    assert "regulation.banned" not in run_cli("convert", deck, "--to", "markdown")[1]
    code, out, err = run_cli("convert", deck, "--to", "markdown", "--regulation", "Sample Standard 2026-10")
    assert code == 0 and "regulation.banned" in out and "regulation.banned" in err
    code, out, _ = run_cli("convert", deck, "-o", "html", "--as-of", "2026-05-01")
    assert code == 0 and "regulation.banned" in out
    code, _, err = run_cli("convert", deck, "-o", "html", "--regulation", "Nope")
    assert code == 2 and "unknown regulation 'Nope'" in err
    code, _, err = run_cli("convert", deck, "-o", "json", "--as-of", "2026-05-01")
    assert code == 2 and "--as-of applies to a printed list" in err


def test_marking_rows_reads_the_problems_once_not_once_per_row(db) -> None:
    # issue 14 item 11: each row asked every violation which rules name its card; a 1 MB deck of 40,000 unknown keys
    # (40,000 rows, 40,000 violations) took 20 s to print. The problems are now read once for all the rows.
    keys = {f"NO-SUCH-{i}": 1 for i in range(300)}
    deck = vanguard_deck(db, main={"T-100": 5, "T-101": 4, **keys})
    violations = check_deck(deck, db)
    reads = []

    class Counted(tuple):
        def __iter__(self):
            reads.append(1)
            return super().__iter__()

    text = render_markdown(deck, Sheet(violations=Counted(violations)))
    assert len(reads) <= 5  # a few passes over all problems (title, list, marks), not one per row
    rows = md_tables(text)["Main deck"]["rows"]
    assert ("5", "T-100", "Unit 0 *(see vanguard.copies)*") in rows and len(rows) == 302


def test_a_problem_marks_the_row_of_its_own_section_not_the_same_number_elsewhere(run_cli, tmp_path, isolated_carddb):
    # 自然の導き (BP01-015), a spell, is legal in the main deck; the one copy in the evolve deck breaks evolve-types.
    deck = tmp_path / "ev.deck.toml"
    deck.write_text(
        'game = "evolve"\nbasis = "class"\n[leader]\n"BP01-LD01" = 1\n[main]\n"BP01-015" = 3\n'
        '[evolve]\n"BP01-015" = 1\n',
        encoding="utf-8",
    )
    code, out, _ = run_cli("convert", deck, "--to", "markdown")
    assert code == 0 and "evolve.evolve-types (evolve)" in out
    tables = md_tables(out)
    main, evolve = (next(t["rows"] for k, t in tables.items() if k.startswith(word)) for word in ("Main", "EVOLVE"))
    assert ("3", "BP01-015", "自然の導き") in main  # not marked
    assert ("1", "BP01-015", "自然の導き *(see evolve.evolve-types)*") in evolve
    code, page, _ = run_cli("convert", deck, "--to", "html")
    assert code == 0 and page.count('<tr class="problem">') == 1


def test_a_problem_of_no_section_marks_the_number_in_every_section(db) -> None:
    from deckcheck.model.violation import Violation

    deck = vanguard_deck(db, g={"T-201": 4, "T-100": 1})
    whole = Violation("x.whole", "error", None, "about the whole deck", cards=["T-100"])
    text = render_markdown(deck, Sheet(violations=[whole]))
    assert text.count("*(see x.whole)*") == 2


# Japanese (issue 29) ----------------------------------------------------------------------------------------------


def test_a_printed_markdown_list_in_japanese(db, japanese) -> None:
    deck = illegal_deck(db)
    violations = check_deck(deck, db)
    errors = sum(v.severity == "error" for v in violations)
    text = render_markdown(deck, Sheet(player="山田 太郎", violations=violations))
    lines = text.splitlines()
    assert lines[2:5] == [
        "- ゲーム：カードファイト!! ヴァンガード",
        "- プレイヤー：山田 太郎",
        f"- 大会：{BLANK.replace('_', chr(92) + '_')}",
    ]
    assert f"## 構築条件を満たしていません：エラー{errors}件" in lines
    assert any(line.startswith("- **エラー** vanguard.copies (main): ") for line in lines)  # the rule id as it is
    assert "| 枚数 | カード番号 | カード名 |" in lines
    assert "| 5 | T-100 | Unit 0 *(参照：vanguard.copies)* |" in lines
    assert "| 2 |  | NO-SUCH *(不明なカード)* |" in lines
    assert any(line.startswith("| **") and line.endswith(" 合計** |") for line in lines)
    assert lines[-1].startswith("**合計：") and lines[-1].endswith("枚）**")


def test_a_legal_deck_in_japanese_has_the_english_rows_and_totals(db, japanese) -> None:
    from deckcheck.cli import language

    deck = vanguard_deck(db)
    japanese_text = render_markdown(deck)
    language.speak("en")
    english_text = render_markdown(deck)
    language.speak("ja")
    headers = {"| 枚数 | カード番号 | カード名 |", "| Count | Number | Name |"}
    rows = [line for line in japanese_text.splitlines() if line.startswith("| ") and "**" not in line]
    assert [row for row in rows if row not in headers] == [
        line for line in english_text.splitlines() if line.startswith("| ") and "**" not in line and line not in headers
    ]
    assert rows.count("| 枚数 | カード番号 | カード名 |") == 2  # the main deck's and the G deck's tables
    assert japanese_text.splitlines()[-1] == "**合計：54枚（メインデッキ 50枚、Gデッキ 4枚）**"
    assert "構築条件" not in japanese_text  # no problems block for a legal deck


def test_a_printed_html_page_in_japanese(db, japanese) -> None:
    deck = illegal_deck(db)
    violations = check_deck(deck, db)
    page = render_html(deck, Sheet(event="ショップ大会", violations=violations))
    assert '<html lang="ja">' in page  # the whole page is Japanese: no element needs its own lang
    assert ' lang="ja">' not in page.replace('<html lang="ja">', "")
    assert "<dt>ゲーム</dt><dd>カードファイト!! ヴァンガード</dd>" in page
    assert '<dt>プレイヤー</dt><dd class="blank"></dd>' in page and "<dt>大会</dt><dd>ショップ大会</dd>" in page
    assert '<thead><tr><th class="count">枚数</th><th>カード番号</th><th>カード名</th></tr></thead>' in page
    assert "<h2>構築条件を満たしていません：エラー" in page and "<li><b>エラー</b> vanguard.copies (main): " in page
    assert '<span class="note">(参照：vanguard.copies)</span>' in page
    assert page.count('<tr class="problem">') == 2  # the same rows marked as in English
    assert '<p class="total">合計：' in page
