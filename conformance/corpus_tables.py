"""Table decks for the conformance corpus: every language the corpus sets, numeric columns
(JSON numbers and numeric strings), long unbreakable tokens in cells, tables that paginate,
ragged rows, null cells, multi-paragraph cells, 10+ columns, tables stacked with text (and cut
at a row below it), in two columns and in explicit boxes. Deterministic for a given random.Random."""

from corpus import EN, POOLS, TITLES, TOKENS, Deck, bullets, text

UNITS = {
    "en": ["$%.1fM", "%.1f%%", "$%.1fB", "%.2f"],
    "ko": ["%.0f억 원", "%.1f%%", "%.0f만 명", "%.1f배"],
    "ja": ["%.0f億円", "%.1f%%", "%.0f万人", "%.1f倍"],
    "zh-CN": ["%.1f亿元", "%.1f%%", "%.0f万人", "%.1f倍"],
    "zh-TW": ["%.1f億元", "%.1f%%", "%.0f萬人", "%.1f倍"],
    "ar": ["%.1f مليون", "%.1f%%", "%.0f ألف", "%.1f ضعف"],
    "he": ["%.1f מיליון", "%.1f%%", "%.0f אלף", "%.1f פי"],
}
HEADERS = {
    "en": ["Item", "Owner", "Status", "Revenue", "Growth", "Comment", "Due", "Region"],
    "ko": ["항목", "담당", "상태", "매출", "성장률", "비고", "기한", "지역"],
    "ja": ["項目", "担当", "状況", "売上高", "成長率", "コメント", "期限", "地域"],
    "zh-CN": ["项目", "负责人", "状态", "销售额", "增长率", "备注", "截止日期", "区域"],
    "zh-TW": ["項目", "負責人", "狀態", "銷售額", "成長率", "備註", "截止日期", "區域"],
    "ar": ["البند", "المسؤول", "الحالة", "الإيرادات", "النمو", "ملاحظات", "الموعد", "المنطقة"],
    "he": ["פריט", "אחראי", "מצב", "הכנסות", "צמיחה", "הערה", "מועד", "אזור"],
}


def cell(rng, lang, kind):
    pool = POOLS[lang]
    if kind == "num":
        r = rng.random()
        if r < 0.35:
            return rng.randint(-500, 250000)
        if r < 0.5:
            return round(rng.uniform(-100, 10000), rng.choice([1, 2]))
        if r < 0.6:
            return f"{rng.randint(1000, 9999999):,}"
        if r < 0.7:
            return f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        return rng.choice(UNITS[lang]) % rng.uniform(-50, 5000)
    if kind == "short":
        return rng.choice(pool)[: rng.randint(2, 12)].strip() or "-"
    if kind == "token":
        return rng.choice(TOKENS) if rng.random() < 0.5 else f"{rng.choice(pool)[:10]} {rng.choice(TOKENS)}"
    if kind == "multi":
        return "\n".join(rng.choice(pool)[:30] for _ in range(rng.randint(1, 3)))
    return rng.choice(pool)


def table(rng, lang, ncols, nrows, kinds=None, title=None, ragged=False, nulls=0.0, role=None, box=None):
    heads = HEADERS[lang]
    cols = [heads[i % len(heads)] + ("" if i < len(heads) else f" {i // len(heads) + 1}") for i in range(ncols)]
    kinds = kinds or [rng.choice(["short", "num", "long", "num", "short"]) for _ in range(ncols)]
    rows = []
    for _ in range(nrows):
        r = [None if rng.random() < nulls else cell(rng, lang, k) for k in kinds]
        if ragged and rng.random() < 0.3:
            r = r[: rng.randint(1, ncols - 1)] if rng.random() < 0.5 else r + ["extra"]
        rows.append(r)
    content = {"columns": cols, "rows": rows}
    if title:
        content["title"] = title
    e = {"kind": "table", "content": content}
    if role:
        e["role"] = role
    if box:
        e["style"] = {"box": dict(zip("xywh", box))}
    return e


def table_deck(lang, rng, slides):
    titles = TITLES[lang]
    d = Deck(titles[0], lang)
    for i in range(slides):
        k = i % 8
        t = rng.choice(titles)
        if k == 0:  # a small table with a numeric column and a caption
            d.slide("table_focus", [text(t, "title"), table(rng, lang, rng.randint(3, 5), rng.randint(3, 7),
                                                             ["short", "num", "long", "num", "short"][:5], title=t)], "table")
        elif k == 1:  # must paginate
            d.slide("table_focus", [text(t, "title"), table(rng, lang, rng.randint(3, 6), rng.randint(18, 45), title=t)], "table")
        elif k == 2:  # long unbreakable tokens
            d.slide("table_focus", [text(t, "title"), table(rng, lang, rng.randint(2, 4), rng.randint(3, 6),
                                                             ["short", "token", "num", "long"])], "table")
        elif k == 3:  # ragged rows and nulls
            d.slide("table_focus", [text(t, "title"), table(rng, lang, rng.randint(3, 6), rng.randint(4, 10),
                                                             ragged=True, nulls=0.15)], "table")
        elif k == 4:  # 10+ columns
            n = rng.randint(10, 14)
            d.slide("table_focus", [text(t, "title"), table(rng, lang, n, rng.randint(4, 9), ["short"] + ["num"] * (n - 1))], "table")
        elif k == 5:  # stacked with bullets, multi-paragraph cells; every other one long enough
            # to be cut at a row in the room the bullets leave (header repeated on the next slides)
            cut = (i // 8) % 2 == 0
            d.slide("one_column", [text(t, "title"), bullets([rng.choice(POOLS[lang]) for _ in range(rng.randint(1, 3))]),
                                   table(rng, lang, 3, rng.randint(14, 30) if cut else rng.randint(2, 5),
                                         ["short", "multi", "num"], title=t if cut else None)])
        elif k == 6:  # in a column of two_column
            d.slide("two_column", [text(t, "title"), table(rng, lang, rng.randint(2, 4), rng.randint(3, 8), role="left"),
                                   text(rng.choice(POOLS[lang]), "right")])
        else:  # an explicit box
            w, h = rng.choice([(6.0, 3.0), (8.0, 4.5), (11.0, 5.5)])
            d.slide("blank", [table(rng, lang, rng.randint(2, 5), rng.randint(3, 10), box=(0.8, 0.8, w, h))], "custom")
    return d


def table_decks(rng, fast):
    langs = ["en", "ko"] if fast else ["en", "ko", "ja", "zh-CN", "zh-TW"]
    decks = {f"tables-{lang}": table_deck(lang, rng, 8 if fast else 32) for lang in langs}
    # Right-to-left decks (issue 24): mirrored tables (a:tblPr rtl="1", checked by
    # tables.rows_once) and Arabic / Hebrew cell text that must stay inside its cell (the
    # tall Arabic glyphs crossed the top border before rows starting with Arabic got room).
    # Their own generator, so the decks above stay the same.
    rtl_rng = __import__("random").Random(20261125)
    for lang in ["ar", "he"]:
        decks[f"tables-{lang}"] = table_deck(lang, rtl_rng, 8 if fast else 16)
    return decks
