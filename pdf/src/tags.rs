//! The tag tree of a page as it is drawn: content is marked while it is drawn (a span of
//! text with its language, a figure, an artifact), and the marks are gathered into the groups
//! of the slide's structure in drawing order, which is its reading order.

use crate::draw::Painter;
use krilla::tagging::{
    Artifact, ArtifactType, ContentTag, Identifier, Node, SpanTag, Tag, TagGroup,
};

/// The structure of one page, in reading order.
#[derive(Default)]
pub(crate) struct Tags {
    pub(crate) nodes: Vec<Node>,
}

impl Tags {
    pub(crate) fn push(&mut self, node: impl Into<Node>) {
        self.nodes.push(node.into());
    }

    /// What `f` draws is an artifact of `kind` (not read: the look, a shape's geometry, a
    /// slide number).
    pub(crate) fn artifact<R>(
        &mut self,
        p: &mut Painter<'_, '_, '_>,
        kind: ArtifactType,
        f: impl FnOnce(&mut Painter<'_, '_, '_>) -> R,
    ) -> R {
        // A background artifact names its box (PDF 1.7): the page.
        let bbox = (kind == ArtifactType::Background)
            .then(|| krilla::geom::Rect::from_xywh(0.0, 0.0, p.page.0, p.page.1))
            .flatten();
        p.s.start_tagged(ContentTag::Artifact(Artifact::new(kind, bbox)));
        let r = f(p);
        p.s.end_tagged();
        r
    }

    /// What `f` draws is a span of text in language `lang` (BCP 47); its mark. `actual`: the
    /// span's text as `ActualText`, for a line drawn (in part) as outlines.
    pub(crate) fn span(
        &mut self,
        p: &mut Painter<'_, '_, '_>,
        lang: &str,
        actual: Option<&str>,
        f: impl FnOnce(&mut Painter<'_, '_, '_>),
    ) -> Identifier {
        let lang = Some(lang).filter(|l| !l.is_empty());
        let tag = SpanTag::empty().with_lang(lang).with_actual_text(actual);
        let id = p.s.start_tagged(ContentTag::Span(tag));
        f(p);
        p.s.end_tagged();
        id
    }

    /// What `f` draws is a figure with alternative text `alt`; what `f` returns.
    pub(crate) fn figure<R>(
        &mut self,
        p: &mut Painter<'_, '_, '_>,
        alt: Option<String>,
        f: impl FnOnce(&mut Painter<'_, '_, '_>) -> R,
    ) -> R {
        let id = p.s.start_tagged(ContentTag::Other);
        let r = f(p);
        p.s.end_tagged();
        let mut g = TagGroup::new(Tag::Figure(alt));
        g.push(id);
        self.push(g);
        r
    }
}
