//! The stable codes of input findings: every [`crate::SpecError`] (validation error or
//! warning), every [`crate::deck::ResolveNote`] and the whole-input failures of `validate`.
//!
//! The strings are API: agents and the service key on them, so [`Code::as_str`] (and with it
//! `Display` and `Serialize`) must never change for an existing variant. A new finding gets a
//! new variant (a new snake_case string); an old one is never renamed.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// Declares [`Code`] from one table, so the variant list, [`Code::as_str`], [`Code::ALL`] and
/// the `FromStr` parse cannot disagree.
macro_rules! codes {
    ($($(#[doc = $doc:literal])+ $variant:ident = $s:literal,)+) => {
        /// A finding's stable snake_case code (see the module docs).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $($(#[doc = $doc])+ $variant,)+
        }

        impl Code {
            /// Every code, in declaration order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)+];

            /// The code as it appears in every JSON output (`validate`, QC, `serve`).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $s,)+
                }
            }
        }

        impl FromStr for Code {
            type Err = UnknownCode;

            /// The variant whose [`Code::as_str`] is `s` (exact, case-sensitive).
            fn from_str(s: &str) -> Result<Code, UnknownCode> {
                match s {
                    $($s => Ok(Code::$variant),)+
                    _ => Err(UnknownCode(s.to_string())),
                }
            }
        }
    };
}

codes! {
    // Whole input (refused before or instead of validation; the root crate's `validate`).
    /// (error) The input is larger than `ParseOptions::max_bytes`.
    TooLarge = "too_large",
    /// (error) The input (or the extracted block) is not JSON; comes with line and column.
    MalformedJson = "malformed_json",
    /// (error) `extract_json` found no JSON object in the text.
    NoJsonFound = "no_json_found",
    /// (error) Arrays and objects nested deeper than the reader's bound (64 levels).
    TooDeep = "too_deep",
    /// (error) More JSON values than the reader's budget (one per 32 bytes of the byte limit,
    /// at least 65,536).
    TooManyValues = "too_many_values",
    /// (warning) An array longer than any the schemas allow, in a place the schema leaves
    /// free-form: only its first 5,000 items were read.
    LongArray = "long_array",
    /// (error) `spec_version` is present but neither `"slidespec_v1"` nor `"docspec_v1"`.
    UnknownSpecVersion = "unknown_spec_version",
    /// (error) The input passed validation but could not be read into the typed spec (a bug).
    InternalDeserialize = "internal_deserialize",
    /// (error) Laying the input out would take more work than a job may spend (docs/guide/limits.md, "The
    /// work budget"); the path names the element (block) where the running
    /// total passed it.
    WorkBudget = "work_budget",

    // Schema keywords (`validate`): one code per failing assertion.
    /// (error) Schema `type`: the value has the wrong JSON type (also: the document is not an
    /// object).
    Type = "type",
    /// (error) Schema `const`: the value is not the one allowed value.
    Const = "const",
    /// (error) Schema `enum`: the value is not one of the allowed values.
    Enum = "enum",
    /// (error) Schema `minLength`: the string is too short (e.g. empty).
    MinLength = "min_length",
    /// (error) Schema `maxLength`: the string is too long.
    MaxLength = "max_length",
    /// (error) Schema `minimum`: the number is below the minimum.
    Minimum = "minimum",
    /// (error) Schema `maximum`: the number is above the maximum.
    Maximum = "maximum",
    /// (error) Schema `minItems`: the array has too few items.
    MinItems = "min_items",
    /// (error) Schema `maxItems`: the array has too many items.
    MaxItems = "max_items",
    /// (error) Schema `required`: a required property is missing (path = the object lacking
    /// it; also: the document has no `spec_version`).
    Required = "required",
    /// (error) Schema `additionalProperties: false`: an unknown property (path = the property).
    AdditionalProperty = "additional_property",
    /// (error) Schema `false`: a value where the schema allows none.
    NotAllowed = "not_allowed",

    // Semantic rules (`semantic`).
    /// (error) A `slide_id` used by an earlier slide.
    DuplicateSlideId = "duplicate_slide_id",
    /// (error) An `element_id` used earlier on the same slide.
    DuplicateElementId = "duplicate_element_id",
    /// (error) A `block_id` used by an earlier block.
    DuplicateBlockId = "duplicate_block_id",
    /// (error) A citation `id` used earlier on the same slide, or earlier in DocSpec
    /// `references`.
    DuplicateCitationId = "duplicate_citation_id",
    /// (error) An `asset_id` used by an earlier entry of `assets`.
    DuplicateAssetId = "duplicate_asset_id",
    /// (error) A `citation_id` that names no citation on any slide / no DocSpec reference.
    UnresolvedCitation = "unresolved_citation",
    /// (warning) A `citation_id` defined on another slide, not on the citing one.
    CitationOnOtherSlide = "citation_on_other_slide",
    /// (warning) An image's `asset_id` that names no entry of `assets`.
    UnresolvedAsset = "unresolved_asset",
    /// (warning) An image pointing at an asset of type `data`.
    AssetTypeMismatch = "asset_type_mismatch",
    /// (warning) A `data_ref` that names no asset of type `data`.
    UnresolvedDataRef = "unresolved_data_ref",
    /// (warning) A chart series with the same category `x` more than once (`"Q1"` twice, or
    /// `"2024"` and `2024`): each point is drawn as its own category, none merged or dropped.
    RepeatedCategory = "repeated_category",
    /// (warning) A JSON object with the same key twice: the last value is used.
    DuplicateKey = "duplicate_key",
    /// (warning) `style.box` unusable as a box (the element is placed by its layout slot) or
    /// with unknown keys; (QC, high) a box whose width or height is not a positive finite
    /// number: the element is not drawn.
    InvalidBox = "invalid_box",
    /// (warning) A `theme.brand.tokens` group that is not an object (defaults kept).
    InvalidToken = "invalid_token",
    /// (warning) A colour token that is no opaque colour (`#RRGGBB`, `#RGB`, CSS name...).
    InvalidColor = "invalid_color",
    /// (warning) A size token that is not a number (or `"12pt"`), or outside 6..=200 (clamped).
    InvalidFontSize = "invalid_font_size",
    /// (warning) A font token that is not a non-empty string.
    InvalidFont = "invalid_font",
    /// (warning) DocSpec `created_date` that is not an ISO date `YYYY-MM-DD`.
    InvalidDate = "invalid_date",
    /// (warning) A DocSpec block `style` key or value that cannot be used (ignored), or a style
    /// on a block it does not apply to.
    InvalidStyle = "invalid_style",

    // Layout notes on input.
    /// (QC note) A second element with `role: "title"` on a slide; it goes to the body slots.
    SecondTitle = "second_title",

    // Resolve notes (`resolve`).
    /// (note) An unknown token group or token key, ignored while resolving.
    UnknownToken = "unknown_token",
    /// (note) A DocSpec quote block without a usable `content.text`.
    InvalidQuote = "invalid_quote",
    /// (note) The template's slide size differs from `theme.slide_size`: the template's wins.
    TemplateSlideSize = "template_slide_size",
    /// (note) A template value past what OOXML stores or a sane range (shape geometry, the
    /// slide size, a title or body text size), clamped.
    TemplateValueClamped = "template_value_clamped",
    /// (error) The template `theme.template_ref.template_id` names (`--templates`, `serve`) is
    /// not a usable template: a broken package, a part that cannot be read (named), a file
    /// that is not a regular file.
    BadTemplate = "bad_template",
    /// (error) A preview (or the contact sheet) asked for would have more pixels than a
    /// preview may (`specrender_preview::PIXEL_BUDGET`): a tall slide size at a large width.
    PreviewTooLarge = "preview_too_large",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl PartialEq<str> for Code {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<Code> for str {
    fn eq(&self, other: &Code) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Code> for &str {
    fn eq(&self, other: &Code) -> bool {
        *self == other.as_str()
    }
}

/// A string that is no [`Code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown finding code {0:?}")]
pub struct UnknownCode(pub String);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_code_round_trips_and_is_distinct_snake_case() {
        let mut seen = HashSet::new();
        for &c in Code::ALL {
            let s = c.as_str();
            assert_eq!(s.parse::<Code>(), Ok(c), "{s}");
            assert_eq!(c.to_string(), s);
            assert_eq!(serde_json::to_value(c).unwrap(), serde_json::json!(s));
            assert!(seen.insert(s), "duplicate code string {s:?}");
            let snake = !s.is_empty()
                && s.starts_with(|ch: char| ch.is_ascii_lowercase())
                && !s.ends_with('_')
                && !s.contains("__")
                && s.chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_');
            assert!(snake, "{s:?} is not snake_case");
        }
        assert_eq!(seen.len(), Code::ALL.len());
    }

    #[test]
    fn unknown_strings_do_not_parse() {
        for s in [
            "",
            "Type",
            "TYPE",
            "min-length",
            "minLength",
            " type",
            "nope",
        ] {
            assert_eq!(s.parse::<Code>(), Err(UnknownCode(s.to_string())));
        }
    }

    #[test]
    fn compares_with_strings() {
        assert_eq!(Code::MinLength, "min_length");
        assert!(Code::MinLength == *"min_length");
        assert!("additional_property" == Code::AdditionalProperty);
        assert!(Code::Type != "const");
    }
}
