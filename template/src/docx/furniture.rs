//! Header and footer parts read for their height ([`Furniture`]): the paragraphs in their flow
//! and tables, each with its style, paragraph properties, runs and inline pictures.

use super::props::{para_props, run_props, ParaProps, RunProps};
use crate::TemplateError;
use specrender_opc::xml::attr_ns;

/// A paragraph of a header or footer part, as far as its height goes: Word and Writer start
/// the body below the header when the header's distance from the edge plus its height passes
/// the top margin (and end it above the footer likewise).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Furniture {
    /// `w:pStyle` (`None`: the default paragraph style).
    pub style: Option<String>,
    /// The paragraph's own `w:pPr` (spacing, line rule, borders, indents).
    pub para: ParaProps,
    /// Each run with text, in order: its own run properties (fonts, `w:sz`, `w:szCs` as the
    /// run writes them) and its text (`w:t`; a tab as `\t`, a line break as `\n`); a
    /// paragraph with no text has one run, its mark's properties and no text. At most
    /// [`MAX_FURNITURE_TEXT`] bytes of text per part are kept.
    pub runs: Vec<FurnitureRun>,
    /// The tallest inline picture (`wp:inline` `wp:extent cy`, EMU; 0: none). Anchored
    /// drawings and text boxes take no room.
    pub picture: i64,
    /// In a table: (row, cell) of the part's top-level tables, rows counted over the part
    /// (a row is as tall as its tallest cell; a cell's paragraphs stack).
    pub cell: Option<(u32, u32)>,
}

/// A run of a header or footer paragraph ([`Furniture`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FurnitureRun {
    /// What the run's `w:rPr` says (the paragraph mark's `w:rPr` for a paragraph without
    /// text); the style's and the defaults' are under it.
    pub props: RunProps,
    pub text: String,
}

impl Furniture {
    /// The paragraph's text, its runs' joined.
    pub fn text(&self) -> String {
        self.runs.iter().map(|r| r.text.as_str()).collect()
    }
}

/// Most paragraphs read from one header or footer part (what is past them is not counted).
const MAX_FURNITURE_PARAS: usize = 1000;

/// Most text (bytes) kept from one header or footer part: far more than a page of header
/// holds, and a bound on what measuring it costs every document written on the template.
pub const MAX_FURNITURE_TEXT: usize = 16 * 1024;

/// The paragraphs of a header or footer part ([`Furniture`]): those in the part's flow and in
/// its tables, not those in text boxes (drawn over the page, they take no room). Field codes
/// (`w:instrText`) and deleted text are not text; a field's result is.
pub(super) fn read_furniture(part: &str, xml: &[u8]) -> Result<Vec<Furniture>, TemplateError> {
    use specrender_opc::xml::{walk_text, Node};
    let mut out: Vec<Furniture> = Vec::new();
    let mut cur: Option<Furniture> = None;
    let (mut in_ppr, mut in_pbdr, mut in_mark, mut in_run, mut in_rpr, mut in_t) =
        (false, false, false, false, false, false);
    let mut run = FurnitureRun::default();
    let mut mark = RunProps::default();
    let (mut boxes, mut tables, mut in_inline) = (0usize, 0usize, false);
    let (mut row, mut cell) = (0u32, 0u32);
    let mut kept = 0usize;
    let mut keep = |text: &mut String, s: &str| {
        let room = MAX_FURNITURE_TEXT.saturating_sub(kept);
        let mut end = s.len().min(room);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        text.push_str(&s[..end]);
        kept += end;
    };
    walk_text(part, xml, |node| {
        let (name, e) = match node {
            Node::Text(s) => {
                if in_t && boxes == 0 && cur.is_some() {
                    keep(&mut run.text, s);
                }
                return Ok(());
            }
            Node::End(name) => {
                match name {
                    b"txbxContent" => boxes = boxes.saturating_sub(1),
                    _ if boxes > 0 => {}
                    b"tbl" => tables = tables.saturating_sub(1),
                    b"tc" if tables == 1 => cell += 1,
                    b"pPr" => in_ppr = false,
                    b"pBdr" => in_pbdr = false,
                    b"rPr" if in_run => in_rpr = false,
                    b"rPr" => in_mark = false,
                    b"t" => in_t = false,
                    b"inline" => in_inline = false,
                    b"r" => {
                        let r = std::mem::take(&mut run);
                        if let (Some(p), false) = (cur.as_mut(), r.text.is_empty()) {
                            p.runs.push(r);
                        }
                        in_run = false;
                    }
                    b"p" => {
                        if let Some(p) = cur.take() {
                            close_furniture_para(p, &mut mark, &mut out);
                        }
                    }
                    _ => {}
                }
                return Ok(());
            }
            Node::Start(name, e) => (name, e),
        };
        if name == b"txbxContent" {
            boxes += 1;
        }
        if boxes > 0 {
            return Ok(());
        }
        match name {
            b"tbl" => {
                tables += 1;
            }
            b"tr" if tables == 1 => {
                row += 1;
                cell = 0;
            }
            b"p" => {
                cur = Some(Furniture {
                    cell: (tables > 0).then_some((row, cell)),
                    ..Furniture::default()
                });
                mark = RunProps::default();
            }
            b"pPr" => in_ppr = true,
            b"r" => {
                in_run = true;
                run = FurnitureRun::default();
            }
            b"rPr" if in_run => in_rpr = true,
            b"rPr" if in_ppr => in_mark = true,
            _ if in_rpr => run_props(name, e, &mut run.props),
            _ if in_mark => run_props(name, e, &mut mark),
            b"t" if in_run => in_t = true,
            b"tab" if in_run => keep(&mut run.text, "\t"),
            b"br" | b"cr" if in_run => keep(&mut run.text, "\n"),
            b"noBreakHyphen" if in_run => keep(&mut run.text, "\u{2011}"),
            // A symbol font's character (`w:char`, private use): one letter of room.
            b"sym" if in_run => keep(&mut run.text, "M"),
            b"inline" => in_inline = true,
            b"extent" if in_inline => {
                let cy = specrender_opc::xml::attr_i64(e, "cy")
                    .unwrap_or(0)
                    .clamp(0, 51_206_400);
                if let Some(p) = cur.as_mut() {
                    p.picture = p.picture.max(cy);
                }
            }
            b"pStyle" if in_ppr => {
                if let Some(p) = cur.as_mut() {
                    p.style = attr_ns(e, "val");
                }
            }
            b"pBdr" if in_ppr => in_pbdr = true,
            _ if in_ppr => {
                if let Some(p) = cur.as_mut() {
                    para_props(name, e, &mut p.para, in_pbdr);
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    Ok(out)
}

/// A header's or footer's paragraph `p` at its end, onto `out` (at most
/// [`MAX_FURNITURE_PARAS`]): one without runs keeps a run of its mark's properties, so its
/// line has a size.
fn close_furniture_para(mut p: Furniture, mark: &mut RunProps, out: &mut Vec<Furniture>) {
    if p.runs.is_empty() {
        p.runs.push(FurnitureRun {
            props: std::mem::take(mark),
            text: String::new(),
        });
    }
    if out.len() < MAX_FURNITURE_PARAS {
        out.push(p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::docx::DocTemplate;

    #[test]
    fn header_and_footer_paragraphs_are_read_for_their_height() {
        // LibreOffice's letter: one centred page-number paragraph (fields, one text run).
        let xml = br#"<w:ftr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p><w:pPr><w:pStyle w:val="Footer"/><w:jc w:val="center"/><w:rPr></w:rPr></w:pPr><w:r><w:fldChar w:fldCharType="begin"></w:fldChar></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:rPr><w:sz w:val="16"/></w:rPr><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>0</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:ftr>"#;
        let f = read_furniture("word/footer1.xml", xml).unwrap();
        // The field's result is its text; its code is not.
        assert_eq!(
            f,
            vec![Furniture {
                style: Some("Footer".into()),
                runs: vec![FurnitureRun {
                    props: RunProps::default(),
                    text: "0".into()
                }],
                ..Furniture::default()
            }]
        );
        // A text box's paragraphs take no room; a table's are placed by row and cell; an
        // empty paragraph is its mark's properties; an inline picture's height is kept.
        let xml = br#"<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><w:p><w:pPr><w:spacing w:before="120" w:after="60"/><w:ind w:left="720" w:right="360"/><w:rPr><w:sz w:val="28"/></w:rPr></w:pPr><w:r><w:pict><w:txbxContent><w:p><w:r><w:t>boxed</w:t></w:r></w:p></w:txbxContent></w:pict></w:r></w:p><w:tbl><w:tr><w:tc><w:p><w:r><w:rPr><w:rFonts w:eastAsia="MS Mincho"/><w:sz w:val="24"/><w:szCs w:val="32"/></w:rPr><w:t>a &amp; </w:t></w:r><w:r><w:tab/><w:t>b</w:t><w:br/><w:t xml:space="preserve">c</w:t></w:r></w:p><w:p/></w:tc><w:tc><w:p><w:r><w:drawing><wp:inline><wp:extent cx="914400" cy="228600"/></wp:inline></w:drawing></w:r></w:p></w:tc></w:tr></w:tbl></w:hdr>"#;
        let f = read_furniture("word/header1.xml", xml).unwrap();
        assert_eq!(f.len(), 4, "{f:?}");
        assert_eq!(f[0].runs.len(), 1);
        assert_eq!(
            (f[0].runs[0].props.size_half_pt, f[0].text()),
            (Some(28), String::new())
        );
        assert_eq!((f[0].para.before, f[0].para.after), (Some(120), Some(60)));
        assert_eq!(
            (f[0].para.indent_left, f[0].para.indent_right),
            (Some(720), Some(360))
        );
        assert_eq!(f[0].cell, None);
        let r = &f[1].runs;
        assert_eq!((r.len(), f[1].cell), (2, Some((1, 0))));
        assert_eq!(
            (
                r[0].props.size_half_pt,
                r[0].props.size_cs_half_pt,
                r[0].props.east_asia.as_deref()
            ),
            (Some(24), Some(32), Some("MS Mincho"))
        );
        assert_eq!(
            (r[1].props.size_half_pt, f[1].text()),
            (None, "a & \tb\nc".into())
        );
        assert_eq!((f[2].text(), f[2].cell), (String::new(), Some((1, 0))));
        assert_eq!((f[3].picture, f[3].cell), (228_600, Some((1, 1))));
        // Text past MAX_FURNITURE_TEXT is not kept (whole characters).
        let long = "é".repeat(MAX_FURNITURE_TEXT);
        let xml = format!(
            r#"<w:hdr xmlns:w="urn:w"><w:p><w:r><w:t>{long}</w:t></w:r></w:p><w:p><w:r><w:t>more</w:t></w:r></w:p></w:hdr>"#
        );
        let f = read_furniture("word/header2.xml", xml.as_bytes()).unwrap();
        assert_eq!(f[0].text().len(), MAX_FURNITURE_TEXT);
        assert_eq!(f[1].text(), "");
        // Read from the fixture: the letter's one footer.
        let bytes = std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../tests/fixtures/doc-templates/libreoffice-letter.docx"),
        )
        .unwrap();
        let t = DocTemplate::from_bytes(bytes).unwrap();
        assert_eq!(t.furniture.len(), 1);
        assert_eq!(t.furniture[0].1.len(), 1);
    }
}
