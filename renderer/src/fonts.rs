//! Embedded faces as Office reads them (`--embed-fonts`, decided in the model's
//! [`Embedding`]): WordprocessingML's obfuscated fonts (ECMA-376 Part 2 §"Font Embedding" /
//! Part 1 §17.8.1: the first 32 bytes XORed with the font key, a GUID written as `w:fontKey`)
//! and PresentationML's Embedded OpenType (`.fntdata`: the W3C EOT header, version
//! 0x00020001, the font data neither compressed nor XORed).
//!
//! Keys are not random: each is derived from the face's bytes (SHA-256), so the same input
//! gives the same package.

use sha2::{Digest, Sha256};
use specrender_model::embed::EmbeddedFace;

/// A face as an Embedded OpenType file (`specrender_fonts::embed::eot`).
pub(crate) fn eot(face: &EmbeddedFace) -> Vec<u8> {
    specrender_fonts::embed::eot(&face.data, face.subset)
}

/// The content type of an obfuscated font part (`word/fonts/fontN.odttf`).
pub(crate) const ODTTF_CONTENT_TYPE: &str =
    "application/vnd.openxmlformats-officedocument.obfuscatedFont";
/// The content type PowerPoint gives embedded fonts (`ppt/fonts/fontN.fntdata`).
pub(crate) const FNTDATA_CONTENT_TYPE: &str = "application/x-fontdata";

/// A face's font key: the GUID as written (`{…}`, upper case) and its 16 bytes in string
/// order.
pub(crate) fn font_key(data: &[u8]) -> (String, [u8; 16]) {
    let digest = Sha256::digest(data);
    let mut key = [0u8; 16];
    key.copy_from_slice(&digest[..16]);
    // A version-4-shaped GUID (the variant and version bits set as a random one's are).
    key[6] = (key[6] & 0x0F) | 0x40;
    key[8] = (key[8] & 0x3F) | 0x80;
    let hex: String = key.iter().map(|b| format!("{b:02X}")).collect();
    let guid = format!(
        "{{{}-{}-{}-{}-{}}}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    );
    (guid, key)
}

/// `data` obfuscated with `key`: byte `i` of the first 32 XORed with key byte `15 - i % 16`
/// (the GUID's bytes read from its end).
pub(crate) fn obfuscate(data: &[u8], key: &[u8; 16]) -> Vec<u8> {
    let mut out = data.to_vec();
    for (i, b) in out.iter_mut().take(32).enumerate() {
        *b ^= key[15 - i % 16];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn obfuscation_is_its_own_inverse_and_reads_the_key_from_its_end() {
        let data: Vec<u8> = (0..64).collect();
        let (guid, key) = font_key(&data);
        assert_eq!(guid.len(), 38);
        assert!(guid.starts_with('{') && guid.ends_with('}'));
        let o = obfuscate(&data, &key);
        assert_eq!(o[0], data[0] ^ key[15]);
        assert_eq!(o[17], data[17] ^ key[14]);
        assert_eq!(&o[32..], &data[32..]);
        assert_eq!(obfuscate(&o, &key), data);
        // The GUID's hex digits are the key's bytes in order.
        let hex: String = guid.chars().filter(char::is_ascii_hexdigit).collect();
        assert_eq!(&hex[0..2], &format!("{:02X}", key[0]));
    }
}
