//! `word/settings.xml` and `word/fontTable.xml`. Settings: no `w:updateFields` (Word would
//! prompt on open: caption numbers are written with their values instead), footnote
//! separators (ids -1 and 0) named when the document has footnotes, Word 2013+ compatibility
//! mode, the theme font languages, embedded fonts (`w:embedTrueTypeFonts`, `w:saveSubsetFonts`
//! for subsets). The font table names every family with its embedded faces.

use super::text::NS_W;
use crate::opc::rels::RelId;
use crate::opc::xml::{Xml, NS_R};
use specrender_model::doc::LaidDoc;
use specrender_model::embed::{EmbeddedFace, FaceStyle};
use specrender_spec::deck::LangFamily;

pub(crate) const SETTINGS_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml";
pub(crate) const FONT_TABLE_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.fontTable+xml";

pub(crate) fn settings_xml(laid: &LaidDoc, footnotes: bool, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("w:settings", &[("xmlns:w", &NS_W)]);
    x.empty("w:zoom", &[("w:percent", &"100")]);
    // Embedded faces (CT_Settings: after w:zoom, before w:defaultTabStop).
    if !laid.embedding.faces.is_empty() {
        x.empty("w:embedTrueTypeFonts", &[]);
        if laid.embedding.faces.iter().any(|f| f.subset) {
            x.empty("w:saveSubsetFonts", &[]);
        }
    }
    x.empty("w:defaultTabStop", &[("w:val", &"720")]);
    x.empty("w:characterSpacingControl", &[("w:val", &"doNotCompress")]);
    if footnotes {
        x.start("w:footnotePr", &[]);
        x.empty("w:footnote", &[("w:id", &"-1")]);
        x.empty("w:footnote", &[("w:id", &"0")]);
        x.end("w:footnotePr");
    }
    x.start("w:compat", &[]);
    x.empty(
        "w:compatSetting",
        &[
            ("w:name", &"compatibilityMode"),
            ("w:uri", &"http://schemas.microsoft.com/office/word"),
            ("w:val", &"15"),
        ],
    );
    x.end("w:compat");
    if laid.lang == LangFamily::Other {
        x.empty("w:themeFontLang", &[("w:val", &laid.run_lang)]);
    } else {
        x.empty(
            "w:themeFontLang",
            &[("w:val", &"en-US"), ("w:eastAsia", &laid.run_lang)],
        );
    }
    x.end("w:settings");
    x.finish()
}

/// An embedded face as the font table names it: its part's relationship and font key.
pub(crate) struct Embed<'a> {
    pub face: &'a EmbeddedFace,
    pub id: RelId,
    pub guid: String,
}

/// Every family the styles name, once, in first-use order, then the other families faces
/// are embedded for (a complex-script face); each with its embedded faces (`w:embedRegular`
/// ... with `w:fontKey`, after `w:pitch` as CT_Font orders them).
pub(crate) fn font_table_xml(laid: &LaidDoc, embeds: &[Embed<'_>], pretty: bool) -> Vec<u8> {
    let f = &laid.theme.fonts;
    let mut names: Vec<&str> = Vec::new();
    for n in [&f.body, &f.body_ea, &f.heading, &f.heading_ea] {
        if !names.contains(&n.as_str()) {
            names.push(n);
        }
    }
    for e in embeds {
        if !names.contains(&e.face.family.as_str()) {
            names.push(&e.face.family);
        }
    }
    let mut x = Xml::new(pretty);
    if embeds.is_empty() {
        x.start("w:fonts", &[("xmlns:w", &NS_W)]);
    } else {
        x.start("w:fonts", &[("xmlns:w", &NS_W), ("xmlns:r", &NS_R)]);
    }
    for n in names {
        x.start("w:font", &[("w:name", &n)]);
        x.empty("w:family", &[("w:val", &"auto")]);
        x.empty("w:pitch", &[("w:val", &"variable")]);
        let mut mine: Vec<&Embed<'_>> = embeds.iter().filter(|e| e.face.family == n).collect();
        mine.sort_by_key(|e| e.face.style);
        for e in mine {
            let tag = match e.face.style {
                FaceStyle::Regular => "w:embedRegular",
                FaceStyle::Bold => "w:embedBold",
                FaceStyle::Italic => "w:embedItalic",
                FaceStyle::BoldItalic => "w:embedBoldItalic",
            };
            x.empty(tag, &[("r:id", &e.id), ("w:fontKey", &e.guid)]);
        }
        x.end("w:font");
    }
    x.end("w:fonts");
    x.finish()
}
