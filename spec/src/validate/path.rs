//! JSON Pointers (RFC 6901) as findings carry them, and how a finding names its field.

/// Append one RFC 6901 reference token (`~` → `~0`, `/` → `~1`).
pub fn push_token(path: &mut String, token: &str) {
    path.push('/');
    if !token.contains(['~', '/']) {
        path.push_str(token);
        return;
    }
    for c in token.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// A JSON Pointer from tokens.
pub fn pointer(tokens: &[&str]) -> String {
    let mut p = String::new();
    for t in tokens {
        push_token(&mut p, t);
    }
    p
}

/// How a finding names its field: the last pointer token, or `parent[i]` for array items.
/// Reads the pointer from its end (a finding costs no more than its last tokens).
pub(crate) fn field_name(path: &str) -> String {
    if path.is_empty() {
        return "the document".to_string();
    }
    let unescape = |t: &str| {
        if t.contains('~') {
            t.replace("~1", "/").replace("~0", "~")
        } else {
            t.to_string()
        }
    };
    let mut idx: Vec<&str> = Vec::new();
    let mut tokens = path[1..].rsplit('/').peekable();
    let mut name = String::from("`");
    while let Some(t) = tokens.next() {
        let is_index = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if is_index && tokens.peek().is_some() {
            idx.push(t);
            continue;
        }
        name.push_str(&unescape(t));
        break;
    }
    for ix in idx.iter().rev() {
        name.push('[');
        name.push_str(ix);
        name.push(']');
    }
    name.push('`');
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_escaping() {
        assert_eq!(pointer(&["a/b", "c~d", "0"]), "/a~1b/c~0d/0");
        assert_eq!(field_name("/deck/slides/3/elements/0"), "`elements[0]`");
        assert_eq!(field_name("/deck/tags/1"), "`tags[1]`");
        assert_eq!(field_name("/a~1b"), "`a/b`");
        assert_eq!(field_name("/content/rows/2/3"), "`rows[2][3]`");
    }
}
