//! `[Content_Types].xml` (OPC, ECMA-376 Part 2 §10.1.2) from data: `Default` entries by
//! extension, registered by whoever adds parts with that extension (relationship parts, XML,
//! media), and one `Override` for each part whose declared content type its extension's
//! `Default` does not already give. Every part declares its content type when it is added to
//! the package; nothing is guessed from a part name.

use super::xml::{push_escaped, AttrValue, Xml};
use std::borrow::Cow;
use std::collections::BTreeMap;

const NS_CT: &str = "http://schemas.openxmlformats.org/package/2006/content-types";

/// Content type of every `.rels` part.
pub const RELS: &str = "application/vnd.openxmlformats-package.relationships+xml";

/// The `Default` entries of a package.
#[derive(Debug)]
pub struct ContentTypes {
    /// Extension -> content type, written in extension order (deterministic whatever the
    /// order they were registered in).
    defaults: BTreeMap<Cow<'static, str>, Cow<'static, str>>,
}

impl Default for ContentTypes {
    fn default() -> Self {
        ContentTypes::new()
    }
}

impl ContentTypes {
    /// The defaults every package needs: relationship parts and plain XML.
    pub fn new() -> ContentTypes {
        let mut ct = ContentTypes {
            defaults: BTreeMap::new(),
        };
        ct.add_default("rels", RELS);
        ct.add_default("xml", "application/xml");
        ct
    }

    /// Registers `content_type` for parts named `*.{extension}` (lower case, as written).
    pub fn add_default(
        &mut self,
        extension: impl Into<Cow<'static, str>>,
        content_type: impl Into<Cow<'static, str>>,
    ) {
        self.defaults.insert(extension.into(), content_type.into());
    }

    /// Is there a `Default` for this extension?
    pub fn has_default(&self, extension: &str) -> bool {
        self.defaults.contains_key(extension)
    }

    /// Whether a part named `name` of `content_type` needs an `Override`.
    fn needs_override(&self, name: &str, content_type: &str) -> bool {
        let ext = name.rsplit_once('.').map_or("", |(_, ext)| ext);
        self.defaults.get(ext).map(|c| c.as_ref()) != Some(content_type)
    }

    /// `[Content_Types].xml` for `parts` (name, declared content type), overrides in the
    /// order given.
    pub fn xml<'p>(
        &self,
        parts: impl IntoIterator<Item = (&'p str, &'p str)>,
        pretty: bool,
    ) -> Vec<u8> {
        let mut x = Xml::new(pretty);
        x.start("Types", &[("xmlns", &NS_CT)]);
        for (ext, ct) in &self.defaults {
            x.empty(
                "Default",
                &[("Extension", &ext.as_ref()), ("ContentType", &ct.as_ref())],
            );
        }
        for (name, ct) in parts {
            if self.needs_override(name, ct) {
                x.empty(
                    "Override",
                    &[("PartName", &Absolute(name)), ("ContentType", &ct)],
                );
            }
        }
        x.end("Types");
        x.finish()
    }
}

/// A part name as the absolute URI `[Content_Types].xml` uses (`/ppt/slides/slide1.xml`).
struct Absolute<'a>(&'a str);

impl AttrValue for Absolute<'_> {
    fn write_attr(&self, out: &mut String) {
        out.push('/');
        push_escaped(out, self.0, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SLIDE: &str = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml";

    fn xml(ct: &ContentTypes, parts: &[(&str, &str)]) -> String {
        String::from_utf8(ct.xml(parts.iter().copied(), false)).unwrap()
    }

    #[test]
    fn defaults_by_extension_in_extension_order() {
        let mut ct = ContentTypes::new();
        ct.add_default("png", "image/png");
        ct.add_default("jpeg", "image/jpeg");
        let out = xml(&ct, &[]);
        let body = out.split_once("\r\n").unwrap().1;
        assert_eq!(
            body,
            format!(
                "<Types xmlns=\"{NS_CT}\">\
                 <Default Extension=\"jpeg\" ContentType=\"image/jpeg\"/>\
                 <Default Extension=\"png\" ContentType=\"image/png\"/>\
                 <Default Extension=\"rels\" ContentType=\"{RELS}\"/>\
                 <Default Extension=\"xml\" ContentType=\"application/xml\"/>\
                 </Types>"
            )
        );
    }

    #[test]
    fn one_override_per_part_the_defaults_do_not_cover() {
        let mut ct = ContentTypes::new();
        ct.add_default("png", "image/png");
        let out = xml(
            &ct,
            &[
                ("ppt/slides/slide2.xml", SLIDE),
                ("ppt/media/image1.png", "image/png"),
                ("ppt/slides/_rels/slide2.xml.rels", RELS),
                ("ppt/slides/slide1.xml", SLIDE),
                ("ppt/media/image2.gif", "image/gif"),
            ],
        );
        let overrides: Vec<&str> = out.split("<Override ").skip(1).collect();
        assert_eq!(overrides.len(), 3, "{out}");
        assert!(overrides[0].starts_with(&format!(
            "PartName=\"/ppt/slides/slide2.xml\" ContentType=\"{SLIDE}\""
        )));
        assert!(overrides[1].starts_with("PartName=\"/ppt/slides/slide1.xml\""));
        // No Default for gif: the part still gets its type.
        assert!(overrides[2]
            .starts_with("PartName=\"/ppt/media/image2.gif\" ContentType=\"image/gif\""));
    }
}
