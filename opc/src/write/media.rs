//! Media parts by content: the same image bytes used by any number of pictures become one part
//! (python-pptx keeps one image part per SHA-1; this table finds equal bytes by length, then
//! by comparing them). Parts are numbered in first-use order across types (`image1.png`,
//! `image2.jpeg`, ...), as PowerPoint names them, so the same deck always gets the same names.
//!
//! Each media part's extension is registered as a `Default` content type (see
//! [`super::content_types`]), so media parts need no `Override`.

use std::collections::HashMap;

/// Image formats a media part can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageType {
    Png,
    Jpeg,
}

impl ImageType {
    /// The part name's extension, also the `Default` content type's key.
    pub fn extension(self) -> &'static str {
        match self {
            ImageType::Png => "png",
            ImageType::Jpeg => "jpeg",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            ImageType::Png => "image/png",
            ImageType::Jpeg => "image/jpeg",
        }
    }
}

/// One distinct image: its part name, format and bytes.
#[derive(Debug)]
pub struct MediaPart<'a> {
    pub name: String,
    pub image_type: ImageType,
    pub bytes: &'a [u8],
}

/// The media parts of a package, one per distinct content.
#[derive(Debug)]
pub struct Media<'a> {
    /// The folder media parts go in: `ppt/media`, `word/media`, `xl/media`.
    folder: &'static str,
    /// Length -> indexes in `parts` of the parts of that length, whose bytes are compared with
    /// a new picture's: equal bytes are the same part. Nothing is hashed over the bytes (a
    /// content hash of every picture cost a tenth of a 2,000-block document's instructions
    /// with SHA-256; SipHash over the bench deck's 3.5 MB of photos, rehashed as the map grew,
    /// 3% of its instructions), and distinct pictures of one length differ within their first
    /// bytes. Only looked up, never iterated: part order comes from `parts`.
    by_len: HashMap<usize, Vec<usize>>,
    /// (address, length) of a slice already added -> index in `parts`: the same buffer again
    /// (every picture of one shared asset file) is found without hashing its bytes.
    by_slice: HashMap<(usize, usize), usize>,
    parts: Vec<MediaPart<'a>>,
}

impl<'a> Media<'a> {
    pub fn new(folder: &'static str) -> Media<'a> {
        Media {
            folder,
            by_len: HashMap::new(),
            by_slice: HashMap::new(),
            parts: Vec::new(),
        }
    }

    /// The part name of `bytes`: a new part the first time these bytes are added, the same
    /// part every time after (whatever `image_type` then says: equal bytes are one image).
    pub fn add(&mut self, bytes: &'a [u8], image_type: ImageType) -> &str {
        let next = self.parts.len();
        let slice = (bytes.as_ptr() as usize, bytes.len());
        let index = match self.by_slice.get(&slice) {
            Some(&i) => i,
            None => {
                let same_len = self.by_len.entry(bytes.len()).or_default();
                let parts = &self.parts;
                match same_len.iter().find(|&&i| parts[i].bytes == bytes) {
                    Some(&i) => i,
                    None => {
                        same_len.push(next);
                        next
                    }
                }
            }
        };
        self.by_slice.insert(slice, index);
        if index == next {
            let name = format!(
                "{}/image{}.{}",
                self.folder,
                next + 1,
                image_type.extension()
            );
            self.parts.push(MediaPart {
                name,
                image_type,
                bytes,
            });
        }
        &self.parts[index].name
    }

    /// The distinct media parts, in first-use order.
    pub fn parts(&self) -> &[MediaPart<'a>] {
        &self.parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG_A: &[u8] = b"\x89PNG\r\n\x1a\n-a";
    const PNG_B: &[u8] = b"\x89PNG\r\n\x1a\n-b";
    const JPEG: &[u8] = b"\xff\xd8\xff\xe0-c";

    #[test]
    fn same_bytes_same_part() {
        let mut media = Media::new("ppt/media");
        let a = media.add(PNG_A, ImageType::Png).to_string();
        // Equal content from another buffer is still the same image.
        let copy = PNG_A.to_vec();
        assert_eq!(media.add(&copy, ImageType::Png), a);
        assert_eq!(media.add(PNG_A, ImageType::Png), a);
        assert_eq!(media.parts().len(), 1);
        assert_eq!(media.parts()[0].bytes, PNG_A);
    }

    #[test]
    fn distinct_bytes_numbered_in_first_use_order() {
        let mut media = Media::new("ppt/media");
        assert_eq!(media.add(PNG_B, ImageType::Png), "ppt/media/image1.png");
        assert_eq!(media.add(JPEG, ImageType::Jpeg), "ppt/media/image2.jpeg");
        assert_eq!(media.add(PNG_A, ImageType::Png), "ppt/media/image3.png");
        assert_eq!(media.add(PNG_B, ImageType::Png), "ppt/media/image1.png");
        // PNG_A and PNG_B have one length: a copy of the second of them finds it.
        assert_eq!(PNG_A.len(), PNG_B.len());
        let copy = PNG_A.to_vec();
        assert_eq!(media.add(&copy, ImageType::Png), "ppt/media/image3.png");
        let names: Vec<&str> = media.parts().iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "ppt/media/image1.png",
                "ppt/media/image2.jpeg",
                "ppt/media/image3.png"
            ]
        );
        assert_eq!(media.parts()[1].image_type, ImageType::Jpeg);
        let mut word = Media::new("word/media");
        assert_eq!(word.add(JPEG, ImageType::Jpeg), "word/media/image1.jpeg");
    }

    #[test]
    fn extensions_and_content_types() {
        assert_eq!(ImageType::Png.extension(), "png");
        assert_eq!(ImageType::Png.content_type(), "image/png");
        assert_eq!(ImageType::Jpeg.extension(), "jpeg");
        assert_eq!(ImageType::Jpeg.content_type(), "image/jpeg");
    }
}
