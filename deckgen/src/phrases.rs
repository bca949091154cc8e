//! Hand-written business phrases per language, and the small grammar that joins them into
//! titles, bullets, sentences and paragraphs.
//!
//! Each language has its own word order and punctuation: English and Korean put a space between
//! subject and predicate and between sentences; Japanese and Chinese use none and end sentences
//! with 。. Korean subjects carry their particle (이/가, 은/는), so a predicate never has to agree
//! with a number in front of it. Placeholders in predicates and actions: `{p}` a percentage,
//! `{n}` an amount, `{k}` a small count, `{m}` a month, `{q}` a quarter.

mod en;
mod ja;
mod ko;
mod zh;
mod zh_tw;

use crate::rng::Rng;
use en::EN;
use ja::JA;
use ko::KO;
use zh::ZH;

/// A language the generator writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Ko,
    Ja,
    Zh,
    /// Traditional Chinese (Taiwan): documents only (`crate::doc`); decks keep four languages.
    ZhTw,
}

pub(crate) struct Book {
    /// Between a subject and its predicate.
    pub join: &'static str,
    /// After a sentence, before the next one.
    pub sep: &'static str,
    /// Sentence end.
    pub stop: &'static str,
    pub subjects: &'static [&'static str],
    pub predicates: &'static [&'static str],
    /// Whole sentences (with their own punctuation) that explain or qualify a result.
    pub tails: &'static [&'static str],
    /// Plan items, bullets without a subject.
    pub actions: &'static [&'static str],
    pub topics: &'static [&'static str],
    pub qualifiers: &'static [&'static str],
    pub sections: &'static [&'static str],
    pub quotes: &'static [&'static str],
    pub people: &'static [&'static str],
    pub closings: &'static [&'static str],
    pub notes: &'static [&'static str],
    pub sources: &'static [&'static str],
    pub columns: &'static [&'static str],
    pub rows: &'static [&'static str],
    pub series: &'static [&'static str],
    pub images: &'static [&'static str],
    pub deck_titles: &'static [&'static str],
}

pub(crate) fn book(lang: Lang) -> &'static Book {
    match lang {
        Lang::En => &EN,
        Lang::Ko => &KO,
        Lang::Ja => &JA,
        Lang::Zh => &ZH,
        Lang::ZhTw => &zh_tw::ZH_TW,
    }
}

impl Lang {
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
            Lang::Ja => "ja",
            Lang::Zh => "zh",
            Lang::ZhTw => "zh-TW",
        }
    }
}

/// Fills the placeholders of a template with numbers written the way the language writes them.
pub(crate) fn fill(lang: Lang, template: &str, rng: &mut Rng) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let key = rest[i + 1..].chars().next().unwrap_or('?');
        out.push_str(&number(lang, key, rng));
        rest = &rest[(i + 3).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

fn number(lang: Lang, key: char, rng: &mut Rng) -> String {
    match key {
        'p' => {
            let whole = rng.range(1, 48);
            if rng.chance(40) {
                format!("{whole}.{}%", rng.range(1, 10))
            } else {
                format!("{whole}%")
            }
        }
        'n' => amount(lang, rng),
        'k' => rng.range(2, 13).to_string(),
        'm' => month(lang, rng.range(1, 13)),
        'q' => match lang {
            Lang::En => format!("Q{}", rng.range(1, 5)),
            Lang::Ko => format!("{}분기", rng.range(1, 5)),
            Lang::Ja => format!("第{}四半期", rng.range(1, 5)),
            Lang::Zh => format!("第{}季度", rng.range(1, 5)),
            Lang::ZhTw => format!("第{}季", rng.range(1, 5)),
        },
        _ => String::new(),
    }
}

fn amount(lang: Lang, rng: &mut Rng) -> String {
    let a = rng.range(1, 99);
    let b = rng.range(0, 10);
    match (lang, rng.range(0, 3)) {
        (Lang::En, 0) => format!("${a}.{b}M"),
        (Lang::En, 1) => format!("{a},{:03} users", rng.range(0, 1000)),
        (Lang::En, _) => format!("{a}.{b} points"),
        (Lang::Ko, 0) => format!("{a}억 원"),
        (Lang::Ko, 1) => format!("{a}만 명"),
        (Lang::Ko, _) => format!("{a}.{b}점"),
        (Lang::Ja, 0) => format!("{a}億円"),
        (Lang::Ja, 1) => format!("{a}万人"),
        (Lang::Ja, _) => format!("{a}.{b}ポイント"),
        (Lang::Zh, 0) => format!("{a}00万元"),
        (Lang::Zh, 1) => format!("{a}.{b}万人"),
        (Lang::Zh, _) => format!("{a}.{b}分"),
        (Lang::ZhTw, 0) => format!("{a}00萬元"),
        (Lang::ZhTw, 1) => format!("{a}.{b}萬人"),
        (Lang::ZhTw, _) => format!("{a}.{b}分"),
    }
}

fn month(lang: Lang, m: u64) -> String {
    const EN_MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    match lang {
        Lang::En => EN_MONTHS[(m as usize - 1) % 12].to_string(),
        Lang::Ko => format!("{m}월"),
        Lang::Ja | Lang::Zh | Lang::ZhTw => format!("{m}月"),
    }
}

impl Book {
    /// Subject + predicate, no final punctuation (a bullet's usual shape).
    pub fn clause(&self, lang: Lang, rng: &mut Rng) -> String {
        let s = rng.pick(self.subjects);
        let p = fill(lang, rng.pick(self.predicates), rng);
        format!("{s}{}{p}", self.join)
    }

    pub fn action(&self, lang: Lang, rng: &mut Rng) -> String {
        fill(lang, rng.pick(self.actions), rng)
    }

    /// A full sentence, sometimes followed by an explaining one.
    pub fn sentence(&self, lang: Lang, rng: &mut Rng) -> String {
        let mut s = if rng.chance(25) {
            self.action(lang, rng)
        } else {
            self.clause(lang, rng)
        };
        s.push_str(self.stop);
        if rng.chance(45) {
            s.push_str(self.sep);
            s.push_str(rng.pick(self.tails));
        }
        s
    }

    /// A title: a topic, sometimes with a qualifier or a period.
    pub fn title(&self, lang: Lang, rng: &mut Rng) -> String {
        let topic = rng.pick(self.topics);
        match rng.range(0, 4) {
            0 => format!("{topic}: {}", rng.pick(self.qualifiers)),
            1 => fill(lang, &format!("{{q}} {topic}"), rng),
            _ => topic.to_string(),
        }
    }

    /// Sentences appended until `target` characters (never more than `max`).
    pub fn paragraph(&self, lang: Lang, rng: &mut Rng, target: usize, max: usize) -> String {
        let mut out = String::new();
        loop {
            let s = self.sentence(lang, rng);
            let len = out.chars().count();
            let add = s.chars().count() + if out.is_empty() { 0 } else { self.sep.len() };
            if len + add > max {
                if out.is_empty() {
                    out = truncate(&s, max);
                }
                break;
            }
            if !out.is_empty() {
                out.push_str(self.sep);
            }
            out.push_str(&s);
            if out.chars().count() >= target {
                break;
            }
        }
        out
    }

    /// A bullet of roughly the given weight: 0 short, 1 a clause with a tail, 2 long
    /// (several sentences, up to `max` characters).
    pub fn bullet(&self, lang: Lang, rng: &mut Rng, weight: u8, max: usize) -> String {
        let mut b = if rng.chance(30) {
            self.action(lang, rng)
        } else {
            self.clause(lang, rng)
        };
        if weight >= 1 {
            b.push_str(self.stop);
            b.push_str(self.sep);
            b.push_str(rng.pick(self.tails));
        }
        if weight >= 2 {
            while b.chars().count() < max * 2 / 3 {
                b.push_str(self.sep);
                b.push_str(&self.sentence(lang, rng));
            }
        }
        truncate(&b, max)
    }
}

/// At most `max` characters, cut at the last sentence end or space that keeps it under.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let cut: String = s.chars().take(max).collect();
    let at = cut
        .char_indices()
        .rev()
        .filter(|&(_, c)| matches!(c, '.' | '。' | ' '))
        .map(|(i, c)| i + c.len_utf8())
        .find(|&i| i > cut.len() / 2);
    match at {
        Some(i) => cut[..i].trim_end().to_string(),
        None => cut,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled() {
        let mut rng = Rng::new(7);
        for lang in [Lang::En, Lang::Ko, Lang::Ja, Lang::Zh, Lang::ZhTw] {
            let b = book(lang);
            for t in b.predicates.iter().chain(b.actions) {
                let s = fill(lang, t, &mut rng);
                assert!(!s.contains('{') && !s.contains('}'), "{s}");
            }
        }
    }

    #[test]
    fn truncate_keeps_whole_sentences_when_it_can() {
        assert_eq!(truncate("One two. Three four five.", 12), "One two.");
        assert_eq!(truncate("abc", 10), "abc");
        assert_eq!(truncate("가나다라마바사", 3), "가나다");
    }
}
