//! `word/settings.xml` and `word/fontTable.xml`. Settings: no `w:updateFields` (Word would
//! prompt on open: caption numbers are written with their values instead), footnote
//! separators (ids -1 and 0) named when the document has footnotes, Word 2013+ compatibility
//! mode, the theme font languages.

use super::text::NS_W;
use crate::opc::xml::Xml;
use specrender_model::doc::LaidDoc;
use specrender_spec::deck::LangFamily;

pub(crate) const SETTINGS_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml";
pub(crate) const FONT_TABLE_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.fontTable+xml";

pub(crate) fn settings_xml(laid: &LaidDoc, footnotes: bool, pretty: bool) -> Vec<u8> {
    let mut x = Xml::new(pretty);
    x.start("w:settings", &[("xmlns:w", &NS_W)]);
    x.empty("w:zoom", &[("w:percent", &"100")]);
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

/// Every family the styles name, once, in first-use order.
pub(crate) fn font_table_xml(laid: &LaidDoc, pretty: bool) -> Vec<u8> {
    let f = &laid.theme.fonts;
    let mut names: Vec<&str> = Vec::new();
    for n in [&f.body, &f.body_ea, &f.heading, &f.heading_ea] {
        if !names.contains(&n.as_str()) {
            names.push(n);
        }
    }
    let mut x = Xml::new(pretty);
    x.start("w:fonts", &[("xmlns:w", &NS_W)]);
    for n in names {
        x.start("w:font", &[("w:name", &n)]);
        x.empty("w:family", &[("w:val", &"auto")]);
        x.empty("w:pitch", &[("w:val", &"variable")]);
        x.end("w:font");
    }
    x.end("w:fonts");
    x.finish()
}
