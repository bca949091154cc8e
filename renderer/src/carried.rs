//! A template's carried part written into the package (decks and documents alike).

use crate::opc::package::{Fixed, Package, Part};
use crate::opc::rels::Rels;

/// Adds carried part `c` with the bytes it is written with (its stored bytes, or a branded
/// theme's), then its relationships part as the template wrote it. Media and other non-XML
/// parts get their extension's `Default` from the template.
pub(crate) fn add(pkg: &mut Package<'_>, c: &specrender_model::CarriedPart) {
    let bytes = c.bytes.clone();
    if let Some((_, ext)) = c.name.rsplit_once('.') {
        let ext = ext.to_ascii_lowercase();
        if ext != "xml" && !pkg.has_default(&ext) {
            pkg.add_default(ext, c.content_type.clone());
        }
    }
    pkg.add(
        Part::fixed(c.name.clone(), c.content_type.clone(), Fixed::Shared(bytes)),
        Rels::new(),
    );
    if let Some((name, xml)) = &c.rels {
        let xml = Fixed::Shared(xml.clone());
        pkg.add(
            Part::fixed(name.clone(), crate::opc::content_types::RELS, xml),
            Rels::new(),
        );
    }
}
